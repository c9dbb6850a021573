// SPDX-License-Identifier: GPL-2.0
/*
 * transplant - a board's CMA configuration, moved onto QEMU's virt machine
 * as a device tree overlay, so that a boot can show what the kernel makes
 * of it.
 *
 *   transplant --dtb BOARD.dtb --ram BASE:SIZE --onto BASE --out FILE.dtso
 *
 * BOARD.dtb's /reserved-memory children, numbers verbatim but for one
 * shift, ONTO - BASE, that puts the board's RAM (BASE:SIZE, one bank) at
 * virt's RAM base: reg, size, alignment and alloc-ranges, in virt's 2/2
 * cells; reusable, no-map, linux,cma-default and status as written;
 * compatible only where it is shared-dma-pool (other carve-outs stay
 * reserved, without a driver of virt's to claim them). Each device with
 * memory-region gets a vfimc engine standing in for it, bound to the same
 * region(s) (its bus's dma-ranges are not carried over).
 *
 * Prints one line: "pools N regions N engines N", or exits 1
 * with one line on stderr when the board does not fit: an address below
 * its RAM, or a cell count it cannot read. Exit 2: bad usage or input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#define MAX_DTB		(4 * 1024 * 1024)
#define MAX_REGIONS	128

struct region {
	int node;
	char label[16];
};

struct graft {
	const void *fdt;
	int rm;			/* /reserved-memory */
	uint32_t ac, sc;	/* its cells */
	uint64_t ram_base, ram_size, onto;
	struct region r[MAX_REGIONS];
	int nr, pools, engines;
	FILE *out;
};

static int die(int status, const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "transplant: ");
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return status;
}

static void *read_dtb(const char *path)
{
	FILE *f = fopen(path, "rb");
	void *buf = malloc(MAX_DTB);
	size_t n;

	if (!f || !buf) {
		if (f)
			fclose(f);
		free(buf);
		return NULL;
	}
	n = fread(buf, 1, MAX_DTB, f);
	fclose(f);
	if (n < FDT_V1_SIZE || fdt_check_full(buf, n)) {
		free(buf);
		return NULL;
	}
	return buf;
}

static uint64_t cells(const fdt32_t *p, uint32_t n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | fdt32_to_cpu(*p++);
	return v;
}

static uint32_t cells_prop(const void *fdt, int node, const char *name, uint32_t dflt)
{
	int len;
	const fdt32_t *p = fdt_getprop(fdt, node, name, &len);

	return p && len == 4 ? fdt32_to_cpu(*p) : dflt;
}

static void print_cells(FILE *out, uint64_t v)
{
	fprintf(out, "0x%" PRIx32 " 0x%" PRIx32, (uint32_t)(v >> 32), (uint32_t)v);
}

/*
 * An address property (reg, alloc-ranges: address and size pairs) shifted
 * onto virt's RAM; 0, or -1 for an address below the board's RAM.
 */
static int print_ranges(struct graft *g, int node, const char *prop)
{
	int len, i, n;
	const fdt32_t *p = fdt_getprop(g->fdt, node, prop, &len);
	uint32_t t = g->ac + g->sc;

	if (!p)
		return 0;
	n = len / (int)(t * 4);
	if (!n || len % (int)(t * 4))
		return -1;
	for (i = 0; i < n; i++)
		if (cells(p + i * t, g->ac) < g->ram_base)
			return -1;
	fprintf(g->out, "\t\t%s = <", prop);
	for (i = 0; i < n; i++) {
		fprintf(g->out, "%s", i ? " " : "");
		print_cells(g->out, cells(p + i * t, g->ac) - g->ram_base + g->onto);
		fputc(' ', g->out);
		print_cells(g->out, cells(p + i * t + g->ac, g->sc));
	}
	fprintf(g->out, ">;\n");
	return 0;
}

/* A one-value property (size, alignment) in virt's cells. */
static void print_value(struct graft *g, int node, const char *prop, uint32_t n)
{
	int len;
	const fdt32_t *p = fdt_getprop(g->fdt, node, prop, &len);

	if (!p || len != (int)n * 4)
		return;
	fprintf(g->out, "\t\t%s = <", prop);
	print_cells(g->out, cells(p, n));
	fprintf(g->out, ">;\n");
}

static bool has(const void *fdt, int node, const char *prop)
{
	return fdt_getprop(fdt, node, prop, NULL) != NULL;
}

static int region(struct graft *g, int node)
{
	const char *name = fdt_get_name(g->fdt, node, NULL);
	const char *status = fdt_getprop(g->fdt, node, "status", NULL);
	static const char *const flags[] = { "reusable", "no-map", "linux,cma-default" };
	struct region *r = &g->r[g->nr];
	bool pool = !fdt_node_check_compatible(g->fdt, node, "shared-dma-pool");
	size_t i;

	if (g->nr == MAX_REGIONS)
		return die(1, "more than %s regions%s", "128", "");
	snprintf(r->label, sizeof(r->label), "region%d", g->nr);
	r->node = node;
	g->nr++;
	g->pools += pool && (has(g->fdt, node, "reusable") || has(g->fdt, node, "no-map"));
	fprintf(g->out, "\t%s: %s {\n", r->label, name);
	if (pool)
		fprintf(g->out, "\t\tcompatible = \"shared-dma-pool\";\n");
	if (print_ranges(g, node, "reg") || print_ranges(g, node, "alloc-ranges"))
		return die(1, "%s: an address below the board's RAM, or reg/alloc-ranges of "
			   "another length than the cells say%s", name, "");
	print_value(g, node, "size", g->sc);
	print_value(g, node, "alignment", g->ac);
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (has(g->fdt, node, flags[i]))
			fprintf(g->out, "\t\t%s;\n", flags[i]);
	if (status)
		fprintf(g->out, "\t\tstatus = \"%s\";\n", status);
	fprintf(g->out, "\t};\n");
	return 0;
}

static const struct region *region_of(const struct graft *g, uint32_t phandle)
{
	int node = fdt_node_offset_by_phandle(g->fdt, phandle), i;

	for (i = 0; node >= 0 && i < g->nr; i++)
		if (g->r[i].node == node)
			return &g->r[i];
	return NULL;
}

/* An engine for each device whose memory-region names a region copied. */
static void engines(struct graft *g)
{
	int node, depth = 0;

	for (node = fdt_next_node(g->fdt, -1, &depth); node >= 0;
	     node = fdt_next_node(g->fdt, node, &depth)) {
		int len, i, n;
		const fdt32_t *p = fdt_getprop(g->fdt, node, "memory-region", &len);
		const char *status = fdt_getprop(g->fdt, node, "status", NULL);
		char path[256];

		if (!p || len < 4 || fdt_parent_offset(g->fdt, node) == g->rm)
			continue;
		if (fdt_get_path(g->fdt, node, path, sizeof(path)))
			snprintf(path, sizeof(path), "(offset %d)", node);
		n = len / 4;
		for (i = 0; i < n && region_of(g, fdt32_to_cpu(p[i])); i++)
			;
		if (i < n)
			continue;	/* names something that is no region */
		fprintf(g->out, "\t/* standing in for %s */\n\tstand-in-%d {\n"
			"\t\tcompatible = \"cmalab,vfimc\";\n\t\tmemory-region = <", path,
			g->engines++);
		for (i = 0; i < n; i++)
			fprintf(g->out, "%s&%s", i ? " " : "", region_of(g, fdt32_to_cpu(p[i]))->label);
		fprintf(g->out, ">;\n");
		if (status)
			fprintf(g->out, "\t\tstatus = \"%s\";\n", status);
		fprintf(g->out, "\t};\n");
	}
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	errno = 0;
	*v = strtoull(s, &end, 0);
	return errno || end == s || *end;
}

int main(int argc, char **argv)
{
	const char *dtb = NULL, *ram = NULL, *onto = NULL, *out = NULL, *colon;
	struct graft g = { 0 };
	int i, node, ret = 0;
	char base[32];

	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--dtb"))
			dtb = argv[i + 1];
		else if (!strcmp(argv[i], "--ram"))
			ram = argv[i + 1];
		else if (!strcmp(argv[i], "--onto"))
			onto = argv[i + 1];
		else if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else
			break;
	}
	if (i != argc || !dtb || !ram || !onto || !out)
		return die(2, "usage: transplant --dtb BOARD.dtb --ram BASE:SIZE --onto BASE "
			   "--out FILE.dtso%s%s", "", "");
	colon = strchr(ram, ':');
	snprintf(base, sizeof(base), "%.*s", colon ? (int)(colon - ram) : 0, ram);
	if (!colon || parse_u64(base, &g.ram_base) || parse_u64(colon + 1, &g.ram_size) ||
	    parse_u64(onto, &g.onto))
		return die(2, "--ram '%s' --onto '%s': numbers (BASE:SIZE, BASE)", ram, onto);
	g.fdt = read_dtb(dtb);
	if (!g.fdt)
		return die(2, "--dtb %s: not a readable, whole DTB%s", dtb, "");
	g.rm = fdt_path_offset(g.fdt, "/reserved-memory");
	g.ac = cells_prop(g.fdt, g.rm, "#address-cells", 2);
	g.sc = cells_prop(g.fdt, g.rm, "#size-cells", 1);
	if (g.rm < 0 || g.ac < 1 || g.ac > 2 || g.sc < 1 || g.sc > 2) {
		free((void *)g.fdt);
		return die(1, "%s: no /reserved-memory with 1 or 2 address and size cells%s", dtb, "");
	}
	g.out = fopen(out, "w");
	if (!g.out) {
		free((void *)g.fdt);
		return die(2, "--out %s: %s", out, strerror(errno));
	}
	fprintf(g.out, "// Transplanted by tools/transplant from %s: its /reserved-memory,\n"
		"// moved so that its RAM at 0x%" PRIx64 " is virt's at 0x%" PRIx64 ", and an\n"
		"// engine for each device that names a region.\n/dts-v1/;\n/plugin/;\n\n"
		"&{/reserved-memory} {\n\t#address-cells = <2>;\n\t#size-cells = <2>;\n\n",
		dtb, g.ram_base, g.onto);
	fdt_for_each_subnode(node, g.fdt, g.rm) {
		ret = region(&g, node);
		if (ret)
			break;
	}
	if (!ret) {
		fprintf(g.out, "};\n\n&{/} {\n");
		engines(&g);
		fprintf(g.out, "};\n");
		printf("pools %d regions %d engines %d\n", g.pools, g.nr, g.engines);
	}
	fclose(g.out);
	free((void *)g.fdt);
	return ret;
}
