// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck - say what Linux 6.1 on QEMU's 32-bit ARM virt machine will do
 * with a CMA configuration, before it boots.
 *
 *   cmacheck --dtb FILE [--bootargs "..."] [--ram SIZE] [--kconfig FILE]
 *            [--initrd-size SIZE] [--system-map FILE] [--json | --brief]
 *
 * Prints every CMA area the kernel will create, every device's binding, a
 * memory map and each problem as "error:" or "warning:" with the node or
 * argument, the rule and the kernel's message (--brief: only those).
 * The window a placed area can go to is certain; its base is predicted
 * (memblock allocates top down). Exit status: 0 clean,
 * 1 warnings only, 2 errors, 3 bad usage or unreadable input.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "cmacheck.h"

#define MAX_DTB		(4 * 1024 * 1024)
#define EXIT_USAGE	3

static const char *prog = "cmacheck";

static int usage(void)
{
	fprintf(stderr,
		"usage: cmacheck --dtb FILE [--bootargs \"...\"] [--ram SIZE] [--kconfig FILE]\n"
		"                [--initrd-size SIZE] [--system-map FILE] [--json | --brief]\n");
	return EXIT_USAGE;
}

static int fail(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

/* The whole file, which must be a complete, valid flattened device tree. */
static void *read_dtb(const char *path, size_t *size, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	void *buf;
	size_t n;

	if (!f) {
		snprintf(err, errlen, "%s", strerror(errno));
		return NULL;
	}
	buf = malloc(MAX_DTB + 1);
	if (!buf) {
		fclose(f);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	n = fread(buf, 1, MAX_DTB + 1, f);
	fclose(f);
	if (n > MAX_DTB) {
		snprintf(err, errlen, "larger than %d bytes: not a DTB for this machine", MAX_DTB);
		goto bad;
	}
	if (dtb_check(buf, n, err, errlen))
		goto bad;
	*size = n;
	return buf;
bad:
	free(buf);
	return NULL;
}

/* _end from System.map, a kernel virtual address, as a physical one. */
static int kernel_end(const char *path, uint64_t page_offset, uint64_t *out)
{
	char line[256];
	FILE *f = fopen(path, "r");
	int found = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, sym[200];

		if (sscanf(line, "%llx %c %199s", &addr, &type, sym) == 3 && !strcmp(sym, "_end") &&
		    addr >= page_offset) {
			*out = addr - page_offset + RAM_BASE;
			found = 0;
			break;
		}
	}
	fclose(f);
	return found;
}

int main(int argc, char **argv)
{
	const char *dtb = NULL, *kconfig = NULL, *sysmap = NULL;
	struct input in = { .ram_size = 512 * MIB };
	static struct check c;
	char err[256];
	bool json = false, brief = false;
	int i, ret;

	kconfig_defaults(&in.kc);
	for (i = 1; i < argc; i++) {
		const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(opt, "--json")) {
			json = true;
			continue;
		}
		if (!strcmp(opt, "--brief")) {
			brief = true;
			continue;
		}
		if (!val)
			return usage();
		i++;
		if (!strcmp(opt, "--dtb")) {
			dtb = val;
		} else if (!strcmp(opt, "--bootargs")) {
			in.bootargs = val;
		} else if (!strcmp(opt, "--kconfig")) {
			kconfig = val;
		} else if (!strcmp(opt, "--system-map")) {
			sysmap = val;
		} else if (!strcmp(opt, "--ram")) {
			if (parse_size(val, &in.ram_size) || in.ram_size < 16 * MIB ||
			    in.ram_size > 3072 * MIB || in.ram_size % MIB)
				return fail("--ram '%s': a whole number of MiB, 16M to 3G%s", val,
					    " (QEMU virt, 32-bit ARM)");
		} else if (!strcmp(opt, "--initrd-size")) {
			if (parse_size(val, &in.initrd_size) || in.initrd_size > in.ram_size / 2)
				return fail("--initrd-size '%s': a size (K/M/G suffix) up to half of%s",
					    val, " RAM");
		} else {
			return usage();
		}
	}
	if (!dtb)
		return usage();
	if (kconfig && kconfig_read(&in.kc, kconfig, err, sizeof(err)))
		return fail("--kconfig: %s%s", err, "");
	if (sysmap && kernel_end(sysmap, in.kc.page_offset, &in.kernel_end))
		return fail("--system-map %s: no _end symbol above PAGE_OFFSET%s", sysmap, "");
	in.fdt = read_dtb(dtb, &in.fdt_size, err, sizeof(err));
	if (!in.fdt)
		return fail("--dtb %s: %s", dtb, err);

	ret = check_run(&c, &in);
	if (json)
		report_json(&c);
	else
		report_text(&c, dtb, brief);
	free((void *)in.fdt);
	return ret;
}
