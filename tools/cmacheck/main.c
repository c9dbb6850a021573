// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck - say what Linux (6.1 or 6.12, 32-bit ARM or arm64) will do with
 * a CMA configuration, before it boots.
 *
 *   cmacheck --dtb FILE [--bootargs "..."] [--ram SIZE | --memory BANKS]
 *            [--kconfig FILE] [--target ARCH-KERNEL] [--initrd-size SIZE]
 *            [--system-map FILE] [--loader qemu|unknown] [--lpae] [--dtc-log FILE]
 *            [--stock] [--json | --brief]
 *   cmacheck --live[=ROOT] [--kconfig FILE] [--target ARCH-KERNEL] [--json | --brief]
 *   cmacheck --list-rules [--json]
 *
 * RAM comes from the tree's /memory nodes, every bank at its own base; or
 * --ram SIZE, one bank of SIZE at the tree's first bank's base, as QEMU's
 * loader (hw/arm/boot.c: arm_load_dtb()) and many bootloaders rewrite it;
 * or --memory BASE:SIZE[,BASE:SIZE...], the banks themselves. The kernel,
 * initrd and DTB are where QEMU's loader puts them in the first bank; with
 * --loader unknown (a real board's bootloader), only 32-bit ARM's kernel,
 * which runs from the start of RAM, is placed. --lpae: a 32-bit ARM kernel
 * with CONFIG_ARM_LPAE whatever the .config says (as Debian's armmp-lpae,
 * the only kind that boots a board with RAM above 4 GiB). --dtc-log: dtc's
 * output from building the tree; each "Warning (check): /path: text" is a
 * problem too (rule dtc:check), so the JSON carries dtc's findings.
 * --stock: the kernel without cmalab's fixes (patches/linux-KERNEL/fixes/,
 * docs/fixes.md), as a distribution ships it (FLAVOUR=stock); without it,
 * the fixes are in, as in every other kernel cmalab builds.
 *
 * The target (arm-6.1, arm-6.12, arm64-6.1, arm64-6.12) comes from the
 * kernel .config's header, or --target; without either, arm-6.1.
 * --live, on the board itself: the prediction from the running kernel's
 * own inputs, held against what it did (live.c); exit status 4 when they
 * differ, each difference said.
 *
 * Prints every CMA area the kernel will create, every device's binding, a
 * memory map and each problem as "error:" or "warning:" with the node or
 * argument, the rule and the kernel's message (--brief: only those).
 * The window a placed area can go to is certain; its base is predicted
 * (memblock allocates top down). Exit status: 0 clean,
 * 1 warnings only, 2 errors, 3 bad usage or unreadable input.
 */
#define _GNU_SOURCE	/* getopt_long() */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "cmacheck.h"

#define MAX_DTB		(4 * 1024 * 1024)
#define EXIT_USAGE	3
#define EXIT_DISAGREE	4

static const char *prog = "cmacheck";

static int usage(void)
{
	fprintf(stderr,
		"usage: cmacheck --dtb FILE [--bootargs \"...\"] [--ram SIZE | --memory BASE:SIZE,...]\n"
		"                [--kconfig FILE] [--target ARCH-KERNEL] [--initrd-size SIZE]\n"
		"                [--system-map FILE] [--loader qemu|unknown] [--lpae] [--dtc-log FILE]\n"
		"                [--stock]\n"
		"                [--json | --brief]\n"
		"       cmacheck --live[=ROOT] [--kconfig FILE] [--target ARCH-KERNEL] [--json | --brief]\n"
		"       cmacheck --list-rules [--json]\n"
		"targets: arm-6.1 (the default), arm-6.12, arm64-6.1, arm64-6.12\n");
	return EXIT_USAGE;
}

/* One line naming the input and the rule it breaks; the usage exit status. */
static int fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

/* The whole file, which must be a complete, valid flattened device tree. */
static void *read_dtb(const char *path, size_t *size, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	void *buf;
	size_t n;

	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	buf = malloc(MAX_DTB + 1);
	if (!buf) {
		fclose(f);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	n = fread(buf, 1, MAX_DTB + 1, f);
	fclose(f);
	if (n > MAX_DTB) {
		snprintf(err, errlen, "larger than %d bytes: not a DTB for this machine", MAX_DTB);
		goto bad;
	}
	if (dtb_check(buf, n, err, errlen))
		goto bad;
	*size = n;
	return buf;
bad:
	free(buf);
	return NULL;
}

/*
 * _end from System.map as a physical address. 32-bit ARM: the zImage
 * decompresses the kernel to the start of RAM, which the linear map puts
 * at PAGE_OFFSET. arm64: the Image runs where it was loaded, and QEMU
 * loads it 2 MiB into RAM (hw/arm/boot.c: load_aarch64_image(), text
 * offset 0 moved past its boot stub), so _end lies _end - _text above.
 */
static int kernel_end(const char *path, const struct kconfig *k, uint64_t base, uint64_t *out)
{
	unsigned long long text = 0, end = 0;
	char line[256];
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, sym[200];

		if (sscanf(line, "%llx %c %199s", &addr, &type, sym) != 3)
			continue;
		if (!strcmp(sym, "_text"))
			text = addr;
		else if (!strcmp(sym, "_end"))
			end = addr;
	}
	fclose(f);
	if (k->target.arch == ARCH_ARM) {
		if (!end || end < k->page_offset)
			return -1;
		*out = end - k->page_offset + base;
	} else {
		if (!text || end <= text)
			return -1;
		*out = base + 2 * MIB + (end - text);
	}
	return 0;
}

/* --memory BASE:SIZE[,BASE:SIZE...]: the banks, in any order. */
static int parse_memory(const char *s, struct input *in)
{
	char buf[256], *tok, *save = NULL, err[160];

	if (strlen(s) >= sizeof(buf))
		return -1;
	snprintf(buf, sizeof(buf), "%s", s);
	in->nbanks = 0;
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(tok, ':');
		struct bank b;

		if (!colon || in->nbanks == MAX_BANKS)
			return -1;
		*colon = '\0';
		if (parse_size(tok, &b.base) || parse_size(colon + 1, &b.size) || !b.size)
			return -1;
		in->banks[in->nbanks++] = b;
	}
	if (!in->nbanks)
		return -1;
	return banks_sort(in->banks, in->nbanks, err, sizeof(err));
}

#define GIB	(1024 * MIB)

/*
 * A tree that leaves /memory to its bootloader: RAM assumed, and a
 * warning naming the option that says it. A /memory of size 0 still gives
 * the base: 1 GiB there. No /memory at all: one bank over every address
 * /reserved-memory names, in whole GiBs, 1 GiB at least. 0, or an exit
 * status after a message when nothing says where RAM is.
 */
static int memory_assumed(struct input *in, const char *dtb, int zero)
{
	uint64_t lo, hi, base, size;

	if (zero) {
		in->banks[0] = (struct bank){ dt_memory_base(in->fdt), GIB };
		in->nbanks = 1;
		in->mem_from = "assumed: 1 GiB at the tree's /memory base, whose size is 0";
		snprintf(in->mem_note, sizeof(in->mem_note), "the tree's /memory has size 0 (the "
			 "bootloader fills it in): 1 GiB at 0x%08" PRIx64 " assumed; give --ram "
			 "SIZE (make check: RAM=)", in->banks[0].base);
		return 0;
	}
	if (dt_reserved_span(in->fdt, &lo, &hi))
		return fail("--dtb %s: no /memory node (the bootloader adds it), and no address "
			    "in /reserved-memory to assume RAM from: give --memory BASE:SIZE "
			    "(make check: MEMORY=)", dtb);
	base = lo / GIB * GIB;
	size = (hi - base + GIB - 1) / GIB * GIB;
	in->banks[0] = (struct bank){ base, size };
	in->nbanks = 1;
	in->mem_from = "assumed: over every address /reserved-memory names";
	snprintf(in->mem_note, sizeof(in->mem_note), "no /memory node (the bootloader adds it): "
		 "%" PRIu64 " GiB at 0x%08" PRIx64 " assumed, over every address /reserved-memory "
		 "names; give --memory BASE:SIZE (make check: MEMORY=)", size / GIB, base);
	return 0;
}

/*
 * RAM: --memory's banks, or --ram's one bank at the tree's first bank's
 * base, or the tree's banks, or assumed. 0, or an exit status after a
 * message.
 */
static int memory(struct input *in, const char *dtb, const char *ram, const char *mem)
{
	struct bank tree[MAX_BANKS];
	int n, zero;
	char err[160];

	if (mem) {
		if (parse_memory(mem, in))
			return fail("--memory '%s': BASE:SIZE[,BASE:SIZE...], sizes above 0 and "
				    "banks that do not overlap, up to %d banks", mem, MAX_BANKS);
		in->mem_from = "--memory";
		return 0;
	}
	n = dt_memory(in->fdt, tree, MAX_BANKS, &zero, err, sizeof(err));
	if (n < 0)
		return fail("--dtb %s: /memory: %s", dtb, err);
	if (ram) {
		/* A bank of size 0 still says where RAM starts. */
		in->banks[0].base = n ? tree[0].base : zero ? dt_memory_base(in->fdt) : 0;
		if (parse_size(ram, &in->banks[0].size) || in->banks[0].size < 16 * MIB ||
		    in->banks[0].size % MIB)
			return fail("--ram '%s': a whole number of MiB, 16M or more", ram);
		if (!n && !zero)
			return fail("--dtb %s: no /memory node to say where RAM starts: give "
				    "--memory BASE:SIZE instead of --ram %s (make check: MEMORY=)",
				    dtb, ram);
		in->nbanks = 1;
		in->mem_from = "--ram, at the tree's first /memory base";
		return 0;
	}
	if (!n)
		return memory_assumed(in, dtb, zero);
	memcpy(in->banks, tree, sizeof(tree[0]) * (size_t)n);
	in->nbanks = n;
	in->mem_from = "the tree's /memory";
	return 0;
}

/*
 * dtc's findings from the tree's build: "FILE:LINE.COL-COL: Warning
 * (check): /path: text", or without the location or the path. Each is a
 * warning (the kernel's build warns and goes on). -1 if unreadable.
 */
static int dtc_findings(struct check *c, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024];

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *w = strstr(line, "Warning ("), *end, *text;
		char where[WHERE_LEN] = "dtc";

		if (!w || !(end = strstr(w, "): ")))
			continue;
		w += strlen("Warning (");
		*end = '\0';
		text = end + 3;
		text[strcspn(text, "\n")] = '\0';
		if (text[0] == '/' && strstr(text, ": ")) {
			end = strstr(text, ": ");
			*end = '\0';
			snprintf(where, sizeof(where), "%s", text);
			text = end + 2;
		}
		problem_dtc(c, where, w, text);
	}
	fclose(f);
	return 0;
}

/* 32-bit ARM without LPAE: phys_addr_t has 32 bits. */
static int memory_reach(const struct input *in)
{
	char top[32];

	if (in->kc.target.arch != ARCH_ARM || in->kc.lpae || ram_top(in) <= UINT64_C(1) << 32)
		return 0;
	snprintf(top, sizeof(top), "0x%" PRIx64, ram_top(in));
	return fail("RAM ends at %s: 32-bit ARM without LPAE addresses RAM below 4 GiB "
		    "only (CONFIG_ARM_LPAE)", top);
}

enum { OPT_DTB = 256, OPT_BOOTARGS, OPT_KCONFIG, OPT_SYSMAP, OPT_TARGET, OPT_RAM,
       OPT_MEMORY, OPT_INITRD, OPT_LOADER, OPT_DTCLOG, OPT_JSON, OPT_BRIEF, OPT_LPAE,
       OPT_STOCK, OPT_LIST_RULES, OPT_LIVE };

static const struct option options[] = {
	{ "dtb", required_argument, NULL, OPT_DTB },
	{ "bootargs", required_argument, NULL, OPT_BOOTARGS },
	{ "kconfig", required_argument, NULL, OPT_KCONFIG },
	{ "system-map", required_argument, NULL, OPT_SYSMAP },
	{ "target", required_argument, NULL, OPT_TARGET },
	{ "ram", required_argument, NULL, OPT_RAM },
	{ "memory", required_argument, NULL, OPT_MEMORY },
	{ "initrd-size", required_argument, NULL, OPT_INITRD },
	{ "loader", required_argument, NULL, OPT_LOADER },
	{ "dtc-log", required_argument, NULL, OPT_DTCLOG },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "brief", no_argument, NULL, OPT_BRIEF },
	{ "lpae", no_argument, NULL, OPT_LPAE },
	{ "stock", no_argument, NULL, OPT_STOCK },
	{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
	{ "live", optional_argument, NULL, OPT_LIVE },
	{ NULL, 0, NULL, 0 },
};

/* --loader's default, told apart from a --loader given. */
static const char options_loader[] = "qemu";

struct args {
	const char *dtb, *kconfig, *sysmap, *ram, *initrd, *target, *mem, *loader, *dtclog;
	const char *live_root;
	bool lpae, json, brief, list_rules, live;
};

/* The options into *a and in; -1 on anything getopt_long() refuses. */
static int parse_args(int argc, char **argv, struct args *a, struct input *in)
{
	int opt;

	a->loader = options_loader;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "", options, NULL)) != -1) {
		switch (opt) {
		case OPT_DTB: a->dtb = optarg; break;
		case OPT_BOOTARGS: in->bootargs = optarg; break;
		case OPT_KCONFIG: a->kconfig = optarg; break;
		case OPT_SYSMAP: a->sysmap = optarg; break;
		case OPT_TARGET: a->target = optarg; break;
		case OPT_RAM: a->ram = optarg; break;
		case OPT_MEMORY: a->mem = optarg; break;
		case OPT_INITRD: a->initrd = optarg; break;
		case OPT_LOADER: a->loader = optarg; break;
		case OPT_DTCLOG: a->dtclog = optarg; break;
		case OPT_JSON: a->json = true; break;
		case OPT_BRIEF: a->brief = true; break;
		case OPT_LPAE: a->lpae = true; break;
		case OPT_STOCK: in->stock = true; break;
		case OPT_LIST_RULES: a->list_rules = true; break;
		case OPT_LIVE: a->live = true; a->live_root = optarg; break;
		default: return -1;
		}
	}
	return optind < argc ? -1 : 0;
}

/* The target and kernel configuration; 0, or an exit status after a message. */
static int configure(const struct args *a, struct input *in)
{
	struct target t;
	char err[256];

	if (a->target && target_parse(a->target, &t))
		return fail("--target '%s': one of arm-6.1, arm-6.12, arm64-6.1, arm64-6.12",
			    a->target);
	if (a->kconfig && kconfig_read(&in->kc, a->kconfig, err, sizeof(err)))
		return fail("--kconfig: %s", err);
	if (a->kconfig && a->target && in->kc.target_known &&
	    strcmp(a->target, target_name(&in->kc.target)))
		return fail("--target %s, but --kconfig is a %s kernel's", a->target,
			    target_name(&in->kc.target));
	if (a->target && !a->kconfig)
		kconfig_target_defaults(&in->kc, &t);
	else if (a->target)
		in->kc.target = t;
	if (strcmp(a->loader, "qemu") && strcmp(a->loader, "unknown"))
		return fail("--loader '%s': qemu (QEMU's, the default) or unknown (a board's "
			    "bootloader)", a->loader);
	in->loader_unknown = !strcmp(a->loader, "unknown");
	if (a->lpae && in->kc.target.arch != ARCH_ARM)
		return fail("--lpae: a 32-bit ARM option; arm64 has no LPAE switch");
	if (a->lpae)
		in->kc.lpae = in->kc.highmem = true;
	return 0;
}

int main(int argc, char **argv)
{
	static struct input in;
	static struct check c;
	struct args a = { 0 };
	struct live *lv = NULL;
	char err[256];
	int ret;

	kconfig_defaults(&in.kc);
	if (parse_args(argc, argv, &a, &in))
		return usage();
	if (a.list_rules) {
		rules_print(a.json);
		return 0;
	}
	if (a.live && (a.dtb || a.initrd || a.loader != options_loader))
		return fail("--live reads the running kernel's tree, initrd and loader: no --dtb, "
			    "--initrd-size or --loader");
	if ((!a.dtb && !a.live) || (a.ram && a.mem))
		return usage();
	ret = configure(&a, &in);
	if (ret)
		return ret;
	if (a.live) {
		if (live_input(&lv, a.live_root, &in, a.kconfig, a.target, err, sizeof(err))) {
			live_free(lv);
			return fail("--live: %s", err);
		}
		a.dtb = "/sys/firmware/fdt";
	} else {
		in.fdt = read_dtb(a.dtb, &in.fdt_size, err, sizeof(err));
		if (!in.fdt)
			return fail("--dtb %s: %s", a.dtb, err);
	}
	ret = memory(&in, a.dtb, a.ram, a.mem);
	if (!ret)
		ret = memory_reach(&in);
	if (!ret && a.initrd && (parse_size(a.initrd, &in.initrd_size) ||
				 in.initrd_size > in.banks[0].size / 2))
		ret = fail("--initrd-size '%s': a size (K/M/G suffix) up to half of the first "
			   "bank of RAM", a.initrd);
	if (!ret && a.sysmap && kernel_end(a.sysmap, &in.kc, ram_base(&in), &in.kernel_end))
		ret = fail("--system-map %s: no _text and _end symbols for this target", a.sysmap);
	if (ret) {
		if (!a.live)
			free((void *)in.fdt);
		live_free(lv);
		return ret;
	}

	ret = check_run(&c, &in);
	if (a.live) {
		int diffs = live_compare(lv, &c, err, sizeof(err));

		if (diffs < 0) {
			live_free(lv);
			return fail("--live: %s", err);
		}
		c.live = lv;
		if (diffs)
			ret = EXIT_DISAGREE;
	}
	if (a.dtclog && dtc_findings(&c, a.dtclog)) {
		ret = fail("--dtc-log %s: %s", a.dtclog, strerror(errno));
		if (!a.live)
			free((void *)in.fdt);
		live_free(lv);
		return ret;
	}
	if (a.dtclog && !ret && c.nproblems)
		ret = 1;
	if (a.json)
		report_json(&c);
	else
		report_text(&c, a.dtb, a.brief);
	if (!a.live)
		free((void *)in.fdt);
	live_free(lv);
	return ret;
}
