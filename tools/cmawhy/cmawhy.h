/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cmawhy - what each page of a CMA area is, who holds it, and so why an
 * allocation over it fails or is slow. See main.c.
 */
#ifndef CMAWHY_H
#define CMAWHY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* include/uapi/linux/kernel-page-flags.h, and the kernel's own bits */
#define KPF_UPTODATE	3
#define KPF_DIRTY	4
#define KPF_LRU		5
#define KPF_SLAB	7
#define KPF_WRITEBACK	8
#define KPF_BUDDY	10
#define KPF_MMAP	11
#define KPF_ANON	12
#define KPF_SWAPBACKED	14
#define KPF_UNEVICTABLE	18
#define KPF_NOPAGE	20
#define KPF_PGTABLE	26
#define KPF_RESERVED	32
#define KPF_MLOCKED	33
#define KPF(n)		(1ULL << (n))

/* What a page of an area is, as the map shows it: one colour each. */
enum cls {
	C_FREE,		/* free: in the buddy allocator or a per-CPU list */
	C_DEVICE,	/* allocated from the area: a device's buffer */
	C_ANON,		/* lent to anonymous memory */
	C_SHMEM,	/* lent to tmpfs / shared memory */
	C_FILE,		/* lent to the page cache */
	C_WRITEBACK,	/* lent, and being written to disk now */
	C_PINNED,	/* lent, and pinned or otherwise held: the last failed
			 * request could not move it (the kernel's dump, or it
			 * stayed where migration should have moved it) */
	C_UNMOVABLE,	/* kernel memory that cannot move: slab, page table */
	C_OTHER,	/* allocated, on no LRU list: in flight, or a driver's */
	NCLS
};

extern const char *const cls_name[NCLS];

struct page_info {
	uint64_t flags;		/* /proc/kpageflags */
	uint64_t mapcount;	/* /proc/kpagecount */
	double born;		/* when allocated, seconds since boot (page_owner), or -1 */
	int owner;		/* page_owner record, index in owners, or -1 */
	int proc;		/* the process mapping it, index in procs, -1 none */
	int nprocs;		/* how many processes map it */
	int dump;		/* the kernel's last dump of it, index in dumps, or -1 */
	enum cls cls;
	bool used;		/* set in the area's bitmap */
	bool stuck;		/* lent before the last failed request, in a range it
				 * found busy, and still there: migration did not move it */
};

struct area {
	char name[64];
	uint64_t base_pfn;
	uint64_t count;		/* pages */
	unsigned int order_per_bit;
	uint64_t used;		/* debugfs used, pages */
	struct page_info *pg;	/* count entries */
};

/* A page_owner record: who allocated a page, with what stack. */
struct owner {
	int pid;
	char comm[32];
	char *stack;		/* one frame a line, each "symbol+off/size" */
};

struct proc {
	int pid;
	char comm[32];
	char devs[256];		/* the device nodes it holds open, space separated */
};

/* A page the kernel dumped because migrating it failed. */
struct dump {
	uint64_t pfn;
	long refcount;
	long mapcount;
	bool file;		/* has a file mapping: the page cache holds a reference */
	bool swapcache;
	bool private;		/* PG_private: buffer heads hold a reference */
	bool superseded;	/* dumped again later */
	double ts;		/* when, seconds since boot */
};

/* The area's last request, from the cma trace events or the kernel log. */
struct lastreq {
	bool seen;
	bool traced;		/* from the trace: ranges and time known */
	bool failed;
	int ret;		/* the error, 0 if not known */
	uint64_t pages;
	uint64_t tried[16];	/* first pfn of each range found busy */
	int ntried;
	double ms;		/* start to finish; < 0 unknown */
	double t0, t1;		/* when it started and ended, seconds since boot;
				 * from the log: the previous failure and this one */
};

struct world {
	struct owner *owners;
	int nowners;
	struct proc *procs;
	int nprocs;
	struct dump *dumps;
	int ndumps;
	bool tracing;		/* the cma trace events are on */
};

/* area.c */
int area_span(const char *name, uint64_t *base_pfn, uint64_t *count);
int area_load(struct area *a, const char *name);
int area_classify(struct area *a, const struct world *w);
void area_mark_stuck(struct area *a, const struct lastreq *r);
void area_free(struct area *a);
uint64_t area_largest_run(const struct area *a, uint64_t *start);
int area_list(char names[][64], int max);

/* owners.c */
int owners_load(struct world *w, struct area *a);
int procs_load(struct world *w, struct area *a);
const char *owner_frame(const struct owner *o);
const char *proc_devs_of(int pid);

/* klog.c */
int klog_load(struct world *w, const char *area, struct lastreq *r);
int trace_load(const char *area, struct lastreq *r);
int explain_enable(void);

/* explain.c */
long dump_extra_refs(const struct dump *d);
void summary_line(const struct area *a);
int explain_request(const struct area *a, const struct world *w,
		    const struct lastreq *r, uint64_t pages, unsigned int align);
void explain_pfn(const struct area *a, const struct world *w, uint64_t idx);
int explain_outside(uint64_t pfn);
void print_map(const struct area *a);

/* main.c */
extern const char *prog;

#endif
