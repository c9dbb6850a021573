/* SPDX-License-Identifier: GPL-2.0 */
/*
 * V4L2 for cmalab's guest tests in C: a vfimc engine's video node, its
 * two queues, and frames with a known pattern. Needs guest.h (and
 * _GNU_SOURCE).
 */
#ifndef CMALAB_V4L2_H
#define CMALAB_V4L2_H

#include <dirent.h>
#include <fcntl.h>
#include <stdbool.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/videodev2.h>

#define OUT V4L2_BUF_TYPE_VIDEO_OUTPUT
#define CAP V4L2_BUF_TYPE_VIDEO_CAPTURE

/* Opens the video node of vfimc engine DEV (its name is "vfimc-DEV"). */
static inline int video_open(const char *dev, char *node, size_t len)
{
	char want[64], path[300], name[64];
	struct dirent *d;
	DIR *dir;
	FILE *f;

	snprintf(want, sizeof(want), "vfimc-%s\n", dev);
	node[0] = '\0';
	dir = opendir("/sys/class/video4linux");
	while (dir && (d = readdir(dir))) {
		snprintf(path, sizeof(path), "/sys/class/video4linux/%s/name", d->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(name, sizeof(name), f) && !strcmp(name, want))
			snprintf(node, len, "/dev/%s", d->d_name);
		fclose(f);
	}
	if (dir)
		closedir(dir);
	return node[0] ? open(node, O_RDWR | O_CLOEXEC) : -1;
}

/* S_FMT; the size of a frame, 0 if refused. */
static inline uint32_t video_fmt(int fd, uint32_t type, uint32_t fourcc,
				 uint32_t w, uint32_t h)
{
	struct v4l2_format f = { .type = type };

	f.fmt.pix.pixelformat = fourcc;
	f.fmt.pix.width = w;
	f.fmt.pix.height = h;
	f.fmt.pix.field = V4L2_FIELD_NONE;
	if (ioctl(fd, VIDIOC_S_FMT, &f) || f.fmt.pix.width != w ||
	    f.fmt.pix.height != h || f.fmt.pix.pixelformat != fourcc)
		return 0;
	return f.fmt.pix.sizeimage;
}

/* REQBUFS; the number of buffers granted, -1 on error (errno). */
static inline int video_reqbufs(int fd, uint32_t type, uint32_t memory,
				uint32_t count)
{
	struct v4l2_requestbuffers rb = {
		.type = type, .memory = memory, .count = count,
	};

	return ioctl(fd, VIDIOC_REQBUFS, &rb) ? -1 : (int)rb.count;
}

/* Maps MMAP buffer INDEX; MAP_FAILED on error. */
static inline void *video_mmap(int fd, uint32_t type, uint32_t index,
			       size_t *len)
{
	struct v4l2_buffer b = { .type = type, .memory = V4L2_MEMORY_MMAP,
				 .index = index };

	if (ioctl(fd, VIDIOC_QUERYBUF, &b))
		return MAP_FAILED;
	*len = b.length;
	return mmap(NULL, b.length, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		    b.m.offset);
}

/* EXPBUF; a dma-buf fd, -1 on error. */
static inline int video_expbuf(int fd, uint32_t type, uint32_t index)
{
	struct v4l2_exportbuffer e = { .type = type, .index = index,
				       .flags = O_RDWR | O_CLOEXEC };

	return ioctl(fd, VIDIOC_EXPBUF, &e) ? -1 : e.fd;
}

/* QBUF of buffer INDEX: MMAP, or the dma-buf DMABUF_FD if not -1. */
static inline int video_qbuf(int fd, uint32_t type, uint32_t index,
			     int dmabuf_fd, uint32_t bytesused)
{
	struct v4l2_buffer b = { .type = type, .index = index,
				 .memory = V4L2_MEMORY_MMAP,
				 .field = V4L2_FIELD_NONE,
				 .bytesused = bytesused };

	if (dmabuf_fd >= 0) {
		b.memory = V4L2_MEMORY_DMABUF;
		b.m.fd = dmabuf_fd;
		b.length = 0;
	}
	return ioctl(fd, VIDIOC_QBUF, &b);
}

/* DQBUF (blocking); the buffer's index, -1 on error or an ERROR buffer. */
static inline int video_dqbuf(int fd, uint32_t type, uint32_t memory)
{
	struct v4l2_buffer b = { .type = type, .memory = memory };

	if (ioctl(fd, VIDIOC_DQBUF, &b))
		return -1;
	return (b.flags & V4L2_BUF_FLAG_ERROR) ? -1 : (int)b.index;
}

static inline int video_stream(int fd, uint32_t type, bool on)
{
	int t = (int)type;

	return ioctl(fd, on ? VIDIOC_STREAMON : VIDIOC_STREAMOFF, &t);
}

/* The known RGB24 pattern: R and G the coordinates, B a constant. */
static inline void pattern_fill(uint8_t *p, uint32_t w, uint32_t h)
{
	uint32_t x, y;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++, p += 3) {
			p[0] = (uint8_t)x;
			p[1] = (uint8_t)y;
			p[2] = 0x5a;
		}
}

/*
 * Is P (W x H, RGB24) the pattern of a SW x SH frame scaled to W x H by
 * nearest neighbour (pixel x, y from x * SW / W, y * SH / H)? The first
 * wrong pixel into diag.
 */
static inline bool pattern_check(const uint8_t *p, uint32_t w, uint32_t h,
				 uint32_t sw, uint32_t sh, char *diag,
				 size_t len)
{
	uint32_t x, y, sx, sy;

	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++, p += 3) {
			sx = x * sw / w;
			sy = y * sh / h;
			if (p[0] != (uint8_t)sx || p[1] != (uint8_t)sy || p[2] != 0x5a) {
				snprintf(diag, len, "pixel %u,%u is %u,%u,%u, want %u,%u,90",
					 x, y, p[0], p[1], p[2], sx & 0xff, sy & 0xff);
				return false;
			}
		}
	snprintf(diag, len, "%ux%u as expected", w, h);
	return true;
}

/* Pages a buffer of LEN bytes takes from its area. */
static inline uint64_t pages_of(size_t len)
{
	long page = sysconf(_SC_PAGESIZE);

	return (len + page - 1) / page;
}

/*
 * Two engines a dma-buf passes between (v4l2-reach, v4l2-import): the
 * exporter's frame, a 640x480 RGB24 CAPTURE buffer filled with the pattern
 * and exported, and each area's used pages when the engines were opened.
 */
#define PAIR_W 640
#define PAIR_H 480

struct v4l2_pair {
	char enode[300], inode[300], earea[256], iarea[256];
	int efd, ifd, frame;
	uint64_t eused0, iused0;
	uint32_t size;
	uint8_t *cap;
	size_t len;
};

/* Open both, export the frame (one KTAP result); false if it cannot go on. */
static inline bool pair_open(struct v4l2_pair *p, const char *exporter, const char *importer)
{
	p->efd = video_open(exporter, p->enode, sizeof(p->enode));
	p->ifd = video_open(importer, p->inode, sizeof(p->inode));
	vfimc_area(exporter, p->earea, sizeof(p->earea));
	vfimc_area(importer, p->iarea, sizeof(p->iarea));
	p->eused0 = cma_used(p->earea);
	p->iused0 = cma_used(p->iarea);
	p->frame = -1;
	printf("# exporter %s (%s, area %s), importer %s (%s, area %s)\n", exporter, p->enode,
	       p->earea, importer, p->inode, p->iarea);
	p->size = video_fmt(p->efd, CAP, V4L2_PIX_FMT_RGB24, PAIR_W, PAIR_H);
	ktap_result(p->size && video_reqbufs(p->efd, CAP, V4L2_MEMORY_MMAP, 1) == 1 &&
		    (p->frame = video_expbuf(p->efd, CAP, 0)) >= 0,
		    "the exporter exports a 640x480 RGB24 frame", strerror(errno));
	p->cap = video_mmap(p->efd, CAP, 0, &p->len);
	if (p->cap == MAP_FAILED)
		return false;
	pattern_fill(p->cap, PAIR_W, PAIR_H);
	return true;
}

/* Close everything (one KTAP result: both areas back where they started). */
static inline void pair_close(struct v4l2_pair *p)
{
	char diag[600];

	munmap(p->cap, p->len);
	close(p->ifd);
	close(p->efd);
	close(p->frame);
	snprintf(diag, sizeof(diag), "%s %llu, %s %llu pages used", p->earea,
		 (unsigned long long)cma_used(p->earea), p->iarea,
		 (unsigned long long)cma_used(p->iarea));
	ktap_result(cma_used(p->earea) == p->eused0 && cma_used(p->iarea) == p->iused0,
		    "every fd closed: both areas are back where they started", diag);
}

#endif /* CMALAB_V4L2_H */
