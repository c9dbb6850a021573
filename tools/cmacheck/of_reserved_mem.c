// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's model of drivers/of/of_reserved_mem.c (6.1 keeps its first
 * half in drivers/of/fdt.c): /reserved-memory's format, each child's reg
 * (reserved at once) or size (placed later), overlaps, 6.1's sort, and
 * each region handed to its setup function - rmem_cma_setup()
 * (contiguous.c), rmem_dma_setup() (dma.c) - in the order each kernel
 * does it.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

#define SMP_CACHE_BYTES	64

/* A node named reserved-memory anywhere but under the root is never read. */
static void misplaced_reserved_memory(struct check *c, int rmnode)
{
	const void *fdt = c->in->fdt;
	int node, depth = 0;

	for (node = fdt_next_node(fdt, -1, &depth); node >= 0;
	     node = fdt_next_node(fdt, node, &depth)) {
		const char *name = fdt_get_name(fdt, node, NULL);
		char path[WHERE_LEN];

		if (node == rmnode || !name || strcmp(name, "reserved-memory"))
			continue;
		node_path(fdt, node, path, sizeof(path));
		problem(c, SEV_ERROR, path, RULE_RESERVED_MEMORY_PATH,
			"only /reserved-memory is read (drivers/of/fdt.c: fdt_scan_reserved_mem()); "
			"the regions under %s are ignored, without a message", path);
	}
}

/* __reserved_mem_check_root(): the root's cell counts and a ranges property. */
static bool reserved_memory_root(struct check *c, int node, uint32_t ac, uint32_t sc)
{
	const void *fdt = c->in->fdt;
	bool fa, fs;
	uint32_t rac = cells_prop(fdt, node, "#address-cells", 0, &fa);
	uint32_t rsc = cells_prop(fdt, node, "#size-cells", 0, &fs);

	if (fa && fs && rac == ac && rsc == sc && has(fdt, node, "ranges"))
		return true;
	problem(c, SEV_ERROR, "/reserved-memory", RULE_RESERVED_MEMORY_FORMAT,
		"#address-cells/#size-cells must equal the root's (%u/%u) and ranges must be "
		"present; here %s/%s%s. The kernel ignores every region under it, the good "
		"ones too: \"Reserved memory: unsupported node format, ignoring\"",
		ac, sc, fa ? (rac == ac ? "equal" : "differ") : "missing",
		fs ? (rsc == sc ? "equal" : "differ") : "missing",
		has(fdt, node, "ranges") ? "" : ", ranges missing");
	return false;
}

/* __reserved_mem_reserve_reg(): a region with reg is reserved at once. */
static int reserve_reg(struct check *c, struct rmem *r, uint32_t ac, uint32_t sc)
{
	const void *fdt = c->in->fdt;
	int len, t_len = (int)(ac + sc) * 4;
	const fdt32_t *p = fdt_getprop(fdt, r->node, "reg", &len);
	bool nomap = has(fdt, r->node, "no-map"), first = true;

	if (len && len % t_len) {
		problem(c, SEV_ERROR, r->path, RULE_REG_CELLS,
			"reg is %d bytes, not a multiple of (#address-cells + #size-cells) * 4 = %d: "
			"\"Reserved memory: invalid reg property in '%s', skipping node.\"",
			len, t_len, r->name);
		return -1;
	}
	while (len >= t_len) {
		uint64_t base = phys(c, read_cells(&p, ac)), size = phys(c, read_cells(&p, sc));

		len -= t_len;
		/* early_init_dt_reserve_memory(): no-map refuses reserved memory. */
		if (!size || (nomap && memblock_reserved(c, base, base + size) &&
			      overlaps_ram(c, base, base + size))) {
			problem(c, SEV_ERROR, r->path, RULE_REG_RESERVE,
				"%s: \"Reserved memory: failed to reserve memory for node '%s': "
				"base 0x%08" PRIx64 ", size %" PRIu64 " MiB\"",
				!size ? "the size is 0" : "a no-map region on memory already reserved",
				r->name, base, size / MIB);
			if (first)
				r->failed = true;
		} else {
			int at = c->nreserved;

			reserve(c, base, base + size, "%s", r->path);
			if (c->nreserved > at)
				c->reserved[at].nomap = nomap;
		}
		if (first) {
			r->base = base;
			r->size = size;
			first = false;
		}
	}
	return 0;
}

/*
 * cmalab's fix (patches/linux-KERNEL/fixes/, "of: reserved_mem: do not make
 * a CMA area of pages another region holds"): a reusable region that
 * overlaps a region before it in the tree, or one after it that is not
 * reusable, is refused and stays reserved; of two reusable regions over the
 * same pages the first is kept. 6.1 still prints "OVERLAP DETECTED!" first.
 */
static void overlap_refused(struct check *c, struct rmem *r, const struct rmem *other)
{
	if (r->failed)
		return;
	problem(c, SEV_ERROR, r->path, RULE_REGION_OVERLAP,
		"reusable, and shares pages with %s: %s\"OF: reserved mem: reusable region "
		"'%s' shares pages with '%s', not used\" (cmalab's fix; stock kernels make "
		"CMA areas of both); a device bound to it fails to probe", other->path,
		k612(c) ? "" : "\"OVERLAP DETECTED!\", ", r->name, other->name);
	r->failed = true;
}

/* __rmem_check_for_overlap(): regions with reg, sorted by base. */
static void region_overlaps(struct check *c, struct rmem *rm, int n)
{
	const void *fdt = c->in->fdt;
	int i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++) {
			struct rmem *a = &rm[i], *b = &rm[j];
			bool cma;

			if (!a->size || !b->size ||
			    !overlaps(a->base, a->base + a->size, b->base, b->base + b->size))
				continue;
			if (!c->in->stock && has(fdt, b->node, "reusable")) {
				overlap_refused(c, b, a);
				continue;
			}
			if (!c->in->stock && has(fdt, a->node, "reusable")) {
				overlap_refused(c, a, b);
				continue;
			}
			cma = has(fdt, a->node, "reusable") && has(fdt, b->node, "reusable");
			/*
			 * Both CMA areas free the shared pages to the buddy
			 * allocator. 32-bit ARM hangs; arm64 6.1 stops at
			 * "BUG: Bad page state"; 6.12 checks free pages only
			 * with DEBUG_VM (mm/page_alloc.c: check_pages_enabled)
			 * and boots on a corrupt free list.
			 */
			if (!cma)
				problem(c, SEV_WARNING, b->path, RULE_REGION_OVERLAP,
					"overlaps %s: \"OVERLAP DETECTED!\"; both are set up over "
					"the same memory (no CMA area among them: nothing is handed "
					"out twice)", a->path);
			else if (!arm64(c))
				problem(c, SEV_ERROR, b->path, RULE_REGION_OVERLAP,
					"overlaps %s: \"OVERLAP DETECTED!\"; both become CMA areas "
					"over the same pages: the kernel hangs before the console "
					"comes up (only earlycon shows it)", a->path);
			else if (!k612(c))
				problem(c, SEV_ERROR, b->path, RULE_REGION_OVERLAP,
					"overlaps %s: \"OVERLAP DETECTED!\"; both become CMA areas "
					"over the same pages, freed twice: \"BUG: Bad page state\"",
					a->path);
			else
				problem(c, SEV_ERROR, b->path, RULE_REGION_OVERLAP,
					"overlaps %s: \"OVERLAP DETECTED!\"; both become CMA areas "
					"over the same pages, freed twice: without DEBUG_VM 6.12 does "
					"not check, boots, and hands the same pages out twice",
					a->path);
			if (cma && (!arm64(c) || !k612(c)))
				fatal(c);
		}
}

/*
 * A property of one value, which the kernel reads only when it is exactly
 * CELLS cells long ("invalid size property in '%s' node.").
 */
static bool one_value(struct check *c, struct rmem *r, const char *prop, uint32_t cells,
		      const char *cells_name, uint64_t *out)
{
	int len;
	const fdt32_t *p = fdt_getprop(c->in->fdt, r->node, prop, &len);

	if (len == (int)cells * 4) {
		*out = read_cells(&p, cells);
		return true;
	}
	problem(c, SEV_ERROR, r->path, !strcmp(prop, "size") ? RULE_SIZE_CELLS : RULE_ALIGNMENT_CELLS,
		"%s is %d bytes, not %s * 4 = %u: \"invalid %s property in '%s' node.\"",
		prop, len, cells_name, cells * 4, prop, r->name);
	r->failed = true;
	return false;
}

/*
 * __reserved_mem_alloc_size(): size, alignment and alloc-ranges, checked
 * and allocated; a reusable shared-dma-pool is aligned to a pageblock.
 */
static void alloc_sized(struct check *c, struct rmem *r, uint32_t ac, uint32_t sc)
{
	const void *fdt = c->in->fdt;
	int len, t_len = (int)(ac + sc) * 4;
	const fdt32_t *p;
	uint64_t size, align = 0, base = 0;
	bool nomap = has(fdt, r->node, "no-map");

	if (!one_value(c, r, "size", sc, "#size-cells", &size) ||
	    (has(fdt, r->node, "alignment") &&
	     !one_value(c, r, "alignment", ac, "#address-cells", &align)))
		return;
	size = phys(c, size);
	if (c->in->kc.cma && !fdt_node_check_compatible(fdt, r->node, "shared-dma-pool") &&
	    has(fdt, r->node, "reusable") && !nomap && align < c->pageblock)
		align = c->pageblock;
	if (!align)
		align = SMP_CACHE_BYTES;
	if (align & (align - 1)) {
		problem(c, SEV_ERROR, r->path, RULE_ALIGNMENT_POWER,
			"alignment 0x%" PRIx64 " is not a power of two: memblock rounds it "
			"unpredictably", align);
		r->failed = true;
		return;
	}

	/*
	 * early_init_dt_alloc_reserved_memory_arch(): without alloc-ranges
	 * the end is MEMBLOCK_ALLOC_ANYWHERE, which memblock's current limit
	 * (lowmem's end on 32-bit ARM) does not clamp: all of memblock, so
	 * highmem first, from the top down.
	 */
	r->win_start = ram_base(c->in);
	r->win_end = c->mem_end;
	p = fdt_getprop(fdt, r->node, "alloc-ranges", &len);
	if (p) {
		if (len % t_len) {
			problem(c, SEV_ERROR, r->path, RULE_ALLOC_RANGES_CELLS,
				"alloc-ranges is %d bytes, not a multiple of %d: "
				"\"invalid alloc-ranges property in '%s', skipping node.\"",
				len, t_len, r->name);
			r->failed = true;
			return;
		}
		while (len > 0 && !base) {
			uint64_t start = read_cells(&p, ac);
			uint64_t end = start + read_cells(&p, sc);

			r->win_start = start;
			r->win_end = end;
			base = alloc_top_down(c, size, align, start, end);
			len -= t_len;
		}
	} else {
		base = alloc_top_down(c, size, align, ram_base(c->in), c->mem_end);
	}
	if (!base) {
		/* The loader's initrd in the window is the usual reason (the A10's VE window). */
		char why[96] = "";

		if (c->initrd.end > c->initrd.start && c->initrd.start < r->win_end &&
		    c->initrd.end > r->win_start)
			snprintf(why, sizeof(why), ", which the initrd (0x%08" PRIx64 "-0x%08" PRIx64
				 ", where the loader put it) splits", c->initrd.start, c->initrd.end);
		problem(c, SEV_ERROR, r->path, RULE_ALLOC_FAILED,
			"no free %" PRIu64 " MiB (aligned to 0x%" PRIx64 ") in 0x%08" PRIx64
			"-0x%08" PRIx64 "%s: \"OF: reserved mem: failed to allocate memory for node "
			"'%s': size %" PRIu64 " MiB\"", size / MIB, align, r->win_start, r->win_end,
			why, r->name, size / MIB);
		r->failed = true;
		return;
	}
	r->base = base;
	r->size = size;
	reserve(c, base, base + size, "%s (placed here, as predicted)", r->path);
}

/* Whether a fixed region shares memory with what the loader put in RAM. */
bool over_loaded(const struct rmem *r, const struct span *loaded)
{
	return loaded->end > loaded->start &&
	       overlaps(r->base, r->base + r->size, loaded->start, loaded->end);
}

/*
 * 6.12 on 32-bit ARM: of_reserved_mem.c calls dma_contiguous_early_fixup()
 * for a reusable region as soon as it is reserved or allocated, before
 * rmem_cma_setup() checks it; 6.1 called it only for regions
 * rmem_cma_setup() accepted. paging_init()'s dma_contiguous_remap() then
 * remaps a region the kernel refuses: it clears whole 2 MiB PMDs from the
 * base up and maps [base, end) again, which hangs the boot before the
 * console when the base is not 2 MiB aligned; and a refused region placed
 * by size has been given back to memblock by then, whose allocations there
 * are remapped under it: that hangs too. cmalab's fix (patches/linux-6.12/
 * fixes/, "of: reserved_mem: apply the CMA fixup only to regions CMA
 * keeps") leaves the refusal alone, as 6.1 does: only a stock kernel hangs.
 */
void early_remap_refused(struct check *c, const struct rmem *r)
{
	/* cmalab's fix: the fixup only for a region CMA keeps. */
	if (arm64(c) || !k612(c) || !c->in->stock)
		return;
	if (r->base & (2 * MIB - 1)) {
		problem(c, SEV_ERROR, r->path, RULE_EARLY_REMAP,
			"6.12 remaps it for DMA before refusing it (dma_contiguous_early_fixup() "
			"at reservation); dma_contiguous_remap() clears 2 MiB PMDs from 0x%08"
			PRIx64 ", which is not 2 MiB aligned: the boot hangs before the console",
			r->base);
		fatal(c);
	} else if (r->dynamic) {
		problem(c, SEV_ERROR, r->path, RULE_EARLY_REMAP,
			"6.12 remaps it for DMA before refusing it (dma_contiguous_early_fixup() "
			"when it is allocated), and by paging_init() memblock has handed its "
			"pages out again: the boot hangs before the console");
		fatal(c);
	}
}

/*
 * cmalab's fix (patches/linux-KERNEL/fixes/, "of: reserved_mem: do not make
 * a CMA area of the initrd's pages"): a fixed reusable region that shares
 * pages with the initrd is refused before rmem_cma_setup() sees it and
 * stays reserved; the initrd is unpacked and freed as usual. A stock kernel
 * makes the area (fixed_cma_placement() says what follows).
 */
static bool initrd_refused(struct check *c, struct rmem *r)
{
	if (c->in->stock || !over_loaded(r, &c->initrd))
		return false;
	problem(c, SEV_ERROR, r->path, RULE_OVERLAPS_LOADED,
		"overlaps the initrd (0x%08" PRIx64 "-0x%08" PRIx64 ") as QEMU loads it: "
		"\"OF: reserved mem: reusable region '%s' holds the initrd, not used\" "
		"(cmalab's fix; stock kernels make a CMA area of it and free the initrd's "
		"pages twice); a device bound to it fails to probe", c->initrd.start,
		c->initrd.end, r->name);
	r->failed = true;
	return true;
}

/*
 * __reserved_mem_init_node(): the setup functions RESERVEDMEM_OF_DECLARE()
 * registers for "shared-dma-pool", tried in turn: rmem_cma_setup()
 * (contiguous.c) takes a reusable region, rmem_dma_setup() (dma.c) one that
 * is not; both refuse reusable with no-map. Another compatible has no
 * setup function: the region is a plain reservation (a carve-out).
 */
static void init_region(struct check *c, struct rmem *r)
{
	const void *fdt = c->in->fdt;
	bool reusable = has(fdt, r->node, "reusable");

	if (fdt_node_check_compatible(fdt, r->node, "shared-dma-pool"))
		return;
	if (reusable && has(fdt, r->node, "no-map")) {
		problem(c, SEV_ERROR, r->path, RULE_REUSABLE_NO_MAP,
			"reusable and no-map together: neither a CMA area (which must stay "
			"mapped) nor a DMA pool (which must not be reusable): \"OF: reserved "
			"mem: node %s compatible matching fail\"", r->name);
		r->failed = true;
		return;
	}
	if (!reusable)
		rmem_dma_setup(c, r);
	else if (!has(fdt, r->node, "reg") || !initrd_refused(c, r))
		rmem_cma_setup(c, r);
}
/*
 * Set up the regions with reg (static) or size (dynamic) as the kernel
 * does at this point: 6.1 all of them, in tree order
 * (fdt_init_reserved_mem()); 6.12 the dynamic ones as they are allocated
 * (fdt_scan_reserved_mem()), and the static ones when
 * unflatten_device_tree() runs fdt_scan_reserved_mem_reg_nodes().
 */
void init_regions(struct check *c, bool dynamic, bool statics)
{
	int i;

	for (i = 0; i < c->nrmem; i++) {
		struct rmem *r = &c->rmem[i];

		if (!r->failed && ((r->dynamic && dynamic) || (!r->dynamic && statics)))
			init_region(c, r);
	}
}

/*
 * 6.1's __rmem_check_for_overlap() sorts reserved_mem[] before
 * fdt_init_reserved_mem() allocates the sized regions and sets every one
 * up in that order: by base, then size (__rmem_cmp()), a sized region
 * being base 0, size 0 until allocated, with no further key - so regions
 * that compare equal end where lib/sort.c's heapsort leaves them (two
 * sized ones swap: the AST2600's framebuffer pool is placed before the
 * video pool the tree lists first). The same algorithm, on the same keys.
 */
static int rmem_cmp_61(const struct rmem *a, const struct rmem *b)
{
	uint64_t ab = a->dynamic ? 0 : a->base, bb = b->dynamic ? 0 : b->base;
	uint64_t as = a->dynamic ? 0 : a->size, bs = b->dynamic ? 0 : b->size;

	if (ab != bb)
		return ab < bb ? -1 : 1;
	if (as != bs)
		return as < bs ? -1 : 1;
	return 0;
}

static void rmem_swap(struct rmem *a, struct rmem *b)
{
	struct rmem t = *a;

	*a = *b;
	*b = t;
}

/* lib/sort.c: sort_r(), bottom-up heapsort, in element indices. */
static void sort_like_61(struct rmem *rm, int num)
{
	int n = num, a = num / 2, b, c, d;

	if (!a)
		return;
	for (;;) {
		if (a)
			a--;
		else if (--n)
			rmem_swap(&rm[0], &rm[n]);
		else
			break;
		for (b = a; c = 2 * b + 1, (d = c + 1) < n;)
			b = rmem_cmp_61(&rm[c], &rm[d]) >= 0 ? c : d;
		if (d == n)
			b = c;
		while (b != a && rmem_cmp_61(&rm[a], &rm[b]) >= 0)
			b = (b - 1) / 2;
		c = b;
		while (b != a) {
			b = (b - 1) / 2;
			rmem_swap(&rm[b], &rm[c]);
		}
	}
}

void reserved_memory(struct check *c)
{
	const void *fdt = c->in->fdt;
	struct rmem *rm = c->rmem;
	int node, child, n = 0, i;
	uint32_t ac = cells_prop(fdt, 0, "#address-cells", 1, NULL);
	uint32_t sc = cells_prop(fdt, 0, "#size-cells", 1, NULL);

	node = fdt_path_offset(fdt, "/reserved-memory");
	misplaced_reserved_memory(c, node);
	if (node < 0 || !reserved_memory_root(c, node, ac, sc))
		return;
	if (ac > 2 || sc > 2) {
		problem(c, SEV_ERROR, "/", RULE_ROOT_CELLS,
			"#address-cells %u / #size-cells %u: more than 2 cells is not a 32-bit "
			"ARM address", ac, sc);
		return;
	}

	/* fdt_scan_reserved_mem(): reg regions now, sized ones saved. */
	fdt_for_each_subnode(child, fdt, node) {
		struct rmem *r = &rm[n];

		if (!available(fdt, child))
			continue;
		/* drivers/of/of_reserved_mem.c: MAX_RESERVED_REGIONS (6.12: for sized ones). */
		if (n == MAX_RMEM) {
			problem(c, SEV_WARNING, "/reserved-memory", RULE_TOO_MANY,
				"more than %d regions (MAX_RESERVED_REGIONS): \"not enough space "
				"for all defined regions.\"; the rest are not set up, and this "
				"checker does not follow them", MAX_RMEM);
			break;
		}
		memset(r, 0, sizeof(*r));
		r->node = child;
		snprintf(r->name, sizeof(r->name), "%s", fdt_get_name(fdt, child, NULL));
		node_path(fdt, child, r->path, sizeof(r->path));
		if (has(fdt, child, "reg")) {
			if (reserve_reg(c, r, ac, sc) == 0)
				n++;
		} else if (has(fdt, child, "size")) {
			r->dynamic = true;
			n++;
		} else {
			problem(c, SEV_WARNING, r->path, RULE_NO_REG_NO_SIZE,
				"neither reg nor size: the kernel ignores the node, without a message");
		}
	}

	/* Overlaps, then sized regions placed, then set up (init_regions()). */
	c->nrmem = n;
	region_overlaps(c, rm, n);
	if (!k612(c))
		sort_like_61(rm, n);
	for (i = 0; i < n; i++) {
		if (!rm[i].size && !rm[i].failed)
			alloc_sized(c, &rm[i], ac, sc);
	}
}
