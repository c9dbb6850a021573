// SPDX-License-Identifier: GPL-2.0
/*
 * dmaheap HEAP AREA - KTAP checks of the CMA dma-buf heap: a 4 MiB buffer
 * allocated from /dev/dma_heap/HEAP comes out of the CMA area AREA
 * (debugfs used grows by its pages), maps, holds what is written to it,
 * and goes back to the area when its last reference is closed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/dma-heap.h>

static int n, failed;

static void result(int ok, const char *desc, const char *diag)
{
	printf("%s %d %s\n", ok ? "ok" : "not ok", ++n, desc);
	if (!ok) {
		failed++;
		if (diag)
			printf("# %s\n", diag);
	}
}

static long used_pages(const char *area)
{
	char path[256], buf[32];
	FILE *f;
	long v = -1;

	snprintf(path, sizeof(path), "/sys/kernel/debug/cma/%s/used", area);
	f = fopen(path, "r");
	if (f && fgets(buf, sizeof(buf), f))
		v = strtol(buf, NULL, 10);
	if (f)
		fclose(f);
	return v;
}

int main(int argc, char **argv)
{
	const size_t len = 4 << 20;
	struct dma_heap_allocation_data data = {
		.len = len,
		.fd_flags = O_RDWR | O_CLOEXEC,
	};
	long page = sysconf(_SC_PAGESIZE), used0, used1;
	char node[256], diag[128];
	uint32_t *w, i, bad = 0;
	int heap;

	if (argc != 3) {
		fprintf(stderr, "usage: dmaheap HEAP AREA\n");
		return 2;
	}
	snprintf(node, sizeof(node), "/dev/dma_heap/%s", argv[1]);
	printf("KTAP version 1\n1..6\n");
	heap = open(node, O_RDONLY | O_CLOEXEC);
	result(heap >= 0, "the default CMA area is a dma-buf heap", node);
	if (heap < 0)
		return 1;
	used0 = used_pages(argv[2]);
	result(!ioctl(heap, DMA_HEAP_IOCTL_ALLOC, &data),
	       "allocate 4 MiB from the heap", strerror(errno));
	used1 = used_pages(argv[2]);
	snprintf(diag, sizeof(diag), "used %ld -> %ld pages", used0, used1);
	result(used1 - used0 == (long)(len / page), "the buffer's pages come from the CMA area",
	       diag);
	w = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, data.fd, 0);
	result(w != MAP_FAILED, "the dma-buf maps", strerror(errno));
	if (w == MAP_FAILED)
		return 1;
	for (i = 0; i < len / 4; i++)
		w[i] = i * 2654435761U;
	for (i = 0; i < len / 4; i++)
		bad += w[i] != i * 2654435761U;
	result(!bad, "what is written through the mapping reads back", NULL);
	munmap(w, len);
	close(data.fd);
	close(heap);
	snprintf(diag, sizeof(diag), "used %ld, was %ld", used_pages(argv[2]), used0);
	result(used_pages(argv[2]) == used0, "closing the dma-buf returns its pages", diag);
	return failed ? 1 : 0;
}
