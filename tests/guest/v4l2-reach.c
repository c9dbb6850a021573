// SPDX-License-Identifier: GPL-2.0
/*
 * v4l2-reach EXPORTER IMPORTER - KTAP checks that a vfimc engine refuses
 * a dma-buf it cannot reach: EXPORTER's frame lies in memory outside
 * IMPORTER's DMA reach (its dma-ranges or mask), so mapping it for
 * IMPORTER fails and QBUF says so (EINVAL, from videobuf2's map_dmabuf)
 * rather than letting the engine address memory it cannot; the refusal
 * takes nothing from IMPORTER's area, and the exported frame is intact
 * and freed when closed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guest.h"
#include "v4l2.h"

#define W 640
#define H 480

int main(int argc, char **argv)
{
	char enode[300], inode[300], earea[256], iarea[256], diag[700];
	uint64_t eused0, iused0;
	uint32_t size;
	int efd, ifd, frame = -1, ret;
	size_t len;
	uint8_t *cap;

	if (argc != 3) {
		fprintf(stderr, "usage: v4l2-reach EXPORTER IMPORTER\n");
		return 2;
	}
	printf("KTAP version 1\n1..6\n");
	efd = video_open(argv[1], enode, sizeof(enode));
	ifd = video_open(argv[2], inode, sizeof(inode));
	vfimc_area(argv[1], earea, sizeof(earea));
	vfimc_area(argv[2], iarea, sizeof(iarea));
	eused0 = cma_used(earea);
	iused0 = cma_used(iarea);
	printf("# exporter %s (%s, area %s), importer %s (%s, area %s)\n", argv[1], enode,
	       earea, argv[2], inode, iarea);

	size = video_fmt(efd, CAP, V4L2_PIX_FMT_RGB24, W, H);
	ktap_result(size && video_reqbufs(efd, CAP, V4L2_MEMORY_MMAP, 1) == 1 &&
		    (frame = video_expbuf(efd, CAP, 0)) >= 0,
		    "the exporter exports a 640x480 RGB24 frame", strerror(errno));
	cap = video_mmap(efd, CAP, 0, &len);
	if (cap == MAP_FAILED)
		return 1;
	pattern_fill(cap, W, H);

	video_fmt(ifd, OUT, V4L2_PIX_FMT_RGB24, W, H);
	ktap_result(video_reqbufs(ifd, OUT, V4L2_MEMORY_DMABUF, 1) == 1,
		    "the importer takes DMABUF buffers on OUTPUT", strerror(errno));
	ret = video_qbuf(ifd, OUT, 0, frame, size);
	fails_with(ret, EINVAL, "QBUF of the frame beyond the importer's reach fails with EINVAL");
	snprintf(diag, sizeof(diag), "used %llu -> %llu", (unsigned long long)iused0,
		 (unsigned long long)cma_used(iarea));
	ktap_result(cma_used(iarea) == iused0, "the refusal took nothing from the importer's area",
		    diag);
	ktap_result(pattern_check(cap, W, H, W, H, diag, sizeof(diag)),
		    "the exported frame is intact", diag);
	munmap(cap, len);
	close(ifd);
	close(efd);
	close(frame);
	snprintf(diag, sizeof(diag), "%s %llu, %s %llu pages used", earea,
		 (unsigned long long)cma_used(earea), iarea, (unsigned long long)cma_used(iarea));
	ktap_result(cma_used(earea) == eused0 && cma_used(iarea) == iused0,
		    "every fd closed: both areas are back where they started", diag);
	return ktap_failed ? 1 : 0;
}
