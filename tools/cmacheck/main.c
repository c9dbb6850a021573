// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck - say what Linux (6.1 or 6.12) on QEMU's ARM virt machine
 * (32-bit or arm64) will do with a CMA configuration, before it boots.
 *
 *   cmacheck --dtb FILE [--bootargs "..."] [--ram SIZE] [--kconfig FILE]
 *            [--target ARCH-KERNEL] [--initrd-size SIZE]
 *            [--system-map FILE] [--json | --brief]
 *
 * The target (arm-6.1, arm-6.12, arm64-6.1, arm64-6.12) comes from the
 * kernel .config's header, or --target; without either, arm-6.1.
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
		"                [--target ARCH-KERNEL] [--initrd-size SIZE] [--system-map FILE]\n"
		"                [--json | --brief]\n"
		"targets: arm-6.1 (the default), arm-6.12, arm64-6.1, arm64-6.12\n");
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

/*
 * _end from System.map as a physical address. 32-bit ARM: the zImage
 * decompresses the kernel to the start of RAM, which the linear map puts
 * at PAGE_OFFSET. arm64: the Image runs where it was loaded, and QEMU
 * loads it 2 MiB into RAM (hw/arm/boot.c: load_aarch64_image(), text
 * offset 0 moved past its boot stub), so _end lies _end - _text above.
 */
static int kernel_end(const char *path, const struct kconfig *k, uint64_t *out)
{
	unsigned long long text = 0, end = 0;
	char line[256];
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, sym[200];

		if (sscanf(line, "%llx %c %199s", &addr, &type, sym) != 3)
			continue;
		if (!strcmp(sym, "_text"))
			text = addr;
		else if (!strcmp(sym, "_end"))
			end = addr;
	}
	fclose(f);
	if (k->target.arch == ARCH_ARM) {
		if (!end || end < k->page_offset)
			return -1;
		*out = end - k->page_offset + RAM_BASE;
	} else {
		if (!text || end <= text)
			return -1;
		*out = RAM_BASE + 2 * MIB + (end - text);
	}
	return 0;
}

int main(int argc, char **argv)
{
	const char *dtb = NULL, *kconfig = NULL, *sysmap = NULL, *ram = NULL, *initrd = NULL;
	const char *target = NULL;
	struct input in = { .ram_size = 512 * MIB };
	struct target t;
	uint64_t max_ram;
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
		} else if (!strcmp(opt, "--target")) {
			target = val;
		} else if (!strcmp(opt, "--ram")) {
			ram = val;
		} else if (!strcmp(opt, "--initrd-size")) {
			initrd = val;
		} else {
			return usage();
		}
	}
	if (!dtb)
		return usage();
	if (target && target_parse(target, &t))
		return fail("--target '%s': %s", target,
			    "one of arm-6.1, arm-6.12, arm64-6.1, arm64-6.12");
	if (kconfig && kconfig_read(&in.kc, kconfig, err, sizeof(err)))
		return fail("--kconfig: %s%s", err, "");
	if (kconfig && target && in.kc.target_known &&
	    strcmp(target, target_name(&in.kc.target)))
		return fail("--target %s, but --kconfig is a %s kernel's", target,
			    target_name(&in.kc.target));
	if (target && !kconfig)
		kconfig_target_defaults(&in.kc, &t);
	else if (target)
		in.kc.target = t;
	/* QEMU virt's RAM: 32-bit ARM without LPAE ends below 4 GiB. */
	max_ram = in.kc.target.arch == ARCH_ARM ? 3072 * MIB : 8192 * MIB;
	if (ram && (parse_size(ram, &in.ram_size) || in.ram_size < 16 * MIB ||
		    in.ram_size > max_ram || in.ram_size % MIB))
		return fail("--ram '%s': a whole number of MiB, 16M to %s", ram,
			    in.kc.target.arch == ARCH_ARM ? "3G (QEMU virt, 32-bit ARM)" :
			    "8G (QEMU virt, arm64)");
	if (initrd && (parse_size(initrd, &in.initrd_size) || in.initrd_size > in.ram_size / 2))
		return fail("--initrd-size '%s': a size (K/M/G suffix) up to half of%s",
			    initrd, " RAM");
	if (sysmap && kernel_end(sysmap, &in.kc, &in.kernel_end))
		return fail("--system-map %s: no _text and _end symbols for this target%s",
			    sysmap, "");
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
