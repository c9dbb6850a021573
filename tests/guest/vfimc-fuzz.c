// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-fuzz DEV SEED ITERATIONS - a bounded, seeded fuzzer for the vfimc
 * character device. Two open files take random operations: ALLOC with
 * sizes 0, tiny, page multiples, unaligned, huge, random flags and junk in
 * the output fields; FREE, CAPTURE and VERIFY of live, freed, foreign and
 * made-up ids; mmap at random offsets and lengths, munmap; unknown ioctl
 * numbers and bad pointers. Every call must either succeed or fail with an
 * errno from the driver's contract. At the end both files are closed and
 * the device must hold nothing. KTAP; the same SEED replays the same run.
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

#include <misc/vfimc.h>

#include "guest.h"

#define MAX_IDS 64

static uint64_t rng;
static long page;
static const char *dev;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static uint64_t counter(const char *name)
{
	return vfimc_attr(dev, name);
}

/* Pages used in the device's CMA area. */
static uint64_t area_used(void)
{
	char area[128];

	return cma_used(vfimc_area(dev, area, sizeof(area)));
}

static uint64_t random_size(void)
{
	switch (rnd() % 8) {
	case 0: return 0;
	case 1: return 1 + rnd() % 4096;			/* unaligned */
	case 2: return (uint64_t)page * (1 + rnd() % 16);
	case 3: return (uint64_t)page * (1 + rnd() % 2048);	/* up to 8 MiB */
	case 4: return ((uint64_t)rnd() << 32) | rnd();		/* huge */
	case 5: return (uint64_t)page * (1 + rnd() % 256) + rnd() % page;
	case 6: return 64ULL << 20;				/* larger than most areas */
	default: return (uint64_t)page;
	}
}

struct stats {
	unsigned long calls, ok, bad_errno;
	int last_bad_errno;
	const char *last_bad_op;
};

static void check(struct stats *st, int ret, const char *op)
{
	int err = errno;

	st->calls++;
	if (ret == 0) {
		st->ok++;
		return;
	}
	switch (err) {
	case EINVAL: case ENOMEM: case ENOENT: case EBUSY: case EFAULT:
	case ENOTTY: case EMFILE: case EOPNOTSUPP:
		return;
	default:
		st->bad_errno++;
		st->last_bad_errno = err;
		st->last_bad_op = op;
	}
}

static int still_allocates(const char *node)
{
	struct vfimc_alloc a = { .size = (uint64_t)page };
	int g = open(node, O_RDWR), good;

	good = g >= 0 && !ioctl(g, VFIMC_IOC_ALLOC, &a);
	if (g >= 0)
		close(g);
	return good;
}

int main(int argc, char **argv)
{
	struct { uint32_t id; uint64_t size; } ids[2][MAX_IDS] = { { { 0 } } };
	struct { void *addr; size_t len; } maps[MAX_IDS] = { { 0 } };
	unsigned long iters, i;
	struct stats st = { 0 };
	uint64_t used0;
	char node[128];
	int fd[2], nids[2] = { 0 }, nmaps = 0, f;

	if (argc != 4) {
		fprintf(stderr, "usage: vfimc-fuzz DEV SEED ITERATIONS\n");
		return 2;
	}
	dev = argv[1];
	rng = strtoull(argv[2], NULL, 0) | 1;
	iters = strtoul(argv[3], NULL, 0);
	page = sysconf(_SC_PAGESIZE);
	snprintf(node, sizeof(node), "/dev/vfimc-%s", dev);
	printf("KTAP version 1\n1..4\n# seed %s, %lu iterations on %s\n", argv[2], iters, node);
	used0 = area_used();
	fd[0] = open(node, O_RDWR);
	fd[1] = open(node, O_RDWR);
	if (fd[0] < 0 || fd[1] < 0) {
		printf("# Bail out! %s: %s\n", node, strerror(errno));
		return 1;
	}

	for (i = 0; i < iters; i++) {
		struct vfimc_alloc a = { 0 };
		struct vfimc_pattern p = { 0 };
		uint32_t id;
		int which = rnd() % 2, k, ret;

		f = fd[which];
		/* an id: one of ours, the other file's, or made up */
		switch (rnd() % 4) {
		case 0: id = nids[which] ? ids[which][rnd() % nids[which]].id : 1; break;
		case 1: id = nids[!which] ? ids[!which][rnd() % nids[!which]].id : 2; break;
		case 2: id = rnd() % 8; break;
		default: id = rnd(); break;
		}
		switch (rnd() % 9) {
		case 0: case 1:
			a.size = random_size();
			a.flags = rnd() % 8 ? rnd() % 4 : rnd();
			if (!(rnd() % 8))
				a.id = rnd();
			ret = ioctl(f, VFIMC_IOC_ALLOC, &a);
			check(&st, ret, "ALLOC");
			if (!ret && nids[which] < MAX_IDS) {
				ids[which][nids[which]].id = a.id;
				ids[which][nids[which]++].size = a.size;
			} else if (!ret) {
				ioctl(f, VFIMC_IOC_FREE, &a.id);
			}
			break;
		case 2:
			ret = ioctl(f, VFIMC_IOC_FREE, &id);
			check(&st, ret, "FREE");
			for (k = 0; !ret && k < nids[which]; k++)
				if (ids[which][k].id == id)
					ids[which][k] = ids[which][--nids[which]];
			break;
		case 3: case 4:
			p.id = id;
			p.seed = rnd();
			if (!(rnd() % 8))
				p.mismatch = rnd();
			ret = ioctl(f, rnd() % 2 ? VFIMC_IOC_CAPTURE : VFIMC_IOC_VERIFY, &p);
			check(&st, ret, "CAPTURE/VERIFY");
			break;
		case 5: {
			size_t len = rnd() % 2 ? (size_t)page * (1 + rnd() % 64) : 1 + rnd() % 65536;
			void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, f,
				       (off_t)(id % 4096) * page);

			check(&st, m == MAP_FAILED ? -1 : 0, "mmap");
			if (m != MAP_FAILED && nmaps < MAX_IDS) {
				maps[nmaps].addr = m;
				maps[nmaps++].len = len;
			} else if (m != MAP_FAILED) {
				munmap(m, len);
			}
			break;
		}
		case 6:
			if (nmaps) {
				k = rnd() % nmaps;
				check(&st, munmap(maps[k].addr, maps[k].len), "munmap");
				maps[k] = maps[--nmaps];
			}
			break;
		case 7:
			ret = ioctl(f, _IOC(rnd() % 4, VFIMC_IOC_MAGIC, rnd() % 16, rnd() % 64), &a);
			check(&st, ret, "unknown ioctl");
			break;
		default:
			ret = ioctl(f, VFIMC_IOC_ALLOC, (void *)(uintptr_t)(rnd() % 4096));
			check(&st, ret, "bad pointer");
			break;
		}
	}

	printf("# %lu calls, %lu succeeded; device holds %llu buffers\n", st.calls, st.ok,
	       (unsigned long long)counter("buffers"));
	printf("%s 1 every call succeeded or failed with an errno of the contract\n",
	       st.bad_errno ? "not ok" : "ok");
	if (st.bad_errno)
		printf("# %lu unexpected errnos, last %s from %s\n", st.bad_errno,
		       strerrorname_np(st.last_bad_errno), st.last_bad_op);
	printf("%s 2 the fuzzer made the device do real work\n", st.ok > iters / 10 ? "ok" : "not ok");
	while (nmaps--)
		munmap(maps[nmaps].addr, maps[nmaps].len);
	close(fd[0]);
	close(fd[1]);
	printf("%s 3 closing both files frees every buffer, in the area too\n",
	       counter("buffers") == 0 && counter("bytes") == 0 && area_used() == used0 ?
	       "ok" : "not ok");
	printf("%s 4 the device still allocates afterwards\n",
	       still_allocates(node) ? "ok" : "not ok");
	return st.bad_errno ? 1 : 0;
}
