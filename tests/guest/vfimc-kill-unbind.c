// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-kill-unbind DEV ROUNDS - files closing while the device is
 * unbound free every buffer exactly once. Each round, PROCS processes
 * open the misc node and hold a buffer each; all are killed as the
 * device is unbound, so that their closes meet remove() at every point of
 * its walk. Whoever frees a file's buffers, the close or the remove, the
 * area must have every page back once all are reaped; then the device is
 * bound again for the next round. Needs two CPUs to race at all (on one,
 * remove sleeps in synchronize_srcu() and the closes run there). KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <misc/vfimc.h>

#include "guest.h"

#define PROCS 16
#define PAGES 20

/* A child: a buffer held, one byte on the pipe, then wait to be killed. */
static void holder(const char *node, int out)
{
	struct vfimc_alloc a = { .size = PAGES * sysconf(_SC_PAGESIZE) };
	int fd = open(node, O_RDWR | O_CLOEXEC);
	char ok = fd >= 0 && !ioctl(fd, VFIMC_IOC_ALLOC, &a);

	if (write(out, &ok, 1) != 1)
		_exit(1);
	for (;;)
		pause();
}

/* PROCS holders; 0 once each holds its buffer. */
static int spawn(const char *node, pid_t *pids)
{
	int p[2], i, held = 0;
	char ok;

	if (pipe(p))
		return -1;
	for (i = 0; i < PROCS; i++) {
		pids[i] = fork();
		if (!pids[i]) {
			close(p[0]);
			holder(node, p[1]);
		}
	}
	close(p[1]);
	for (i = 0; i < PROCS && read(p[0], &ok, 1) == 1; i++)
		held += ok;
	close(p[0]);
	return held == PROCS ? 0 : -1;
}

int main(int argc, char **argv)
{
	char node[128], target[512], area[64], diag[256] = "";
	unsigned long i, rounds, leaked = 0, bad = 0;
	pid_t pids[PROCS];
	const char *pdev;
	uint64_t used0, used;
	int j;

	if (argc != 3 || !(rounds = strtoul(argv[2], NULL, 0))) {
		fprintf(stderr, "usage: vfimc-kill-unbind DEV ROUNDS\n");
		return 2;
	}
	snprintf(node, sizeof(node), "/dev/vfimc-%s", argv[1]);
	pdev = vfimc_pdev(argv[1], target, sizeof(target));
	if (!pdev) {
		printf("# vfimc-%s: no device: %s\n", argv[1], strerror(errno));
		return 1;
	}
	vfimc_area(argv[1], area, sizeof(area));
	used0 = cma_used(area);

	printf("KTAP version 1\n1..2\n");
	for (i = 0; i < rounds; i++) {
		if (spawn(node, pids)) {
			bad++;
			snprintf(diag, sizeof(diag), "round %lu: %d holders could not all hold a buffer",
				 i, PROCS);
		}
		for (j = 0; j < PROCS; j++)
			kill(pids[j], SIGKILL);
		if (vfimc_bind(pdev, 0)) {
			bad++;
			snprintf(diag, sizeof(diag), "round %lu: unbind: %s", i, strerror(errno));
		}
		for (j = 0; j < PROCS; j++)
			waitpid(pids[j], NULL, 0);
		used = cma_used(area);
		if (used != used0) {
			leaked += used - used0;
			printf("# round %lu: %llu pages never came back\n", i,
			       (unsigned long long)(used - used0));
			used0 = used;
		}
		if (vfimc_bind(pdev, 1) || access(node, F_OK)) {
			bad++;
			snprintf(diag, sizeof(diag), "round %lu: bind: %s", i, strerror(errno));
			break;
		}
	}
	ktap_result(!bad, "each round: holders killed as the device is unbound, bound again",
		    diag);
	snprintf(diag, sizeof(diag), "%lu pages of %s never came back in %lu rounds", leaked,
		 area, i);
	ktap_result(!leaked, "every buffer of every killed holder is back in the area", diag);
	return ktap_failed ? 1 : 0;
}
