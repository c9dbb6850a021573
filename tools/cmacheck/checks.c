// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's checks: the rules' table, problem(), and the order the kernel
 * runs the model's parts in. The model of Linux 6.1 and 6.12 on 32-bit ARM and arm64: what the
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
 * the kernel prints, or says that it prints none (rules.h).
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
#include <string.h>

#include "model.h"

const struct rule_info rules[NRULES] = {
#define RULE_INFO(id, name, models, prints, catches) \
	[RULE_##id] = { name, models, prints, catches },
	CMACHECK_RULES(RULE_INFO)
#undef RULE_INFO
};

/*
 * One problem. Past MAX_PROBLEMS it is counted, not kept: the reports say
 * how many were left out, and fatal() still marks the boot as failing.
 */
static struct problem *new_problem(struct check *c, enum severity sev, const char *where,
				   const char *rule)
{
	struct problem *p;

	c->last_dropped = c->nproblems == MAX_PROBLEMS;
	if (c->last_dropped) {
		c->dropped++;
		return NULL;
	}
	p = &c->problems[c->nproblems++];
	memset(p, 0, sizeof(*p));
	p->sev = sev;
	snprintf(p->where, sizeof(p->where), "%s", where);
	snprintf(p->rule, sizeof(p->rule), "%s", rule);
	return p;
}

void problem(struct check *c, enum severity sev, const char *where,
	     enum rule rule, const char *fmt, ...)
{
	struct problem *p = new_problem(c, sev, where, rules[rule].name);
	va_list ap;

	if (!p)
		return;
	va_start(ap, fmt);
	vsnprintf(p->message, sizeof(p->message), fmt, ap);
	va_end(ap);
}

void problem_dtc(struct check *c, const char *where, const char *check, const char *text)
{
	char rule[NAME_LEN];
	struct problem *p;

	snprintf(rule, sizeof(rule), "%s:%.58s", rules[RULE_DTC].name, check);
	p = new_problem(c, SEV_WARNING, where, rule);
	if (p)
		snprintf(p->message, sizeof(p->message), "%s (dtc, as the kernel's build runs it)",
			 text);
}

/* The last problem means the boot dies or hangs. */
void fatal(struct check *c)
{
	c->fails = true;
	if (c->nproblems && !c->last_dropped)
		c->problems[c->nproblems - 1].fatal = true;
}

/* s as a JSON string: quotes and backslashes escaped, control characters as \\u. */
void json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			printf("\\%c", ch);
		else if (ch < 0x20)
			printf("\\u%04x", ch);
		else
			putchar(ch);
	}
	putchar('"');
}

void rules_print(bool json)
{
	int i;

	if (json)
		putchar('[');
	for (i = 0; i < NRULES; i++) {
		const struct rule_info *r = &rules[i];

		if (!json) {
			printf("%s\n  models:   %s\n  prints:   %s\n  catches:  %s\n", r->name,
			       r->models, r->prints, r->catches);
			continue;
		}
		printf("%s{\"rule\":", i ? "," : "");
		json_str(r->name);
		printf(",\"models\":");
		json_str(r->models);
		printf(",\"prints\":");
		json_str(r->prints);
		printf(",\"catches\":");
		json_str(r->catches);
		putchar('}');
	}
	if (json)
		printf("]\n");
}

/* --- sizing ------------------------------------------------------------- */

static void sizing(struct check *c)
{
	uint64_t total = 0;
	int i;

	for (i = 0; i < c->nareas; i++)
		total += c->areas[i].size;
	if (total > ram_total(c->in) / 2)
		problem(c, SEV_WARNING, "CMA", RULE_CMA_SHARE,
			"the CMA areas take %" PRIu64 " MiB of %" PRIu64 " MiB of RAM: unmovable "
			"allocations (slab, page tables) must fit in the rest",
			total / MIB, ram_total(c->in) / MIB);
}


int check_run(struct check *c, const struct input *in)
{
	int i, errors = 0, warnings = 0;

	memset(c, 0, sizeof(*c));
	c->given = in;
	c->kept = *in;
	c->loaded = in->banks[0];
	c->in = &c->kept;
	if (in->mem_note[0])
		problem(c, SEV_WARNING, "/memory", RULE_RAM_ASSUMED, "%s", in->mem_note);
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
