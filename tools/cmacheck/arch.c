// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's model of setup_arch()'s memory steps on 32-bit ARM
 * (arch/arm/kernel/setup.c, arch/arm/mm/init.c, arch/arm/mm/mmu.c) and
 * arm64 (arch/arm64/kernel/setup.c, arch/arm64/mm/init.c): the early
 * parameters (mem=, vmalloc=; cma= is contiguous.c's), lowmem's end and
 * the DMA zone, pageblock_order, what the loader put in RAM and what
 * memblock holds before /reserved-memory, and arm64's bootmem_init().
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

/* arch/arm/include/asm/pgtable.h, memory.h: the vmalloc area's end and gap. */
#define VMALLOC_END	UINT64_C(0xff800000)
#define VMALLOC_OFFSET	(8 * MIB)

/*
 * init/initramfs.c: reserve_initrd_mem(): an initrd the loader put outside
 * the RAM mem= kept is dropped on 32-bit ARM ("INITRD: ... is not a memory
 * region - disabling initrd"), and with it the root filesystem; arm64's
 * arm64_memblock_init() adds its memory back. True if the initrd stays.
 */
static bool initrd_kept(struct check *c)
{
	if (!c->mem_given || in_bank(c, c->initrd.start, c->initrd.end))
		return true;
	if (arm64(c)) {
		struct input *k = &c->kept;
		char err[160];

		if (k->nbanks < MAX_BANKS) {
			k->banks[k->nbanks++] = (struct bank){ c->initrd.start & ~UINT64_C(4095),
				align_up(c->initrd.end, 4096) - (c->initrd.start & ~UINT64_C(4095)) };
			banks_sort(k->banks, k->nbanks, err, sizeof(err));
		}
		return true;
	}
	problem(c, SEV_ERROR, c->mem, RULE_MEM_INITRD,
		"the initrd (0x%08" PRIx64 "-0x%08" PRIx64 ", where the loader put it in the "
		"RAM the tree describes) is not in the RAM %s keeps: \"INITRD: 0x%08" PRIx64
		"+0x%08" PRIx64 " is not a memory region - disabling initrd\", then no root "
		"filesystem: the boot fails", c->initrd.start, c->initrd.end, c->mem,
		c->initrd.start, align_up(c->initrd.end - c->initrd.start, 4096));
	fatal(c);
	return false;
}

/*
 * early_mem(). 32-bit ARM (arch/arm/kernel/setup.c): the first mem= drops
 * the tree's banks and each adds size[@start], start defaulting to
 * PHYS_OFFSET (the start of RAM), page aligned as arm_add_memory() does;
 * lowmem then ends where that RAM does, if before 768 MiB. arm64
 * (arch/arm64/mm/init.c): the last mem= is memory_limit, which
 * arm64_memblock_init() applies by keeping that much RAM from the bottom
 * (memblock_mem_limit_remove_map()).
 */
static void early_mem(struct check *c, const char *val)
{
	struct input *k = &c->kept;
	uint64_t size, start, aligned;
	size_t at = strlen(c->mem);
	const char *end;

	if (!val)
		return;
	snprintf(c->mem + at, sizeof(c->mem) - at, "%smem=%s", at ? " " : "", val);
	size = memparse(val, &end);
	if (arm64(c)) {
		c->mem_limit = size & ~UINT64_C(4095);
		c->mem_given = true;
		return;
	}
	start = *end == '@' ? memparse(end + 1, NULL) : c->loaded.base;
	if (!c->mem_given)
		k->nbanks = 0;
	c->mem_given = true;
	aligned = align_up(start, 4096);
	size = aligned > start + size ? 0 : (size - (aligned - start)) & ~UINT64_C(4095);
	if (size && k->nbanks < MAX_BANKS)
		k->banks[k->nbanks++] = (struct bank){ phys(c, aligned), phys(c, size) };
}

/* RAM as mem= leaves it: the banks early_mem() made, or arm64's limit. */
static void mem_applied(struct check *c)
{
	struct input *k = &c->kept;
	uint64_t left = c->mem_limit;
	char err[160];
	int i;

	if (!c->mem_given)
		return;
	if (arm64(c)) {
		for (i = 0; i < k->nbanks && left; i++) {
			if (k->banks[i].size > left)
				k->banks[i].size = left;
			left -= k->banks[i].size;
		}
		k->nbanks = i;
	} else {
		banks_sort(k->banks, k->nbanks, err, sizeof(err));
	}
	if (!k->nbanks) {
		problem(c, SEV_ERROR, c->mem, RULE_MEM_INITRD,
			"%s leaves the kernel no RAM at all: the boot fails before the console",
			c->mem);
		fatal(c);
		*k = *c->given;
	}
}

void early_reservations(struct check *c)
{
	const struct input *in = c->in;
	/* arm64: QEMU loads the Image 2 MiB into RAM (main.c: kernel_end()). */
	uint64_t kstart = arm64(c) ? ram_base(in) + 2 * MIB : ram_base(in);
	uint64_t kend = in->kernel_end ? in->kernel_end : kstart + 16 * MIB;
	uint64_t istart, half = c->loaded.size / 2;
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
	if (in->spans_known && arm64(c) && in->kernel_start)
		c->kernel.start = in->kernel_start;
	if (in->loader_unknown && arm64(c) && !in->kernel_start)
		c->kernel = (struct span){ 0, 0, "", false };
	else
		reserve(c, c->kernel.start, c->kernel.end, "the kernel image");
	/*
	 * --live: the initrd where /chosen says it is; the DTB where the
	 * loader put it, which the running kernel does not say.
	 */
	if (in->spans_known) {
		c->initrd = (struct span){ in->initrd_start, in->initrd_start + in->initrd_size,
					   "initrd", false };
		if (in->initrd_size && initrd_kept(c))
			reserve(c, c->initrd.start, c->initrd.end, "the initrd");
		goto memreserve;
	}
	if (in->loader_unknown)
		goto memreserve;

	/*
	 * QEMU (hw/arm/boot.c): the initrd at min(RAM / 2, 128 MiB) into the
	 * bank it loads into (the first), the DTB after.
	 */
	istart = c->loaded.base + (half < 128 * MIB ? half : 128 * MIB);
	c->initrd = (struct span){ istart, istart + in->initrd_size, "initrd", false };
	if (in->initrd_size && initrd_kept(c))
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

static void on_param(const char *param, const char *val, void *arg)
{
	struct check *c = arg;

	if (!strcmp(param, "cma")) {
		cma_param_parse(&c->cma, val);
	} else if (!strcmp(param, "mem")) {
		early_mem(c, val);
	} else if (!strcmp(param, "vmalloc") && val && !arm64(c)) {
		/* arch/arm/mm/mmu.c: early_vmalloc(), clamped as it clamps. */
		uint64_t v = memparse(val, NULL);
		uint64_t max = VMALLOC_END - (c->in->kc.page_offset + 32 * MIB + VMALLOC_OFFSET);

		c->vmalloc_size = v < 16 * MIB ? 16 * MIB : v > max ? max : v;
	}
}

void command_line(struct check *c)
{
	c->vmalloc_size = 240 * MIB;
	if (c->in->bootargs && cmdline_walk(c->in->bootargs, on_param, c))
		problem(c, SEV_ERROR, "bootargs", RULE_CMDLINE_LENGTH,
			"the command line is longer than this checker reads (4095 bytes); "
			"the kernel's COMMAND_LINE_SIZE is 1024 on ARM, 2048 on arm64");
	mem_applied(c);
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
void memory_layout(struct check *c)
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
		problem(c, SEV_WARNING, "RAM", RULE_HIGHMEM_OFF,
			"CONFIG_HIGHMEM is off: the kernel uses only the first %" PRIu64
			" MiB of the %" PRIu64 " MiB (\"Truncating RAM\")",
			(c->lowmem_end - ram_base(c->in)) / MIB, ram_total(c->in) / MIB);
}

/*
 * arm64's bootmem_init() allocates before dma_contiguous_reserve(), from
 * the top: sparse_init()'s memmap, one 2 MiB block (PMD-mapped vmemmap) per
 * 128 MiB memory section, and by then the page tables and the unflattened
 * tree (counted as 1 MiB). 32-bit ARM allocates its memmap later. Only the
 * predicted base of a placed default area depends on this.
 */
void arm64_bootmem(struct check *c)
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
