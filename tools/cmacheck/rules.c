// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's model of Linux 6.1 and 6.12 on 32-bit ARM and arm64: what the
 * early boot code does with the device tree's /reserved-memory, the
 * command line's cma= and the kernel configuration, in the order it does
 * it (arch/arm/mm/init.c: arm_memblock_init(); arch/arm64/mm/init.c:
 * arm64_memblock_init(), then bootmem_init()):
 *
 *   1. memblock reservations: the kernel image, the initrd, the page
 *      tables below the kernel, the DTB and /memreserve/ entries;
 *   2. drivers/of/fdt.c: fdt_scan_reserved_mem() - /reserved-memory's
 *      format, then each child's reg (reserved now) or size (later);
 *   3. drivers/of/of_reserved_mem.c: fdt_init_reserved_mem() - overlaps,
 *      then each region: sized ones allocated, then handed to
 *      rmem_cma_setup() (kernel/dma/contiguous.c) or rmem_dma_setup()
 *      (kernel/dma/coherent.c) for "shared-dma-pool";
 *   4. kernel/dma/contiguous.c: dma_contiguous_reserve() - the default
 *      area from cma= (early_cma()) or Kconfig, through
 *      cma_declare_contiguous_nid() (mm/cma.c).
 *
 * Then what devices bind to (memory-region, of_reserved_mem_device_init())
 * and what they can reach. Every problem names the rule and the message
 * the kernel prints, or says that it prints none.
 *
 * Where the targets differ (each rule below says so where it applies):
 *   - 6.12 sets up a region with reg only when unflatten_device_tree()
 *     calls fdt_scan_reserved_mem_reg_nodes(): on 32-bit ARM after
 *     dma_contiguous_reserve(), on arm64 before bootmem_init() calls it.
 *     Regions with size are set up as they are allocated, first. 6.1 sets
 *     up every region, in tree order, before the default area.
 *   - arm64 has no highmem and no vmalloc=; its default area's limit is
 *     arm64_dma_phys_limit, the end of ZONE_DMA, not arm_dma_limit.
 *   - pageblock_order: MAX_ORDER - 1 in 6.1, MAX_PAGE_ORDER in 6.12 (the
 *     same 4 MiB with each kernel's default ARCH_FORCE_MAX_ORDER), on
 *     arm64 with hugetlb at most a PMD's pages: with 16K pages 32 MiB,
 *     with 64K pages 512 MiB (the page size from the .config).
 *   - A shared-dma-pool without reusable needs no-map only on ARM.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "cmacheck.h"

/* arch/arm/include/asm/pgtable.h, memory.h: the vmalloc area's end and gap. */
#define VMALLOC_END	UINT64_C(0xff800000)
#define VMALLOC_OFFSET	(8 * MIB)
#define SMP_CACHE_BYTES	64

void problem(struct check *c, enum severity sev, const char *where,
	     const char *rule, const char *fmt, ...)
{
	struct problem *p;
	va_list ap;

	if (c->nproblems == MAX_PROBLEMS)
		return;
	p = &c->problems[c->nproblems++];
	p->sev = sev;
	snprintf(p->where, sizeof(p->where), "%s", where);
	snprintf(p->rule, sizeof(p->rule), "%s", rule);
	va_start(ap, fmt);
	vsnprintf(p->message, sizeof(p->message), fmt, ap);
	va_end(ap);
}

/* The last problem means the boot dies or hangs. */
static void fatal(struct check *c)
{
	if (c->nproblems)
		c->problems[c->nproblems - 1].fatal = true;
}

uint64_t ram_base(const struct input *in)
{
	return in->nbanks ? in->banks[0].base : 0;
}

uint64_t ram_top(const struct input *in)
{
	return in->nbanks ? in->banks[in->nbanks - 1].base + in->banks[in->nbanks - 1].size : 0;
}

uint64_t ram_total(const struct input *in)
{
	uint64_t total = 0;
	int i;

	for (i = 0; i < in->nbanks; i++)
		total += in->banks[i].size;
	return total;
}

static uint64_t ram_end(const struct check *c)
{
	return ram_top(c->in);
}

/* The bank that holds all of [start, end), or NULL. */
static const struct bank *in_bank(const struct check *c, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < c->in->nbanks; i++) {
		const struct bank *b = &c->in->banks[i];

		if (start >= b->base && end <= b->base + b->size && start < end)
			return b;
	}
	return NULL;
}

static bool overlaps_ram(const struct check *c, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < c->in->nbanks; i++)
		if (start < c->in->banks[i].base + c->in->banks[i].size &&
		    c->in->banks[i].base < end)
			return true;
	return false;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

static bool overlaps(uint64_t s1, uint64_t e1, uint64_t s2, uint64_t e2)
{
	return s1 < e2 && s2 < e1;
}

static bool arm64(const struct check *c)
{
	return c->in->kc.target.arch == ARCH_ARM64;
}

static bool k612(const struct check *c)
{
	return c->in->kc.target.kver == KVER_6_12;
}

/*
 * include/linux/cma.h: MAX_CMA_AREAS is 1 + CONFIG_CMA_AREAS in 6.1,
 * CONFIG_CMA_AREAS in 6.12 (whose Kconfig default went from 7 to 8).
 */
static unsigned int max_cma_areas(const struct check *c)
{
	return k612(c) ? c->in->kc.cma_areas : c->in->kc.cma_areas + 1;
}

/* phys_addr_t is 32 bits on ARM without LPAE. */
static uint64_t phys(const struct check *c, uint64_t v)
{
	return c->in->kc.lpae || arm64(c) ? v : (uint32_t)v;
}

static void reserve(struct check *c, uint64_t start, uint64_t end, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void reserve(struct check *c, uint64_t start, uint64_t end, const char *fmt, ...)
{
	struct span *s;
	va_list ap;

	if (c->nreserved == MAX_SPANS || end <= start)
		return;
	s = &c->reserved[c->nreserved++];
	s->start = start;
	s->nomap = false;
	s->end = end;
	va_start(ap, fmt);
	vsnprintf(s->what, sizeof(s->what), fmt, ap);
	va_end(ap);
}

/* The first reservation that [start, end) overlaps, or NULL. */
static const struct span *reserved_at(const struct check *c, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < c->nreserved; i++)
		if (overlaps(start, end, c->reserved[i].start, c->reserved[i].end))
			return &c->reserved[i];
	return NULL;
}

/* memblock_is_region_reserved(): the same, but no-map memory is not reserved. */
static bool memblock_reserved(const struct check *c, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < c->nreserved; i++)
		if (!c->reserved[i].nomap &&
		    overlaps(start, end, c->reserved[i].start, c->reserved[i].end))
			return true;
	return false;
}

/* The highest aligned base in [lo, hi) whose range overlaps no reservation. */
static uint64_t fit_top_down(const struct check *c, uint64_t size, uint64_t align,
			     uint64_t lo, uint64_t hi)
{
	uint64_t cand;

	if (!size || hi < lo + size)
		return 0;
	cand = (hi - size) & ~(align - 1);
	while (cand >= lo) {
		const struct span *r = reserved_at(c, cand, cand + size);

		if (!r)
			return cand;
		if (r->start < lo + size)
			return 0;
		cand = (r->start - size) & ~(align - 1);
	}
	return 0;
}

/*
 * memblock_find_in_range_node(), top-down (ARM's default): the highest
 * aligned base in [start, end) whose range lies in one bank of RAM and
 * overlaps no reservation, the highest bank first. 0 if there is none.
 */
static uint64_t alloc_top_down(const struct check *c, uint64_t size, uint64_t align,
			       uint64_t start, uint64_t end)
{
	int i;

	if (end > c->mem_end)
		end = c->mem_end;
	for (i = c->in->nbanks - 1; i >= 0; i--) {
		const struct bank *b = &c->in->banks[i];
		uint64_t lo = start > b->base ? start : b->base;
		uint64_t hi = end < b->base + b->size ? end : b->base + b->size;
		uint64_t at = hi > lo ? fit_top_down(c, size, align, lo, hi) : 0;

		if (at)
			return at;
	}
	return 0;
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

static const struct area *area_by_node(const struct check *c, int node)
{
	int i;

	for (i = 0; i < c->nareas; i++)
		if (c->areas[i].node == node)
			return &c->areas[i];
	return NULL;
}

static const struct area *default_area(const struct check *c)
{
	int i;

	for (i = 0; i < c->nareas; i++)
		if (c->areas[i].is_default)
			return &c->areas[i];
	return NULL;
}

/* --- 1. what memblock holds before /reserved-memory ----------------------- */

static void early_reservations(struct check *c)
{
	const struct input *in = c->in;
	/* arm64: QEMU loads the Image 2 MiB into RAM (main.c: kernel_end()). */
	uint64_t kstart = arm64(c) ? ram_base(in) + 2 * MIB : ram_base(in);
	uint64_t kend = in->kernel_end ? in->kernel_end : kstart + 16 * MIB;
	uint64_t istart, half = in->banks[0].size / 2;
	int n;

	/*
	 * arm_memblock_init(): the kernel from _stext to _end, and
	 * arm_mm_memblock_reserve(): swapper_pg_dir and what lies below it
	 * from the start of RAM; arm64_memblock_init(): _stext to _end, where
	 * the Image was loaded. Without System.map we assume 16 MiB.
	 */
	c->kernel = (struct span){ kstart, kend, "", false };
	snprintf(c->kernel.what, sizeof(c->kernel.what), "kernel image%s",
		 in->kernel_end ? "" : " (assumed 16 MiB: no --system-map)");
	/*
	 * A bootloader we do not know (--loader unknown): 32-bit ARM's kernel
	 * still runs from the start of RAM (it decompresses itself there);
	 * arm64's Image, the initrd and the DTB are wherever it put them.
	 */
	if (in->loader_unknown && arm64(c))
		c->kernel = (struct span){ 0, 0, "", false };
	else
		reserve(c, c->kernel.start, c->kernel.end, "the kernel image");
	if (in->loader_unknown)
		goto memreserve;

	/*
	 * QEMU (hw/arm/boot.c): the initrd at min(RAM / 2, 128 MiB) into the
	 * bank it loads into (the first), the DTB after.
	 */
	istart = ram_base(in) + (half < 128 * MIB ? half : 128 * MIB);
	c->initrd = (struct span){ istart, istart + in->initrd_size, "initrd", false };
	if (in->initrd_size)
		reserve(c, c->initrd.start, c->initrd.end, "the initrd");
	c->dtb.start = align_up(in->initrd_size ? c->initrd.end : istart, 4096);
	c->dtb.end = c->dtb.start + align_up(in->fdt_size, 4096);
	snprintf(c->dtb.what, sizeof(c->dtb.what), "DTB");
	reserve(c, c->dtb.start, c->dtb.end, "the DTB");

memreserve:
	/* early_init_fdt_scan_reserved_mem(): the header's /memreserve/ entries. */
	for (n = 0; n < fdt_num_mem_rsv(in->fdt); n++) {
		uint64_t base, size;

		if (fdt_get_mem_rsv(in->fdt, n, &base, &size) == 0 && size)
			reserve(c, base, base + size, "/memreserve/ %d", n);
	}
}

/* --- the command line --------------------------------------------------- */

static void on_param(const char *param, const char *val, void *arg)
{
	struct check *c = arg;

	if (!strcmp(param, "cma")) {
		cma_param_parse(&c->cma, val);
	} else if (!strcmp(param, "vmalloc") && val && !arm64(c)) {
		/* arch/arm/mm/mmu.c: early_vmalloc(), clamped as it clamps. */
		uint64_t v = memparse(val, NULL);
		uint64_t max = VMALLOC_END - (c->in->kc.page_offset + 32 * MIB + VMALLOC_OFFSET);

		c->vmalloc_size = v < 16 * MIB ? 16 * MIB : v > max ? max : v;
	}
}

static void command_line(struct check *c)
{
	c->vmalloc_size = 240 * MIB;
	if (c->in->bootargs && cmdline_walk(c->in->bootargs, on_param, c))
		problem(c, SEV_ERROR, "bootargs", "cmdline-length",
			"the command line is longer than this checker reads (4095 bytes); "
			"the kernel's COMMAND_LINE_SIZE is 1024 on ARM, 2048 on arm64");
}

/*
 * include/linux/pageblock-flags.h: pageblock_order, CMA_MIN_ALIGNMENT_BYTES
 * in pages. With huge pages (arm64 here; 32-bit ARM without LPAE has none)
 * it is HUGETLB_PAGE_ORDER, 2 MiB with 4 KiB pages (6.12: no more than
 * MAX_PAGE_ORDER). Else the largest buddy order: MAX_ORDER - 1 in 6.1,
 * MAX_PAGE_ORDER (= ARCH_FORCE_MAX_ORDER, now inclusive) in 6.12.
 */
static unsigned int pageblock_order(const struct check *c)
{
	const struct kconfig *k = &c->in->kc;
	unsigned int max = k612(c) ? k->max_order : k->max_order - 1;
	/* HUGETLB_PAGE_ORDER: a PMD's worth of pages, PMD_SHIFT - PAGE_SHIFT. */
	unsigned int pmd_order = k->page_shift - 3;

	if (arm64(c) && k->hugetlb_page)
		return pmd_order < max ? pmd_order : max;
	return max;
}

/*
 * arm64 (arch/arm64/mm/init.c: zone_sizes_init()): ZONE_DMA ends at the
 * lowest CPU address any dma-ranges in the tree reaches
 * (of_dma_get_max_cpu_address(), the first 4 GiB at most); without
 * ZONE_DMA, ZONE_DMA32 ends at 4 GiB; the end of RAM caps either.
 * 6.1 (max_zone_phys(zone_dma_bits)) rounds that reach up to a power of
 * two, fls64(); 6.12 (max_zone_phys(zone_dma_limit)) takes it as it is.
 * 0: no DMA zone, no limit.
 */
static uint64_t dt_max_cpu_address(const void *fdt, int node);

static uint64_t arm64_dma_phys_limit(const struct check *c)
{
	const struct kconfig *k = &c->in->kc;
	uint64_t limit = 0;

	if (k->zone_dma) {
		uint64_t max = dt_max_cpu_address(c->in->fdt, 0);

		if (max > UINT32_MAX)
			max = UINT32_MAX;
		if (!k612(c)) {
			int bits = max ? 64 - __builtin_clzll(max) : 0;

			max = bits >= 32 ? UINT32_MAX : (UINT64_C(1) << bits) - 1;
			/* max_zone_phys(): a zone below RAM's start is 4 GiB. */
			if (ram_base(c->in) > max)
				max = UINT32_MAX;
		}
		limit = max + 1;
	} else if (k->zone_dma32) {
		limit = UINT64_C(1) << 32;
	}
	if (limit > ram_end(c))
		limit = ram_end(c);
	return limit;
}

/*
 * arch/arm/mm/mmu.c: adjust_lowmem_bounds(): lowmem ends where the vmalloc
 * area (vmalloc_size, 240 MiB unless vmalloc=) and its 8 MiB gap begin;
 * without CONFIG_HIGHMEM the RAM above is dropped. arm64 maps all of RAM.
 * A CMA area must lie in one zone (mm/cma.c: cma_activate_area()): on ARM
 * lowmem and highmem, on arm64 ZONE_DMA and what lies above it.
 */
static void memory_layout(struct check *c)
{
	const struct kconfig *k = &c->in->kc;
	uint64_t lowmem = VMALLOC_END - c->vmalloc_size - VMALLOC_OFFSET - k->page_offset;

	c->pageblock = (1ULL << c->in->kc.page_shift) << pageblock_order(c);
	if (arm64(c)) {
		c->lowmem_end = c->mem_end = ram_end(c);
		c->dma_limit = arm64_dma_phys_limit(c);
		c->zone_end = c->dma_limit && c->dma_limit < ram_end(c) ? c->dma_limit : ram_end(c);
		return;
	}
	c->dma_limit = UINT32_MAX;	/* arm_dma_limit: no ZONE_DMA on virt */
	c->lowmem_end = ram_base(c->in) + lowmem < ram_end(c) ? ram_base(c->in) + lowmem :
		ram_end(c);
	c->zone_end = c->lowmem_end;
	c->mem_end = k->highmem ? ram_end(c) : c->lowmem_end;
	if (!k->highmem && c->lowmem_end < ram_end(c))
		problem(c, SEV_WARNING, "RAM", "highmem-off",
			"CONFIG_HIGHMEM is off: the kernel uses only the first %" PRIu64
			" MiB of the %" PRIu64 " MiB (\"Truncating RAM\")",
			(c->lowmem_end - ram_base(c->in)) / MIB, ram_total(c->in) / MIB);
}

/* --- 2 and 3. /reserved-memory ------------------------------------------ */

static uint32_t cells_prop(const void *fdt, int node, const char *name, uint32_t dflt, bool *found)
{
	const fdt32_t *p;
	int len;

	p = fdt_getprop(fdt, node, name, &len);
	if (found)
		*found = p && len == 4;
	return p && len == 4 ? fdt32_to_cpu(*p) : dflt;
}

static uint64_t read_cells(const fdt32_t **p, uint32_t n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | fdt32_to_cpu(*(*p)++);
	return v;
}

/* of_fdt_device_is_available(): no status, "okay" or "ok". */
static bool available(const void *fdt, int node)
{
	const char *s = fdt_getprop(fdt, node, "status", NULL);

	return !s || !strcmp(s, "okay") || !strcmp(s, "ok");
}

static int bank_cmp(const void *a, const void *b)
{
	const struct bank *x = a, *y = b;

	return x->base < y->base ? -1 : x->base > y->base;
}

static bool memory_node(const void *fdt, int node)
{
	const char *name = fdt_get_name(fdt, node, NULL);
	const char *type = fdt_getprop(fdt, node, "device_type", NULL);

	return (name && (!strcmp(name, "memory") || !strncmp(name, "memory@", 7))) ||
	       (type && !strcmp(type, "memory"));
}

/*
 * Each /memory bank's base and size, in tree order, to fn (size 0 too);
 * stops at fn's first non-zero return and returns it. -1: the root's
 * cells are not 1 or 2.
 */
static int each_bank(const void *fdt, int (*fn)(uint64_t base, uint64_t size, void *arg),
		     void *arg)
{
	uint32_t ac = cells_prop(fdt, 0, "#address-cells", 2, NULL);
	uint32_t sc = cells_prop(fdt, 0, "#size-cells", 1, NULL);
	int node, ret;

	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return -1;
	fdt_for_each_subnode(node, fdt, 0) {
		const fdt32_t *p;
		int len;

		if (!memory_node(fdt, node) || !available(fdt, node))
			continue;
		p = fdt_getprop(fdt, node, "reg", &len);
		for (; p && len >= (int)(ac + sc) * 4; len -= (int)(ac + sc) * 4) {
			uint64_t base = read_cells(&p, ac), size = read_cells(&p, sc);

			ret = fn(base, size, arg);
			if (ret)
				return ret;
		}
	}
	return 0;
}

struct bank_list {
	struct bank *banks;
	int n, max, zero;
};

static int add_bank(uint64_t base, uint64_t size, void *arg)
{
	struct bank_list *l = arg;

	if (!size)
		l->zero++;
	else if (l->n == l->max)
		return 1;
	else
		l->banks[l->n++] = (struct bank){ base, size };
	return 0;
}

int dt_memory(const void *fdt, struct bank *banks, int max, int *zero,
	      char *err, size_t errlen)
{
	struct bank_list l = { banks, 0, max, 0 };
	int ret = each_bank(fdt, add_bank, &l);

	*zero = l.zero;
	if (ret < 0) {
		snprintf(err, errlen, "the root's #address-cells %u / #size-cells %u: 1 or 2 each",
			 cells_prop(fdt, 0, "#address-cells", 2, NULL),
			 cells_prop(fdt, 0, "#size-cells", 1, NULL));
		return -1;
	}
	if (ret) {
		snprintf(err, errlen, "more than %d banks of RAM", max);
		return -1;
	}
	return banks_sort(banks, l.n, err, errlen) ? -1 : l.n;
}

int banks_sort(struct bank *banks, int n, char *err, size_t errlen)
{
	int i;

	qsort(banks, (size_t)n, sizeof(banks[0]), bank_cmp);
	for (i = 1; i < n; i++)
		if (banks[i].base < banks[i - 1].base + banks[i - 1].size) {
			snprintf(err, errlen, "banks 0x%" PRIx64 "+0x%" PRIx64 " and 0x%" PRIx64
				 "+0x%" PRIx64 " overlap", banks[i - 1].base, banks[i - 1].size,
				 banks[i].base, banks[i].size);
			return -1;
		}
	return 0;
}

static int lowest_bank(uint64_t base, uint64_t size, void *arg)
{
	uint64_t *low = arg;

	(void)size;
	if (base < *low)
		*low = base;
	return 0;
}

uint64_t dt_memory_base(const void *fdt)
{
	uint64_t low = UINT64_MAX;

	each_bank(fdt, lowest_bank, &low);
	return low;
}

int dt_reserved_span(const void *fdt, uint64_t *lo, uint64_t *hi)
{
	static const char *const props[] = { "reg", "alloc-ranges" };
	int rm = fdt_path_offset(fdt, "/reserved-memory"), node;
	uint32_t ac = cells_prop(fdt, rm, "#address-cells", 2, NULL);
	uint32_t sc = cells_prop(fdt, rm, "#size-cells", 1, NULL);
	bool any = false;

	*lo = UINT64_MAX;
	*hi = 0;
	if (rm < 0 || ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return -1;
	fdt_for_each_subnode(node, fdt, rm) {
		size_t i;

		for (i = 0; i < sizeof(props) / sizeof(props[0]); i++) {
			int len;
			const fdt32_t *p = fdt_getprop(fdt, node, props[i], &len);

			for (; p && len >= (int)(ac + sc) * 4; len -= (int)(ac + sc) * 4) {
				uint64_t start = read_cells(&p, ac), size = read_cells(&p, sc);

				if (start < *lo)
					*lo = start;
				if (start + size > *hi)
					*hi = start + size;
				any = true;
			}
		}
	}
	return any ? 0 : -1;
}

static bool has(const void *fdt, int node, const char *prop)
{
	return fdt_getprop(fdt, node, prop, NULL) != NULL;
}

/*
 * drivers/of/address.c: of_dma_get_max_cpu_address(): the lowest end of
 * any dma-ranges in the available subtree at node, as a CPU address (the
 * parent's address: cmalab's buses translate one to one). UINT64_MAX if
 * none limits it.
 */
static uint64_t dt_max_cpu_address(const void *fdt, int node)
{
	uint64_t max = UINT64_MAX;
	const fdt32_t *p;
	int len, child;

	p = fdt_getprop(fdt, node, "dma-ranges", &len);
	if (p && len > 0) {
		int pp = fdt_parent_offset(fdt, node);
		uint32_t na = cells_prop(fdt, node, "#address-cells", 2, NULL);
		uint32_t ns = cells_prop(fdt, node, "#size-cells", 1, NULL);
		uint32_t pna = pp >= 0 ? cells_prop(fdt, pp, "#address-cells", 2, NULL) : na;
		int t_len = na <= 2 && pna <= 2 && ns <= 2 ? (int)(na + pna + ns) * 4 : 0;
		uint64_t end = 0;

		while (t_len && len >= t_len) {
			uint64_t cpu, size;

			read_cells(&p, na);
			cpu = read_cells(&p, pna);
			size = read_cells(&p, ns);
			if (size && cpu + size - 1 > end)
				end = cpu + size - 1;
			len -= t_len;
		}
		if (end && end < max)
			max = end;
	}
	fdt_for_each_subnode(child, fdt, node) {
		uint64_t sub;

		if (!available(fdt, child))
			continue;
		sub = dt_max_cpu_address(fdt, child);
		if (sub < max)
			max = sub;
	}
	return max;
}

static void node_path(const void *fdt, int node, char *buf, size_t len)
{
	if (fdt_get_path(fdt, node, buf, (int)len))
		snprintf(buf, len, "(node at offset %d)", node);
}

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
		problem(c, SEV_ERROR, path, "reserved-memory-path",
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
	problem(c, SEV_ERROR, "/reserved-memory", "reserved-memory-format",
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
		problem(c, SEV_ERROR, r->path, "reg-cells",
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
			problem(c, SEV_ERROR, r->path, "reg-reserve",
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
	problem(c, SEV_ERROR, r->path, "region-overlap",
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
				problem(c, SEV_WARNING, b->path, "region-overlap",
					"overlaps %s: \"OVERLAP DETECTED!\"; both are set up over "
					"the same memory (no CMA area among them: nothing is handed "
					"out twice)", a->path);
			else if (!arm64(c))
				problem(c, SEV_ERROR, b->path, "region-overlap",
					"overlaps %s: \"OVERLAP DETECTED!\"; both become CMA areas "
					"over the same pages: the kernel hangs before the console "
					"comes up (only earlycon shows it)", a->path);
			else if (!k612(c))
				problem(c, SEV_ERROR, b->path, "region-overlap",
					"overlaps %s: \"OVERLAP DETECTED!\"; both become CMA areas "
					"over the same pages, freed twice: \"BUG: Bad page state\"",
					a->path);
			else
				problem(c, SEV_ERROR, b->path, "region-overlap",
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
	char rule[NAME_LEN];

	if (len == (int)cells * 4) {
		*out = read_cells(&p, cells);
		return true;
	}
	snprintf(rule, sizeof(rule), "%s-cells", prop);
	problem(c, SEV_ERROR, r->path, rule,
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
		problem(c, SEV_ERROR, r->path, "alignment-power",
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
			problem(c, SEV_ERROR, r->path, "alloc-ranges-cells",
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
		problem(c, SEV_ERROR, r->path, "alloc-failed",
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

/*
 * mm/cma.c: cma_activate_area(): every page of an area in one zone. The
 * boundary is lowmem's end on 32-bit ARM, ZONE_DMA's end on arm64.
 */
static void zone_boundary(struct check *c, const char *where, const char *name,
			  uint64_t start, uint64_t end)
{
	if (start >= c->zone_end || end <= c->zone_end)
		return;
	if (arm64(c))
		problem(c, SEV_ERROR, where, "zone-boundary",
			"crosses the end of ZONE_DMA at 0x%08" PRIx64 " (arm64_dma_phys_limit): "
			"its pages are in two zones, so \"CMA area %s could not be activated\" "
			"(mm/cma.c) and the memory goes to the page allocator", c->zone_end, name);
	else
		problem(c, SEV_ERROR, where, "lowmem-boundary",
			"crosses the lowmem/highmem boundary at 0x%08" PRIx64 ": its pages are in "
			"two zones, so \"CMA area %s could not be activated\" (mm/cma.c) and the "
			"memory goes to the page allocator", c->zone_end, name);
}

/* Whether a fixed region shares memory with what the loader put in RAM. */
static bool over_loaded(const struct rmem *r, const struct span *loaded)
{
	return loaded->end > loaded->start &&
	       overlaps(r->base, r->base + r->size, loaded->start, loaded->end);
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
		problem(c, SEV_ERROR, r->path, "outside-ram",
			"0x%08" PRIx64 "-0x%08" PRIx64 " is not all in one bank of RAM (0x%08"
			PRIx64 "-0x%08" PRIx64 "%s): the kernel accepts it (\"created CMA memory "
			"pool\"), then WARNs in cma_activate_area() (mm/cma.c) and oopses: the "
			"boot dies", r->base, end, ram_base(c->in), ram_end(c),
			c->in->nbanks > 1 ? ", with holes" : "");
		fatal(c);
		return;
	}
	zone_boundary(c, r->path, r->name, r->base, end);
	for (i = 0; i < sizeof(loaded) / sizeof(loaded[0]); i++) {
		if (!over_loaded(r, loaded[i]))
			continue;
		problem(c, SEV_ERROR, r->path, "overlaps-loaded",
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
static void early_remap_refused(struct check *c, const struct rmem *r)
{
	/* cmalab's fix: the fixup only for a region CMA keeps. */
	if (arm64(c) || !k612(c) || !c->in->stock)
		return;
	if (r->base & (2 * MIB - 1)) {
		problem(c, SEV_ERROR, r->path, "early-remap",
			"6.12 remaps it for DMA before refusing it (dma_contiguous_early_fixup() "
			"at reservation); dma_contiguous_remap() clears 2 MiB PMDs from 0x%08"
			PRIx64 ", which is not 2 MiB aligned: the boot hangs before the console",
			r->base);
		fatal(c);
	} else if (r->dynamic) {
		problem(c, SEV_ERROR, r->path, "early-remap",
			"6.12 remaps it for DMA before refusing it (dma_contiguous_early_fixup() "
			"when it is allocated), and by paging_init() memblock has handed its "
			"pages out again: the boot hangs before the console");
		fatal(c);
	}
}

/*
 * A region the kernel refuses after reserving it is given back
 * (fdt_init_reserved_mem_node(): memblock_phys_free() or, for no-map,
 * memblock_clear_nomap()): later allocations may use its memory.
 */
static void give_back(struct check *c, const struct rmem *r)
{
	int i;

	for (i = 0; i < c->nreserved; i++) {
		if (c->reserved[i].start != r->base || c->reserved[i].end != r->base + r->size)
			continue;
		memmove(&c->reserved[i], &c->reserved[i + 1],
			sizeof(c->reserved[0]) * (size_t)(c->nreserved - i - 1));
		c->nreserved--;
		return;
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
	problem(c, SEV_ERROR, r->path, "overlaps-loaded",
		"overlaps the initrd (0x%08" PRIx64 "-0x%08" PRIx64 ") as QEMU loads it: "
		"\"OF: reserved mem: reusable region '%s' holds the initrd, not used\" "
		"(cmalab's fix; stock kernels make a CMA area of it and free the initrd's "
		"pages twice); a device bound to it fails to probe", c->initrd.start,
		c->initrd.end, r->name);
	r->failed = true;
	return true;
}

/* rmem_cma_setup() and rmem_dma_setup() for compatible "shared-dma-pool". */
static void init_region(struct check *c, struct rmem *r, int *ncma)
{
	const void *fdt = c->in->fdt;
	const struct kconfig *k = &c->in->kc;
	bool reusable = has(fdt, r->node, "reusable"), nomap = has(fdt, r->node, "no-map");
	bool dflt = has(fdt, r->node, "linux,cma-default");
	bool fixed = has(fdt, r->node, "reg");
	struct area *a;

	if (fdt_node_check_compatible(fdt, r->node, "shared-dma-pool"))
		return;	/* no init function: a plain reservation (carveout) */
	if (reusable && nomap) {
		problem(c, SEV_ERROR, r->path, "reusable-no-map",
			"reusable and no-map together: neither a CMA area (which must stay "
			"mapped) nor a DMA pool (which must not be reusable): \"OF: reserved "
			"mem: node %s compatible matching fail\"", r->name);
		r->failed = true;
		return;
	}
	if (!reusable) {
		if (nomap)
			return;
		/*
		 * kernel/dma/coherent.c: rmem_dma_setup() refuses it on ARM
		 * (#ifdef CONFIG_ARM); elsewhere a device's
		 * rmem_dma_device_init() fails to memremap() RAM.
		 */
		if (!arm64(c))
			problem(c, SEV_ERROR, r->path, "pool-needs-no-map",
				"a shared-dma-pool that is not reusable needs no-map on ARM: "
				"\"Reserved memory: regions without no-map are not yet supported\"");
		else
			problem(c, SEV_ERROR, r->path, "pool-needs-no-map",
				"a shared-dma-pool that is not reusable needs no-map: arm64 takes it "
				"at boot (\"map non-reusable\"), then a device's memory-region to it "
				"fails in memremap() with a WARNING, \"memremap attempted on ram\"");
		r->failed = true;
		return;
	}
	if (fixed && initrd_refused(c, r))
		return;
	if (!k->cma || !k->dma_cma) {
		problem(c, SEV_ERROR, r->path, "cma-disabled",
			"a reusable shared-dma-pool needs CONFIG_CMA and CONFIG_DMA_CMA, which are "
			"off: \"OF: reserved mem: node %s compatible matching fail\"", r->name);
		r->failed = true;
		return;
	}
	if (dflt && c->cma.given && !c->cma.no_value) {
		char ranges[96] = "";

		if (has(c->in->fdt, r->node, "alloc-ranges"))
			snprintf(ranges, sizeof(ranges), ", and its alloc-ranges (0x%08" PRIx64
				 "-0x%08" PRIx64 ") no longer places the default area",
				 r->win_start, r->win_end);
		problem(c, SEV_WARNING, r->path, "cma-bypass",
			"linux,cma-default, but cma= is on the command line, which wins: "
			"\"Reserved memory: bypass %s node, using cmdline CMA params instead\"; "
			"the region is given back%s (the area table says where cma= puts it)",
			r->name, ranges);
		r->failed = true;
		give_back(c, r);
		return;
	}
	if ((r->base | r->size) & (c->pageblock - 1)) {
		problem(c, SEV_ERROR, r->path, "cma-alignment",
			"base 0x%08" PRIx64 " and size 0x%" PRIx64 " must be multiples of the "
			"pageblock, 0x%" PRIx64 " (CMA_MIN_ALIGNMENT_BYTES): \"Reserved memory: "
			"incorrect alignment of CMA region\"", r->base, r->size, c->pageblock);
		r->failed = true;
		early_remap_refused(c, r);
		return;
	}
	if (*ncma >= (int)max_cma_areas(c)) {
		problem(c, SEV_ERROR, r->path, "cma-areas",
			"all %u slots (MAX_CMA_AREAS: %s) are taken: \"Not enough slots for CMA "
			"reserved regions!\", \"Reserved memory: unable to setup CMA region\"",
			max_cma_areas(c), k612(c) ? "CONFIG_CMA_AREAS" : "CONFIG_CMA_AREAS + 1");
		r->failed = true;
		early_remap_refused(c, r);
		return;
	}
	if (fixed)
		fixed_cma_placement(c, r);
	a = new_area(c, r->name, "reserved-memory node", r->node);
	if (!a)
		return;
	(*ncma)++;
	a->fixed = fixed;
	a->base = r->base;
	a->size = r->size;
	a->win_start = fixed ? r->base : r->win_start;
	a->win_end = fixed ? r->base + r->size : r->win_end;
	a->is_default = dflt;
	/*
	 * rmem_cma_setup() sets dma_contiguous_default_area: on arm-6.12 a
	 * static region does so after dma_contiguous_reserve() has made a
	 * default area from Kconfig, which stays, no longer the default.
	 */
	if (dflt) {
		int i;

		for (i = 0; i < c->nareas - 1; i++)
			c->areas[i].is_default = false;
	}
}

/*
 * arm64's bootmem_init() allocates before dma_contiguous_reserve(), from
 * the top: sparse_init()'s memmap, one 2 MiB block (PMD-mapped vmemmap) per
 * 128 MiB memory section, and by then the page tables and the unflattened
 * tree (counted as 1 MiB). 32-bit ARM allocates its memmap later. Only the
 * predicted base of a placed default area depends on this.
 */
static void arm64_bootmem(struct check *c)
{
	uint64_t memmap = (ram_total(c->in) + 128 * MIB - 1) / (128 * MIB) * 2 * MIB;
	uint64_t at;

	at = alloc_top_down(c, memmap, 2 * MIB, ram_base(c->in), c->mem_end);
	if (at)
		reserve(c, at, at + memmap, "the memmap (sparse_init(), predicted)");
	at = alloc_top_down(c, MIB, 4096, ram_base(c->in), c->mem_end);
	if (at)
		reserve(c, at, at + MIB, "early allocations: page tables, the tree (predicted)");
}

/*
 * Set up the regions with reg (static) or size (dynamic) as the kernel
 * does at this point: 6.1 all of them, in tree order
 * (fdt_init_reserved_mem()); 6.12 the dynamic ones as they are allocated
 * (fdt_scan_reserved_mem()), and the static ones when
 * unflatten_device_tree() runs fdt_scan_reserved_mem_reg_nodes().
 */
static void init_regions(struct check *c, bool dynamic, bool statics)
{
	int i;

	for (i = 0; i < c->nrmem; i++) {
		struct rmem *r = &c->rmem[i];

		if (!r->failed && ((r->dynamic && dynamic) || (!r->dynamic && statics)))
			init_region(c, r, &c->ncma);
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

static void reserved_memory(struct check *c)
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
		problem(c, SEV_ERROR, "/", "root-cells",
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
			problem(c, SEV_WARNING, "/reserved-memory", "too-many",
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
			problem(c, SEV_WARNING, r->path, "no-reg-no-size",
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

/* --- 4. the default area ------------------------------------------------ */

static void cma_declare(struct check *c, uint64_t size, uint64_t base, uint64_t limit,
			bool fixed, const char *from, const char *where, int ncma)
{
	uint64_t align = c->pageblock, highmem_start = c->lowmem_end;
	uint64_t asize;
	struct area *a;
	uint64_t addr = 0, ws, we;

	if (ncma >= (int)max_cma_areas(c)) {
		problem(c, SEV_ERROR, where, "cma-areas",
			"the device tree takes all %u slots (MAX_CMA_AREAS: %s): \"cma: Not enough "
			"slots for CMA reserved regions!\"", max_cma_areas(c),
			k612(c) ? "CONFIG_CMA_AREAS" : "CONFIG_CMA_AREAS + 1");
		return;
	}
	if (fixed && (base & (align - 1))) {
		problem(c, SEV_ERROR, where, "cma-base-alignment",
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
		problem(c, SEV_ERROR, where, "lowmem-boundary",
			"0x%08" PRIx64 "-0x%08" PRIx64 " crosses the lowmem/highmem boundary: "
			"\"cma: Region at 0x%08" PRIx64 " defined on low/high memory boundary "
			"(0x%08" PRIx64 ")\", \"cma: Failed to reserve %" PRIu64 " MiB\"", base,
			base + asize, base, highmem_start, asize / MIB);
		return;
	}
	if (!limit || limit > c->mem_end)
		limit = c->mem_end;
	if (base + asize > limit) {
		problem(c, SEV_ERROR, where, "cma-limit",
			"base + size is beyond the limit: \"cma: Size (0x%08" PRIx64 ") of region "
			"at 0x%08" PRIx64 " exceeds limit (0x%08" PRIx64 ")\", \"cma: Failed to "
			"reserve %" PRIu64 " MiB\"", asize, base, limit, asize / MIB);
		return;
	}
	if (asize != size)
		problem(c, SEV_WARNING, where, "cma-size-rounded",
			"%" PRIu64 " bytes is rounded up to the pageblock: the area is %" PRIu64
			" MiB", size, asize / MIB);
	ws = base ? base : ram_base(c->in);
	we = limit;
	if (fixed) {
		const struct span *r = reserved_at(c, base, base + asize);

		if (r || base < ram_base(c->in)) {
			problem(c, SEV_ERROR, where, "cma-reserved",
				"0x%08" PRIx64 "-0x%08" PRIx64 " %s: \"cma: Failed to reserve %"
				PRIu64 " MiB\"", base, base + asize,
				r ? "is already reserved" : "is not RAM", asize / MIB);
			if (r)
				problem(c, SEV_ERROR, where, "cma-reserved",
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
			problem(c, SEV_ERROR, where, "cma-no-room",
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

static void default_area_rule(struct check *c, int ncma)
{
	const struct kconfig *k = &c->in->kc;
	struct cma_param *p = &c->cma;
	char where[TEXT_LEN + 32];
	uint64_t size, base, limit;
	bool fixed;

	snprintf(where, sizeof(where), "cma=%s", p->text);
	if (p->given && !k->dma_cma) {
		problem(c, SEV_ERROR, where, "cma-disabled",
			"CONFIG_DMA_CMA is off: the kernel does not know cma= and passes it to init");
		return;
	}
	/* early_param() calls early_cma() for each; the last one's values stay. */
	if (p->count > 1)
		problem(c, SEV_WARNING, "command line", "cma-repeated",
			"%u cma= parameters (%s): the kernel takes the last and ignores the "
			"others without a message", p->count, p->all);
	if (p->given && p->no_value) {
		problem(c, SEV_ERROR, "cma", "cma-syntax",
			"cma without a value: \"Config string not provided\", \"Malformed early "
			"option 'cma'\"; no default area");
		return;
	}
	if (p->given) {
		if (p->count > 1)
			snprintf(where, sizeof(where), "cma=%s (the last of %u)", p->text, p->count);
		if (!p->numeric)
			problem(c, SEV_ERROR, where, "cma-syntax",
				"'%s' is not a number: the kernel reads size 0 and reserves nothing, "
				"without a message", p->text);
		else if (p->junk[0])
			problem(c, SEV_WARNING, where, "cma-junk",
				"the kernel ignores '%s' after the value, without a message", p->junk);
		/* size_cmdline and friends are phys_addr_t. */
		size = phys(c, p->size);
		base = phys(c, p->base);
		limit = phys(c, p->limit);
		if (!c->in->kc.lpae && size == 0xffffffffULL) {
			problem(c, SEV_WARNING, where, "cma-minus-one",
				"a size of 0xffffffff is the kernel's \"no cma=\" marker: ignored");
			goto from_kconfig;
		} else if (p->size != size || p->base != base || p->limit != limit) {
			problem(c, SEV_WARNING, where, "cma-32bit",
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

/* --- devices ------------------------------------------------------------ */

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
	problem(c, SEV_ERROR, path, "dma-mask",
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
		problem(c, SEV_ERROR, path, "dma-bits",
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
		problem(c, SEV_WARNING, dev, "reach",
			"its area %s (0x%08" PRIx64 "-0x%08" PRIx64 ") is outside what the device "
			"reaches (%s): dma-direct gives each CMA buffer back (dma_coherent_ok()) "
			"and takes pages from the page allocator within reach (GFP_DMA/GFP_DMA32), "
			"so the area serves this device nothing and a buffer above the largest "
			"buddy block (4 MiB) fails", a->name, a->base, a->base + a->size, win);
	else if (a->fixed && !reaches(r, a->base, a->base + a->size))
		problem(c, SEV_ERROR, dev, "reach",
			"its area %s (0x%08" PRIx64 "-0x%08" PRIx64 ") is outside what the device "
			"reaches (%s): a stock ARM kernel hands it buffers it cannot use; with "
			"cmalab's series (patch 0006) every allocation from the area fails, ENOMEM",
			a->name, a->base, a->base + a->size, win);
	else if (!a->fixed && !reaches(r, a->win_start, a->win_end))
		problem(c, SEV_WARNING, dev, "reach",
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
		problem(c, SEV_ERROR, path, "memory-region",
			"memory-region does not point to a node (vfimc: \"memory-region does not "
			"point to a node: -19\")");
		new_binding(c, path, "", "unbound");
		return;
	}
	node_path(fdt, target, tpath, sizeof(tpath));
	if (rmnode < 0 || fdt_parent_offset(fdt, target) != rmnode) {
		problem(c, SEV_ERROR, path, "memory-region",
			"memory-region points to %s, which is not a /reserved-memory region", tpath);
		new_binding(c, path, "", "unbound");
		return;
	}
	if (!available(fdt, target)) {
		problem(c, SEV_ERROR, path, "memory-region",
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
	problem(c, SEV_ERROR, path, "memory-region",
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
		problem(c, SEV_WARNING, path, "reach-default",
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
	problem(c, arm64(c) ? SEV_WARNING : SEV_ERROR, path, "reach-default",
		"%d device(s) here reach only %s (dma-ranges) and use the default area %s "
		"(0x%08" PRIx64 "-0x%08" PRIx64 "), which lies outside: %s: %s%s",
		g->ndev, win, d->name, d->base, d->base + d->size, what, g->names, more);
}

static void bindings(struct check *c)
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

/* --- sizing ------------------------------------------------------------- */

static void sizing(struct check *c)
{
	uint64_t total = 0;
	int i;

	for (i = 0; i < c->nareas; i++)
		total += c->areas[i].size;
	if (total > ram_total(c->in) / 2)
		problem(c, SEV_WARNING, "CMA", "cma-share",
			"the CMA areas take %" PRIu64 " MiB of %" PRIu64 " MiB of RAM: unmovable "
			"allocations (slab, page tables) must fit in the rest",
			total / MIB, ram_total(c->in) / MIB);
}

int dtb_check(const void *buf, size_t n, char *err, size_t errlen)
{
	int ret;

	if (n < FDT_V1_SIZE || fdt_magic(buf) != FDT_MAGIC) {
		snprintf(err, errlen, "not a flattened device tree (no FDT magic)");
		return -1;
	}
	if (fdt_totalsize(buf) > n) {
		snprintf(err, errlen, "truncated: the header says %u bytes, the file has %zu",
			 fdt_totalsize(buf), n);
		return -1;
	}
	/*
	 * Before version 16 node names were paths; libfdt 1.6.1's
	 * fdt_check_full() reads through a NULL pointer on some such trees.
	 * dtc writes 17, and the kernel's own trees are all 17.
	 */
	if (fdt_version(buf) < 16) {
		snprintf(err, errlen, "device tree version %u: cmacheck reads version 16 "
			 "and later (dtc writes 17)", fdt_version(buf));
		return -1;
	}
	ret = fdt_check_full(buf, n);
	if (ret) {
		snprintf(err, errlen, "corrupt device tree: %s", fdt_strerror(ret));
		return -1;
	}
	return 0;
}

int check_run(struct check *c, const struct input *in)
{
	int i, errors = 0, warnings = 0;

	memset(c, 0, sizeof(*c));
	c->in = in;
	if (in->mem_note[0])
		problem(c, SEV_WARNING, "/memory", "ram-assumed", "%s", in->mem_note);
	command_line(c);
	memory_layout(c);
	early_reservations(c);
	reserved_memory(c);
	if (!k612(c)) {
		init_regions(c, true, true);
		if (arm64(c))
			arm64_bootmem(c);
		default_area_rule(c, c->ncma);
	} else if (arm64(c)) {
		/* setup_arch(): unflatten_device_tree(), then bootmem_init(). */
		init_regions(c, true, false);
		init_regions(c, false, true);
		arm64_bootmem(c);
		default_area_rule(c, c->ncma);
	} else {
		/* setup_arch(): arm_memblock_init(), then unflatten_device_tree(). */
		init_regions(c, true, false);
		default_area_rule(c, c->ncma);
		init_regions(c, false, true);
	}
	bindings(c);
	sizing(c);
	for (i = 0; i < c->nproblems; i++) {
		if (c->problems[i].sev == SEV_ERROR)
			errors++;
		else
			warnings++;
	}
	return errors ? 2 : warnings ? 1 : 0;
}
