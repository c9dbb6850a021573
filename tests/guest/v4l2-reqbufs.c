// SPDX-License-Identifier: GPL-2.0
/*
 * v4l2-reqbufs DEV N W H - what a camera application does when it starts:
 * ask vfimc engine DEV's CAPTURE queue for N W x H RGB24 buffers (MMAP).
 * Prints one line, "granted G pages P ms T": the buffers granted, the
 * pages DEV's area gave for them (debugfs used, before and after), and
 * how long REQBUFS took; then holds them until a line arrives on stdin
 * (or stdin closes), so that a test can look at the system meanwhile.
 * Exits 0 when all N were granted.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "guest.h"
#include "v4l2.h"

int main(int argc, char **argv)
{
	char node[300], area[256], line[16];
	struct timespec t0, t1;
	uint64_t used0;
	uint32_t n;
	int fd, granted;

	if (argc != 5) {
		fprintf(stderr, "usage: v4l2-reqbufs DEV N W H\n");
		return 2;
	}
	n = (uint32_t)strtoul(argv[2], NULL, 0);
	fd = video_open(argv[1], node, sizeof(node));
	vfimc_area(argv[1], area, sizeof(area));
	if (fd < 0 || !video_fmt(fd, CAP, V4L2_PIX_FMT_RGB24, (uint32_t)strtoul(argv[3], NULL, 0),
				 (uint32_t)strtoul(argv[4], NULL, 0))) {
		printf("granted 0 pages 0 ms 0 (%s: %s)\n", node, strerror(errno));
		return 1;
	}
	used0 = cma_used(area);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	granted = video_reqbufs(fd, CAP, V4L2_MEMORY_MMAP, n);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("granted %d pages %llu ms %ld\n", granted < 0 ? 0 : granted,
	       (unsigned long long)(cma_used(area) - used0),
	       (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000);
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		line[0] = '\0';
	close(fd);
	return granted == (int)n ? 0 : 1;
}
