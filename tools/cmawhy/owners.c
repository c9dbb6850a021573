// SPDX-License-Identifier: GPL-2.0
/*
 * cmawhy - who holds the pages of an area: the allocation stack and task
 * page_owner recorded for each (debugfs page_owner, with page_owner=on),
 * and the processes that map each (/proc/<pid>/maps and pagemap).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmawhy.h"

#define PAGE_OWNER	"/sys/kernel/debug/page_owner"
#define PM_PRESENT	(1ULL << 63)
#define PM_PFN_MASK	((1ULL << 55) - 1)

/*
 * Frames of the allocators themselves: the page allocator, CMA, and the
 * DMA API down to dma_alloc_attrs() (dma-direct, ARM's __dma_alloc() and
 * its allocator ops). Whoever asked for the page is the frame after the
 * last of them.
 */
static const char *const alloc_frames[] = {
	"post_alloc_hook", "prep_new_page", "get_page_from_freelist",
	"__alloc_pages", "alloc_pages", "__folio_alloc", "folio_alloc",
	"vma_alloc_folio", "alloc_pages_vma", "alloc_contig_range",
	"split_map_pages", "split_free_pages", "isolate_freepages_range",
	"cma_alloc", "__cma_alloc", "dma_alloc_from_contiguous",
	"dma_alloc_contiguous", "__alloc_from_contiguous", "cma_allocator_alloc",
	"simple_allocator_alloc", "remap_allocator_alloc", "pool_allocator_alloc",
	"__alloc_simple_buffer", "__alloc_remap_buffer", "__dma_alloc_buffer",
	"__dma_alloc", "arm_dma_alloc", "arm_coherent_dma_alloc", "arch_dma_alloc",
	"__dma_direct_alloc_pages", "dma_direct_alloc", "dma_alloc_attrs",
	"dma_alloc_pages", "__dma_alloc_pages", "__alloc_pages_noprof",
	"alloc_pages_noprof", "alloc_pages_mpol", "alloc_pages_mpol_noprof",
	"folio_alloc_mpol_noprof", "vma_alloc_folio_noprof", "__folio_alloc_noprof",
	"alloc_contig_range_noprof", "cma_alloc_noprof", "alloc_pages_bulk_noprof",
};

static bool is_alloc_frame(const char *frame)
{
	size_t i, n = strcspn(frame, "+.\n");

	for (i = 0; i < sizeof(alloc_frames) / sizeof(alloc_frames[0]); i++)
		if (strlen(alloc_frames[i]) == n && !strncmp(frame, alloc_frames[i], n))
			return true;
	return false;
}

/* The frame after the allocators' own: who asked for the page. */
const char *owner_frame(const struct owner *o)
{
	static char frame[64];
	const char *p = o->stack, *after = NULL, *first = NULL;

	while (p && *p) {
		size_t n = strcspn(p, "\n");

		if (!first)
			first = p;
		if (is_alloc_frame(p))
			after = NULL;
		else if (!after)
			after = p;
		p += n + (p[n] == '\n');
	}
	if (!after)
		after = first;
	if (!after)
		return "?";
	snprintf(frame, sizeof(frame), "%.*s", (int)strcspn(after, "+\n"), after);
	return frame;
}

static int owner_find(struct world *w, int pid, const char *comm, const char *stack)
{
	struct owner *o;
	int i;

	for (i = 0; i < w->nowners; i++)
		if (w->owners[i].pid == pid && !strcmp(w->owners[i].comm, comm) &&
		    !strcmp(w->owners[i].stack, stack))
			return i;
	o = realloc(w->owners, (w->nowners + 1) * sizeof(*o));
	if (!o)
		return -1;
	w->owners = o;
	o = &w->owners[w->nowners];
	memset(o, 0, sizeof(*o));
	o->pid = pid;
	snprintf(o->comm, sizeof(o->comm), "%s", comm);
	o->stack = strdup(stack);
	if (!o->stack)
		return -1;
	return w->nowners++;
}

/*
 * One record of debugfs page_owner (mm/page_owner.c, print_page_owner()):
 *   Page allocated via order O, mask M(...), pid P, tgid T (COMM), ts ...
 *   PFN N type ... Block ... type ... Flags ...     (N decimal in 6.1, 0x in 6.12)
 *    frame+off/size
 *    ...
 */
static int parse_record(struct world *w, char *rec, uint64_t *pfn, int *owner, double *born)
{
	char comm[32] = "", stack[2048] = "";
	char *line, *save = NULL, *p;
	unsigned int order;
	int pid = -1;
	size_t len = 0;

	*pfn = 0;
	for (line = strtok_r(rec, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (sscanf(line, "Page allocated via order %u", &order) == 1) {
			p = strstr(line, ", pid ");
			if (p)
				pid = atoi(p + 6);
			p = strstr(line, ", ts ");
			*born = p ? (double)strtoull(p + 5, NULL, 10) / 1e9 : -1;
			p = strchr(line, '(');
			p = p ? strchr(p + 1, '(') : NULL;	/* after the gfp names */
			if (p)
				sscanf(p + 1, "%31[^)]", comm);
		} else if (!strncmp(line, "PFN ", 4)) {
			*pfn = strtoull(line + 4, NULL, 0);
		} else if (line[0] == ' ' && len + strlen(line) + 2 < sizeof(stack)) {
			while (*line == ' ')
				line++;
			len += (size_t)snprintf(stack + len, sizeof(stack) - len, "%s\n", line);
		}
	}
	if (!*pfn)
		return -EINVAL;
	*owner = owner_find(w, pid, comm, stack);
	return *owner < 0 ? -ENOMEM : 0;
}

/*
 * Reading page_owner at offset N starts at pfn N (offset 0: the first);
 * each read returns one allocated page's record. Without page_owner=on
 * the read fails (EINVAL): allocation stacks are then unknown.
 */
int owners_load(struct world *w, struct area *a)
{
	uint64_t pfn = a->base_pfn, end = a->base_pfn + a->count;
	char *buf = malloc(8192);
	int fd, ret = 0;

	if (!buf)
		return -ENOMEM;
	fd = open(PAGE_OWNER, O_RDONLY);
	if (fd < 0) {
		free(buf);
		return errno == ENOENT || errno == EACCES ? 0 : -errno;
	}
	while (pfn < end) {
		ssize_t n = pread(fd, buf, 8191, (off_t)pfn);
		double born = -1;
		uint64_t got;
		int owner;

		if (n < 0) {
			ret = errno == EINVAL ? 0 : -errno;
			break;
		}
		if (!n)
			break;
		buf[n] = '\0';
		if (parse_record(w, buf, &got, &owner, &born) || got < pfn)
			break;
		if (got >= end)
			break;
		a->pg[got - a->base_pfn].owner = owner;
		a->pg[got - a->base_pfn].born = born;
		pfn = got + 1;
	}
	close(fd);
	free(buf);
	return ret;
}

/* The device nodes a process holds open, other than terminals and null. */
static void devs_of(int pid, char *devs, size_t size)
{
	char dir[64], path[PATH_MAX], link[PATH_MAX];
	struct dirent *e;
	size_t len = 0;
	DIR *d;

	devs[0] = '\0';
	snprintf(dir, sizeof(dir), "/proc/%d/fd", pid);
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		ssize_t n;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		if (strncmp(link, "/dev/", 5) || !strcmp(link, "/dev/null") ||
		    !strcmp(link, "/dev/console") || !strncmp(link, "/dev/tty", 8) ||
		    !strncmp(link, "/dev/hvc", 8) || strstr(devs, link))
			continue;
		if (len + strlen(link) + 2 < size)
			len += (size_t)snprintf(devs + len, size - len, "%s%s", len ? " " : "", link);
	}
	closedir(d);
}

const char *proc_devs_of(int pid)
{
	static char devs[256];

	devs_of(pid, devs, sizeof(devs));
	return devs;
}

static int proc_add(struct world *w, int pid)
{
	char path[64];
	struct proc *p;
	FILE *f;

	p = realloc(w->procs, (w->nprocs + 1) * sizeof(*p));
	if (!p)
		return -1;
	w->procs = p;
	p = &w->procs[w->nprocs];
	memset(p, 0, sizeof(*p));
	p->pid = pid;
	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	f = fopen(path, "r");
	if (!f || !fgets(p->comm, sizeof(p->comm), f))
		strcpy(p->comm, "?");
	if (f)
		fclose(f);
	p->comm[strcspn(p->comm, "\n")] = '\0';
	devs_of(pid, p->devs, sizeof(p->devs));
	return w->nprocs++;
}

static void mark(struct world *w, struct area *a, int pid, int *idx, uint64_t pfn)
{
	struct page_info *pg = &a->pg[pfn - a->base_pfn];

	if (*idx < 0)
		*idx = proc_add(w, pid);
	if (*idx < 0 || pg->proc == *idx)
		return;
	if (pg->proc < 0)
		pg->proc = *idx;
	pg->nprocs++;
}

/* Mark the area's pages one process maps. */
static void proc_scan(struct world *w, struct area *a, int pid)
{
	uint64_t end = a->base_pfn + a->count, pm[1024];
	unsigned long psz = (unsigned long)sysconf(_SC_PAGESIZE);
	char path[64], line[512];
	int fd, idx = -1;
	FILE *maps;

	snprintf(path, sizeof(path), "/proc/%d/maps", pid);
	maps = fopen(path, "r");
	snprintf(path, sizeof(path), "/proc/%d/pagemap", pid);
	fd = open(path, O_RDONLY);
	while (maps && fd >= 0 && fgets(line, sizeof(line), maps)) {
		unsigned long start, stop, vpn;

		if (sscanf(line, "%lx-%lx", &start, &stop) != 2)
			continue;
		for (vpn = start / psz; vpn < stop / psz; ) {
			size_t want = stop / psz - vpn < 1024 ? stop / psz - vpn : 1024, i;
			ssize_t got = pread(fd, pm, want * sizeof(*pm), (off_t)(vpn * sizeof(*pm)));

			if (got <= 0)
				break;
			for (i = 0; i < (size_t)got / sizeof(*pm); i++) {
				uint64_t pfn = pm[i] & PM_PFN_MASK;

				if (pm[i] & PM_PRESENT && pfn >= a->base_pfn && pfn < end)
					mark(w, a, pid, &idx, pfn);
			}
			vpn += (size_t)got / sizeof(*pm);
		}
	}
	if (fd >= 0)
		close(fd);
	if (maps)
		fclose(maps);
}

int procs_load(struct world *w, struct area *a)
{
	struct dirent *e;
	DIR *d = opendir("/proc");

	if (!d)
		return -errno;
	while ((e = readdir(d)))
		if (isdigit((unsigned char)e->d_name[0]) && atoi(e->d_name) != getpid())
			proc_scan(w, a, atoi(e->d_name));
	closedir(d);
	return 0;
}
