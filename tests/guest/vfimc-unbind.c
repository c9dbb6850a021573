// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-unbind DEV - the device goes while a file is open, with buffers
 * held and one mapped (sysfs unbind: the path driver_override and overlay
 * removal take too, without an rmmod). The area gets its pages back at
 * once; the file's operations fail with ENODEV; the old mapping faults
 * instead of reaching freed memory; unmapping and closing are clean; bound
 * again, the device serves. KTAP.
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

#define DRIVER "/sys/bus/platform/drivers/vfimc"

static sigjmp_buf fault_jmp;

static void on_fault(int sig)
{
	siglongjmp(fault_jmp, sig);
}

int main(int argc, char **argv)
{
	long page = sysconf(_SC_PAGESIZE);
	char node[128], target[512], area[64], diag[160];
	const char *pdev;
	struct vfimc_alloc a = { 0 }, b = { 0 };
	struct vfimc_pattern p;
	volatile uint32_t *w;
	uint64_t used0, used;
	int fd, sig, ret;

	if (argc != 2) {
		fprintf(stderr, "usage: vfimc-unbind DEV\n");
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

	printf("KTAP version 1\n1..10\n");
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

	ret = write_str(DRIVER "/unbind", pdev);
	ktap_result(!ret && access(node, F_OK), "unbind with the file open succeeds; the node is gone",
		    strerror(errno));

	used = cma_used(area);
	snprintf(diag, sizeof(diag), "%s: %llu pages used, %llu before the buffers", area,
		 (unsigned long long)used, (unsigned long long)used0);
	ktap_result(used == used0, "the area has its pages back at once", diag);

	fails_with(ioctl(fd, VFIMC_IOC_ALLOC, &(struct vfimc_alloc){ .size = page }), ENODEV,
		   "ALLOC after unbind: ENODEV");
	fails_with(ioctl(fd, VFIMC_IOC_FREE, &b.id), ENODEV, "FREE after unbind: ENODEV");
	fails_with(mmap(NULL, page, PROT_READ, MAP_SHARED, fd, b.id * page) == MAP_FAILED ? -1 : 0,
		   ENODEV, "mmap after unbind: ENODEV");

	signal(SIGBUS, on_fault);
	signal(SIGSEGV, on_fault);
	sig = sigsetjmp(fault_jmp, 1);
	if (!sig)
		(void)w[3];
	snprintf(diag, sizeof(diag), "read %s", sig ? strsignal(sig) : "the old frame");
	ktap_result(sig == SIGBUS || sig == SIGSEGV,
		    "the old mapping faults instead of reaching freed memory", diag);
	signal(SIGBUS, SIG_DFL);
	signal(SIGSEGV, SIG_DFL);

	ktap_result(!munmap((void *)w, 64 * page) && !close(fd), "munmap and close are clean",
		    strerror(errno));

	ret = write_str(DRIVER "/bind", pdev);
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
