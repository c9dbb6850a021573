// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-unbind DEV [OTHER] - the device goes while a file is open, with
 * buffers held and one mapped (sysfs unbind: the path driver_override and
 * overlay removal take too, without an rmmod). The unmapped buffer's pages
 * go back to the area at once; the mapped one keeps its memory, and its
 * frame, until the mapping goes - also when OTHER, an engine on the same
 * area, allocates everything the area has free and captures into it; the
 * file's operations fail with ENODEV; unmapping gives the last pages back
 * and closing is clean; bound again, the device serves. KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <misc/vfimc.h>

#include "guest.h"

static sigjmp_buf fault_jmp;
static long page;
static int ofd = -1;

/* The first word of the buffer that is not the pattern of SEED; -1 if none. */
static size_t first_mismatch(volatile const uint32_t *w, size_t n, uint32_t seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (w[i] != vfimc_pattern_word(seed, (uint32_t)i))
			return i;
	return (size_t)-1;
}

/* OTHER, on the same area, fills it with its own frames; what it did. */
static const char *fill_area(const char *other, const char *area)
{
	static char what[128];
	char oarea[64];
	unsigned int n;

	if (strcmp(vfimc_area(other, oarea, sizeof(oarea)), area)) {
		snprintf(what, sizeof(what), "%s: not an engine on %s", other, area);
		return what;
	}
	ofd = vfimc_fill_area(other, 64 * page, 77, &n);
	snprintf(what, sizeof(what), "%s took %u buffers of 64 pages from %s", other, n, area);
	return what;
}

static void on_fault(int sig)
{
	siglongjmp(fault_jmp, sig);
}

int main(int argc, char **argv)
{
	char node[128], target[512], area[64], diag[300];
	const char *pdev;
	struct vfimc_alloc a = { 0 }, b = { 0 };
	struct vfimc_pattern p;
	volatile uint32_t *w;
	const char *other;
	uint64_t used0, used;
	size_t mismatch;
	int fd, sig, ret;

	page = sysconf(_SC_PAGESIZE);
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: vfimc-unbind DEV [OTHER]\n");
		return 2;
	}
	snprintf(node, sizeof(node), "/dev/vfimc-%s", argv[1]);
	pdev = vfimc_pdev(argv[1], target, sizeof(target));
	if (!pdev) {
		printf("# vfimc-%s: no device: %s\n", argv[1], strerror(errno));
		return 1;
	}
	vfimc_area(argv[1], area, sizeof(area));
	used0 = cma_used(area);

	printf("KTAP version 1\n1..11\n");
	fd = open(node, O_RDWR);
	a.size = 64 * page;
	b.size = 64 * page;
	ret = fd < 0 || ioctl(fd, VFIMC_IOC_ALLOC, &a) || ioctl(fd, VFIMC_IOC_ALLOC, &b);
	p = (struct vfimc_pattern){ .id = a.id, .seed = 5 };
	ret = ret || ioctl(fd, VFIMC_IOC_CAPTURE, &p);
	w = ret ? MAP_FAILED : mmap(NULL, 64 * page, PROT_READ, MAP_SHARED, fd, a.id * page);
	snprintf(diag, sizeof(diag), "%s on %s: %s", node, area, strerror(errno));
	ktap_result(!ret && w != MAP_FAILED && w[3] == vfimc_pattern_word(5, 3) &&
		    cma_used(area) == used0 + 128,
		    "two 64-page buffers held, one captured and mapped", diag);
	if (ret || w == MAP_FAILED)
		return 1;

	ret = vfimc_bind(pdev, 0);
	ktap_result(!ret && access(node, F_OK), "unbind with the file open succeeds; the node is gone",
		    strerror(errno));

	used = cma_used(area);
	snprintf(diag, sizeof(diag), "%s: %llu pages used, %llu before the buffers", area,
		 (unsigned long long)used, (unsigned long long)used0);
	ktap_result(used == used0 + 64,
		    "the unmapped buffer's pages are back at once, the mapped one's held", diag);

	fails_with(ioctl(fd, VFIMC_IOC_ALLOC, &(struct vfimc_alloc){ .size = page }), ENODEV,
		   "ALLOC after unbind: ENODEV");
	fails_with(ioctl(fd, VFIMC_IOC_FREE, &b.id), ENODEV, "FREE after unbind: ENODEV");
	fails_with(mmap(NULL, page, PROT_READ, MAP_SHARED, fd, b.id * page) == MAP_FAILED ? -1 : 0,
		   ENODEV, "mmap after unbind: ENODEV");

	other = argc == 3 ? fill_area(argv[2], area) : "no other engine";
	signal(SIGBUS, on_fault);
	signal(SIGSEGV, on_fault);
	sig = sigsetjmp(fault_jmp, 1);
	mismatch = sig ? 0 : first_mismatch(w, 64 * page / 4, 5);
	snprintf(diag, sizeof(diag), "%s; read %s", other, sig ? strsignal(sig) :
		 mismatch == (size_t)-1 ? "the frame" : "another frame");
	ktap_result(!sig && mismatch == (size_t)-1,
		    "the mapping still shows its frame, the area full around it", diag);
	signal(SIGBUS, SIG_DFL);
	signal(SIGSEGV, SIG_DFL);
	if (ofd >= 0)
		close(ofd);

	ret = munmap((void *)w, 64 * page);
	used = cma_used(area);
	snprintf(diag, sizeof(diag), "%s: %llu pages used, %llu before the buffers: %s", area,
		 (unsigned long long)used, (unsigned long long)used0, strerror(errno));
	ktap_result(!ret && used == used0, "unmapped: the last pages are back", diag);
	ktap_result(!close(fd), "close is clean", strerror(errno));

	ret = vfimc_bind(pdev, 1);
	fd = ret ? -1 : open(node, O_RDWR);
	memset(&a, 0, sizeof(a));
	a.size = 64 * page;
	ret = fd < 0 || ioctl(fd, VFIMC_IOC_ALLOC, &a);
	ktap_result(!ret && cma_used(area) == used0 + 64, "bound again, the device serves",
		    strerror(errno));
	ktap_result(fd >= 0 && !close(fd) && cma_used(area) == used0, "closed, the area is back",
		    strerror(errno));
	return ktap_failed ? 1 : 0;
}
