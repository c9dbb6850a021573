// SPDX-License-Identifier: GPL-2.0
/*
 * vfimc-api DEV - KTAP checks of the vfimc character device's contract:
 * mode, argument validation, ownership by the open file, capture/verify
 * (including a corruption it must find), mmap rules (shared only; none for
 * a buffer without a kernel mapping, which would show the memory's last
 * contents), and sysfs counters and modes.
 * DEV's area must have room for a few 64 KiB buffers and less than 1 GiB.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <misc/vfimc.h>

#include "guest.h"

static const char *dev;

static uint64_t counter(const char *name)
{
	return vfimc_attr(dev, name);
}

static uint64_t area_size(void)
{
	return counter("area_size");
}

static int alloc(int fd, uint64_t size, uint32_t flags, struct vfimc_alloc *a)
{
	memset(a, 0, sizeof(*a));
	a->size = size;
	a->flags = flags;
	return ioctl(fd, VFIMC_IOC_ALLOC, a);
}

int main(int argc, char **argv)
{
	long page = sysconf(_SC_PAGESIZE);
	uint64_t allocs0, failures0, peak;
	struct vfimc_pattern p;
	struct vfimc_alloc a, b, *ro;
	char node[128], diag[160];
	struct stat st;
	uint32_t *w, id;
	int fd, fd2, ret;

	if (argc != 2) {
		fprintf(stderr, "usage: vfimc-api DEV\n");
		return 2;
	}
	dev = argv[1];
	snprintf(node, sizeof(node), "/dev/vfimc-%s", dev);

	printf("KTAP version 1\n1..33\n");
	ktap_result(!stat(node, &st) && (st.st_mode & 07777) == 0600 && S_ISCHR(st.st_mode),
	       "device node is a char device, mode 0600", node);
	fd = open(node, O_RDWR);
	fd2 = open(node, O_RDWR);
	if (fd < 0 || fd2 < 0) {
		printf("# cannot open %s: %s\n", node, strerror(errno));
		return 1;
	}
	allocs0 = counter("allocs");
	failures0 = counter("failures");

	fails_with(alloc(fd, 0, 0, &a), EINVAL, "size 0 is rejected");
	fails_with(alloc(fd, page + 1, 0, &a), EINVAL, "size not a page multiple is rejected");
	fails_with(alloc(fd, page, 1U << 7, &a), EINVAL, "unknown flag is rejected");
	memset(&a, 0, sizeof(a));
	a.size = page;
	a.id = 3;
	fails_with(ioctl(fd, VFIMC_IOC_ALLOC, &a), EINVAL, "non-zero output field is rejected");
	fails_with(alloc(fd, 1ULL << 40, 0, &a), ENOMEM, "1 TiB fails with ENOMEM");
	fails_with(ioctl(fd, VFIMC_IOC_ALLOC, (void *)8), EFAULT, "bad pointer fails with EFAULT");
	fails_with(ioctl(fd, _IO(VFIMC_IOC_MAGIC, 9)), ENOTTY, "unknown ioctl fails with ENOTTY");
	id = 999;
	fails_with(ioctl(fd, VFIMC_IOC_FREE, &id), ENOENT, "free of an unknown id: ENOENT");

	/* Readable, not writable: the buffer exists, its id cannot be returned. */
	ro = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (ro == MAP_FAILED)
		return 1;
	memset(ro, 0, sizeof(*ro));
	ro->size = 16 * page;
	mprotect(ro, page, PROT_READ);
	fails_with(ioctl(fd, VFIMC_IOC_ALLOC, ro), EFAULT,
		   "a result that cannot be copied out: EFAULT");
	snprintf(diag, sizeof(diag), "allocs +%llu, buffers %llu",
		 (unsigned long long)(counter("allocs") - allocs0),
		 (unsigned long long)counter("buffers"));
	ktap_result(counter("allocs") == allocs0 && !counter("buffers"),
		    "a buffer never handed out is not counted", diag);
	munmap(ro, page);

	ret = alloc(fd, 16 * page, 0, &a);
	ktap_result(!ret && a.id >= 1 && a.dma_addr && a.latency_ns > 0,
	       "alloc 16 pages returns id, DMA address and latency", strerror(errno));
	p = (struct vfimc_pattern){ .id = a.id, .seed = 42 };
	ret = ioctl(fd, VFIMC_IOC_CAPTURE, &p) || ioctl(fd, VFIMC_IOC_VERIFY, &p);
	ktap_result(!ret && p.mismatch == VFIMC_NO_MISMATCH, "captured frame verifies", NULL);

	w = mmap(NULL, 16 * page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, a.id * page);
	ktap_result(w != MAP_FAILED && w[5] == vfimc_pattern_word(42, 5),
	       "mmap shows the captured frame", strerror(errno));
	if (w == MAP_FAILED)
		return 1;
	w[(page + 12) / 4] ^= 1;
	p = (struct vfimc_pattern){ .id = a.id, .seed = 42 };
	ret = ioctl(fd, VFIMC_IOC_VERIFY, &p);
	snprintf(diag, sizeof(diag), "mismatch %llu", (unsigned long long)p.mismatch);
	ktap_result(!ret && p.mismatch == (uint64_t)page + 12,
	       "verify finds a word corrupted through the mapping, at its offset", diag);
	p = (struct vfimc_pattern){ .id = a.id, .seed = 43 };
	ret = ioctl(fd, VFIMC_IOC_VERIFY, &p);
	ktap_result(!ret && p.mismatch == 0, "verify with another seed fails at offset 0", NULL);
	fails_with(ioctl(fd, VFIMC_IOC_FREE, &a.id), EBUSY, "a mapped buffer cannot be freed");
	munmap(w, 16 * page);

	fails_with(mmap(NULL, 17 * page, PROT_READ, MAP_SHARED, fd, a.id * page) == MAP_FAILED ? -1 : 0,
		   EINVAL, "mmap beyond the buffer: EINVAL");
	fails_with(mmap(NULL, page, PROT_READ, MAP_SHARED, fd, 999 * page) == MAP_FAILED ? -1 : 0,
		   ENOENT, "mmap of an unknown id: ENOENT");
	fails_with(ioctl(fd2, VFIMC_IOC_FREE, &a.id), ENOENT,
		   "another open file cannot free the buffer");

	fails_with(mmap(NULL, page, PROT_READ, MAP_PRIVATE, fd, a.id * page) == MAP_FAILED ? -1 : 0,
		   EINVAL, "a private mapping: EINVAL");

	ret = alloc(fd, 32 * page, VFIMC_ALLOC_WRITE_COMBINE, &b);
	p = (struct vfimc_pattern){ .id = b.id, .seed = 7 };
	ret = ret || ioctl(fd, VFIMC_IOC_CAPTURE, &p) || ioctl(fd, VFIMC_IOC_VERIFY, &p);
	ktap_result(!ret && p.mismatch == VFIMC_NO_MISMATCH,
	       "write-combined buffer captures and verifies", NULL);
	ret = ioctl(fd, VFIMC_IOC_FREE, &b.id);

	/*
	 * The frame just freed is still in those pages. A buffer allocated
	 * on them with a kernel mapping is cleared by the DMA API; one
	 * without cannot be cleared, so it must not be mappable at all.
	 */
	ret = ret || alloc(fd, 32 * page, VFIMC_ALLOC_NO_KERNEL_MAPPING, &b);
	ktap_result(!ret, "a no-kernel-mapping buffer allocates", strerror(errno));
	p = (struct vfimc_pattern){ .id = b.id, .seed = 7 };
	fails_with(ioctl(fd, VFIMC_IOC_CAPTURE, &p), EOPNOTSUPP,
		   "no kernel mapping: CAPTURE is refused, EOPNOTSUPP");
	fails_with(ioctl(fd, VFIMC_IOC_VERIFY, &p), EOPNOTSUPP,
		   "no kernel mapping: VERIFY is refused, EOPNOTSUPP");
	fails_with(mmap(NULL, page, PROT_READ, MAP_SHARED, fd, b.id * page) == MAP_FAILED ? -1 : 0,
		   EOPNOTSUPP, "no kernel mapping: mmap is refused, EOPNOTSUPP");
	ret = ioctl(fd, VFIMC_IOC_FREE, &b.id) || alloc(fd, 32 * page, 0, &b);
	w = ret ? MAP_FAILED : mmap(NULL, 32 * page, PROT_READ, MAP_SHARED, fd, b.id * page);
	if (w != MAP_FAILED) {
		long i, stale = -1;

		for (i = 0; i < 32 * page / 4 && stale < 0; i++)
			if (w[i])
				stale = i * 4;
		snprintf(diag, sizeof(diag), "first non-zero byte at %ld", stale);
		ktap_result(stale < 0, "a kernel-mapped buffer on the freed frame's pages reads as zeros",
			    diag);
		munmap(w, 32 * page);
	} else {
		ktap_result(0, "a kernel-mapped buffer on the freed frame's pages reads as zeros",
			    strerror(errno));
	}
	snprintf(node, sizeof(node), "/sys/class/misc/vfimc-%s/area_base", dev);
	ktap_result(!stat(node, &st) && (st.st_mode & 0777) == 0400,
		    "area_base (a physical address) is readable by root only", node);
	snprintf(node, sizeof(node), "/sys/class/misc/vfimc-%s/area_dma", dev);
	ktap_result(!stat(node, &st) && (st.st_mode & 0777) == 0400,
		    "area_dma (the same base, as the engine addresses it) is readable by root only",
		    node);

	peak = counter("peak");
	snprintf(diag, sizeof(diag), "buffers %llu bytes %llu peak %llu allocs +%llu",
		 (unsigned long long)counter("buffers"), (unsigned long long)counter("bytes"),
		 (unsigned long long)peak, (unsigned long long)(counter("allocs") - allocs0));
	ktap_result(counter("buffers") == 2 && counter("bytes") == 48ULL * page &&
	       peak >= 48ULL * page && counter("allocs") - allocs0 == 4,
	       "sysfs counts 2 live buffers, 48 pages, peak and 4 allocations", diag);

	ret = alloc(fd2, area_size() + 64 * page, 0, &b);
	ktap_result(ret == -1 && errno == ENOMEM && counter("failures") - failures0 == 1,
	       "more than the area fails with ENOMEM and counts a failure", strerror(errno));

	ret = ioctl(fd, VFIMC_IOC_FREE, &a.id);
	ktap_result(!ret && counter("buffers") == 1, "unmapped buffer frees", strerror(errno));
	close(fd);
	close(fd2);
	snprintf(diag, sizeof(diag), "buffers %llu bytes %llu",
		 (unsigned long long)counter("buffers"), (unsigned long long)counter("bytes"));
	ktap_result(counter("buffers") == 0 && counter("bytes") == 0 && counter("peak") == peak,
	       "closing the files frees what they held; peak stays", diag);
	return ktap_failed ? 1 : 0;
}
