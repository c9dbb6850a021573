// SPDX-License-Identifier: GPL-2.0
/*
 * cmahog - fill memory with movable pages whose every byte is known, and
 * tell where they are.
 *
 *   cmahog [--anon MIB] [--shmem FILE:MIB] [--file FILE:MIB] [--seed N]
 *
 * Fills anonymous memory, a tmpfs (shmem) file and a page-cache file in
 * rounds, each kind growing in proportion to its size, so that all three
 * are being allocated at every level of memory pressure - in particular
 * once the kernel starts serving movable allocations from CMA areas. Every page holds a header (kind, index, seed)
 * and a pattern derived from it: a page that comes back different after
 * migration is found, and says what it was. Prints "ready ..." and then
 * takes commands on stdin, one per line:
 *
 *   where    per kind, how many of the hog's pages lie in a CMA area
 *            (PFNs from /proc/self/pagemap, areas from debugfs cma/)
 *   lru      per CMA area, how many of its pages are on an LRU list, i.e.
 *            used by movable memory of anyone (/proc/kpageflags)
 *   unmovable  per CMA area, then for all RAM outside them ("outside"),
 *            how many pages are slab or page-table pages: kernel memory
 *            that can never move (/proc/kpageflags)
 *   verify   check every page; "verified N pages, M corrupted"
 *   corrupt  flip one bit in the middle page of each kind: a control that
 *            shows verify finds what it is meant to find
 *   pin KIND AREA DEV [longterm]
 *            pin the hog's page of KIND that lies nearest AREA's middle through
 *            /dev/vfimc-DEV (VFIMC_IOC_PIN, short-term unless longterm);
 *            "pinned kind=K page=P before=PFN after=PFN in=AREA|none id=N"
 *            (after: where the page is once pinned; a long-term pin moves
 *            it out of CMA first)
 *   unpin ID drop pin ID: "unpinned ID"
 *   flush AREA
 *            dirty the hog's file pages that lie in AREA and start their
 *            writeback without waiting for it (sync_file_range()):
 *            "flushing N pages first=PFN"
 *   quit
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
#include <unistd.h>

#include <misc/vfimc.h>

#define MAX_AREAS	16
#define KPF_LRU		5
#define KPF_SLAB	7
#define KPF_PGTABLE	26
#define PM_PRESENT	(1ULL << 63)
#define PM_PFN_MASK	((1ULL << 55) - 1)

enum kind { ANON, SHMEM, FILEPC, NKINDS };
static const char *const kind_name[NKINDS] = { "anon", "shmem", "file" };

struct region {
	const char *path;	/* backing file, NULL for anon */
	size_t pages;		/* wanted */
	size_t filled;
	uint8_t *map;
	int fd;
};

struct area {
	char name[NAME_MAX + 1];
	uint64_t base_pfn;
	uint64_t count;
};

static struct region reg[NKINDS];
static struct area areas[MAX_AREAS];
static int nareas;
static long page;
static uint32_t seed = 1;

static int die(const char *what)
{
	fprintf(stderr, "cmahog: %s: %s\n", what, strerror(errno));
	exit(1);
}

static uint32_t word(uint32_t k, uint32_t index, uint32_t w)
{
	uint32_t x = seed ^ (k << 28) ^ (index * 0x9e3779b9U) ^ (w * 0x85ebca6bU);

	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

/* Page index of kind k: header words, then the pattern. */
static void fill_page(uint32_t *p, uint32_t k, uint32_t index)
{
	size_t w, n = page / 4;

	p[0] = 0x686f6721;	/* "hog!" */
	p[1] = k;
	p[2] = index;
	p[3] = seed;
	for (w = 4; w < n; w++)
		p[w] = word(k, index, (uint32_t)w);
}

/* 0 when the page is intact; else the first bad word's index. */
static size_t check_page(const uint32_t *p, uint32_t k, uint32_t index)
{
	size_t w, n = page / 4;

	if (p[0] != 0x686f6721 || p[1] != k || p[2] != index || p[3] != seed)
		return 1;
	for (w = 4; w < n; w++)
		if (p[w] != word(k, index, (uint32_t)w))
			return w;
	return 0;
}

static int parse_spec(const char *arg, const char **path, size_t *pages)
{
	const char *colon = strrchr(arg, ':');
	char *end;
	unsigned long mib;

	if (!colon || colon == arg)
		return -1;
	errno = 0;
	mib = strtoul(colon + 1, &end, 10);
	if (errno || *end || !mib || mib > 4096)
		return -1;
	*path = strndup(arg, colon - arg);
	*pages = (mib << 20) / page;
	return 0;
}

static void load_areas(void)
{
	struct dirent *e;
	DIR *d = opendir("/sys/kernel/debug/cma");

	if (!d)
		return;
	while ((e = readdir(d)) && nareas < MAX_AREAS) {
		char path[PATH_MAX];
		FILE *f;
		struct area *a = &areas[nareas];

		if (e->d_name[0] == '.')
			continue;
		snprintf(a->name, sizeof(a->name), "%s", e->d_name);
		snprintf(path, sizeof(path), "/sys/kernel/debug/cma/%s/base_pfn", e->d_name);
		f = fopen(path, "r");
		if (!f || fscanf(f, "%" SCNu64, &a->base_pfn) != 1)
			die(path);
		fclose(f);
		snprintf(path, sizeof(path), "/sys/kernel/debug/cma/%s/count", e->d_name);
		f = fopen(path, "r");
		if (!f || fscanf(f, "%" SCNu64, &a->count) != 1)
			die(path);
		fclose(f);
		nareas++;
	}
	closedir(d);
}

/* The area pfn lies in, "none" if none. */
static const char *area_of(uint64_t pfn)
{
	int i;

	for (i = 0; i < nareas; i++)
		if (pfn >= areas[i].base_pfn && pfn < areas[i].base_pfn + areas[i].count)
			return areas[i].name;
	return "none";
}

static int in_cma(uint64_t pfn)
{
	return strcmp(area_of(pfn), "none") != 0;
}

/* Fill region k up to page `upto`; for the file, write it through. */
static void grow(int k, size_t upto)
{
	struct region *r = &reg[k];
	size_t n = upto - r->filled, i;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		fill_page((uint32_t *)(r->map + (r->filled + i) * page), k,
			  (uint32_t)(r->filled + i));
	if (k == FILEPC && msync(r->map + r->filled * page, n * page, MS_SYNC))
		die("msync");
	r->filled += n;
}

static void setup(int k)
{
	struct region *r = &reg[k];
	size_t len = r->pages * page;

	if (!r->pages)
		return;
	if (k == ANON) {
		r->map = mmap(NULL, len, PROT_READ | PROT_WRITE,
			      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	} else {
		r->fd = open(r->path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (r->fd < 0)
			die(r->path);
		if (ftruncate(r->fd, (off_t)len))
			die(r->path);
		r->map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, 0);
	}
	if (r->map == MAP_FAILED)
		die("mmap");
}

static void cmd_where(void)
{
	int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
	size_t total[NKINDS] = { 0 }, cma[NKINDS] = { 0 }, i;
	int k;

	if (fd < 0)
		die("/proc/self/pagemap");
	for (k = 0; k < NKINDS; k++) {
		struct region *r = &reg[k];

		for (i = 0; i < r->filled; i++) {
			uintptr_t va = (uintptr_t)(r->map + i * page);
			volatile uint8_t touch = r->map[i * page];
			uint64_t e;

			(void)touch;	/* fault it in if it was reclaimed */
			if (pread(fd, &e, sizeof(e), (off_t)(va / page) * 8) != 8)
				die("pagemap");
			if (!(e & PM_PRESENT))
				continue;
			total[k]++;
			cma[k] += in_cma(e & PM_PFN_MASK);
		}
	}
	close(fd);
	printf("where");
	for (k = 0; k < NKINDS; k++)
		printf(" %s=%zu/%zu", kind_name[k], cma[k], total[k]);
	printf("\n");
}

static void cmd_lru(void)
{
	int fd = open("/proc/kpageflags", O_RDONLY | O_CLOEXEC), i;

	if (fd < 0)
		die("/proc/kpageflags");
	for (i = 0; i < nareas; i++) {
		uint64_t pfn, lru = 0, flags;

		for (pfn = areas[i].base_pfn; pfn < areas[i].base_pfn + areas[i].count; pfn++) {
			if (pread(fd, &flags, 8, (off_t)pfn * 8) != 8)
				die("kpageflags");
			lru += (flags >> KPF_LRU) & 1;
		}
		printf("lru %s %" PRIu64 "/%" PRIu64 "\n", areas[i].name, lru, areas[i].count);
	}
	close(fd);
}

/* One line: "verified N pages, M corrupted[, first: KIND page P word W]" */
static void count_unmovable(int fd, uint64_t from, uint64_t to, uint64_t *slab,
			    uint64_t *pgtable)
{
	uint64_t pfn, flags;

	for (pfn = from; pfn < to; pfn++) {
		if (pread(fd, &flags, 8, (off_t)pfn * 8) != 8)
			die("kpageflags");
		*slab += (flags >> KPF_SLAB) & 1;
		*pgtable += (flags >> KPF_PGTABLE) & 1;
	}
}

/* RAM's PFN range, from the first "System RAM" line of /proc/iomem. */
static void ram_range(uint64_t *first, uint64_t *end)
{
	FILE *f = fopen("/proc/iomem", "r");
	char line[128];
	unsigned long long s, e;

	*first = *end = 0;
	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "System RAM") && sscanf(line, "%llx-%llx", &s, &e) == 2) {
			if (!*end)
				*first = s / page;
			*end = (e + 1) / page;
		}
	if (f)
		fclose(f);
}

static void cmd_unmovable(void)
{
	int fd = open("/proc/kpageflags", O_RDONLY | O_CLOEXEC), i;
	uint64_t slab = 0, pgtable = 0, first, end, pfn, flags;

	if (fd < 0)
		die("/proc/kpageflags");
	for (i = 0; i < nareas; i++) {
		slab = pgtable = 0;
		count_unmovable(fd, areas[i].base_pfn, areas[i].base_pfn + areas[i].count,
				&slab, &pgtable);
		printf("unmovable %s slab=%" PRIu64 " pgtable=%" PRIu64 "\n", areas[i].name,
		       slab, pgtable);
	}
	/* The control: the same count over the RAM no area covers. */
	slab = pgtable = 0;
	ram_range(&first, &end);
	for (pfn = first; pfn < end; pfn++) {
		if (in_cma(pfn))
			continue;
		if (pread(fd, &flags, 8, (off_t)pfn * 8) != 8)
			die("kpageflags");
		slab += (flags >> KPF_SLAB) & 1;
		pgtable += (flags >> KPF_PGTABLE) & 1;
	}
	printf("unmovable outside slab=%" PRIu64 " pgtable=%" PRIu64 "\n", slab, pgtable);
	close(fd);
}

static void cmd_verify(void)
{
	size_t checked = 0, bad = 0, i, w, first_page = 0, first_word = 0;
	int k, first_kind = -1;

	for (k = 0; k < NKINDS; k++)
		for (i = 0; i < reg[k].filled; i++) {
			w = check_page((uint32_t *)(reg[k].map + i * page), k, (uint32_t)i);
			checked++;
			if (w && !bad++) {
				first_kind = k;
				first_page = i;
				first_word = w;
			}
		}
	printf("verified %zu pages, %zu corrupted", checked, bad);
	if (first_kind >= 0)
		printf(", first: %s page %zu word %zu", kind_name[first_kind], first_page,
		       first_word);
	printf("\n");
}

static int pagemap_fd = -1;

/* The PFN of the hog's page i of kind k now, 0 if it is not present. */
static uint64_t pfn_of(int k, size_t i)
{
	uintptr_t va = (uintptr_t)(reg[k].map + i * page);
	uint64_t e;

	if (pagemap_fd < 0) {
		pagemap_fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
		if (pagemap_fd < 0)
			die("/proc/self/pagemap");
	}
	if (pread(pagemap_fd, &e, sizeof(e), (off_t)(va / page) * 8) != 8)
		die("pagemap");
	return e & PM_PRESENT ? e & PM_PFN_MASK : 0;
}

static int kind_of(const char *name)
{
	int k;

	for (k = 0; k < NKINDS; k++)
		if (!strcmp(name, kind_name[k]))
			return k;
	return -1;
}

#define MAX_PINS	64
static struct { int kind; long index; } pins[MAX_PINS];
static int npins;

static bool pinned(int k, long i)
{
	int p;

	for (p = 0; p < npins; p++)
		if (pins[p].kind == k && pins[p].index == i)
			return true;
	return false;
}

/*
 * The page of kind k in area, not pinned yet, nearest the area's middle
 * (so that any large request over the area covers it), or -1.
 */
static long middle_in(int k, const char *area)
{
	uint64_t mid = 0, best = UINT64_MAX;
	long found = -1;
	size_t i;
	int a;

	for (a = 0; a < nareas; a++)
		if (!strcmp(areas[a].name, area))
			mid = areas[a].base_pfn + areas[a].count / 2;
	for (i = 0; i < reg[k].filled; i++) {
		uint64_t pfn = pfn_of(k, i), d = pfn > mid ? pfn - mid : mid - pfn;

		if (d < best && !pinned(k, (long)i) && !strcmp(area_of(pfn), area)) {
			best = d;
			found = (long)i;
		}
	}
	return found;
}

static int vfimc_fd = -1;

static void cmd_pin(char *args)
{
	char kind[16], area[NAME_MAX + 1], dev[64], how[16] = "";
	struct vfimc_pin pin = { 0 };
	uint64_t before;
	long i;
	int k;

	if (sscanf(args, "%15s %255s %63s %15s", kind, area, dev, how) < 3 ||
	    (k = kind_of(kind)) < 0 || (how[0] && strcmp(how, "longterm"))) {
		printf("error: pin KIND AREA DEV [longterm]\n");
		return;
	}
	i = middle_in(k, area);
	if (i < 0) {
		printf("error: no %s page of the hog lies in %s\n", kind, area);
		return;
	}
	if (vfimc_fd < 0) {
		char path[96];

		snprintf(path, sizeof(path), "/dev/vfimc-%s", dev);
		vfimc_fd = open(path, O_RDWR | O_CLOEXEC);
		if (vfimc_fd < 0) {
			printf("error: %s: %s\n", path, strerror(errno));
			return;
		}
	}
	before = pfn_of(k, (size_t)i);
	pin.addr = (uintptr_t)(reg[k].map + (size_t)i * page);
	pin.size = (uint64_t)page;
	pin.flags = how[0] ? VFIMC_PIN_LONGTERM : 0;
	if (npins == MAX_PINS || ioctl(vfimc_fd, VFIMC_IOC_PIN, &pin)) {
		printf("error: VFIMC_IOC_PIN: %s\n", npins == MAX_PINS ? "too many" : strerror(errno));
		return;
	}
	pins[npins].kind = k;
	pins[npins++].index = i;
	printf("pinned kind=%s page=%ld before=0x%" PRIx64 " after=0x%" PRIx64 " in=%s id=%u\n",
	       kind, i, before, pfn_of(k, (size_t)i), area_of(pfn_of(k, (size_t)i)), pin.id);
}

static void cmd_unpin(const char *args)
{
	uint32_t id = (uint32_t)strtoul(args, NULL, 10);

	if (vfimc_fd < 0 || ioctl(vfimc_fd, VFIMC_IOC_UNPIN, &id))
		printf("error: VFIMC_IOC_UNPIN %u: %s\n", id,
		       vfimc_fd < 0 ? "nothing pinned" : strerror(errno));
	else
		printf("unpinned %u\n", id);
}

/* Rewrite the file's pages in area (dirtying them), then start writeback. */
static void cmd_flush(const char *area)
{
	struct region *r = &reg[FILEPC];
	uint64_t first = 0;
	size_t i, n = 0;

	for (i = 0; i < r->filled; i++) {
		uint64_t pfn = pfn_of(FILEPC, i);

		if (strcmp(area_of(pfn), area))
			continue;
		fill_page((uint32_t *)(r->map + i * page), FILEPC, (uint32_t)i);
		if (!n++)
			first = pfn;
	}
	if (!n) {
		printf("error: no file page of the hog lies in %s\n", area);
		return;
	}
	if (sync_file_range(r->fd, 0, 0, SYNC_FILE_RANGE_WRITE))
		die("sync_file_range");
	printf("flushing %zu pages first=0x%" PRIx64 "\n", n, first);
}

static void cmd_corrupt(void)
{
	int k;

	for (k = 0; k < NKINDS; k++)
		if (reg[k].filled)
			reg[k].map[reg[k].filled / 2 * page + page / 2] ^= 0x10;
	printf("corrupted one bit per kind\n");
}

int main(int argc, char **argv)
{
	size_t rounds = 1, r;
	char line[256];
	int i, k;

	page = sysconf(_SC_PAGESIZE);
	for (i = 1; i < argc; i++) {
		unsigned long v;
		char *end;

		if (!strcmp(argv[i], "--anon") && i + 1 < argc) {
			v = strtoul(argv[++i], &end, 10);
			if (*end || !v || v > 4096)
				goto usage;
			reg[ANON].pages = (v << 20) / page;
		} else if (!strcmp(argv[i], "--shmem") && i + 1 < argc) {
			if (parse_spec(argv[++i], &reg[SHMEM].path, &reg[SHMEM].pages))
				goto usage;
		} else if (!strcmp(argv[i], "--file") && i + 1 < argc) {
			if (parse_spec(argv[++i], &reg[FILEPC].path, &reg[FILEPC].pages))
				goto usage;
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			seed = (uint32_t)strtoul(argv[++i], &end, 0);
			if (*end)
				goto usage;
		} else {
			goto usage;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	load_areas();
	for (k = 0; k < NKINDS; k++)
		setup(k);
	/* As many rounds as MiB in the largest region. */
	for (k = 0; k < NKINDS; k++)
		if (reg[k].pages * page >> 20 > rounds)
			rounds = reg[k].pages * page >> 20;
	for (r = 1; r <= rounds; r++)
		for (k = 0; k < NKINDS; k++)
			grow(k, reg[k].pages * r / rounds);
	printf("ready anon=%zu shmem=%zu file=%zu pages\n", reg[ANON].filled,
	       reg[SHMEM].filled, reg[FILEPC].filled);

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strcmp(line, "where"))
			cmd_where();
		else if (!strcmp(line, "lru"))
			cmd_lru();
		else if (!strcmp(line, "unmovable"))
			cmd_unmovable();
		else if (!strcmp(line, "verify"))
			cmd_verify();
		else if (!strcmp(line, "corrupt"))
			cmd_corrupt();
		else if (!strncmp(line, "pin ", 4))
			cmd_pin(line + 4);
		else if (!strncmp(line, "unpin ", 6))
			cmd_unpin(line + 6);
		else if (!strncmp(line, "flush ", 6))
			cmd_flush(line + 6);
		else if (!strcmp(line, "quit"))
			break;
		else
			printf("error: unknown command '%s'\n", line);
	}
	return 0;
usage:
	fprintf(stderr, "usage: cmahog [--anon MIB] [--shmem FILE:MIB] [--file FILE:MIB] [--seed N]\n");
	return 2;
}
