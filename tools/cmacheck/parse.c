// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck's parsers: the kernel's memparse() and next_arg() as lib/cmdline.c
 * has them, early_cma() as kernel/dma/contiguous.c has it, and a reader for
 * the few .config options the model needs.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmacheck.h"

/*
 * simple_strtoull(s, &end, 0) (lib/vsprintf.c, lib/kstrtox.c): "0x" and a
 * hex digit select base 16, a leading 0 base 8, else base 10; no sign, no
 * leading spaces; overflow wraps.
 */
static uint64_t kernel_strtoull(const char *s, const char **end)
{
	unsigned int base = 10;
	uint64_t v = 0;

	if (s[0] == '0') {
		if (tolower((unsigned char)s[1]) == 'x' && isxdigit((unsigned char)s[2])) {
			base = 16;
			s += 2;
		} else {
			base = 8;
		}
	}
	for (;; s++) {
		unsigned int d;

		if (isdigit((unsigned char)*s))
			d = (unsigned int)(*s - '0');
		else if (isxdigit((unsigned char)*s))
			d = (unsigned int)(tolower((unsigned char)*s) - 'a' + 10);
		else
			break;
		if (d >= base)
			break;
		v = v * base + d;
	}
	*end = s;
	return v;
}

uint64_t memparse(const char *s, const char **end)
{
	const char *e;
	uint64_t v = kernel_strtoull(s, &e);
	unsigned int shift = 0;

	switch (*e) {
	case 'E': case 'e': shift += 10; /* fall through */
	case 'P': case 'p': shift += 10; /* fall through */
	case 'T': case 't': shift += 10; /* fall through */
	case 'G': case 'g': shift += 10; /* fall through */
	case 'M': case 'm': shift += 10; /* fall through */
	case 'K': case 'k': shift += 10;
		e++;
		break;
	default:
		break;
	}
	v = shift >= 64 ? 0 : v << shift;
	if (end)
		*end = e;
	return v;
}

/*
 * early_cma(): size = memparse(p); "@" then base = memparse; "-" then
 * limit = memparse, else limit = base + size. Whatever follows is ignored.
 */
void cma_param_parse(struct cma_param *p, const char *value)
{
	size_t used = strlen(p->all);
	const char *s;

	p->given = true;
	p->count++;
	snprintf(p->all + used, sizeof(p->all) - used, "%scma%s%s", used ? " " : "",
		 value ? "=" : "", value ? value : "");
	p->no_value = !value;
	p->size = p->base = p->limit = 0;
	p->junk[0] = '\0';
	p->numeric = false;
	snprintf(p->text, sizeof(p->text), "%s", value ? value : "");
	if (!value)
		return;
	p->numeric = isdigit((unsigned char)value[0]);
	p->size = memparse(value, &s);
	if (*s == '@') {
		p->base = memparse(s + 1, &s);
		if (*s == '-')
			p->limit = memparse(s + 1, &s);
		else
			p->limit = p->base + p->size;
	}
	snprintf(p->junk, sizeof(p->junk), "%s", s);
}

/* next_arg() and parse_args(): quotes, "param=value", "--" ends them. */
int cmdline_walk(const char *line,
		 void (*fn)(const char *param, const char *val, void *arg),
		 void *arg)
{
	char buf[4096], *args = buf;

	if (strlen(line) >= sizeof(buf))
		return -1;
	strcpy(buf, line);
	while (isspace((unsigned char)*args))
		args++;
	while (*args) {
		size_t i, equals = 0;
		int in_quote = 0, quoted = 0;
		char *param, *val = NULL;

		if (*args == '"') {
			args++;
			in_quote = quoted = 1;
		}
		for (i = 0; args[i]; i++) {
			if (isspace((unsigned char)args[i]) && !in_quote)
				break;
			if (!equals && args[i] == '=')
				equals = i;
			if (args[i] == '"')
				in_quote = !in_quote;
		}
		param = args;
		if (equals) {
			args[equals] = '\0';
			val = args + equals + 1;
			if (*val == '"') {
				val++;
				if (i > 0 && args[i - 1] == '"')
					args[i - 1] = '\0';
			}
		}
		if (quoted && i > 0 && args[i - 1] == '"')
			args[i - 1] = '\0';
		if (args[i]) {
			args[i] = '\0';
			args += i + 1;
		} else {
			args += i;
		}
		while (isspace((unsigned char)*args))
			args++;
		if (!val && !strcmp(param, "--"))
			break;
		fn(param, val, arg);
	}
	return 0;
}

int parse_size(const char *s, uint64_t *out)
{
	const char *end;

	if (!s || !isdigit((unsigned char)s[0]))
		return -1;
	*out = memparse(s, &end);
	return *end ? -1 : 0;
}

int target_parse(const char *s, struct target *t)
{
	static const struct {
		const char *name;
		struct target t;
	} targets[] = {
		{ "arm-6.1", { ARCH_ARM, KVER_6_1 } },
		{ "arm-6.12", { ARCH_ARM, KVER_6_12 } },
		{ "arm64-6.1", { ARCH_ARM64, KVER_6_1 } },
		{ "arm64-6.12", { ARCH_ARM64, KVER_6_12 } },
	};
	size_t i;

	for (i = 0; i < sizeof(targets) / sizeof(targets[0]); i++) {
		if (!strcmp(s, targets[i].name)) {
			*t = targets[i].t;
			return 0;
		}
	}
	return -1;
}

const char *target_name(const struct target *t)
{
	if (t->arch == ARCH_ARM)
		return t->kver == KVER_6_1 ? "arm-6.1" : "arm-6.12";
	return t->kver == KVER_6_1 ? "arm64-6.1" : "arm64-6.12";
}

/*
 * What cmalab's fragments (board/common/linux) give each target: 32-bit
 * ARM with highmem, arm64 with both DMA zones as Debian's arm64 kernel has
 * them. ARCH_FORCE_MAX_ORDER's default is 11 in 6.1 (exclusive: orders
 * 0..10) and 10 in 6.12 (inclusive, MAX_PAGE_ORDER): the same 4 MiB
 * largest block either way.
 */
void kconfig_target_defaults(struct kconfig *k, const struct target *t)
{
	memset(k, 0, sizeof(*k));
	k->target = *t;
	k->cma = k->dma_cma = true;
	k->highmem = t->arch == ARCH_ARM;
	/*
	 * ZONE_DMA on both: arm64's defconfig, and on 32-bit ARM the BCM2835
	 * support cmalab's kernel carries for the raspi2b machine (as Debian's
	 * armmp does) selects it.
	 */
	k->zone_dma = true;
	k->zone_dma32 = t->arch == ARCH_ARM64;
	k->cma_areas = 7;
	k->max_order = t->kver == KVER_6_1 ? 11 : 10;
	k->page_offset = t->arch == ARCH_ARM ? 0xC0000000ULL : 0;
	k->page_shift = 12;
}

void kconfig_defaults(struct kconfig *k)
{
	static const struct target arm61 = { ARCH_ARM, KVER_6_1 };

	kconfig_target_defaults(k, &arm61);
}

/*
 * The header kconfig writes: "# Linux/arm64 6.12.118 Kernel Configuration".
 * 0 and *t set if it names one of our targets.
 */
static int kconfig_header(const char *line, struct target *t)
{
	char arch[32];
	unsigned int major, minor;

	if (sscanf(line, "# Linux/%31s %u.%u", arch, &major, &minor) != 3)
		return -1;
	if (!strcmp(arch, "arm"))
		t->arch = ARCH_ARM;
	else if (!strcmp(arch, "arm64"))
		t->arch = ARCH_ARM64;
	else
		return -1;
	if (major == 6 && minor == 1)
		t->kver = KVER_6_1;
	else if (major == 6 && minor == 12)
		t->kver = KVER_6_12;
	else
		return -1;
	return 0;
}

static int kconfig_bool(const char *val)
{
	return !strcmp(val, "y");
}

int kconfig_read(struct kconfig *k, const char *path, char *err, size_t errlen)
{
	char line[512];
	FILE *f = fopen(path, "r");
	bool any = false, max_order = false;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	kconfig_defaults(k);
	/* A .config states every option it has; absent bools are off. */
	k->cma = k->dma_cma = k->highmem = false;
	k->zone_dma = k->zone_dma32 = false;
	while (fgets(line, sizeof(line), f)) {
		char *eq, *name = line, *val;
		struct target t;

		line[strcspn(line, "\n")] = '\0';
		if (!k->target_known && !kconfig_header(line, &t)) {
			k->target = t;
			k->target_known = true;
			continue;
		}
		if (strncmp(line, "CONFIG_", 7) || !(eq = strchr(line, '=')))
			continue;
		*eq = '\0';
		val = eq + 1;
		name += 7;
		any = true;
		if (!strcmp(name, "CMA"))
			k->cma = kconfig_bool(val);
		else if (!strcmp(name, "DMA_CMA"))
			k->dma_cma = kconfig_bool(val);
		else if (!strcmp(name, "HIGHMEM"))
			k->highmem = kconfig_bool(val);
		else if (!strcmp(name, "ARM_LPAE"))
			k->lpae = kconfig_bool(val);
		else if (!strcmp(name, "ZONE_DMA"))
			k->zone_dma = kconfig_bool(val);
		else if (!strcmp(name, "ZONE_DMA32"))
			k->zone_dma32 = kconfig_bool(val);
		else if (!strcmp(name, "HUGETLB_PAGE"))
			k->hugetlb_page = kconfig_bool(val);
		else if (!strcmp(name, "CMA_AREAS"))
			k->cma_areas = (unsigned int)strtoul(val, NULL, 0);
		else if (!strcmp(name, "ARCH_FORCE_MAX_ORDER")) {
			k->max_order = (unsigned int)strtoul(val, NULL, 0);
			max_order = true;
		} else if (!strcmp(name, "ARM64_16K_PAGES") && kconfig_bool(val)) {
			k->page_shift = 14;
		} else if (!strcmp(name, "ARM64_64K_PAGES") && kconfig_bool(val)) {
			k->page_shift = 16;
		} else if (!strcmp(name, "PAGE_OFFSET"))
			k->page_offset = strtoull(val, NULL, 0);
		else if (!strcmp(name, "CMA_SIZE_MBYTES"))
			k->cma_size_mbytes = strtoull(val, NULL, 0);
	}
	fclose(f);
	/* Without the option, the kernel's default: MAX_ORDER 11, MAX_PAGE_ORDER 10. */
	if (!max_order)
		k->max_order = k->target.kver == KVER_6_12 ? 10 : 11;
	if (!any) {
		snprintf(err, errlen, "%s: no CONFIG_ option in it: not a kernel .config", path);
		return -1;
	}
	if (k->max_order < 2 || k->max_order > 20 || !k->cma_areas || k->cma_areas > 64) {
		snprintf(err, errlen, "%s: CONFIG_ARCH_FORCE_MAX_ORDER or CONFIG_CMA_AREAS out of range",
			 path);
		return -1;
	}
	k->known = true;
	return 0;
}
