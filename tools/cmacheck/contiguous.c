// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's model of kernel/dma/contiguous.c and mm/cma.c: the CMA areas,
 * rmem_cma_setup() for a reusable shared-dma-pool and which area is the
 * default, dma_contiguous_reserve() for cma= (early_cma(): parse.c) or
 * Kconfig through cma_declare_contiguous_nid(), and cma_activate_area()'s
 * rule that an area lies in one zone.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

/*
 * include/linux/cma.h: MAX_CMA_AREAS is 1 + CONFIG_CMA_AREAS in 6.1,
 * CONFIG_CMA_AREAS in 6.12 (whose Kconfig default went from 7 to 8).
 */
unsigned int max_cma_areas(const struct check *c)
{
	return k612(c) ? c->in->kc.cma_areas : c->in->kc.cma_areas + 1;
}

static struct area *new_area(struct check *c, const char *name, const char *from, int node)
{
	struct area *a;

	if (c->nareas == MAX_AREAS)
		return NULL;
	a = &c->areas[c->nareas++];
	memset(a, 0, sizeof(*a));
	snprintf(a->name, sizeof(a->name), "%s", name);
	snprintf(a->from, sizeof(a->from), "%s", from);
	a->node = node;
	return a;
}

const struct area *area_by_node(const struct check *c, int node)
{
	int i;

	for (i = 0; i < c->nareas; i++)
		if (c->areas[i].node == node)
			return &c->areas[i];
	return NULL;
}

const struct area *default_area(const struct check *c)
{
	int i;

	for (i = 0; i < c->nareas; i++)
		if (c->areas[i].is_default)
			return &c->areas[i];
	return NULL;
}

/* value in cells, as a tree writes it: "0x0 0x30000000" for two. */
static void cells_str(char *buf, size_t len, uint64_t v, uint32_t cells)
{
	if (cells == 2)
		snprintf(buf, len, "0x%" PRIx64 " 0x%08" PRIx64, v >> 32, v & UINT32_MAX);
	else
		snprintf(buf, len, "0x%" PRIx64, v);
}

/*
 * What a user does about a region placed by size across the zone
 * boundary: alloc-ranges below it (where memblock then places it), or a
 * size the zone above holds. r's own reservation is lifted while asking.
 */
static void zone_fix(struct check *c, const struct rmem *r, char *buf, size_t len)
{
	const void *fdt = c->in->fdt;
	uint32_t ac = cells_prop(fdt, 0, "#address-cells", 1, NULL);
	uint32_t sc = cells_prop(fdt, 0, "#size-cells", 1, NULL);
	uint64_t lo = ram_base(c->in), above = 0, size;
	char base[40], span[40];
	size_t at = 0;
	bool below;

	give_back(c, r->base, r->size);
	below = alloc_top_down(c, r->size, c->pageblock, lo, c->zone_end) != 0;
	for (size = (c->mem_end - c->zone_end) & ~(c->pageblock - 1); size && !above;
	     size -= c->pageblock)
		if (alloc_top_down(c, size, c->pageblock, c->zone_end, c->mem_end))
			above = size;
	reserve(c, r->base, r->base + r->size, "%s (placed here, as predicted)", r->path);
	buf[0] = '\0';
	if (below) {
		cells_str(base, sizeof(base), lo, ac);
		cells_str(span, sizeof(span), c->zone_end - lo, sc);
		at = (size_t)snprintf(buf, len, ". Keep it below with alloc-ranges = <%s %s>",
				      base, span);
	}
	if (above && at < len)
		snprintf(buf + at, len - at, "%s make it at most %" PRIu64 " MiB, which fits "
			 "above", below ? ", or" : ". Or", above / MIB);
}

/*
 * mm/cma.c: cma_activate_area(): every page of an area in one zone. The
 * boundary is lowmem's end on 32-bit ARM (where vmalloc= and mem= put it),
 * ZONE_DMA's end on arm64. The area is made (rmem_cma_setup() says
 * "created CMA memory pool", CmaTotal counts it until then), then refused:
 * count 0 in debugfs, every allocation from it fails. A region placed by
 * size lands across the boundary when the zone above cannot hold it, as
 * memblock allocates from the top down. True if a crosses it.
 */
static bool zone_boundary(struct check *c, const struct rmem *r, const struct area *a)
{
	const char *zone = arm64(c) ? "ZONE_DMA's end" : "lowmem's end";
	char fix[256] = "", placed[96] = "";

	if (a->base >= c->zone_end || a->base + a->size <= c->zone_end)
		return false;
	if (!a->fixed) {
		zone_fix(c, r, fix, sizeof(fix));
		snprintf(placed, sizeof(placed), "placed by size from the top down, it lands "
			 "at 0x%08" PRIx64 "-0x%08" PRIx64 ", ", a->base, a->base + a->size);
	} else {
		snprintf(placed, sizeof(placed), "0x%08" PRIx64 "-0x%08" PRIx64 " ", a->base,
			 a->base + a->size);
	}
	problem(c, SEV_ERROR, r->path, RULE_ZONE_BOUNDARY,
		"%sacross %s (0x%08" PRIx64 "): \"CMA area %s could not be activated\" "
		"(cma_activate_area()): reserved, but with no pages, so every allocation from "
		"it fails%s and its memory goes to the page allocator%s", placed, zone,
		c->zone_end, a->name, a->is_default ? " (it is the default area)" : "", fix);
	return true;
}

/*
 * rmem_cma_setup(): a linux,cma-default region becomes
 * dma_contiguous_default_area, whatever was before it: of two such
 * regions the last one set up wins, and which that is follows each
 * kernel's order (of_reserved_mem.c), which the warning says.
 */
static void make_default(struct check *c, struct area *a, const char *where)
{
	const char *order = !k612(c) ?
		"6.1 sets the regions up in the order it sorts them by base, those placed "
		"by size first as its heapsort leaves them" : arm64(c) ?
		"6.12 sets up the regions placed by size as it allocates them, in tree "
		"order, then those with reg, in tree order" :
		"6.12 sets up the regions placed by size as it allocates them, in tree "
		"order, then on 32-bit ARM those with reg, in tree order, after the default "
		"area from cma= or Kconfig";
	int i;

	for (i = 0; i < c->nareas; i++) {
		struct area *old = &c->areas[i];

		if (old == a || !old->is_default)
			continue;
		old->is_default = false;
		/* arm-6.12: a Kconfig area made before the static regions stays. */
		if (old->node < 0)
			continue;
		problem(c, SEV_WARNING, where, RULE_DEFAULT_TWICE,
			"linux,cma-default, as %s is: the kernel makes both areas and the last "
			"one rmem_cma_setup() sees becomes the default area, here %s (%s). %s is "
			"then an ordinary pool, for the devices whose memory-region names it; "
			"the kernel says nothing", old->name, a->name, order, old->name);
	}
	a->is_default = true;
}

/*
 * Where a fixed CMA region lies against RAM, lowmem and what is loaded (over
 * the initrd only on a stock kernel: initrd_refused() has the fixed one).
 */
static void fixed_cma_placement(struct check *c, const struct rmem *r)
{
	uint64_t end = r->base + r->size;
	const struct span *loaded[] = { &c->kernel, &c->initrd, &c->dtb };
	size_t i;

	if (!in_bank(c, r->base, end)) {
		problem(c, SEV_ERROR, r->path, RULE_OUTSIDE_RAM,
			"0x%08" PRIx64 "-0x%08" PRIx64 " is not all in one bank of RAM (0x%08"
			PRIx64 "-0x%08" PRIx64 "%s): the kernel accepts it (\"created CMA memory "
			"pool\"), then WARNs in cma_activate_area() (mm/cma.c) and oopses: the "
			"boot dies", r->base, end, ram_base(c->in), ram_end(c),
			c->in->nbanks > 1 ? ", with holes" : "");
		fatal(c);
		return;
	}
	for (i = 0; i < sizeof(loaded) / sizeof(loaded[0]); i++) {
		if (!over_loaded(r, loaded[i]))
			continue;
		problem(c, SEV_ERROR, r->path, RULE_OVERLAPS_LOADED,
			"overlaps the %s (0x%08" PRIx64 "-0x%08" PRIx64 ") as QEMU loads it: the "
			"kernel accepts it silently and gives those pages to the page allocator "
			"while they are in use%s", loaded[i]->what, loaded[i]->start,
			loaded[i]->end, loaded[i] != &c->initrd ? "" : !k612(c) ?
			"; freeing the initrd after unpacking frees them twice: \"BUG: Bad page "
			"state\"" :
			"; freeing the initrd after unpacking frees them twice, which 6.12 "
			"checks only with DEBUG_VM: it boots, CmaFree above CmaTotal");
		/* 6.12: mm/page_alloc.c checks freed pages only if check_pages_enabled. */
		if (loaded[i] == &c->initrd && !k612(c))
			fatal(c);
	}
}

/*
 * kernel/dma/contiguous.c: rmem_cma_setup(), for a reusable shared-dma-pool:
 * a CMA area, unless cma= bypasses a linux,cma-default region, the region
 * is off the pageblock or every slot is taken. 0 if it becomes an area.
 */
int rmem_cma_setup(struct check *c, struct rmem *r)
{
	const void *fdt = c->in->fdt;
	const struct kconfig *k = &c->in->kc;
	bool dflt = has(fdt, r->node, "linux,cma-default");
	bool fixed = has(fdt, r->node, "reg");
	struct area *a;

	if (!k->cma || !k->dma_cma) {
		problem(c, SEV_ERROR, r->path, RULE_CMA_DISABLED,
			"a reusable shared-dma-pool needs CONFIG_CMA and CONFIG_DMA_CMA, which are "
			"off: \"OF: reserved mem: node %s compatible matching fail\"", r->name);
		r->failed = true;
		return -1;
	}
	if (dflt && c->cma.given && !c->cma.no_value) {
		char ranges[96] = "";

		if (has(c->in->fdt, r->node, "alloc-ranges"))
			snprintf(ranges, sizeof(ranges), ", and its alloc-ranges (0x%08" PRIx64
				 "-0x%08" PRIx64 ") no longer places the default area",
				 r->win_start, r->win_end);
		problem(c, SEV_WARNING, r->path, RULE_CMA_BYPASS,
			"linux,cma-default, but cma= is on the command line, which wins: "
			"\"Reserved memory: bypass %s node, using cmdline CMA params instead\"; "
			"the region is given back%s (the area table says where cma= puts it)",
			r->name, ranges);
		r->failed = true;
		give_back(c, r->base, r->size);
		return -1;
	}
	if ((r->base | r->size) & (c->pageblock - 1)) {
		problem(c, SEV_ERROR, r->path, RULE_CMA_ALIGNMENT,
			"base 0x%08" PRIx64 " and size 0x%" PRIx64 " must be multiples of the "
			"pageblock, 0x%" PRIx64 " (CMA_MIN_ALIGNMENT_BYTES): \"Reserved memory: "
			"incorrect alignment of CMA region\"", r->base, r->size, c->pageblock);
		r->failed = true;
		early_remap_refused(c, r);
		return -1;
	}
	if (c->ncma >= (int)max_cma_areas(c)) {
		problem(c, SEV_ERROR, r->path, RULE_CMA_AREAS,
			"all %u slots (MAX_CMA_AREAS: %s) are taken: \"Not enough slots for CMA "
			"reserved regions!\", \"Reserved memory: unable to setup CMA region\"",
			max_cma_areas(c), k612(c) ? "CONFIG_CMA_AREAS" : "CONFIG_CMA_AREAS + 1");
		r->failed = true;
		early_remap_refused(c, r);
		return -1;
	}
	if (fixed)
		fixed_cma_placement(c, r);
	a = new_area(c, r->name, "reserved-memory node", r->node);
	if (!a)
		return -1;
	c->ncma++;
	a->fixed = fixed;
	a->base = r->base;
	a->size = r->size;
	a->win_start = fixed ? r->base : r->win_start;
	a->win_end = fixed ? r->base + r->size : r->win_end;
	if (dflt)
		make_default(c, a, r->path);
	a->inactive = zone_boundary(c, r, a);
	return 0;
}
static void cma_declare(struct check *c, uint64_t size, uint64_t base, uint64_t limit,
			bool fixed, const char *from, const char *where, int ncma)
{
	uint64_t align = c->pageblock, highmem_start = c->lowmem_end;
	uint64_t asize;
	struct area *a;
	uint64_t addr = 0, ws, we;

	if (ncma >= (int)max_cma_areas(c)) {
		problem(c, SEV_ERROR, where, RULE_CMA_AREAS,
			"the device tree takes all %u slots (MAX_CMA_AREAS: %s): \"cma: Not enough "
			"slots for CMA reserved regions!\"", max_cma_areas(c),
			k612(c) ? "CONFIG_CMA_AREAS" : "CONFIG_CMA_AREAS + 1");
		return;
	}
	if (fixed && (base & (align - 1))) {
		problem(c, SEV_ERROR, where, RULE_CMA_BASE_ALIGNMENT,
			"base 0x%08" PRIx64 " is not pageblock aligned: \"cma: Region at 0x%08"
			PRIx64 " must be aligned to 0x%08" PRIx64 " bytes\", \"cma: Failed to "
			"reserve %" PRIu64 " MiB\"", base, base, align, size / MIB);
		return;
	}
	base = align_up(base, align);
	asize = align_up(size, align);
	limit &= ~(align - 1);
	if (!base)
		fixed = false;
	if (fixed && base < highmem_start && base + asize > highmem_start) {
		problem(c, SEV_ERROR, where, RULE_LOWMEM_BOUNDARY,
			"0x%08" PRIx64 "-0x%08" PRIx64 " crosses the lowmem/highmem boundary: "
			"\"cma: Region at 0x%08" PRIx64 " defined on low/high memory boundary "
			"(0x%08" PRIx64 ")\", \"cma: Failed to reserve %" PRIu64 " MiB\"", base,
			base + asize, base, highmem_start, asize / MIB);
		return;
	}
	if (!limit || limit > c->mem_end)
		limit = c->mem_end;
	if (base + asize > limit) {
		problem(c, SEV_ERROR, where, RULE_CMA_LIMIT,
			"base + size is beyond the limit: \"cma: Size (0x%08" PRIx64 ") of region "
			"at 0x%08" PRIx64 " exceeds limit (0x%08" PRIx64 ")\", \"cma: Failed to "
			"reserve %" PRIu64 " MiB\"", asize, base, limit, asize / MIB);
		return;
	}
	if (asize != size)
		problem(c, SEV_WARNING, where, RULE_CMA_SIZE_ROUNDED,
			"%" PRIu64 " bytes is rounded up to the pageblock: the area is %" PRIu64
			" MiB", size, asize / MIB);
	ws = base ? base : ram_base(c->in);
	we = limit;
	if (fixed) {
		const struct span *r = reserved_at(c, base, base + asize);

		if (r || base < ram_base(c->in)) {
			problem(c, SEV_ERROR, where, RULE_CMA_RESERVED,
				"0x%08" PRIx64 "-0x%08" PRIx64 " %s: \"cma: Failed to reserve %"
				PRIu64 " MiB\"", base, base + asize,
				r ? "is already reserved" : "is not RAM", asize / MIB);
			if (r)
				problem(c, SEV_ERROR, where, RULE_CMA_RESERVED,
					"(it overlaps %s at 0x%08" PRIx64 "-0x%08" PRIx64 ")",
					r->what, r->start, r->end);
			return;
		}
		addr = base;
	} else {
		/* All pages of an area in one zone: highmem first, then lowmem. */
		if (base < highmem_start && limit > highmem_start) {
			addr = alloc_top_down(c, asize, align, highmem_start, limit);
			if (addr) {
				ws = highmem_start;
			} else {
				limit = highmem_start;
				we = limit;
			}
		}
		if (!addr)
			addr = alloc_top_down(c, asize, align, base, limit);
		if (!addr) {
			problem(c, SEV_ERROR, where, RULE_CMA_NO_ROOM,
				"no free %" PRIu64 " MiB in 0x%08" PRIx64 "-0x%08" PRIx64
				": \"cma: Failed to reserve %" PRIu64 " MiB\"",
				asize / MIB, ws, we, asize / MIB);
			return;
		}
	}
	a = new_area(c, "reserved", from, -1);
	if (!a)
		return;
	c->ncma++;	/* on arm-6.12 fixed regions come after it */
	a->fixed = fixed;
	a->base = addr;
	a->size = asize;
	a->win_start = fixed ? addr : ws;
	a->win_end = fixed ? addr + asize : we;
	a->is_default = true;
	reserve(c, addr, addr + asize, "the default CMA area%s",
		fixed ? "" : " (placed here, as predicted)");
}

/* The limit dma_contiguous_reserve() is called with; 0 (none) as the top. */
static uint64_t arch_limit(const struct check *c)
{
	return c->dma_limit ? c->dma_limit : UINT64_MAX;
}

void default_area_rule(struct check *c, int ncma)
{
	const struct kconfig *k = &c->in->kc;
	struct cma_param *p = &c->cma;
	char where[TEXT_LEN + 32];
	uint64_t size, base, limit;
	bool fixed;

	snprintf(where, sizeof(where), "cma=%s", p->text);
	if (p->given && !k->dma_cma) {
		problem(c, SEV_ERROR, where, RULE_CMA_DISABLED,
			"CONFIG_DMA_CMA is off: the kernel does not know cma= and passes it to init");
		return;
	}
	/* early_param() calls early_cma() for each; the last one's values stay. */
	if (p->count > 1)
		problem(c, SEV_WARNING, "command line", RULE_CMA_REPEATED,
			"%u cma= parameters (%s): the kernel takes the last and ignores the "
			"others without a message", p->count, p->all);
	if (p->given && p->no_value) {
		problem(c, SEV_ERROR, "cma", RULE_CMA_SYNTAX,
			"cma without a value: \"Config string not provided\", \"Malformed early "
			"option 'cma'\"; no default area");
		return;
	}
	if (p->given) {
		if (p->count > 1)
			snprintf(where, sizeof(where), "cma=%s (the last of %u)", p->text, p->count);
		if (!p->numeric)
			problem(c, SEV_ERROR, where, RULE_CMA_SYNTAX,
				"'%s' is not a number: the kernel reads size 0 and reserves nothing, "
				"without a message", p->text);
		else if (p->junk[0])
			problem(c, SEV_WARNING, where, RULE_CMA_JUNK,
				"the kernel ignores '%s' after the value, without a message", p->junk);
		/* size_cmdline and friends are phys_addr_t. */
		size = phys(c, p->size);
		base = phys(c, p->base);
		limit = phys(c, p->limit);
		if (!c->in->kc.lpae && size == 0xffffffffULL) {
			problem(c, SEV_WARNING, where, RULE_CMA_MINUS_ONE,
				"a size of 0xffffffff is the kernel's \"no cma=\" marker: ignored");
			goto from_kconfig;
		} else if (p->size != size || p->base != base || p->limit != limit) {
			problem(c, SEV_WARNING, where, RULE_CMA_32BIT,
				"phys_addr_t is 32 bits without LPAE: the kernel truncates the values "
				"to size 0x%" PRIx64 ", base 0x%" PRIx64 ", limit 0x%" PRIx64,
				size, base, limit);
		}
		if (!size)
			return;
		if (default_area(c))
			return;
		/*
		 * dma_contiguous_reserve(arm_dma_limit = 0xffffffff on ARM,
		 * arm64_dma_phys_limit on arm64): the lower non-zero limit.
		 */
		fixed = phys(c, base + size) == limit;
		limit = limit && limit < arch_limit(c) ? limit : arch_limit(c);
		cma_declare(c, size, base, limit, fixed, "cma=", where, ncma);
		return;
	}
from_kconfig:
	if (default_area(c) || !k->dma_cma || !k->cma_size_mbytes)
		return;
	cma_declare(c, k->cma_size_mbytes * MIB, 0, arch_limit(c), false, "Kconfig",
		    "CONFIG_CMA_SIZE_MBYTES", ncma);
}
