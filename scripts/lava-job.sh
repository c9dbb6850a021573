#!/bin/sh
# One board's LAVA jobs (make lava), in OUTDIR:
#   qemu.yaml   for LAVA's qemu device type: the kernel, the board's DTB
#               and the initramfs deployed to tmpfs from file:// URLs, QEMU
#               booted as make run boots it (CPU, machine, RAM, CPUs, the
#               console's UART), the board's command line plus
#               cmalab.check=boards/BOARD, which makes the guest run the
#               board's checks (tests/guest/boards/BOARD.sh) on the
#               console; their KTAP becomes LAVA results.
# A board of a machine with U-Boot here (virt):
#   uboot.yaml  the same checks on a board in a LAVA lab booted by U-Boot:
#               the FIT (make fit) and boot.scr (FROM=tftp) deployed over
#               TFTP, U-Boot told to fetch and source the script, which
#               fetches the FIT and boots conf-BOARD. LAVA's TFTP deploy
#               serves the kernel, dtb, ramdisk, modules, preseed and tee
#               slots only: the FIT rides as the kernel ("image"), the
#               script as the preseed file ({PRESEED_CONFIG}). It cannot
#               boot here; tests/lava validates it.
#   boot.scr    that script.
# A real board's model (board/machine/MACHINE.mk, MACHINE_LAVA: LAVA's
# device type of the physical board):
#   board.yaml  the same checks on the physical board in a lab, as LAVA
#               boots its U-Boot boards: kernel, DTB and ramdisk over
#               TFTP, U-Boot's "ramdisk" commands of the device type
#               (bootz/booti). The DTB is the board's mainline tree as the
#               kernel builds it (MACHINE_LAVA_DTB: the device type's own
#               board where it is another of the SoC's), the lab's
#               firmware writing /memory; the command line is the board's
#               without the QEMU machine's console, which the device type
#               adds (console_device). The ramdisk carries U-Boot's header
#               (mkimage): LAVA passes it as it is.
#   initramfs.uimg  that ramdisk.
# A real board's model without a device type gets qemu.yaml alone, and
# says so.
# The QEMU job carries what it needs from the device in its context (CPU,
# machine, memory, no network), so a lab's qemu device takes it as it is;
# here scripts/lava-device.py renders the device dictionary from it.
#
# Results: one per KTAP line of the board's checks at the document's top
# level (nested subtests are the parent's detail): "ok" a pass, "not ok" a
# fail, "ok ... # SKIP" a skip; the test case id is the KTAP description.
#
# usage: lava-job.sh OUTDIR ARCH TARGET BOARD KERNEL DTB INITRAMFS RAM KARGS
# environment: MACHINE, MACHINE_QEMU, MACHINE_CPU, MACHINE_SMP,
# MACHINE_CONSOLE_UART, MACHINE_VIRTIO, MACHINE_BOOTARGS, MACHINE_UBOOT,
# MACHINE_LAVA
# (board/machine/MACHINE.mk; the Makefile exports them); with U-Boot:
# LAVA_FIT, the FIT, and LAVA_UBOOT_DEVICE, the lab's device type; with a
# device type: LAVA_BOARD_DTB, the physical board's DTB, and LAVA_ENV,
# Debian's lava-dispatcher (its device-type templates).
set -eu

[ $# -eq 9 ] || { echo "usage: lava-job.sh OUTDIR ARCH TARGET BOARD KERNEL DTB INITRAMFS RAM KARGS" >&2; exit 2; }
out=$1 arch=$2 target=$3 board=$4 kernel=$5 dtb=$6 initramfs=$7 ram=$8
kargs="$9 cmalab.check=boards/$board"
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/lib.sh
. "$here/lib.sh"
# shellcheck source=scripts/qemu-args.sh
. "$here/qemu-args.sh"

die() { echo "lava-job: $*" >&2; exit 1; }
machine=${MACHINE_QEMU:?run from make: the machine (board/machine/MACHINE.mk)}
cpu=${MACHINE_CPU:?run from make: the CPU (board/machine/MACHINE.mk)}
uboot=${MACHINE_UBOOT:-} lava=${MACHINE_LAVA:-}
fit=${LAVA_FIT:-} udev=${LAVA_UBOOT_DEVICE:-} bdtb=${LAVA_BOARD_DTB:-}
for f in "$kernel" "$dtb" "$initramfs" ${uboot:+"$fit"} ${lava:+"$bdtb"}; do
	[ -r "$f" ] || die "$f is missing (make images fit)"
done
case $kargs in *\"*|*\'*) die "$board: a command line with quotes cannot go into a LAVA job: $kargs" ;; esac
bytes=$(size_bytes "$ram") || die "RAM=$ram: not a size"
mib=$((bytes / 1048576))
# The template's NIC is virtio's unless the job names another; a real
# board's model has its own (the A10's EMAC, the AST2600's FTGMAC100) or
# none, and a NIC given an id and no model is the machine's own.
nic=
[ "${MACHINE_VIRTIO:-yes}" = yes ] || nic="
  model: id=nic0"
# What make run gives QEMU beyond the template's options
# (scripts/qemu-args.sh): the machine's CPUs, and the console's UART
# where it is not the first (the ones before it get no backend), each
# option and its value an item.
[ -z "${MACHINE_SMP:-}" ] || qemu_add -smp "$(qemu_cpus 1)"
qemu_uarts
[ "${MACHINE_CONSOLE_UART:-1}" -eq 1 ] || qemu_add -serial mon:stdio
eval "set -- $qemu_argv"
extra=
while [ $# -ge 2 ]; do
	extra="$extra
  - $1 $2"
	shift 2
done

mkdir -p "$out"
out=$(cd "$out" && pwd)
abs() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }

# The checks' KTAP, as LAVA's monitor reads the console: a result line at
# a document's top level, "ok N description", "not ok N description" or
# "ok N description # SKIP reason"; a "# ..." directive or time is not part
# of the name. The result group matches "" for a skip (a lookahead), which
# the fixupdict maps to LAVA's skip. The line's own newline is a lookahead,
# so that the next result line still starts with one; a line may end in
# \r\r\n (the console's \r\n through the pty LAVA reads it from).
# shellcheck disable=SC2016 # a regular expression, not a shell word
pattern='\n(?P<result>not ok|ok(?![^\r\n]*# SKIP)|(?=ok ))(?:ok)? \d+ (?P<test_case_id>[^#\r\n]*?)(?: #[^\r\n]*)?(?=\r*\n)'
test_action() {
	cat <<EOF
- test:
    timeout: {minutes: 15}
    monitors:
    - name: cmalab-$board
      start: 'KTAP version 1'
      end: 'cmalab: exit'
      pattern: '$pattern'
      fixupdict: {'ok': pass, 'not ok': fail, '': skip}
EOF
}

cat >"$out/qemu.yaml" <<EOF
# cmalab: $board on $target in QEMU (make lava; scripts/lava-job.sh)
device_type: qemu
job_name: cmalab $board $target qemu
timeouts:
  job: {minutes: 20}
  action: {minutes: 15}
  connection: {minutes: 2}
priority: medium
visibility: public
context:
  arch: $arch
  cpu: $cpu
  machine: $machine
  memory: $mib
  # No network: the NIC qemu.jinja2 always adds gets no backend and needs
  # no option ROM.$nic
  netdevice: none
  extra_options:
  - -global virtio-net-pci.romfile=$extra
actions:
- deploy:
    to: tmpfs
    timeout: {minutes: 2}
    images:
      kernel:
        image_arg: -kernel {kernel} -append "$kargs"
        url: file://$(abs "$kernel")
      dtb:
        image_arg: -dtb {dtb}
        url: file://$(abs "$dtb")
      ramdisk:
        image_arg: -initrd {ramdisk}
        url: file://$(abs "$initramfs")
- boot:
    method: qemu
    media: tmpfs
    timeout: {minutes: 5}
$(test_action)
EOF

# lab_head DEVICE_TYPE WHAT: a lab board's job up to its TFTP deploy's
# files: device type, name, timeouts.
lab_head() {
	cat <<EOF
device_type: $1
job_name: cmalab $board $target $2
timeouts:
  job: {minutes: 30}
  action: {minutes: 15}
  connection: {minutes: 2}
priority: medium
visibility: public
actions:
- deploy:
    to: tftp
    timeout: {minutes: 5}
EOF
}

uboot_job() {
	"$here/uboot-script.sh" "$arch" "$out/boot.scr" "$board" "$kargs" tftp
	cat >"$out/uboot.yaml" <<EOF
# cmalab: $board on $target on a LAVA lab's U-Boot board (make lava;
# scripts/lava-job.sh). device_type: LAVA_UBOOT_DEVICE; the URLs are this
# machine's files: publish them where the lab can fetch them.
$(lab_head "$udev" u-boot)
    kernel:
      url: file://$(abs "$fit")
      type: image
    preseed:
      url: file://$out/boot.scr
- boot:
    method: u-boot
    timeout: {minutes: 5}
    commands:
    - setenv autoload no
    - dhcp
    - setenv serverip {SERVER_IP}
    - setenv cmalab_fit {KERNEL}
    - setenv cmalab_fit_addr {KERNEL_ADDR}
    - tftp {RAMDISK_ADDR} {PRESEED_CONFIG}
    - source {RAMDISK_ADDR}
$(test_action)
EOF
}

# The physical board's job: the kernel image as U-Boot boots it (bootz a
# zImage, booti an arm64 Image), the ramdisk with U-Boot's header, and
# the device type's own "ramdisk" boot commands with the board's command
# line: no console=, so the kernel takes the tree's stdout-path (the
# board's debug UART, which the lab wires), and earlycon the same.
board_job() {
	case $arch in
	arm64) ktype=image ;;
	*) ktype=zimage ;;
	esac
	bargs=${kargs#"${MACHINE_BOOTARGS:-}"}
	bargs="earlycon ${bargs# }"
	mkimage -A "$arch" -O linux -T ramdisk -C none -n "cmalab $board" -d "$initramfs" \
		"$out/initramfs.uimg" >/dev/null || die "mkimage: the ramdisk's U-Boot header"
	[ -r "${LAVA_ENV:-}" ] || die "LAVA_ENV=${LAVA_ENV:-}: no lava-dispatcher environment (make lava-dispatcher)"
	# shellcheck source=/dev/null
	commands=$(set -a && . "$LAVA_ENV" && python3 "$here/lava-device.py" commands "$LAVA_TEMPLATES" "$lava" "$bargs") ||
		die "$lava: no U-Boot ramdisk boot in LAVA's device type"
	cat >"$out/board.yaml" <<EOF
# cmalab: $board on $target on the physical board, LAVA device type
# $lava (make lava; scripts/lava-job.sh). The URLs are this machine's
# files: publish them where the lab can fetch them.
$(lab_head "$lava" "$lava")
    kernel:
      url: file://$(abs "$kernel")
      type: $ktype
    dtb:
      url: file://$(abs "$bdtb")
    ramdisk:
      url: file://$out/initramfs.uimg
      header: u-boot
      install_modules: false
      install_overlay: false
- boot:
    method: u-boot
    timeout: {minutes: 5}
    commands:
$(echo "$commands" | sed 's/^/    /')
$(test_action)
EOF
}

if [ -n "$uboot" ]; then
	uboot_job
elif [ -n "$lava" ]; then
	board_job
else
	echo "  LAVA    $board: no LAVA device type for machine ${MACHINE:-?}'s physical board (board/machine/${MACHINE:-?}.mk): qemu.yaml only"
fi
