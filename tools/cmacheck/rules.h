/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cmacheck's rules, one table (dtc's checks.c keeps its checks so): each
 * rule's identifier, the kernel code it models, what that kernel prints
 * when the rule fires (or that it prints nothing), and what it catches.
 * problem() takes the identifier; `cmacheck --list-rules` prints the
 * table, and docs/cmacheck.md's rule list is generated from it
 * (scripts/cmacheck-rules.sh; tests/static/cmacheck-rules.test holds the
 * two together).
 *
 * RULE(ID, "name", "models", "the kernel prints", "what it catches")
 */
#ifndef CMACHECK_RULES_H
#define CMACHECK_RULES_H

#define CMACHECK_RULES(RULE) \
	RULE(RAM_ASSUMED, "ram-assumed", \
	     "early_init_dt_scan_memory() (drivers/of/fdt.c)", \
	     "nothing: the bootloader writes /memory", \
	     "the tree's /memory is missing or of size 0, so RAM is assumed") \
	RULE(CMDLINE_LENGTH, "cmdline-length", \
	     "COMMAND_LINE_SIZE (arch/*/include/uapi/asm/setup.h)", \
	     "nothing: the line is cut", \
	     "a command line longer than this checker reads") \
	RULE(HIGHMEM_OFF, "highmem-off", \
	     "adjust_lowmem_bounds() (arch/arm/mm/mmu.c)", \
	     "Truncating RAM at ...", \
	     "32-bit ARM without CONFIG_HIGHMEM drops the RAM above lowmem") \
	RULE(MEM_INITRD, "mem-initrd", \
	     "early_mem() (arch/arm/kernel/setup.c, arch/arm64/mm/init.c), arm_memblock_init()", \
	     "INITRD: ... is not a memory region - disabling initrd", \
	     "mem= leaves the initrd the loader placed outside the RAM the kernel keeps") \
	RULE(RESERVED_MEMORY_PATH, "reserved-memory-path", \
	     "fdt_scan_reserved_mem() (drivers/of/of_reserved_mem.c)", \
	     "nothing", \
	     "a reserved-memory node anywhere but under the root") \
	RULE(RESERVED_MEMORY_FORMAT, "reserved-memory-format", \
	     "__reserved_mem_check_root() (drivers/of/of_reserved_mem.c)", \
	     "Reserved memory: unsupported node format, ignoring", \
	     "/reserved-memory's cells differ from the root's, or ranges is missing") \
	RULE(ROOT_CELLS, "root-cells", \
	     "dt_mem_next_cell() (drivers/of/fdt.c)", \
	     "nothing", \
	     "more than two address or size cells at the root") \
	RULE(TOO_MANY, "too-many", \
	     "MAX_RESERVED_REGIONS (drivers/of/of_reserved_mem.c)", \
	     "not enough space for all defined regions.", \
	     "more than 64 reserved-memory regions") \
	RULE(NO_REG_NO_SIZE, "no-reg-no-size", \
	     "fdt_scan_reserved_mem() (drivers/of/of_reserved_mem.c)", \
	     "nothing", \
	     "a region with neither reg nor size, which the kernel ignores") \
	RULE(REG_CELLS, "reg-cells", \
	     "__reserved_mem_reserve_reg() (drivers/of/of_reserved_mem.c)", \
	     "Reserved memory: invalid reg property in '...', skipping node.", \
	     "a reg that is not a whole number of (address, size) entries") \
	RULE(REG_RESERVE, "reg-reserve", \
	     "early_init_dt_reserve_memory() (drivers/of/of_reserved_mem.c)", \
	     "Reserved memory: failed to reserve memory for node '...'", \
	     "a region of size 0, or a no-map region over memory already reserved") \
	RULE(REGION_OVERLAP, "region-overlap", \
	     "__rmem_check_for_overlap() (drivers/of/of_reserved_mem.c)", \
	     "OVERLAP DETECTED!", \
	     "two regions over the same memory; two CMA areas over the same pages") \
	RULE(SIZE_CELLS, "size-cells", \
	     "__reserved_mem_alloc_size() (drivers/of/of_reserved_mem.c)", \
	     "invalid size property in '...' node.", \
	     "a size that is not #size-cells long") \
	RULE(ALIGNMENT_CELLS, "alignment-cells", \
	     "__reserved_mem_alloc_size() (drivers/of/of_reserved_mem.c)", \
	     "invalid alignment property in '...' node.", \
	     "an alignment that is not #address-cells long") \
	RULE(ALIGNMENT_POWER, "alignment-power", \
	     "memblock_alloc_range_nid() (mm/memblock.c)", \
	     "nothing", \
	     "an alignment that is not a power of two") \
	RULE(ALLOC_RANGES_CELLS, "alloc-ranges-cells", \
	     "__reserved_mem_alloc_size() (drivers/of/of_reserved_mem.c)", \
	     "invalid alloc-ranges property in '...', skipping node.", \
	     "alloc-ranges that is not a whole number of (address, size) entries") \
	RULE(ALLOC_FAILED, "alloc-failed", \
	     "__reserved_mem_alloc_size() (drivers/of/of_reserved_mem.c)", \
	     "OF: reserved mem: failed to allocate memory for node '...': size N MiB", \
	     "a region placed by size that fits nowhere in its window") \
	RULE(OVERLAPS_LOADED, "overlaps-loaded", \
	     "rmem_cma_setup() (kernel/dma/contiguous.c); cmalab's fix", \
	     "nothing (stock); reusable region '...' holds the initrd, not used (fixed)", \
	     "a fixed CMA region over the kernel, the initrd or the DTB the loader placed") \
	RULE(OUTSIDE_RAM, "outside-ram", \
	     "cma_activate_area() (mm/cma.c)", \
	     "WARNING ... cma_activate_area, then an oops", \
	     "a fixed CMA region not all in one bank of RAM") \
	RULE(EARLY_REMAP, "early-remap", \
	     "dma_contiguous_early_fixup() (6.12: of_reserved_mem.c; arch/arm/mm/dma-mapping.c)", \
	     "nothing: the boot hangs before the console", \
	     "6.12 on 32-bit ARM remaps a region for DMA before refusing it (stock kernel)") \
	RULE(REUSABLE_NO_MAP, "reusable-no-map", \
	     "__reserved_mem_init_node() (drivers/of/of_reserved_mem.c)", \
	     "OF: reserved mem: node ... compatible matching fail", \
	     "a shared-dma-pool both reusable and no-map") \
	RULE(POOL_NEEDS_NO_MAP, "pool-needs-no-map", \
	     "rmem_dma_setup() (kernel/dma/coherent.c)", \
	     "Reserved memory: regions without no-map are not yet supported", \
	     "a shared-dma-pool neither reusable nor no-map") \
	RULE(CMA_DISABLED, "cma-disabled", \
	     "rmem_cma_setup(), early_cma() (kernel/dma/contiguous.c)", \
	     "OF: reserved mem: node ... compatible matching fail", \
	     "a CMA region or cma= with CONFIG_CMA or CONFIG_DMA_CMA off") \
	RULE(CMA_BYPASS, "cma-bypass", \
	     "rmem_cma_setup() (kernel/dma/contiguous.c)", \
	     "Reserved memory: bypass ... node, using cmdline CMA params instead", \
	     "cma= on the command line replaces the tree's linux,cma-default region") \
	RULE(CMA_ALIGNMENT, "cma-alignment", \
	     "rmem_cma_setup() (kernel/dma/contiguous.c)", \
	     "Reserved memory: incorrect alignment of CMA region", \
	     "a CMA region whose base or size is off the pageblock") \
	RULE(CMA_AREAS, "cma-areas", \
	     "cma_init_reserved_mem() (mm/cma.c)", \
	     "Not enough slots for CMA reserved regions!", \
	     "more CMA areas than MAX_CMA_AREAS") \
	RULE(ZONE_BOUNDARY, "zone-boundary", \
	     "cma_activate_area() (mm/cma.c)", \
	     "CMA area ... could not be activated", \
	     "a CMA area across lowmem's end (32-bit ARM) or ZONE_DMA's (arm64): reserved, then refused") \
	RULE(DEFAULT_TWICE, "default-twice", \
	     "rmem_cma_setup() (kernel/dma/contiguous.c)", \
	     "nothing", \
	     "two regions say linux,cma-default: the last one set up is the default area") \
	RULE(CMA_REPEATED, "cma-repeated", \
	     "early_cma() (kernel/dma/contiguous.c)", \
	     "nothing", \
	     "cma= given more than once: the last one counts") \
	RULE(CMA_SYNTAX, "cma-syntax", \
	     "early_cma() (kernel/dma/contiguous.c)", \
	     "Config string not provided; or nothing", \
	     "cma without a value, or a value that is not a number") \
	RULE(CMA_JUNK, "cma-junk", \
	     "early_cma() (kernel/dma/contiguous.c)", \
	     "nothing", \
	     "characters after cma='s value, which the kernel ignores") \
	RULE(CMA_MINUS_ONE, "cma-minus-one", \
	     "early_cma() (kernel/dma/contiguous.c)", \
	     "nothing", \
	     "cma=0xffffffff, the kernel's own marker for no cma=") \
	RULE(CMA_32BIT, "cma-32bit", \
	     "early_cma() (kernel/dma/contiguous.c)", \
	     "nothing", \
	     "a cma= value above 4 GiB, truncated to 32 bits without LPAE") \
	RULE(CMA_BASE_ALIGNMENT, "cma-base-alignment", \
	     "cma_declare_contiguous_nid() (mm/cma.c)", \
	     "cma: Region at ... must be aligned to ... bytes", \
	     "cma='s base off the pageblock") \
	RULE(LOWMEM_BOUNDARY, "lowmem-boundary", \
	     "cma_declare_contiguous_nid() (mm/cma.c)", \
	     "cma: Region at ... defined on low/high memory boundary (...)", \
	     "cma=size@base across lowmem's end (where mem= and vmalloc= put it)") \
	RULE(CMA_LIMIT, "cma-limit", \
	     "cma_declare_contiguous_nid() (mm/cma.c)", \
	     "cma: Size (...) of region at ... exceeds limit (...)", \
	     "cma='s base and size past its limit") \
	RULE(CMA_SIZE_ROUNDED, "cma-size-rounded", \
	     "cma_declare_contiguous_nid() (mm/cma.c)", \
	     "nothing", \
	     "a cma= size off the pageblock, rounded up") \
	RULE(CMA_RESERVED, "cma-reserved", \
	     "cma_declare_contiguous_nid() (mm/cma.c)", \
	     "cma: Failed to reserve N MiB", \
	     "cma=size@base over memory already reserved, or not RAM") \
	RULE(CMA_NO_ROOM, "cma-no-room", \
	     "cma_declare_contiguous_nid() (mm/cma.c)", \
	     "cma: Failed to reserve N MiB", \
	     "no room for the default area in its window") \
	RULE(MEMORY_REGION, "memory-region", \
	     "of_reserved_mem_device_init_by_idx() (drivers/of/of_reserved_mem.c)", \
	     "the driver's probe error", \
	     "a memory-region that names no usable region") \
	RULE(DMA_BITS, "dma-bits", \
	     "vfimc's probe (cmalab's series)", \
	     "cmalab,dma-bits = N: must be 24 to 64: -22", \
	     "a vfimc DMA width out of range") \
	RULE(DMA_MASK, "dma-mask", \
	     "dma_direct_supported() (kernel/dma/direct.c)", \
	     "cannot set a N-bit DMA mask: -5", \
	     "a DMA mask that cannot reach the end of RAM or of ZONE_DMA") \
	RULE(REACH, "reach", \
	     "__dma_direct_alloc_pages() (kernel/dma/direct.c); arch/arm/mm/dma-mapping.c", \
	     "nothing", \
	     "a device's area outside what its dma-ranges and mask reach") \
	RULE(REACH_DEFAULT, "reach-default", \
	     "of_dma_configure() (drivers/of/device.c)", \
	     "nothing", \
	     "devices behind a bus whose dma-ranges do not reach the default area") \
	RULE(CMA_SHARE, "cma-share", \
	     "cmacheck's own", \
	     "nothing", \
	     "CMA areas taking more than half of RAM") \
	RULE(DTC, "dtc", \
	     "dtc's checks, as the kernel's build runs them", \
	     "dtc: Warning (check): ...", \
	     "what dtc found building the tree (rule dtc:CHECK)")

enum rule {
#define RULE_ENUM(id, name, models, prints, catches) RULE_##id,
	CMACHECK_RULES(RULE_ENUM)
#undef RULE_ENUM
	NRULES
};

struct rule_info {
	const char *name, *models, *prints, *catches;
};

extern const struct rule_info rules[NRULES];

#endif /* CMACHECK_RULES_H */
