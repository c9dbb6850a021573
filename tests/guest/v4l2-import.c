// SPDX-License-Identifier: GPL-2.0
/*
 * v4l2-import EXPORTER IMPORTER - KTAP checks that a vfimc engine imports
 * a dma-buf it can reach and works on it: EXPORTER's frame lies inside
 * IMPORTER's DMA reach, so QBUF maps it for IMPORTER (videobuf2's
 * map_dmabuf, dma_map_sgtable()), the job completes and IMPORTER's
 * CAPTURE buffer holds the frame; the import takes nothing from
 * IMPORTER's area beyond its own CAPTURE buffer, and both areas are back
 * where they started once every fd is closed. The counterpart of
 * v4l2-reach, which checks the refusal of a frame out of reach.
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
	size_t ilen;
	uint8_t *icap;

	if (argc != 3) {
		fprintf(stderr, "usage: v4l2-import EXPORTER IMPORTER\n");
		return 2;
	}
	printf("KTAP version 1\n1..6\n");
	if (!pair_open(&p, argv[1], argv[2]))
		return 1;

	video_fmt(p.ifd, OUT, V4L2_PIX_FMT_RGB24, PAIR_W, PAIR_H);
	video_fmt(p.ifd, CAP, V4L2_PIX_FMT_RGB24, PAIR_W, PAIR_H);
	ktap_result(video_reqbufs(p.ifd, OUT, V4L2_MEMORY_DMABUF, 1) == 1 &&
		    video_reqbufs(p.ifd, CAP, V4L2_MEMORY_MMAP, 1) == 1,
		    "the importer takes DMABUF buffers on OUTPUT, one CAPTURE buffer", strerror(errno));
	ktap_result(!video_qbuf(p.ifd, CAP, 0, -1, 0) && !video_qbuf(p.ifd, OUT, 0, p.frame, p.size) &&
		    !video_stream(p.ifd, OUT, true) && !video_stream(p.ifd, CAP, true) &&
		    video_dqbuf(p.ifd, CAP, V4L2_MEMORY_MMAP) == 0 &&
		    video_dqbuf(p.ifd, OUT, V4L2_MEMORY_DMABUF) == 0,
		    "QBUF of the frame within the importer's reach succeeds and the job completes",
		    strerror(errno));
	/* The importer's CAPTURE buffer, and the frame too if both share an area. */
	snprintf(diag, sizeof(diag), "used %llu -> %llu, a frame is %llu pages",
		 (unsigned long long)p.iused0, (unsigned long long)cma_used(p.iarea),
		 (unsigned long long)pages_of(p.size));
	ktap_result(cma_used(p.iarea) - p.iused0 ==
			    pages_of(p.size) * (strcmp(p.earea, p.iarea) ? 1 : 2),
		    "the importer's area holds its CAPTURE buffer and nothing for the import",
		    diag);
	icap = video_mmap(p.ifd, CAP, 0, &ilen);
	diag[0] = 0;
	ktap_result(icap != MAP_FAILED &&
			    pattern_check(icap, PAIR_W, PAIR_H, PAIR_W, PAIR_H, diag, sizeof(diag)),
		    "the importer's CAPTURE buffer holds the frame", diag);
	if (icap != MAP_FAILED)
		munmap(icap, ilen);
	pair_close(&p);
	return ktap_failed ? 1 : 0;
}
