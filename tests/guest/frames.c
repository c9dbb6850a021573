// SPDX-License-Identifier: GPL-2.0
/*
 * frames - test frames for v4l2-ctl, and checks of what comes back.
 *
 *   frames pattern W H N              N RGB24 frames to stdout: pixel x,y
 *                                     of frame f is (x, y, f) (mod 256)
 *   frames scaled W H SW SH N         stdin holds N RGB24 W x H frames,
 *                                     frame f the pattern of an SW x SH
 *                                     frame f scaled by nearest neighbour
 *   frames solid R G B W H N          N RGB24 frames of one colour
 *   frames colour FOURCC W H N C0 C1 C2
 *                                     stdin holds N frames of
 *                                     FOURCC (RGB3, YUYV, YU12, RGBP) whose every
 *                                     pixel is C0 C1 C2 (Y Cb Cr, or R G B)
 *                                     within 1 (integer BT.601 and the
 *                                     standard's rounding may differ by 1)
 *
 * A check exits 0 when it holds, else 1 with the first difference on
 * stdout. The expected values are the arguments, worked out from the
 * pattern's definition or from BT.601, never from what the engine
 * returned.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static int near(int got, long want)
{
	return got >= want - 1 && got <= want + 1;
}

static int pattern(uint32_t w, uint32_t h, uint32_t n)
{
	uint32_t f, x, y;

	for (f = 0; f < n; f++)
		for (y = 0; y < h; y++)
			for (x = 0; x < w; x++) {
				putchar((int)(x & 0xff));
				putchar((int)(y & 0xff));
				putchar((int)(f & 0xff));
			}
	return 0;
}

static int solid(long r, long g, long b, uint32_t w, uint32_t h, uint32_t n)
{
	uint64_t i;

	for (i = 0; i < (uint64_t)w * h * n; i++) {
		putchar((int)r);
		putchar((int)g);
		putchar((int)b);
	}
	return 0;
}

static int scaled(uint32_t w, uint32_t h, uint32_t sw, uint32_t sh,
		  uint32_t n)
{
	char diag[160] = "";
	uint32_t f, x, y, sx, sy;
	uint8_t px[3];
	int ok = 1;

	for (f = 0; f < n && ok; f++)
		for (y = 0; y < h && ok; y++)
			for (x = 0; x < w && ok; x++) {
				sx = x * sw / w;
				sy = y * sh / h;
				if (fread(px, 1, 3, stdin) != 3) {
					snprintf(diag, sizeof(diag), "frame %u ends at pixel %u,%u", f, x, y);
					ok = 0;
				} else if (px[0] != (sx & 0xff) || px[1] != (sy & 0xff) ||
					   px[2] != (f & 0xff)) {
					snprintf(diag, sizeof(diag),
						 "frame %u pixel %u,%u is %u,%u,%u, want %u,%u,%u", f, x,
						 y, px[0], px[1], px[2], sx & 0xff, sy & 0xff, f & 0xff);
					ok = 0;
				}
			}
	if (ok && getchar() != EOF) {
		snprintf(diag, sizeof(diag), "more than %u frames", n);
		ok = 0;
	}
	if (!ok)
		puts(diag);
	return !ok;
}

/* Bytes of one frame, and where pixel x,y's three components are. */
static int layout(const char *fourcc, uint32_t w, uint32_t h, size_t *size)
{
	if (!strcmp(fourcc, "RGB3"))
		*size = (size_t)w * h * 3;
	else if (!strcmp(fourcc, "YUYV") || !strcmp(fourcc, "RGBP"))
		*size = (size_t)w * h * 2;
	else if (!strcmp(fourcc, "YU12"))
		*size = (size_t)w * h * 3 / 2;
	else
		return -1;
	return 0;
}

static void components(const char *fourcc, const uint8_t *fr, uint32_t w,
		       uint32_t h, uint32_t x, uint32_t y, int c[3])
{
	const uint8_t *p;
	uint16_t v;

	if (!strcmp(fourcc, "RGB3")) {
		p = fr + ((size_t)y * w + x) * 3;
		c[0] = p[0];
		c[1] = p[1];
		c[2] = p[2];
	} else if (!strcmp(fourcc, "YUYV")) {
		p = fr + ((size_t)y * w + (x & ~1U)) * 2;
		c[0] = p[(x & 1) * 2];
		c[1] = p[1];
		c[2] = p[3];
	} else if (!strcmp(fourcc, "YU12")) {
		c[0] = fr[(size_t)y * w + x];
		p = fr + (size_t)w * h + (size_t)(y / 2) * (w / 2) + x / 2;
		c[1] = p[0];
		c[2] = p[(size_t)(w / 2) * (h / 2)];
	} else {
		/* RGB565, little endian; components to 8 bits, top bits repeated */
		p = fr + ((size_t)y * w + x) * 2;
		v = (uint16_t)(p[0] | p[1] << 8);
		c[0] = (v >> 11) << 3 | (v >> 13);
		c[1] = ((v >> 5) & 0x3f) << 2 | ((v >> 9) & 0x3);
		c[2] = (v & 0x1f) << 3 | ((v >> 2) & 0x7);
	}
}

static int colour(const char *fourcc, uint32_t w, uint32_t h, uint32_t n,
		  const long want[3])
{
	char diag[160] = "";
	uint32_t f, x, y;
	uint8_t *fr;
	size_t size;
	int ok = 1, c[3];

	if (layout(fourcc, w, h, &size)) {
		fprintf(stderr, "frames: unknown FOURCC %s\n", fourcc);
		return 2;
	}
	fr = malloc(size);
	if (!fr)
		return 2;
	for (f = 0; f < n && ok; f++) {
		if (fread(fr, 1, size, stdin) != size) {
			snprintf(diag, sizeof(diag), "frame %u is short", f);
			ok = 0;
		}
		for (y = 0; y < h && ok; y++)
			for (x = 0; x < w && ok; x++) {
				components(fourcc, fr, w, h, x, y, c);
				if (!near(c[0], want[0]) || !near(c[1], want[1]) ||
				    !near(c[2], want[2])) {
					snprintf(diag, sizeof(diag),
						 "frame %u pixel %u,%u is %d,%d,%d, want %ld,%ld,%ld", f,
						 x, y, c[0], c[1], c[2], want[0], want[1], want[2]);
					ok = 0;
				}
			}
	}
	free(fr);
	if (!ok)
		puts(diag);
	return !ok;
}

static uint32_t num(const char *s)
{
	return (uint32_t)strtoul(s, NULL, 0);
}

int main(int argc, char **argv)
{
	long want[3];

	if (argc == 5 && !strcmp(argv[1], "pattern"))
		return pattern(num(argv[2]), num(argv[3]), num(argv[4]));
	if (argc == 7 && !strcmp(argv[1], "scaled"))
		return scaled(num(argv[2]), num(argv[3]), num(argv[4]), num(argv[5]),
			      num(argv[6]));
	if (argc == 8 && !strcmp(argv[1], "solid"))
		return solid(strtol(argv[2], NULL, 0), strtol(argv[3], NULL, 0),
			     strtol(argv[4], NULL, 0), num(argv[5]), num(argv[6]), num(argv[7]));
	if (argc == 9 && !strcmp(argv[1], "colour")) {
		want[0] = strtol(argv[6], NULL, 0);
		want[1] = strtol(argv[7], NULL, 0);
		want[2] = strtol(argv[8], NULL, 0);
		return colour(argv[2], num(argv[3]), num(argv[4]), num(argv[5]), want);
	}
	fprintf(stderr, "usage: frames pattern W H N | scaled W H SW SH N |\n"
		"       solid R G B W H N | colour FOURCC W H N C0 C1 C2\n");
	return 2;
}
