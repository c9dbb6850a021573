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

#include "guest.h"

int main(int argc, char **argv)
{
	const size_t len = 4 << 20;
	struct dma_heap_allocation_data data = {
		.len = len,
		.fd_flags = O_RDWR | O_CLOEXEC,
	};
	long page = sysconf(_SC_PAGESIZE);
	uint64_t used0, used1;
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
	ktap_result(heap >= 0, "the default CMA area is a dma-buf heap", node);
	if (heap < 0)
		return 1;
	used0 = cma_used(argv[2]);
	ktap_result(!ioctl(heap, DMA_HEAP_IOCTL_ALLOC, &data),
	       "allocate 4 MiB from the heap", strerror(errno));
	used1 = cma_used(argv[2]);
	snprintf(diag, sizeof(diag), "used %llu -> %llu pages", (unsigned long long)used0,
		 (unsigned long long)used1);
	ktap_result(used1 - used0 == (uint64_t)(len / page), "the buffer's pages come from the CMA area",
	       diag);
	w = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, data.fd, 0);
	ktap_result(w != MAP_FAILED, "the dma-buf maps", strerror(errno));
	if (w == MAP_FAILED)
		return 1;
	for (i = 0; i < len / 4; i++)
		w[i] = i * 2654435761U;
	for (i = 0; i < len / 4; i++)
		bad += w[i] != i * 2654435761U;
	ktap_result(!bad, "what is written through the mapping reads back", NULL);
	munmap(w, len);
	close(data.fd);
	close(heap);
	snprintf(diag, sizeof(diag), "used %llu, was %llu",
		 (unsigned long long)cma_used(argv[2]), (unsigned long long)used0);
	ktap_result(cma_used(argv[2]) == used0, "closing the dma-buf returns its pages", diag);
	return ktap_failed ? 1 : 0;
}
