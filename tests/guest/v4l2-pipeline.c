// SPDX-License-Identifier: GPL-2.0
/*
 * v4l2-pipeline PRODUCER SCALER CONSUMER HEAP - KTAP checks of dma-buf
 * sharing between vfimc engines bound to different CMA areas, the way a
 * camera pipeline passes frames:
 *   PRODUCER  turns a known RGB24 frame (W x H) into a CAPTURE buffer of
 *             its own area, exported (EXPBUF);
 *   SCALER    imports it on OUTPUT (V4L2_MEMORY_DMABUF) and scales it to
 *             W/2 x H/2 into a CAPTURE buffer of its area, exported;
 *   CONSUMER  imports that and copies it into a buffer of its area;
 *   HEAP      a buffer from /dev/dma_heap/HEAP (the default CMA area)
 *             imported on CONSUMER's OUTPUT.
 * Where each buffer lives is read from the kernel's own accounts, not
 * from vfimc: the CMA areas' debugfs "used", exactly the pages a buffer
 * needs, in exactly one area (pagemap cannot say: videobuf2-dma-contig
 * and, in 6.12, the CMA heap map their buffers as PFN ranges, which it
 * does not show); an importer allocates nothing
 * for what it imports; each frame holds the pattern scaled as asked; an
 * exported frame outlives its engine's file; and once every fd is closed
 * every area's "used" is back where it started.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/dma-heap.h>

#include "guest.h"
#include "v4l2.h"

#define W 640
#define H 480

struct engine {
	const char *dev;
	char node[300];
	char area[256];
	int fd;
	uint64_t used0;
};

static void engine_open(struct engine *e, const char *dev)
{
	char diag[600];

	e->dev = dev;
	e->fd = video_open(dev, e->node, sizeof(e->node));
	vfimc_area(dev, e->area, sizeof(e->area));
	e->used0 = cma_used(e->area);
	snprintf(diag, sizeof(diag), "%s, area %s", e->node[0] ? e->node : "no node",
		 e->area);
	printf("# %s: %s, %llu pages used\n", dev, diag, (unsigned long long)e->used0);
	if (e->fd < 0) {
		ktap_result(0, "open the engine's video node", diag);
		exit(1);
	}
}

/* AREA's used pages grew by exactly WANT since E opened. */
static void grew_by(const struct engine *e, uint64_t want, const char *what)
{
	char desc[600], diag[128];
	uint64_t used = cma_used(e->area);

	snprintf(desc, sizeof(desc), "%s: %s: %llu pages from %s", e->dev, what,
		 (unsigned long long)want, e->area);
	snprintf(diag, sizeof(diag), "used %llu -> %llu", (unsigned long long)e->used0,
		 (unsigned long long)used);
	ktap_result(used - e->used0 == want, desc, diag);
}

/* One job: OUTPUT buffer 0 (MMAP, or DMABUF_FD) to CAPTURE buffer 0. */
static bool run_job(int fd, int dmabuf_fd, uint32_t out_size)
{
	uint32_t out_mem = dmabuf_fd >= 0 ? V4L2_MEMORY_DMABUF : V4L2_MEMORY_MMAP;

	return !video_qbuf(fd, CAP, 0, -1, 0) &&
	       !video_qbuf(fd, OUT, 0, dmabuf_fd, out_size) &&
	       !video_stream(fd, OUT, true) && !video_stream(fd, CAP, true) &&
	       video_dqbuf(fd, CAP, V4L2_MEMORY_MMAP) == 0 &&
	       video_dqbuf(fd, OUT, out_mem) == 0;
}

static struct {
	void *p;
	size_t len;
} maps[8];
static unsigned int nmaps;

/* A buffer's mapping, kept to be undone before the last check. */
static uint8_t *keep(void *p, size_t len)
{
	if (p != MAP_FAILED && nmaps < 8) {
		maps[nmaps].p = p;
		maps[nmaps++].len = len;
	}
	return p;
}

static void *map_dmabuf(int fd, size_t len)
{
	return mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
}

int main(int argc, char **argv)
{
	struct engine prod, scal, cons;
	struct dma_heap_allocation_data heap_data = {
		.fd_flags = O_RDWR | O_CLOEXEC,
	};
	uint32_t full, half;
	size_t len, cap_len;
	uint8_t *out, *cap, *imp;
	char diag[1200], heap_node[300], heap_area[256];
	int frame_fd, half_fd, heap, c2;
	unsigned int i;
	uint64_t heap_used0;

	if (argc != 5) {
		fprintf(stderr, "usage: v4l2-pipeline PRODUCER SCALER CONSUMER HEAP\n");
		return 2;
	}
	printf("KTAP version 1\n1..22\n");
	engine_open(&prod, argv[1]);
	engine_open(&scal, argv[2]);
	engine_open(&cons, argv[3]);
	snprintf(heap_area, sizeof(heap_area), "%s", argv[4]);
	heap_used0 = cma_used(heap_area);

	/* the producer: a known frame in, the same frame out, in its area */
	full = video_fmt(prod.fd, OUT, V4L2_PIX_FMT_RGB24, W, H);
	video_fmt(prod.fd, CAP, V4L2_PIX_FMT_RGB24, W, H);
	ktap_result(full && video_reqbufs(prod.fd, OUT, V4L2_MEMORY_MMAP, 1) == 1 &&
		    video_reqbufs(prod.fd, CAP, V4L2_MEMORY_MMAP, 1) == 1,
		    "producer: one OUTPUT and one CAPTURE buffer, 640x480 RGB24",
		    strerror(errno));
	grew_by(&prod, 2 * pages_of(full), "its two buffers");
	out = keep(video_mmap(prod.fd, OUT, 0, &len), len);
	cap = keep(video_mmap(prod.fd, CAP, 0, &cap_len), cap_len);
	if (out == MAP_FAILED || cap == MAP_FAILED) {
		ktap_result(0, "producer: map its buffers", strerror(errno));
		return 1;
	}
	grew_by(&scal, 0, "the producer's buffers");
	pattern_fill(out, W, H);
	ktap_result(run_job(prod.fd, -1, full), "producer: the job completes", strerror(errno));
	ktap_result(pattern_check(cap, W, H, W, H, diag, sizeof(diag)),
		    "producer: its CAPTURE buffer holds the frame", diag);
	frame_fd = video_expbuf(prod.fd, CAP, 0);
	ktap_result(frame_fd >= 0, "producer: the frame is exported", strerror(errno));

	/* the scaler imports it: nothing allocated for OUTPUT */
	video_fmt(scal.fd, OUT, V4L2_PIX_FMT_RGB24, W, H);
	half = video_fmt(scal.fd, CAP, V4L2_PIX_FMT_RGB24, W / 2, H / 2);
	ktap_result(half && video_reqbufs(scal.fd, OUT, V4L2_MEMORY_DMABUF, 1) == 1 &&
		    video_reqbufs(scal.fd, CAP, V4L2_MEMORY_MMAP, 1) == 1,
		    "scaler: a DMABUF OUTPUT queue and one 320x240 CAPTURE buffer",
		    strerror(errno));
	ktap_result(run_job(scal.fd, frame_fd, full), "scaler: the job on the imported frame completes",
		    strerror(errno));
	grew_by(&scal, pages_of(half), "its CAPTURE buffer only");
	grew_by(&prod, 2 * pages_of(full), "still its two buffers alone, the frame imported");
	cap = keep(video_mmap(scal.fd, CAP, 0, &cap_len), cap_len);
	if (cap == MAP_FAILED) {
		ktap_result(0, "scaler: map its CAPTURE buffer", strerror(errno));
		return 1;
	}
	ktap_result(pattern_check(cap, W / 2, H / 2, W, H, diag, sizeof(diag)),
		    "scaler: the frame scaled to 320x240", diag);
	half_fd = video_expbuf(scal.fd, CAP, 0);
	ktap_result(half_fd >= 0, "scaler: the scaled frame is exported", strerror(errno));

	/* the consumer imports the scaled frame */
	video_fmt(cons.fd, OUT, V4L2_PIX_FMT_RGB24, W / 2, H / 2);
	video_fmt(cons.fd, CAP, V4L2_PIX_FMT_RGB24, W / 2, H / 2);
	ktap_result(video_reqbufs(cons.fd, OUT, V4L2_MEMORY_DMABUF, 1) == 1 &&
		    video_reqbufs(cons.fd, CAP, V4L2_MEMORY_MMAP, 1) == 1 &&
		    run_job(cons.fd, half_fd, half),
		    "consumer: the job on the imported scaled frame completes", strerror(errno));
	grew_by(&cons, pages_of(half), "its CAPTURE buffer only");
	cap = keep(video_mmap(cons.fd, CAP, 0, &cap_len), cap_len);
	if (cap == MAP_FAILED) {
		ktap_result(0, "consumer: map its CAPTURE buffer", strerror(errno));
		return 1;
	}
	ktap_result(pattern_check(cap, W / 2, H / 2, W, H, diag, sizeof(diag)),
		    "consumer: it holds the scaled frame", diag);

	/* a dma-buf heap buffer imported into a second context of the consumer */
	snprintf(heap_node, sizeof(heap_node), "/dev/dma_heap/%s", heap_area);
	heap = open(heap_node, O_RDONLY | O_CLOEXEC);
	heap_data.len = full;
	ktap_result(heap >= 0 && !ioctl(heap, DMA_HEAP_IOCTL_ALLOC, &heap_data),
		    "heap: a 640x480 RGB24 buffer from the CMA heap", heap_node);
	snprintf(diag, sizeof(diag), "used %llu -> %llu", (unsigned long long)heap_used0,
		 (unsigned long long)cma_used(heap_area));
	ktap_result(cma_used(heap_area) - heap_used0 == pages_of(full),
		    "heap: the buffer takes its pages from the heap's area", diag);
	imp = map_dmabuf(heap_data.fd, full);
	if (imp == MAP_FAILED) {
		ktap_result(0, "heap: the buffer maps", strerror(errno));
		return 1;
	}
	pattern_fill(imp, W, H);
	c2 = open(cons.node, O_RDWR | O_CLOEXEC);
	video_fmt(c2, OUT, V4L2_PIX_FMT_RGB24, W, H);
	video_fmt(c2, CAP, V4L2_PIX_FMT_RGB24, W / 2, H / 2);
	ktap_result(video_reqbufs(c2, OUT, V4L2_MEMORY_DMABUF, 1) == 1 &&
		    video_reqbufs(c2, CAP, V4L2_MEMORY_MMAP, 1) == 1 &&
		    run_job(c2, heap_data.fd, full),
		    "heap: the consumer scales the imported heap buffer", strerror(errno));
	cap = keep(video_mmap(c2, CAP, 0, &cap_len), cap_len);
	ktap_result(cap != MAP_FAILED && pattern_check(cap, W / 2, H / 2, W, H, diag, sizeof(diag)),
		    "heap: the scaled frame is right", diag);

	/*
	 * The engines' files and mappings gone, the exported frames live on
	 * in their areas; once their fds are closed too, every area is back
	 * where it started.
	 */
	for (i = 0; i < nmaps; i++)
		munmap(maps[i].p, maps[i].len);
	close(c2);
	close(cons.fd);
	close(scal.fd);
	close(prod.fd);
	grew_by(&prod, pages_of(full), "the exported frame alone, its engine's file closed");
	grew_by(&scal, pages_of(half), "the exported scaled frame alone, its engine's file closed");
	close(frame_fd);
	close(half_fd);
	munmap(imp, full);
	close(heap_data.fd);
	close(heap);
	snprintf(diag, sizeof(diag), "%s %llu, %s %llu, %s %llu, %s %llu pages used",
		 prod.area, (unsigned long long)cma_used(prod.area),
		 scal.area, (unsigned long long)cma_used(scal.area),
		 cons.area, (unsigned long long)cma_used(cons.area),
		 heap_area, (unsigned long long)cma_used(heap_area));
	ktap_result(cma_used(prod.area) == prod.used0 && cma_used(scal.area) == scal.used0 &&
		    cma_used(cons.area) == cons.used0 && cma_used(heap_area) == heap_used0,
		    "every fd closed: every area is back where it started", diag);
	return ktap_failed ? 1 : 0;
}
