// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-stress SECONDS SEED THREADS_PER_DEV DEV... - several threads per
 * device allocate buffers of random sizes, keep them for random times,
 * capture and verify frames in them and free them, for a bounded time.
 * Checked throughout: no two live buffers (on any device) overlap, each
 * lies wholly in its device's area or, when the area could not serve it
 * and dma-mapping fell back to the page allocator, outside every CMA area;
 * each verifies. At the end vfimc has counted exactly the fallback buffers
 * seen, every file is closed and every device holds nothing. KTAP.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <misc/vfimc.h>

#include "guest.h"

#define MAX_LIVE	512
#define PER_THREAD	8
#define MAX_AREAS	16

struct live {
	uint64_t dma, size;
};

struct device {
	const char *name;
	uint64_t base, size;	/* the bound area (base as dma_addr is); size 0 if unknown */
	uint64_t fallbacks0;	/* vfimc's fallback count at the start */
};

struct worker {
	pthread_t tid;
	struct device *dev;
	uint64_t rng;
	unsigned long allocs, enomem, verified, fallback;
	unsigned long misplaced, overlaps, bad_verify, bad_errno;
};

/* Every CMA area, from debugfs. */
static struct live areas[MAX_AREAS];
static int nareas;
static struct live live[MAX_LIVE];
static int nlive;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
static double deadline;
static long page;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint32_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return (uint32_t)(*s >> 16);
}

/* Record a new live buffer; the number of live buffers it overlaps. */
static int live_add(uint64_t dma, uint64_t size)
{
	int i, overlaps = 0;

	pthread_mutex_lock(&live_lock);
	for (i = 0; i < nlive; i++)
		if (dma < live[i].dma + live[i].size && live[i].dma < dma + size)
			overlaps++;
	if (nlive < MAX_LIVE)
		live[nlive++] = (struct live){ dma, size };
	pthread_mutex_unlock(&live_lock);
	return overlaps;
}

static void read_areas(void)
{
	const char *top = "/sys/kernel/debug/cma";
	char path[512];
	struct dirent *e;
	DIR *d = opendir(top);

	while (d && (e = readdir(d)) && nareas < MAX_AREAS) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/base_pfn", top, e->d_name);
		areas[nareas].dma = read_u64(path) * page;
		snprintf(path, sizeof(path), "%s/%s/count", top, e->d_name);
		areas[nareas].size = read_u64(path) * page;
		nareas++;
	}
	if (d)
		closedir(d);
}

static int in_any_area(uint64_t dma, uint64_t size)
{
	int i;

	for (i = 0; i < nareas; i++)
		if (dma < areas[i].dma + areas[i].size && areas[i].dma < dma + size)
			return 1;
	return 0;
}

static void live_del(uint64_t dma)
{
	int i;

	pthread_mutex_lock(&live_lock);
	for (i = 0; i < nlive; i++)
		if (live[i].dma == dma) {
			live[i] = live[--nlive];
			break;
		}
	pthread_mutex_unlock(&live_lock);
}

static void *work(void *arg)
{
	struct worker *w = arg;
	struct vfimc_alloc held[PER_THREAD];
	char node[128];
	int n = 0, fd, k;

	snprintf(node, sizeof(node), "/dev/vfimc-%s", w->dev->name);
	fd = open(node, O_RDWR);
	if (fd < 0) {
		w->bad_errno++;
		return NULL;
	}
	while (now() < deadline) {
		if (n < PER_THREAD && rnd(&w->rng) % 3) {
			struct vfimc_alloc a = {
				/* 1 page to 4 MiB, small sizes more often */
				.size = (uint64_t)page * (1 + rnd(&w->rng) % (rnd(&w->rng) % 2 ? 16 : 1024)),
			};

			if (ioctl(fd, VFIMC_IOC_ALLOC, &a)) {
				if (errno == ENOMEM)
					w->enomem++;
				else
					w->bad_errno++;
				continue;
			}
			w->allocs++;
			if (w->dev->size && (a.dma_addr < w->dev->base ||
					     a.dma_addr + a.size > w->dev->base + w->dev->size)) {
				w->fallback++;
				w->misplaced += in_any_area(a.dma_addr, a.size);
			}
			w->overlaps += live_add(a.dma_addr, a.size);
			held[n++] = a;
		} else if (n) {
			k = rnd(&w->rng) % n;
			if (rnd(&w->rng) % 2) {
				struct vfimc_pattern p = { .id = held[k].id, .seed = rnd(&w->rng) };

				if (ioctl(fd, VFIMC_IOC_CAPTURE, &p) || ioctl(fd, VFIMC_IOC_VERIFY, &p) ||
				    p.mismatch != VFIMC_NO_MISMATCH)
					w->bad_verify++;
				else
					w->verified++;
			}
			live_del(held[k].dma_addr);
			if (ioctl(fd, VFIMC_IOC_FREE, &held[k].id))
				w->bad_errno++;
			held[k] = held[--n];
		}
	}
	for (k = 0; k < n; k++)
		live_del(held[k].dma_addr);
	close(fd);	/* frees what is still held */
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long allocs = 0, enomem = 0, verified = 0, fallback = 0, overlaps = 0;
	unsigned long misplaced = 0, bad_verify = 0, bad_errno = 0, leaked = 0;
	uint64_t counted = 0;
	int threads, ndev, nw, i, t;
	struct device *devs;
	struct worker *w;
	uint64_t seed;

	if (argc < 5) {
		fprintf(stderr, "usage: vfimc-stress SECONDS SEED THREADS_PER_DEV DEV...\n");
		return 2;
	}
	page = sysconf(_SC_PAGESIZE);
	deadline = now() + atof(argv[1]);
	seed = strtoull(argv[2], NULL, 0) | 1;
	threads = atoi(argv[3]);
	ndev = argc - 4;
	devs = calloc(ndev, sizeof(*devs));
	w = calloc((size_t)ndev * threads, sizeof(*w));
	if (!devs || !w || threads < 1)
		return 2;
	for (i = 0; i < ndev; i++) {
		devs[i].name = argv[4 + i];
		devs[i].base = vfimc_attr(devs[i].name, "area_dma");
		devs[i].size = vfimc_attr(devs[i].name, "area_size");
		devs[i].fallbacks0 = vfimc_attr(devs[i].name, "fallbacks");
	}
	read_areas();
	printf("KTAP version 1\n1..6\n# %s s, seed %s, %d threads on each of %d devices\n",
	       argv[1], argv[2], threads, ndev);
	nw = ndev * threads;
	for (i = 0; i < nw; i++) {
		w[i].dev = &devs[i % ndev];
		w[i].rng = seed + 0x9e3779b97f4a7c15ULL * (i + 1);
		pthread_create(&w[i].tid, NULL, work, &w[i]);
	}
	for (i = 0; i < nw; i++) {
		pthread_join(w[i].tid, NULL);
		allocs += w[i].allocs;
		enomem += w[i].enomem;
		verified += w[i].verified;
		fallback += w[i].fallback;
		misplaced += w[i].misplaced;
		overlaps += w[i].overlaps;
		bad_verify += w[i].bad_verify;
		bad_errno += w[i].bad_errno;
	}
	for (t = 0; t < ndev; t++) {
		leaked += vfimc_attr(devs[t].name, "buffers");
		counted += vfimc_attr(devs[t].name, "fallbacks") - devs[t].fallbacks0;
	}
	printf("# %lu allocations (%lu ENOMEM, %lu from the fallback), %lu frames verified\n",
	       allocs, enomem, fallback, verified);
	printf("%s 1 work was done: allocations and verified frames\n",
	       allocs > 0 && verified > 0 ? "ok" : "not ok");
	printf("%s 2 no two live buffers overlapped (%lu)\n", overlaps ? "not ok" : "ok", overlaps);
	printf("%s 3 every buffer lay in its device's area or, from the fallback, outside every CMA area (%lu not)\n",
	       misplaced || !nareas ? "not ok" : "ok", misplaced);
	printf("%s 4 every frame verified, every call's errno was expected (%lu, %lu)\n",
	       bad_verify || bad_errno ? "not ok" : "ok", bad_verify, bad_errno);
	printf("%s 5 no buffer left on any device (%lu)\n", leaked ? "not ok" : "ok", leaked);
	printf("%s 6 vfimc counted the %lu fallback buffers seen (%llu)\n",
	       counted == fallback ? "ok" : "not ok", fallback, (unsigned long long)counted);
	return overlaps || misplaced || !nareas || bad_verify || bad_errno || leaked || !allocs ||
	       counted != fallback;
}
