// SPDX-License-Identifier: GPL-2.0
/*
 * cmawhy - the explanation: per area a one-line summary and a map; per
 * request, the ranges cma_alloc() would try (the same search over the
 * same bitmap, mm/cma.c), what each holds, and the verdict in words.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmawhy.h"

#define GUP_PIN_COUNTING_BIAS	1024	/* include/linux/mm.h */

static double mib(uint64_t pages)
{
	return (double)pages * (double)sysconf(_SC_PAGESIZE) / (1024.0 * 1024.0);
}

/*
 * References the page's mappings, its isolation for migration and its
 * cache do not explain: pins (FOLL_PIN adds GUP_PIN_COUNTING_BIAS) and
 * plain references (get_page(), FOLL_GET, I/O in flight).
 */
long dump_extra_refs(const struct dump *d)
{
	if (d->refcount < 0 || d->superseded)
		return 0;
	return d->refcount - d->mapcount - 1 - (d->file || d->swapcache) - d->private;
}

static void count_cls(const struct area *a, uint64_t first, uint64_t n, uint64_t *c)
{
	uint64_t i;

	memset(c, 0, NCLS * sizeof(*c));
	for (i = first; i < first + n && i < a->count; i++)
		c[a->pg[i].cls]++;
}

static void print_counts(const uint64_t *c)
{
	const char *sep = "";
	int k;

	for (k = 0; k < NCLS; k++) {
		if (!c[k] && k != C_FREE && k != C_DEVICE)
			continue;
		printf("%s%s %" PRIu64, sep, cls_name[k], c[k]);
		sep = ", ";
	}
}

void summary_line(const struct area *a)
{
	uint64_t c[NCLS], start, run = area_largest_run(a, &start);

	count_cls(a, 0, a->count, c);
	printf("%s: %" PRIu64 " pages (%.1f MiB) at pfn 0x%" PRIx64 ": ", a->name,
	       a->count, mib(a->count), a->base_pfn);
	print_counts(c);
	printf("; largest free run %" PRIu64 " pages (%.1f MiB)\n", run, mib(run));
}

/*
 * The map: one cell a page, CELLS_PER_ROW to a row, each the class's
 * number - gnuplot's "matrix" format (scripts/cma-map.sh draws it).
 */
#define CELLS_PER_ROW	128

void print_map(const struct area *a)
{
	uint64_t c[NCLS], i;
	int k;

	count_cls(a, 0, a->count, c);
	printf("# cmawhy map %s base_pfn 0x%" PRIx64 " pages %" PRIu64 " used %" PRIu64
	       " row %d\n", a->name, a->base_pfn, a->count, a->used, CELLS_PER_ROW);
	printf("# classes");
	for (k = 0; k < NCLS; k++)
		printf(" %d=%s:%" PRIu64, k, cls_name[k], c[k]);
	printf("\n");
	/* The last row padded with -1, so that the matrix stays rectangular. */
	for (i = 0; i < (a->count + CELLS_PER_ROW - 1) / CELLS_PER_ROW * CELLS_PER_ROW; i++)
		printf("%d%c", i < a->count ? (int)a->pg[i].cls : -1,
		       (i + 1) % CELLS_PER_ROW ? ' ' : '\n');
}

static void who(const struct world *w, const struct page_info *p)
{
	if (p->proc >= 0) {
		const struct proc *pr = &w->procs[p->proc];

		printf("; mapped by pid %d (%s)", pr->pid, pr->comm);
		if (p->nprocs > 1)
			printf(" and %d other process(es)", p->nprocs - 1);
		if (pr->devs[0])
			printf(", which holds %s open", pr->devs);
	}
	if (p->owner >= 0) {
		const struct owner *o = &w->owners[p->owner];

		printf("; allocated by pid %d (%s) in %s", o->pid, o->comm, owner_frame(o));
	}
}

/* The page's allocation stack from page_owner; once for pages that share it. */
static void stack(const struct world *w, const struct page_info *p)
{
	static const char *last;
	const char *f;

	if (p->owner < 0)
		return;
	f = w->owners[p->owner].stack;
	if (f == last) {
		printf("      (allocation stack as above)\n");
		return;
	}
	last = f;
	printf("      allocation stack (page_owner):\n");
	while (*f) {
		size_t n = strcspn(f, "\n");

		printf("        %.*s\n", (int)n, f);
		f += n + (f[n] == '\n');
	}
}

static void flags_words(uint64_t f)
{
	static const struct { int bit; const char *name; } names[] = {
		{ KPF_ANON, "anon" }, { KPF_SWAPBACKED, "swapbacked" },
		{ KPF_LRU, "lru" }, { KPF_MMAP, "mmap" }, { KPF_DIRTY, "dirty" },
		{ KPF_WRITEBACK, "writeback" }, { KPF_UNEVICTABLE, "unevictable" },
		{ KPF_MLOCKED, "mlocked" }, { KPF_SLAB, "slab" },
		{ KPF_PGTABLE, "pgtable" }, { KPF_BUDDY, "buddy" },
		{ KPF_RESERVED, "reserved" },
	};
	const char *sep = "";
	size_t i;

	printf("flags ");
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (f & KPF(names[i].bit)) {
			printf("%s%s", sep, names[i].name);
			sep = ",";
		}
	printf("%s", *sep ? "" : "none");
}

/* One page, all the kernel says of it. */
static void page_line(const struct area *a, const struct world *w, uint64_t i)
{
	const struct page_info *p = &a->pg[i];

	printf("    pfn 0x%" PRIx64 " %s: ", a->base_pfn + i, cls_name[p->cls]);
	flags_words(p->flags);
	printf(", mapcount %" PRIu64, p->mapcount);
	if (p->dump >= 0) {
		const struct dump *d = &w->dumps[p->dump];
		long extra = dump_extra_refs(d);

		printf("; at the failure: refcount %ld, mapcount %ld", d->refcount, d->mapcount);
		if (extra >= GUP_PIN_COUNTING_BIAS)
			printf(": %ld pin(s) (FOLL_PIN) beyond 1 isolation%s reference(s)",
			       extra / GUP_PIN_COUNTING_BIAS,
			       d->file || d->swapcache ? ", 1 cache" : "");
		if (extra % GUP_PIN_COUNTING_BIAS > 0)
			printf(": %ld reference(s) beyond mappings, isolation and cache"
			       " (get_page, FOLL_GET, I/O in flight)", extra % GUP_PIN_COUNTING_BIAS);
	}
	if (p->stuck)
		printf("; allocated at %.3f s, before the last request, and still here after it"
		       " migrated what it could: %s", p->born,
		       p->flags & KPF(KPF_ANON) ? "an anonymous page with more references than"
		       " mappings, which isolate_migratepages_block() skips: pinned (FOLL_PIN)"
		       " or referenced (FOLL_GET)" : "it could not be migrated");
	who(w, p);
	printf("\n");
	stack(w, p);
}

/* Pages of [first, first + n) that migration cannot take, or must wait for. */
static bool blocks(const struct page_info *p)
{
	return p->cls == C_PINNED || p->cls == C_WRITEBACK || p->cls == C_UNMOVABLE ||
	       p->cls == C_OTHER;
}

#define MAX_SHOWN	8

/* The pages described in full so far, for explain_request(): each once. */
static bool *said;

/* A range's counts and the pages in it that block it. */
static void range_report(const struct area *a, const struct world *w, uint64_t first,
			 uint64_t n, uint64_t *c)
{
	uint64_t i, shown = 0, nblock = 0, again = 0;

	count_cls(a, first, n, c);
	printf("  pfn 0x%" PRIx64 "-0x%" PRIx64 ": ", a->base_pfn + first,
	       a->base_pfn + first + n - 1);
	print_counts(c);
	printf("\n");
	for (i = first; i < first + n; i++) {
		if (!blocks(&a->pg[i]))
			continue;
		if (said && said[i]) {
			again++;
			continue;
		}
		if (nblock++ < MAX_SHOWN) {
			page_line(a, w, i);
			if (said)
				said[i] = true;
			shown++;
		}
	}
	if (nblock > shown)
		printf("    ... and %" PRIu64 " more\n", nblock - shown);
	if (again)
		printf("    and %" PRIu64 " page(s) described above\n", again);
}

/*
 * cma_alloc()'s search (mm/cma.c): the first zero run of the request's
 * bits at an aligned offset; a busy range moves the search one alignment
 * step on. Returns the ranges, at most max.
 */
static uint64_t align_up(const struct area *a, uint64_t idx, uint64_t step)
{
	/* Aligned as a physical address, as cma_bitmap_aligned_offset() does. */
	return (a->base_pfn + idx + step - 1) / step * step - a->base_pfn;
}

static int candidates(const struct area *a, uint64_t pages, unsigned int align,
		      uint64_t *first, int max)
{
	uint64_t step = 1ULL << (align > a->order_per_bit ? align : a->order_per_bit);
	uint64_t start = align_up(a, 0, step), i;
	int n = 0;

	while (n < max && start + pages <= a->count) {
		for (i = 0; i < pages && !a->pg[start + i].used; i++)
			;
		if (i == pages) {
			first[n++] = start;
			start += step;
		} else {
			/* Past the used page, to the next aligned start. */
			start = align_up(a, start + i + 1, step);
		}
	}
	return n;
}

static void device_run(const struct area *a, const struct world *w, uint64_t i, uint64_t j)
{
	printf("    pfn 0x%" PRIx64 "+%" PRIu64 " (%.1f MiB): a device's buffer",
	       a->base_pfn + i, j - i, mib(j - i));
	if (a->pg[i].owner >= 0) {
		const struct owner *o = &w->owners[a->pg[i].owner];
		const char *devs = proc_devs_of(o->pid);

		printf(", allocated by pid %d (%s) in %s", o->pid, o->comm, owner_frame(o));
		if (devs[0])
			printf(", which holds %s open", devs);
	}
	printf("\n");
}

/* Where the buffer run holding used page i ends: same owner, all used. */
static uint64_t run_end(const struct area *a, uint64_t i)
{
	uint64_t j = i;

	while (j < a->count && a->pg[j].used && a->pg[j].owner == a->pg[i].owner)
		j++;
	return j;
}

/* The device buffers in the area: runs of used pages, with their owner. */
static void device_runs(const struct area *a, const struct world *w)
{
	uint64_t i = 0, nruns = 0;

	while (i < a->count) {
		uint64_t j;

		if (!a->pg[i].used) {
			i++;
			continue;
		}
		j = run_end(a, i);
		if (nruns++ < MAX_SHOWN)
			device_run(a, w, i, j);
		i = j;
	}
	if (nruns > MAX_SHOWN)
		printf("    ... %" PRIu64 " runs in all\n", nruns);
}

/* The device buffer run that holds page idx. */
static void device_runs_at(const struct area *a, const struct world *w, uint64_t idx)
{
	uint64_t i = idx;

	while (i > 0 && a->pg[i - 1].used && a->pg[i - 1].owner == a->pg[idx].owner)
		i--;
	device_run(a, w, i, run_end(a, idx));
}

static void last_request(const struct area *a, const struct world *w, const struct lastreq *r,
			 uint64_t *c)
{
	int k;

	if (!r->seen) {
		printf("last request: none seen (cmawhy --enable turns on the kernel's reports)\n");
		return;
	}
	printf("last request: %" PRIu64 " pages (%.1f MiB): %s", r->pages, mib(r->pages),
	       r->failed ? "failed" : "granted");
	if (r->ret)
		printf(", %d (%s)", r->ret, strerrorname_np(-r->ret) ? strerrorname_np(-r->ret) : "?");
	if (r->ms >= 0)
		printf(", in %.1f ms", r->ms);
	if (r->traced)
		printf(", %d range(s) found busy", r->ntried);
	printf("\n");
	/* The last range tried in full: migration has moved into it since. */
	for (k = 0; k < r->ntried; k++) {
		uint64_t first = r->tried[k] - a->base_pfn;

		if (r->tried[k] < a->base_pfn || first + r->pages > a->count)
			continue;
		if (k + 1 < r->ntried) {
			printf("  pfn 0x%" PRIx64 "-0x%" PRIx64 ": busy\n", r->tried[k],
			       r->tried[k] + r->pages - 1);
		} else {
			range_report(a, w, first, r->pages, c);
		}
	}
}

static void verdict_blocked(const struct area *a, const struct world *w, uint64_t first,
			    uint64_t n)
{
	uint64_t c[NCLS], i;
	int named = 0;

	count_cls(a, first, n, c);
	if (c[C_PINNED]) {
		printf("verdict: pinned: %" PRIu64 " page(s) the last request could not move",
		       c[C_PINNED]);
		for (i = first; i < first + n && named < 4; i++) {
			const struct page_info *p = &a->pg[i];

			if (p->cls != C_PINNED || p->proc < 0)
				continue;
			printf("%s pfn 0x%" PRIx64 " mapped by pid %d (%s)", named++ ? ";" : ":",
			       a->base_pfn + i, w->procs[p->proc].pid, w->procs[p->proc].comm);
			if (w->procs[p->proc].devs[0])
				printf(", which holds %s open", w->procs[p->proc].devs);
		}
		printf(". Short-term pins: a long-term one would have moved the page out of"
		       " the area first. The range stays busy until they are dropped\n");
	} else if (c[C_WRITEBACK]) {
		printf("verdict: under writeback: %" PRIu64 " page(s) are being written to disk;"
		       " migration waits for each, so the allocation is slow, not refused\n",
		       c[C_WRITEBACK]);
	} else if (c[C_UNMOVABLE]) {
		printf("verdict: unmovable: %" PRIu64 " page(s) of kernel memory (slab, page"
		       " tables) lie in the area and can never move\n", c[C_UNMOVABLE]);
	} else {
		printf("verdict: busy: %" PRIu64 " page(s) allocated and on no LRU list (in"
		       " flight, or a driver's); without the kernel's report of a failure, who"
		       " holds them is not known\n", c[C_OTHER]);
	}
}

/* Did the kernel dump any page of the ranges the last request found busy? */
static bool reported(const struct area *a, const struct lastreq *r)
{
	uint64_t i;
	int k;

	for (k = 0; k < r->ntried; k++)
		for (i = r->tried[k]; i < r->tried[k] + r->pages; i++)
			if (i >= a->base_pfn && i < a->base_pfn + a->count &&
			    (a->pg[i - a->base_pfn].dump >= 0 || a->pg[i - a->base_pfn].stuck))
				return true;
	return false;
}

static int explain(const struct area *a, const struct world *w, const struct lastreq *r,
		   uint64_t pages, unsigned int align)
{
	uint64_t c[NCLS], first[64], start, run = area_largest_run(a, &start);
	int n, k, clean = -1;

	printf("area %s: pfn 0x%" PRIx64 "-0x%" PRIx64 ", %" PRIu64 " pages (%.1f MiB);"
	       " %" PRIu64 " held by devices (debugfs used %" PRIu64 ")\n", a->name,
	       a->base_pfn, a->base_pfn + a->count - 1, a->count, mib(a->count),
	       (count_cls(a, 0, a->count, c), c[C_DEVICE]), a->used);
	last_request(a, w, r, c);
	printf("request: %" PRIu64 " pages (%.1f MiB), aligned to %llu pages\n", pages,
	       mib(pages), 1ULL << align);
	if (pages > a->count) {
		printf("verdict: too large: the area has %" PRIu64 " pages (%.1f MiB)\n",
		       a->count, mib(a->count));
		return 2;
	}
	n = candidates(a, pages, align, first, 64);
	if (!n) {
		printf("verdict: fragmented: largest free run %" PRIu64 " pages (%.1f MiB)"
		       " at pfn 0x%" PRIx64 " < %" PRIu64 " pages (%.1f MiB) asked;"
		       " device buffers hold %" PRIu64 " pages:\n", run, mib(run),
		       a->base_pfn + start, pages, mib(pages), c[C_DEVICE]);
		device_runs(a, w);
		return 2;
	}
	printf("ranges cma_alloc() would try now, in its order, to the first it can take:\n");
	for (k = 0; k < n; k++) {
		uint64_t i, nblock = 0;

		for (i = first[k]; i < first[k] + pages; i++)
			nblock += blocks(&a->pg[i]);
		if (!nblock && clean < 0)
			clean = k;
		if (k < 4 || !nblock)
			range_report(a, w, first[k], pages, c);
		else if (k == 4)
			printf("  ...\n");
		if (!nblock)
			break;
	}
	if (clean >= 0 && r->failed && r->ntried && !reported(a, r)) {
		printf("verdict: busy, not reported: the last request found %d range(s) busy and"
		       " the kernel dumped no page that failed migration (it does only for"
		       " requests without __GFP_NOWARN: dma-direct turns DMA_ATTR_NO_WARN into"
		       " it); the pages there look movable now, so what held them then was a"
		       " reference the page flags do not show: a pin, or I/O in flight\n",
		       r->ntried);
		return 1;
	}
	if (clean >= 0) {
		count_cls(a, first[clean], pages, c);
		printf("verdict: clean: pfn 0x%" PRIx64 "+%" PRIu64 " can be taken now: %" PRIu64
		       " free, %" PRIu64 " to migrate (anon %" PRIu64 ", tmpfs %" PRIu64
		       ", page cache %" PRIu64 ")%s\n", a->base_pfn + first[clean], pages,
		       c[C_FREE], c[C_ANON] + c[C_SHMEM] + c[C_FILE], c[C_ANON], c[C_SHMEM],
		       c[C_FILE], w->tracing ? "; a pin shows only once a request fails over it" :
		       "; a pin shows only once a request fails over it, with the kernel's"
		       " reports on (cmawhy --enable)");
		return 0;
	}
	verdict_blocked(a, w, first[0], pages);
	return 1;
}

int explain_request(const struct area *a, const struct world *w, const struct lastreq *r,
		    uint64_t pages, unsigned int align)
{
	int ret;

	said = calloc(a->count, sizeof(*said));
	ret = explain(a, w, r, pages, align);
	free(said);
	said = NULL;
	return ret;
}

void explain_pfn(const struct area *a, const struct world *w, uint64_t idx)
{
	page_line(a, w, idx);
	if (a->pg[idx].used)
		device_runs_at(a, w, idx);
}

/* A page in no area: what it is, or one line if it is not RAM. */
int explain_outside(uint64_t pfn)
{
	uint64_t flags;
	int fd = open("/proc/kpageflags", O_RDONLY);
	ssize_t n;

	if (fd < 0) {
		fprintf(stderr, "%s: /proc/kpageflags: %s\n", prog,
			errno == EACCES ? "permission denied: run as root" : strerror(errno));
		return 3;
	}
	n = pread(fd, &flags, sizeof(flags), (off_t)(pfn * sizeof(flags)));
	close(fd);
	if (n != sizeof(flags) || flags & KPF(KPF_NOPAGE)) {
		fprintf(stderr, "%s: pfn 0x%" PRIx64 ": outside RAM (the kernel has no page"
			" there)\n", prog, pfn);
		return 3;
	}
	printf("pfn 0x%" PRIx64 " lies in no CMA area: ", pfn);
	flags_words(flags);
	printf("\n");
	return 0;
}
