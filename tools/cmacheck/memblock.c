// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's model of mm/memblock.c: the banks of RAM, what is reserved
 * in them, and memblock's top-down placement (32-bit ARM's and arm64's
 * default), as early boot allocates.
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

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

uint64_t ram_end(const struct check *c)
{
	return ram_top(c->in);
}

/* The bank that holds all of [start, end), or NULL. */
const struct bank *in_bank(const struct check *c, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < c->in->nbanks; i++) {
		const struct bank *b = &c->in->banks[i];

		if (start >= b->base && end <= b->base + b->size && start < end)
			return b;
	}
	return NULL;
}

bool overlaps_ram(const struct check *c, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < c->in->nbanks; i++)
		if (start < c->in->banks[i].base + c->in->banks[i].size &&
		    c->in->banks[i].base < end)
			return true;
	return false;
}

void reserve(struct check *c, uint64_t start, uint64_t end, const char *fmt, ...)
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
const struct span *reserved_at(const struct check *c, uint64_t start, uint64_t end)
{
	int i;

	for (i = 0; i < c->nreserved; i++)
		if (overlaps(start, end, c->reserved[i].start, c->reserved[i].end))
			return &c->reserved[i];
	return NULL;
}

/* memblock_is_region_reserved(): the same, but no-map memory is not reserved. */
bool memblock_reserved(const struct check *c, uint64_t start, uint64_t end)
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
uint64_t alloc_top_down(const struct check *c, uint64_t size, uint64_t align,
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

/*
 * A region the kernel refuses after reserving it is given back
 * (fdt_init_reserved_mem_node(): memblock_phys_free() or, for no-map,
 * memblock_clear_nomap()): later allocations may use its memory.
 */
void give_back(struct check *c, uint64_t base, uint64_t size)
{
	int i;

	for (i = 0; i < c->nreserved; i++) {
		if (c->reserved[i].start != base || c->reserved[i].end != base + size)
			continue;
		memmove(&c->reserved[i], &c->reserved[i + 1],
			sizeof(c->reserved[0]) * (size_t)(c->nreserved - i - 1));
		c->nreserved--;
		return;
	}
}
