// SPDX-License-Identifier: GPL-2.0
/*
 * fibmap FILE - where FILE's first block lies on its disk: "BLOCKSIZE
 * BLOCK" (the filesystem's block size, FIGETBSZ, and the block number,
 * FIBMAP; needs CAP_SYS_RAWIO). tests/guest/lend.sh writes that block
 * through the block device under the mounted filesystem.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd, bsz = 0, block = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: fibmap FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || ioctl(fd, FIGETBSZ, &bsz) || ioctl(fd, FIBMAP, &block)) {
		fprintf(stderr, "fibmap: %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	close(fd);
	if (!block) {
		fprintf(stderr, "fibmap: %s: its first block is a hole\n", argv[1]);
		return 2;
	}
	printf("%d %d\n", bsz, block);
	return 0;
}
