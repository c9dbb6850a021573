#!/bin/sh
# Build a FIT image for U-Boot with mkimage: the kernel, the initramfs and
# one configuration per board, conf-<board>, each with that board's DTB as
# make run builds it (base plus overlays already applied, /memory set).
#
# Pre-applied DTBs rather than FIT overlay configurations (fdt = "base",
# "ovl"): each board's tree is then exactly the one make run boots and make
# dtbs validates, not a second merge done by U-Boot's libfdt at boot; it
# needs no overlay support in the firmware; and it stays editable at the
# prompt with fdt. It costs a copy of the base per board (about 8 KiB each).
#
# usage: fit.sh ARCH OUT.itb KERNEL INITRAMFS DEFAULT-BOARD BOARD=DTB...
# environment (the Makefile exports them): ARCH_KIMAGE, the kernel image,
# and ARCH_KLOAD, where U-Boot loads it above the RAM base
# (board/arch/ARCH.mk); MACHINE_RAM_BASE (board/machine/MACHINE.mk)
set -eu

arch=$1 out=$2 kernel=$3 initramfs=$4 default=$5
shift 5
its=${out%.itb}.its

die() { echo "fit: $*" >&2; exit 1; }

image=${ARCH_KIMAGE:?run from make (board/arch/$arch.mk)}
# bootm moves the kernel there from the FIT, which sits 128 MiB into RAM
# (scripts/uboot-script.sh).
load=$(printf '0x%x' $((${MACHINE_RAM_BASE:?run from make (board/machine/)} + ${ARCH_KLOAD:?run from make (board/arch/$arch.mk)})))

for f in "$kernel" "$initramfs"; do
	[ -r "$f" ] || die "$f is missing (make images)"
done
mkdir -p "$(dirname "$out")"
{
	echo '/dts-v1/;'
	echo '/ {'
	echo "	description = \"cmalab: Linux for QEMU ${MACHINE:-$arch}, one configuration per board\";"
	echo '	#address-cells = <1>;'
	echo '	images {'
	echo '		kernel {'
	echo "			description = \"Linux $image\";"
	echo "			data = /incbin/(\"$(realpath "$kernel")\");"
	echo '			type = "kernel"; arch = "'"$arch"'"; os = "linux"; compression = "none";'
	echo "			load = <$load>; entry = <$load>;"
	echo '			hash { algo = "sha256"; };'
	echo '		};'
	echo '		ramdisk {'
	echo '			description = "cmalab initramfs";'
	echo "			data = /incbin/(\"$(realpath "$initramfs")\");"
	echo '			type = "ramdisk"; arch = "'"$arch"'"; os = "linux"; compression = "none";'
	echo '			hash { algo = "sha256"; };'
	echo '		};'
	for bd in "$@"; do
		b=${bd%%=*} dtb=${bd#*=}
		[ -r "$dtb" ] || die "$dtb (board $b) is missing"
		echo "		fdt-$b {"
		echo "			description = \"board $b\";"
		echo "			data = /incbin/(\"$(realpath "$dtb")\");"
		echo '			type = "flat_dt"; arch = "'"$arch"'"; compression = "none";'
		echo '			hash { algo = "sha256"; };'
		echo '		};'
	done
	echo '	};'
	echo '	configurations {'
	echo "		default = \"conf-$default\";"
	for bd in "$@"; do
		b=${bd%%=*}
		echo "		conf-$b {"
		echo "			description = \"board $b\";"
		echo '			kernel = "kernel"; ramdisk = "ramdisk";'
		echo "			fdt = \"fdt-$b\";"
		echo '		};'
	done
	echo '	};'
	echo '};'
} >"$its"
mkimage -f "$its" "$out" >"$out.log" 2>&1 || { cat "$out.log" >&2; die "mkimage failed on $its"; }
