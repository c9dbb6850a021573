// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's model of what devices get: rmem_dma_setup()
 * (kernel/dma/coherent.c) for a DMA pool, of_reserved_mem_device_init()
 * (drivers/of/of_reserved_mem.c) for a memory-region, what a device
 * reaches through its bus's dma-ranges (drivers/of/address.c) and its
 * mask (kernel/dma/direct.c), and the devices of_platform_populate()
 * makes (drivers/of/platform.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

/*
 * kernel/dma/coherent.c: rmem_dma_setup(), for a shared-dma-pool that is
 * not reusable: it must be no-map. 0 if it is set up, -1 if refused.
 */
int rmem_dma_setup(struct check *c, struct rmem *r)
{
	if (has(c->in->fdt, r->node, "no-map"))
		return 0;
	/*
	 * rmem_dma_setup() refuses it on ARM (#ifdef CONFIG_ARM); elsewhere a
	 * device's rmem_dma_device_init() fails to memremap() RAM.
	 */
	if (!arm64(c))
		problem(c, SEV_ERROR, r->path, RULE_POOL_NEEDS_NO_MAP,
			"a shared-dma-pool that is not reusable needs no-map on ARM: "
			"\"Reserved memory: regions without no-map are not yet supported\"");
	else
		problem(c, SEV_ERROR, r->path, RULE_POOL_NEEDS_NO_MAP,
			"a shared-dma-pool that is not reusable needs no-map: arm64 takes it "
			"at boot (\"map non-reusable\"), then a device's memory-region to it "
			"fails in memremap() with a WARNING, \"memremap attempted on ram\"");
	r->failed = true;
	return -1;
}

/*
 * What a device reaches: CPU address windows, each with the DMA address
 * its start has. No windows: nothing limits it but its mask.
 */
#define MAX_WINDOWS	8

struct reach {
	int n;
	uint64_t cpu[MAX_WINDOWS], end[MAX_WINDOWS], dma[MAX_WINDOWS];
	int bus;		/* the node whose dma-ranges these are, or -1 */
};

/*
 * drivers/of/address.c: of_dma_get_range(): from the device up, the first
 * node with a non-empty dma-ranges; an empty one means "no translation,
 * ask the parent", and once one was passed a node without dma-ranges ends
 * the walk with no map at all (so does the root). Each entry maps a child
 * bus address to the parent's address, which is taken as the CPU's (the
 * entries' own translation up the tree is not followed). A PCI bus's
 * three address cells carry flags in the first.
 */
static void dma_map(const void *fdt, int node, struct reach *r)
{
	bool found = false;
	const fdt32_t *p = NULL;
	uint32_t na, pna, ns;
	int len = 0, pp;

	r->n = 0;
	r->bus = -1;
	while (node >= 0) {
		p = fdt_getprop(fdt, node, "dma-ranges", &len);
		if (p && len > 0)
			break;
		if (found && !p)
			return;
		found = true;
		node = node ? fdt_parent_offset(fdt, node) : -1;
	}
	if (node <= 0)
		return;
	pp = fdt_parent_offset(fdt, node);
	na = cells_prop(fdt, node, "#address-cells", 2, NULL);
	ns = cells_prop(fdt, node, "#size-cells", 1, NULL);
	pna = pp >= 0 ? cells_prop(fdt, pp, "#address-cells", 2, NULL) : 2;
	if (na < 1 || na > 3 || pna < 1 || pna > 2 || ns < 1 || ns > 2)
		return;
	r->bus = node;
	for (; len >= (int)(na + pna + ns) * 4 && r->n < MAX_WINDOWS;
	     len -= (int)(na + pna + ns) * 4) {
		uint64_t dma, cpu, size;

		if (na == 3)
			read_cells(&p, 1);
		dma = read_cells(&p, na == 3 ? 2 : na);
		cpu = read_cells(&p, pna);
		size = read_cells(&p, ns);
		if (!size)
			continue;
		r->cpu[r->n] = cpu;
		r->end[r->n] = cpu + size;
		r->dma[r->n++] = dma;
	}
}

/* The CPU address a DMA address maps to, or false. */
static bool window_of(const struct reach *r, uint64_t cpu, int *w)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (cpu >= r->cpu[i] && cpu < r->end[i]) {
			*w = i;
			return true;
		}
	return false;
}

/* True if [start, end) lies in one window (or nothing limits the device). */
static bool reaches(const struct reach *r, uint64_t start, uint64_t end)
{
	int w;

	return !r->n || (window_of(r, start, &w) && end <= r->end[w]);
}

static void reach_str(const struct reach *r, char *buf, size_t len)
{
	size_t at = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < r->n && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s0x%08" PRIx64 "-0x%08" PRIx64,
				       i ? ", " : "", r->cpu[i], r->end[i]);
}

/*
 * dma_direct_supported() (kernel/dma/direct.c): a mask under 32 bits must
 * reach the last page of RAM, or with ZONE_DMA the end of that zone
 * (arm64: where the tree's dma-ranges put it; 32-bit ARM: zone_dma_bits'
 * default, 24 bits, whatever the machine's zone), translated through the
 * bus's dma-ranges; else vfimc's dma_set_mask_and_coherent() fails.
 */
static bool mask_supported(struct check *c, const char *path, uint32_t bits,
			   const struct reach *r)
{
	uint64_t last = ram_end(c) - 4096, mask, need = last;
	const char *what = "the last page of RAM";
	int w;

	if (bits >= 32)
		return true;
	mask = (1ULL << bits) - 1;
	if (arm64(c) && c->in->kc.zone_dma && c->dma_limit && c->dma_limit - 1 < last) {
		last = c->dma_limit - 1;
		what = "the end of ZONE_DMA";
	}
	if (!arm64(c) && c->in->kc.zone_dma && last > (UINT64_C(1) << 24) - 1) {
		last = (UINT64_C(1) << 24) - 1;
		what = "ZONE_DMA's end as 32-bit ARM's zone_dma_bits (24) gives it";
	}
	if (r->n)
		need = window_of(r, last, &w) ? last - r->cpu[w] + r->dma[w] : UINT32_MAX;
	if (mask >= need)
		return true;
	problem(c, SEV_ERROR, path, RULE_DMA_MASK,
		"a %u-bit DMA mask does not reach %s (0x%08" PRIx64 ", bus address 0x%08" PRIx64
		"), which dma_direct_supported() requires: vfimc probe fails: \"cannot set a %u-bit "
		"DMA mask: -5\"", bits, what, last, need, bits);
	return false;
}

/*
 * A vfimc engine's reach: its bus's map, cut at its mask (cmalab,dma-bits).
 * False if it cannot probe (vfimc refuses a width out of range).
 */
static bool vfimc_reach(struct check *c, int node, const char *path, struct reach *r)
{
	uint32_t bits = cells_prop(c->in->fdt, node, "cmalab,dma-bits", 32, NULL);
	uint64_t top;
	int i, n = 0;

	if (bits < 24 || bits > 64) {
		problem(c, SEV_ERROR, path, RULE_DMA_BITS,
			"cmalab,dma-bits = %u: vfimc probe fails: \"cmalab,dma-bits = %u: must be "
			"24 to 64: -22\"", bits, bits);
		return false;
	}
	top = bits >= 64 ? UINT64_MAX : 1ULL << bits;
	dma_map(c->in->fdt, node, r);
	if (!r->n) {
		r->n = 1;
		r->cpu[0] = r->dma[0] = 0;
		r->end[0] = top;
		return mask_supported(c, path, bits, r);
	}
	if (!mask_supported(c, path, bits, r))
		return false;
	for (i = 0; i < r->n; i++) {
		uint64_t room = r->dma[i] < top ? top - r->dma[i] : 0;

		if (!room)
			continue;
		r->cpu[n] = r->cpu[i];
		r->dma[n] = r->dma[i];
		r->end[n] = r->end[i] - r->cpu[i] < room ? r->end[i] : r->cpu[i] + room;
		n++;
	}
	if (!n) {		/* nothing at all: an empty window */
		r->cpu[0] = r->end[0] = r->dma[0] = 0;
		n = 1;
	}
	r->n = n;
	return true;
}

/*
 * Whether area a lies in reach r. A placed area is judged by its window,
 * and its predicted base is said too.
 */
static void check_reach(struct check *c, const char *dev, const struct area *a,
			const struct reach *r)
{
	char win[160];

	reach_str(r, win, sizeof(win));
	if (a->fixed && !reaches(r, a->base, a->base + a->size) && arm64(c))
		/* kernel/dma/direct.c: __dma_direct_alloc_pages() */
		problem(c, SEV_WARNING, dev, RULE_REACH,
			"its area %s (0x%08" PRIx64 "-0x%08" PRIx64 ") is outside what the device "
			"reaches (%s): dma-direct gives each CMA buffer back (dma_coherent_ok()) "
			"and takes pages from the page allocator within reach (GFP_DMA/GFP_DMA32), "
			"so the area serves this device nothing and a buffer above the largest "
			"buddy block (4 MiB) fails", a->name, a->base, a->base + a->size, win);
	else if (a->fixed && !reaches(r, a->base, a->base + a->size))
		problem(c, SEV_ERROR, dev, RULE_REACH,
			"its area %s (0x%08" PRIx64 "-0x%08" PRIx64 ") is outside what the device "
			"reaches (%s): a stock ARM kernel hands it buffers it cannot use; with "
			"cmalab's series (patch 0006) every allocation from the area fails, ENOMEM",
			a->name, a->base, a->base + a->size, win);
	else if (!a->fixed && !reaches(r, a->win_start, a->win_end))
		problem(c, SEV_WARNING, dev, RULE_REACH,
			"its area %s is placed anywhere in 0x%08" PRIx64 "-0x%08" PRIx64 " (from the "
			"top down; predicted 0x%08" PRIx64 "-0x%08" PRIx64 ", %s reach), beyond what "
			"the device reaches (%s): give the region alloc-ranges or reg within reach",
			a->name, a->win_start, a->win_end, a->base, a->base + a->size,
			reaches(r, a->base, a->base + a->size) ? "within" : "out of", win);
}

static struct binding *new_binding(struct check *c, const char *dev, const char *area,
				   const char *kind)
{
	struct binding *b;
	size_t n;

	if (c->nbindings == MAX_BINDINGS)
		return NULL;
	n = strnlen(area, NAME_LEN - 1);
	b = &c->bindings[c->nbindings++];
	snprintf(b->device, sizeof(b->device), "%s", dev);
	/* area may be an area's name, inside *c too. */
	memmove(b->area, area, n);
	b->area[n] = '\0';
	snprintf(b->kind, sizeof(b->kind), "%s", kind);
	return b;
}

/* A device's reach: vfimc's own, or its bus's (no mask of its own known). */
static bool reach_of(struct check *c, int node, const char *path, struct reach *r)
{
	if (!fdt_node_check_compatible(c->in->fdt, node, "cmalab,vfimc"))
		return vfimc_reach(c, node, path, r);
	dma_map(c->in->fdt, node, r);
	return true;
}

/* One device with memory-region: of_reserved_mem_device_init(). */
static void bind_region(struct check *c, int node, const char *path, int rmnode)
{
	const void *fdt = c->in->fdt;
	const fdt32_t *p = fdt_getprop(fdt, node, "memory-region", NULL);
	int target = p ? fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*p)) : -1;
	char tpath[WHERE_LEN];
	const struct area *a;
	struct reach r;

	if (target < 0) {
		problem(c, SEV_ERROR, path, RULE_MEMORY_REGION,
			"memory-region does not point to a node (vfimc: \"memory-region does not "
			"point to a node: -19\")");
		new_binding(c, path, "", "unbound");
		return;
	}
	node_path(fdt, target, tpath, sizeof(tpath));
	if (rmnode < 0 || fdt_parent_offset(fdt, target) != rmnode) {
		problem(c, SEV_ERROR, path, RULE_MEMORY_REGION,
			"memory-region points to %s, which is not a /reserved-memory region", tpath);
		new_binding(c, path, "", "unbound");
		return;
	}
	if (!available(fdt, target)) {
		problem(c, SEV_ERROR, path, RULE_MEMORY_REGION,
			"memory-region points to %s, which is disabled (vfimc: \"memory-region %s "
			"is disabled: -19\")", tpath, tpath);
		new_binding(c, path, "", "unbound");
		return;
	}
	a = area_by_node(c, target);
	if (a) {
		if (!reach_of(c, node, path, &r)) {
			new_binding(c, path, "", "unbound");
			return;
		}
		new_binding(c, path, a->name, "cma");
		check_reach(c, path, a, &r);
		return;
	}
	if (!fdt_node_check_compatible(fdt, target, "shared-dma-pool") &&
	    has(fdt, target, "no-map") && !has(fdt, target, "reusable")) {
		new_binding(c, path, fdt_get_name(fdt, target, NULL), "pool");
		return;
	}
	/*
	 * Not a DMA pool at all (no shared-dma-pool): a carve-out the driver
	 * maps itself (remoteproc firmware, a frame buffer, ramoops); only
	 * vfimc asks of_reserved_mem_device_init() for it.
	 */
	if (fdt_node_check_compatible(fdt, target, "shared-dma-pool") &&
	    fdt_node_check_compatible(fdt, node, "cmalab,vfimc")) {
		new_binding(c, path, fdt_get_name(fdt, target, NULL), "carve-out");
		return;
	}
	problem(c, SEV_ERROR, path, RULE_MEMORY_REGION,
		"%s was not set up as a CMA area or DMA pool (see its own problem): the driver's "
		"probe fails (vfimc: \"memory-region %s was not set up as a DMA pool: -22\")",
		tpath, tpath);
	new_binding(c, path, "", "unbound");
}

/*
 * drivers/of/platform.c: of_platform_populate() makes a device of every
 * child with compatible of the root and of the buses it descends into
 * (of_default_bus_match_table); each gets its DMA setup there.
 */
static bool is_bus(const void *fdt, int node)
{
	return !fdt_node_check_compatible(fdt, node, "simple-bus") ||
	       !fdt_node_check_compatible(fdt, node, "simple-mfd") ||
	       !fdt_node_check_compatible(fdt, node, "isa") ||
	       !fdt_node_check_compatible(fdt, node, "arm,amba-bus");
}

/* A populated node that may do DMA: not a bare simple-bus (a bus is a device too). */
static bool platform_device(const void *fdt, int node)
{
	const char *compat = fdt_getprop(fdt, node, "compatible", NULL);
	int parent = fdt_parent_offset(fdt, node);

	if (!compat || !strcmp(compat, "simple-bus"))
		return false;
	for (; parent > 0; parent = fdt_parent_offset(fdt, parent))
		if (!is_bus(fdt, parent) || !available(fdt, parent))
			return false;
	return parent == 0;
}

/*
 * The devices behind one bus's dma-ranges that use the default area: one
 * problem per bus, naming them, when the area is out of their reach.
 */
struct bus_group {
	int bus;
	struct reach r;
	int ndev, more;
	char names[TEXT_LEN / 2];
};

#define MAX_BUSES	16

static void group_add(struct bus_group *g, int *ng, const void *fdt, int node,
		      const struct reach *r)
{
	const char *name = fdt_get_name(fdt, node, NULL);
	size_t at;
	int i;

	for (i = 0; i < *ng && g[i].bus != r->bus; i++)
		;
	if (i == *ng) {
		if (*ng == MAX_BUSES)
			return;
		memset(&g[i], 0, sizeof(g[i]));
		g[i].bus = r->bus;
		g[i].r = *r;
		(*ng)++;
	}
	at = strlen(g[i].names);
	g[i].ndev++;
	if (name && at + strlen(name) + 2 < sizeof(g[i].names) - 16)
		snprintf(g[i].names + at, sizeof(g[i].names) - at, "%s%s", at ? ", " : "", name);
	else
		g[i].more++;
}

static void group_reach(struct check *c, const struct bus_group *g, const struct area *d)
{
	char path[WHERE_LEN], win[160], more[32] = "";
	const char *what;

	if (d->fixed ? reaches(&g->r, d->base, d->base + d->size) :
		       reaches(&g->r, d->win_start, d->win_end))
		return;
	node_path(c->in->fdt, g->bus, path, sizeof(path));
	reach_str(&g->r, win, sizeof(win));
	if (g->more)
		snprintf(more, sizeof(more), " and %d more", g->more);
	if (!d->fixed) {
		problem(c, SEV_WARNING, path, RULE_REACH_DEFAULT,
			"%d device(s) here reach only %s (dma-ranges) and use the default area "
			"%s, which may be placed anywhere in 0x%08" PRIx64 "-0x%08" PRIx64
			" (predicted 0x%08" PRIx64 "-0x%08" PRIx64 ", %s reach): %s%s",
			g->ndev, win, d->name, d->win_start, d->win_end, d->base, d->base + d->size,
			reaches(&g->r, d->base, d->base + d->size) ? "within" : "out of",
			g->names, more);
		return;
	}
	what = arm64(c) ? "dma-direct gives its buffers back and takes pages within reach "
			  "from the page allocator, so nothing above 4 MiB" :
			  "a stock ARM kernel hands them buffers they cannot use (with cmalab's "
			  "patch 0006: ENOMEM)";
	problem(c, arm64(c) ? SEV_WARNING : SEV_ERROR, path, RULE_REACH_DEFAULT,
		"%d device(s) here reach only %s (dma-ranges) and use the default area %s "
		"(0x%08" PRIx64 "-0x%08" PRIx64 "), which lies outside: %s: %s%s",
		g->ndev, win, d->name, d->base, d->base + d->size, what, g->names, more);
}

void bindings(struct check *c)
{
	const void *fdt = c->in->fdt;
	int rmnode = fdt_path_offset(fdt, "/reserved-memory");
	const struct area *d = default_area(c);
	struct bus_group groups[MAX_BUSES];
	int node, depth = 0, ngroups = 0, i;

	for (node = fdt_next_node(fdt, -1, &depth); node >= 0;
	     node = fdt_next_node(fdt, node, &depth)) {
		bool vfimc = !fdt_node_check_compatible(fdt, node, "cmalab,vfimc");
		char path[WHERE_LEN];
		struct reach r;

		if (rmnode >= 0 && fdt_parent_offset(fdt, node) == rmnode)
			continue;
		/* A disabled engine (vendor SoC trees ship them so): no device at all. */
		if (!available(fdt, node)) {
			if (has(fdt, node, "memory-region") || vfimc) {
				node_path(fdt, node, path, sizeof(path));
				new_binding(c, path, "", "disabled");
			}
			continue;
		}
		node_path(fdt, node, path, sizeof(path));
		if (has(fdt, node, "memory-region")) {
			bind_region(c, node, path, rmnode);
			continue;
		}
		if (vfimc) {
			/* Without memory-region: the default area, as ARM dma-mapping does. */
			if (!vfimc_reach(c, node, path, &r)) {
				new_binding(c, path, "", "unbound");
				continue;
			}
			new_binding(c, path, d ? d->name : "", d ? "default-cma" : "none");
			if (d)
				check_reach(c, path, d, &r);
			continue;
		}
		/* Any other device: listed when its bus limits what it reaches. */
		if (!platform_device(fdt, node))
			continue;
		dma_map(fdt, node, &r);
		if (!r.n || r.bus == node)	/* a bridge: its dma-ranges are its bus's */
			continue;
		new_binding(c, path, d ? d->name : "", d ? "default-cma" : "none");
		group_add(groups, &ngroups, fdt, node, &r);
	}
	for (i = 0; d && i < ngroups; i++)
		group_reach(c, &groups[i], d);
}
