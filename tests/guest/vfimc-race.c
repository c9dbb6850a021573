// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-race DEV ROUNDS - an allocation whose result cannot be copied out
 * must never be visible to another thread sharing the file. One thread
 * allocates ROUNDS times with its argument on a read-only page: the
 * driver reads it (copy_from_user works) and cannot write the result back
 * (EFAULT), so it frees the buffer. The other thread meanwhile frees and
 * maps the id that allocation takes (the lowest free one, so predictable).
 * Published before the copy, the buffer could be freed twice or left
 * mapped after its free; reserved, copied, then published, every such
 * FREE and mmap fails with ENOENT. Needs two CPUs to race at all. KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <misc/vfimc.h>

#include "guest.h"

static int fd;
static long page;
static atomic_int done;

struct tally {
	unsigned long calls, freed, mapped, other;
};

/* Frees and maps id 1, the id every failed allocation reserves. */
static void *intruder(void *arg)
{
	struct tally *t = arg;
	uint32_t id = 1;

	while (!atomic_load(&done)) {
		void *m;

		t->calls++;
		if (!ioctl(fd, VFIMC_IOC_FREE, &id))
			t->freed++;
		else if (errno != ENOENT)
			t->other++;
		m = mmap(NULL, page, PROT_READ, MAP_SHARED, fd, page);
		if (m != MAP_FAILED) {
			t->mapped++;
			munmap(m, page);
		} else if (errno != ENOENT) {
			t->other++;
		}
	}
	return NULL;
}

int main(int argc, char **argv)
{
	struct tally t = { 0 };
	struct vfimc_alloc *ro;
	unsigned long i, rounds, efault = 0, other = 0;
	char node[128], diag[200];
	pthread_t th;
	uint64_t used0;
	char area[64];

	if (argc != 3) {
		fprintf(stderr, "usage: vfimc-race DEV ROUNDS\n");
		return 2;
	}
	page = sysconf(_SC_PAGESIZE);
	rounds = strtoul(argv[2], NULL, 0);
	snprintf(node, sizeof(node), "/dev/vfimc-%s", argv[1]);
	vfimc_area(argv[1], area, sizeof(area));
	used0 = cma_used(area);

	printf("KTAP version 1\n1..4\n");
	printf("# %ld CPUs online\n", sysconf(_SC_NPROCESSORS_ONLN));
	fd = open(node, O_RDWR);
	ro = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (fd < 0 || ro == MAP_FAILED) {
		printf("# %s: %s\n", node, strerror(errno));
		return 1;
	}
	memset(ro, 0, sizeof(*ro));
	ro->size = 16 * page;
	mprotect(ro, page, PROT_READ);

	pthread_create(&th, NULL, intruder, &t);
	for (i = 0; i < rounds; i++) {
		if (!ioctl(fd, VFIMC_IOC_ALLOC, ro))
			other++;
		else if (errno == EFAULT)
			efault++;
		else
			other++;
	}
	atomic_store(&done, 1);
	pthread_join(th, NULL);

	snprintf(diag, sizeof(diag), "%lu EFAULT, %lu other", efault, other);
	ktap_result(efault == rounds, "every allocation with a read-only argument fails with EFAULT",
		    diag);
	snprintf(diag, sizeof(diag), "%lu of %lu FREEs succeeded", t.freed, t.calls);
	ktap_result(!t.freed, "no FREE reached a buffer that was never handed out", diag);
	snprintf(diag, sizeof(diag), "%lu of %lu mmaps succeeded", t.mapped, t.calls);
	ktap_result(!t.mapped, "no mmap reached a buffer that was never handed out", diag);
	close(fd);
	snprintf(diag, sizeof(diag), "%s: %llu pages used, %llu before; %lu other errors",
		 area, (unsigned long long)cma_used(area), (unsigned long long)used0, t.other);
	ktap_result(cma_used(area) == used0 && !t.other, "nothing is left in the area", diag);
	return ktap_failed ? 1 : 0;
}
