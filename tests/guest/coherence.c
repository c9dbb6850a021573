// SPDX-License-Identifier: GPL-2.0
/*
 * coherence: a file-coherence exerciser, the judge of whether what the
 * page cache (and anything that stands in for it, such as a lent CMA
 * area) returns is what was last written.
 *
 * usage: coherence [-s SEED] [-n OPS] [-p PROCS] [-t THREADS] [-f BYTES]
 *                  [-k] DIR
 *
 * PROCS processes each own a file DIR/coh.N and drive it with a seeded
 * random mix of buffered reads and writes, O_DIRECT reads and writes,
 * mmap reads and writes, truncation up and down, fallocate punch-hole and
 * zero-range, fsync, fadvise(DONTNEED) and drop_caches, checking every
 * byte read against a model of the file kept in memory. THREADS threads
 * of the parent meanwhile read the owners' files through the page cache
 * and drop them again (fadvise DONTNEED, now and then drop_caches): the
 * other CPU's reader and reclaim racing every write, without checking,
 * since what they read races the owner. -k keeps going after a mismatch.
 * -P N plants a fault, to show the judge can see one: the first write at
 * or after operation N is left out of the file (the model has it).
 *
 * -r ROUNDS is the race on its own: one page, written ROUNDS times with
 * O_DIRECT, each write followed by fadvise(DONTNEED) and a buffered read
 * that must return it, while a thread on the other CPU reads the page
 * through the page cache and evicts it, again and again. A buffered read
 * of the old block made while a direct write is in flight is the page
 * cache's to forget: whatever kept it afterwards shows here.
 *
 * Each owner's operations follow from SEED and its number alone, so a
 * failure is replayed by the same command line. On a mismatch the owner
 * prints the first wrong offset, the bytes wanted and got, the operation
 * that last wrote them and its last operations, then exits 1. Prints one
 * KTAP line per owner; exit 0 when every owner read only what it wrote.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define PAGE 4096
#define LOG_LEN 32

enum op {
	OP_READ, OP_WRITE, OP_DREAD, OP_DWRITE, OP_MREAD, OP_MWRITE,
	OP_TRUNC, OP_PUNCH, OP_ZERO, OP_FSYNC, OP_DONTNEED, OP_DROP, OP_NR
};

static const char *const op_name[OP_NR] = {
	"read", "write", "dread", "dwrite", "mread", "mwrite",
	"truncate", "punch", "zero", "fsync", "dontneed", "drop_caches",
};

/* How often each operation is drawn, out of the sum, in each mix (-m). */
static const unsigned int mix_all[OP_NR] = {
	[OP_READ] = 14, [OP_WRITE] = 12, [OP_DREAD] = 10, [OP_DWRITE] = 12,
	[OP_MREAD] = 8, [OP_MWRITE] = 8, [OP_TRUNC] = 6, [OP_PUNCH] = 4,
	[OP_ZERO] = 4, [OP_FSYNC] = 4, [OP_DONTNEED] = 16, [OP_DROP] = 2,
};

/*
 * Direct writes against buffered reads and eviction: the window between
 * a direct write's invalidation and its data reaching the disk, where a
 * buffered read of the old block can leave it in the page cache (or
 * anything standing in for it).
 */
static const unsigned int mix_dio[OP_NR] = {
	[OP_READ] = 10, [OP_DWRITE] = 10, [OP_DREAD] = 2, [OP_DONTNEED] = 6,
	[OP_WRITE] = 1, [OP_FSYNC] = 1,
};

static const unsigned int *op_weight = mix_all;
static const char *mix_name = "all";

struct logent {
	uint64_t no;
	enum op op;
	uint64_t off, len, size;
};

/* One owner: its file, the model of it, its recent operations. */
struct owner {
	int id, fd, dfd;
	const char *path;
	uint64_t rng, no, max, size;
	uint8_t *model, *buf, *dbuf;
	uint64_t *writer;	/* per page: the operation that last wrote it */
	struct logent log[LOG_LEN];
	unsigned int ops_off;	/* operations the filesystem refused, once */
	uint64_t done[OP_NR];
};

static uint64_t seed = 1, nops = 20000, fsize = 256 * 1024;
static unsigned int nprocs = 2, nthreads = 2;
static int keep_going;
static uint64_t plant = UINT64_MAX;
static int planted;
static const char *dir;
static atomic_int stop_disturbers;

static uint64_t xorshift(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

static uint64_t rnd(uint64_t *s, uint64_t n)
{
	return n ? xorshift(s) % n : 0;
}

/* The byte operation NO writes at OFF: differs between writes and offsets. */
static uint8_t pattern(uint64_t no, uint64_t off)
{
	uint64_t x = (no + 1) * 0x9e3779b97f4a7c15ULL ^ (off >> 3) * 0xbf58476d1ce4e5b9ULL;

	x ^= x >> 29;
	return (uint8_t)(x >> (8 * (off & 7)));
}

static void logop(struct owner *o, enum op op, uint64_t off, uint64_t len)
{
	struct logent *e = &o->log[o->no % LOG_LEN];

	e->no = o->no;
	e->op = op;
	e->off = off;
	e->len = len;
	e->size = o->size;
	o->done[op]++;
}

static void die(struct owner *o, const char *what)
{
	printf("# owner %d op %" PRIu64 ": %s: %s\n", o->id, o->no, what,
	       strerror(errno));
	printf("not ok %d owner %d: %s failed\n", o->id + 1, o->id, what);
	fflush(stdout);
	_exit(2);
}

/* Print what a replay needs, then fail (or go on with -k). */
static int mismatch(struct owner *o, const char *how, uint64_t off,
		    const uint8_t *got, uint64_t len)
{
	uint64_t i, first = 0, n;

	for (i = 0; i < len; i++)
		if (got[i] != o->model[off + i])
			break;
	first = off + i;
	printf("# MISMATCH owner %d op %" PRIu64 " (%s): first wrong byte at %" PRIu64
	       " (page %" PRIu64 "), file size %" PRIu64 "\n", o->id, o->no, how,
	       first, first / PAGE, o->size);
	printf("# want:");
	for (n = 0; n < 16 && i + n < len; n++)
		printf(" %02x", o->model[first + n]);
	printf("\n# got: ");
	for (n = 0; n < 16 && i + n < len; n++)
		printf(" %02x", got[i + n]);
	printf("\n# page %" PRIu64 " last written by op %" PRIu64 "\n", first / PAGE,
	       o->writer[first / PAGE]);
	printf("# replay: coherence -s %" PRIu64 " -n %" PRIu64 " -p %u -t %u -f %" PRIu64
	       " -m %s", seed, nops, nprocs, nthreads, fsize, mix_name);
	if (plant != UINT64_MAX)
		printf(" -P %" PRIu64, plant);
	printf(" DIR (owner %d, op %" PRIu64 "); its last operations:\n", o->id, o->no);
	for (n = o->no >= LOG_LEN ? o->no - LOG_LEN + 1 : 0; n <= o->no; n++) {
		struct logent *e = &o->log[n % LOG_LEN];

		printf("#   %" PRIu64 " %s off %" PRIu64 " len %" PRIu64 " size %" PRIu64 "\n",
		       e->no, op_name[e->op], e->off, e->len, e->size);
	}
	fflush(stdout);
	return -1;
}

static int check(struct owner *o, const char *how, uint64_t off,
		 const uint8_t *got, uint64_t len)
{
	if (memcmp(got, o->model + off, len) == 0)
		return 0;
	return mismatch(o, how, off, got, len);
}

/* The model after a write of LEN bytes at OFF by this operation. */
static void model_write(struct owner *o, uint64_t off, uint64_t len, uint8_t *src)
{
	uint64_t i;

	if (off > o->size)
		memset(o->model + o->size, 0, off - o->size);
	for (i = 0; i < len; i++)
		src[i] = pattern(o->no, off + i);
	memcpy(o->model + off, src, len);
	for (i = off / PAGE; i <= (off + len - 1) / PAGE; i++)
		o->writer[i] = o->no;
	if (off + len > o->size)
		o->size = off + len;
}

static void model_zero(struct owner *o, uint64_t off, uint64_t len)
{
	uint64_t i;

	if (off >= o->size)
		return;
	if (off + len > o->size)
		len = o->size - off;
	memset(o->model + off, 0, len);
	for (i = off / PAGE; len && i <= (off + len - 1) / PAGE; i++)
		o->writer[i] = o->no;
}

/* A range: anywhere up to max, any length (ALIGN: pages). */
static void range(struct owner *o, int align, uint64_t *off, uint64_t *len)
{
	uint64_t max = o->max;

	if (align) {
		*off = rnd(&o->rng, max / PAGE) * PAGE;
		*len = (1 + rnd(&o->rng, 16)) * PAGE;
	} else {
		*off = rnd(&o->rng, max);
		*len = 1 + rnd(&o->rng, 16 * PAGE);
	}
	if (*off + *len > max)
		*len = max - *off;
}

static int op_read(struct owner *o, int direct)
{
	uint64_t off, len;
	uint8_t *b = direct ? o->dbuf : o->buf;
	ssize_t n;

	range(o, direct, &off, &len);
	logop(o, direct ? OP_DREAD : OP_READ, off, len);
	n = pread(direct ? o->dfd : o->fd, b, len, (off_t)off);
	if (n < 0)
		die(o, direct ? "O_DIRECT pread" : "pread");
	if ((uint64_t)n != (off >= o->size ? 0 : o->size - off < len ? o->size - off : len)) {
		printf("# owner %d op %" PRIu64 ": read %zd of %" PRIu64 " at %" PRIu64
		       ", file size %" PRIu64 "\n", o->id, o->no, n, len, off, o->size);
		return mismatch(o, "short read", off, b, 0);
	}
	return check(o, direct ? "O_DIRECT read" : "read", off, b, (uint64_t)n);
}

static int op_write(struct owner *o, int direct)
{
	uint64_t off, len;
	uint8_t *b = direct ? o->dbuf : o->buf;

	range(o, direct, &off, &len);
	logop(o, direct ? OP_DWRITE : OP_WRITE, off, len);
	model_write(o, off, len, b);
	if (o->no >= plant && len && !planted) {
		printf("# owner %d op %" PRIu64 ": planted fault: %" PRIu64 " bytes at %" PRIu64 " not written\n",
		       o->id, o->no, len, off);
		planted = 1;
		return 0;
	}
	if (pwrite(direct ? o->dfd : o->fd, b, len, (off_t)off) != (ssize_t)len)
		die(o, direct ? "O_DIRECT pwrite" : "pwrite");
	return 0;
}

/* mmap reads and writes stay inside the file: beyond EOF is SIGBUS. */
static int op_mmap(struct owner *o, int write)
{
	uint64_t off, len, moff;
	uint8_t *m;
	int ret = 0;

	range(o, 0, &off, &len);
	logop(o, write ? OP_MWRITE : OP_MREAD, off, len);
	if (off >= o->size)
		return 0;
	if (off + len > o->size)
		len = o->size - off;
	moff = off & ~(uint64_t)(PAGE - 1);
	m = mmap(NULL, len + (off - moff), PROT_READ | PROT_WRITE, MAP_SHARED,
		 o->fd, (off_t)moff);
	if (m == MAP_FAILED)
		die(o, "mmap");
	if (write) {
		model_write(o, off, len, o->buf);
		memcpy(m + (off - moff), o->buf, len);
		if (rnd(&o->rng, 2) && msync(m, len + (off - moff), MS_SYNC))
			die(o, "msync");
	} else {
		memcpy(o->buf, m + (off - moff), len);
		ret = check(o, "mmap read", off, o->buf, len);
	}
	munmap(m, len + (off - moff));
	return ret;
}

static int op_trunc(struct owner *o)
{
	uint64_t size = rnd(&o->rng, o->max + 1);

	logop(o, OP_TRUNC, size, 0);
	if (ftruncate(o->fd, (off_t)size))
		die(o, "ftruncate");
	if (size > o->size)
		memset(o->model + o->size, 0, size - o->size);
	o->size = size;
	return 0;
}

static int op_falloc(struct owner *o, enum op op)
{
	int mode = FALLOC_FL_KEEP_SIZE |
		   (op == OP_PUNCH ? FALLOC_FL_PUNCH_HOLE : FALLOC_FL_ZERO_RANGE);
	uint64_t off, len;

	range(o, 0, &off, &len);
	logop(o, op, off, len);
	if (!len)
		return 0;
	if (fallocate(o->fd, mode, (off_t)off, (off_t)len)) {
		if (errno != EOPNOTSUPP)
			die(o, op_name[op]);
		if (!(o->ops_off & 1U << op))
			printf("# owner %d: the filesystem has no fallocate %s; not drawn again\n",
			       o->id, op_name[op]);
		o->ops_off |= 1U << op;
		return 0;
	}
	model_zero(o, off, len);
	return 0;
}

/* Drop the page cache; WHAT 4 only silences the kernel's note of it. */
static void drop_caches_write(const char *what)
{
	int fd = open("/proc/sys/vm/drop_caches", O_WRONLY);

	if (fd >= 0) {
		if (write(fd, what, strlen(what)) != (ssize_t)strlen(what))
			perror("drop_caches");
		close(fd);
	}
}

static void drop_caches(void)
{
	drop_caches_write("1");
}

static enum op draw(struct owner *o)
{
	unsigned int sum = 0, r, i;

	for (i = 0; i < OP_NR; i++)
		if (!(o->ops_off & 1U << i))
			sum += op_weight[i];
	r = (unsigned int)rnd(&o->rng, sum);
	for (i = 0; i < OP_NR; i++) {
		if (o->ops_off & 1U << i)
			continue;
		if (r < op_weight[i])
			return (enum op)i;
		r -= op_weight[i];
	}
	return OP_READ;
}

static int step(struct owner *o)
{
	enum op op = draw(o);

	switch (op) {
	case OP_READ:
	case OP_DREAD:
		return op_read(o, op == OP_DREAD);
	case OP_WRITE:
	case OP_DWRITE:
		return op_write(o, op == OP_DWRITE);
	case OP_MREAD:
	case OP_MWRITE:
		return op_mmap(o, op == OP_MWRITE);
	case OP_TRUNC:
		return op_trunc(o);
	case OP_PUNCH:
	case OP_ZERO:
		return op_falloc(o, op);
	case OP_FSYNC:
		logop(o, op, 0, 0);
		if (fsync(o->fd))
			die(o, "fsync");
		return 0;
	case OP_DONTNEED:
		logop(o, op, 0, 0);
		/* Dirty pages stay; clean ones leave (into a lent area). */
		errno = posix_fadvise(o->fd, 0, 0, POSIX_FADV_DONTNEED);
		if (errno)
			die(o, "fadvise(DONTNEED) (a kernel without CONFIG_ADVISE_SYSCALLS says EINVAL)");
		return 0;
	case OP_DROP:
		logop(o, op, 0, 0);
		drop_caches();
		return 0;
	default:
		return 0;
	}
}

static void *xalloc(size_t n, int aligned)
{
	void *p = NULL;

	if (aligned ? posix_memalign(&p, PAGE, n) : !(p = calloc(1, n)))
		return NULL;
	memset(p, 0, n);
	return p;
}

static char *file_path(int id)
{
	char *p;

	if (asprintf(&p, "%s/coh.%d", dir, id) < 0)
		exit(2);
	return p;
}

static int owner_run(int id)
{
	struct owner o = { .id = id, .max = fsize };
	int bad = 0;
	unsigned int i;

	o.rng = seed * 0x100000001b3ULL + (uint64_t)id + 1;
	o.path = file_path(id);
	o.model = xalloc(o.max, 0);
	o.buf = xalloc(16 * PAGE + PAGE, 0);
	o.dbuf = xalloc(16 * PAGE, 1);
	o.writer = xalloc((o.max / PAGE + 1) * sizeof(*o.writer), 0);
	if (!o.model || !o.buf || !o.dbuf || !o.writer)
		die(&o, "malloc");
	o.fd = open(o.path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (o.fd < 0)
		die(&o, "open");
	o.dfd = open(o.path, O_RDWR | O_DIRECT);
	if (o.dfd < 0)
		die(&o, "open O_DIRECT");
	for (o.no = 0; o.no < nops; o.no++) {
		if (step(&o) && (bad++, !keep_going))
			break;
	}
	/* Last, everything read once more from a cold cache. */
	if (!bad || keep_going) {
		uint64_t off;

		logop(&o, OP_DROP, 0, 0);
		drop_caches();
		for (off = 0; off < o.size; off += 16 * PAGE) {
			uint64_t len = o.size - off < 16 * PAGE ? o.size - off : 16 * PAGE;

			if (pread(o.fd, o.buf, len, (off_t)off) != (ssize_t)len)
				die(&o, "final pread");
			if (check(&o, "final read", off, o.buf, len))
				bad++;
		}
	}
	printf("# owner %d:", id);
	for (i = 0; i < OP_NR; i++)
		printf(" %s %" PRIu64, op_name[i], o.done[i]);
	printf("\n%s %d owner %d: %" PRIu64 " operations on a file of up to %" PRIu64
	       " bytes, every byte read as last written%s\n", bad ? "not ok" : "ok",
	       id + 1, id, o.no, o.max, bad ? " (it was not)" : "");
	fflush(stdout);
	return bad ? 1 : 0;
}

/* Read an owner's pages through the page cache and drop them again. */
static void *disturb(void *arg)
{
	uint64_t rng = seed * 31 + (uintptr_t)arg + 7;
	uint8_t *b = malloc(16 * PAGE);

	while (b && !atomic_load(&stop_disturbers)) {
		char *p = file_path((int)rnd(&rng, nprocs));
		int fd = open(p, O_RDONLY);
		uint64_t off = rnd(&rng, fsize / PAGE) * PAGE;
		size_t len = (1 + rnd(&rng, 16)) * PAGE;

		free(p);
		if (fd < 0)
			continue;
		if (pread(fd, b, len, (off_t)off) < 0)
			perror("disturber pread");
		if (posix_fadvise(fd, (off_t)off, (off_t)len, POSIX_FADV_DONTNEED))
			drop_caches();
		if (rnd(&rng, 64) == 0)
			drop_caches();
		close(fd);
	}
	free(b);
	return NULL;
}

static atomic_int race_stop;
static const char *race_path;

/* The other CPU: read the page through the page cache, evict it, again. */
static void *race_reader(void *arg)
{
	uint8_t *b = malloc(PAGE);
	unsigned long *reads = arg;
	int fd = open(race_path, O_RDONLY);

	while (b && fd >= 0 && !atomic_load(&race_stop)) {
		if (pread(fd, b, PAGE, 0) < 0)
			perror("race reader pread");
		if (posix_fadvise(fd, 0, PAGE, POSIX_FADV_DONTNEED))
			drop_caches();
		(*reads)++;
	}
	if (fd >= 0)
		close(fd);
	free(b);
	return NULL;
}

static int race(uint64_t rounds)
{
	unsigned long reads = 0;
	uint64_t round, bad = 0, i;
	uint8_t *w, *r;
	pthread_t th;
	int fd, dfd;

	race_path = file_path(0);
	fd = open(race_path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	dfd = open(race_path, O_RDWR | O_DIRECT);
	w = xalloc(PAGE, 1);
	r = xalloc(PAGE, 0);
	if (fd < 0 || dfd < 0 || !w || !r) {
		perror(race_path);
		return 2;
	}
	if (pwrite(dfd, w, PAGE, 0) != PAGE) {
		perror("O_DIRECT pwrite");
		return 2;
	}
	if (pthread_create(&th, NULL, race_reader, &reads)) {
		perror("pthread_create");
		return 2;
	}
	for (round = 1; round <= rounds; round++) {
		for (i = 0; i < PAGE; i++)
			w[i] = pattern(round, i);
		if (pwrite(dfd, w, PAGE, 0) != PAGE) {
			perror("O_DIRECT pwrite");
			bad++;
			break;
		}
		errno = posix_fadvise(fd, 0, PAGE, POSIX_FADV_DONTNEED);
		if (errno) {
			perror("fadvise(DONTNEED) (a kernel without CONFIG_ADVISE_SYSCALLS says EINVAL)");
			bad++;
			break;
		}
		if (pread(fd, r, PAGE, 0) != PAGE) {
			perror("pread");
			bad++;
			break;
		}
		if (memcmp(r, w, PAGE)) {
			printf("# MISMATCH round %" PRIu64 ": the buffered read after the direct write returned other data%s (first bytes %02x %02x, want %02x %02x)\n",
			       round, round > 1 && r[0] == pattern(round - 1, 0) &&
			       r[1] == pattern(round - 1, 1) ? ", the previous write's" : "",
			       r[0], r[1], w[0], w[1]);
			bad++;
			if (!keep_going)
				break;
		}
	}
	atomic_store(&race_stop, 1);
	pthread_join(th, NULL);
	printf("# race: %" PRIu64 " direct writes, each read back after eviction, against %lu buffered reads and evictions\n",
	       round > rounds ? rounds : round, reads);
	printf("%s 1 race: every buffered read after a direct write returned it\n",
	       bad ? "not ok" : "ok");
	close(dfd);
	close(fd);
	free(w);
	free(r);
	free((char *)race_path);
	return bad ? 1 : 0;
}

static void usage(void)
{
	fprintf(stderr, "usage: coherence [-s SEED] [-n OPS] [-p PROCS] [-t THREADS] [-f BYTES] [-m all|dio] [-k] [-P OP] [-r ROUNDS] DIR\n");
	exit(2);
}

static uint64_t number(const char *opt, const char *s, uint64_t min, uint64_t max)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end || v < min || v > max) {
		fprintf(stderr, "coherence: %s %s: want a number from %" PRIu64 " to %" PRIu64 "\n",
			opt, s, min, max);
		exit(2);
	}
	return v;
}

int main(int argc, char **argv)
{
	pthread_t th[16];
	int c, status, failed = 0;
	unsigned int i;
	pid_t pid[64];

	uint64_t rounds = 0;

	while ((c = getopt(argc, argv, "s:n:p:t:f:m:kP:r:")) != -1) {
		switch (c) {
		case 's': seed = number("-s", optarg, 1, UINT64_MAX); break;
		case 'n': nops = number("-n", optarg, 1, UINT64_MAX); break;
		case 'p': nprocs = (unsigned int)number("-p", optarg, 1, 64); break;
		case 't': nthreads = (unsigned int)number("-t", optarg, 0, 16); break;
		case 'f': fsize = number("-f", optarg, PAGE, 1ULL << 30) & ~(uint64_t)(PAGE - 1); break;
		case 'k': keep_going = 1; break;
		case 'P': plant = number("-P", optarg, 0, UINT64_MAX - 1); break;
		case 'r': rounds = number("-r", optarg, 1, UINT64_MAX); break;
		case 'm':
			if (!strcmp(optarg, "dio")) {
				op_weight = mix_dio;
			} else if (strcmp(optarg, "all")) {
				fprintf(stderr, "coherence: -m %s: the mixes are all and dio\n", optarg);
				return 2;
			}
			mix_name = optarg;
			break;
		default: usage();
		}
	}
	if (optind != argc - 1)
		usage();
	dir = argv[optind];
	setvbuf(stdout, NULL, _IOLBF, 0);
	drop_caches_write("4");
	if (rounds)
		return race(rounds);
	printf("# coherence: seed %" PRIu64 ", %" PRIu64 " operations x %u owners (mix %s), %u disturbing threads, files of %" PRIu64 " bytes in %s\n",
	       seed, nops, nprocs, mix_name, nthreads, fsize, dir);
	for (i = 0; i < nprocs; i++) {
		pid[i] = fork();
		if (pid[i] < 0) {
			perror("fork");
			return 2;
		}
		if (pid[i] == 0)
			_exit(owner_run((int)i));
	}
	for (i = 0; i < nthreads; i++)
		if (pthread_create(&th[i], NULL, disturb, (void *)(uintptr_t)i)) {
			perror("pthread_create");
			nthreads = i;
			break;
		}
	for (i = 0; i < nprocs; i++)
		if (waitpid(pid[i], &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			failed++;
	atomic_store(&stop_disturbers, 1);
	for (i = 0; i < nthreads; i++)
		pthread_join(th[i], NULL);
	printf("# coherence: %u of %u owners read only what they wrote\n",
	       nprocs - failed, nprocs);
	return failed ? 1 : 0;
}
