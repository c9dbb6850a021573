// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's unit tests (cmocka): the parsers against what the kernel's
 * own code does with the same strings, and the rules on device trees
 * built here with libfdt's sequential-write API.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <libfdt.h>

#include "../../tools/cmacheck/cmacheck.h"

/* --- parsers ------------------------------------------------------------ */

static void test_memparse(void **state)
{
	const char *end;

	(void)state;
	assert_int_equal(memparse("64M", &end), 64 * MIB);
	assert_string_equal(end, "");
	assert_int_equal(memparse("0x10k", &end), 16 * 1024);
	assert_int_equal(memparse("010", &end), 8);		/* octal, as simple_strtoull */
	assert_int_equal(memparse("4G", &end), 4096 * MIB);
	/* No digits: 0, and the 'g' is taken as the G suffix. */
	assert_int_equal(memparse("garbage", &end), 0);
	assert_string_equal(end, "arbage");
	assert_int_equal(memparse("64Mjunk", &end), 64 * MIB);
	assert_string_equal(end, "junk");
	assert_int_equal(memparse("0x", &end), 0);		/* "0" in octal, then "x" */
	assert_string_equal(end, "x");
	assert_int_equal(memparse("1e", &end), UINT64_C(1) << 60);	/* e is exa */
}

static void test_cma_param(void **state)
{
	struct cma_param p = { 0 };

	(void)state;
	cma_param_parse(&p, "16M@0x44000000-0x4c000000");
	assert_true(p.numeric);
	assert_int_equal(p.size, 16 * MIB);
	assert_int_equal(p.base, 0x44000000);
	assert_int_equal(p.limit, 0x4c000000);
	assert_string_equal(p.junk, "");

	cma_param_parse(&p, "32M@0x50000000");
	assert_int_equal(p.limit, 0x50000000 + 32 * MIB);	/* early_cma(): base + size */
	assert_int_equal(p.count, 2);

	cma_param_parse(&p, "64Mjunk");
	assert_int_equal(p.size, 64 * MIB);
	assert_int_equal(p.base, 0);
	assert_string_equal(p.junk, "junk");

	cma_param_parse(&p, "garbage");
	assert_false(p.numeric);
	assert_int_equal(p.size, 0);

	cma_param_parse(&p, NULL);
	assert_true(p.no_value);
}

struct seen {
	char params[8][64];
	char vals[8][64];
	int n;
};

static void collect(const char *param, const char *val, void *arg)
{
	struct seen *s = arg;

	if (s->n == 8)
		return;
	snprintf(s->params[s->n], sizeof(s->params[0]), "%s", param);
	snprintf(s->vals[s->n], sizeof(s->vals[0]), "%s", val ? val : "(null)");
	s->n++;
}

static void test_cmdline(void **state)
{
	struct seen s = { .n = 0 };

	(void)state;
	assert_int_equal(cmdline_walk("  console=ttyAMA0 a=\"x y\" \"b=c d\" ro cma=1M -- cma=2M",
				      collect, &s), 0);
	assert_int_equal(s.n, 5);
	assert_string_equal(s.params[0], "console");
	assert_string_equal(s.vals[0], "ttyAMA0");
	assert_string_equal(s.params[1], "a");
	assert_string_equal(s.vals[1], "x y");		/* next_arg() drops the quotes */
	assert_string_equal(s.params[2], "b");
	assert_string_equal(s.vals[2], "c d");
	assert_string_equal(s.params[3], "ro");
	assert_string_equal(s.vals[3], "(null)");
	assert_string_equal(s.vals[4], "1M");		/* after "--": init's, not the kernel's */
}

static void test_parse_size(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_size("512M", &v), 0);
	assert_int_equal(v, 512 * MIB);
	assert_int_equal(parse_size("1G", &v), 0);
	assert_int_not_equal(parse_size("12x", &v), 0);
	assert_int_not_equal(parse_size("", &v), 0);
	assert_int_not_equal(parse_size("-1", &v), 0);
	assert_int_not_equal(parse_size(NULL, &v), 0);
}

static void test_kconfig(void **state)
{
	char path[] = "/tmp/cmacheck-kconfig-XXXXXX", err[256];
	struct kconfig k;
	FILE *f;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("CONFIG_CMA=y\nCONFIG_DMA_CMA=y\nCONFIG_CMA_AREAS=3\n"
	      "CONFIG_ARCH_FORCE_MAX_ORDER=12\n# CONFIG_HIGHMEM is not set\n"
	      "CONFIG_PAGE_OFFSET=0x80000000\nCONFIG_CMA_SIZE_MBYTES=16\n", f);
	fclose(f);
	assert_int_equal(kconfig_read(&k, path, err, sizeof(err)), 0);
	assert_true(k.known && k.cma && k.dma_cma);
	assert_false(k.highmem);
	assert_int_equal(k.cma_areas, 3);
	assert_int_equal(k.max_order, 12);
	assert_int_equal(k.page_offset, 0x80000000);
	assert_int_equal(k.cma_size_mbytes, 16);
	assert_int_equal(k.page_shift, 12);
	unlink(path);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("CONFIG_ARM64_16K_PAGES=y\nCONFIG_ARCH_FORCE_MAX_ORDER=11\nCONFIG_CMA_AREAS=7\n", f);
	fclose(f);
	assert_int_equal(kconfig_read(&k, path, err, sizeof(err)), 0);
	assert_int_equal(k.page_shift, 14);
	unlink(path);

	assert_int_not_equal(kconfig_read(&k, "/nonexistent/.config", err, sizeof(err)), 0);
	assert_non_null(strstr(err, "/nonexistent/.config"));
	assert_int_not_equal(kconfig_read(&k, "/etc/hostname", err, sizeof(err)), 0);
	assert_non_null(strstr(err, "not a kernel .config"));
}

/* --- device trees built here ---------------------------------------------- */

#define FDT_SIZE 16384

struct region {
	const char *name;
	uint64_t base, size;	/* base 0: sized */
	uint64_t align;
	bool reusable, nomap, dflt, disabled;
	uint32_t phandle;
	int cells;		/* #address-cells = #size-cells of /reserved-memory */
};

static void prop_cells(void *fdt, const char *name, uint64_t a, uint64_t b, int cells)
{
	fdt32_t v[4];
	int n = 0;

	if (cells == 2)
		v[n++] = cpu_to_fdt32((uint32_t)(a >> 32));
	v[n++] = cpu_to_fdt32((uint32_t)a);
	if (cells == 2)
		v[n++] = cpu_to_fdt32((uint32_t)(b >> 32));
	v[n++] = cpu_to_fdt32((uint32_t)b);
	assert_int_equal(fdt_property(fdt, name, v, (int)(n * sizeof(v[0]))), 0);
}

static void prop_one(void *fdt, const char *name, uint64_t a, int cells)
{
	fdt32_t v[2];
	int n = 0;

	if (cells == 2)
		v[n++] = cpu_to_fdt32((uint32_t)(a >> 32));
	v[n++] = cpu_to_fdt32((uint32_t)a);
	assert_int_equal(fdt_property(fdt, name, v, (int)(n * sizeof(v[0]))), 0);
}

/* A root with 2/2 cells, /reserved-memory with the given regions, devices. */
static void *build(const struct region *r, int nr, const char *const *devs, int rm_cells)
{
	void *fdt = malloc(FDT_SIZE);
	int i;

	assert_non_null(fdt);
	assert_int_equal(fdt_create(fdt, FDT_SIZE), 0);
	assert_int_equal(fdt_finish_reservemap(fdt), 0);
	assert_int_equal(fdt_begin_node(fdt, ""), 0);
	assert_int_equal(fdt_property_u32(fdt, "#address-cells", 2), 0);
	assert_int_equal(fdt_property_u32(fdt, "#size-cells", 2), 0);
	assert_int_equal(fdt_begin_node(fdt, "reserved-memory"), 0);
	assert_int_equal(fdt_property_u32(fdt, "#address-cells", (uint32_t)rm_cells), 0);
	assert_int_equal(fdt_property_u32(fdt, "#size-cells", (uint32_t)rm_cells), 0);
	assert_int_equal(fdt_property(fdt, "ranges", NULL, 0), 0);
	for (i = 0; i < nr; i++) {
		assert_int_equal(fdt_begin_node(fdt, r[i].name), 0);
		assert_int_equal(fdt_property_string(fdt, "compatible", "shared-dma-pool"), 0);
		if (r[i].base)
			prop_cells(fdt, "reg", r[i].base, r[i].size, rm_cells);
		else
			prop_one(fdt, "size", r[i].size, rm_cells);
		if (r[i].align)
			prop_one(fdt, "alignment", r[i].align, rm_cells);
		if (r[i].reusable)
			assert_int_equal(fdt_property(fdt, "reusable", NULL, 0), 0);
		if (r[i].nomap)
			assert_int_equal(fdt_property(fdt, "no-map", NULL, 0), 0);
		if (r[i].dflt)
			assert_int_equal(fdt_property(fdt, "linux,cma-default", NULL, 0), 0);
		if (r[i].disabled)
			assert_int_equal(fdt_property_string(fdt, "status", "disabled"), 0);
		if (r[i].phandle)
			assert_int_equal(fdt_property_u32(fdt, "phandle", r[i].phandle), 0);
		assert_int_equal(fdt_end_node(fdt), 0);
	}
	assert_int_equal(fdt_end_node(fdt), 0);
	for (i = 0; devs && devs[i]; i += 2) {
		assert_int_equal(fdt_begin_node(fdt, devs[i]), 0);
		assert_int_equal(fdt_property_string(fdt, "compatible", "cmalab,vfimc"), 0);
		/* A phandle "!N" is memory-region N on a disabled device. */
		if (devs[i + 1])
			assert_int_equal(fdt_property_u32(fdt, "memory-region",
							  (uint32_t)atoi(devs[i + 1] +
									 (devs[i + 1][0] == '!'))), 0);
		if (devs[i + 1] && devs[i + 1][0] == '!')
			assert_int_equal(fdt_property_string(fdt, "status", "disabled"), 0);
		assert_int_equal(fdt_end_node(fdt), 0);
	}
	assert_int_equal(fdt_end_node(fdt), 0);
	assert_int_equal(fdt_finish(fdt), 0);
	return fdt;
}

static struct check chk;
static bool pages_64k;		/* run_banks(): a 64K-page arm64 kernel */
static bool stock;		/* run_banks(): without cmalab's fixes (--stock) */

/* The trees below place their pools for RAM at 1 GiB, as on QEMU's virt. */
#define BASE_1G		UINT64_C(0x40000000)

/* Run the model on a target and banks of RAM, with cmalab's kernel configuration. */
static int run_banks(const char *target, void *fdt, const char *bootargs,
		     const struct bank *banks, int nbanks)
{
	static struct input in;
	struct target t;
	char err[128];

	assert_int_equal(target_parse(target, &t), 0);
	memset(&in, 0, sizeof(in));
	in.fdt = fdt;
	in.fdt_size = fdt_totalsize(fdt);
	in.bootargs = bootargs;
	memcpy(in.banks, banks, sizeof(banks[0]) * (size_t)nbanks);
	in.nbanks = nbanks;
	in.mem_from = "unit test";
	in.initrd_size = 4 * MIB;
	in.kernel_end = banks[0].base + 8 * MIB;
	in.stock = stock;
	kconfig_target_defaults(&in.kc, &t);
	if (pages_64k) {	/* arm64 with CONFIG_ARM64_64K_PAGES and its MAX_PAGE_ORDER */
		in.kc.page_shift = 16;
		in.kc.max_order = 13;
		in.kc.hugetlb_page = true;
	}
	assert_int_equal(dtb_check(fdt, in.fdt_size, err, sizeof(err)), 0);
	return check_run(&chk, &in);
}

/* One bank of ram bytes at 1 GiB. */
static int run_on(const char *target, void *fdt, const char *bootargs, uint64_t ram)
{
	const struct bank b = { BASE_1G, ram };

	return run_banks(target, fdt, bootargs, &b, 1);
}

/* The default target, arm-6.1. */
static int run(void *fdt, const char *bootargs, uint64_t ram)
{
	return run_on("arm-6.1", fdt, bootargs, ram);
}

static const struct problem *find(const char *rule)
{
	int i;

	for (i = 0; i < chk.nproblems; i++)
		if (!strcmp(chk.problems[i].rule, rule))
			return &chk.problems[i];
	return NULL;
}

static const struct area *area(const char *name)
{
	int i;

	for (i = 0; i < chk.nareas; i++)
		if (!strcmp(chk.areas[i].name, name))
			return &chk.areas[i];
	return NULL;
}

static void test_clean_pool(void **state)
{
	const struct region r[] = { { .name = "pool", .size = 32 * MIB, .reusable = true,
				      .phandle = 1 } };
	const char *const devs[] = { "fimc0", "1", "fimc1", NULL, NULL };
	void *fdt = build(r, 1, devs, 2);

	(void)state;
	assert_int_equal(run(fdt, "cma=16M", 512 * MIB), 0);
	assert_int_equal(chk.nareas, 2);
	assert_false(area("pool")->fixed);
	/* Top down from the end of RAM, as memblock places it. */
	assert_int_equal(area("pool")->base, 0x60000000 - 32 * MIB);
	assert_true(area("reserved")->is_default);
	assert_int_equal(area("reserved")->base, 0x60000000 - 48 * MIB);
	assert_string_equal(chk.bindings[0].area, "pool");
	assert_string_equal(chk.bindings[1].kind, "default-cma");
	free(fdt);
}

static void test_cells_mismatch(void **state)
{
	const struct region r[] = { { .name = "pool", .size = 16 * MIB, .reusable = true } };
	void *fdt = build(r, 1, NULL, 1);

	(void)state;
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	assert_non_null(find("reserved-memory-format"));
	assert_non_null(strstr(find("reserved-memory-format")->message, "unsupported node format"));
	assert_int_equal(chk.nareas, 0);
	free(fdt);
}

static void test_misaligned(void **state)
{
	const struct region r[] = {
		{ .name = "a@50100000", .base = 0x50100000, .size = 16 * MIB, .reusable = true },
		{ .name = "b", .size = 6 * MIB, .reusable = true },
	};
	void *fdt = build(r, 2, NULL, 2);

	(void)state;
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	assert_int_equal(chk.nareas, 0);
	assert_non_null(strstr(find("cma-alignment")->message, "incorrect alignment of CMA region"));
	free(fdt);
}

static void test_overlap(void **state)
{
	const struct region r[] = {
		{ .name = "a@50000000", .base = 0x50000000, .size = 16 * MIB, .reusable = true },
		{ .name = "b@50800000", .base = 0x50800000, .size = 16 * MIB, .reusable = true },
	};
	void *fdt = build(r, 2, NULL, 2);

	(void)state;
	/* cmalab's fix: the later one is refused, the boot goes on with one area. */
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	assert_non_null(find("region-overlap"));
	assert_false(find("region-overlap")->fatal);
	assert_non_null(strstr(find("region-overlap")->where, "b@50800000"));
	assert_non_null(strstr(find("region-overlap")->message, "'b@50800000' shares pages with "
							       "'a@50000000', not used"));
	assert_int_equal(chk.nareas, 1);
	assert_string_equal(chk.areas[0].name, "a@50000000");
	/* The stock kernel makes both and hangs (32-bit ARM). */
	stock = true;
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	stock = false;
	assert_true(find("region-overlap")->fatal);
	assert_non_null(strstr(find("region-overlap")->message, "OVERLAP DETECTED!"));
	assert_int_equal(chk.nareas, 2);
	free(fdt);
}

static void test_early_remap(void **state)
{
	const struct region r[] = {
		{ .name = "bad@50100000", .base = 0x50100000, .size = 4 * MIB, .reusable = true },
	};
	void *fdt = build(r, 1, NULL, 2);

	(void)state;
	/* cmalab's fix: 6.12 on 32-bit ARM refuses it as 6.1 does. */
	assert_int_equal(run_on("arm-6.12", fdt, NULL, 512 * MIB), 2);
	assert_non_null(find("cma-alignment"));
	assert_null(find("early-remap"));
	/* The stock kernel remaps it first and hangs. */
	stock = true;
	assert_int_equal(run_on("arm-6.12", fdt, NULL, 512 * MIB), 2);
	stock = false;
	assert_true(find("early-remap")->fatal);
	/* arm64 has no such fixup, stock or not. */
	stock = true;
	assert_int_equal(run_on("arm64-6.12", fdt, NULL, 512 * MIB), 2);
	stock = false;
	assert_null(find("early-remap"));
	free(fdt);
}

static void test_past_ram(void **state)
{
	const struct region r[] = {
		{ .name = "a@5e000000", .base = 0x5e000000, .size = 64 * MIB, .reusable = true },
	};
	void *fdt = build(r, 1, NULL, 2);

	(void)state;
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	assert_true(find("outside-ram")->fatal);
	free(fdt);
}

static void test_on_initrd(void **state)
{
	/* QEMU puts the initrd at 0x48000000 with 512 MiB of RAM. */
	const struct region r[] = {
		{ .name = "a@48000000", .base = 0x48000000, .size = 16 * MIB, .reusable = true },
	};
	void *fdt = build(r, 1, NULL, 2);

	(void)state;
	/* The stock kernel makes the area and frees the initrd twice. */
	stock = true;
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	stock = false;
	assert_non_null(strstr(find("overlaps-loaded")->message, "initrd"));
	assert_int_equal(chk.nareas, 1);
	/* cmalab's fix refuses the region; the boot goes on without it. */
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	assert_non_null(strstr(find("overlaps-loaded")->message, "holds the initrd, not used"));
	assert_false(find("overlaps-loaded")->fatal);
	assert_int_equal(chk.nareas, 0);
	free(fdt);
}

static void test_cmdline_rules(void **state)
{
	void *fdt = build(NULL, 0, NULL, 2);

	(void)state;
	assert_int_equal(run(fdt, "cma=garbage", 512 * MIB), 2);
	assert_non_null(find("cma-syntax"));
	assert_int_equal(chk.nareas, 0);

	assert_int_equal(run(fdt, "cma=64Mjunk", 512 * MIB), 1);
	assert_non_null(find("cma-junk"));
	assert_int_equal(area("reserved")->size, 64 * MIB);

	/* The last one wins, silently: a warning naming them all. */
	assert_int_equal(run(fdt, "cma=16M cma=32M", 512 * MIB), 1);
	assert_int_equal(area("reserved")->size, 32 * MIB);
	assert_non_null(strstr(find("cma-repeated")->message, "2 cma= parameters (cma=16M cma=32M)"));
	assert_int_equal(run(fdt, "cma=32M", 512 * MIB), 0);
	assert_null(find("cma-repeated"));

	assert_int_equal(run(fdt, "cma=16M@0x50100000", 512 * MIB), 2);
	assert_non_null(strstr(find("cma-base-alignment")->message,
			       "Region at 0x50100000 must be aligned to 0x00400000 bytes"));

	assert_int_equal(run(fdt, "cma=16M@0x50000000-0x48000000", 512 * MIB), 2);
	assert_non_null(find("cma-limit"));

	assert_int_equal(run(fdt, "cma=16M@0x44000000", 512 * MIB), 0);
	assert_true(area("reserved")->fixed);
	assert_int_equal(area("reserved")->base, 0x44000000);

	/* On the kernel image: memblock refuses it. */
	assert_int_equal(run(fdt, "cma=16M@0x40000000", 512 * MIB), 2);
	assert_non_null(find("cma-reserved"));

	assert_int_equal(run(fdt, "cma=1G", 512 * MIB), 2);
	assert_non_null(find("cma-no-room"));

	/* With highmem, the default area is placed there first. */
	assert_int_equal(run(fdt, "cma=16M", 1024 * MIB), 0);
	assert_int_equal(area("reserved")->win_start, 0x70000000);
	assert_int_equal(area("reserved")->base, 0x80000000 - 16 * MIB);
	free(fdt);
}

static void test_bypass(void **state)
{
	const struct region r[] = {
		{ .name = "linux,cma", .size = 64 * MIB, .reusable = true, .dflt = true },
	};
	void *fdt = build(r, 1, NULL, 2);

	(void)state;
	assert_int_equal(run(fdt, NULL, 512 * MIB), 0);
	assert_true(area("linux,cma")->is_default);
	/* cma= wins over linux,cma-default, which is given back. */
	assert_int_equal(run(fdt, "cma=32M", 512 * MIB), 1);
	assert_non_null(strstr(find("cma-bypass")->message, "bypass linux,cma node"));
	assert_int_equal(chk.nareas, 1);
	assert_int_equal(area("reserved")->size, 32 * MIB);
	free(fdt);
}

static void test_slots(void **state)
{
	const struct region r[] = {
		{ .name = "p1", .size = 4 * MIB, .reusable = true },
		{ .name = "p2", .size = 4 * MIB, .reusable = true },
		{ .name = "p3", .size = 4 * MIB, .reusable = true },
		{ .name = "p4", .size = 4 * MIB, .reusable = true },
		{ .name = "p5", .size = 4 * MIB, .reusable = true },
		{ .name = "p6", .size = 4 * MIB, .reusable = true },
		{ .name = "p7", .size = 4 * MIB, .reusable = true },
		{ .name = "p8", .size = 4 * MIB, .reusable = true },
		{ .name = "p9", .size = 4 * MIB, .reusable = true },
	};
	void *fdt = build(r, 7, NULL, 2);

	(void)state;
	/* MAX_CMA_AREAS is CONFIG_CMA_AREAS (7) + 1: seven pools and cma='s. */
	assert_int_equal(run(fdt, "cma=16M", 512 * MIB), 0);
	assert_int_equal(chk.nareas, 8);
	free(fdt);

	fdt = build(r, 8, NULL, 2);
	assert_int_equal(run(fdt, "cma=16M", 512 * MIB), 2);
	assert_non_null(strstr(find("cma-areas")->message, "Not enough slots"));
	assert_null(area("reserved"));
	free(fdt);

	/*
	 * Nine: one loses. 6.1 sets them up in the order its heapsort of
	 * equal keys (sized regions: base 0, size 0) leaves them: p2..p9,
	 * then p1 (lib/sort.c, worked by hand), so p1 finds no slot.
	 */
	fdt = build(r, 9, NULL, 2);
	assert_int_equal(run(fdt, NULL, 512 * MIB), 2);
	assert_null(area("p1"));
	assert_non_null(area("p9"));
	free(fdt);
}

/*
 * The targets: parsing, the .config header, and the rules that differ -
 * slots and the order regions take them in, pageblock order, the default
 * area's limit, what a region crossing a zone is called.
 */
static void test_targets(void **state)
{
	char path[] = "/tmp/cmacheck-kconfig-XXXXXX", err[256];
	struct kconfig k;
	struct target t;
	FILE *f;
	int fd;

	(void)state;
	assert_int_equal(target_parse("arm64-6.12", &t), 0);
	assert_int_equal(t.arch, ARCH_ARM64);
	assert_int_equal(t.kver, KVER_6_12);
	assert_string_equal(target_name(&t), "arm64-6.12");
	assert_int_not_equal(target_parse("arm64", &t), 0);
	assert_int_not_equal(target_parse("x86-6.1", &t), 0);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("#\n# Automatically generated file; DO NOT EDIT.\n"
	      "# Linux/arm64 6.12.118 Kernel Configuration\n#\n"
	      "CONFIG_CMA=y\nCONFIG_ZONE_DMA=y\nCONFIG_ARCH_FORCE_MAX_ORDER=10\n", f);
	fclose(f);
	assert_int_equal(kconfig_read(&k, path, err, sizeof(err)), 0);
	assert_true(k.target_known && k.zone_dma && !k.zone_dma32);
	assert_string_equal(target_name(&k.target), "arm64-6.12");
	unlink(path);
}

static void test_target_slots(void **state)
{
	const struct region r[] = {
		{ .name = "f1@50000000", .base = 0x50000000, .size = 4 * MIB, .reusable = true },
		{ .name = "f2@50400000", .base = 0x50400000, .size = 4 * MIB, .reusable = true },
		{ .name = "f3@50800000", .base = 0x50800000, .size = 4 * MIB, .reusable = true },
		{ .name = "f4@50c00000", .base = 0x50c00000, .size = 4 * MIB, .reusable = true },
		{ .name = "f5@51000000", .base = 0x51000000, .size = 4 * MIB, .reusable = true },
		{ .name = "f6@51400000", .base = 0x51400000, .size = 4 * MIB, .reusable = true },
		{ .name = "p7", .size = 4 * MIB, .reusable = true },
	};
	void *fdt = build(r, 7, NULL, 2);

	(void)state;
	/* 6.1: 8 slots for 8 areas. */
	assert_int_equal(run_on("arm-6.1", fdt, "cma=16M", 512 * MIB), 0);
	assert_int_equal(chk.nareas, 8);
	assert_int_equal(run_on("arm64-6.1", fdt, "cma=16M", 512 * MIB), 0);
	assert_int_equal(chk.nareas, 8);
	/* 6.12 on ARM: p7, the default area, then the fixed ones: f6 loses. */
	assert_int_equal(run_on("arm-6.12", fdt, "cma=16M", 512 * MIB), 2);
	assert_int_equal(chk.nareas, 7);
	assert_non_null(area("reserved"));
	assert_null(area("f6@51400000"));
	/* 6.12 on arm64: p7, the fixed ones, then the default area: it loses. */
	assert_int_equal(run_on("arm64-6.12", fdt, "cma=16M", 512 * MIB), 2);
	assert_int_equal(chk.nareas, 7);
	assert_null(area("reserved"));
	assert_non_null(area("f6@51400000"));
	free(fdt);
}

static void test_target_memory(void **state)
{
	const struct region r[] = {
		{ .name = "cross@fe000000", .base = 0xfe000000, .size = 64 * MIB, .reusable = true },
	};
	void *fdt = build(r, 0, NULL, 2);

	(void)state;
	/* 4 MiB pageblocks on every target: MAX_ORDER - 1 = 10, MAX_PAGE_ORDER = 10. */
	assert_int_equal(run_on("arm-6.1", fdt, NULL, 512 * MIB), 0);
	assert_int_equal(chk.pageblock, 4 * MIB);
	assert_int_equal(run_on("arm64-6.12", fdt, NULL, 512 * MIB), 0);
	assert_int_equal(chk.pageblock, 4 * MIB);
	/* arm64 with 4 GiB: the default area stays below ZONE_DMA's end. */
	assert_int_equal(run_on("arm64-6.12", fdt, "cma=16M", 4096 * MIB), 0);
	assert_int_equal(chk.dma_limit, UINT64_C(0x100000000));
	assert_true(area("reserved")->win_end <= UINT64_C(0x100000000));
	free(fdt);
	/* A region across 4 GiB on arm64 lies in two zones. */
	fdt = build(r, 1, NULL, 2);
	assert_int_equal(run_on("arm64-6.1", fdt, NULL, 4096 * MIB), 2);
	assert_non_null(find("zone-boundary"));
	free(fdt);
}

static void test_bindings(void **state)
{
	const struct region r[] = {
		{ .name = "off", .size = 4 * MIB, .reusable = true, .disabled = true, .phandle = 1 },
		{ .name = "both", .size = 4 * MIB, .reusable = true, .nomap = true, .phandle = 2 },
		{ .name = "pool@5a000000", .base = 0x5a000000, .size = 4 * MIB, .nomap = true,
		  .phandle = 3 },
	};
	const char *const devs[] = { "fimc0", "1", "fimc1", "2", "fimc2", "3", "fimc3", "9",
				     "fimc4", "!3", NULL };
	void *fdt = build(r, 3, devs, 2);

	(void)state;
	assert_int_equal(run(fdt, "cma=0", 512 * MIB), 2);
	assert_non_null(find("reusable-no-map"));
	assert_string_equal(chk.bindings[0].kind, "unbound");	/* disabled */
	assert_string_equal(chk.bindings[1].kind, "unbound");	/* not set up */
	assert_string_equal(chk.bindings[2].kind, "pool");
	assert_string_equal(chk.bindings[3].kind, "unbound");	/* no such phandle */
	assert_string_equal(chk.bindings[4].kind, "disabled");	/* no device at all */
	assert_string_equal(chk.bindings[4].area, "");
	assert_int_equal(chk.nbindings, 5);
	free(fdt);
}

/*
 * The page size is the .config's: with 64K pages (and hugetlb) a pageblock
 * is 512 MiB (PAGE_SIZE << min(PMD order 13, MAX_PAGE_ORDER 13)), so a
 * 256 MiB-aligned CMA region that 4K pages accept is refused.
 */
static void test_page_size(void **state)
{
	const struct region r[] = {
		{ .name = "pool@50000000", .base = 0x50000000, .size = 256 * MIB, .reusable = true },
	};
	const struct bank b = { BASE_1G, 2048 * MIB };
	void *fdt = build(r, 1, NULL, 2);

	(void)state;
	assert_int_equal(run_banks("arm64-6.12", fdt, "cma=0", &b, 1), 0);
	pages_64k = true;
	assert_int_equal(run_banks("arm64-6.12", fdt, "cma=0", &b, 1), 2);
	pages_64k = false;
	assert_non_null(strstr(find("cma-alignment")->message, "0x20000000"));
	free(fdt);
}

/*
 * early_init_dt_reserve_memory(): a no-map region is refused only over
 * memory memblock holds reserved; no-map memory is not reserved, so two
 * no-map carve-outs may overlap (a warning: nothing is handed out twice).
 */
static void test_nomap_overlap(void **state)
{
	const struct region nomap[] = {
		{ .name = "a@58000000", .base = 0x58000000, .size = 8 * MIB, .nomap = true },
		{ .name = "b@58400000", .base = 0x58400000, .size = 8 * MIB, .nomap = true },
	};
	const struct region kept[] = {
		{ .name = "a@58000000", .base = 0x58000000, .size = 8 * MIB },
		{ .name = "b@58400000", .base = 0x58400000, .size = 8 * MIB, .nomap = true },
	};
	void *fdt = build(nomap, 2, NULL, 2);

	(void)state;
	assert_int_equal(run(fdt, "cma=0", 512 * MIB), 1);
	assert_null(find("reg-reserve"));
	assert_int_equal(find("region-overlap")->sev, SEV_WARNING);
	free(fdt);
	fdt = build(kept, 2, NULL, 2);
	assert_int_equal(run(fdt, "cma=0", 512 * MIB), 2);
	assert_non_null(find("reg-reserve"));
	free(fdt);
}

/*
 * Buses under the root (2/2 cells), each with one device (compatible, no
 * memory-region): dma-ranges as given, "" for an empty one, NULL for none.
 * A bus named "...-empty" holds a bus "inner" with an empty dma-ranges.
 */
static void *dma_buses(const char *const *names, const uint64_t (*ranges)[3], int n)
{
	void *fdt = malloc(FDT_SIZE);
	int i;

	assert_non_null(fdt);
	assert_int_equal(fdt_create(fdt, FDT_SIZE), 0);
	assert_int_equal(fdt_finish_reservemap(fdt), 0);
	assert_int_equal(fdt_begin_node(fdt, ""), 0);
	assert_int_equal(fdt_property_u32(fdt, "#address-cells", 2), 0);
	assert_int_equal(fdt_property_u32(fdt, "#size-cells", 2), 0);
	for (i = 0; i < n; i++) {
		bool inner = strstr(names[i], "-empty") != NULL;

		assert_int_equal(fdt_begin_node(fdt, names[i]), 0);
		assert_int_equal(fdt_property_string(fdt, "compatible", "simple-bus"), 0);
		assert_int_equal(fdt_property_u32(fdt, "#address-cells", 1), 0);
		assert_int_equal(fdt_property_u32(fdt, "#size-cells", 1), 0);
		if (ranges[i][2]) {
			fdt32_t v[4] = { cpu_to_fdt32((uint32_t)ranges[i][0]),
					 cpu_to_fdt32((uint32_t)(ranges[i][1] >> 32)),
					 cpu_to_fdt32((uint32_t)ranges[i][1]),
					 cpu_to_fdt32((uint32_t)ranges[i][2]) };

			assert_int_equal(fdt_property(fdt, "dma-ranges", v, sizeof(v)), 0);
		}
		if (inner) {
			assert_int_equal(fdt_begin_node(fdt, "inner"), 0);
			assert_int_equal(fdt_property_string(fdt, "compatible", "simple-bus"), 0);
			assert_int_equal(fdt_property_u32(fdt, "#address-cells", 1), 0);
			assert_int_equal(fdt_property_u32(fdt, "#size-cells", 1), 0);
			assert_int_equal(fdt_property(fdt, "dma-ranges", NULL, 0), 0);
		}
		assert_int_equal(fdt_begin_node(fdt, "dev@1000"), 0);
		assert_int_equal(fdt_property_string(fdt, "compatible", "vendor,dma-master"), 0);
		assert_int_equal(fdt_end_node(fdt), 0);
		if (inner)
			assert_int_equal(fdt_end_node(fdt), 0);
		assert_int_equal(fdt_end_node(fdt), 0);
	}
	assert_int_equal(fdt_end_node(fdt), 0);
	assert_int_equal(fdt_finish(fdt), 0);
	return fdt;
}

/*
 * Every DMA master, not only vfimc: a device whose bus's dma-ranges
 * (of_dma_get_range(): the first non-empty one up the tree, through
 * empty ones) leave the default area out of reach is named on its bus;
 * a bus without dma-ranges limits nothing, nor does an empty one with
 * none above it.
 */
static void test_dma_masters(void **state)
{
	const char *const names[] = { "low", "low-empty", "free", "free-empty" };
	/* low: bus 0x0 is RAM's 0x40000000, 256 MiB; the others: none. */
	const uint64_t ranges[][3] = { { 0, BASE_1G, 256 * MIB }, { 0, BASE_1G, 256 * MIB },
				       { 0, 0, 0 }, { 0, 0, 0 } };
	void *fdt = dma_buses(names, ranges, 4);
	const struct problem *p;
	int i, named = 0;

	(void)state;
	/* cma=64M is placed from the top of 1 GiB of RAM, far above 0x50000000. */
	assert_int_equal(run(fdt, "cma=64M", 1024 * MIB), 1);
	for (i = 0; i < chk.nproblems; i++) {
		p = &chk.problems[i];
		if (strcmp(p->rule, "reach-default"))
			continue;
		assert_true(!strcmp(p->where, "/low") || !strcmp(p->where, "/low-empty/inner") ||
			    !strcmp(p->where, "/low-empty"));
		assert_non_null(strstr(p->message, "dev@1000"));
		assert_non_null(strstr(p->message, "0x40000000-0x50000000"));
		named++;
	}
	assert_int_equal(named, 2);
	/* Bindings: the two limited devices only. */
	assert_int_equal(chk.nbindings, 2);
	assert_string_equal(chk.bindings[0].device, "/low/dev@1000");
	assert_string_equal(chk.bindings[1].device, "/low-empty/inner/dev@1000");
	assert_string_equal(chk.bindings[1].kind, "default-cma");
	/* A default area inside the window: nobody loses it. */
	assert_int_equal(run(fdt, "cma=64M@0x44000000", 1024 * MIB), 0);
	assert_null(find("reach-default"));
	free(fdt);
}

/* /memory nodes as a tree would declare them, added to a built tree. */
static void *with_memory(void *fdt, const struct bank *banks, int n)
{
	void *out = malloc(FDT_SIZE * 2);
	int i;

	assert_non_null(out);
	assert_int_equal(fdt_open_into(fdt, out, FDT_SIZE * 2), 0);
	free(fdt);
	for (i = 0; i < n; i++) {
		char name[32];
		fdt32_t reg[4];
		int node;

		snprintf(name, sizeof(name), "memory@%" PRIx64, banks[i].base);
		node = fdt_add_subnode(out, 0, name);
		assert_true(node >= 0);
		assert_int_equal(fdt_setprop_string(out, node, "device_type", "memory"), 0);
		reg[0] = cpu_to_fdt32((uint32_t)(banks[i].base >> 32));
		reg[1] = cpu_to_fdt32((uint32_t)banks[i].base);
		reg[2] = cpu_to_fdt32((uint32_t)(banks[i].size >> 32));
		reg[3] = cpu_to_fdt32((uint32_t)banks[i].size);
		assert_int_equal(fdt_setprop(out, node, "reg", reg, sizeof(reg)), 0);
	}
	assert_int_equal(fdt_pack(out), 0);
	return out;
}

/* The tree's /memory: every node, sorted; size 0 counted apart; overlaps refused. */
static void test_dt_memory(void **state)
{
	const struct bank two[] = { { UINT64_C(0x880000000), 1024 * MIB }, { 0, 512 * MIB },
				    { UINT64_C(0x80000000), 0 } };
	const struct bank overlap[] = { { 0, 512 * MIB }, { 256 * MIB, 512 * MIB } };
	struct bank got[MAX_BANKS];
	char err[160];
	int zero;
	void *fdt = with_memory(build(NULL, 0, NULL, 2), two, 3);

	(void)state;
	assert_int_equal(dt_memory(fdt, got, MAX_BANKS, &zero, err, sizeof(err)), 2);
	assert_int_equal(zero, 1);
	assert_int_equal(got[0].base, 0);
	assert_int_equal(got[0].size, 512 * MIB);
	assert_int_equal(got[1].base, UINT64_C(0x880000000));
	free(fdt);
	fdt = with_memory(build(NULL, 0, NULL, 2), overlap, 2);
	assert_int_equal(dt_memory(fdt, got, MAX_BANKS, &zero, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "overlap"));
	free(fdt);
}

/*
 * RAM at 0x0 (Raspberry Pi): placement, the kernel and the initrd start
 * there. A sized region without alloc-ranges goes anywhere in memblock
 * (MEMBLOCK_ALLOC_ANYWHERE), highmem first: the top of RAM, above lowmem.
 */
static void test_ram_at_zero(void **state)
{
	const struct region r[] = {
		{ .name = "linux,cma", .size = 64 * MIB, .reusable = true, .dflt = true },
		{ .name = "fixed@38000000", .base = 0x38000000, .size = 16 * MIB, .reusable = true },
	};
	const struct bank ram = { 0, 1024 * MIB };
	void *fdt = build(r, 2, NULL, 2);

	(void)state;
	assert_int_equal(run_banks("arm-6.1", fdt, NULL, &ram, 1), 0);
	assert_int_equal(chk.kernel.start, 0);
	assert_int_equal(chk.initrd.start, 128 * MIB);
	assert_int_equal(area("linux,cma")->base, 1024 * MIB - 64 * MIB);
	assert_int_equal(chk.lowmem_end, 768 * MIB);	/* lowmem: 768 MiB above the base */
	assert_int_equal(area("fixed@38000000")->base, 0x38000000);
	free(fdt);
}

/* RAM at 0x80000000 (Aspeed): a region at 1.5 GiB is outside it. */
static void test_ram_at_2g(void **state)
{
	const struct region r[] = {
		{ .name = "a@5e000000", .base = 0x5e000000, .size = 16 * MIB, .reusable = true },
		{ .name = "video", .size = 64 * MIB, .reusable = true, .align = 16 * MIB },
	};
	const struct bank ram = { UINT64_C(0x80000000), 1024 * MIB };
	void *fdt = build(r, 2, NULL, 2);

	(void)state;
	assert_int_equal(run_banks("arm-6.12", fdt, NULL, &ram, 1), 2);
	assert_true(find("outside-ram")->fatal);
	assert_true(area("video")->base >= UINT64_C(0x80000000));
	assert_int_equal(area("video")->base % (16 * MIB), 0);
	free(fdt);
}

/* Two banks with a hole: nothing is placed in the hole, a region there is refused. */
static void test_two_banks(void **state)
{
	const struct region r[] = {
		{ .name = "pool", .size = 64 * MIB, .reusable = true },
		{ .name = "hole@50000000", .base = 0x50000000, .size = 16 * MIB, .reusable = true },
	};
	const struct bank ram[] = { { BASE_1G, 256 * MIB }, { 0x60000000, 256 * MIB } };
	void *fdt = build(r, 2, NULL, 2);

	(void)state;
	assert_int_equal(run_banks("arm64-6.12", fdt, NULL, ram, 2), 2);
	assert_non_null(strstr(find("outside-ram")->message, "one bank"));
	assert_true(area("pool")->base >= 0x60000000);	/* top down: the upper bank */
	assert_true(area("pool")->base + 64 * MIB <= 0x70000000);
	free(fdt);
}

/*
 * A region placed by size on 32-bit ARM lands from the top down; when
 * highmem cannot hold it, across lowmem's end: reserved, then refused by
 * cma_activate_area(). 1 GiB at 1 GiB: lowmem ends at 0x70000000, 256 MiB
 * of highmem above. The advice names alloc-ranges below and the largest
 * size that fits above, and each works.
 */
static void test_placed_across_lowmem(void **state)
{
	struct region r[] = { { .name = "linux,cma", .size = 320 * MIB, .reusable = true,
				.dflt = true } };
	void *fdt = build(r, 1, NULL, 2);

	(void)state;
	assert_int_equal(run(fdt, NULL, 1024 * MIB), 2);
	assert_non_null(find("zone-boundary"));
	assert_non_null(strstr(find("zone-boundary")->message, "could not be activated"));
	assert_non_null(strstr(find("zone-boundary")->message,
			       "alloc-ranges = <0x0 0x40000000 0x0 0x30000000>"));
	assert_non_null(strstr(find("zone-boundary")->message, "at most 256 MiB"));
	assert_true(area("linux,cma")->inactive);
	assert_true(area("linux,cma")->is_default);
	assert_false(chk.fails);
	free(fdt);
	/* 256 MiB fits in highmem: an area there, activated. */
	r[0].size = 256 * MIB;
	fdt = build(r, 1, NULL, 2);
	assert_int_equal(run(fdt, NULL, 1024 * MIB), 0);
	assert_false(area("linux,cma")->inactive);
	assert_true(area("linux,cma")->base >= 0x70000000);
	free(fdt);
	/* arm64 has no highmem: the same region is one zone's. */
	r[0].size = 320 * MIB;
	fdt = build(r, 1, NULL, 2);
	assert_int_equal(run_on("arm64-6.12", fdt, NULL, 1024 * MIB), 0);
	assert_false(area("linux,cma")->inactive);
	free(fdt);
}

/*
 * mem= as early_mem() takes it: on ARM it replaces the tree's RAM (lowmem
 * ends where it does), on arm64 it keeps that much from the bottom; an
 * initrd the loader put beyond it is dropped on ARM (the boot fails).
 */
static void test_mem(void **state)
{
	void *fdt = build(NULL, 0, NULL, 2);

	(void)state;
	/* 1 GiB at 1 GiB, mem=448M: a fixed cma= across the new lowmem end. */
	assert_int_equal(run(fdt, "cma=256M@0x50000000 mem=448M", 1024 * MIB), 2);
	assert_non_null(find("lowmem-boundary"));
	assert_int_equal(chk.lowmem_end, BASE_1G + 448 * MIB);
	assert_string_equal(chk.mem, "mem=448M");
	/* Without it, the same cma= is clean. */
	assert_int_equal(run(fdt, "cma=256M@0x50000000", 1024 * MIB), 0);
	/* mem=SIZE@START adds a bank; two of them, two banks. */
	assert_int_equal(run(fdt, "mem=256M mem=256M@0x60000000", 1024 * MIB), 0);
	assert_int_equal(chk.in->nbanks, 2);
	assert_int_equal(ram_total(chk.in), 512 * MIB);
	/* arm64: the last mem= is a limit; a placed area stays under it. */
	assert_int_equal(run_on("arm64-6.1", fdt, "mem=384M cma=64M", 1024 * MIB), 0);
	assert_int_equal(ram_top(chk.in), BASE_1G + 384 * MIB);
	assert_true(area("reserved")->base + area("reserved")->size <= BASE_1G + 384 * MIB);
	/* The initrd at RAM base + 128 MiB is beyond mem=64M: ARM drops it. */
	assert_int_equal(run(fdt, "mem=64M", 1024 * MIB), 2);
	assert_non_null(find("mem-initrd"));
	assert_true(chk.fails);
	/* arm64 adds the initrd's memory back. */
	assert_int_equal(run_on("arm64-6.12", fdt, "mem=64M", 1024 * MIB), 0);
	free(fdt);
}

/*
 * Two regions say linux,cma-default: both become areas, the last one
 * rmem_cma_setup() sees is the default, and the order differs: 6.1 sets
 * fixed regions up by base, 6.12 in tree order.
 */
static void test_default_twice(void **state)
{
	const struct region r[] = {
		{ .name = "b@58000000", .base = 0x58000000, .size = 16 * MIB, .reusable = true,
		  .dflt = true },
		{ .name = "a@50000000", .base = 0x50000000, .size = 16 * MIB, .reusable = true,
		  .dflt = true },
	};
	void *fdt = build(r, 2, NULL, 2);

	(void)state;
	assert_int_equal(run_on("arm64-6.1", fdt, NULL, 512 * MIB), 1);
	assert_non_null(find("default-twice"));
	assert_true(area("b@58000000")->is_default);
	assert_false(area("a@50000000")->is_default);
	assert_int_equal(run_on("arm64-6.12", fdt, NULL, 512 * MIB), 1);
	assert_true(area("a@50000000")->is_default);
	assert_false(area("b@58000000")->is_default);
	assert_non_null(strstr(find("default-twice")->message, "b@58000000 is then an ordinary"));
	free(fdt);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_memparse),
		cmocka_unit_test(test_cma_param),
		cmocka_unit_test(test_cmdline),
		cmocka_unit_test(test_parse_size),
		cmocka_unit_test(test_kconfig),
		cmocka_unit_test(test_clean_pool),
		cmocka_unit_test(test_cells_mismatch),
		cmocka_unit_test(test_misaligned),
		cmocka_unit_test(test_overlap),
		cmocka_unit_test(test_early_remap),
		cmocka_unit_test(test_past_ram),
		cmocka_unit_test(test_on_initrd),
		cmocka_unit_test(test_cmdline_rules),
		cmocka_unit_test(test_bypass),
		cmocka_unit_test(test_slots),
		cmocka_unit_test(test_bindings),
		cmocka_unit_test(test_dma_masters),
		cmocka_unit_test(test_nomap_overlap),
		cmocka_unit_test(test_page_size),
		cmocka_unit_test(test_targets),
		cmocka_unit_test(test_target_slots),
		cmocka_unit_test(test_target_memory),
		cmocka_unit_test(test_dt_memory),
		cmocka_unit_test(test_ram_at_zero),
		cmocka_unit_test(test_ram_at_2g),
		cmocka_unit_test(test_two_banks),
		cmocka_unit_test(test_placed_across_lowmem),
		cmocka_unit_test(test_mem),
		cmocka_unit_test(test_default_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
