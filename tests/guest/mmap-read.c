// SPDX-License-Identifier: GPL-2.0
/*
 * mmap-read FILE - read FILE through a shared mapping, every byte, and say
 * what it cost: "fnv=HASH majflt=N minflt=M" (FNV-1a of the contents, and
 * this process's major and minor page faults while reading, from
 * getrusage()). A fault the kernel served without reading the disk is
 * minor; tests/guest/lend.sh compares the counts with the disk's sectors.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

static int fail(const char *file, const char *what)
{
	fprintf(stderr, "mmap-read: %s: %s: %s\n", file, what, strerror(errno));
	return 2;
}

int main(int argc, char **argv)
{
	uint64_t hash = 14695981039346656037ULL;
	struct rusage before, after;
	const unsigned char *p;
	struct stat st;
	size_t i;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: mmap-read FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0)
		return fail(argv[1], "open");
	if (fstat(fd, &st))
		return fail(argv[1], "fstat");
	if (st.st_size <= 0) {
		fprintf(stderr, "mmap-read: %s: empty, nothing to fault in\n", argv[1]);
		return 2;
	}
	p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED)
		return fail(argv[1], "mmap");
	if (getrusage(RUSAGE_SELF, &before))
		return fail(argv[1], "getrusage");
	for (i = 0; i < (size_t)st.st_size; i++) {
		hash ^= p[i];
		hash *= 1099511628211ULL;
	}
	if (getrusage(RUSAGE_SELF, &after))
		return fail(argv[1], "getrusage");
	printf("fnv=%016" PRIx64 " majflt=%ld minflt=%ld\n", hash,
	       after.ru_majflt - before.ru_majflt,
	       after.ru_minflt - before.ru_minflt);
	munmap((void *)p, (size_t)st.st_size);
	close(fd);
	return 0;
}
