// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's output: a text report with a memory map, or JSON.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "cmacheck.h"

static void size_str(uint64_t v, char *buf, size_t len)
{
	if (v && !(v % MIB))
		snprintf(buf, len, "%" PRIu64 " MiB", v / MIB);
	else if (v >= MIB)
		snprintf(buf, len, "%.1f MiB", (double)v / (double)MIB);
	else if (v && !(v % 1024))
		snprintf(buf, len, "%" PRIu64 " KiB", v / 1024);
	else
		snprintf(buf, len, "%" PRIu64 " B", v);
}

static int count(const struct check *c, enum severity sev)
{
	int i, n = 0;

	for (i = 0; i < c->nproblems; i++)
		n += c->problems[i].sev == sev;
	return n;
}

static bool boots(const struct check *c)
{
	return !c->fails;
}

struct mapline {
	uint64_t start, end;
	char what[WHERE_LEN + 64];
};

static int mapline_cmp(const void *a, const void *b)
{
	const struct mapline *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->end < y->end ? -1 : x->end > y->end;
}

/*
 * RAM from the bottom: what QEMU loads, each region and area (placed ones
 * where they are predicted to go), the zone boundary a CMA area must not
 * cross: lowmem's end on 32-bit ARM, ZONE_DMA's on arm64.
 */
static void memory_map(const struct check *c)
{
	struct mapline m[MAX_SPANS + 1];
	uint64_t ram_end = ram_top(c->in);
	uint64_t base = ram_base(c->in);
	bool arm64 = c->in->kc.target.arch == ARCH_ARM64;
	int n = 0, i;

	for (i = 0; i < c->nreserved && n < MAX_SPANS; i++) {
		m[n].start = c->reserved[i].start;
		m[n].end = c->reserved[i].end;
		snprintf(m[n].what, sizeof(m[n].what), "%s", c->reserved[i].what);
		if (!strcmp(m[n].what, "the kernel image"))
			snprintf(m[n].what, sizeof(m[n].what), "%s", c->kernel.what);
		n++;
	}
	if (c->zone_end < ram_end) {
		m[n].start = m[n].end = c->zone_end;
		snprintf(m[n].what, sizeof(m[n].what), "%s", arm64 ?
			 "--- ZONE_DMA ends: the default area's limit, 32-bit reach ---" :
			 "--- lowmem ends, highmem begins ---");
		n++;
	}
	qsort(m, (size_t)n, sizeof(m[0]), mapline_cmp);
	if (arm64)
		printf("\nMemory map (RAM 0x%08" PRIx64 "-0x%08" PRIx64 ", all mapped; ZONE_DMA "
		       "ends at 0x%08" PRIx64 "):\n", base, ram_end,
		       c->dma_limit ? c->dma_limit : ram_end);
	else
		printf("\nMemory map (RAM 0x%08" PRIx64 "-0x%08" PRIx64 ", lowmem ends at 0x%08"
		       PRIx64 "%s):\n", base, ram_end, c->lowmem_end,
		       c->lowmem_end < ram_end ? ", highmem above" : "");
	for (i = 0; i < n; i++) {
		char sz[32];

		size_str(m[i].end - m[i].start, sz, sizeof(sz));
		printf("  0x%08" PRIx64 "-0x%08" PRIx64 "  %9s  %s%s\n", m[i].start, m[i].end, sz,
		       m[i].what, m[i].start >= ram_end || m[i].end > ram_end ? "  (beyond RAM)" : "");
	}
}

static void problems(const struct check *c)
{
	int i;

	for (i = 0; i < c->nproblems; i++) {
		const struct problem *p = &c->problems[i];

		printf("%s: %s: [%s] %s\n", p->sev == SEV_ERROR ? "error" : "warning",
		       p->where, p->rule, p->message);
	}
	if (c->dropped)
		printf("(%d more problem(s) not listed: this checker keeps %d)\n", c->dropped,
		       MAX_PROBLEMS);
	printf("%d error(s), %d warning(s)%s\n", count(c, SEV_ERROR), count(c, SEV_WARNING),
	       boots(c) ? "" : "; the boot will fail (a hang, an oops or a BUG report)");
}

void report_text(const struct check *c, const char *dtb_name, bool brief)
{
	int i;

	if (brief) {
		problems(c);
		if (c->live)
			live_text(c->live);
		return;
	}

	printf("cmacheck: %s, target %s, RAM %" PRIu64 " MiB at 0x%08" PRIx64
	       " (%s), kernel config %s\n", dtb_name, target_name(&c->in->kc.target),
	       ram_total(c->in) / MIB, ram_base(c->in), c->in->mem_from,
	       c->in->kc.known ? "read" : "assumed (cmalab's defaults)");
	if (c->in->nbanks > 1)
		for (i = 0; i < c->in->nbanks; i++)
			printf("  RAM bank %d: 0x%08" PRIx64 "-0x%08" PRIx64 " (%" PRIu64 " MiB)\n",
			       i, c->in->banks[i].base,
			       c->in->banks[i].base + c->in->banks[i].size,
			       c->in->banks[i].size / MIB);
	if (c->mem[0])
		printf("  RAM the kernel keeps (%s): %" PRIu64 " MiB, 0x%08" PRIx64 "-0x%08" PRIx64
		       "\n", c->mem, ram_total(c->in) / MIB, ram_base(c->in), ram_top(c->in));
	printf("  command line: %s\n", c->in->bootargs ? c->in->bootargs : "(none)");
	printf("  loader: %s%s\n", c->in->spans_known ? "the running kernel's word (--live): its "
	       "image where /proc/iomem says, the initrd where /chosen says, the DTB not placed" :
	       c->in->loader_unknown ? "a board's bootloader (the Image, initrd "
	       "and DTB where it puts them: not placed)" : "QEMU's (hw/arm/boot.c)",
	       c->in->kc.lpae ? "; LPAE kernel" : "");
	printf("  kernel: %s\n", c->in->stock ? "stock, without cmalab's fixes (docs/fixes.md)" :
	       "with cmalab's fixes (docs/fixes.md; --stock: without)");

	printf("\nCMA areas the kernel will create (~: a placed area's predicted base):\n");
	if (!c->nareas)
		printf("  none\n");
	else
		printf("  %-22s %-12s %-8s %-8s %-23s %s\n", "NAME", "BASE", "SIZE", "DEFAULT",
		       "PLACED IN", "FROM");
	for (i = 0; i < c->nareas; i++) {
		const struct area *a = &c->areas[i];
		char base[32], win[48] = "-", sz[32];

		snprintf(base, sizeof(base), "%s0x%08" PRIx64, a->fixed ? "" : "~", a->base);
		if (!a->fixed)
			snprintf(win, sizeof(win), "0x%08" PRIx64 "-0x%08" PRIx64, a->win_start,
				 a->win_end);
		size_str(a->size, sz, sizeof(sz));
		printf("  %-22s %-12s %-8s %-8s %-23s %s%s\n", a->name, base, sz,
		       a->is_default ? "yes" : "no", win, a->from,
		       a->inactive ? " - not activated: no pages" : "");
	}

	printf("\nDevice bindings:\n");
	if (!c->nbindings)
		printf("  none\n");
	for (i = 0; i < c->nbindings; i++) {
		const struct binding *b = &c->bindings[i];

		printf("  %-28s -> %-24s %s\n", b->device, b->area[0] ? b->area : "-", b->kind);
	}

	memory_map(c);

	printf("\n");
	problems(c);
	if (c->live)
		live_text(c->live);
}

/* A vfimc engine, whose binding a booted guest can read back (sysfs). */
static bool is_vfimc(const struct check *c, const char *path)
{
	int node = fdt_path_offset(c->in->fdt, path);

	return node >= 0 && !fdt_node_check_compatible(c->in->fdt, node, "cmalab,vfimc");
}

void report_json(const struct check *c)
{
	int i;

	printf("{");
	if (c->live)
		live_json(c->live);
	printf("\"target\":\"%s\",\"loader\":\"%s\",\"lpae\":%s,\"stock\":%s,",
	       target_name(&c->in->kc.target), c->in->loader_unknown ? "unknown" : "qemu",
	       c->in->kc.lpae ? "true" : "false", c->in->stock ? "true" : "false");
	printf("\"ram\":{\"base\":%" PRIu64 ",\"size\":%" PRIu64 ",\"lowmem_end\":%" PRIu64
	       ",\"dma_limit\":%" PRIu64 ",\"from\":\"%s\",\"banks\":[", ram_base(c->in),
	       ram_total(c->in), c->lowmem_end, c->dma_limit, c->in->mem_from);
	for (i = 0; i < c->in->nbanks; i++)
		printf("%s{\"base\":%" PRIu64 ",\"size\":%" PRIu64 "}", i ? "," : "",
		       c->in->banks[i].base, c->in->banks[i].size);
	printf("],\"mem\":");
	json_str(c->mem);
	printf("},");
	printf("\"areas\":[");
	for (i = 0; i < c->nareas; i++) {
		const struct area *a = &c->areas[i];

		printf("%s{\"name\":", i ? "," : "");
		json_str(a->name);
		if (a->fixed)
			printf(",\"base\":%" PRIu64, a->base);
		else
			printf(",\"base\":null,\"predicted_base\":%" PRIu64, a->base);
		printf(",\"size\":%" PRIu64 ",\"default\":%s,\"activated\":%s,\"window\":[%"
		       PRIu64 ",%" PRIu64 "],\"from\":", a->size, a->is_default ? "true" : "false",
		       a->inactive ? "false" : "true", a->win_start, a->win_end);
		json_str(a->from);
		printf("}");
	}
	printf("],\"bindings\":[");
	for (i = 0; i < c->nbindings; i++) {
		const struct binding *b = &c->bindings[i];

		printf("%s{\"device\":", i ? "," : "");
		json_str(b->device);
		printf(",\"area\":");
		if (b->area[0])
			json_str(b->area);
		else
			printf("null");
		printf(",\"kind\":");
		json_str(b->kind);
		printf(",\"vfimc\":%s}", is_vfimc(c, b->device) ? "true" : "false");
	}
	printf("],\"boot\":\"%s\",\"dropped\":%d,\"problems\":[", boots(c) ? "ok" : "fails",
	       c->dropped);
	for (i = 0; i < c->nproblems; i++) {
		const struct problem *p = &c->problems[i];

		printf("%s{\"severity\":\"%s\",\"where\":", i ? "," : "",
		       p->sev == SEV_ERROR ? "error" : "warning");
		json_str(p->where);
		printf(",\"rule\":");
		json_str(p->rule);
		printf(",\"message\":");
		json_str(p->message);
		printf(",\"fatal\":%s}", p->fatal ? "true" : "false");
	}
	printf("]}\n");
}
