/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by cmalab's guest tests written in C: KTAP results, and the
 * numbers they read from sysfs and debugfs.
 */
#ifndef CMALAB_GUEST_H
#define CMALAB_GUEST_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int ktap_n, ktap_failed;

/* "ok N DESC" or "not ok N DESC" and "# DIAG". */
static inline void ktap_result(int ok, const char *desc, const char *diag)
{
	printf("%s %d %s\n", ok ? "ok" : "not ok", ++ktap_n, desc);
	if (!ok) {
		ktap_failed++;
		if (diag)
			printf("# %s\n", diag);
	}
}

/* ok when the call failed with errno want (strerrorname_np: _GNU_SOURCE) */
static inline void fails_with(int ret, int want, const char *desc)
{
	char diag[128];
	int err = errno;

	snprintf(diag, sizeof(diag), "returned %d, errno %s, want %s", ret,
		 ret ? strerrorname_np(err) : "none", strerrorname_np(want));
	ktap_result(ret == -1 && err == want, desc, diag);
}

/* The number in a sysfs or debugfs file; UINT64_MAX if there is none. */
static inline uint64_t read_u64(const char *path)
{
	char buf[64], *end;
	uint64_t v = UINT64_MAX;
	FILE *f = fopen(path, "r");

	if (f && fgets(buf, sizeof(buf), f)) {
		v = strtoull(buf, &end, 0);
		if (end == buf)
			v = UINT64_MAX;
	}
	if (f)
		fclose(f);
	return v;
}

/* A vfimc device's sysfs attribute, e.g. "buffers". */
static inline uint64_t vfimc_attr(const char *dev, const char *attr)
{
	char path[256];

	snprintf(path, sizeof(path), "/sys/class/misc/vfimc-%s/%s", dev, attr);
	return read_u64(path);
}

/* Pages used in a CMA area (debugfs cma/<area>/used). */
static inline uint64_t cma_used(const char *area)
{
	char path[256];

	snprintf(path, sizeof(path), "/sys/kernel/debug/cma/%s/used", area);
	return read_u64(path);
}

/* The name of the area a vfimc device is bound to, into buf. */
static inline const char *vfimc_area(const char *dev, char *buf, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/class/misc/vfimc-%s/area", dev);
	buf[0] = '\0';
	f = fopen(path, "r");
	if (f && fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = '\0';
	if (f)
		fclose(f);
	return buf;
}

/* Writes S to the sysfs file PATH (bind, unbind): 0, or -1 with errno. */
static inline int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, s, strlen(s)) == (ssize_t)strlen(s);
	close(fd);
	return ok ? 0 : -1;
}

/*
 * The name of vfimc engine DEV's platform device (what sysfs bind and
 * unbind take), into buf; NULL with errno set if there is none.
 */
static inline const char *vfimc_pdev(const char *dev, char *buf, size_t len)
{
	char link[256], target[512];
	const char *slash;
	ssize_t n;

	snprintf(link, sizeof(link), "/sys/class/misc/vfimc-%s/device", dev);
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return NULL;
	target[n] = '\0';
	slash = strrchr(target, '/');
	snprintf(buf, len, "%s", slash ? slash + 1 : target);
	return buf;
}

/* The vfimc driver's sysfs directory: bind and unbind take a device. */
#define VFIMC_DRIVER "/sys/bus/platform/drivers/vfimc"

/* Binds (ON) or unbinds vfimc's platform device PDEV: 0, or -1 (errno). */
static inline int vfimc_bind(const char *pdev, int on)
{
	return write_str(on ? VFIMC_DRIVER "/bind" : VFIMC_DRIVER "/unbind", pdev);
}

#ifdef _UAPI_MISC_VFIMC_H
/*
 * Engine DEV takes every page its area has free, in buffers of SIZE
 * bytes, and captures the pattern of SEED into each: pages another file
 * gave back now hold that frame. The file (closing it gives them back),
 * -1 if DEV does not open; the number of buffers into *n.
 */
static inline int vfimc_fill_area(const char *dev, uint64_t size, uint32_t seed,
				  unsigned int *n)
{
	char node[128];
	int fd;

	snprintf(node, sizeof(node), "/dev/vfimc-%s", dev);
	fd = open(node, O_RDWR | O_CLOEXEC);
	*n = 0;
	for (;;) {
		struct vfimc_alloc a = { .size = size };
		struct vfimc_pattern p = { .seed = seed };

		if (fd < 0 || ioctl(fd, VFIMC_IOC_ALLOC, &a))
			break;
		p.id = a.id;
		if (ioctl(fd, VFIMC_IOC_CAPTURE, &p))
			break;
		(*n)++;
	}
	return fd;
}
#endif

#endif /* CMALAB_GUEST_H */
