// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's reading of the flattened tree, as drivers/of/fdt.c and
 * drivers/of/address.c read it: cells, /memory's banks, dma-ranges, and
 * the whole-tree check before anything is read.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

uint32_t cells_prop(const void *fdt, int node, const char *name, uint32_t dflt, bool *found)
{
	const fdt32_t *p;
	int len;

	p = fdt_getprop(fdt, node, name, &len);
	if (found)
		*found = p && len == 4;
	return p && len == 4 ? fdt32_to_cpu(*p) : dflt;
}

uint64_t read_cells(const fdt32_t **p, uint32_t n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | fdt32_to_cpu(*(*p)++);
	return v;
}

/* of_fdt_device_is_available(): no status, "okay" or "ok". */
bool available(const void *fdt, int node)
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

bool has(const void *fdt, int node, const char *prop)
{
	return fdt_getprop(fdt, node, prop, NULL) != NULL;
}

/*
 * drivers/of/address.c: of_dma_get_max_cpu_address(): the lowest end of
 * any dma-ranges in the available subtree at node, as a CPU address (the
 * parent's address: cmalab's buses translate one to one). UINT64_MAX if
 * none limits it.
 */
uint64_t dt_max_cpu_address(const void *fdt, int node)
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

void node_path(const void *fdt, int node, char *buf, size_t len)
{
	if (fdt_get_path(fdt, node, buf, (int)len))
		snprintf(buf, len, "(node at offset %d)", node);
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
