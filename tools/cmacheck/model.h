/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cmacheck's model, between its files. Each file models one part of the
 * kernel and is named after it, so that it can be read beside that file:
 *
 *   fdt.c              drivers/of/fdt.c, drivers/of/address.c: reading
 *                      the flattened tree (cells, /memory, dma-ranges)
 *   memblock.c         mm/memblock.c: RAM, reservations, top-down placement
 *   arch.c             arch/arm and arch/arm64 setup_arch(): early
 *                      parameters (mem=, vmalloc=), lowmem and the zones,
 *                      what the loader put in RAM, arm64's bootmem_init()
 *   of_reserved_mem.c  drivers/of/of_reserved_mem.c (and 6.1's
 *                      drivers/of/fdt.c half of it): /reserved-memory
 *   contiguous.c       kernel/dma/contiguous.c and mm/cma.c: CMA areas,
 *                      rmem_cma_setup(), the default area, activation
 *   dma.c              kernel/dma/coherent.c, kernel/dma/direct.c,
 *                      drivers/of/platform.c: DMA pools, what a device
 *                      reaches, what it binds to
 *   checks.c           the rules' table, problem(), and the order the
 *                      kernel runs all of the above in (check_run())
 */
#ifndef CMACHECK_MODEL_H
#define CMACHECK_MODEL_H

#include <libfdt.h>

#include "cmacheck.h"

/* --- checks.c ----------------------------------------------------------- */

/* The boot fails (a hang, an oops or a BUG report) at the last problem. */
void fatal(struct check *c);

/* --- the targets -------------------------------------------------------- */

static inline bool arm64(const struct check *c)
{
	return c->in->kc.target.arch == ARCH_ARM64;
}

static inline bool k612(const struct check *c)
{
	return c->in->kc.target.kver == KVER_6_12;
}

/* phys_addr_t is 32 bits on ARM without LPAE. */
static inline uint64_t phys(const struct check *c, uint64_t v)
{
	return c->in->kc.lpae || arm64(c) ? v : (uint32_t)v;
}

static inline uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

static inline bool overlaps(uint64_t s1, uint64_t e1, uint64_t s2, uint64_t e2)
{
	return s1 < e2 && s2 < e1;
}

/* --- fdt.c -------------------------------------------------------------- */

uint32_t cells_prop(const void *fdt, int node, const char *name, uint32_t dflt, bool *found);
uint64_t read_cells(const fdt32_t **p, uint32_t n);
bool available(const void *fdt, int node);
bool has(const void *fdt, int node, const char *prop);
uint64_t dt_max_cpu_address(const void *fdt, int node);
void node_path(const void *fdt, int node, char *buf, size_t len);

/* --- memblock.c --------------------------------------------------------- */

uint64_t ram_end(const struct check *c);
const struct bank *in_bank(const struct check *c, uint64_t start, uint64_t end);
bool overlaps_ram(const struct check *c, uint64_t start, uint64_t end);
void reserve(struct check *c, uint64_t start, uint64_t end, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
const struct span *reserved_at(const struct check *c, uint64_t start, uint64_t end);
bool memblock_reserved(const struct check *c, uint64_t start, uint64_t end);
uint64_t alloc_top_down(const struct check *c, uint64_t size, uint64_t align,
			uint64_t start, uint64_t end);
void give_back(struct check *c, uint64_t base, uint64_t size);

/* --- arch.c ------------------------------------------------------------- */

void command_line(struct check *c);
void memory_layout(struct check *c);
void early_reservations(struct check *c);
void arm64_bootmem(struct check *c);

/* --- of_reserved_mem.c -------------------------------------------------- */

void reserved_memory(struct check *c);
void init_regions(struct check *c, bool dynamic, bool statics);
bool over_loaded(const struct rmem *r, const struct span *loaded);
void early_remap_refused(struct check *c, const struct rmem *r);

/* --- contiguous.c ------------------------------------------------------- */

unsigned int max_cma_areas(const struct check *c);
const struct area *area_by_node(const struct check *c, int node);
const struct area *default_area(const struct check *c);
int rmem_cma_setup(struct check *c, struct rmem *r);
void default_area_rule(struct check *c, int ncma);

/* --- dma.c -------------------------------------------------------------- */

int rmem_dma_setup(struct check *c, struct rmem *r);
void bindings(struct check *c);

#endif /* CMACHECK_MODEL_H */
