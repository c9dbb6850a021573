// SPDX-License-Identifier: GPL-2.0
/*
 * nobody CMD [ARG...] - run CMD as user and group 65534 with no
 * supplementary groups and no capabilities: an unprivileged caller, for
 * the tests of what one may reach (busybox's setpriv cannot change ids).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: nobody CMD [ARG...]\n");
		return 2;
	}
	if (setgroups(0, NULL) || setgid(65534) || setuid(65534)) {
		fprintf(stderr, "nobody: cannot drop to 65534: %s\n", strerror(errno));
		return 2;
	}
	execvp(argv[1], argv + 1);
	fprintf(stderr, "nobody: %s: %s\n", argv[1], strerror(errno));
	return 127;
}
