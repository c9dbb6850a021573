# cmalab: boot QEMU's 32-bit ARM virt machine with a board's CMA layout
# and show, or test, what the kernel made of it. See README.md.
#
#   make run    [BOARD=] [CMA=] [BOOTARGS=] [RAM=] [OVERLAYS=]
#               [ROOTFS_OVERLAY=] [RUN=] [TIMEOUT=] [CHECK=0]
#   make shell  (same variables)
#   make check  [BOARD=] [CMA=] [BOOTARGS=] [RAM=] [OVERLAYS=] [FORMAT=json]
#   make bench  [BOARD=] [QUICK=1] [RESULTS=dir]
#   make fit    (build/fit/cmalab.itb, boot.scr)
#   make run-uboot  (make run's variables): boot through U-Boot and the FIT
#   make test
#
# The kernel source, build trees and images live in build/ (ignored).

BOARD ?= aquila
CMA ?=
BOOTARGS ?=
OVERLAYS ?=
ROOTFS_OVERLAY ?=
RUN ?=
TIMEOUT ?= 300
# Virtual CPUs: the default kernel is uniprocessor; FLAVOUR=debug is SMP
# and uses two when CPUS=2 (threads then really race).
CPUS ?= 1
export CPUS
# make run and make shell run cmacheck first and stop on errors; CHECK=0 boots anyway.
CHECK ?= 1
# make check's output: text (the report) or json.
FORMAT ?= text
# Kernel flavour: default, or one with a fragment in board/common/linux/flavour/
FLAVOUR ?= default

B := build
# The source tree with the whole series. A flavour that leaves patches out
# (flavour/<name>.omit) gets its own tree, a git worktree of this one; its
# build directory sits beside it as ../src, as the default one does, so
# ccache finds the objects the two builds share.
MAINSRC := $(B)/linux/src
FLAVOUR_OMIT := $(wildcard board/common/linux/flavour/$(FLAVOUR).omit)
KTREE := $(B)/linux$(if $(FLAVOUR_OMIT),/cut-$(FLAVOUR))
KSRC := $(KTREE)/src
KSTAMP := $(KTREE)/src.stamp
KOUT := $(CURDIR)/$(KTREE)/$(FLAVOUR)
ZIMAGE := $(KOUT)/arch/arm/boot/zImage
MODDIR := $(B)/modules/$(FLAVOUR)
BUSYBOX := $(B)/rootfs/busybox
GBIN := $(B)/guest/bin
INITRAMFS := $(B)/initramfs-$(FLAVOUR).cpio
BASE_DTS := dts/qemu-virt.dts
CMACHECK := $(B)/host/cmacheck

PATCHES := patches/linux-6.1/series $(wildcard patches/linux-6.1/*.patch)
FLAVOUR_FRAGMENT := $(wildcard board/common/linux/flavour/$(FLAVOUR).config)
FRAGMENTS := $(sort $(wildcard board/common/linux/*.config)) $(FLAVOUR_FRAGMENT)
GUEST_PROGS := cmainfo vfimc cmahog cmabench
GUEST_BINS := $(addprefix $(GBIN)/,$(GUEST_PROGS))
GUEST_FILES := $(wildcard guest/* tests/guest/*.sh)
# Guest-side tests written in C: tests/guest/<name>.c
GTEST := $(B)/guest/tests
GUEST_TEST_BINS := $(patsubst tests/guest/%.c,$(GTEST)/%,$(wildcard tests/guest/*.c))

CROSS_CC := arm-linux-gnueabihf-gcc
CFLAGS_GUEST := -std=c11 -O2 -Wall -Wextra -Werror -static -I$(B)/guest/include

# Shell-quote a make value.
q = '$(subst ','\'',$(1))'

# The board: its RAM, overlays and bootargs preset.
-include board/$(BOARD)/board.mk
RAM ?= $(BOARD_RAM)

# Bad input stops here, before anything is built or booted, with one line.
ifeq ($(FLAVOUR_FRAGMENT)$(filter default,$(FLAVOUR)),)
$(error FLAVOUR=$(FLAVOUR): no such kernel flavour (flavours: default $(basename $(notdir $(wildcard board/common/linux/flavour/*.config)))))
endif
ifneq ($(filter 1 2,$(CPUS)),$(CPUS))
$(error CPUS=$(CPUS): 1 (the default) or 2 virtual CPUs; only FLAVOUR=debug's kernel uses the second)
endif
ifneq ($(filter 0 1,$(CHECK)),$(CHECK))
$(error CHECK=$(CHECK): 1 (the default) checks the configuration before booting, 0 boots without)
endif
ifneq ($(filter text json,$(FORMAT)),$(FORMAT))
$(error FORMAT=$(FORMAT): make check prints text (the default) or json)
endif
ifneq ($(filter run shell dtb check run-uboot fit,$(MAKECMDGOALS)),)
INPUT_ERROR := $(shell scripts/check-input.sh $(call q,$(BOARD)) $(call q,$(CMA)) \
	$(call q,$(RAM)) $(call q,$(OVERLAYS)) $(call q,$(ROOTFS_OVERLAY)))
ifneq ($(INPUT_ERROR),)
$(error $(INPUT_ERROR))
endif
endif

# Kernel command line: common arguments and the board's preset, then the
# user's own. CMA= replaces the preset's cma= rather than adding a second
# one, so the line says what the kernel uses (it takes the last cma= and
# says nothing of the others; cmacheck warns when BOOTARGS repeats it).
PRESET_ARGS := $(shell sed 's/\#.*//' bootargs/common.args $(BOARD_BOOTARGS) 2>/dev/null)
KARGS := $(strip $(if $(CMA),$(filter-out cma=%,$(PRESET_ARGS)) cma=$(CMA),$(PRESET_ARGS)) \
	$(BOOTARGS))
RUNDTB = $(RUNDIR).dtb

# Passed through the environment, unexpanded by make: a RUN with quotes,
# newlines or $variables reaches the guest's shell as written.
export CMALAB_RUN := $(value RUN)
export CMALAB_KARGS := $(KARGS)
RUNDIR ?= $(B)/run

.NOTPARALLEL:
.PHONY: all help deps images kernel initramfs dtb dtbs board-dtbs run shell check bench fit run-uboot test clean distclean FORCE

all: images

help:
	@sed -n '1,/^$$/s/^# \{0,1\}//p' Makefile

deps:
	@scripts/deps.sh

images: deps kernel initramfs $(CMACHECK)

kernel: $(ZIMAGE)

initramfs: $(INITRAMFS)

# --- kernel -----------------------------------------------------------------

# The package version, rewritten only when it changes.
$(B)/linux/pkgver: FORCE
	@mkdir -p $(@D); v=$$(dpkg-query -W -f='$${Version}' linux-source-6.1 2>/dev/null); \
	[ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" > $@

$(B)/linux/src.stamp: $(PATCHES) $(B)/linux/pkgver
	@scripts/linux-source.sh $(MAINSRC) patches/linux-6.1
	@touch $@

ifneq ($(FLAVOUR_OMIT),)
$(KSTAMP): $(B)/linux/src.stamp $(FLAVOUR_OMIT)
	@scripts/linux-source.sh $(KSRC) patches/linux-6.1 $(FLAVOUR_OMIT) $(MAINSRC)
	@touch $@
endif

$(KOUT)/.config: $(FRAGMENTS) $(KSTAMP)
	@scripts/linux-config.sh $(KSRC) $(KOUT) $(FRAGMENTS)

$(ZIMAGE): $(KOUT)/.config $(KSTAMP)
	@scripts/linux-build.sh $(KSRC) $(KOUT) $(MODDIR)
	@touch $@

# --- guest userspace --------------------------------------------------------

$(BUSYBOX):
	@scripts/busybox.sh $(B)/dl $@

# The patched kernel's UAPI headers our programs use (e.g. misc/vfimc.h).
UAPI_HEADERS := misc/vfimc.h
GUEST_UAPI := $(addprefix $(B)/guest/include/,$(UAPI_HEADERS))
$(GUEST_UAPI): $(B)/guest/include/%: $(B)/linux/src.stamp
	@mkdir -p $(@D)
	@cp $(MAINSRC)/include/uapi/$* $@

.SECONDEXPANSION:
$(GBIN)/%: $$(wildcard tools/%/*.c tools/%/*.h) $(GUEST_UAPI)
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CROSS_CC) $(CFLAGS_GUEST) -o $@ $(filter %.c,$^)

$(GTEST)/%: tests/guest/%.c tests/guest/guest.h $(GUEST_UAPI)
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CROSS_CC) $(CFLAGS_GUEST) -pthread -o $@ $<

$(INITRAMFS): $(ZIMAGE) $(BUSYBOX) $(GUEST_BINS) $(GUEST_TEST_BINS) $(GUEST_FILES)
	@echo "  CPIO    $@"
	@scripts/initramfs.sh $@ $(BUSYBOX) $(GBIN) $(GTEST) $(MODDIR)

# --- device tree and boot ---------------------------------------------------

DTSCHEMA_OUT := $(B)/linux/dtschema
DTSCHEMA := $(DTSCHEMA_OUT)/Documentation/devicetree/bindings/processed-schema.json
BOARDS := $(patsubst board/%/board.mk,%,$(wildcard board/*/board.mk))

# Every board's DTB as make run builds it, rebuilt when its sources change:
# make dtbs validates them, the FIT carries them.
BOARD_DTBS := $(addprefix $(B)/dtbs/,$(addsuffix .dtb,$(BOARDS)))
$(BOARD_DTBS): $(B)/dtbs/%.dtb: board/%/board.mk $(BASE_DTS) $(wildcard dts/*.dtso) \
		scripts/dtb.sh scripts/lib.sh
	@$(MAKE) -s --no-print-directory dtb BOARD=$* RUNDIR=$(B)/dtbs/$*

board-dtbs: deps $(BOARD_DTBS)

$(DTSCHEMA): $(B)/linux/src.stamp
	@scripts/dt-schema.sh $(MAINSRC) $(DTSCHEMA_OUT)

# Every board's DTB, built as make run builds it and checked against the
# kernel's bindings plus ours. dtc warnings and schema findings are errors.
dtbs: deps $(DTSCHEMA) $(BOARD_DTBS)
	@echo "  VALIDATE $(BOARD_DTBS)"
	@dt-validate -s $(DTSCHEMA) $(BOARD_DTBS) \
		> $(B)/dtbs/dt-validate.log 2>&1; \
	if [ -s $(B)/dtbs/dt-validate.log ]; then \
		cat $(B)/dtbs/dt-validate.log >&2; echo "dtbs: dt-validate findings above" >&2; exit 1; \
	fi

dtb: deps
	@DTC_STRICT=$(CHECK) scripts/dtb.sh $(RUNDTB) $(RAM) $(BASE_DTS) $(BOARD_OVERLAYS) $(OVERLAYS)

run: deps dtb images $(CMACHECK)
	@$(PRECHECK)
	@RUNDIR=$(RUNDIR) TIMEOUT=$(TIMEOUT) ROOTFS_OVERLAY=$(call q,$(ROOTFS_OVERLAY)) \
	scripts/run.sh $(if $(RUN),run,report) $(ZIMAGE) $(INITRAMFS) $(RUNDTB) $(RAM)

shell: deps dtb images $(CMACHECK)
	@$(PRECHECK)
	@RUNDIR=$(RUNDIR) TIMEOUT=$(TIMEOUT) ROOTFS_OVERLAY=$(call q,$(ROOTFS_OVERLAY)) \
	scripts/run.sh shell $(ZIMAGE) $(INITRAMFS) $(RUNDTB) $(RAM)

# --- cmacheck: what the kernel will do with this configuration ---------------

CMACHECK_SRC := $(wildcard tools/cmacheck/*.c)
CFLAGS_HOST := -std=c11 -O2 -Wall -Wextra -Werror

$(CMACHECK): $(CMACHECK_SRC) $(wildcard tools/cmacheck/*.h)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@gcc $(CFLAGS_HOST) -o $@ $(CMACHECK_SRC) -lfdt

# The boot's own DTB, command line, RAM, kernel config and initrd.
CMACHECK_ARGS = --dtb $(RUNDTB) --ram $(RAM) --bootargs $(call q,$(KARGS)) \
	--kconfig $(KOUT)/.config --system-map $(KOUT)/System.map \
	--initrd-size $$(stat -c %s $(INITRAMFS))

# Before a boot: problems only, to stderr; errors stop it (CHECK=0 boots anyway).
PRECHECK = [ $(CHECK) = 0 ] || { rc=0; $(CMACHECK) $(CMACHECK_ARGS) --brief \
	>$(RUNDIR).check 2>&1 || rc=$$?; \
	[ $$rc -eq 0 ] || sed 's/^/  CHECK   /' $(RUNDIR).check >&2; \
	[ $$rc -lt 2 ] || { echo "cmacheck: not booting $(BOARD) (CHECK=0 boots anyway; make check for the full report)" >&2; exit 2; }; }

# The full report, or JSON alone on stdout (FORMAT=json): what is built to
# get here reports on stderr. Warnings pass, errors fail.
check:
	@$(MAKE) -s --no-print-directory deps dtb images $(CMACHECK) >&2
	@rc=0; $(CMACHECK) $(CMACHECK_ARGS) $(if $(filter json,$(FORMAT)),--json) || rc=$$?; [ $$rc -lt 2 ]

# --- U-Boot -----------------------------------------------------------------

# Debian's U-Boot for QEMU's ARM virt machine, as firmware.
UBOOT_BIN := /usr/lib/u-boot/qemu_arm/u-boot.bin
FITDIR := $(B)/fit
FIT_DTBS = $(foreach b,$(BOARDS),$(b)=$(B)/dtbs/$(b).dtb)
# Commands to type at U-Boot's prompt instead of running boot.scr.
UBOOT_PROMPT ?=

# The FIT (kernel, initramfs, conf-<board> for every board) and a boot.scr
# that boots BOARD with its command line, for a disk or a TFTP server.
fit: images board-dtbs
	@scripts/fit.sh $(FITDIR)/cmalab.itb $(ZIMAGE) $(INITRAMFS) $(BOARD) $(FIT_DTBS)
	@scripts/uboot-script.sh $(FITDIR)/boot.scr $(BOARD) $(call q,$(KARGS))
	@echo "  FIT     $(FITDIR)/cmalab.itb ($(words $(BOARDS)) configurations, default conf-$(BOARD)), $(FITDIR)/boot.scr"

run-uboot: deps dtb images board-dtbs $(CMACHECK)
	@$(PRECHECK)
	@RUNDIR=$(RUNDIR) TIMEOUT=$(TIMEOUT) ROOTFS_OVERLAY=$(call q,$(ROOTFS_OVERLAY)) \
	UBOOT=$(UBOOT_BIN) UBOOT_BOARD=$(BOARD) UBOOT_PROMPT=$(call q,$(UBOOT_PROMPT)) \
	UBOOT_DTBS="$(foreach b,$(filter-out $(BOARD),$(BOARDS)),$(b)=$(B)/dtbs/$(b).dtb)" \
	scripts/run.sh $(if $(RUN),run,report) $(ZIMAGE) $(INITRAMFS) $(RUNDTB) $(RAM)

# --- bench ------------------------------------------------------------------

# What CMA costs, against a carveout and the buddy allocator (scripts/bench.sh).
QUICK ?=
RESULTS ?= results
bench: images
	@scripts/bench.sh $(RESULTS) $(if $(QUICK),1,0) $(BOARD)

# --- tests ------------------------------------------------------------------

# Every flavour, the FIT and the processed DT schema are built first: tests
# then run in parallel, and only read them.
FLAVOURS := $(basename $(notdir $(wildcard board/common/linux/flavour/*.config)))
test: images
	@for f in $(FLAVOURS); do \
		$(MAKE) -s --no-print-directory FLAVOUR=$$f images || exit 1; \
	done
	@$(MAKE) -s --no-print-directory fit $(DTSCHEMA)
	@tests/run.sh

clean:
	rm -rf $(B)/run $(B)/guest $(B)/initramfs-*.cpio $(B)/tests

distclean:
	rm -rf $(B)
