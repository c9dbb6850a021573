# The QEMU command line, built in one place for every way cmalab boots a
# machine: make run and make shell (scripts/run.sh, the kernel straight,
# or U-Boot with the FIT on a virtio disk) and LAVA jobs
# (scripts/lava-job.sh: what LAVA's qemu device type does not put in its
# own command line). Sourced (POSIX sh). Each function appends words to
# qemu_argv, each quoted for eval; the caller takes them with
#   eval "set -- $qemu_argv"
# environment (board/arch/ARCH.mk, board/machine/keys; the Makefile
# exports them): ARCH_QEMU, MACHINE_QEMU, MACHINE_CPU, MACHINE_SMP,
# MACHINE_VIRTIO, MACHINE_CONSOLE_UART.

qemu_argv=

# qemu_add WORD...: WORD..., each quoted for eval, after the words so far.
qemu_add() {
	for _w; do
		qemu_argv="$qemu_argv '$(printf '%s' "$_w" | sed "s/'/'\\\\''/g")'"
	done
}

# qemu_cpus CPUS: the CPUs a boot gets: a real board's model its own
# (MACHINE_SMP), virt CPUS.
qemu_cpus() {
	echo "${MACHINE_SMP:-$1}"
}

# qemu_machine CPUS RAM: the binary, the machine and its CPU (none: the
# model builds its own), the CPUs, the RAM; no display, no network (the NIC
# a machine always has gets no backend), no reboot (a guest that
# reboots has ended).
qemu_machine() {
	qemu_add "${ARCH_QEMU:?run from make: the QEMU binary (board/arch/ARCH.mk)}" \
		-M "${MACHINE_QEMU:?run from make: the machine (board/machine/MACHINE.mk)}"
	[ -z "${MACHINE_CPU:-}" ] || qemu_add -cpu "$MACHINE_CPU"
	qemu_add -smp "$(qemu_cpus "$1")" -m "$2" -nographic -nic none -no-reboot
}

# qemu_channels OUT DATA: the run channel (hvc0) into the file OUT and
# the data channel (hvc1) into DATA, on virtio-serial.
qemu_channels() {
	qemu_add -device virtio-serial-device \
		-chardev "file,id=out,path=$1" -device virtconsole,chardev=out \
		-chardev "file,id=data,path=$2" -device virtconsole,chardev=data
}

# qemu_disk FILE ID [OPTIONS]: FILE as a raw virtio disk (OPTIONS: more
# of -drive's, after a comma).
qemu_disk() {
	qemu_add -drive "file=$1,if=none,format=raw,id=$2${3:+,$3}" \
		-device "virtio-blk-device,drive=$2"
}

# qemu_uarts: no backend for each of the machine's UARTs before the
# console's (MACHINE_CONSOLE_UART), so that the next -serial is the
# console.
qemu_uarts() {
	_n=1
	while [ "$_n" -lt "${MACHINE_CONSOLE_UART:-1}" ]; do
		qemu_add -serial null
		_n=$((_n + 1))
	done
}
