// SPDX-License-Identifier: GPL-2.0
/*
 * cmawhy - an area as the kernel shows it: its pages from debugfs cma/
 * (base, size, the allocation bitmap) and what each page is from
 * /proc/kpageflags and /proc/kpagecount.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmawhy.h"

#define DEBUGFS_CMA	"/sys/kernel/debug/cma"

const char *const cls_name[NCLS] = {
	[C_FREE] = "free",
	[C_DEVICE] = "device",
	[C_ANON] = "anon",
	[C_SHMEM] = "tmpfs",
	[C_FILE] = "pagecache",
	[C_WRITEBACK] = "writeback",
	[C_PINNED] = "pinned",
	[C_UNMOVABLE] = "unmovable",
	[C_OTHER] = "other",
};

static int read_file(const char *area, const char *file, char *buf, size_t len)
{
	char path[256];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), DEBUGFS_CMA "/%s/%s", area, file);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

static int read_u64(const char *area, const char *file, uint64_t *v)
{
	char buf[64];
	int ret = read_file(area, file, buf, sizeof(buf));

	if (ret)
		return ret;
	return sscanf(buf, "%" SCNu64, v) == 1 ? 0 : -EINVAL;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The areas debugfs shows, by name, at most max; names are at most 63 characters. */
int area_list(char names[][64], int max)
{
	struct dirent *e;
	DIR *d;
	int n = 0;

	d = opendir(DEBUGFS_CMA);
	if (!d)
		return -errno;
	while ((e = readdir(d)) && n < max) {
		if (e->d_name[0] == '.' || strlen(e->d_name) >= 64)
			continue;
		strcpy(names[n++], e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), by_name);
	return n;
}

/* debugfs "bitmap": the allocation bitmap as 32-bit words, in decimal. */
static int load_bitmap(struct area *a)
{
	uint64_t bits = a->count >> a->order_per_bit, i = 0;
	size_t len = (bits / 32 + 2) * 11 + 16;
	char *buf = malloc(len), *p, *end;
	int ret;

	if (!buf)
		return -ENOMEM;
	ret = read_file(a->name, "bitmap", buf, len);
	for (p = buf; !ret && i < bits; p = end) {
		unsigned long word = strtoul(p, &end, 10);
		unsigned int b;

		if (end == p) {
			ret = -EINVAL;
			break;
		}
		for (b = 0; b < 32 && i < bits; b++, i++) {
			uint64_t pg, first = i << a->order_per_bit;

			for (pg = 0; pg < (1ULL << a->order_per_bit); pg++)
				a->pg[first + pg].used = word >> b & 1;
		}
	}
	free(buf);
	return ret;
}

static int load_kpage(const char *file, uint64_t pfn, uint64_t n, uint64_t *out,
		      size_t stride)
{
	uint64_t buf[512];
	uint64_t done = 0;
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return -errno;
	while (done < n) {
		size_t want = n - done < 512 ? n - done : 512;
		ssize_t got = pread(fd, buf, want * 8, (off_t)((pfn + done) * 8));
		size_t k;

		if (got <= 0) {
			close(fd);
			return got < 0 ? -errno : -ERANGE;
		}
		for (k = 0; k < (size_t)got / 8; k++)
			*(uint64_t *)((char *)out + (done + k) * stride) = buf[k];
		done += got / 8;
	}
	close(fd);
	return 0;
}

/* An area's first pfn and size alone, from debugfs: 0 or -errno. */
int area_span(const char *name, uint64_t *base_pfn, uint64_t *count)
{
	int ret = read_u64(name, "base_pfn", base_pfn);

	return ret ? ret : read_u64(name, "count", count);
}

/*
 * Returns 0, or -errno: -ENOENT no such area (or no debugfs cma/), -EACCES
 * not root.
 */
int area_load(struct area *a, const char *name)
{
	uint64_t i;
	int ret;

	memset(a, 0, sizeof(*a));
	if (strlen(name) >= sizeof(a->name) || strchr(name, '/'))
		return -ENOENT;
	strcpy(a->name, name);
	ret = read_u64(name, "base_pfn", &a->base_pfn);
	if (!ret)
		ret = read_u64(name, "count", &a->count);
	if (!ret)
		ret = read_u64(name, "used", &a->used);
	if (!ret) {
		uint64_t order;

		ret = read_u64(name, "order_per_bit", &order);
		a->order_per_bit = (unsigned int)order;
	}
	if (ret)
		return ret;
	if (!a->count)
		return -EINVAL;
	a->pg = calloc(a->count, sizeof(*a->pg));
	if (!a->pg)
		return -ENOMEM;
	for (i = 0; i < a->count; i++) {
		a->pg[i].owner = -1;
		a->pg[i].proc = -1;
		a->pg[i].dump = -1;
		a->pg[i].born = -1;
	}
	ret = load_bitmap(a);
	if (!ret)
		ret = load_kpage("/proc/kpageflags", a->base_pfn, a->count,
				 &a->pg[0].flags, sizeof(*a->pg));
	if (!ret)
		ret = load_kpage("/proc/kpagecount", a->base_pfn, a->count,
				 &a->pg[0].mapcount, sizeof(*a->pg));
	return ret;
}

/* What a page is, from its flags, the bitmap and the kernel's dump. */
static enum cls classify(const struct page_info *p, const struct world *w)
{
	uint64_t f = p->flags;

	if (p->used)
		return C_DEVICE;
	if (f & (KPF(KPF_SLAB) | KPF(KPF_PGTABLE) | KPF(KPF_RESERVED)))
		return C_UNMOVABLE;
	/*
	 * Free: the head of a buddy block carries PG_buddy; the rest of the
	 * block, and pages on the per-CPU lists, carry no flag at all and no
	 * page_owner record (freeing clears both).
	 */
	if (f & KPF(KPF_BUDDY) || (!f && !p->mapcount && p->owner < 0))
		return C_FREE;
	if ((p->dump >= 0 && dump_extra_refs(&w->dumps[p->dump]) > 0) || p->stuck)
		return C_PINNED;
	if (f & KPF(KPF_WRITEBACK))
		return C_WRITEBACK;
	if (f & KPF(KPF_ANON))
		return C_ANON;
	if (f & KPF(KPF_SWAPBACKED))
		return C_SHMEM;
	/* On an LRU list, or a file page not yet there (mapped, or with data). */
	if (f & (KPF(KPF_LRU) | KPF(KPF_MMAP) | KPF(KPF_UPTODATE) | KPF(KPF_DIRTY)))
		return C_FILE;
	/* Our own memory, being faulted in as we look: anonymous. */
	if (p->owner >= 0 && w->owners[p->owner].pid == getpid())
		return C_ANON;
	/* Allocated and on no LRU list: isolated, or a driver's page. */
	return C_OTHER;
}

int area_classify(struct area *a, const struct world *w)
{
	uint64_t i;

	for (i = 0; i < a->count; i++)
		a->pg[i].cls = classify(&a->pg[i], w);
	return 0;
}

/*
 * A failed request migrated every page it could out of each range it
 * found busy; what it moved out of one range may land in a range tried
 * before (migration targets are movable allocations, CMA allowed), and
 * page_owner keeps a migrated page's allocation time. The last range
 * tried is moved into by nothing after: a lent page there allocated
 * before the request (page_owner's timestamp and the trace's share a
 * clock) is one the request could not move - pinned or referenced, or
 * for an anonymous page, skipped outright: isolate_migratepages_block()
 * does not isolate an anonymous page with more references than mappings.
 */
void area_mark_stuck(struct area *a, const struct lastreq *r)
{
	uint64_t i, last;

	if (!r->traced || !r->failed || !r->ntried)
		return;
	last = r->tried[r->ntried - 1];
	for (i = last; i < last + r->pages; i++) {
		struct page_info *p;

		if (i < a->base_pfn || i >= a->base_pfn + a->count)
			continue;
		p = &a->pg[i - a->base_pfn];
		if (!p->used && p->born >= 0 && p->born < r->t0 && !(p->flags & KPF(KPF_BUDDY)))
			p->stuck = true;
	}
}

/* The longest run of pages the bitmap shows free, and where it starts. */
uint64_t area_largest_run(const struct area *a, uint64_t *start)
{
	uint64_t i, run = 0, best = 0;

	*start = 0;
	for (i = 0; i < a->count; i++) {
		run = a->pg[i].used ? 0 : run + 1;
		if (run > best) {
			best = run;
			*start = i + 1 - run;
		}
	}
	return best;
}

void area_free(struct area *a)
{
	free(a->pg);
	a->pg = NULL;
}
