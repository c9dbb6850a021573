/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cmacheck - say what Linux (6.1 or 6.12, on 32-bit ARM or arm64) will do
 * with a CMA configuration before it boots: the device tree (its /memory
 * banks, or the RAM a bootloader gives), the command line and the kernel
 * configuration.
 *
 * The model follows the kernel's own code paths; each rule names the
 * source it encodes (rules.c), and says where the targets differ.
 */
#ifndef CMACHECK_H
#define CMACHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules.h"

#define MAX_AREAS	32
#define MAX_BINDINGS	256
#define MAX_PROBLEMS	128
#define MAX_SPANS	160
#define MAX_RMEM	64	/* the kernel's MAX_RESERVED_REGIONS */
#define MAX_BANKS	8
#define NAME_LEN	64
#define WHERE_LEN	160
#define TEXT_LEN	512

#define MIB		UINT64_C(1048576)

/* --- parse.c: the kernel's own parsers, and ours ------------------------ */

/* memparse() (lib/cmdline.c): a number (base 0) and an optional suffix. */
uint64_t memparse(const char *s, const char **end);

/* What early_cma() (kernel/dma/contiguous.c) makes of one cma= value. */
struct cma_param {
	bool given;		/* some cma= on the command line */
	bool no_value;		/* "cma" without "=": the kernel refuses it */
	unsigned int count;	/* how many cma= there were; the last wins */
	char text[TEXT_LEN];	/* the value the kernel uses */
	char all[TEXT_LEN];	/* every cma= given, in order */
	uint64_t size, base, limit;
	bool numeric;		/* the size part started with a digit */
	char junk[TEXT_LEN];	/* what the kernel silently ignores */
};

void cma_param_parse(struct cma_param *p, const char *value);

/*
 * Walk a command line as the kernel's next_arg() (lib/cmdline.c) does:
 * calls fn(param, value or NULL, arg) for each parameter, in order.
 * Returns -1 if the line is too long to copy.
 */
int cmdline_walk(const char *line,
		 void (*fn)(const char *param, const char *val, void *arg),
		 void *arg);

/* A size for our own options: memparse syntax, nothing after it. */
int parse_size(const char *s, uint64_t *out);

/* The targets: architecture and kernel. */
enum arch { ARCH_ARM, ARCH_ARM64 };
enum kver { KVER_6_1, KVER_6_12 };

struct target {
	enum arch arch;
	enum kver kver;
};

/* "arm-6.1" etc. into *t; -1 if it names no target. */
int target_parse(const char *s, struct target *t);
const char *target_name(const struct target *t);

/* The kernel configuration options the model needs. */
struct kconfig {
	bool known;		/* read from a .config, else our defaults */
	bool target_known;	/* the .config named its architecture and version */
	struct target target;
	bool cma, dma_cma, highmem, lpae;
	bool zone_dma, zone_dma32, hugetlb_page;
	unsigned int cma_areas;
	unsigned int max_order;
	unsigned int page_shift;	/* 12; arm64 16K pages 14, 64K pages 16 */
	uint64_t page_offset;
	uint64_t cma_size_mbytes;
};

/* cmalab's fragments' values (board/common): for arm-6.1, or a target. */
void kconfig_defaults(struct kconfig *k);
void kconfig_target_defaults(struct kconfig *k, const struct target *t);
int kconfig_read(struct kconfig *k, const char *path, char *err, size_t errlen);

/* --- the model (model.h says which file models what) ------------------- */

enum severity { SEV_WARNING, SEV_ERROR };

struct problem {
	enum severity sev;
	bool fatal;		/* the boot fails: a hang, an oops or a BUG report */
	char where[WHERE_LEN];	/* a node path, or the argument */
	char rule[NAME_LEN];	/* the rule's name (rules.h), or dtc:CHECK */
	char message[TEXT_LEN];	/* what happens, and what the kernel prints */
};

struct area {
	char name[NAME_LEN];
	bool fixed;		/* base known; else placed inside the window */
	uint64_t base, size;	/* a placed area's base is our prediction */
	uint64_t win_start, win_end;
	bool is_default;
	bool inactive;		/* reserved, then refused by cma_activate_area():
				 * debugfs shows it with no pages */
	char from[NAME_LEN];	/* "reserved-memory node", "cma=" or "Kconfig" */
	int node;		/* DT offset, -1 for cma= and Kconfig */
};

struct binding {
	char device[WHERE_LEN];
	char area[NAME_LEN];	/* "" when the device gets no area */
	char kind[16];		/* cma, default-cma, pool, carve-out, none, unbound, disabled */
};

struct span {
	uint64_t start, end;
	char what[WHERE_LEN];
	bool nomap;		/* marked no-map in memblock.memory, not reserved */
};

/* One /reserved-memory region as fdt_scan_reserved_mem() finds it. */
struct rmem {
	int node;
	char name[NAME_LEN];
	char path[WHERE_LEN];
	bool dynamic;		/* size, not reg: allocated by the kernel */
	uint64_t base, size;	/* size 0: sized, allocated later */
	uint64_t win_start, win_end;	/* where a sized one may be placed */
	bool failed;
};

/* A bank of RAM: a /memory node's reg entry, or what --ram/--memory say. */
struct bank {
	uint64_t base, size;
};

struct input {
	const void *fdt;
	size_t fdt_size;
	const char *bootargs;
	struct bank banks[MAX_BANKS];	/* ascending, not overlapping */
	int nbanks;
	const char *mem_from;	/* where the banks came from, for the report */
	char mem_note[TEXT_LEN];	/* RAM assumed: the warning that says so */
	uint64_t initrd_size;	/* 0: no initrd */
	uint64_t kernel_end;	/* physical end of the kernel image; 0: unknown */
	bool loader_unknown;	/* not QEMU's loader: the Image, initrd and DTB
				 * are where a bootloader put them */
	bool spans_known;	/* --live: the kernel image and the initrd are
				 * where the running kernel says they are */
	uint64_t kernel_start;	/* with spans_known: "Kernel code" (/proc/iomem) */
	uint64_t initrd_start;	/* with spans_known: /chosen's linux,initrd-start */
	bool stock;		/* without cmalab's fixes (patches/linux-KERNEL/
				 * fixes/): a distribution's kernel */
	struct kconfig kc;
};

struct live;

struct check {
	const struct live *live;	/* --live: what the running kernel did */
	const struct input *in;	/* the input as the kernel keeps it (mem=) */
	struct input kept;	/* what in points to */
	const struct input *given;	/* the input as check_run() got it */
	struct bank loaded;	/* the first bank as the loader saw it */
	char mem[TEXT_LEN];	/* the mem= values that changed RAM; "" none */
	bool mem_given;
	uint64_t mem_limit;	/* arm64: the last mem= */
	struct cma_param cma;
	uint64_t vmalloc_size;
	uint64_t lowmem_end;	/* first address past lowmem */
	uint64_t dma_limit;	/* the default area's limit: arm_dma_limit,
				 * arm64_dma_phys_limit; 0: none */
	uint64_t zone_end;	/* the first zone's end: a CMA area must not
				 * cross it */
	uint64_t mem_end;	/* what memblock ends at */
	uint64_t pageblock;	/* CMA_MIN_ALIGNMENT_BYTES */
	struct rmem rmem[MAX_RMEM];
	int nrmem;
	int ncma;		/* CMA slots taken so far */
	struct area areas[MAX_AREAS];
	int nareas;
	struct binding bindings[MAX_BINDINGS];
	int nbindings;
	struct problem problems[MAX_PROBLEMS];
	int nproblems;
	int dropped;		/* problems past MAX_PROBLEMS, not kept */
	bool last_dropped;	/* the last problem() was one of them */
	bool fails;		/* some problem ends the boot (fatal()) */
	struct span reserved[MAX_SPANS];	/* memblock reservations so far */
	int nreserved;
	struct span kernel, initrd, dtb;
};

/* 0 if buf[0..n) is a whole, well-formed DTB; else -1 and why in err. */
int dtb_check(const void *buf, size_t n, char *err, size_t errlen);

/*
 * RAM as the kernel sees it: the lowest bank's base, the highest bank's
 * end (banks may leave holes between them), and all banks' sizes added.
 */
uint64_t ram_base(const struct input *in);
uint64_t ram_top(const struct input *in);
uint64_t ram_total(const struct input *in);

/*
 * The tree's /memory banks (every node named memory or memory@..., or with
 * device_type "memory", each reg entry in the root's cells), sorted.
 * Returns the number of banks, or -1 and why in err; a bank of size 0 (a
 * bootloader fills it in) is left out and counted in *zero.
 */
int dt_memory(const void *fdt, struct bank *banks, int max, int *zero,
	      char *err, size_t errlen);

/* Banks sorted by base; -1 and why in err if two overlap. */
int banks_sort(struct bank *banks, int n, char *err, size_t errlen);

/* The lowest base any /memory bank names, size 0 or not; UINT64_MAX: none. */
uint64_t dt_memory_base(const void *fdt);

/*
 * The lowest and highest address /reserved-memory's children name (reg
 * and alloc-ranges entries, start and end); -1 if they name none.
 */
int dt_reserved_span(const void *fdt, uint64_t *lo, uint64_t *hi);

/* Runs every rule; returns 0 clean, 1 warnings only, 2 errors. */
int check_run(struct check *c, const struct input *in);

void problem(struct check *c, enum severity sev, const char *where,
	     enum rule rule, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* One of dtc's findings from the tree's build: a warning, rule dtc:CHECK. */
void problem_dtc(struct check *c, const char *where, const char *check, const char *text);

/* s as a JSON string (checks.c). */
void json_str(const char *s);

/* The rules' table (rules.h), as --list-rules prints it: text or JSON. */
void rules_print(bool json);

/* --- report.c --------------------------------------------------------- */

void report_text(const struct check *c, const char *dtb_name, bool brief);
void report_json(const struct check *c);

/* --- live.c: on the board itself (--live) -------------------------------- */

/* The running kernel's inputs into *in; 0, or -1 and why in err. */
int live_input(struct live **lv, const char *root, struct input *in, bool have_kconfig,
	       bool have_target, char *err, size_t errlen);
/* What it did, held against c's prediction; the differences are counted. */
int live_compare(struct live *lv, const struct check *c, char *err, size_t errlen);
void live_text(const struct live *lv);
void live_json(const struct live *lv);
void live_free(struct live *lv);

#endif /* CMACHECK_H */
