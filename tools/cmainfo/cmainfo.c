// SPDX-License-Identifier: GPL-2.0
/*
 * cmainfo - the guest's CMA report: what the kernel made of the board's
 * configuration.
 *
 *   areas      each CMA area (debugfs cma/<name>): base, size, used, largest
 *              free chunk, whether it is the default area and where it came
 *              from (cma= or a reserved-memory node)
 *   memory     CmaTotal and CmaFree from /proc/meminfo
 *   counters   /sys/kernel/mm/cma/<name>/alloc_pages_{success,fail}
 *   bindings   every DT node with a memory-region, the region it names,
 *              whether that region is a CMA area, and the driver bound
 *   boot log   the kernel's CMA and reserved-memory lines
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <unistd.h>

#define DEBUGFS_CMA "/sys/kernel/debug/cma"
#define SYSFS_CMA "/sys/kernel/mm/cma"
#define DT_ROOT "/proc/device-tree"
#define DT_RESMEM DT_ROOT "/reserved-memory"

static long page_size;

/* Read a small text file; NULL when it cannot be read. */
static char *read_text(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

static int read_ull(const char *dir, const char *name, unsigned long long *val)
{
	char path[PATH_MAX];
	char *s, *end;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	s = read_text(path);
	if (!s || !*s)
		return -1;
	errno = 0;
	*val = strtoull(s, &end, 0);
	return (errno || *end) ? -1 : 0;
}

static int exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

/* A byte count the way people say it: "32 MiB", "64 KiB", "4097 B". */
static const char *human(unsigned long long bytes, char *buf, size_t len)
{
	if (bytes && bytes % (1ULL << 20) == 0)
		snprintf(buf, len, "%llu MiB", bytes >> 20);
	else if (bytes && bytes % 1024 == 0)
		snprintf(buf, len, "%llu KiB", bytes >> 10);
	else
		snprintf(buf, len, "%llu B", bytes);
	return buf;
}

/*
 * Whether the kernel made this area its default one: the CMA dma-buf heap
 * (drivers/dma-buf/heaps/cma_heap.c) is named after dev_get_cma_area(NULL).
 * Without heaps, the tree's word: cma='s area, or linux,cma-default (of
 * two such regions only one is the default, which the tree cannot say).
 */
static int default_area(const char *name, int dt_default)
{
	char path[PATH_MAX];

	if (!exists("/sys/class/dma_heap"))
		return dt_default;
	snprintf(path, sizeof(path), "/sys/class/dma_heap/%s", name);
	return exists(path);
}

/* Where an area came from, and whether it is the default one. */
static const char *area_origin(const char *name, int *is_default)
{
	char path[PATH_MAX];

	/*
	 * dma_contiguous_reserve() names the area it makes from cma= (or from
	 * CONFIG_CMA_SIZE_*, 0 in cmalab's kernels) "reserved".
	 */
	if (strcmp(name, "reserved") == 0) {
		*is_default = default_area(name, 1);
		return "cma=";
	}
	snprintf(path, sizeof(path), DT_RESMEM "/%s", name);
	if (!exists(path)) {
		*is_default = default_area(name, 0);
		return "other";
	}
	snprintf(path, sizeof(path), DT_RESMEM "/%s/linux,cma-default", name);
	*is_default = default_area(name, exists(path));
	return "reserved-memory node";
}

static int report_areas(void)
{
	struct dirent **names;
	int n, i, shown = 0;

	printf("CMA areas (debugfs cma/):\n");
	n = scandir(DEBUGFS_CMA, &names, NULL, alphasort);
	if (n < 0) {
		printf("  %s: %s\n", DEBUGFS_CMA, strerror(errno));
		return -1;
	}
	/* BASE fits arm64's addresses above 4 GiB (0x120000000). */
	printf("  %-20s %-11s %-10s %-10s %-10s %-8s %s\n", "NAME", "BASE",
	       "SIZE", "USED", "MAXCHUNK", "DEFAULT", "FROM");
	for (i = 0; i < n; i++) {
		unsigned long long base, count, used = 0, maxchunk = 0;
		char dir[PATH_MAX], sz[32], addr[24];
		const char *from;
		int def;

		if (names[i]->d_name[0] == '.')
			goto next;
		snprintf(dir, sizeof(dir), DEBUGFS_CMA "/%s", names[i]->d_name);
		if (read_ull(dir, "base_pfn", &base) || read_ull(dir, "count", &count))
			goto next;
		read_ull(dir, "used", &used);
		read_ull(dir, "maxchunk", &maxchunk);
		from = area_origin(names[i]->d_name, &def);
		snprintf(addr, sizeof(addr), "0x%08llx", base * page_size);
		printf("  %-20s %-11s %-10s ", names[i]->d_name, addr,
		       human(count * page_size, sz, sizeof(sz)));
		printf("%-10s ", human(used * page_size, sz, sizeof(sz)));
		printf("%-10s %-8s %s\n", human(maxchunk * page_size, sz, sizeof(sz)),
		       def ? "yes" : "no", from);
		shown++;
next:
		free(names[i]);
	}
	free(names);
	if (!shown)
		printf("  (none: no CMA area exists)\n");
	return 0;
}

static void report_meminfo(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];

	printf("\nMemory (/proc/meminfo):\n");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "MemTotal:", 9) || !strncmp(line, "MemFree:", 8) ||
		    !strncmp(line, "CmaTotal:", 9) || !strncmp(line, "CmaFree:", 8))
			printf("  %s", line);
	fclose(f);
}

static void report_counters(void)
{
	struct dirent **names;
	int n, i;

	printf("\nCounters (/sys/kernel/mm/cma/):\n");
	n = scandir(SYSFS_CMA, &names, NULL, alphasort);
	if (n < 0) {
		printf("  %s: %s\n", SYSFS_CMA, strerror(errno));
		return;
	}
	for (i = 0; i < n; i++) {
		unsigned long long ok = 0, fail = 0;
		char dir[PATH_MAX];

		if (names[i]->d_name[0] != '.') {
			snprintf(dir, sizeof(dir), SYSFS_CMA "/%s", names[i]->d_name);
			read_ull(dir, "alloc_pages_success", &ok);
			read_ull(dir, "alloc_pages_fail", &fail);
			printf("  %-20s alloc_pages_success %-8llu alloc_pages_fail %llu\n",
			       names[i]->d_name, ok, fail);
		}
		free(names[i]);
	}
	free(names);
}

/* Read a big-endian u32 DT property; -1 when absent or malformed. */
static int dt_u32(const char *path, uint32_t *val)
{
	unsigned char b[4];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f)
		return -1;
	n = fread(b, 1, sizeof(b), f);
	fclose(f);
	if (n != sizeof(b))
		return -1;
	*val = (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
	return 0;
}

/* The reserved-memory child whose phandle is ph, into name; -1 if none. */
static int resmem_by_phandle(uint32_t ph, char *name, size_t len)
{
	DIR *d = opendir(DT_RESMEM);
	struct dirent *e;
	int ret = -1;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char path[PATH_MAX];
		uint32_t v;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), DT_RESMEM "/%s/phandle", e->d_name);
		if (!dt_u32(path, &v) && v == ph) {
			snprintf(name, len, "%s", e->d_name);
			ret = 0;
			break;
		}
	}
	closedir(d);
	return ret;
}

/* The driver bound to the platform device made from DT node dtpath. */
static const char *driver_of(const char *dtpath)
{
	static char drv[NAME_MAX + 1];
	DIR *d = opendir("/sys/bus/platform/devices");
	struct dirent *e;
	const char *ret = "none";

	if (!d)
		return ret;
	while ((e = readdir(d))) {
		char link[PATH_MAX], target[PATH_MAX];
		ssize_t n;

		snprintf(link, sizeof(link), "/sys/bus/platform/devices/%s/of_node",
			 e->d_name);
		n = readlink(link, target, sizeof(target) - 1);
		if (n < 0)
			continue;
		target[n] = '\0';
		if (!strstr(target, "devicetree/base") ||
		    strcmp(strstr(target, "devicetree/base") + 15, dtpath))
			continue;
		snprintf(link, sizeof(link), "/sys/bus/platform/devices/%s/driver",
			 e->d_name);
		n = readlink(link, target, sizeof(target) - 1);
		if (n >= 0) {
			target[n] = '\0';
			snprintf(drv, sizeof(drv), "%s", basename(target));
			ret = drv;
		}
		break;
	}
	closedir(d);
	return ret;
}

/* Walk the DT; print each node that has a memory-region. */
static int walk_bindings(const char *dir, const char *dtpath)
{
	struct dirent **names;
	char path[PATH_MAX];
	int found = 0, n, i;
	uint32_t ph;

	snprintf(path, sizeof(path), "%s/memory-region", dir);
	if (!dt_u32(path, &ph)) {
		char region[NAME_MAX + 1] = "?", dbg[PATH_MAX];

		found++;
		if (resmem_by_phandle(ph, region, sizeof(region)))
			snprintf(region, sizeof(region), "(phandle 0x%x: no such node)", ph);
		snprintf(dbg, sizeof(dbg), DEBUGFS_CMA "/%s", region);
		printf("  %-28s -> %-24s %-8s driver: %s\n", dtpath, region,
		       exists(dbg) ? "cma" : "not-cma", driver_of(dtpath));
	}
	n = scandir(dir, &names, NULL, alphasort);
	for (i = 0; i < n; i++) {
		char sub[PATH_MAX], subdt[PATH_MAX];
		struct stat st;

		snprintf(sub, sizeof(sub), "%s/%s", dir, names[i]->d_name);
		snprintf(subdt, sizeof(subdt), "%s/%s", strcmp(dtpath, "/") ? dtpath : "",
			 names[i]->d_name);
		if (names[i]->d_name[0] != '.' && !lstat(sub, &st) && S_ISDIR(st.st_mode))
			found += walk_bindings(sub, subdt);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return found;
}

/* scandir() filter: the misc devices vfimc registers. */
static int is_vfimc(const struct dirent *e)
{
	return !strncmp(e->d_name, "vfimc-", 6);
}

/*
 * vfimc devices say in sysfs which area serves them, region or default,
 * and how many of their live buffers the area did not serve (dma-mapping's
 * fallback to the page allocator).
 */
static void report_vfimc(void)
{
	struct dirent **names;
	int n, i, shown = 0;

	/* No driver (a module not loaded yet): nothing to say. */
	if (access("/sys/bus/platform/drivers/vfimc", F_OK))
		return;
	/* The attributes live on the misc device, beside its /dev node. */
	n = scandir("/sys/class/misc", &names, is_vfimc, alphasort);
	if (n < 0)
		return;
	printf("\nvfimc devices (sysfs):\n");
	for (i = 0; i < n; i++) {
		char dir[PATH_MAX], path[PATH_MAX + 16], area[NAME_MAX + 1] = "?", kind[32] = "?";
		char node[NAME_MAX + 8];
		unsigned long long buffers = 0, bytes = 0, fallback = 0;
		const char *s;

		snprintf(node, sizeof(node), "/dev/%s", names[i]->d_name);
		snprintf(dir, sizeof(dir), "/sys/class/misc/%s", names[i]->d_name);
		snprintf(path, sizeof(path), "%s/area", dir);
		if ((s = read_text(path))) {
			snprintf(area, sizeof(area), "%s", s);
			snprintf(path, sizeof(path), "%s/area_kind", dir);
			if ((s = read_text(path)))
				snprintf(kind, sizeof(kind), "%s", s);
			read_ull(dir, "buffers", &buffers);
			read_ull(dir, "bytes", &bytes);
			read_ull(dir, "fallback_buffers", &fallback);
			printf("  %-22s area %-24s (%s), %llu buffers (%llu from the fallback), %llu bytes\n",
			       node, area, kind, buffers, fallback, bytes);
			shown++;
		}
		free(names[i]);
	}
	free(names);
	if (!shown)
		printf("  none\n");
}

static void report_bindings(void)
{
	printf("\nDevice bindings (memory-region):\n");
	if (!walk_bindings(DT_ROOT, "/"))
		printf("  none: devices use the default area\n");
	report_vfimc();
}

static void report_bootlog(void)
{
	int len = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *buf, *line, *save;

	printf("\nBoot log (CMA and reserved memory):\n");
	if (len <= 0)
		return;
	buf = malloc(len + 1);
	if (!buf)
		return;
	len = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, len);
	if (len < 0)
		len = 0;
	buf[len] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		const char *msg = line;

		if (*msg == '<')
			msg = strchr(msg, '>') ? strchr(msg, '>') + 1 : msg;
		if (strstr(msg, "cma:") || strstr(msg, "CMA") ||
		    strstr(msg, "Reserved memory") || strstr(msg, "reserved mem") ||
		    strstr(msg, "cma-reserved") || strstr(msg, "Kernel command line"))
			printf("  %s\n", msg);
	}
	free(buf);
}

int main(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "usage: cmainfo\n");
		return 2;
	}
	page_size = sysconf(_SC_PAGESIZE);
	printf("cmalab CMA report\n");
	printf("  kernel command line: %s\n\n", read_text("/proc/cmdline") ?: "?");
	report_areas();
	report_meminfo();
	report_counters();
	report_bindings();
	report_bootlog();
	return 0;
}
