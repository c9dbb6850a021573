// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc - drive cmalab's vfimc CMA test devices from the guest's shell.
 *
 *   vfimc list
 *   vfimc alloc DEV SIZE[,SIZE...] [--count N] [--verify] [--hold SECONDS]
 *                        [--wc] [--no-kernel-mapping] [--seed N]
 *
 * DEV is a device name (fimc0) or node (/dev/vfimc-fimc0); SIZE takes a
 * K or M suffix and is rounded up to whole pages. All buffers are held by
 * one open file, in the order given (each size --count times), until the
 * program exits (after --hold seconds). alloc prints one line per
 * buffer: id, DMA address, size, the CMA area the buffer falls in (from
 * debugfs cma/; a DMA address is taken back to a physical one through
 * the device's area: area_dma is where the device sees area_base, which
 * differs on a bus with dma-ranges, as the BCM283x's), whether it lies
 * wholly inside the device's own area and
 * so where it came from (from=area, fallback: outside the device's area,
 * from the page allocator; pages: the device has no area), the address's
 * alignment and the in-kernel allocation latency. --verify has
 * the engine capture a frame and checks it through the device and through
 * a user mapping, then writes one through the mapping and has the device
 * verify it. Failures exit non-zero naming the errno.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <misc/vfimc.h>

#define DEBUGFS_CMA "/sys/kernel/debug/cma"
#define MAX_BUFFERS 256

struct area {
	char name[NAME_MAX + 1];
	char kind[16];
	uint64_t base;		/* physical */
	uint64_t dma;		/* base as the device addresses it */
	uint64_t size;
};

static const char *prog = "vfimc";

static int fail(int err, const char *what)
{
	fprintf(stderr, "%s: %s: %s (%s)\n", prog, what,
		strerrorname_np(err) ? strerrorname_np(err) : "?", strerror(err));
	return 1;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: vfimc list\n"
		"       vfimc alloc DEV SIZE[,SIZE...] [--count N] [--verify] [--hold SECONDS]\n"
		"                            [--wc] [--no-kernel-mapping] [--seed N]\n");
	return 2;
}

static int read_u64(const char *path, uint64_t *val)
{
	char buf[64], *end;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	errno = 0;
	*val = strtoull(buf, &end, 0);
	return (errno || (*end && *end != '\n')) ? -1 : 0;
}

static int read_str(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The device's bound area, from its sysfs attributes. */
static int device_area(const char *name, struct area *a)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "/sys/class/misc/vfimc-%s/area", name);
	if (read_str(path, a->name, sizeof(a->name)))
		return -1;
	snprintf(path, sizeof(path), "/sys/class/misc/vfimc-%s/area_kind", name);
	if (read_str(path, a->kind, sizeof(a->kind)))
		return -1;
	snprintf(path, sizeof(path), "/sys/class/misc/vfimc-%s/area_base", name);
	if (read_u64(path, &a->base))
		return -1;
	snprintf(path, sizeof(path), "/sys/class/misc/vfimc-%s/area_dma", name);
	if (read_u64(path, &a->dma))
		return -1;
	snprintf(path, sizeof(path), "/sys/class/misc/vfimc-%s/area_size", name);
	return read_u64(path, &a->size);
}

/* The CMA area (debugfs) holding [addr, addr + size), or "none". */
static const char *cma_area_of(uint64_t addr, uint64_t size)
{
	static char name[NAME_MAX + 1];
	long page = sysconf(_SC_PAGESIZE);
	struct dirent *e;
	DIR *d = opendir(DEBUGFS_CMA);

	snprintf(name, sizeof(name), "none");
	if (!d)
		return name;
	while ((e = readdir(d))) {
		char path[PATH_MAX];
		uint64_t pfn, count;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), DEBUGFS_CMA "/%s/base_pfn", e->d_name);
		if (read_u64(path, &pfn))
			continue;
		snprintf(path, sizeof(path), DEBUGFS_CMA "/%s/count", e->d_name);
		if (read_u64(path, &count))
			continue;
		if (addr >= pfn * page && addr + size <= (pfn + count) * page) {
			snprintf(name, sizeof(name), "%s", e->d_name);
			break;
		}
	}
	closedir(d);
	return name;
}

static int is_vfimc(const struct dirent *e)
{
	return !strncmp(e->d_name, "vfimc-", 6);
}

static int cmd_list(void)
{
	struct dirent **names;
	int n, i, shown = 0;

	n = scandir("/sys/class/misc", &names, is_vfimc, alphasort);
	if (n < 0)
		return fail(errno, "/sys/class/misc");
	for (i = 0; i < n; i++) {
		struct area a;

		if (device_area(names[i]->d_name + 6, &a)) {
			fprintf(stderr, "%s: %s: cannot read its sysfs attributes\n", prog,
				names[i]->d_name);
		} else {
			printf("%-12s area=%s base=0x%08" PRIx64 " size=%" PRIu64 "\n",
			       names[i]->d_name + 6, a.name, a.base, a.size);
			shown++;
		}
		free(names[i]);
	}
	free(names);
	if (!shown)
		fprintf(stderr, "%s: no vfimc device\n", prog);
	return shown ? 0 : 1;
}

/* SIZE with an optional K or M suffix, rounded up to whole pages. */
static int parse_size(const char *s, uint64_t *size)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *s == '-')
		return -1;
	if (*end == 'K' || *end == 'k')
		v <<= 10, end++;
	else if (*end == 'M' || *end == 'm')
		v <<= 20, end++;
	if (*end || v > (1ULL << 40))
		return -1;
	*size = (v + page - 1) / page * page;
	return 0;
}

/* SIZE[,SIZE...] into sizes[]; the count, or -1 after saying why. */
static int parse_sizes(const char *list, uint64_t *sizes, int max)
{
	char buf[512], *tok, *save;
	int n = 0;

	if (strlen(list) >= sizeof(buf))
		goto bad;
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (n == max || parse_size(tok, &sizes[n]) || !sizes[n])
			goto bad;
		n++;
	}
	if (n)
		return n;
bad:
	fprintf(stderr, "%s: SIZE '%s': positive numbers with an optional K or M suffix, comma-separated, at most %d\n",
		prog, list, max);
	return -1;
}

static int parse_uint(const char *s, unsigned long max, unsigned long *val)
{
	char *end;

	errno = 0;
	*val = strtoul(s, &end, 0);
	return (errno || end == s || *end || *s == '-' || *val > max) ? -1 : 0;
}

/* Have the device verify seed's frame in buffer b; 0, an errno, or EIO. */
static int device_verify(int fd, const struct vfimc_alloc *b, uint32_t seed,
			 const char *what)
{
	struct vfimc_pattern p = { .id = b->id, .seed = seed };

	if (ioctl(fd, VFIMC_IOC_VERIFY, &p))
		return errno;
	if (p.mismatch != VFIMC_NO_MISMATCH) {
		fprintf(stderr, "%s: buffer %u: %s at offset %llu\n", prog, b->id, what,
			(unsigned long long)p.mismatch);
		return EIO;
	}
	return 0;
}

/* Through the user mapping: check the engine's frame, then write our own. */
static int verify_mapping(int fd, const struct vfimc_alloc *b, uint32_t seed)
{
	long page = sysconf(_SC_PAGESIZE);
	uint32_t *w, i, n = b->size / 4;

	w = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		 (off_t)b->id * page);
	if (w == MAP_FAILED)
		return errno;
	for (i = 0; i < n; i++)
		if (w[i] != vfimc_pattern_word(seed, i)) {
			fprintf(stderr, "%s: buffer %u: mapping differs at offset %u\n",
				prog, b->id, i * 4);
			munmap(w, b->size);
			return EIO;
		}
	for (i = 0; i < n; i++)
		w[i] = vfimc_pattern_word(seed + 1, i);
	munmap(w, b->size);
	return device_verify(fd, b, seed + 1, "device sees a difference");
}

static int verify_buffer(int fd, const struct vfimc_alloc *b, uint32_t seed)
{
	struct vfimc_pattern p = { .id = b->id, .seed = seed };

	int err;

	if (ioctl(fd, VFIMC_IOC_CAPTURE, &p))
		return errno;
	err = device_verify(fd, b, seed, "captured frame differs");
	return err ? err : verify_mapping(fd, b, seed);
}

static uint64_t alignment(uint64_t addr)
{
	return addr ? addr & -addr : 0;
}

/*
 * Does 32-bit ARM's own allocator (arch_dma_alloc()) serve this buffer, as
 * it does non-coherent, kernel-mapped ones? Everywhere else dma-direct
 * serves every request.
 */
static bool arch_allocates(const struct vfimc_alloc *b)
{
	struct utsname u;

	return !uname(&u) && !strncmp(u.machine, "arm", 3) &&
	       !(b->flags & VFIMC_ALLOC_NO_KERNEL_MAPPING);
}

/*
 * Where a buffer came from: its device's area; dma-mapping's fallback to
 * the page allocator when the device has an area but the buffer lies
 * outside it; or the page allocator for a device without an area - and,
 * as the driver counts it, for a single page on the default area, which
 * dma-direct never asks that area for (only ARM's own allocator does).
 */
static const char *buffer_source(const struct area *own, bool inside,
				 const struct vfimc_alloc *b)
{
	if (inside)
		return "area";
	if (b->size <= (uint64_t)sysconf(_SC_PAGESIZE) && !arch_allocates(b) &&
	    !strcmp(own->kind, "default-cma"))
		return "pages";
	return own->size ? "fallback" : "pages";
}

static int cmd_alloc(int argc, char **argv)
{
	unsigned long count = 1, hold = 0, seed = 1;
	static struct vfimc_alloc b[MAX_BUFFERS];
	uint64_t sizes[MAX_BUFFERS];
	char node[PATH_MAX], what[PATH_MAX + 64];
	int verify = 0, fd, i, nsizes, nbufs, err;
	bool inside;
	uint64_t phys;
	const char *dev;
	uint32_t flags = 0;
	struct area own;

	if (argc < 2)
		return usage();
	dev = argv[0];
	if (!strncmp(dev, "/dev/vfimc-", 11))
		dev += 11;
	nsizes = parse_sizes(argv[1], sizes, MAX_BUFFERS);
	if (nsizes < 0)
		return 2;
	for (i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--verify")) {
			verify = 1;
		} else if (!strcmp(argv[i], "--wc")) {
			flags |= VFIMC_ALLOC_WRITE_COMBINE;
		} else if (!strcmp(argv[i], "--no-kernel-mapping")) {
			flags |= VFIMC_ALLOC_NO_KERNEL_MAPPING;
		} else if (!strcmp(argv[i], "--count") && i + 1 < argc) {
			if (parse_uint(argv[++i], MAX_BUFFERS, &count) || !count) {
				fprintf(stderr, "%s: --count '%s': 1 to %d\n", prog, argv[i],
					MAX_BUFFERS);
				return 2;
			}
		} else if (!strcmp(argv[i], "--hold") && i + 1 < argc) {
			if (parse_uint(argv[++i], 86400, &hold)) {
				fprintf(stderr, "%s: --hold '%s': seconds, 0 to 86400\n", prog,
					argv[i]);
				return 2;
			}
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			if (parse_uint(argv[++i], UINT32_MAX, &seed)) {
				fprintf(stderr, "%s: --seed '%s': 0 to 4294967295\n", prog,
					argv[i]);
				return 2;
			}
		} else {
			return usage();
		}
	}

	snprintf(node, sizeof(node), "/dev/vfimc-%s", dev);
	fd = open(node, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return fail(errno, node);
	if (device_area(dev, &own))
		memset(&own, 0, sizeof(own));

	if ((uint64_t)nsizes * count > MAX_BUFFERS) {
		fprintf(stderr, "%s: at most %d buffers at once\n", prog, MAX_BUFFERS);
		return 2;
	}
	nbufs = nsizes * (int)count;
	for (i = 0; i < nbufs; i++) {
		memset(&b[i], 0, sizeof(b[i]));
		b[i].size = sizes[i / (int)count];
		b[i].flags = flags;
		if (ioctl(fd, VFIMC_IOC_ALLOC, &b[i])) {
			snprintf(what, sizeof(what), "%s: alloc %llu bytes (buffer %d of %d)",
				 node, (unsigned long long)b[i].size, i + 1, nbufs);
			return fail(errno, what);
		}
		phys = own.size ? b[i].dma_addr - own.dma + own.base : b[i].dma_addr;
		inside = own.size && b[i].dma_addr >= own.dma &&
			 b[i].dma_addr + b[i].size <= own.dma + own.size;
		printf("buffer %u dma=0x%08llx size=%llu area=%s inside=%s from=%s align=0x%llx latency_ns=%llu",
		       b[i].id, (unsigned long long)b[i].dma_addr,
		       (unsigned long long)b[i].size, cma_area_of(phys, b[i].size),
		       inside ? "yes" : "no", buffer_source(&own, inside, &b[i]),
		       (unsigned long long)alignment(b[i].dma_addr),
		       (unsigned long long)b[i].latency_ns);
		if (verify) {
			err = verify_buffer(fd, &b[i], (uint32_t)(seed + i * 2));
			if (err) {
				printf("\n");
				snprintf(what, sizeof(what), "%s: verify buffer %u", node, b[i].id);
				return fail(err, what);
			}
			printf(" verify=ok");
		}
		printf("\n");
	}
	fflush(stdout);
	if (hold)
		sleep(hold);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return usage();
	if (!strcmp(argv[1], "list") && argc == 2)
		return cmd_list();
	if (!strcmp(argv[1], "alloc"))
		return cmd_alloc(argc - 2, argv + 2);
	return usage();
}
