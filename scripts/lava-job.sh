#!/bin/sh
# One board's LAVA jobs (make lava), in OUTDIR:
#   qemu.yaml   for LAVA's qemu device type: the kernel, the board's DTB
#               and the initramfs deployed to tmpfs from file:// URLs, QEMU
#               booted as make run boots it (CPU, machine, RAM), the
#               board's command line plus cmalab.check=boards/BOARD, which
#               makes the guest run the board's checks
#               (tests/guest/boards/BOARD.sh) on the console; their KTAP
#               becomes LAVA results.
#   uboot.yaml  the same checks on a board in a LAVA lab booted by U-Boot:
#               the FIT (make fit) and boot.scr (FROM=tftp) deployed over
#               TFTP, U-Boot told to fetch and source the script, which
#               fetches the FIT and boots conf-BOARD. LAVA's TFTP deploy
#               serves the kernel, dtb, ramdisk, modules, preseed and tee
#               slots only: the FIT rides as the kernel ("image"), the
#               script as the preseed file ({PRESEED_CONFIG}). It cannot
#               boot here; tests/lava validates it.
#   boot.scr    that script.
# The QEMU job carries what it needs from the device in its context (CPU,
# machine, memory, no network), so a lab's qemu device takes it as it is;
# here scripts/lava-device.py renders the device dictionary from it.
#
# Results: one per KTAP line of the board's checks at the document's top
# level (nested subtests are the parent's detail): "ok" a pass, "not ok" a
# fail, "ok ... # SKIP" a skip; the test case id is the KTAP description.
#
# usage: lava-job.sh OUTDIR ARCH TARGET BOARD KERNEL DTB INITRAMFS FIT RAM KARGS UBOOT_DEVICE
# environment: MACHINE_QEMU and MACHINE_CPU, QEMU's -M and -cpu
# (board/machine/MACHINE.mk; the Makefile exports them)
set -eu

[ $# -eq 11 ] || { echo "usage: lava-job.sh OUTDIR ARCH TARGET BOARD KERNEL DTB INITRAMFS FIT RAM KARGS UBOOT_DEVICE" >&2; exit 2; }
out=$1 arch=$2 target=$3 board=$4 kernel=$5 dtb=$6 initramfs=$7 fit=$8 ram=$9
shift 9
kargs="$1 cmalab.check=boards/$board" udev=$2
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "lava-job: $*" >&2; exit 1; }
for f in "$kernel" "$dtb" "$initramfs" "$fit"; do
	[ -r "$f" ] || die "$f is missing (make images fit)"
done
case $kargs in *\"*|*\'*) die "$board: a command line with quotes cannot go into a LAVA job: $kargs" ;; esac
case $ram in
*G) mib=$((${ram%G} * 1024)) ;;
*M) mib=${ram%M} ;;
*) die "RAM=$ram: want a size in M or G" ;;
esac
machine=${MACHINE_QEMU:?run from make: the machine (board/machine/MACHINE.mk)}
cpu=${MACHINE_CPU:?run from make: the CPU (board/machine/MACHINE.mk)}

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
  # no option ROM.
  netdevice: none
  extra_options:
  - -global virtio-net-pci.romfile=
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

"$here/uboot-script.sh" "$arch" "$out/boot.scr" "$board" "$kargs" tftp
cat >"$out/uboot.yaml" <<EOF
# cmalab: $board on $target on a LAVA lab's U-Boot board (make lava;
# scripts/lava-job.sh). device_type: LAVA_UBOOT_DEVICE; the URLs are this
# machine's files: publish them where the lab can fetch them.
device_type: $udev
job_name: cmalab $board $target u-boot
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
