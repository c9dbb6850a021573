// SPDX-License-Identifier: GPL-2.0
/*
 * cmabench - the guest side of make bench: what CMA costs, measured with
 * vfimc's in-kernel allocation latency.
 *
 *   cmabench memcpy
 *   cmabench alloc DEV STATE SIZES RUNS [DIR]
 *   cmabench reuse
 *   cmabench frag DEV SIZE COUNT
 *   cmabench profile DEV STATE SIZE RUNS FUNCTIONS [DIR]
 *   cmabench stall DEV SIZE RUNS DIR [anon]
 *   cmabench corpus DIR MIB
 *   cmabench files DEV AREA DIR PASSES SIZES RUNS [random]
 *
 * memcpy  the guest's memcpy bandwidth: "memcpy_mbps N".
 * alloc   for each size (MiB, comma-separated), RUNS times (idle: after
 *         one uncounted allocation that warms the path up): bring the CMA
 *         areas to STATE, allocate SIZE from DEV, free it. STATE is idle
 *         (nothing in CMA), or anon, tmpfs or pagecache: CMA filled with
 *         that kind of movable page (dirty anonymous memory, dirty tmpfs
 *         pages, clean page cache; the last two of a file in DIR, which
 *         must be a tmpfs or a disk's file system), with room outside
 *         CMA for what must move. One line per run:
 *         "alloc state=S size_mib=N run=R ok=0|1 latency_ns=L cma_fill_pct=F
 *         cma_used_pct=U", F the share of CMA the filler's own pages held
 *         before the run, U the share in use by anything (CmaTotal less
 *         CmaFree; other movable pages - page cache, the shell's - take
 *         what the filler's do not, and must be moved as well).
 * reuse   fill anonymous memory until free memory is exhausted (or, if the
 *         kernel keeps it out of CMA, memory outside CMA) and say how much
 *         of CMA was in use then, and how much of it the filler's own
 *         pages (/proc/self/pagemap; CmaFree also misses the free pages
 *         the per-cpu lists hold): "reuse cma_used_kb=U cma_total_kb=T
 *         filler_in_cma_kb=F".
 * frag    fragment free memory (fill, then free every other MiB), then
 *         hold COUNT buffers of SIZE MiB on DEV: "frag success=N attempts=M".
 * profile as alloc, for one size, two allocations a run: one plain ("alloc
 *         state=S size_mib=N run=R ok=0|1 latency_ns=L in_way_pages=W"),
 *         then one with ftrace's function profiler on, limited to
 *         FUNCTIONS (comma-separated): each one's calls and time, its
 *         callees' included (graph-time), as the allocating task saw it
 *         (sleep-time). One line per run and function: "profile state=S
 *         size_mib=N run=R ok=0|1 latency_ns=L in_way_pages=W fn=F hits=H
 *         time_ns=T"; a function the kernel cannot trace (inlined, or
 *         absent in this kernel) is "hits=-1". W: how many of the filler's
 *         pages lay in the range the allocation took - what it had to move.
 * stall   what a direct reclaimer pays while an allocation takes CMA back
 *         from clean page cache (in DIR, a disk's file system): a second
 *         process reads a file larger than memory and touches anonymous
 *         memory, one MiB of each a step (anon: only the anonymous memory,
 *         so that the page cache is the filler's alone), while RUNS allocations of SIZE
 *         MiB run on DEV, CMA refilled before each. Per run: "stall run=R
 *         ok=0|1 latency_ns=L cma_used_pct=U reclaims=D throttled=N
 *         throttled_us=T alloc_throttled=M steps=S max_step_us=X
 *         isolated_pct=I inactive_file=F", D the reclaimer's direct reclaims during the
 *         allocation (vmscan:mm_vmscan_direct_reclaim_begin), N and T its
 *         throttles for too many
 *         isolated pages (trace event vmscan:mm_vmscan_throttled, reason
 *         VMSCAN_THROTTLE_ISOLATED) and the time they took, M the
 *         allocating task's own, S the reclaimer's steps that overlapped
 *         the allocation and X the longest of them, I the most file pages
 *         isolated a step saw, in percent of what throttles a direct
 *         reclaimer (inactive file / 8), and F the fewest inactive file
 *         pages a step saw (-1: no step overlapped).
 * corpus  write DIR/corpus, MIB MiB of pages whose every word is a
 *         function of the page's index and its place in it (corpus_word()),
 *         so that a reader checks every byte without a copy to compare
 *         with: "corpus mib=N".
 * files   a file workload on AREA, which DEV allocates from: drop the page
 *         cache, then read DIR/corpus whole PASSES times, checking every
 *         byte: in order, or (random) in 64 KiB reads at random places, as
 *         many as the corpus has (the same places in every run). Per pass: "files pass=P mib=N ns=T mbps=X sectors=S
 *         lend_hits=H corrupt_bytes=C", S what the disk read (512-byte
 *         sectors, /proc/diskstats' first disk), H the pages the lent area
 *         gave back (cma.lend_stats; -1 without it). Then what the area
 *         holds: "files reuse pages=N lend_cached=L lru=U", L its pages
 *         holding lent copies, U its pages on an LRU list (movable pages
 *         of anyone, /proc/kpageflags). Then for each size (MiB,
 *         comma-separated), RUNS times: a pass to fill the area again, and
 *         SIZE allocated from DEV and freed: "files alloc size_mib=N run=R
 *         ok=0|1 latency_ns=L lend_cached=C lru=U" (C and U before it);
 *         SIZES "-": none (an area something else holds).
 *
 * To fill CMA the kernel has to want to: movable allocations go to CMA
 * areas only once the rest of free memory is about as small as CMA's own
 * (mm/page_alloc.c: __rmqueue()). So a filler grows until free memory is
 * nearly gone, then gives back what it holds outside CMA - found through
 * /proc/self/pagemap - to make room for the migration. A kernel may also
 * keep a kind of page out of CMA altogether (the explain kernel's
 * cma.no_anon=): free memory then never runs out, and a filler stops once
 * memory outside CMA has run out and CMA takes none of its pages
 * (filler_step()).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <misc/vfimc.h>

#define MIB		(1024UL * 1024)
#define MAX_AREAS	16
#define PM_PRESENT	(1ULL << 63)
#define PM_PFN_MASK	((1ULL << 55) - 1)
/* Stop filling at this much free memory: above the watermarks, no OOM. */
#define FLOOR_KB	(10 * 1024)
#define CMA_FULL_KB	512
/* Disk a page-cache filler leaves free (MiB). */
#define SLOT_MARGIN	8

static const char *prog = "cmabench";
static long page;

static void die(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(errno));
	exit(1);
}

static long meminfo(const char *key)
{
	char line[128];
	size_t n = strlen(key);
	long v = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		die("/proc/meminfo");
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':')
			v = strtol(line + n + 1, NULL, 10);
	fclose(f);
	return v;
}

/* --- CMA areas and where pages are ------------------------------------- */

static struct { uint64_t start, end; } areas[MAX_AREAS];
static int nareas;

static uint64_t read_num(const char *dir, const char *name)
{
	char path[PATH_MAX], buf[64];
	FILE *f;
	uint64_t v = 0;

	snprintf(path, sizeof(path), "/sys/kernel/debug/cma/%s/%s", dir, name);
	f = fopen(path, "r");
	if (f && fgets(buf, sizeof(buf), f))
		v = strtoull(buf, NULL, 0);
	if (f)
		fclose(f);
	return v;
}

static void read_areas(void)
{
	DIR *d = opendir("/sys/kernel/debug/cma");
	struct dirent *e;

	while (d && (e = readdir(d)) && nareas < MAX_AREAS) {
		if (e->d_name[0] == '.')
			continue;
		areas[nareas].start = read_num(e->d_name, "base_pfn");
		areas[nareas].end = areas[nareas].start + read_num(e->d_name, "count");
		nareas++;
	}
	if (d)
		closedir(d);
}

static int pfn_in_cma(uint64_t pfn)
{
	int i;

	for (i = 0; i < nareas; i++)
		if (pfn >= areas[i].start && pfn < areas[i].end)
			return 1;
	return 0;
}

/* --- fillers ------------------------------------------------------------ */

/*
 * A filler is up to MAX_CHUNKS separate 1 MiB mappings: grown one chunk at
 * a time, and given back whole chunks at a time (munmap, and a hole
 * punched in the tmpfs file), since tinyconfig has no madvise().
 */
#define CHUNK		MIB
#define MAX_CHUNKS	1024

enum kind { ANON, TMPFS, PAGECACHE };

struct filler {
	enum kind kind;
	int fd, pagemap;
	char *chunk[MAX_CHUNKS];	/* NULL: not mapped */
	unsigned short in[MAX_CHUNKS];	/* its pages in CMA, last counted */
	long in_cma;			/* the sum of in[] */
	size_t slots;			/* chunks the file has room for */
	size_t next;			/* the next slot to try */
	int shut_out;			/* chunks in a row CMA did not take */
	char path[PATH_MAX];
};

/*
 * A page-cache filler's file takes disk blocks: it gets as many chunks as
 * the disk has room for, less a margin, and reuses them in turn (the page
 * cache of a file rewritten is page cache still).
 */
static size_t file_slots(int fd, const char *path)
{
	struct statvfs s;
	unsigned long long room;

	if (fstatvfs(fd, &s))
		die(path);
	room = (unsigned long long)s.f_bavail * s.f_frsize / CHUNK;
	if (room < 2 * SLOT_MARGIN) {
		fprintf(stderr, "%s: %s: %llu MiB free, want at least %d\n", prog, path, room,
			2 * SLOT_MARGIN);
		exit(1);
	}
	return room - SLOT_MARGIN < MAX_CHUNKS ? room - SLOT_MARGIN : MAX_CHUNKS;
}

static void filler_open(struct filler *f, enum kind kind, const char *dir)
{
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->fd = -1;
	f->slots = MAX_CHUNKS;
	if (kind != ANON) {
		snprintf(f->path, sizeof(f->path), "%s/cmabench.fill", dir ? dir : "/tmp");
		f->fd = open(f->path, O_RDWR | O_CREAT | O_TRUNC, 0600);
		if (f->fd < 0)
			die(f->path);
		if (kind == PAGECACHE)
			f->slots = file_slots(f->fd, f->path);
		if (ftruncate(f->fd, (off_t)(f->slots * CHUNK)))
			die(f->path);
	}
	f->pagemap = open("/proc/self/pagemap", O_RDONLY);
	if (f->pagemap < 0)
		die("/proc/self/pagemap");
}

static void chunk_release(struct filler *f, size_t i)
{
	munmap(f->chunk[i], CHUNK);
	f->chunk[i] = NULL;
	f->in_cma -= f->in[i];
	f->in[i] = 0;
	if (f->kind == TMPFS &&
	    fallocate(f->fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)(i * CHUNK),
		      (off_t)CHUNK))
		die("fallocate");
}

static void filler_close(struct filler *f)
{
	size_t i;

	for (i = 0; i < MAX_CHUNKS; i++)
		if (f->chunk[i])
			chunk_release(f, i);
	if (f->fd >= 0) {
		close(f->fd);
		unlink(f->path);
	}
	close(f->pagemap);
}

#define CHUNK_PAGES	(CHUNK / 4096)

/* A chunk's pagemap entries (/proc/self/pagemap): how many, in e[]. */
static size_t chunk_pagemap(const struct filler *f, size_t i, uint64_t e[CHUNK_PAGES])
{
	size_t n = CHUNK / (size_t)page;
	off_t off = (off_t)((uintptr_t)f->chunk[i] / (uintptr_t)page * sizeof(e[0]));

	if (n > CHUNK_PAGES ||
	    pread(f->pagemap, e, n * sizeof(e[0]), off) != (ssize_t)(n * sizeof(e[0])))
		die("pagemap");
	return n;
}

/* How many of a chunk's pages lie in a CMA area. */
static size_t chunk_in_cma(const struct filler *f, size_t i)
{
	uint64_t e[CHUNK_PAGES];
	size_t n = chunk_pagemap(f, i, e), k, in = 0;

	for (k = 0; k < n; k++)
		in += (e[k] & PM_PRESENT) && pfn_in_cma(e[k] & PM_PFN_MASK);
	return in;
}

/*
 * Map and dirty one chunk more (page cache: written back, so clean), and
 * count its pages in CMA. A page-cache filler out of slots rewrites its
 * oldest chunk.
 */
static int filler_grow(struct filler *f)
{
	size_t n, i = f->next;
	char *p;

	for (n = 0; n < f->slots && f->chunk[i]; n++)
		i = (i + 1) % f->slots;
	if (f->chunk[i] && f->kind != PAGECACHE)
		return -1;
	if (f->chunk[i])
		chunk_release(f, i);
	if (f->kind == ANON)
		p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	else
		p = mmap(NULL, CHUNK, PROT_READ | PROT_WRITE, MAP_SHARED, f->fd, (off_t)(i * CHUNK));
	if (p == MAP_FAILED)
		die("mmap");
	memset(p, (int)(i & 0xff) | 1, CHUNK);
	if (f->kind == PAGECACHE && msync(p, CHUNK, MS_SYNC))
		die("msync");
	f->chunk[i] = p;
	f->in[i] = (unsigned short)chunk_in_cma(f, i);
	f->in_cma += f->in[i];
	f->next = (i + 1) % f->slots;
	return 0;
}

/*
 * Count the filler's pages in CMA afresh: an allocation migrates them out,
 * reclaim drops page cache. Between counts, growing and releasing keep the
 * sum.
 */
static void filler_count(struct filler *f)
{
	size_t i;

	f->in_cma = 0;
	for (i = 0; i < f->slots; i++) {
		f->in[i] = f->chunk[i] ? (unsigned short)chunk_in_cma(f, i) : 0;
		f->in_cma += f->in[i];
	}
}

/*
 * The frames of the filler's pages, at most MAX_CHUNKS * CHUNK_PAGES of
 * them, into frames[]: taken before an allocation, they say how many of
 * its pages lay in the range it took (filler_in_range()).
 */
static size_t filler_frames(const struct filler *f, uint64_t *frames)
{
	uint64_t e[CHUNK_PAGES];
	size_t i, k, n, count = 0;

	for (i = 0; i < f->slots; i++) {
		if (!f->chunk[i])
			continue;
		n = chunk_pagemap(f, i, e);
		for (k = 0; k < n; k++)
			if (e[k] & PM_PRESENT)
				frames[count++] = e[k] & PM_PFN_MASK;
	}
	return count;
}

/* How many of frames[0..n) lie in [start, start + size) (bytes). */
static size_t filler_in_range(const uint64_t *frames, size_t n, uint64_t start, uint64_t size)
{
	uint64_t first = start / (uint64_t)page, end = (start + size) / (uint64_t)page;
	size_t k, in = 0;

	for (k = 0; k < n; k++)
		in += frames[k] >= first && frames[k] < end;
	return in;
}

static long filler_cma_kb(const struct filler *f)
{
	return f->in_cma * page / 1024;
}

/*
 * Grow by a chunk. Nonzero: no room for another chunk, or CMA did not take
 * the last SHUT_OUT chunks (none of their pages there, CmaFree not
 * dropping) although memory outside CMA is down to the floor and smaller
 * than CMA's free memory - a kernel that lets this kind of page into CMA
 * puts it there then (__rmqueue() prefers CMA once CMA holds more than
 * half of free memory), so this one keeps it out, and growing on would end
 * in the OOM killer with CMA still free.
 */
#define SHUT_OUT	4

/*
 * The floor for that: FLOOR_KB, or higher where the zones' watermark is
 * (min plus boost, /proc/zoneinfo; an allocation that may not use CMA
 * fails below it with CMA's free pages left out), so that SHUT_OUT chunks
 * and one more fit above it. A boost, raised after a fragmentation event,
 * can take the watermark above FLOOR_KB: seen min 6912 kB and boost
 * 4096 kB, and the filler OOM-killed with cma.no_anon=Y before it had seen
 * the kernel keep it out.
 */
static long shut_out_floor_kb(void)
{
	char line[128];
	long v, wmark = 0;
	FILE *z = fopen("/proc/zoneinfo", "r");

	if (!z)
		die("/proc/zoneinfo");
	while (fgets(line, sizeof(line), z))
		if (sscanf(line, " min %ld", &v) == 1 || sscanf(line, " boost %ld", &v) == 1)
			wmark += v;
	fclose(z);
	wmark = wmark * (page / 1024) + (SHUT_OUT + 1) * (CHUNK / 1024);
	return wmark > FLOOR_KB ? wmark : FLOOR_KB;
}

static int filler_step(struct filler *f)
{
	long cma_free = meminfo("CmaFree"), rest;

	if (filler_grow(f))
		return -1;
	rest = meminfo("MemFree") - meminfo("CmaFree");
	/* The floor last: it reads /proc/zoneinfo, too slow for every step of a fill. */
	if (rest >= meminfo("CmaFree") || meminfo("CmaFree") < cma_free ||
	    f->in[(f->next + f->slots - 1) % f->slots] || rest > shut_out_floor_kb()) {
		f->shut_out = 0;
		return 0;
	}
	return ++f->shut_out >= SHUT_OUT;
}

/*
 * Free memory at the floor and CMA not full: memory outside CMA ran out
 * first, and the floor's worth of free memory is CMA's (a 48 MiB area
 * stopped at 79%, 1 - FLOOR_KB / 48 MiB). Trade: give back TRADE chunks
 * that hold no CMA page and grow as many, which __rmqueue() takes from CMA
 * while CMA holds more than half of free memory; free memory stays at the
 * floor, now outside CMA. TRADE MiB at once, more than the per-cpu lists
 * keep: what they keep, the next allocation gets back first. Stops at the
 * first trade that gains nothing. Never where the kernel keeps this kind
 * of page out of CMA (filler_step() saw it shut out): there the pages a
 * trade parks on the per-cpu lists do not count for the watermarks, and
 * growing back ends in the OOM killer (seen with cma.no_anon=Y). Not for
 * a page-cache filler, whose chunks reclaim drops.
 */
#define TRADE	4

static void filler_trade(struct filler *f, long full)
{
	size_t i;
	long before;
	int n;

	if (f->kind == PAGECACHE || f->shut_out >= SHUT_OUT)
		return;
	while (filler_cma_kb(f) < full && meminfo("CmaFree") >= TRADE * 1024) {
		before = f->in_cma;
		for (i = 0, n = 0; i < f->slots && n < TRADE; i++)
			if (f->chunk[i] && !f->in[i]) {
				chunk_release(f, i);
				n++;
			}
		while (n-- > 0)
			if (filler_grow(f))
				return;
		if (f->in_cma <= before)
			return;
	}
}

/*
 * Grow until the filler's own pages fill CMA or free memory is down to the
 * floor, then trade chunks outside CMA for chunks in it (filler_trade()).
 * Its own pages, not CmaFree: CmaFree misses the free pages the per-cpu
 * lists hold (6.12's lists hold up to an eighth of a zone), which an
 * allocation gets back by draining them, not by migrating.
 */
static void filler_fill(struct filler *f)
{
	long full = meminfo("CmaTotal") - CMA_FULL_KB, best;
	size_t stale = 0;

	filler_count(f);
	best = f->in_cma;
	while (filler_cma_kb(f) < full && meminfo("MemFree") > FLOOR_KB) {
		if (filler_step(f))
			break;
		/* A page-cache filler rewriting its slots stops after a round without gain. */
		if (f->in_cma > best) {
			best = f->in_cma;
			stale = 0;
		} else if (++stale > f->slots) {
			break;
		}
	}
	filler_trade(f, full);
	filler_count(f);
}

/* Grow until free memory is down to the floor, CMA's included. */
static void filler_exhaust(struct filler *f)
{
	while (meminfo("MemFree") > FLOOR_KB)
		if (filler_step(f))
			break;
}

/*
 * Give back chunks with no page in CMA until want_kb are free outside CMA.
 * Clean page cache needs none: reclaim frees it when the migration needs
 * room, as it would on a real system.
 */
static void filler_make_room(struct filler *f, long want_kb)
{
	size_t i;

	if (f->kind == PAGECACHE)
		return;
	for (i = 0; i < MAX_CHUNKS; i++) {
		if (meminfo("MemFree") - meminfo("CmaFree") >= want_kb)
			return;
		if (f->chunk[i] && !chunk_in_cma(f, i))
			chunk_release(f, i);
	}
}

/* --- measurements ------------------------------------------------------- */

static int open_dev(const char *dev)
{
	char node[PATH_MAX];
	int fd;

	snprintf(node, sizeof(node), "/dev/vfimc-%s", dev);
	fd = open(node, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		die(node);
	return fd;
}

/*
 * One allocation of size bytes: its latency, or -1 when it failed; *dma
 * (if dma is not NULL) where it was.
 */
static long long alloc_at(int fd, uint64_t size, uint64_t *dma)
{
	struct vfimc_alloc a = { .size = size };

	if (ioctl(fd, VFIMC_IOC_ALLOC, &a)) {
		if (errno != ENOMEM)
			die("VFIMC_IOC_ALLOC");
		return -1;
	}
	if (dma)
		*dma = a.dma_addr;
	if (ioctl(fd, VFIMC_IOC_FREE, &a.id))
		die("VFIMC_IOC_FREE");
	return (long long)a.latency_ns;
}

static long long alloc_free(int fd, uint64_t size)
{
	return alloc_at(fd, size, NULL);
}

static int cmd_memcpy(void)
{
	size_t len = 32 * MIB;
	char *a = malloc(len), *b = malloc(len);
	struct timespec t0, t1;
	double secs;
	int i, rounds = 8;

	if (!a || !b)
		die("malloc");
	memset(a, 1, len);
	memset(b, 2, len);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < rounds; i++)
		memcpy(i & 1 ? a : b, i & 1 ? b : a, len);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	printf("memcpy_mbps %.0f\n", (double)rounds * (double)len / MIB / secs);
	free(a);
	free(b);
	return 0;
}

static int cmd_alloc(const char *dev, const char *state, const char *sizes, int runs,
		     const char *dir)
{
	enum kind kind = ANON;
	int fd = open_dev(dev), idle = !strcmp(state, "idle"), run;
	long total = meminfo("CmaTotal");
	char *list = strdup(sizes), *tok, *save = NULL;
	struct filler f;

	if (!list)
		die("strdup");
	if (!strcmp(state, "tmpfs"))
		kind = TMPFS;
	else if (!strcmp(state, "pagecache"))
		kind = PAGECACHE;
	else if (!idle && strcmp(state, "anon")) {
		fprintf(stderr, "%s: state '%s': idle, anon, tmpfs or pagecache\n", prog, state);
		return 2;
	}
	read_areas();
	if (!idle)
		filler_open(&f, kind, dir);
	for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		uint64_t mib = strtoull(tok, NULL, 10);

		/*
		 * Idle: a first allocation of each size, not counted, warms the
		 * path up. Full: every run refills and makes room first; an
		 * extra allocation without that could leave migration no room.
		 */
		if (idle)
			alloc_free(fd, mib * MIB);
		for (run = 1; run <= runs; run++) {
			long fill = 0, used = 0;
			long long ns;

			if (!idle) {
				filler_fill(&f);
				fill = total > 0 ? filler_cma_kb(&f) * 100 / total : 0;
				used = total > 0 ? (total - meminfo("CmaFree")) * 100 / total : 0;
				filler_make_room(&f, (long)(mib * 1024) + 16 * 1024);
			}
			ns = alloc_free(fd, mib * MIB);
			printf("alloc state=%s size_mib=%" PRIu64 " run=%d ok=%d latency_ns=%lld "
			       "cma_fill_pct=%ld cma_used_pct=%ld\n",
			       state, mib, run, ns >= 0, ns >= 0 ? ns : 0, fill, used);
			fflush(stdout);
		}
	}
	if (!idle)
		filler_close(&f);
	free(list);
	close(fd);
	return 0;
}

/* --- profile ------------------------------------------------------------ */

#define TRACEFS		"/sys/kernel/tracing"
#define MAX_FNS		32

static int tracefs_write(const char *file, const char *val, int append)
{
	char path[PATH_MAX];
	int fd, rc = 0;
	size_t len = strlen(val);

	snprintf(path, sizeof(path), TRACEFS "/%s", file);
	fd = open(path, O_WRONLY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC));
	if (fd < 0)
		die(path);
	if (write(fd, val, len) != (ssize_t)len)
		rc = -1;
	close(fd);
	return rc;
}

/*
 * Filter the profiler to fns (the names it can trace are kept; the others
 * get traced[i] = 0); graph-time and sleep-time on: a function's time is
 * its callees' too, and the time it slept, as its caller waits for it.
 */
static void profile_setup(char **fns, int n, int *traced)
{
	int i, any = 0;

	/* The guest mounts debugfs only; tracefs is mounted here if need be. */
	if (access(TRACEFS "/function_profile_enabled", W_OK))
		mount("tracefs", TRACEFS, "tracefs", 0, NULL);
	tracefs_write("function_profile_enabled", "0", 0);
	tracefs_write("set_ftrace_filter", "", 0);
	tracefs_write("options/graph-time", "1", 0);
	tracefs_write("options/sleep-time", "1", 0);
	for (i = 0; i < n; i++)
		any |= traced[i] = tracefs_write("set_ftrace_filter", fns[i], 1) == 0;
	/* An empty filter would profile every function in the kernel. */
	if (!any) {
		fprintf(stderr, "%s: profile: none of the functions can be traced\n", prog);
		exit(1);
	}
}

/* Add each CPU's count and time of fns[i] (trace_stat/functionN). */
static void profile_read(char **fns, int n, long *hits, double *ns)
{
	char path[PATH_MAX], line[256], name[64];
	int cpu, i;

	for (i = 0; i < n; i++) {
		hits[i] = 0;
		ns[i] = 0;
	}
	for (cpu = 0;; cpu++) {
		FILE *f;

		snprintf(path, sizeof(path), TRACEFS "/trace_stat/function%d", cpu);
		f = fopen(path, "r");
		if (!f)
			break;
		while (fgets(line, sizeof(line), f)) {
			long h;
			double us;

			if (sscanf(line, " %63s %ld %lf us", name, &h, &us) != 3)
				continue;
			for (i = 0; i < n; i++)
				if (!strcmp(name, fns[i])) {
					hits[i] += h;
					ns[i] += us * 1000;
				}
		}
		fclose(f);
	}
}

/*
 * Fill, make room and allocate mib MiB, as alloc does, with the profiler
 * on around the allocation alone if profiled; *way: how many of
 * the filler's pages lay in the range the allocation took (the pages it
 * had to move; the bench's boards address RAM 1:1, bus as physical).
 */
static long long profile_alloc(struct filler *f, int fd, uint64_t mib, int profiled,
			       uint64_t *frames, size_t *way)
{
	uint64_t dma = 0;
	long long lat;
	size_t n;

	filler_fill(f);
	filler_make_room(f, (long)(mib * 1024) + 16 * 1024);
	n = filler_frames(f, frames);
	if (profiled)
		tracefs_write("function_profile_enabled", "1", 0);
	lat = alloc_at(fd, mib * MIB, &dma);
	if (profiled)
		tracefs_write("function_profile_enabled", "0", 0);
	*way = lat >= 0 ? filler_in_range(frames, n, dma, mib * MIB) : 0;
	return lat;
}

static int cmd_profile(const char *dev, const char *state, uint64_t mib, int runs,
		       const char *functions, const char *dir)
{
	enum kind kind = ANON;
	char *list = strdup(functions), *fns[MAX_FNS], *save = NULL, *tok;
	int fd = open_dev(dev), traced[MAX_FNS], n = 0, run, i;
	long hits[MAX_FNS];
	double ns[MAX_FNS];
	size_t frames_size = MAX_CHUNKS * CHUNK_PAGES * sizeof(uint64_t);
	uint64_t *frames = malloc(frames_size);
	struct filler f;

	if (!list || !frames)
		die("malloc");
	/* Resident before the filler fills: not a page more once it has. */
	memset(frames, 0, frames_size);
	for (tok = strtok_r(list, ",", &save); tok && n < MAX_FNS; tok = strtok_r(NULL, ",", &save))
		fns[n++] = tok;
	if (!strcmp(state, "tmpfs"))
		kind = TMPFS;
	else if (!strcmp(state, "pagecache"))
		kind = PAGECACHE;
	else if (strcmp(state, "anon")) {
		fprintf(stderr, "%s: profile state '%s': anon, tmpfs or pagecache\n", prog, state);
		return 2;
	}
	read_areas();
	profile_setup(fns, n, traced);
	filler_open(&f, kind, dir);
	for (run = 1; run <= runs; run++) {
		long long lat;
		size_t way;

		/* First the same allocation unprofiled: what profiling costs. */
		lat = profile_alloc(&f, fd, mib, 0, frames, &way);
		printf("alloc state=%s size_mib=%" PRIu64 " run=%d ok=%d latency_ns=%lld "
		       "in_way_pages=%zu\n", state, mib, run, lat >= 0, lat >= 0 ? lat : 0, way);
		lat = profile_alloc(&f, fd, mib, 1, frames, &way);
		profile_read(fns, n, hits, ns);
		for (i = 0; i < n; i++)
			printf("profile state=%s size_mib=%" PRIu64 " run=%d ok=%d latency_ns=%lld "
			       "in_way_pages=%zu fn=%s hits=%ld time_ns=%.0f\n",
			       state, mib, run, lat >= 0, lat >= 0 ? lat : 0, way, fns[i],
			       traced[i] ? hits[i] : -1, traced[i] ? ns[i] : 0);
		fflush(stdout);
	}
	filler_close(&f);
	tracefs_write("set_ftrace_filter", "", 0);
	free(frames);
	free(list);
	close(fd);
	return 0;
}

static int cmd_reuse(void)
{
	struct filler f;
	long total = meminfo("CmaTotal");

	read_areas();
	filler_open(&f, ANON, NULL);
	filler_exhaust(&f);
	filler_count(&f);
	printf("reuse cma_used_kb=%ld cma_total_kb=%ld filler_in_cma_kb=%ld\n",
	       total - meminfo("CmaFree"), total, filler_cma_kb(&f));
	filler_close(&f);
	return 0;
}

static int cmd_frag(const char *dev, uint64_t mib, int count)
{
	struct vfimc_alloc a;
	struct filler f;
	int fd = open_dev(dev), ok = 0, i;
	size_t c;

	read_areas();
	filler_open(&f, ANON, NULL);
	filler_exhaust(&f);
	/* Every other chunk back: free memory in 1 MiB pieces everywhere. */
	for (c = 0; c < MAX_CHUNKS; c += 2)
		if (f.chunk[c])
			chunk_release(&f, c);
	for (i = 0; i < count; i++) {
		memset(&a, 0, sizeof(a));
		a.size = mib * MIB;
		if (ioctl(fd, VFIMC_IOC_ALLOC, &a) == 0)
			ok++;
		else if (errno != ENOMEM)
			die("VFIMC_IOC_ALLOC");
	}
	printf("frag size_mib=%" PRIu64 " success=%d attempts=%d\n", mib, ok, count);
	close(fd);		/* frees what was held */
	filler_close(&f);
	return 0;
}

/* --- stall -------------------------------------------------------------- */

#define STEP		MIB
#define CHURN_MIB	320	/* more than the guest can keep cached */
#define ANON_MIB	64	/* what the reclaimer holds before it starts over */
#define LOG_STEPS	65536

/* One step of the reclaimer: when, and the file LRU as it began. */
struct step {
	uint64_t start, end;
	long isolated, inactive;
};

/* The reclaimer's steps, shared with the measuring process. */
struct step_log {
	int stop;
	uint64_t n;			/* steps written, published last */
	struct step step[LOG_STEPS];
};

static long vmstat_sum(const char *prefix)
{
	char key[128];
	long v, sum = 0;
	size_t n = strlen(prefix);
	FILE *f = fopen("/proc/vmstat", "r");

	if (!f)
		die("/proc/vmstat");
	while (fscanf(f, "%127s %ld", key, &v) == 2)
		if (!strncmp(key, prefix, n))
			sum += v;
	fclose(f);
	return sum;
}

static uint64_t now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static void churn_create(const char *path)
{
	char *buf = malloc(STEP);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600), i;

	if (!buf || fd < 0)
		die(path);
	memset(buf, 0x5a, STEP);
	for (i = 0; i < CHURN_MIB; i++)
		if (write(fd, buf, STEP) != (ssize_t)STEP)
			die(path);
	if (fsync(fd))
		die(path);
	close(fd);
	free(buf);
}

/* One MiB of the file, one MiB more anonymous memory, until told to stop. */
static void reclaimer(struct step_log *log, const char *path, int churn, int ready)
{
	char *buf = malloc(STEP), *anon = MAP_FAILED;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t used = ANON_MIB * MIB, p;
	off_t off = 0;

	if (!buf || fd < 0)
		die(path);
	while (!__atomic_load_n(&log->stop, __ATOMIC_ACQUIRE)) {
		uint64_t i = log->n % LOG_STEPS, t0 = now_ns();

		log->step[i].isolated = vmstat_sum("nr_isolated_file");
		log->step[i].inactive = vmstat_sum("nr_inactive_file");

		if (churn && pread(fd, buf, STEP, off) != (ssize_t)STEP)
			die(path);
		off = (off + (off_t)STEP) % ((off_t)CHURN_MIB * (off_t)STEP);
		if (used == ANON_MIB * MIB) {
			if (anon != MAP_FAILED)
				munmap(anon, ANON_MIB * MIB);
			anon = mmap(NULL, ANON_MIB * MIB, PROT_READ | PROT_WRITE,
				    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
			if (anon == MAP_FAILED)
				die("mmap");
			used = 0;
		}
		for (p = 0; p < STEP; p += (size_t)page)
			anon[used + p] = 1;
		used += STEP;
		log->step[i].start = t0;
		log->step[i].end = now_ns();
		__atomic_store_n(&log->n, log->n + 1, __ATOMIC_RELEASE);
		/* Round its anonymous memory once: under pressure from now on. */
		if (ready >= 0 && log->n == 2 * ANON_MIB) {
			if (write(ready, "r", 1) != 1)
				die("pipe");
			close(ready);
			ready = -1;
		}
	}
	_exit(0);
}

/*
 * The reclaimer's steps that overlapped [t0, t1]: how many, the longest,
 * the most file pages isolated (in percent of too_many_isolated()'s
 * threshold) and the fewest inactive file pages any of them saw.
 */
static void steps_in(const struct step_log *log, uint64_t t0, uint64_t t1,
		     long *steps, long *max_us, long *max_pct, long *min_inactive)
{
	uint64_t n = __atomic_load_n(&log->n, __ATOMIC_ACQUIRE), i;

	*steps = 0;
	*max_us = 0;
	*max_pct = 0;
	*min_inactive = -1;
	for (i = n > LOG_STEPS ? n - LOG_STEPS : 0; i < n; i++) {
		const struct step *st = &log->step[i % LOG_STEPS];
		long us = (long)((st->end - st->start) / 1000);

		if (st->end < t0 || st->start > t1)
			continue;
		(*steps)++;
		if (*min_inactive < 0 || st->inactive < *min_inactive)
			*min_inactive = st->inactive;
		/* too_many_isolated(): isolated > inactive / 8 throttles */
		if (st->inactive > 0 && st->isolated * 800 / st->inactive > *max_pct)
			*max_pct = st->isolated * 800 / st->inactive;
		if (us > *max_us)
			*max_us = us;
	}
}

/*
 * The trace since it was cleared: the reclaimer's (pid) direct reclaims,
 * its isolation throttles and their time, and everyone else's throttles.
 */
static void throttles_read(pid_t pid, long *reclaims, long *n, long *us, long *others)
{
	char line[512];
	FILE *f = fopen(TRACEFS "/trace", "r");

	*reclaims = *n = *us = *others = 0;
	if (!f)
		die(TRACEFS "/trace");
	while (fgets(line, sizeof(line), f)) {
		char *throttle = strstr(line, "mm_vmscan_throttled:"), *dash, *d;
		int reclaim = !!strstr(line, "mm_vmscan_direct_reclaim_begin:");
		long task;

		if (!reclaim && !(throttle && strstr(throttle, "VMSCAN_THROTTLE_ISOLATED")))
			continue;
		/* "  COMM-PID  [CPU] ...": the last '-' before the '[' */
		d = strchr(line, '[');
		if (d)
			*d = '\0';
		dash = strrchr(line, '-');
		task = dash ? strtol(dash + 1, NULL, 10) : -1;
		if (reclaim) {
			*reclaims += task == pid;
			continue;
		}
		if (task != pid) {
			(*others)++;
			continue;
		}
		(*n)++;
		d = strstr(throttle, "delayed=");
		if (d)
			*us += strtol(d + 8, NULL, 10);
	}
	fclose(f);
}

static int cmd_stall(const char *dev, uint64_t mib, int runs, const char *dir, int churn)
{
	int fd = open_dev(dev), run;
	long total = meminfo("CmaTotal");
	struct step_log *log;
	char path[PATH_MAX];
	struct filler f;
	int ready[2];
	pid_t pid;
	char c;

	if (access(TRACEFS "/trace", W_OK))
		mount("tracefs", TRACEFS, "tracefs", 0, NULL);
	if (tracefs_write("events/vmscan/mm_vmscan_throttled/enable", "1", 0) ||
	    tracefs_write("events/vmscan/mm_vmscan_direct_reclaim_begin/enable", "1", 0))
		die("the vmscan trace events");
	snprintf(path, sizeof(path), "%s/cmabench-churn", dir);
	churn_create(path);
	log = mmap(NULL, sizeof(*log), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (log == MAP_FAILED)
		die("mmap");
	read_areas();
	filler_open(&f, PAGECACHE, dir);
	filler_fill(&f);
	if (pipe(ready))
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		close(ready[0]);
		reclaimer(log, path, churn, ready[1]);
	}
	close(ready[1]);
	if (read(ready[0], &c, 1) != 1)
		die("the reclaimer did not start");
	close(ready[0]);

	for (run = 1; run <= runs; run++) {
		long n, us, others, steps, max_us, max_pct, min_inactive, stalls, used;
		uint64_t t0, t1;
		long long ns;

		filler_fill(&f);
		used = total > 0 ? (total - meminfo("CmaFree")) * 100 / total : 0;
		tracefs_write("trace", "", 0);
		t0 = now_ns();
		ns = alloc_free(fd, mib * MIB);
		t1 = now_ns();
		throttles_read(pid, &stalls, &n, &us, &others);
		steps_in(log, t0, t1, &steps, &max_us, &max_pct, &min_inactive);
		printf("stall run=%d ok=%d latency_ns=%lld cma_used_pct=%ld reclaims=%ld "
		       "throttled=%ld throttled_us=%ld alloc_throttled=%ld steps=%ld max_step_us=%ld "
		       "isolated_pct=%ld inactive_file=%ld\n",
		       run, ns >= 0, ns >= 0 ? ns : 0, used, stalls, n, us, others, steps, max_us,
		       max_pct, min_inactive);
		fflush(stdout);
	}
	__atomic_store_n(&log->stop, 1, __ATOMIC_RELEASE);
	waitpid(pid, NULL, 0);
	tracefs_write("events/vmscan/mm_vmscan_throttled/enable", "0", 0);
	tracefs_write("events/vmscan/mm_vmscan_direct_reclaim_begin/enable", "0", 0);
	filler_close(&f);
	unlink(path);
	close(fd);
	return 0;
}

/* --- files: a read workload on a checkable corpus ----------------------- */

#define LEND_STATS	"/sys/module/cma/parameters/lend_stats"
#define KPF_LRU		5

/* Word i of corpus page p: a mix of both, never the same for two words. */
static uint64_t corpus_word(uint64_t p, uint64_t i)
{
	uint64_t x = (p << 20 | i) * 0x9e3779b97f4a7c15ULL;

	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ULL;
	return x ^ (x >> 29);
}

static void corpus_fill(uint64_t *buf, uint64_t first, size_t pages)
{
	size_t words = (size_t)page / sizeof(uint64_t), p, i;

	for (p = 0; p < pages; p++)
		for (i = 0; i < words; i++)
			buf[p * words + i] = corpus_word(first + p, i);
}

/* The bytes of pages [first, first + pages) in buf that are not the corpus's. */
static long corpus_check(const uint64_t *buf, uint64_t first, size_t pages)
{
	size_t words = (size_t)page / sizeof(uint64_t), p, i, b;
	long bad = 0;

	for (p = 0; p < pages; p++)
		for (i = 0; i < words; i++) {
			uint64_t d = buf[p * words + i] ^ corpus_word(first + p, i);

			for (b = 0; d && b < 8; b++, d >>= 8)
				bad += (d & 0xff) != 0;
		}
	return bad;
}

static void corpus_path(char *path, size_t n, const char *dir)
{
	snprintf(path, n, "%s/corpus", dir);
}

static int cmd_corpus(const char *dir, uint64_t mib)
{
	char path[PATH_MAX];
	uint64_t *buf = malloc(MIB), m;
	size_t pages = MIB / (size_t)page;
	int fd;

	if (!buf)
		die("malloc");
	corpus_path(path, sizeof(path), dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		die(path);
	for (m = 0; m < mib; m++) {
		corpus_fill(buf, m * pages, pages);
		if (write(fd, buf, MIB) != (ssize_t)MIB)
			die(path);
	}
	if (fsync(fd) || close(fd))
		die(path);
	free(buf);
	printf("corpus mib=%" PRIu64 "\n", mib);
	return 0;
}

/* The first disk's sectors read so far (/proc/diskstats). */
static long long disk_sectors(void)
{
	char line[256], name[32];
	unsigned int major, minor;
	long long reads, merged, sectors = -1;
	FILE *f = fopen("/proc/diskstats", "r");

	if (!f)
		die("/proc/diskstats");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%u %u %31s %lld %lld %lld", &major, &minor, name, &reads,
			   &merged, &sectors) == 6 && !strncmp(name, "vd", 2))
			break;
	fclose(f);
	return sectors;
}

/* One counter of cma.lend_stats, or -1 without the file. */
static long lend_stat(const char *key)
{
	char buf[512], *tok, *save = NULL;
	long v = -1;
	FILE *f = fopen(LEND_STATS, "r");

	if (!f)
		return -1;
	if (fgets(buf, sizeof(buf), f))
		for (tok = strtok_r(buf, " \n", &save); tok; tok = strtok_r(NULL, " \n", &save))
			if (!strcmp(tok, key)) {
				tok = strtok_r(NULL, " \n", &save);
				v = tok ? strtol(tok, NULL, 10) : -1;
				break;
			}
	fclose(f);
	return v;
}

/* Pages of the area [start, end) on an LRU list (/proc/kpageflags). */
static long area_lru(uint64_t start, uint64_t end)
{
	uint64_t flags[512], pfn;
	long n = 0;
	int fd = open("/proc/kpageflags", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		die("/proc/kpageflags");
	for (pfn = start; pfn < end; pfn += 512) {
		size_t want = end - pfn < 512 ? (size_t)(end - pfn) : 512, i;

		if (pread(fd, flags, want * 8, (off_t)(pfn * 8)) != (ssize_t)(want * 8))
			die("/proc/kpageflags");
		for (i = 0; i < want; i++)
			n += (flags[i] >> KPF_LRU) & 1;
	}
	close(fd);
	return n;
}

static void drop_caches(void)
{
	int fd;

	sync();
	fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, "1", 1) != 1 || close(fd))
		die("/proc/sys/vm/drop_caches");
}

#define RAND_CHUNK	(64 * 1024)

/*
 * One pass over the corpus, in order (1 MiB reads) or, if rnd is not
 * NULL, as many 64 KiB reads at random places (xorshift64 on *rnd) as
 * the corpus has chunks: its time, and the bad bytes added to *bad.
 */
static long long files_pass(const char *path, uint64_t *buf, uint64_t *mib, long *bad,
			    uint64_t *rnd)
{
	size_t pages = MIB / (size_t)page, cpages = RAND_CHUNK / (size_t)page;
	uint64_t m = 0, chunks, c;
	long long t0 = (long long)now_ns();
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t got;
	struct stat st;

	if (fd < 0 || fstat(fd, &st))
		die(path);
	if (rnd) {
		chunks = (uint64_t)st.st_size / RAND_CHUNK;
		for (c = 0; c < chunks; c++) {
			uint64_t at;

			*rnd ^= *rnd << 13;
			*rnd ^= *rnd >> 7;
			*rnd ^= *rnd << 17;
			at = *rnd % chunks;
			if (pread(fd, buf, RAND_CHUNK, (off_t)(at * RAND_CHUNK)) != RAND_CHUNK)
				die(path);
			*bad += corpus_check(buf, at * cpages, cpages);
		}
		m = (uint64_t)st.st_size / MIB;
	} else {
		while ((got = read(fd, buf, MIB)) > 0) {
			*bad += corpus_check(buf, m * pages, (size_t)got / (size_t)page);
			m++;
		}
		if (got < 0)
			die(path);
	}
	close(fd);
	*mib = m;
	return (long long)now_ns() - t0;
}

static int cmd_files(const char *dev, const char *area, const char *dir, int passes,
		     const char *sizes, int runs, int random)
{
	char path[PATH_MAX], *list = strdup(sizes), *tok, *save = NULL;
	uint64_t *buf = malloc(MIB), base = read_num(area, "base_pfn"), mib = 0;
	uint64_t count = read_num(area, "count"), seed = 0x5eed, *rnd = random ? &seed : NULL;
	long bad = 0;
	int fd = open_dev(dev), pass, run;

	if (!buf || !list)
		die("malloc");
	if (!count) {
		fprintf(stderr, "%s: files: no CMA area '%s' in /sys/kernel/debug/cma\n", prog, area);
		return 2;
	}
	corpus_path(path, sizeof(path), dir);
	drop_caches();
	for (pass = 1; pass <= passes; pass++) {
		long long s0 = disk_sectors(), h0 = lend_stat("hits"), ns;
		long b0 = bad;

		ns = files_pass(path, buf, &mib, &bad, rnd);
		printf("files pass=%d mib=%" PRIu64 " ns=%lld mbps=%.1f sectors=%lld lend_hits=%lld "
		       "corrupt_bytes=%ld\n", pass, mib, ns, (double)mib * 1e9 / (double)ns,
		       disk_sectors() - s0, h0 < 0 ? -1 : lend_stat("hits") - h0, bad - b0);
		fflush(stdout);
	}
	printf("files reuse pages=%" PRIu64 " lend_cached=%ld lru=%ld\n", count,
	       lend_stat("cached"), area_lru(base, base + count));
	for (tok = strtok_r(list, ",", &save); tok && strcmp(tok, "-");
	     tok = strtok_r(NULL, ",", &save)) {
		uint64_t size = strtoull(tok, NULL, 10);

		for (run = 1; run <= runs; run++) {
			long cached, lru;
			long long ns;

			files_pass(path, buf, &mib, &bad, rnd);
			cached = lend_stat("cached");
			lru = area_lru(base, base + count);
			ns = alloc_free(fd, size * MIB);
			printf("files alloc size_mib=%" PRIu64 " run=%d ok=%d latency_ns=%lld "
			       "lend_cached=%ld lru=%ld\n", size, run, ns >= 0, ns >= 0 ? ns : 0,
			       cached, lru);
			fflush(stdout);
		}
	}
	printf("files corrupt_bytes=%ld\n", bad);
	close(fd);
	free(list);
	free(buf);
	return bad ? 1 : 0;
}

static int usage(void)
{
	fprintf(stderr, "usage: cmabench memcpy\n"
			"       cmabench alloc DEV STATE SIZES RUNS [DIR]\n"
			"       cmabench reuse\n"
			"       cmabench frag DEV SIZE COUNT\n"
			"       cmabench profile DEV STATE SIZE RUNS FUNCTIONS [DIR]\n"
			"       cmabench stall DEV SIZE RUNS DIR [anon]\n"
			"       cmabench corpus DIR MIB\n"
			"       cmabench files DEV AREA DIR PASSES SIZES RUNS [random]\n");
	return 2;
}

int main(int argc, char **argv)
{
	page = sysconf(_SC_PAGESIZE);
	if (argc >= 2 && !strcmp(argv[1], "memcpy"))
		return cmd_memcpy();
	if (argc >= 6 && !strcmp(argv[1], "alloc") && atoi(argv[5]) > 0)
		return cmd_alloc(argv[2], argv[3], argv[4], atoi(argv[5]),
				 argc >= 7 ? argv[6] : NULL);
	if (argc == 2 && !strcmp(argv[1], "reuse"))
		return cmd_reuse();
	if (argc == 5 && !strcmp(argv[1], "frag") && atoi(argv[4]) > 0)
		return cmd_frag(argv[2], strtoull(argv[3], NULL, 10), atoi(argv[4]));
	if (argc >= 7 && !strcmp(argv[1], "profile") && atoi(argv[5]) > 0)
		return cmd_profile(argv[2], argv[3], strtoull(argv[4], NULL, 10), atoi(argv[5]),
				   argv[6], argc >= 8 ? argv[7] : NULL);
	if ((argc == 6 || (argc == 7 && !strcmp(argv[6], "anon"))) &&
	    !strcmp(argv[1], "stall") && atoi(argv[4]) > 0)
		return cmd_stall(argv[2], strtoull(argv[3], NULL, 10), atoi(argv[4]), argv[5],
				 argc == 6);
	if (argc == 4 && !strcmp(argv[1], "corpus") && atoi(argv[3]) > 0)
		return cmd_corpus(argv[2], strtoull(argv[3], NULL, 10));
	if ((argc == 8 || (argc == 9 && !strcmp(argv[8], "random"))) && !strcmp(argv[1], "files") &&
	    atoi(argv[5]) > 0 && atoi(argv[7]) > 0)
		return cmd_files(argv[2], argv[3], argv[4], atoi(argv[5]), argv[6], atoi(argv[7]),
				 argc == 9);
	return usage();
}
