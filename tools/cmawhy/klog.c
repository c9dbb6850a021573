// SPDX-License-Identifier: GPL-2.0
/*
 * cmawhy - what the kernel itself said about an area's allocations:
 *
 *   the kernel log (/dev/kmsg): cma_alloc()'s "alloc failed" line, and
 *   the pages alloc_contig_range() could not migrate, each dumped with
 *   its refcount and mapcount when the dynamic debug site
 *   alloc_contig_dump_pages is on (mm/page_alloc.c) and the request was
 *   made without __GFP_NOWARN;
 *
 *   the cma trace events (include/trace/events/cma.h): each request's
 *   start, every range found busy, and its finish, with timestamps.
 *
 * explain_enable() turns both on (root: debugfs and tracefs).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "cmawhy.h"

#define DYNDBG		"/sys/kernel/debug/dynamic_debug/control"
#define TRACEFS		"/sys/kernel/tracing"

static bool has_flag(const char *flags, const char *name)
{
	const char *p = strchr(flags, '(');
	size_t n = strlen(name);

	while (p) {
		p++;
		if (!strncmp(p, name, n) && (p[n] == '|' || p[n] == ')'))
			return true;
		p = strchr(p, '|');
	}
	return false;
}

/* One kernel log message; *cur is the dump being read, or NULL. */
static void klog_line(struct world *w, const char *area, const char *msg, double ts,
		      struct dump **cur, struct lastreq *r)
{
	static double prev_failure;
	const char *p;

	if ((p = strstr(msg, ": alloc failed, req-size: "))) {
		const char *name = p;
		long long pages;
		int ret;

		/* "cma: <function>: <area>: alloc failed, req-size: N pages, ret: R" */
		while (name > msg && name[-1] != ' ')
			name--;
		if ((size_t)(p - name) == strlen(area) && !strncmp(name, area, strlen(area)) &&
		    sscanf(p, ": alloc failed, req-size: %lld pages, ret: %d", &pages, &ret) == 2) {
			memset(r, 0, sizeof(*r));
			r->seen = r->failed = true;
			r->pages = (uint64_t)pages;
			r->ret = ret;
			r->ms = -1;
			r->t0 = prev_failure;
			r->t1 = ts;
		}
		prev_failure = ts;
		*cur = NULL;
	} else if (!strncmp(msg, "page:", 5) && (p = strstr(msg, " pfn:"))) {
		struct dump *d = realloc(w->dumps, (w->ndumps + 1) * sizeof(*d));

		*cur = NULL;
		if (!d)
			return;
		w->dumps = d;
		d = &w->dumps[w->ndumps++];
		memset(d, 0, sizeof(*d));
		d->pfn = strtoull(p + 5, NULL, 16);
		d->ts = ts;
		d->refcount = (p = strstr(msg, "refcount:")) ? atol(p + 9) : -1;
		d->mapcount = (p = strstr(msg, "mapcount:")) ? atol(p + 9) : 0;
		*cur = d;
	} else if (!*cur) {
		return;
	} else if ((p = strstr(msg, "flags: 0x"))) {
		(*cur)->swapcache = has_flag(p, "swapcache");
		(*cur)->private = has_flag(p, "private");
	} else if (!strncmp(msg, "aops:", 5)) {
		(*cur)->file = true;
	} else if (!strncmp(msg, "page_owner free stack", 21) ||
		   !strncmp(msg, "page last free", 14)) {
		*cur = NULL;
	}
}

/*
 * Every record of the kernel log, oldest first. A page dumped more than
 * once keeps its last dump.
 */
int klog_load(struct world *w, const char *area, struct lastreq *r)
{
	char rec[2048];
	struct dump *cur = NULL;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);

	if (fd < 0)
		return -errno;
	for (;;) {
		ssize_t n = read(fd, rec, sizeof(rec) - 1);
		unsigned long long us = 0;
		char *msg;

		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten while we read: go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		/* "level,seq,usec,flags;message\n" and " KEY=value" lines */
		msg = strchr(rec, ';');
		if (!msg || sscanf(rec, "%*u,%*u,%llu", &us) != 1)
			continue;
		msg++;
		msg[strcspn(msg, "\n")] = '\0';
		klog_line(w, area, msg, (double)us / 1e6, &cur, r);
	}
	close(fd);
	for (int i = 0; i < w->ndumps; i++)
		for (int j = i + 1; j < w->ndumps; j++)
			if (w->dumps[i].pfn == w->dumps[j].pfn)
				w->dumps[i].superseded = true;
	return 0;
}

static double stamp(const char *line)
{
	const char *p = strstr(line, ": cma_alloc");
	const char *s = p;

	/* "... [000] .....   12.345678: cma_alloc_..." */
	while (s > line && s[-1] != ' ')
		s--;
	return p ? strtod(s, NULL) : -1;
}

/*
 * The area's last request in the trace buffer: the ranges found busy,
 * how long it took, and whether it failed. 6.1's cma_alloc_finish has no
 * error: the request failed if it finished on a range found busy, or on
 * none (pfn -1); 6.12's says errorno=.
 */
int trace_load(const char *area, struct lastreq *r)
{
	char line[512], key[96];
	double start = -1;
	FILE *t = fopen(TRACEFS "/trace", "r");

	if (!t)
		return -errno;
	snprintf(key, sizeof(key), " name=%s ", area);
	while (fgets(line, sizeof(line), t)) {
		char *p = strstr(line, key);

		if (line[0] == '#' || !p)
			continue;
		if (strstr(line, ": cma_alloc_start:")) {
			memset(r, 0, sizeof(*r));
			r->seen = r->traced = true;
			r->ms = -1;
			p = strstr(line, " count=");
			r->pages = p ? strtoull(p + 7, NULL, 10) : 0;
			start = stamp(line);
			r->t0 = start;
		} else if (!r->traced || start < 0) {
			continue;
		} else if (strstr(line, ": cma_alloc_busy_retry:") && (p = strstr(line, " pfn="))) {
			if (r->ntried < (int)(sizeof(r->tried) / sizeof(r->tried[0])))
				r->tried[r->ntried++] = strtoull(p + 5, NULL, 16);
		} else if (strstr(line, ": cma_alloc_finish:") && (p = strstr(line, " pfn="))) {
			uint64_t pfn = strtoull(p + 5, NULL, 16);

			r->t1 = stamp(line);
			r->ms = (r->t1 - start) * 1000;
			r->failed = (r->ntried && pfn == r->tried[r->ntried - 1]) ||
				    pfn == (uint64_t)(unsigned long)-1;
			p = strstr(line, " errorno=");
			if (p) {
				r->ret = atoi(p + 9);
				r->failed = r->ret != 0;
			} else if (r->failed) {
				r->ret = r->ntried ? -EBUSY : -ENOMEM;
			}
			start = -1;
		}
	}
	fclose(t);
	return 0;
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY), ret = 0;

	if (fd < 0)
		return -errno;
	if (write(fd, s, strlen(s)) < 0)
		ret = -errno;
	close(fd);
	return ret;
}

/* Turn on what the kernel can report; say what could not be. */
int explain_enable(void)
{
	int ret, bad = 0;

	if (access(TRACEFS "/events", F_OK))
		mount("tracefs", TRACEFS, "tracefs", 0, NULL);
	ret = write_str(TRACEFS "/events/cma/enable", "1");
	if (ret) {
		fprintf(stderr, "%s: cma trace events: %s\n", prog, strerror(-ret));
		bad = 1;
	}
	ret = write_str(DYNDBG, "func alloc_contig_dump_pages +p");
	if (ret) {
		fprintf(stderr, "%s: dumps of pages that fail migration (dynamic debug): %s\n",
			prog, strerror(-ret));
		bad = 1;
	}
	if (access("/sys/kernel/debug/page_owner", R_OK)) {
		fprintf(stderr, "%s: page_owner: %s\n", prog, strerror(errno));
		bad = 1;
	}
	return bad;
}
