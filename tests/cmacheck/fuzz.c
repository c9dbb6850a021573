// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for cmacheck (tests/cmacheck/fuzz.test runs it, bounded,
 * under ASan and UBSan). The first byte chooses what the rest is:
 *   even: a DTB, checked as cmacheck checks its --dtb file and, when it
 *         passes, run through every rule;
 *   odd:  a command line, parsed as the kernel parses cma= and run
 *         through every rule against a small valid DTB.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libfdt.h>

#include "../../tools/cmacheck/cmacheck.h"

static struct check chk;

/* The root, /reserved-memory with one reusable pool, a device bound to it. */
static void *small_dtb(void)
{
	static char buf[2048];
	static int built;
	fdt32_t reg[4] = { 0, cpu_to_fdt32(0x50000000), 0, cpu_to_fdt32(0x1000000) };

	if (built)
		return buf;
	fdt_create(buf, sizeof(buf));
	fdt_finish_reservemap(buf);
	fdt_begin_node(buf, "");
	fdt_property_u32(buf, "#address-cells", 2);
	fdt_property_u32(buf, "#size-cells", 2);
	fdt_begin_node(buf, "reserved-memory");
	fdt_property_u32(buf, "#address-cells", 2);
	fdt_property_u32(buf, "#size-cells", 2);
	fdt_property(buf, "ranges", NULL, 0);
	fdt_begin_node(buf, "pool@50000000");
	fdt_property_string(buf, "compatible", "shared-dma-pool");
	fdt_property(buf, "reg", reg, sizeof(reg));
	fdt_property(buf, "reusable", NULL, 0);
	fdt_property_u32(buf, "phandle", 1);
	fdt_end_node(buf);
	fdt_end_node(buf);
	fdt_begin_node(buf, "fimc0");
	fdt_property_string(buf, "compatible", "cmalab,vfimc");
	fdt_property_u32(buf, "memory-region", 1);
	fdt_end_node(buf);
	fdt_end_node(buf);
	fdt_finish(buf);
	built = 1;
	return buf;
}

static void run(const void *fdt, size_t size, const char *bootargs, uint64_t ram)
{
	struct input in;
	char err[160];

	memset(&in, 0, sizeof(in));
	in.fdt = fdt;
	in.fdt_size = size;
	in.bootargs = bootargs;
	/* The tree's /memory when it has some (dt_memory() is fuzzed too). */
	{
		int zero, n = dt_memory(fdt, in.banks, MAX_BANKS, &zero, err, sizeof(err));

		if (n > 0) {
			in.nbanks = n;
		} else {
			in.banks[0] = (struct bank){ UINT64_C(0x40000000), ram };
			in.nbanks = 1;
		}
	}
	in.mem_from = "fuzz";
	if (in.banks[0].size < 16 * MIB)
		return;
	in.initrd_size = 4 * MIB;
	kconfig_defaults(&in.kc);
	check_run(&chk, &in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t n)
{
	char err[256];

	if (!n)
		return 0;
	if (!(data[0] & 1)) {
		/* libfdt wants the blob aligned: copy it, as cmacheck reads it. */
		void *buf = malloc(n - 1 ? n - 1 : 1);

		if (!buf)
			return 0;
		memcpy(buf, data + 1, n - 1);
		if (!dtb_check(buf, n - 1, err, sizeof(err)))
			run(buf, n - 1, "cma=16M", (data[0] & 0x80 ? 1024 : 512) * MIB);
		free(buf);
	} else {
		char *line = malloc(n);
		struct cma_param p;

		if (!line)
			return 0;
		memcpy(line, data + 1, n - 1);
		line[n - 1] = '\0';
		memset(&p, 0, sizeof(p));
		cma_param_parse(&p, line);
		run(small_dtb(), fdt_totalsize(small_dtb()), line, 512 * MIB);
		free(line);
	}
	return 0;
}
