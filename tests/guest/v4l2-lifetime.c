// SPDX-License-Identifier: GPL-2.0
/*
 * v4l2-lifetime DEV unbind|rmmod - V4L2 buffers outliving the engine that
 * allocated them. A file of DEV's video node holds two CAPTURE buffers:
 * one mapped, one exported as a dma-buf and mapped through it. Then
 *   unbind  the device is unbound (sysfs) under them: the open file's
 *           ioctls fail with ENODEV, both buffers keep their content, their
 *           pages stay taken from the area until the last mapping and fd
 *           are gone - then every page is back; bound again, the engine
 *           serves;
 *   rmmod   the module cannot be unloaded while the file is open (EBUSY:
 *           the file holds it); with the file closed and only the
 *           dma-buf left it can, and the buffer is intact and goes back
 *           to the area when closed, with no code of the module left to
 *           run (the buffer's device is the driver core's).
 * Run on the debug kernel, KASAN, lockdep and dma-debug watch every step.
 * KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "guest.h"
#include "v4l2.h"

#define W 640
#define H 480

static void used_is(const char *area, uint64_t want, const char *desc)
{
	char diag[128];
	uint64_t used = cma_used(area);

	snprintf(diag, sizeof(diag), "used %llu, want %llu", (unsigned long long)used,
		 (unsigned long long)want);
	ktap_result(used == want, desc, diag);
}

static bool intact(const uint8_t *p, char *diag, size_t len)
{
	return pattern_check(p, W, H, W, H, diag, len);
}

int main(int argc, char **argv)
{
	char node[300], area[256], target[512], diag[700];
	const char *pdev;
	struct v4l2_capability cap;
	uint8_t *m0 = MAP_FAILED, *m1 = MAP_FAILED;
	uint64_t used0, pages;
	size_t len0, len1;
	uint32_t size;
	int fd, dmabuf = -1, ret;
	bool unbind;

	if (argc != 3 || (strcmp(argv[2], "unbind") && strcmp(argv[2], "rmmod"))) {
		fprintf(stderr, "usage: v4l2-lifetime DEV unbind|rmmod\n");
		return 2;
	}
	unbind = !strcmp(argv[2], "unbind");
	pdev = vfimc_pdev(argv[1], target, sizeof(target));
	if (!pdev) {
		printf("# vfimc-%s: no device: %s\n", argv[1], strerror(errno));
		return 1;
	}
	vfimc_area(argv[1], area, sizeof(area));
	used0 = cma_used(area);

	printf("KTAP version 1\n1..%d\n", unbind ? 10 : 7);
	fd = video_open(argv[1], node, sizeof(node));
	size = video_fmt(fd, CAP, V4L2_PIX_FMT_RGB24, W, H);
	pages = pages_of(size);
	ret = video_reqbufs(fd, CAP, V4L2_MEMORY_MMAP, 2) != 2 ||
	      (m0 = video_mmap(fd, CAP, 0, &len0)) == MAP_FAILED ||
	      (dmabuf = video_expbuf(fd, CAP, 1)) < 0 ||
	      (m1 = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, dmabuf, 0)) ==
		      MAP_FAILED;
	snprintf(diag, sizeof(diag), "%s: %s", node, strerror(errno));
	ktap_result(!ret, "two buffers, one mapped, one exported and mapped", diag);
	if (ret)
		return 1;
	len1 = size;
	pattern_fill(m0, W, H);
	pattern_fill(m1, W, H);
	used_is(area, used0 + 2 * pages, "both buffers come from the area");

	if (unbind) {
		ktap_result(!vfimc_bind(pdev, 0), "unbind with the file open",
			    strerror(errno));
		ret = ioctl(fd, VIDIOC_QUERYCAP, &cap);
		fails_with(ret, ENODEV, "QUERYCAP on the open file: ENODEV");
		ktap_result(access(node, F_OK) != 0, "the video node is gone", node);
	} else {
		ret = (int)syscall(SYS_delete_module, "vfimc", O_NONBLOCK);
		fails_with(ret, EWOULDBLOCK, "rmmod with the file open: refused (in use)");
	}
	ktap_result(intact(m0, diag, sizeof(diag)) && intact(m1, diag, sizeof(diag)),
		    "both buffers hold their frames", diag);

	/* the file goes: the mapped buffer and the dma-buf hold their pages */
	close(fd);
	if (!unbind) {
		munmap(m0, len0);
		ret = (int)syscall(SYS_delete_module, "vfimc", O_NONBLOCK);
		ktap_result(!ret, "file closed, only the dma-buf left: rmmod succeeds",
			    strerror(errno));
		ktap_result(intact(m1, diag, sizeof(diag)),
			    "the dma-buf's frame is intact with the module gone", diag);
		close(dmabuf);
		munmap(m1, len1);
		used_is(area, used0, "dma-buf closed: the area has every page back");
		return ktap_failed ? 1 : 0;
	}
	used_is(area, used0 + 2 * pages, "file closed: both buffers still hold their pages");
	munmap(m0, len0);
	close(dmabuf);
	used_is(area, used0 + pages, "mapping gone, dma-buf fd closed: its mapping holds one");
	munmap(m1, len1);
	used_is(area, used0, "the last mapping gone: the area has every page back");

	ret = vfimc_bind(pdev, 1);
	fd = video_open(argv[1], node, sizeof(node));
	ktap_result(!ret && fd >= 0 && video_fmt(fd, CAP, V4L2_PIX_FMT_RGB24, W, H) &&
		    video_reqbufs(fd, CAP, V4L2_MEMORY_MMAP, 2) == 2,
		    "bound again, the engine serves", strerror(errno));
	close(fd);
	return ktap_failed ? 1 : 0;
}
