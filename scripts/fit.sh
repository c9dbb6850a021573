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
#   ARCH: arm (KERNEL a zImage) or arm64 (an Image)
set -eu

arch=$1 out=$2 kernel=$3 initramfs=$4 default=$5
shift 5
its=${out%.itb}.its

die() { echo "fit: $*" >&2; exit 1; }

case $arch in
# zImage runs from anywhere; 32 MiB into RAM keeps it off the FIT.
arm) image=zImage load=0x42000000 ;;
# An Image runs where it is loaded, 2 MiB aligned; bootm moves it there
# from the FIT, which sits 128 MiB into RAM (scripts/uboot-script.sh).
arm64) image=Image load=0x40200000 ;;
*) die "ARCH=$arch: arm or arm64" ;;
esac

for f in "$kernel" "$initramfs"; do
	[ -r "$f" ] || die "$f is missing (make images)"
done
mkdir -p "$(dirname "$out")"
{
	echo '/dts-v1/;'
	echo '/ {'
	echo "	description = \"cmalab: Linux for QEMU virt ($arch), one configuration per board\";"
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
