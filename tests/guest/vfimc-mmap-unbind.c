// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-mmap-unbind DEV OTHER ROUNDS - mmap() racing the device's unbind.
 * Each round a file holds a captured buffer; one thread maps it over and
 * over, keeping every mapping, while the main thread unbinds DEV. Then
 * OTHER, an engine on the same area, takes every page the area has free
 * and captures its own frame into each, and every mapping is read: each
 * must still show the buffer's frame. A mapping showing OTHER's frame
 * reaches pages the unbind gave back (an mmap() whose VMA was linked
 * after the unbind zapped the file's mappings); one that faults was
 * revoked. Then everything is unmapped and closed, the area must have
 * every page back, and DEV is bound again. KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <misc/vfimc.h>

#include "guest.h"

#define PAGES 16
#define MAPS 64
#define SEED 5
#define OTHER_SEED 77

static long page;
static sigjmp_buf fault_jmp;

struct mapper {
	int fd;
	uint32_t id;
	pthread_barrier_t go;
	volatile uint32_t *maps[MAPS];
	unsigned int n;
};

static void on_fault(int sig)
{
	siglongjmp(fault_jmp, sig);
}

/*
 * Maps the buffer until the device is gone, keeping the last MAPS
 * mappings: the ones made as the unbind ran are among them.
 */
static void *mapper(void *arg)
{
	struct mapper *m = arg;
	unsigned long made = 0;
	void *p;

	pthread_barrier_wait(&m->go);
	for (;;) {
		p = mmap(NULL, PAGES * page, PROT_READ, MAP_SHARED, m->fd, m->id * page);
		if (p == MAP_FAILED)
			break;
		if (m->n == MAPS)
			munmap((void *)m->maps[made % MAPS], PAGES * page);
		else
			m->n++;
		m->maps[made++ % MAPS] = p;
	}
	return NULL;
}

/* 0: the buffer's frame; 1: another frame; 2: the read faulted. */
static int judge(volatile const uint32_t *w)
{
	size_t i;

	if (sigsetjmp(fault_jmp, 1))
		return 2;
	for (i = 0; i < (size_t)(PAGES * page / 4); i++)
		if (w[i] != vfimc_pattern_word(SEED, (uint32_t)i))
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	char node[128], target[512], area[64], oarea[64], diag[300] = "";
	unsigned long rounds, r, maps = 0, other = 0, faulted = 0, bad = 0;
	struct vfimc_alloc a;
	struct vfimc_pattern p;
	struct mapper m;
	const char *pdev;
	pthread_t th;
	uint64_t used0;
	unsigned int i;
	unsigned int filled;
	int ofd, verdict;

	if (argc != 4 || !(rounds = strtoul(argv[3], NULL, 0))) {
		fprintf(stderr, "usage: vfimc-mmap-unbind DEV OTHER ROUNDS\n");
		return 2;
	}
	page = sysconf(_SC_PAGESIZE);
	snprintf(node, sizeof(node), "/dev/vfimc-%s", argv[1]);
	pdev = vfimc_pdev(argv[1], target, sizeof(target));
	vfimc_area(argv[1], area, sizeof(area));
	if (!pdev || strcmp(vfimc_area(argv[2], oarea, sizeof(oarea)), area)) {
		printf("# vfimc-%s and vfimc-%s: not two engines on one area\n", argv[1], argv[2]);
		return 1;
	}
	used0 = cma_used(area);
	signal(SIGBUS, on_fault);
	signal(SIGSEGV, on_fault);

	printf("KTAP version 1\n1..3\n");
	for (r = 0; r < rounds; r++) {
		memset(&m, 0, sizeof(m));
		a = (struct vfimc_alloc){ .size = PAGES * page };
		m.fd = open(node, O_RDWR);
		if (m.fd < 0 || ioctl(m.fd, VFIMC_IOC_ALLOC, &a)) {
			bad++;
			snprintf(diag, sizeof(diag), "round %lu: %s: %s", r, node, strerror(errno));
			break;
		}
		p = (struct vfimc_pattern){ .id = a.id, .seed = SEED };
		m.id = a.id;
		ioctl(m.fd, VFIMC_IOC_CAPTURE, &p);
		pthread_barrier_init(&m.go, NULL, 2);
		pthread_create(&th, NULL, mapper, &m);
		pthread_barrier_wait(&m.go);
		if (vfimc_bind(pdev, 0))
			bad++;
		pthread_join(th, NULL);
		pthread_barrier_destroy(&m.go);
		ofd = vfimc_fill_area(argv[2], PAGES * page, OTHER_SEED, &filled);
		for (i = 0; i < m.n; i++) {
			verdict = judge(m.maps[i]);
			other += verdict == 1;
			faulted += verdict == 2;
		}
		maps += m.n;
		if (ofd >= 0)
			close(ofd);
		for (i = 0; i < m.n; i++)
			munmap((void *)m.maps[i], PAGES * page);
		close(m.fd);
		if (vfimc_bind(pdev, 1) || access(node, F_OK)) {
			bad++;
			snprintf(diag, sizeof(diag), "round %lu: bind: %s", r, strerror(errno));
			break;
		}
	}
	ktap_result(!bad, "each round: mmap() racing the unbind, bound again", diag);
	printf("# %lu rounds, %lu mappings: %lu show another engine's frame, %lu fault\n", r,
	       maps, other, faulted);
	snprintf(diag, sizeof(diag), "%lu show another engine's frame, %lu fault", other,
		 faulted);
	ktap_result(maps && !other && !faulted,
		    "every mapping still shows its buffer's frame after the unbind", diag);
	snprintf(diag, sizeof(diag), "%s: %llu pages used, %llu before", area,
		 (unsigned long long)cma_used(area), (unsigned long long)used0);
	ktap_result(cma_used(area) == used0, "all unmapped and closed: every page is back", diag);
	return ktap_failed ? 1 : 0;
}
