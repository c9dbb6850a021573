// SPDX-License-Identifier: GPL-2.0
/*
 * cmawhy - why did cma_alloc() fail, or take long? Names the pages that
 * block a request, who holds them, and says it in words.
 *
 *   cmawhy                    one line per CMA area: what its pages are
 *   cmawhy AREA [SIZE]        a request of SIZE bytes (K, M, G; default:
 *                             the area's last request, else all of it):
 *                             the last request as the kernel reported it,
 *                             the ranges cma_alloc() would try now, every
 *                             page that blocks them, and the verdict
 *   cmawhy --map [AREA]       the area (every area), one number per page
 *                             (its class), for scripts/cma-map.sh to draw
 *   cmawhy --pfn PFN          one page: its area, flags, holders
 *   cmawhy --enable           turn on the kernel's reports: the cma trace
 *                             events and the dump of each page that fails
 *                             migration (page_owner needs page_owner=on)
 *   --align ORDER             the request's alignment (default: as the DMA
 *                             API asks, min(order of SIZE, 8))
 *
 * It reads what the kernel shows: debugfs cma/<area>/ (the bitmap),
 * /proc/kpageflags and kpagecount, /proc/<pid>/maps, pagemap and fd/,
 * debugfs page_owner, the kernel log and the cma trace events. Run as
 * root. Exit status: 0 the request can be served now, 1 pages block it,
 * 2 it cannot be (too large, fragmented), 3 bad input or no access.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmawhy.h"

#define MAX_AREAS	32
#define CMA_ALIGNMENT	8	/* CONFIG_CMA_ALIGNMENT in cmalab's kernels */

const char *prog = "cmawhy";

static int usage(void)
{
	fprintf(stderr, "usage: %s [AREA [SIZE] | --map [AREA] | --pfn PFN | --enable]"
		" [--align ORDER]\n", prog);
	return 3;
}

/* One clear line for what the caller got wrong or may not do. */
static int bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int bad(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 3;
}

static int access_error(int err, const char *what)
{
	if (err == EACCES || err == EPERM)
		return bad("%s: permission denied: run as root", what);
	return bad("%s: %s", what, strerror(err));
}

static int area_error(int err, const char *name)
{
	char names[MAX_AREAS][64], list[MAX_AREAS * 66] = "";
	int n, i;
	size_t len = 0;

	if (err == EACCES || err == EPERM)
		return access_error(err, "/sys/kernel/debug/cma");
	n = area_list(names, MAX_AREAS);
	if (n < 0)
		return bad("/sys/kernel/debug/cma: %s (mount debugfs; the kernel needs"
			   " CONFIG_CMA_DEBUGFS)", strerror(-n));
	if (err != ENOENT)
		return bad("area %s: %s", name, strerror(err));
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s", i ? " " : "",
					names[i]);
	return bad("%s: no such CMA area (areas: %s)", name, n ? list : "none");
}

/* SIZE: bytes, with an optional K, M or G; rounded up to pages. */
static int parse_size(const char *s, uint64_t *pages)
{
	uint64_t psz = (uint64_t)sysconf(_SC_PAGESIZE), v;
	char *end;

	errno = 0;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtoull(s, &end, 0);
	if (errno)
		return -1;
	switch (*end) {
	case 'G': case 'g': v <<= 10; /* fall through */
	case 'M': case 'm': v <<= 10; /* fall through */
	case 'K': case 'k': v <<= 10; end++; break;
	case '\0': break;
	default: return -1;
	}
	if (*end || !v || v > (1ULL << 46))
		return -1;
	*pages = (v + psz - 1) / psz;
	return 0;
}

static unsigned int default_align(uint64_t pages)
{
	unsigned int order = 0;

	while ((1ULL << order) < pages)
		order++;
	return order < CMA_ALIGNMENT ? order : CMA_ALIGNMENT;
}

/* Are the cma trace events on? */
static bool tracing_on(void)
{
	char c = '0';
	int fd = open("/sys/kernel/tracing/events/cma/enable", O_RDONLY);

	if (fd >= 0) {
		if (read(fd, &c, 1) != 1)
			c = '0';
		close(fd);
	}
	return c == '1';
}

static void world_reset(struct world *w)
{
	int i;

	for (i = 0; i < w->nowners; i++)
		free(w->owners[i].stack);
	free(w->owners);
	free(w->procs);
	free(w->dumps);
	memset(w, 0, sizeof(*w));
}

/*
 * Everything about one area, its pages classified, the kernel's dumps of
 * the last request's window marked; with who, also the processes mapping
 * each page (only an explanation names them: a summary or map does not).
 */
static int load_all(struct area *a, struct world *w, struct lastreq *r, const char *name,
		    bool who)
{
	int ret = area_load(a, name), i;

	world_reset(w);
	if (ret)
		return area_error(-ret, name);
	memset(r, 0, sizeof(*r));
	r->ms = -1;
	ret = klog_load(w, name, r);
	if (ret)
		return access_error(-ret, "/dev/kmsg");
	trace_load(name, r);	/* no tracefs, or the events off: from the log alone */
	w->tracing = tracing_on();
	ret = owners_load(w, a);
	if (ret)
		return access_error(-ret, "/sys/kernel/debug/page_owner");
	if (who)
		procs_load(w, a);
	for (i = 0; i < w->ndumps; i++) {
		const struct dump *d = &w->dumps[i];

		if (d->superseded || !r->seen || !r->failed || d->ts < r->t0 || d->ts > r->t1 + 0.001 ||
		    d->pfn < a->base_pfn || d->pfn >= a->base_pfn + a->count)
			continue;
		a->pg[d->pfn - a->base_pfn].dump = i;
	}
	area_mark_stuck(a, r);
	return area_classify(a, w);
}

static int one_pfn(const char *arg, struct world *w)
{
	char names[MAX_AREAS][64], *end;
	uint64_t pfn;
	int n, i;

	errno = 0;
	pfn = strtoull(arg, &end, 0);
	if (errno || *end || end == arg)
		return bad("%s: not a page frame number (decimal, or 0x hex)", arg);
	n = area_list(names, MAX_AREAS);
	if (n < 0)
		return area_error(-n, "");
	for (i = 0; i < n; i++) {
		struct area a;
		struct lastreq r;
		int ret;

		if (area_span(names[i], &a.base_pfn, &a.count) ||
		    pfn < a.base_pfn || pfn >= a.base_pfn + a.count)
			continue;
		ret = load_all(&a, w, &r, names[i], true);
		if (ret)
			return ret;
		printf("pfn 0x%" PRIx64 " lies in area %s\n", pfn, a.name);
		explain_pfn(&a, w, pfn - a.base_pfn);
		area_free(&a);
		return 0;
	}
	return explain_outside(pfn);
}

int main(int argc, char **argv)
{
	const char *pfn = NULL, *name = NULL, *size = NULL;
	bool map = false;
	long align = -1;
	struct world w = { 0 };
	struct lastreq r;
	struct area a;
	uint64_t pages;
	int i, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--enable") && argc == 2)
			return explain_enable() ? 3 : 0;
		if (!strcmp(argv[i], "--map"))
			map = true;
		else if (!strcmp(argv[i], "--pfn") && i + 1 < argc)
			pfn = argv[++i];
		else if (!strcmp(argv[i], "--align") && i + 1 < argc) {
			char *end;

			align = strtol(argv[++i], &end, 10);
			if (*end || end == argv[i] || align < 0 || align > 30)
				return bad("--align %s: an order from 0 to 30", argv[i]);
		} else if (argv[i][0] == '-')
			return usage();
		else if (!name)
			name = argv[i];
		else if (!size)
			size = argv[i];
		else
			return usage();
	}
	if ((map || pfn) && (size || (map && pfn) || (pfn && name)))
		return usage();
	if (pfn)
		return one_pfn(pfn, &w);
	if (map && name) {
		ret = load_all(&a, &w, &r, name, false);
		if (ret)
			return ret;
		print_map(&a);
		area_free(&a);
		return 0;
	}
	if (!name) {
		char names[MAX_AREAS][64];
		int n = area_list(names, MAX_AREAS);

		if (n < 0)
			return area_error(-n, "");
		for (i = 0; i < n; i++) {
			ret = load_all(&a, &w, &r, names[i], false);
			if (ret)
				return ret;
			if (map)
				print_map(&a);
			else
				summary_line(&a);
			area_free(&a);
		}
		return 0;
	}
	if (size && parse_size(size, &pages))
		return bad("%s: not a size (bytes, with K, M or G)", size);
	ret = load_all(&a, &w, &r, name, true);
	if (ret)
		return ret;
	if (!size)
		pages = r.seen && r.pages ? r.pages : a.count;
	ret = explain_request(&a, &w, &r, pages,
			      align >= 0 ? (unsigned int)align : default_align(pages));
	area_free(&a);
	return ret;
}
