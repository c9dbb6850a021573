// SPDX-License-Identifier: GPL-2.0
/*
 * cmacheck --live: on the board itself. The prediction is made from the
 * running kernel's own inputs - the tree it booted with
 * (/sys/firmware/fdt, /memory and /chosen as the bootloader left them),
 * its command line (/proc/cmdline), its configuration (/proc/config.gz
 * when it has CONFIG_IKCONFIG_PROC, else --kconfig, else cmalab's
 * defaults for the release uname names), where its image lies
 * (/proc/iomem's "Kernel code" and "Kernel data") and where the initrd
 * was (/chosen's linux,initrd-start) - and held against what that kernel
 * did: its CMA areas (debugfs cma/: base_pfn, count), the default area
 * (the CMA dma-buf heap is named after it, /sys/class/dma_heap/) and
 * /proc/meminfo's CmaTotal. The verdict is the agreement tests': the same
 * areas, sizes (none for an area cma_activate_area() refused), default
 * area, fixed bases, the bases of regions the tree sizes, and the default
 * area inside its window.
 *
 * --live=ROOT reads the same files under ROOT (a copy of a board's, for
 * tests on the host).
 */
#define _GNU_SOURCE	/* popen() */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "model.h"

#define MAX_DIFFS	(2 * MAX_AREAS + 2)
#define MAX_FDT		(4 * 1024 * 1024)

struct live_area {
	char name[NAME_LEN];
	uint64_t base, size;
	bool is_default;
};

struct live {
	char root[256];
	char release[80];	/* uname -r */
	char config_from[80];	/* where the kernel configuration came from */
	char cmdline[4096];
	struct live_area areas[MAX_AREAS];
	int nareas;
	bool heap_known;	/* /sys/class/dma_heap exists: the default is known */
	long long cma_total_kb;	/* /proc/meminfo; -1 unknown */
	uint64_t predicted_kb;
	char diffs[MAX_DIFFS][TEXT_LEN];
	int ndiffs;
	void *fdt;
};

static void path_of(const struct live *lv, char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void path_of(const struct live *lv, char *buf, size_t len, const char *fmt, ...)
{
	size_t at = (size_t)snprintf(buf, len, "%s", lv->root);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf + at, len - at, fmt, ap);
	va_end(ap);
}

/* The first line of a file, without its newline; -1 if unreadable. */
static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* A whole file into a new buffer of *n bytes; NULL if unreadable. */
static void *read_all(const char *path, size_t max, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf;

	if (!f)
		return NULL;
	buf = malloc(max + 1);
	if (buf)
		*n = fread(buf, 1, max + 1, f);
	fclose(f);
	if (buf && *n > max) {
		free(buf);
		return NULL;
	}
	return buf;
}

/*
 * The target from uname: the machine (armv7l and friends: arm; aarch64:
 * arm64) and the release's version. -1 and why if cmacheck does not model it.
 */
static int live_target(struct live *lv, struct target *t, char *err, size_t errlen)
{
	struct utsname u;
	unsigned int major = 0, minor = 0;

	if (uname(&u)) {
		snprintf(err, errlen, "uname: %s", strerror(errno));
		return -1;
	}
	snprintf(lv->release, sizeof(lv->release), "%s", u.release);
	if (!strcmp(u.machine, "aarch64"))
		t->arch = ARCH_ARM64;
	else if (!strncmp(u.machine, "arm", 3))
		t->arch = ARCH_ARM;
	else {
		snprintf(err, errlen, "a %s machine: cmacheck models 32-bit ARM and arm64 "
			 "(--target names one)", u.machine);
		return -1;
	}
	if (sscanf(u.release, "%u.%u", &major, &minor) != 2 || major != 6 ||
	    (minor != 1 && minor != 12)) {
		snprintf(err, errlen, "Linux %s: cmacheck models 6.1 and 6.12 (--target names one)",
			 u.release);
		return -1;
	}
	t->kver = minor == 1 ? KVER_6_1 : KVER_6_12;
	return 0;
}

/*
 * /proc/config.gz, decompressed by the system's gzip (busybox has one)
 * into a temporary file that kconfig_read() takes; 0 if read.
 */
static int live_config(struct live *lv, struct kconfig *k)
{
	char gz[300], tmp[] = "/tmp/cmacheck-config-XXXXXX", err[160];
	int fd, status = -1, rc = -1;
	pid_t pid;

	path_of(lv, gz, sizeof(gz), "/proc/config.gz");
	if (access(gz, R_OK))
		return -1;
	fd = mkstemp(tmp);
	if (fd < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(fd, STDOUT_FILENO);
		execlp("gzip", "gzip", "-dc", gz, (char *)NULL);
		_exit(127);
	}
	close(fd);
	if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	    !WEXITSTATUS(status))
		rc = kconfig_read(k, tmp, err, sizeof(err));
	unlink(tmp);
	if (!rc)
		snprintf(lv->config_from, sizeof(lv->config_from), "/proc/config.gz");
	return rc ? -1 : 0;
}

/* /proc/iomem's "Kernel code" start and "Kernel data" end, if it says. */
static void live_kernel(struct live *lv, struct input *in)
{
	char path[300], line[256];
	uint64_t code = 0, end = 0;
	FILE *f;

	path_of(lv, path, sizeof(path), "/proc/iomem");
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long s, e;
		char what[64];

		if (sscanf(line, " %llx-%llx : %63[^\n]", &s, &e, what) != 3)
			continue;
		if (!strcmp(what, "Kernel code"))
			code = s;
		else if (!strcmp(what, "Kernel data"))
			end = e + 1;
	}
	fclose(f);
	/* Without CAP_SYS_ADMIN every address reads 0. */
	if (!code || end <= code)
		return;
	in->kernel_start = code;
	in->kernel_end = end;
}

/* /chosen's linux,initrd-start and -end, one or two cells each. */
static void live_initrd(struct input *in)
{
	int node = fdt_path_offset(in->fdt, "/chosen"), ls, le;
	const fdt32_t *s = node < 0 ? NULL : fdt_getprop(in->fdt, node, "linux,initrd-start", &ls);
	const fdt32_t *e = node < 0 ? NULL : fdt_getprop(in->fdt, node, "linux,initrd-end", &le);
	uint64_t start, end;

	if (!s || !e || (ls != 4 && ls != 8) || (le != 4 && le != 8))
		return;
	start = read_cells(&s, (uint32_t)ls / 4);
	end = read_cells(&e, (uint32_t)le / 4);
	if (end > start) {
		in->initrd_start = start;
		in->initrd_size = end - start;
	}
}

int live_input(struct live **out, const char *root, struct input *in, bool have_kconfig,
	       bool have_target, char *err, size_t errlen)
{
	struct live *lv = calloc(1, sizeof(*lv));
	char path[300];
	size_t n = 0;
	struct target t;

	*out = lv;
	if (!lv) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(lv->root, sizeof(lv->root), "%s", root ? root : "");
	if (!have_target && !have_kconfig && live_target(lv, &t, err, errlen))
		return -1;
	snprintf(lv->config_from, sizeof(lv->config_from), "%s",
		 have_kconfig ? "--kconfig" : "assumed: cmalab's, for this release");
	if (!have_kconfig && live_config(lv, &in->kc)) {
		if (!have_target)
			kconfig_target_defaults(&in->kc, &t);
	} else if (!have_kconfig && !have_target && !in->kc.target_known) {
		in->kc.target = t;	/* a .config without its header's version */
	}

	path_of(lv, path, sizeof(path), "/sys/firmware/fdt");
	lv->fdt = read_all(path, MAX_FDT, &n);
	if (!lv->fdt || dtb_check(lv->fdt, n, err, errlen)) {
		if (!lv->fdt)
			snprintf(err, errlen, "%s: %s (the tree the kernel booted with)", path,
				 strerror(errno));
		return -1;
	}
	in->fdt = lv->fdt;
	in->fdt_size = n;
	path_of(lv, path, sizeof(path), "/proc/cmdline");
	if (read_line(path, lv->cmdline, sizeof(lv->cmdline))) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	in->bootargs = lv->cmdline;
	in->loader_unknown = true;
	in->spans_known = true;
	/* Unreadable (not root): the image is assumed where --loader unknown puts it. */
	live_kernel(lv, in);
	live_initrd(in);
	return 0;
}

/* What the kernel did: its areas, the default one, CmaTotal. */
static int live_actual(struct live *lv, char *err, size_t errlen)
{
	char dir[300], path[600], line[64];
	long page = sysconf(_SC_PAGESIZE);
	struct dirent *d;
	DIR *dp;
	FILE *f;

	path_of(lv, dir, sizeof(dir), "/sys/kernel/debug/cma");
	dp = opendir(dir);
	if (!dp) {
		snprintf(err, errlen, "%s: %s: mount debugfs (mount -t debugfs none "
			 "/sys/kernel/debug) on a kernel with CONFIG_CMA_DEBUGFS", dir,
			 strerror(errno));
		return -1;
	}
	path_of(lv, path, sizeof(path), "/sys/class/dma_heap");
	lv->heap_known = !access(path, F_OK);
	while ((d = readdir(dp)) && lv->nareas < MAX_AREAS) {
		struct live_area *a = &lv->areas[lv->nareas];
		unsigned long long pfn = 0, count = 0;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s/base_pfn", dir, d->d_name);
		if (read_line(path, line, sizeof(line)) || sscanf(line, "%llu", &pfn) != 1)
			continue;
		snprintf(path, sizeof(path), "%s/%s/count", dir, d->d_name);
		if (read_line(path, line, sizeof(line)) || sscanf(line, "%llu", &count) != 1)
			continue;
		snprintf(a->name, sizeof(a->name), "%.*s", NAME_LEN - 1, d->d_name);
		a->base = (uint64_t)pfn * (uint64_t)page;
		a->size = (uint64_t)count * (uint64_t)page;
		path_of(lv, path, sizeof(path), "/sys/class/dma_heap/%s", d->d_name);
		a->is_default = lv->heap_known && !access(path, F_OK);
		lv->nareas++;
	}
	closedir(dp);
	lv->cma_total_kb = -1;
	path_of(lv, path, sizeof(path), "/proc/meminfo");
	f = fopen(path, "r");
	while (f && fgets(path, sizeof(path), f))
		if (sscanf(path, "CmaTotal: %lld kB", &lv->cma_total_kb) == 1)
			break;
	if (f)
		fclose(f);
	return 0;
}

static void differ(struct live *lv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void differ(struct live *lv, const char *fmt, ...)
{
	va_list ap;

	if (lv->ndiffs == MAX_DIFFS)
		return;
	va_start(ap, fmt);
	vsnprintf(lv->diffs[lv->ndiffs++], TEXT_LEN, fmt, ap);
	va_end(ap);
}

static const struct area *predicted(const struct check *c, const char *name)
{
	int i;

	for (i = 0; i < c->nareas; i++)
		if (!strcmp(c->areas[i].name, name))
			return &c->areas[i];
	return NULL;
}

/* One area the kernel made, against the prediction. */
static void compare_area(struct live *lv, const struct area *p, const struct live_area *a)
{
	uint64_t size = p->inactive ? 0 : p->size;

	if (a->size != size)
		differ(lv, "area %s: %" PRIu64 " KiB, predicted %" PRIu64 " KiB%s", a->name,
		       a->size / 1024, size / 1024, p->inactive ? " (not activated)" : "");
	if (lv->heap_known && a->is_default != p->is_default)
		differ(lv, "area %s: %s the default area, predicted %s", a->name,
		       a->is_default ? "is" : "is not", p->is_default ? "to be" : "not to be");
	if ((p->fixed || p->node >= 0) && a->base != p->base)
		differ(lv, "area %s: at 0x%08" PRIx64 ", predicted 0x%08" PRIx64 "%s", a->name,
		       a->base, p->base, p->fixed ? "" : " (placed by size)");
	else if (!p->fixed && (a->base < p->win_start || a->base + a->size > p->win_end))
		differ(lv, "area %s: at 0x%08" PRIx64 ", outside its window 0x%08" PRIx64
		       "-0x%08" PRIx64, a->name, a->base, p->win_start, p->win_end);
}

int live_compare(struct live *lv, const struct check *c, char *err, size_t errlen)
{
	int i;

	if (live_actual(lv, err, errlen))
		return -1;
	for (i = 0; i < lv->nareas; i++) {
		const struct area *p = predicted(c, lv->areas[i].name);

		if (!p)
			differ(lv, "the kernel made area %s (0x%08" PRIx64 ", %" PRIu64 " KiB), "
			       "not predicted", lv->areas[i].name, lv->areas[i].base,
			       lv->areas[i].size / 1024);
		else
			compare_area(lv, p, &lv->areas[i]);
	}
	for (i = 0; i < c->nareas; i++) {
		int j;

		for (j = 0; j < lv->nareas && strcmp(lv->areas[j].name, c->areas[i].name); j++)
			;
		if (j == lv->nareas)
			differ(lv, "predicted area %s, the kernel did not make it", c->areas[i].name);
		if (!c->areas[i].inactive)
			lv->predicted_kb += c->areas[i].size / 1024;
	}
	/* CmaTotal: totalcma_pages, less what cma_activate_area() gave back. */
	if (lv->cma_total_kb >= 0 && (uint64_t)lv->cma_total_kb != lv->predicted_kb)
		differ(lv, "CmaTotal is %lld kB, predicted %" PRIu64 " kB", lv->cma_total_kb,
		       lv->predicted_kb);
	return lv->ndiffs;
}

void live_text(const struct live *lv)
{
	int i;

	printf("\nLive: Linux %s, configuration %s; %d area(s) in debugfs", lv->release[0] ?
	       lv->release : "(--target)", lv->config_from, lv->nareas);
	if (lv->cma_total_kb >= 0)
		printf(", CmaTotal %lld kB", lv->cma_total_kb);
	printf("%s\n", lv->heap_known ? "" : " (no dma-buf heaps: the default area not compared)");
	if (!lv->ndiffs) {
		printf("live: the kernel agrees with this prediction\n");
		return;
	}
	printf("live: the kernel disagrees with this prediction:\n");
	for (i = 0; i < lv->ndiffs; i++)
		printf("  %s\n", lv->diffs[i]);
}

void live_json(const struct live *lv)
{
	int i;

	printf("\"live\":{\"release\":");
	json_str(lv->release);
	printf(",\"config\":");
	json_str(lv->config_from);
	printf(",\"cma_total_kb\":%lld,\"agree\":%s,\"areas\":[", lv->cma_total_kb,
	       lv->ndiffs ? "false" : "true");
	for (i = 0; i < lv->nareas; i++) {
		printf("%s{\"name\":", i ? "," : "");
		json_str(lv->areas[i].name);
		printf(",\"base\":%" PRIu64 ",\"size\":%" PRIu64 ",\"default\":%s}",
		       lv->areas[i].base, lv->areas[i].size,
		       lv->heap_known ? (lv->areas[i].is_default ? "true" : "false") : "null");
	}
	printf("],\"differences\":[");
	for (i = 0; i < lv->ndiffs; i++) {
		if (i)
			putchar(',');
		json_str(lv->diffs[i]);
	}
	printf("]},");
}

void live_free(struct live *lv)
{
	if (lv)
		free(lv->fdt);
	free(lv);
}
