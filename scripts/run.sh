#!/bin/sh
# Boot the guest in QEMU, always under a timeout, and report what happened.
# The console (the machine's, earlycon on) is logged; the run channel
# (virtio console hvc0) carries the report or the RUN command's output to
# stdout; the data channel (hvc1) what the guest writes there to
# RUNDIR/data.txt (the report's area maps: cmawhy --map). A panic, an oops, a guest that stops talking or one that runs out
# of time is a failure, reported with its last console lines.
#
# usage: run.sh MODE KERNEL INITRAMFS DTB RAM
#   MODE: report | run | shell
#   shell is interactive on a terminal; without one (stdin a pipe or a
#   file) the commands on stdin run as a RUN script instead, since input
#   sent before the guest's UART is up would be lost.
# environment:
#   ARCH_QEMU       the QEMU binary (board/arch/ARCH.mk)
#   MACHINE_QEMU, MACHINE_CPU, MACHINE_SMP
#                   its -M, -cpu (none: the machine's own) and the CPUs a
#                   real board's model has (-smp; CPUS= is virt's)
#   MACHINE_VIRTIO  no: a real board's model, without virtio-mmio: no
#                   virtio consoles, no scratch disk; the run's output and
#                   then the data channel's are read off the console
#                   (guest/init marks where each starts)
#   MACHINE_CONSOLE_UART
#                   which of the machine's UARTs is the console (1: the
#                   first)
#   MACHINE_DMESG   what every boot on the machine reports (an extended
#                   regex), kept as RUNDIR/machine.dmesg for the tests'
#                   dmesg gate; the Makefile exports the machine's values
#   CMALAB_KARGS    the kernel command line
#   CMALAB_RUN      the shell command line run in the guest (MODE run)
#   RUNDIR          work directory (console.log, out.txt), default build/run
#   TIMEOUT         seconds the whole boot may take (default 300)
#   CPUS            virtual CPUs (default 1)
#   DISK_WRITE_BPS  the scratch disk's write bandwidth, bytes/s (QEMU's
#                   throttling.bps-write; default: unthrottled)
#   DISK_READ_BPS   its read bandwidth (throttling.bps-read): a board's SD
#                   card or eMMC, where TCG's disk reads as fast as memory
#   SCRATCH_FS      ext4: the scratch disk comes formatted with the host's
#                   mkfs.ext4 (extents: fallocate's punch-hole and
#                   zero-range); default: blank, for the guest's mke2fs
#   IDLE            seconds without console or run output before the guest is
#                   declared hung (default 120; 0 disables)
#   ROOTFS_OVERLAY  a directory copied into the guest's root
#   LOGLINES        console lines shown on failure (default 25)
#   UBOOT           boot through this U-Boot (qemu_arm[64] u-boot.bin) instead:
#                   the kernel, the initramfs and every board's DTB go into
#                   a FIT (scripts/fit.sh) on a virtio disk with a boot.scr
#                   that sets the command line and boots conf-UBOOT_BOARD;
#                   DTB is then that board's, UBOOT_DTBS "board=dtb ..." the
#                   others'. UBOOT_PROMPT: a file of commands typed at
#                   U-Boot's prompt instead (scripts/uboot-prompt.exp).
set -eu

mode=$1 kernel=$2 initramfs=$3 dtb=$4 ram=$5
bootargs=${CMALAB_KARGS:-}
run=${CMALAB_RUN:-}
rundir=${RUNDIR:-build/run}
timeout=${TIMEOUT:-300}
idle=${IDLE:-120}
cpus=${CPUS:-1}
wbps=${DISK_WRITE_BPS:-}
rbps=${DISK_READ_BPS:-}
loglines=${LOGLINES:-25}
scratchfs=${SCRATCH_FS:-}

# The scratch disk's filesystem, made on the host (e2fsprogs is in every
# Debian system): the guest's busybox mke2fs makes ext2 only. The values
# are checked below.
scratch_fs() {
	[ "$scratchfs" = ext4 ] || return 0
	PATH=$PATH:/sbin:/usr/sbin mkfs.ext4 -q -F -E nodiscard "$1" ||
		die "SCRATCH_FS=ext4: mkfs.ext4 failed on $1"
}
overlay=${ROOTFS_OVERLAY:-}

die() { echo "run: $*" >&2; exit 2; }
case $scratchfs in
'' | ext4) ;;
*) die "SCRATCH_FS=$scratchfs: the scratch disk is blank (empty) or ext4" ;;
esac

# shellcheck source=scripts/qemu-args.sh
. "$(dirname "$0")/qemu-args.sh"
machine=${MACHINE_QEMU:?run from make: the machine (board/machine/MACHINE.mk)}
virtio=${MACHINE_VIRTIO:-yes}

# bps NAME VALUE: a bandwidth in bytes per second, or empty.
bps() {
	case $2 in
	'') ;;
	*[!0-9]*|0*) die "$1=$2: a bandwidth in bytes per second (a positive integer)" ;;
	esac
}
bps DISK_WRITE_BPS "$wbps"
bps DISK_READ_BPS "$rbps"
throttle=${wbps:+throttling.bps-write=$wbps}${rbps:+${wbps:+,}throttling.bps-read=$rbps}

for f in "$kernel" "$initramfs" "$dtb"; do
	[ -r "$f" ] || die "$f is missing (make images)"
done
if [ -n "$overlay" ]; then
	[ -d "$overlay" ] || die "ROOTFS_OVERLAY=$overlay: not a directory"
fi
if [ "$mode" = shell ] && [ ! -t 0 ]; then
	mode=run
	run=$(cat)
fi

rm -rf "$rundir"
mkdir -p "$rundir/extra/etc/cmalab"
rundir=$(cd "$rundir" && pwd)
console=$rundir/console.log
out=$rundir/out.txt
data=$rundir/data.txt
printf '%s\n' "${MACHINE_DMESG:-}" > "$rundir/machine.dmesg"

# The per-boot part of the root: mode, command, user overlay. Appended to
# the initramfs as a second cpio archive, which the kernel unpacks on top.
echo "$mode" > "$rundir/extra/etc/cmalab/mode"
printf '%s\n' "$run" > "$rundir/extra/etc/cmalab/run"
[ -z "$overlay" ] || cp -a "$overlay/." "$rundir/extra/"
(cd "$rundir/extra" && find . | LC_ALL=C sort |
	cpio -o -H newc -R 0:0 --quiet) > "$rundir/extra.cpio"
cat "$initramfs" "$rundir/extra.cpio" > "$rundir/initramfs.cpio"

if [ -n "${UBOOT:-}" ]; then
	board=${UBOOT_BOARD:?UBOOT needs UBOOT_BOARD}
	[ -r "$UBOOT" ] || die "$UBOOT is missing (make deps: u-boot-qemu)"
	here=$(dirname "$0")
	# shellcheck disable=SC2086 # "board=dtb" words
	"$here/fit.sh" "${ARCH:-arm}" "$rundir/cmalab.itb" "$kernel" "$rundir/initramfs.cpio" "$board" \
		"$board=$dtb" ${UBOOT_DTBS:-}
	"$here/uboot-script.sh" "${ARCH:-arm}" "$rundir/boot.scr" "$board" "$bootargs"
	"$here/uboot-disk.sh" "$rundir/boot.img" "$rundir/boot.scr" "$rundir/cmalab.itb"
	[ "$virtio" = yes ] || die "UBOOT: booting through U-Boot needs virtio (the FIT's disk); $machine has none"
	qemu_machine "$cpus" "$ram"
	qemu_add -bios "$UBOOT"
	qemu_channels "$out" "$data"
	qemu_disk "$rundir/boot.img" boot
else
	qemu_machine "$cpus" "$ram"
	qemu_add -kernel "$kernel" -initrd "$rundir/initramfs.cpio" -dtb "$dtb" -append "$bootargs"
	if [ "$virtio" = yes ]; then
		# A sparse scratch disk, /dev/vda in the guest: real page cache for tests.
		rm -f "$rundir/scratch.img"
		truncate -s 1G "$rundir/scratch.img"
		scratch_fs "$rundir/scratch.img"
		qemu_channels "$out" "$data"
		qemu_disk "$rundir/scratch.img" scratch "$throttle"
	fi
fi
# The UARTs before the console's: nothing behind them. The console's
# -serial comes last, as each way of running takes it.
qemu_uarts
eval "set -- $qemu_argv"

if [ "$mode" = shell ]; then
	# Interactive: console on stdio (works without a TTY too).
	# --foreground: QEMU must own the terminal to read from it.
	timeout --foreground "$timeout" "$@" -serial mon:stdio
	exit $?
fi

: > "$console"
: > "$out"
if [ -n "${UBOOT_PROMPT:-}" ]; then
	[ -r "$UBOOT_PROMPT" ] || die "UBOOT_PROMPT=$UBOOT_PROMPT: no such file"
	timeout -k 5 "$timeout" "$(dirname "$0")/uboot-prompt.exp" "$UBOOT_PROMPT" \
		"$timeout" "$@" -serial mon:stdio </dev/null >"$console" 2>"$rundir/qemu.log" &
else
	timeout -k 5 "$timeout" "$@" -serial "file:$console" -monitor none \
		</dev/null >"$rundir/qemu.log" 2>&1 &
fi
qpid=$!

# Watchdog: a guest that stops talking is as dead as one that panics. A
# machine with no way to power off (QEMU's raspi models) halts instead:
# once the kernel says so, QEMU is stopped, and the boot is over.
hung=$rundir/hung
halted=$rundir/halted
if [ "$idle" -gt 0 ]; then
	(
		last="" quiet=0
		while kill -0 "$qpid" 2>/dev/null; do
			if grep -q 'reboot: .*System halted' "$console" 2>/dev/null; then
				: > "$halted"
				pkill -P "$qpid" 2>/dev/null || true
				kill "$qpid" 2>/dev/null || true
				exit 0
			fi
			now=$(cat "$console" "$out" 2>/dev/null | wc -c)
			if [ "$now" = "$last" ]; then
				quiet=$((quiet + 1))
			else
				quiet=0 last=$now
			fi
			if [ "$quiet" -ge "$idle" ]; then
				echo "$idle" > "$hung"
				pkill -P "$qpid" 2>/dev/null || true
				kill "$qpid" 2>/dev/null || true
				exit 0
			fi
			sleep 1
		done
	) &
	wpid=$!
fi
rc=0
wait "$qpid" || rc=$?
[ "$idle" -gt 0 ] && { kill "$wpid" 2>/dev/null || true; wait "$wpid" 2>/dev/null || true; }
# Halted, and QEMU stopped for it: as good as powered off.
[ ! -f "$halted" ] || rc=0
# The boot's own copies are rebuilt from their inputs by every boot and
# read by nothing after it: a 1 GiB sparse disk the guest filled and the
# initramfs with this boot's part appended (tens of MiB), once for every
# boot of a test run, are most of its disk use.
rm -f "$rundir/scratch.img" "$rundir/initramfs.cpio" "$rundir/extra.cpio"

fail() {
	echo "run: $*" >&2
	echo "run: last $loglines console lines ($console):" >&2
	tail -n "$loglines" "$console" | sed 's/^/  | /' >&2
	exit 1
}

# Without virtio the run's output is on the console, after guest/init's
# mark and before the data channel's (or the exit line), and the data
# channel between its marks.
if [ "$virtio" != yes ]; then
	tr -d '\r' < "$console" |
		sed -n '/^cmalab: output follows$/,/^cmalab: \(data follows\|exit [0-9]*\)$/p' |
		sed '1d;$d' | sed '${/^$/d;}' > "$out"
	tr -d '\r' < "$console" | sed -n '/^cmalab: data follows$/,/^cmalab: data ends$/p' |
		sed '1d;$d' > "$data"
	[ -s "$data" ] || rm -f "$data"
fi
# The run channel is a tty: drop the carriage returns it adds.
tr -d '\r' < "$out"

if [ -f "$hung" ]; then
	fail "guest stopped talking for $(cat "$hung") s (IDLE): hung"
elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	fail "guest still running after ${timeout} s (TIMEOUT): hung"
elif grep -q 'Kernel panic' "$console"; then
	fail "kernel panic: $(grep -m1 'Kernel panic' "$console" | sed 's/^\[[^]]*\] //')"
elif grep -qE 'Internal error: Oops|BUG: |Unable to handle kernel' "$console"; then
	fail "kernel oops: $(grep -m1 -E 'Internal error: Oops|BUG: |Unable to handle kernel' "$console" | sed 's/^\[[^]]*\] //')"
elif [ "$rc" -ne 0 ]; then
	fail "${ARCH_QEMU:-qemu} exited with status $rc: $(tail -n 1 "$rundir/qemu.log")"
fi
status=$(sed -n 's/^cmalab: exit \([0-9][0-9]*\)\r*$/\1/p' "$console" | tail -n 1)
[ -n "$status" ] || fail "the guest powered off without reporting an exit status"
exit "$status"
