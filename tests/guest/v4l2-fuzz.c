// SPDX-License-Identifier: GPL-2.0
/*
 * v4l2-fuzz DEV SECONDS SEED - random V4L2 calls on engine DEV's video
 * node from several threads at once, two on each of two files, and an
 * unbind and bind of the engine from another thread now and then:
 * S_FMT, TRY_FMT, G_FMT, REQBUFS, CREATE_BUFS, QUERYBUF and mmap, QBUF
 * (MMAP, or a dma-buf exported from the other file), DQBUF, STREAMON,
 * STREAMOFF, EXPBUF, poll, and a file replaced under the other thread
 * (dup2 of a new open: the old one is closed with whatever it was doing).
 * Files are non-blocking, so no call waits for a frame. Every error must
 * be one the V4L2 contract allows; at the end, with every file closed,
 * the engine's area has every page back. Runs on the debug kernel, where
 * KASAN, lockdep and dma-debug judge each call (the dmesg gate). The seed
 * replays a run's choices (not the threads' interleaving). KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "guest.h"
#include "v4l2.h"

#define FILES 2
#define THREADS_PER_FILE 2
#define OPS 15

static const char *dev;
static char pdev[512];
static int fds[FILES];
static atomic_int stop;
static pthread_mutex_t node_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *const op_names[OPS] = {
	"S_FMT", "TRY_FMT", "G_FMT", "REQBUFS", "CREATE_BUFS", "QUERYBUF+mmap",
	"QBUF", "QBUF dma-buf", "DQBUF", "STREAMON", "STREAMOFF", "EXPBUF", "poll",
	"reopen", "QUERYCAP",
};

struct stats {
	unsigned long calls[OPS], unexpected[OPS];
	int last_errno[OPS];
};

static struct stats totals;

/* xorshift32: the thread's own sequence, from the seed. */
static uint32_t rnd(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static const uint32_t fourccs[] = {
	V4L2_PIX_FMT_RGB24, V4L2_PIX_FMT_RGB565, V4L2_PIX_FMT_YUYV,
	V4L2_PIX_FMT_YUV420, V4L2_PIX_FMT_GREY, /* not the engine's: replaced */
};

/*
 * The errors the contract allows: a bad argument or state (EINVAL),
 * busy queues (EBUSY), nothing ready (EAGAIN), no memory (ENOMEM), the
 * engine gone (ENODEV), its queues in error after an unbind (EIO), a file
 * replaced while the call ran (EBADF), a full queue (EPIPE is DQBUF's
 * last-buffer signal), and mmap's own.
 */
static bool allowed(int op, int err)
{
	switch (err) {
	case EINVAL: case EBUSY: case EAGAIN: case ENOMEM: case ENODEV:
	case EIO: case EBADF: case EPIPE:
		return true;
	case EACCES: case ENXIO:
		return op == 5;
	default:
		return false;
	}
}

static uint32_t some_type(uint32_t *s)
{
	return rnd(s) & 1 ? CAP : OUT;
}

/* A file of the engine's node, non-blocking; -1 while it is unbound. */
static int reopen(void)
{
	char node[300];
	int fd;

	pthread_mutex_lock(&node_lock);
	fd = video_open(dev, node, sizeof(node));
	pthread_mutex_unlock(&node_lock);
	if (fd >= 0)
		fcntl(fd, F_SETFL, O_NONBLOCK);
	return fd;
}

/* One call; -1 with errno on error, 0 otherwise. */
static int one(int op, int fd, int other, uint32_t *s)
{
	struct v4l2_format f = { .type = some_type(s) };
	struct v4l2_create_buffers cb = { .count = rnd(s) % 3 };
	struct v4l2_buffer b = { .type = some_type(s), .memory = V4L2_MEMORY_MMAP,
				 .index = rnd(s) % 5, .field = V4L2_FIELD_NONE };
	struct v4l2_capability cap;
	struct pollfd p = { .fd = fd, .events = POLLIN | POLLOUT };
	uint8_t *m;
	int t, ret, x;

	switch (op) {
	case 0:
	case 1:
		f.fmt.pix.pixelformat = fourccs[rnd(s) % 5];
		f.fmt.pix.width = rnd(s) % 4200;
		f.fmt.pix.height = rnd(s) % 2300;
		/* mostly small frames: a 4K one now and then */
		if (rnd(s) % 8) {
			f.fmt.pix.width %= 400;
			f.fmt.pix.height %= 300;
		}
		return ioctl(fd, op ? VIDIOC_TRY_FMT : VIDIOC_S_FMT, &f);
	case 2:
		return ioctl(fd, VIDIOC_G_FMT, &f);
	case 3:
		return video_reqbufs(fd, some_type(s), rnd(s) & 3 ? V4L2_MEMORY_MMAP :
				     V4L2_MEMORY_DMABUF, rnd(s) % 5) < 0 ? -1 : 0;
	case 4:
		cb.memory = V4L2_MEMORY_MMAP;
		cb.format.type = some_type(s);
		if (ioctl(fd, VIDIOC_G_FMT, &cb.format))
			return -1;
		return ioctl(fd, VIDIOC_CREATE_BUFS, &cb);
	case 5:
		if (ioctl(fd, VIDIOC_QUERYBUF, &b))
			return -1;
		m = mmap(NULL, b.length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, b.m.offset);
		if (m == MAP_FAILED)
			return -1;
		m[rnd(s) % b.length] = (uint8_t)rnd(s);
		return munmap(m, b.length);
	case 6:
		b.bytesused = rnd(s) & 1 ? 0 : rnd(s) % (1 << 20);
		return ioctl(fd, VIDIOC_QBUF, &b);
	case 7:
		x = video_expbuf(other, b.type, b.index);
		if (x < 0)
			return -1;
		b.memory = V4L2_MEMORY_DMABUF;
		b.m.fd = x;
		ret = ioctl(fd, VIDIOC_QBUF, &b);
		t = errno;
		close(x);
		errno = t;
		return ret;
	case 8:
		b.memory = rnd(s) & 3 ? V4L2_MEMORY_MMAP : V4L2_MEMORY_DMABUF;
		return ioctl(fd, VIDIOC_DQBUF, &b);
	case 9:
	case 10:
		return video_stream(fd, b.type, op == 9);
	case 11:
		x = video_expbuf(fd, b.type, b.index);
		return x < 0 ? -1 : close(x);
	case 12:
		return poll(&p, 1, 0) < 0 ? -1 : 0;
	case 13:
		x = reopen();
		if (x < 0)
			return 0; /* unbound: the node is gone for now */
		ret = dup2(x, fd) < 0 ? -1 : 0;
		close(x);
		return ret;
	default:
		return ioctl(fd, VIDIOC_QUERYCAP, &cap);
	}
}

struct worker {
	pthread_t th;
	int file;
	uint32_t seed;
	struct stats st;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	int op;

	while (!atomic_load(&stop)) {
		op = (int)(rnd(&w->seed) % OPS);
		w->st.calls[op]++;
		if (one(op, fds[w->file], fds[!w->file], &w->seed) && !allowed(op, errno)) {
			w->st.unexpected[op]++;
			w->st.last_errno[op] = errno;
		}
	}
	return NULL;
}

/* Unbind and bind the engine a few times while the workers run. */
static unsigned long rebind(double seconds, uint32_t *s, int *bad)
{
	struct timespec t0, t;
	unsigned long n = 0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		/* a random number of calls' time between two unbinds */
		for (unsigned long i = rnd(s) % 4000; i && !atomic_load(&stop); i--)
			sched_yield();
		pthread_mutex_lock(&node_lock);
		if (vfimc_bind(pdev, 0) || vfimc_bind(pdev, 1))
			(*bad)++;
		pthread_mutex_unlock(&node_lock);
		n++;
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while (t.tv_sec - t0.tv_sec + (t.tv_nsec - t0.tv_nsec) / 1e9 < seconds);
	return n;
}

int main(int argc, char **argv)
{
	struct worker w[FILES * THREADS_PER_FILE];
	char area[64], diag[300];
	unsigned long rebinds, calls = 0, unexpected = 0;
	uint64_t used0, used;
	uint32_t seed, s;
	double seconds;
	int i, op, bad = 0;

	if (argc != 4 || (seconds = strtod(argv[2], NULL)) <= 0) {
		fprintf(stderr, "usage: v4l2-fuzz DEV SECONDS SEED\n");
		return 2;
	}
	dev = argv[1];
	seed = (uint32_t)strtoul(argv[3], NULL, 0);
	if (!vfimc_pdev(dev, pdev, sizeof(pdev))) {
		printf("# vfimc-%s: no device: %s\n", dev, strerror(errno));
		return 1;
	}
	vfimc_area(dev, area, sizeof(area));
	used0 = cma_used(area);
	printf("KTAP version 1\n1..3\n# seed %u, %g s, %d threads on %d files\n", seed, seconds,
	       FILES * THREADS_PER_FILE, FILES);

	for (i = 0; i < FILES; i++)
		fds[i] = reopen();
	ktap_result(fds[0] >= 0 && fds[1] >= 0, "two files of the video node", strerror(errno));
	if (fds[0] < 0 || fds[1] < 0)
		return 1;
	s = seed ? seed : 1; /* xorshift's state is never 0 */
	for (i = 0; i < FILES * THREADS_PER_FILE; i++) {
		w[i] = (struct worker){ .file = i % FILES, .seed = rnd(&s) | 1 };
		pthread_create(&w[i].th, NULL, work, &w[i]);
	}
	rebinds = rebind(seconds, &s, &bad);
	atomic_store(&stop, 1);
	for (i = 0; i < FILES * THREADS_PER_FILE; i++) {
		pthread_join(w[i].th, NULL);
		for (op = 0; op < OPS; op++) {
			totals.calls[op] += w[i].st.calls[op];
			totals.unexpected[op] += w[i].st.unexpected[op];
			if (w[i].st.unexpected[op])
				totals.last_errno[op] = w[i].st.last_errno[op];
		}
	}
	for (op = 0; op < OPS; op++) {
		calls += totals.calls[op];
		unexpected += totals.unexpected[op];
		if (totals.unexpected[op])
			printf("# %s: %lu unexpected errors, the last %s\n", op_names[op],
			       totals.unexpected[op], strerrorname_np(totals.last_errno[op]));
	}
	printf("# %lu calls, %lu unbinds and binds\n", calls, rebinds);
	snprintf(diag, sizeof(diag), "%lu of %lu calls failed outside the contract; %d binds failed",
		 unexpected, calls, bad);
	ktap_result(!unexpected && !bad, "every call succeeds or fails as the contract allows",
		    diag);

	for (i = 0; i < FILES; i++)
		close(fds[i]);
	used = cma_used(area);
	snprintf(diag, sizeof(diag), "%s: %llu pages used, %llu before", area,
		 (unsigned long long)used, (unsigned long long)used0);
	ktap_result(used == used0, "every file closed: the area has every page back", diag);
	return ktap_failed ? 1 : 0;
}
