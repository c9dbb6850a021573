// SPDX-License-Identifier: GPL-2.0
/*
 * v4l2-race close|sfmt|unbind DEV [ROUNDS] - the V4L2 node's lifetime and
 * locking hazards a maintainer's review names, each made to happen:
 *   close   a file closed while its job runs, ROUNDS times: the closer
 *           waits for the job, then frees the queues while the job's
 *           worker still has v4l2_m2m_job_finish() to run on them. On a
 *           preemptible kernel the closer's wake-up preempts the worker
 *           right there; with two CPUs the worker and the test are kept on
 *           one (the unbound workqueues' cpumask and the test's affinity),
 *           as on a uniprocessor. KASAN sees a use after free (the dmesg
 *           gate); every round must also end with its pages back.
 *   close-unbound  the same, with the engine unbound before the close:
 *           the close is the video device's last user and frees the
 *           mem2mem device, right after the job's end scheduled its
 *           job_work on it; the engine is bound again for each round.
 *   sfmt    S_FMT of a larger CAPTURE format (640x480) racing REQBUFS of a
 *           buffer for the current one (16x16) on one file, from two
 *           threads, ROUNDS times: the queue may never hold a buffer
 *           smaller than the format the engine will write into it.
 *   unbind  a DQBUF waiting for a frame when the engine is unbound must
 *           return (an error), not sleep until a signal; STREAMOFF and
 *           close then are prompt; bound again, the engine serves.
 * KTAP.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "guest.h"
#include "v4l2.h"

#define WQ_CPUMASK "/sys/devices/virtual/workqueue/cpumask"
/* Bounds on a round's wait: a hang fails the test, it does not stall it. */
#define WAIT_SECONDS 60

static const char *dev;

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Keep this process and the unbound workqueues (the engine's worker) on
 * CPU 0, so that the worker's wake-up of a waiting closer is a preemption
 * on one CPU, not a race two CPUs may or may not lose.
 */
static int one_cpu(void)
{
	cpu_set_t set;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return 0;
	CPU_ZERO(&set);
	CPU_SET(0, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		return -1;
	return write_str(WQ_CPUMASK, "1");
}

/* A file with a job running: 640x480 RGB24 scaled to 320x240 YUYV. */
static int start_job(int *fdp)
{
	char node[300];
	int fd = video_open(dev, node, sizeof(node));

	*fdp = fd;
	if (fd < 0 || !video_fmt(fd, OUT, V4L2_PIX_FMT_RGB24, 640, 480) ||
	    !video_fmt(fd, CAP, V4L2_PIX_FMT_YUYV, 320, 240) ||
	    video_reqbufs(fd, OUT, V4L2_MEMORY_MMAP, 1) != 1 ||
	    video_reqbufs(fd, CAP, V4L2_MEMORY_MMAP, 1) != 1 ||
	    video_qbuf(fd, OUT, 0, -1, 640 * 480 * 3) || video_qbuf(fd, CAP, 0, -1, 0) ||
	    video_stream(fd, CAP, true))
		return -1;
	/* STREAMON of the second queue schedules the job: device_run has run. */
	return video_stream(fd, OUT, true);
}

static int close_running(unsigned long rounds, bool unbind)
{
	char area[64], diag[200], target[512];
	const char *pdev = vfimc_pdev(dev, target, sizeof(target));
	unsigned long i, failed = 0;
	uint64_t used0;
	double t0 = now();
	int fd, ret;

	vfimc_area(dev, area, sizeof(area));
	used0 = cma_used(area);
	printf("KTAP version 1\n1..3\n");
	ret = one_cpu();
	ktap_result(!ret, "the test and the engine's worker on one CPU", strerror(errno));
	for (i = 0; i < rounds && now() - t0 < WAIT_SECONDS; i++) {
		if (start_job(&fd))
			failed++;
		if (unbind && (!pdev || vfimc_bind(pdev, 0)))
			failed++;
		if (fd >= 0)
			close(fd);
		if (unbind && vfimc_bind(pdev, 1))
			failed++;
	}
	snprintf(diag, sizeof(diag), "%lu of %lu rounds could not start a job: %s", failed, i,
		 strerror(errno));
	ktap_result(!failed && i == rounds, "each round closes its file with a job running", diag);
	snprintf(diag, sizeof(diag), "%s: %llu pages used, %llu before", area,
		 (unsigned long long)cma_used(area), (unsigned long long)used0);
	ktap_result(cma_used(area) == used0, "every round's buffers are back in the area", diag);
	return ktap_failed ? 1 : 0;
}

struct sfmt_race {
	int fd;
	pthread_barrier_t go, done;
	unsigned long rounds;
	int reqbufs;
};

/* Each round: REQBUFS(1) on CAPTURE, as the main thread sets its format. */
static void *reqbufs_thread(void *arg)
{
	struct sfmt_race *r = arg;
	unsigned long i;

	for (i = 0; i < r->rounds; i++) {
		pthread_barrier_wait(&r->go);
		r->reqbufs = video_reqbufs(r->fd, CAP, V4L2_MEMORY_MMAP, 1);
		pthread_barrier_wait(&r->done);
	}
	return NULL;
}

static int sfmt(unsigned long rounds)
{
	struct sfmt_race r = { .rounds = rounds };
	struct v4l2_format f = { .type = CAP };
	struct v4l2_buffer b;
	unsigned long i, small = 0, both = 0;
	char node[300], diag[300] = "no round";
	uint32_t big;
	pthread_t th;
	int bad = 0;

	printf("KTAP version 1\n1..2\n");
	r.fd = video_open(dev, node, sizeof(node));
	ktap_result(r.fd >= 0, "the video node opens", strerror(errno));
	if (r.fd < 0)
		return 1;
	pthread_barrier_init(&r.go, NULL, 2);
	pthread_barrier_init(&r.done, NULL, 2);
	pthread_create(&th, NULL, reqbufs_thread, &r);
	for (i = 0; i < rounds; i++) {
		if (i && !(i % 500))
			printf("# %lu rounds\n", i);
		video_reqbufs(r.fd, CAP, V4L2_MEMORY_MMAP, 0);
		video_fmt(r.fd, CAP, V4L2_PIX_FMT_RGB24, 16, 16);
		pthread_barrier_wait(&r.go);
		big = video_fmt(r.fd, CAP, V4L2_PIX_FMT_RGB24, 640, 480);
		pthread_barrier_wait(&r.done);
		if (!big || r.reqbufs != 1)
			continue;
		/* Both succeeded: the buffer must fit the format now set. */
		both++;
		b = (struct v4l2_buffer){ .type = CAP, .memory = V4L2_MEMORY_MMAP };
		if (ioctl(r.fd, VIDIOC_G_FMT, &f) || ioctl(r.fd, VIDIOC_QUERYBUF, &b)) {
			bad = 1;
			snprintf(diag, sizeof(diag), "round %lu: G_FMT or QUERYBUF: %s", i,
				 strerror(errno));
			break;
		}
		if (b.length < f.fmt.pix.sizeimage) {
			small++;
			snprintf(diag, sizeof(diag),
				 "round %lu: a %u-byte buffer on a queue set to %ux%u (%u bytes)",
				 i, b.length, f.fmt.pix.width, f.fmt.pix.height,
				 f.fmt.pix.sizeimage);
		}
	}
	pthread_join(th, NULL);
	video_reqbufs(r.fd, CAP, V4L2_MEMORY_MMAP, 0);
	close(r.fd);
	printf("# %lu rounds, %lu with both S_FMT and REQBUFS succeeding, %lu too small\n",
	       rounds, both, small);
	ktap_result(!bad && !small, "no CAPTURE buffer smaller than its queue's format", diag);
	return ktap_failed ? 1 : 0;
}

static int dqbuf_ret, dqbuf_errno;

static void *dqbuf_thread(void *arg)
{
	int fd = *(int *)arg;

	dqbuf_ret = video_dqbuf(fd, CAP, V4L2_MEMORY_MMAP);
	dqbuf_errno = errno;
	return NULL;
}

static int join_within(pthread_t th, int seconds)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += seconds;
	return pthread_timedjoin_np(th, NULL, &ts);
}

static int unbind(void)
{
	char node[300], target[512], diag[200];
	const char *pdev = vfimc_pdev(dev, target, sizeof(target));
	double t0;
	pthread_t th;
	int fd, ret;

	printf("KTAP version 1\n1..4\n");
	fd = video_open(dev, node, sizeof(node));
	/* Both queues stream, a buffer queued on CAPTURE only: no job. */
	ret = !pdev || fd < 0 || !video_fmt(fd, CAP, V4L2_PIX_FMT_RGB24, 640, 480) ||
	      video_reqbufs(fd, CAP, V4L2_MEMORY_MMAP, 1) != 1 ||
	      video_reqbufs(fd, OUT, V4L2_MEMORY_MMAP, 1) != 1 ||
	      video_qbuf(fd, CAP, 0, -1, 0) || video_stream(fd, CAP, true) ||
	      video_stream(fd, OUT, true) ||
	      pthread_create(&th, NULL, dqbuf_thread, &fd);
	ktap_result(!ret, "a DQBUF waits for a frame that will not come", strerror(errno));
	if (ret)
		return 1;
	ret = vfimc_bind(pdev, 0);
	ktap_result(!ret, "the engine is unbound under it", strerror(errno));
	t0 = now();
	ret = join_within(th, WAIT_SECONDS);
	if (ret)
		snprintf(diag, sizeof(diag), "still waiting after %d s", WAIT_SECONDS);
	else
		snprintf(diag, sizeof(diag), "DQBUF: %d, %s", dqbuf_ret, strerror(dqbuf_errno));
	ktap_result(!ret && dqbuf_ret == -1, "the waiting DQBUF returns with an error", diag);
	printf("# DQBUF returned %.3f s after the unbind\n", now() - t0);
	if (ret) {
		pthread_cancel(th);
		return 1;
	}
	video_stream(fd, CAP, false);
	close(fd);
	ret = vfimc_bind(pdev, 1);
	fd = ret ? -1 : video_open(dev, node, sizeof(node));
	ktap_result(fd >= 0 && video_fmt(fd, CAP, V4L2_PIX_FMT_RGB24, 640, 480) &&
		    video_reqbufs(fd, CAP, V4L2_MEMORY_MMAP, 1) == 1,
		    "bound again, the engine serves", strerror(errno));
	close(fd);
	return ktap_failed ? 1 : 0;
}

int main(int argc, char **argv)
{
	unsigned long rounds = argc > 3 ? strtoul(argv[3], NULL, 0) : 0;

	if (argc < 3 || (strcmp(argv[1], "unbind") && (argc != 4 || !rounds))) {
		fprintf(stderr, "usage: v4l2-race close|close-unbound|sfmt DEV ROUNDS | unbind DEV\n");
		return 2;
	}
	dev = argv[2];
	if (!strcmp(argv[1], "close") || !strcmp(argv[1], "close-unbound"))
		return close_running(rounds, !strcmp(argv[1], "close-unbound"));
	if (!strcmp(argv[1], "sfmt"))
		return sfmt(rounds);
	if (!strcmp(argv[1], "unbind"))
		return unbind();
	fprintf(stderr, "v4l2-race: %s: close, close-unbound, sfmt or unbind\n", argv[1]);
	return 2;
}
