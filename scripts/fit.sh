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
# usage: fit.sh OUT.itb KERNEL INITRAMFS DEFAULT-BOARD BOARD=DTB...
set -eu

out=$1 kernel=$2 initramfs=$3 default=$4
shift 4
its=${out%.itb}.its

die() { echo "fit: $*" >&2; exit 1; }

for f in "$kernel" "$initramfs"; do
	[ -r "$f" ] || die "$f is missing (make images)"
done
mkdir -p "$(dirname "$out")"
{
	echo '/dts-v1/;'
	echo '/ {'
	echo '	description = "cmalab: Linux 6.1 for QEMU virt (ARM), one configuration per board";'
	echo '	#address-cells = <1>;'
	echo '	images {'
	echo '		kernel {'
	echo '			description = "Linux zImage";'
	echo "			data = /incbin/(\"$(realpath "$kernel")\");"
	echo '			type = "kernel"; arch = "arm"; os = "linux"; compression = "none";'
	# zImage runs from anywhere; 32 MiB into RAM keeps it off the FIT.
	echo '			load = <0x42000000>; entry = <0x42000000>;'
	echo '			hash { algo = "sha256"; };'
	echo '		};'
	echo '		ramdisk {'
	echo '			description = "cmalab initramfs";'
	echo "			data = /incbin/(\"$(realpath "$initramfs")\");"
	echo '			type = "ramdisk"; arch = "arm"; os = "linux"; compression = "none";'
	echo '			hash { algo = "sha256"; };'
	echo '		};'
	for bd in "$@"; do
		b=${bd%%=*} dtb=${bd#*=}
		[ -r "$dtb" ] || die "$dtb (board $b) is missing"
		echo "		fdt-$b {"
		echo "			description = \"board $b\";"
		echo "			data = /incbin/(\"$(realpath "$dtb")\");"
		echo '			type = "flat_dt"; arch = "arm"; compression = "none";'
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
