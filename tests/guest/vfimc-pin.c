// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-pin DEV - KTAP checks of VFIMC_IOC_PIN and VFIMC_IOC_UNPIN as a
 * maintainer reviews them: argument validation, each copy to and from
 * user space failing, a range not mapped writable, the per-file limit,
 * the charge to the caller's locked memory (VmPin in /proc/self/status)
 * returned on unpin, on close and from another process that closes the
 * file last, two threads pinning and unpinning on one file at once, and
 * a pin given back after the engine is unbound (the pages are the user's,
 * not the device's), when a new pin fails with ENODEV.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <misc/vfimc.h>

#include "guest.h"

#define RACE_ROUNDS	2000

static long page;
static uint8_t *mem;	/* VFIMC_MAX_PINS + 1 pages, writable */

/* VmPin of this process, in kB. */
static long vm_pin(void)
{
	char line[128];
	long kb = -1;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmPin: %ld kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb;
}

static int pin(int fd, const void *addr, uint64_t size, uint32_t flags, uint32_t *id)
{
	struct vfimc_pin p = { .addr = (uintptr_t)addr, .size = size, .flags = flags };
	int ret = ioctl(fd, VFIMC_IOC_PIN, &p);

	if (!ret && id)
		*id = p.id;
	return ret;
}

static int unpin(int fd, uint32_t id)
{
	return ioctl(fd, VFIMC_IOC_UNPIN, &id);
}

static void vm_pin_is(long want, const char *desc)
{
	char diag[64];
	long got = vm_pin();

	snprintf(diag, sizeof(diag), "VmPin %ld kB, want %ld kB", got, want);
	ktap_result(got == want, desc, diag);
}

static void *racer(void *arg)
{
	int fd = *(int *)arg, i;
	uint32_t id;

	for (i = 0; i < RACE_ROUNDS; i++) {
		/* Unpin an id the other thread may hold, reserve or have freed. */
		if (!pin(fd, mem + (i % 8) * page, (uint64_t)page, i & 1 ? VFIMC_PIN_LONGTERM : 0, &id))
			unpin(fd, id ^ (i & 2 ? 1 : 0));
		unpin(fd, (uint32_t)(i % 4) + 1);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct vfimc_pin *ro_arg;
	uint32_t id, ids[VFIMC_MAX_PINS];
	char node[128], target[512];
	const char *pdev;
	pthread_t t[2];
	void *ro;
	int fd, i, ret, status, sync[2];
	long base;
	pid_t child = -1;

	if (argc != 2) {
		fprintf(stderr, "usage: vfimc-pin DEV\n");
		return 2;
	}
	page = sysconf(_SC_PAGESIZE);
	snprintf(node, sizeof(node), "/dev/vfimc-%s", argv[1]);
	printf("KTAP version 1\n1..23\n");
	fd = open(node, O_RDWR);
	mem = mmap(NULL, (VFIMC_MAX_PINS + 1) * page, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	ro = mmap(NULL, page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (fd < 0 || mem == MAP_FAILED || ro == MAP_FAILED) {
		printf("# Bail out! %s or a mapping: %s\n", node, strerror(errno));
		return 1;
	}
	base = vm_pin();

	ret = pin(fd, mem, (uint64_t)page, 0, &id);
	ktap_result(!ret && id >= 1, "a short-term pin of one page gets an id", strerror(errno));
	vm_pin_is(base + page / 1024, "it is charged to VmPin");
	ktap_result(!unpin(fd, id), "unpin", strerror(errno));
	vm_pin_is(base, "the charge returns on unpin");
	fails_with(unpin(fd, id), ENOENT, "unpinning it again: ENOENT");
	fails_with(unpin(fd, 0), ENOENT, "unpinning id 0: ENOENT");

	fails_with(pin(fd, mem, 0, 0, NULL), EINVAL, "size 0: EINVAL");
	fails_with(pin(fd, mem + 1, (uint64_t)page, 0, NULL), EINVAL, "an unaligned address: EINVAL");
	fails_with(pin(fd, mem, (uint64_t)page + 1, 0, NULL), EINVAL, "a size not in pages: EINVAL");
	fails_with(pin(fd, mem, ((uint64_t)VFIMC_PIN_MAX_PAGES + 1) * page, 0, NULL), EINVAL,
		   "more than VFIMC_PIN_MAX_PAGES pages: EINVAL");
	fails_with(pin(fd, mem, (uint64_t)page, 1U << 7, NULL), EINVAL, "an unknown flag: EINVAL");
	fails_with(pin(fd, ro, (uint64_t)page, 0, NULL), EFAULT,
		   "a page mapped read-only (the engine writes): EFAULT");
	/* Two pages, the second not mapped: nothing stays pinned. */
	munmap(mem + VFIMC_MAX_PINS * page, page);
	fails_with(pin(fd, mem + (VFIMC_MAX_PINS - 1) * page, 2 * (uint64_t)page, 0, NULL), EFAULT,
		   "a range half unmapped: EFAULT");
	/* A valid argument in a read-only page: the id cannot be copied out. */
	ro_arg = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ro_arg != MAP_FAILED) {
		ro_arg->addr = (uintptr_t)mem;
		ro_arg->size = (uint64_t)page;
		mprotect(ro_arg, page, PROT_READ);
	}
	fails_with(ioctl(fd, VFIMC_IOC_PIN, ro_arg), EFAULT,
		   "the id cannot be copied out (argument read-only): EFAULT");
	vm_pin_is(base, "after every failure, nothing is pinned or charged");

	for (i = 0; i < VFIMC_MAX_PINS; i++)
		if (pin(fd, mem + i * page, (uint64_t)page, i & 1 ? VFIMC_PIN_LONGTERM : 0, &ids[i]))
			break;
	fails_with(pin(fd, mem, (uint64_t)page, 0, NULL), EMFILE,
		   "VFIMC_MAX_PINS pins held: one more is EMFILE");
	close(fd);
	vm_pin_is(base, "closing the file drops its pins and their charge");

	/* A child holds the file last: the charge still goes back to us. */
	fd = open(node, O_RDWR);
	ktap_result(fd >= 0 && !pin(fd, mem, (uint64_t)page, VFIMC_PIN_LONGTERM, NULL),
		    "a long-term pin, then fork", strerror(errno));
	if (pipe(sync) == 0 && (child = fork()) == 0) {
		char c;

		/* Closes its copy only once the parent has closed its own. */
		close(sync[1]);
		if (read(sync[0], &c, 1) < 0)
			_exit(1);
		close(fd);
		_exit(0);
	}
	close(sync[0]);
	close(fd);
	close(sync[1]);
	waitpid(child, &status, 0);
	vm_pin_is(base, "a file another process closes last returns the charge to its mm");

	/* Two threads on one file: pin, unpin and unpin others' ids at once. */
	fd = open(node, O_RDWR);
	pthread_create(&t[0], NULL, racer, &fd);
	pthread_create(&t[1], NULL, racer, &fd);
	pthread_join(t[0], NULL);
	pthread_join(t[1], NULL);
	close(fd);
	vm_pin_is(base, "two threads racing on one file: after close, nothing pinned or charged");

	/* Unbound with a pin held: the pin is still the file's to give back. */
	fd = open(node, O_RDWR);
	pdev = vfimc_pdev(argv[1], target, sizeof(target));
	ktap_result(fd >= 0 && pdev && !pin(fd, mem, (uint64_t)page, 0, &id) &&
		    !vfimc_bind(pdev, 0), "a pin held while the engine is unbound",
		    strerror(errno));
	fails_with(pin(fd, mem + page, (uint64_t)page, 0, NULL), ENODEV,
		   "unbound: a new pin is ENODEV");
	ktap_result(!unpin(fd, id) && vm_pin() == base,
		    "unbound: the held pin is given back, and its charge", strerror(errno));
	close(fd);
	if (pdev && vfimc_bind(pdev, 1))
		printf("# Bail out! rebinding %s: %s\n", pdev, strerror(errno));
	return ktap_failed ? 1 : 0;
}
