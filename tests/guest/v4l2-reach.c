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

int main(int argc, char **argv)
{
	struct v4l2_pair p;
	char diag[700];
	int ret;

	if (argc != 3) {
		fprintf(stderr, "usage: v4l2-reach EXPORTER IMPORTER\n");
		return 2;
	}
	printf("KTAP version 1\n1..6\n");
	if (!pair_open(&p, argv[1], argv[2]))
		return 1;

	video_fmt(p.ifd, OUT, V4L2_PIX_FMT_RGB24, PAIR_W, PAIR_H);
	ktap_result(video_reqbufs(p.ifd, OUT, V4L2_MEMORY_DMABUF, 1) == 1,
		    "the importer takes DMABUF buffers on OUTPUT", strerror(errno));
	ret = video_qbuf(p.ifd, OUT, 0, p.frame, p.size);
	fails_with(ret, EINVAL, "QBUF of the frame beyond the importer's reach fails with EINVAL");
	snprintf(diag, sizeof(diag), "used %llu -> %llu", (unsigned long long)p.iused0,
		 (unsigned long long)cma_used(p.iarea));
	ktap_result(cma_used(p.iarea) == p.iused0, "the refusal took nothing from the importer's area",
		    diag);
	ktap_result(pattern_check(p.cap, PAIR_W, PAIR_H, PAIR_W, PAIR_H, diag, sizeof(diag)),
		    "the exported frame is intact", diag);
	pair_close(&p);
	return ktap_failed ? 1 : 0;
}
