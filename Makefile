# cmalab: boot a QEMU machine (32-bit ARM or arm64) with a board's CMA
# layout and show, or test, what the kernel made of it. See README.md.
#
#   make run    [BOARD=] [CMA=] [BOOTARGS=] [RAM=] [OVERLAYS=]
#               [ROOTFS_OVERLAY=] [RUN=] [TIMEOUT=] [CHECK=0] [CHECK_JSON=file]
#               [DISK_WRITE_BPS=] [DISK_READ_BPS=]
#   make shell  (same variables)
#   make check  [BOARD=] [CMA=] [BOOTARGS=] [RAM=] [OVERLAYS=] [FORMAT=json]
#               or DTS=<vendor>/<board> | DTB=<file>, [MEMORY=base:size,...]
#   make survey [SURVEY_TARGETS=] [SURVEY_RESULTS=dir] [BOOT=1]: cmacheck
#               on every mainline board tree with a CMA pool
#   make bench  [BOARD=] [QUICK=1] [RESULTS=dir]
#   make fit    (build/<target>/fit/cmalab.itb, boot.scr)
#   make run-uboot  (make run's variables): boot through U-Boot and the FIT
#   make lava   [BOARD=] (make run's variables): LAVA jobs in build/lava/
#   make lava-run  [BOARD=]: BOARD's QEMU job through Debian's lava-run
#   make test   [TARGETS="arm-6.1 arm64-6.12 ..."] [TESTS=pattern] [SOAK=1]
#   make soak   [TARGETS=] [TESTS=]: what make test leaves out for time
#   make tools-static  cmacheck, cmainfo, cmawhy for a board of ARCH (build/<target>/tools-static/)
#   make -s targets | machines | boards | target-env
#
# Every command takes the target: ARCH (board/arch/<arch>.mk) and KERNEL
# (patches/linux-<kernel>/), default arm and 6.1, the seeds' 32-bit ARM on
# the 6.1 LTS; or TARGET=<arch>-<kernel>, as make -s targets names them. A board boots its machine (board/machine/<machine>.mk).
#
# Sources, build trees and images live in build/ (ignored): build/src/ the
# kernel trees, build/<arch>-<kernel>/ everything built for one target;
# build/<flavour>/ the same for a kernel flavour with a tree of its own.

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
# The scratch disk's write bandwidth in bytes/s (QEMU throttling.bps-write);
# empty: as fast as the host. A slow disk keeps pages under writeback.
DISK_WRITE_BPS ?=
export DISK_WRITE_BPS
DISK_READ_BPS ?=
export DISK_READ_BPS
# The scratch disk's filesystem: blank (the guest's mke2fs makes ext2) or
# ext4, made on the host (scripts/run.sh).
SCRATCH_FS ?=
export SCRATCH_FS
# make run and make shell run cmacheck first and stop on errors; CHECK=0 boots anyway.
CHECK ?= 1
# make check's output: text (the report) or json.
FORMAT ?= text
# Kernel flavour: default, or one with a fragment in board/common/linux/flavour/
FLAVOUR ?= default

# The target: architecture x kernel. An architecture is a file,
# board/arch/<arch>.mk; a kernel is a directory with a series,
# patches/linux-<kernel>/; the targets are every pair. Both are also read
# from the environment, where kernel developers often keep ARCH.
# make -s targets lists them, the default first.
space := $(subst ,, )
include $(sort $(wildcard board/arch/*.mk))
# A machine is a file, board/machine/<machine>.mk, of the keys in
# board/machine/keys (what each means, its kind, its default): each file
# is checked against that table before make reads it, and a wrong key
# stops make with one line naming the file and the key
# (scripts/machine-check.sh).
MACHINE_FILES := $(sort $(wildcard board/machine/*.mk))
MACHINE_CHECK := $(shell scripts/machine-check.sh board/machine/keys $(MACHINE_FILES))
ifneq ($(MACHINE_CHECK),)
$(error $(MACHINE_CHECK))
endif
include $(MACHINE_FILES)
KERNELS := $(patsubst patches/linux-%/series,%,$(wildcard patches/linux-*/series))
ALL_TARGETS := $(foreach a,$(ARCHS),$(addprefix $(a)-,$(KERNELS)))
DEFAULT_TARGET := arm-6.1
# TARGET=arm64-6.12 (a name make -s targets prints) stands for ARCH= and
# KERNEL=; given with an ARCH= or KERNEL= of another target, it is an error.
ifneq ($(filter command line environment,$(origin TARGET)),)
ifeq ($(filter $(TARGET),$(ALL_TARGETS)),)
$(error TARGET=$(TARGET): no such target (targets: $(ALL_TARGETS)))
endif
target_arch := $(firstword $(subst -, ,$(TARGET)))
target_kernel := $(lastword $(subst -, ,$(TARGET)))
target_clash := $(if $(filter command line,$(origin ARCH)),$(filter-out $(target_arch),$(ARCH))) \
	$(if $(filter command line,$(origin KERNEL)),$(filter-out $(target_kernel),$(KERNEL)))
ifneq ($(strip $(target_clash)),)
$(error TARGET=$(TARGET) is ARCH=$(target_arch) KERNEL=$(target_kernel), but $(strip $(foreach v,ARCH KERNEL,$(if $(filter command line,$(origin $(v))),$(v)=$($(v))))) given too: give one or the other)
endif
override ARCH := $(target_arch)
override KERNEL := $(target_kernel)
endif
ARCH ?= $(firstword $(subst -, ,$(DEFAULT_TARGET)))
KERNEL ?= $(lastword $(subst -, ,$(DEFAULT_TARGET)))
override TARGET := $(ARCH)-$(KERNEL)
ifeq ($(filter $(TARGET),$(ALL_TARGETS)),)
$(error ARCH=$(ARCH)$(if $(filter environment,$(origin ARCH)), (from the environment)) KERNEL=$(KERNEL): no such target (targets: $(ALL_TARGETS), as ARCH=$(subst $(space),|,$(ARCHS)) KERNEL=$(subst $(space),|,$(KERNELS))))
endif
export ARCH KERNEL

# What the architecture says (board/arch/$(ARCH).mk), for make and for the
# scripts (exported with the machine's: TARGET_ENV).
ARCH_CROSS := $($(ARCH).cross)
ARCH_DEBARCH := $($(ARCH).debarch)
ARCH_LOADER := $($(ARCH).loader)
ARCH_KIMAGE := $($(ARCH).kimage)
ARCH_KLOAD := $($(ARCH).kload)
ARCH_QEMU := $($(ARCH).qemu)

B := build
TB := $(B)/$(TARGET)
# The kernel tree: Debian's linux-source-$(KERNEL) with patches/linux-$(KERNEL)/
# applied (the kernel's own patches and, where its series says, the common
# series in patches/common/), shared by both architectures. Build
# directories are per target and flavour, at the same depth for every
# target, so that ccache (its base directory is the checkout) serves what
# two builds share.
PATCHDIR := patches/linux-$(KERNEL)
# The measured experiments (patches/linux-$(KERNEL)/experiments/: changes
# make bench measures against the series, each behind a run-time switch,
# off by default) are applied after the series in a tree of their own and
# built into the explain kernel, the diagnostic one make bench boots
# anyway: one build serves both. The debug kernel carries them too, so
# that what they change is tried under KASAN, lockdep and two CPUs
# (tests/debug/lend-*.test); their switches are off until a test sets them.
# The planted kernel is the explain kernel, its options too, with a fault
# planted on purpose after the experiments (patches/linux-$(KERNEL)/planted/),
# which make bench's coherence stage must find (scripts/bench-coherence.sh);
# nothing else builds it.
EXPERIMENTS_FLAVOURS := explain debug planted
PLANTED_FLAVOUR := planted
FLAVOUR_PATCHDIR := $(if $(filter $(EXPERIMENTS_FLAVOURS),$(FLAVOUR)),$(patsubst %/series,%,$(wildcard $(PATCHDIR)/experiments/series $(if $(filter $(PLANTED_FLAVOUR),$(FLAVOUR)),$(PATCHDIR)/planted/series))))
# The fixes (patches/linux-$(KERNEL)/fixes/, with the common ones its
# series names in patches/common/fixes/): bugs the lab found in the stock
# kernel, fixed for upstream. They go on the pristine tree first, in every
# flavour but stock, whose kernel is the series without them: the stock
# behaviour the fixes' tests still assert (docs/fixes.md).
STOCK_FLAVOUR := stock
FIXESDIR := $(if $(filter $(STOCK_FLAVOUR),$(FLAVOUR)),,$(patsubst %/series,%,$(wildcard $(PATCHDIR)/fixes/series)))
KPATCHDIRS := $(FIXESDIR) $(PATCHDIR) $(FLAVOUR_PATCHDIR)
# A flavour with a tree of its own (explain, debug, stock) keeps it and its build
# directories in build/<flavour>/, at the same depth as the shared ones:
# the same paths relative to the checkout, so ccache serves the stock
# kernel every object the fixes leave alone.
OWN_TREE := $(if $(FLAVOUR_PATCHDIR)$(filter $(STOCK_FLAVOUR),$(FLAVOUR)),$(FLAVOUR)/)
KSRC := $(B)/$(OWN_TREE)src/linux-$(KERNEL)
KSTAMP := $(KSRC).stamp
KOUT := $(CURDIR)/$(B)/$(OWN_TREE)$(TARGET)/linux-$(FLAVOUR)
# A flavour that shares the default kernel's tree and changes a few
# options (modular: vfimc as a module) starts its build directory as a
# copy of the default kernel's, when that is built: kbuild then compiles
# only what the options reach (scripts/linux-seed.sh).
SEEDED_FLAVOURS := modular
KSEED_OUT := $(if $(filter $(SEEDED_FLAVOURS),$(FLAVOUR)),$(CURDIR)/$(B)/$(TARGET)/linux-default)
KIMAGE := $(KOUT)/arch/$(ARCH)/boot/$(ARCH_KIMAGE)
MODDIR := $(TB)/modules-$(FLAVOUR)
BUSYBOX := $(B)/rootfs/busybox-$(ARCH_DEBARCH)
# v4l2-compliance and v4l2-ctl with their libraries, a tree for the guest.
V4L_UTILS := $(B)/rootfs/v4l-utils-$(ARCH_DEBARCH)
# fio, built from Debian's source (scripts/fio.sh), a tree for a guest's
# root: tests that want it boot with ROOTFS_OVERLAY=$(FIO_GUEST).
FIO_GUEST := $(B)/rootfs/fio-$(ARCH_DEBARCH)
# Debian's libfdt for the guest's architecture: cmacheck on the board.
LIBFDT_GUEST := $(B)/rootfs/libfdt-$(ARCH_DEBARCH)
GBIN := $(TB)/guest/bin
INITRAMFS := $(TB)/initramfs-$(FLAVOUR).cpio
CMACHECK := $(B)/host/cmacheck

# What the tree is made of: each patch directory's series and patches, and
# the common ones their series take in (scripts/series.sh): patches/common/
# for the series, patches/common/NAME/ for patches/linux-$(KERNEL)/NAME/
# (fixes, experiments).
PATCHES := $(foreach d,$(KPATCHDIRS),$(d)/series $(wildcard $(d)/*.patch)) \
	$(wildcard patches/common/series patches/common/*.patch \
		$(foreach d,$(filter-out $(PATCHDIR),$(KPATCHDIRS)), \
			patches/common/$(notdir $(d))/series patches/common/$(notdir $(d))/*.patch))
FLAVOUR_FRAGMENT := $(wildcard $(if $(filter $(PLANTED_FLAVOUR),$(FLAVOUR)),board/common/linux/flavour/explain.config) board/common/linux/flavour/$(FLAVOUR).config)
# Fragments: every target's, then the architecture's and the kernel's own.
# One kernel per target boots every machine of its architecture: each
# machine's own options (board/machine/<machine>.config) are in it.
MACHINE_FRAGMENTS := $(sort $(wildcard $(foreach m,$(MACHINES),$(if $(filter $(ARCH),$($(m).arch)),board/machine/$(m).config))))
FRAGMENTS := $(sort $(wildcard board/common/linux/*.config)) \
	$(sort $(wildcard board/common/linux/$(ARCH)/*.config)) \
	$(sort $(wildcard board/common/linux/$(KERNEL)/*.config)) $(MACHINE_FRAGMENTS) \
	$(FLAVOUR_FRAGMENT)
GUEST_PROGS := cmainfo vfimc cmahog cmabench cmawhy cmacheck
CMACHECK_SRC := $(wildcard tools/cmacheck/*.c)
GUEST_BINS := $(addprefix $(GBIN)/,$(GUEST_PROGS))
GUEST_FILES := $(wildcard guest/* tests/guest/*.sh tests/guest/boards/*.sh)
# Their names: a file that joins or leaves the list rebuilds the
# initramfs, however old it is.
GUEST_LIST := $(TB)/guest-files.list
# Guest-side tests written in C: tests/guest/<name>.c
GTEST := $(TB)/guest/tests
GUEST_TEST_BINS := $(patsubst tests/guest/%.c,$(GTEST)/%,$(wildcard tests/guest/*.c))

CROSS_CC := $(ARCH_CROSS)gcc
CFLAGS_GUEST := -std=c11 -O2 -Wall -Wextra -Werror -static -I$(TB)/guest/include

# Shell-quote a make value.
q = '$(subst ','\'',$(1))'

# The boards: every board/<board>/board.mk, each read once, what it says
# kept under its name ($(board).BOARD_RAM, ...). BOARDS: those this
# architecture boots (a board's BOARD_ARCHS, or every architecture);
# make -s boards lists them.
BOARD_VARS := BOARD_RAM BOARD_OVERLAYS BOARD_BOOTARGS BOARD_ARCHS BOARD_ARCHS_WHY BOARD_MACHINE
ALL_BOARDS := $(patsubst board/%/board.mk,%,$(wildcard board/*/board.mk))
define board_read
$(foreach v,$(BOARD_VARS),$(v) :=
)
include board/$(1)/board.mk
# A board of a real machine takes that machine's architecture and RAM.
ifneq ($$(BOARD_MACHINE),)
BOARD_ARCHS := $$(or $$(BOARD_ARCHS),$$($$(BOARD_MACHINE).arch))
BOARD_ARCHS_WHY := $$(or $$(BOARD_ARCHS_WHY),it boots machine $$(BOARD_MACHINE) (board/machine/$$(BOARD_MACHINE).mk))
BOARD_RAM := $$(or $$(BOARD_RAM),$$($$(BOARD_MACHINE).ram-min))
endif
$(foreach v,$(BOARD_VARS),$(1).$(v) := $$($(v))
)
endef
$(foreach b,$(ALL_BOARDS),$(eval $(call board_read,$(b))))
BOARDS := $(foreach b,$(ALL_BOARDS),$(if $(filter $(ARCH),$(or $($(b).BOARD_ARCHS),$(ARCH))),$(b)))
# FIT_BOARDS: those whose machine has a U-Boot (QEMU's virt): the FIT's
# configurations, the DTBs dt-validate judges (cmalab's own trees) and
# the U-Boot LAVA jobs; make -s fit-boards lists them. A real board's
# model boots the board's own mainline tree, straight from QEMU.
FIT_BOARDS := $(foreach b,$(BOARDS),$(if $($(or $($(b).BOARD_MACHINE),$($(ARCH).machine)).uboot),$(b)))

# The board: its RAM, overlays and bootargs preset, and its machine.
$(foreach v,$(BOARD_VARS),$(eval $(v) := $$($(BOARD).$(v))))
RAM ?= $(BOARD_RAM)

# The machine the board boots (board/machine/<machine>.mk): the board's
# BOARD_MACHINE, or the architecture's.
MACHINE := $(or $(BOARD_MACHINE),$($(ARCH).machine))
ifeq ($(filter $(MACHINE),$(MACHINES)),)
$(error BOARD=$(BOARD): machine $(MACHINE) is no machine (machines: $(MACHINES), board/machine/*.mk))
endif
ifneq ($($(MACHINE).arch),$(ARCH))
$(error BOARD=$(BOARD) boots machine $(MACHINE), an ARCH=$($(MACHINE).arch) machine; not ARCH=$(ARCH))
endif
# Each key of board/machine/keys as MACHINE_<KEY> (ram-base:
# MACHINE_RAM_BASE), the machine's value or the table's default.
MACHINE_KEYS := $(shell awk '!/^[ \t]*(\#|$$)/ { print $$1 }' board/machine/keys)
MACHINE_DEFAULTS := $(shell awk '!/^[ \t]*(\#|$$)/ && $$3 != "-" { print $$1 "=" $$3 }' board/machine/keys)
upper = $(subst a,A,$(subst b,B,$(subst c,C,$(subst d,D,$(subst e,E,$(subst f,F,$(subst g,G,$(subst h,H,$(subst i,I,$(subst j,J,$(subst k,K,$(subst l,L,$(subst m,M,$(subst n,N,$(subst o,O,$(subst p,P,$(subst q,Q,$(subst r,R,$(subst s,S,$(subst t,T,$(subst u,U,$(subst v,V,$(subst w,W,$(subst x,X,$(subst y,Y,$(subst z,Z,$(subst -,_,$(1))))))))))))))))))))))))))))
MACHINE_VARS := $(foreach k,$(MACHINE_KEYS),MACHINE_$(call upper,$(k)))
$(foreach k,$(MACHINE_KEYS),$(eval MACHINE_$(call upper,$(k)) := $$(or $$($(MACHINE).$(k)),$(patsubst $(k)=%,%,$(filter $(k)=%,$(MACHINE_DEFAULTS))))))
# The base device tree: the board's own mainline tree, built from the
# target's linux-source ($(TB)/machine/), or cmalab's; a LAVA job's: the
# device type's board's, where that is another board of the SoC
# ($(TB)/lava/).
BASE_DTS := $(if $(MACHINE_MAINLINE),$(TB)/machine/$(MACHINE).dtb,$(MACHINE_DTS))
MACHINE_LAVA_DTB := $(if $(MACHINE_LAVA_DTS),$(TB)/lava/$(MACHINE).dtb,$(BASE_DTS))

# What make says of the target and its machine, in one list: exported to
# the scripts, printed for the tests (make -s target-env; tests/run.sh
# writes it once per target, build/tests/<target>/env).
TARGET_ENV := ARCH KERNEL ARCH_CROSS ARCH_DEBARCH ARCH_LOADER ARCH_KIMAGE ARCH_KLOAD \
	ARCH_QEMU MACHINE $(MACHINE_VARS) FIO_GUEST
export $(TARGET_ENV)
# env_of VARS: VAR='value' words for a $(shell) command, which gets make's
# environment, not its exports.
env_of = $(foreach v,$(1),$(v)=$(call q,$($(v))))

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
ifneq ($(DTS),)
ifneq ($(DTB),)
$(error DTS=$(DTS) DTB=$(DTB): one tree, a mainline board's (DTS) or a compiled one (DTB))
endif
endif
ifneq ($(filter-out check,$(MAKECMDGOALS)),)
ifneq ($(DTS)$(DTB)$(MEMORY),)
$(error DTS=, DTB= and MEMORY= are for make check: cmalab boots its own machines' trees (BOARD=))
endif
endif
ifneq ($(filter run-uboot fit,$(MAKECMDGOALS)),)
ifeq ($(MACHINE_UBOOT),)
$(error BOARD=$(BOARD) boots machine $(MACHINE), which has no U-Boot here: run-uboot and fit take the boards of $($(ARCH).machine) (make -s fit-boards))
endif
endif
ifneq ($(filter run shell dtb check run-uboot fit lava lava-job lava-run,$(MAKECMDGOALS)),)
# RAM "-": a board's own tree (DTS=, DTB=), whose RAM cmacheck judges.
INPUT_ERROR := $(shell $(call env_of,BOARD_ARCHS BOARD_ARCHS_WHY $(TARGET_ENV)) \
	scripts/check-input.sh $(ARCH) $(call q,$(BOARD)) $(call q,$(CMA)) \
	$(call q,$(if $(DTS)$(DTB),-,$(RAM))) $(call q,$(OVERLAYS)) $(call q,$(ROOTFS_OVERLAY)))
ifneq ($(INPUT_ERROR),)
$(error $(INPUT_ERROR))
endif
endif

# Kernel command line: the machine's console, common arguments and the
# board's preset, then the
# user's own. CMA= replaces the preset's cma= rather than adding a second
# one, so the line says what the kernel uses (it takes the last cma= and
# says nothing of the others; cmacheck warns when BOOTARGS repeats it).
PRESET_ARGS := $(MACHINE_BOOTARGS) \
	$(shell sed 's/\#.*//' bootargs/common.args $(BOARD_BOOTARGS) 2>/dev/null)
KARGS := $(strip $(if $(CMA),$(filter-out cma=%,$(PRESET_ARGS)) cma=$(CMA),$(PRESET_ARGS)) \
	$(BOOTARGS))
RUNDTB = $(RUNDIR).dtb

# Passed through the environment, unexpanded by make: a RUN with quotes,
# newlines or $variables reaches the guest's shell as written.
export CMALAB_RUN := $(value RUN)
export CMALAB_KARGS := $(KARGS)
RUNDIR ?= $(B)/run

.NOTPARALLEL:
.PHONY: all help targets machines machine-table boards fit-boards target-env deps images kernel initramfs dtb dtbs dtschema board-dtbs run shell check survey survey-target bench fit run-uboot lava lava-job lava-dispatcher lava-run tools-static test soak clean distclean FORCE

all: images

help:
	@sed -n '1,/^$$/s/^# \{0,1\}//p' Makefile

# The targets, the default first; the machines.
targets:
	@echo $(DEFAULT_TARGET) $(filter-out $(DEFAULT_TARGET),$(ALL_TARGETS))
machines:
	@echo $(MACHINES)
# The machines as a markdown table (docs/boards.md holds it; the
# machine-keys test keeps the two the same).
machine-table:
	@echo '| machine | architecture | base device tree | CPUs | RAM | LAVA device type of the physical board |'
	@echo '| --- | --- | --- | --- | --- | --- |'
	@$(foreach m,$(MACHINES),echo '| `$(m)` | $($(m).arch) | $(if $($(m).mainline),the board'"'"'s own: `$($(m).mainline)`,cmalab'"'"'s: `$($(m).dts)`) | $(or $($(m).smp),CPUS= (1)) | $($(m).ram-min)$(if $(filter-out $($(m).ram-min),$($(m).ram-max)), to $($(m).ram-max)) at $($(m).ram-base) | $(if $($(m).lava),`$($(m).lava)`$(if $($(m).lava-dts), (its job carries that board'"'"'s tree: `$($(m).lava-dts)`)),$(if $($(m).uboot),a lab'"'"'s U-Boot board (`LAVA_UBOOT_DEVICE`),none in lava-server)) |';)
boards:
	@echo $(BOARDS)
fit-boards:
	@echo $(FIT_BOARDS)

# TARGET_ENV as shell assignments.
target-env:
	@$(foreach v,$(TARGET_ENV),printf "%s='%s'\n" $(v) $(call q,$($(v)));) \
	echo export $(TARGET_ENV)

# deps_args TARGETS: what make deps and make test install for them (the
# architectures' Debian names, then the packages: board/arch/<arch>.mk's
# and each kernel's linux-source).
target_arch = $(word 1,$(subst -, ,$(1)))
deps_args = "$(sort $(foreach t,$(1),$($(call target_arch,$(t)).debarch)))" \
	$(sort $(foreach t,$(1),$($(call target_arch,$(t)).packages) \
		linux-source-$(word 2,$(subst -, ,$(t)))))

deps:
	@scripts/deps.sh $(call deps_args,$(TARGET))

images: deps kernel initramfs $(CMACHECK) $(FIO_GUEST)/usr/bin/fio

kernel: $(KIMAGE)

initramfs: $(INITRAMFS)

# --- kernel -----------------------------------------------------------------

# The package version, rewritten only when it changes; looked up again
# only when dpkg's database has changed (a lookup per make command adds up
# over a test run).
$(KSRC).pkgver: $(wildcard /var/lib/dpkg/status)
	@mkdir -p $(@D); v=$$(dpkg-query -W -f='$${Version}' linux-source-$(KERNEL) 2>/dev/null); \
	[ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" > $@

$(KSTAMP): $(PATCHES) $(KSRC).pkgver
	@$(if $(OWN_TREE),KSEED=$(B)/src/linux-$(KERNEL)) scripts/linux-source.sh $(KERNEL) $(KSRC) $(KPATCHDIRS)
	@touch $@

$(KOUT)/.config: $(FRAGMENTS) $(KSTAMP)
	@$(if $(KSEED_OUT),scripts/linux-seed.sh $(KSEED_OUT) $(KOUT))
	@scripts/linux-config.sh $(ARCH) $(KSRC) $(KOUT) $(FRAGMENTS)

$(KIMAGE): $(KOUT)/.config $(KSTAMP)
	@scripts/linux-build.sh $(ARCH) $(KSRC) $(KOUT) $(MODDIR)
	@touch $@

# --- guest userspace --------------------------------------------------------

$(BUSYBOX): scripts/busybox.sh scripts/deb-fetch.sh
	@scripts/busybox.sh $(ARCH_DEBARCH) $(B)/dl $@

$(V4L_UTILS)/usr/bin/v4l2-compliance: scripts/v4l-utils.sh scripts/deb-fetch.sh
	@scripts/v4l-utils.sh $(ARCH_DEBARCH) $(B)/dl $(V4L_UTILS)

$(FIO_GUEST)/usr/bin/fio: scripts/fio.sh scripts/deb-source.sh scripts/kcc.sh
	@scripts/fio.sh $(B)/dl $(FIO_GUEST)

# The patched kernel's UAPI headers our programs use (e.g. misc/vfimc.h).
UAPI_HEADERS := misc/vfimc.h
GUEST_UAPI := $(addprefix $(TB)/guest/include/,$(UAPI_HEADERS))
$(GUEST_UAPI): $(TB)/guest/include/%: $(KSTAMP)
	@mkdir -p $(@D)
	@cp $(KSRC)/include/uapi/$* $@

.SECONDEXPANSION:
$(GBIN)/%: $$(wildcard tools/%/*.c tools/%/*.h) $(GUEST_UAPI)
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CROSS_CC) $(CFLAGS_GUEST) -o $@ $(filter %.c,$^)

# cmacheck for the board (cmacheck --live), on Debian's libfdt for it.
$(LIBFDT_GUEST)/lib/libfdt.a: scripts/libfdt.sh scripts/deb-fetch.sh
	@scripts/libfdt.sh $(ARCH_DEBARCH) $(B)/dl $(LIBFDT_GUEST)

$(GBIN)/cmacheck: $(CMACHECK_SRC) $(wildcard tools/cmacheck/*.h) $(LIBFDT_GUEST)/lib/libfdt.a
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CROSS_CC) $(CFLAGS_GUEST) -I$(LIBFDT_GUEST)/include -o $@ $(CMACHECK_SRC) \
		$(LIBFDT_GUEST)/lib/libfdt.a

# make tools-static: what a bring-up engineer copies to the board of this
# ARCH - cmacheck (--live), cmainfo and cmawhy, static - in one directory.
TOOLS_STATIC := $(addprefix $(GBIN)/,cmacheck cmainfo cmawhy)
tools-static: deps $(TOOLS_STATIC)
	@mkdir -p $(TB)/tools-static
	@cp $(TOOLS_STATIC) $(TB)/tools-static/
	@for t in $(notdir $(TOOLS_STATIC)); do echo "  STATIC  $(TB)/tools-static/$$t"; done

$(GTEST)/%: tests/guest/%.c tests/guest/guest.h tests/guest/v4l2.h $(GUEST_UAPI)
	@mkdir -p $(@D)
	@echo "  CC      $@"
	@$(CROSS_CC) $(CFLAGS_GUEST) -pthread -o $@ $<

$(GUEST_LIST): FORCE
	@mkdir -p $(@D)
	@echo $(GUEST_FILES) | cmp -s - $@ || echo $(GUEST_FILES) > $@

$(INITRAMFS): $(KIMAGE) $(BUSYBOX) $(V4L_UTILS)/usr/bin/v4l2-compliance \
		$(GUEST_BINS) $(GUEST_TEST_BINS) $(GUEST_FILES) $(GUEST_LIST)
	@echo "  CPIO    $@"
	@scripts/initramfs.sh $@ $(BUSYBOX) $(GBIN) $(GTEST) $(MODDIR) $(V4L_UTILS)

# --- device tree and boot ---------------------------------------------------

# Bindings and DTBs are checked with 6.1's tree on every target: 6.12's
# dt_binding_check wants dt-schema 2023.9, Debian 12 has 2022.08. The
# binding is in the common series (patches/common/), the same in both.
SCHEMA_KERNEL := 6.1
DTSCHEMA_OUT := $(B)/src/dtschema-$(SCHEMA_KERNEL)
DTSCHEMA := $(DTSCHEMA_OUT)/Documentation/devicetree/bindings/processed-schema.json

# Every board's DTB as make run builds it, rebuilt when its sources change:
# make dtbs validates them, the FIT carries them.
BOARD_DTBS := $(addprefix $(TB)/dtbs/,$(addsuffix .dtb,$(FIT_BOARDS)))
$(BOARD_DTBS): $(TB)/dtbs/%.dtb: board/%/board.mk $(BASE_DTS) $(wildcard dts/*.dtso) \
		scripts/dtb.sh scripts/lib.sh
	@$(MAKE) -s --no-print-directory dtb BOARD=$* RUNDIR=$(TB)/dtbs/$*

board-dtbs: deps $(BOARD_DTBS)

$(DTSCHEMA): FORCE
	@$(MAKE) -s --no-print-directory KERNEL=$(SCHEMA_KERNEL) \
		$(B)/src/linux-$(SCHEMA_KERNEL).stamp
	@[ -f $@ ] && [ $@ -nt $(B)/src/linux-$(SCHEMA_KERNEL).stamp ] || \
		scripts/dt-schema.sh $(B)/src/linux-$(SCHEMA_KERNEL) $(DTSCHEMA_OUT)

dtschema: $(DTSCHEMA)

# Every board's DTB, built as make run builds it and checked against the
# kernel's bindings plus ours. dtc warnings and schema findings are errors.
dtbs: deps $(DTSCHEMA) $(BOARD_DTBS)
	@echo "  VALIDATE $(BOARD_DTBS)"
	@dt-validate -s $(DTSCHEMA) $(BOARD_DTBS) \
		> $(TB)/dtbs/dt-validate.log 2>&1; \
	if [ -s $(TB)/dtbs/dt-validate.log ]; then \
		cat $(TB)/dtbs/dt-validate.log >&2; echo "dtbs: dt-validate findings above" >&2; exit 1; \
	fi

dtb: deps $(if $(MACHINE_MAINLINE),$(BASE_DTS))
	@DTC_STRICT=$(CHECK) scripts/dtb.sh $(RUNDTB) $(RAM) $(BASE_DTS) $(BOARD_OVERLAYS) $(OVERLAYS)

# A real board's model boots the board's own mainline tree, built by the
# kernel's rule from the target's linux-source (scripts/board-dtb.sh);
# the physical board's LAVA job carries it too, or the device type's
# board's where that is another (<machine>.lava-dts).
$(TB)/machine/%.dtb: $(KOUT)/.config
	@scripts/board-dtb.sh $(KSRC) $(KOUT) $($*.mainline) $@
$(TB)/lava/%.dtb: $(KOUT)/.config
	@scripts/board-dtb.sh $(KSRC) $(KOUT) $($*.lava-dts) $@

# After a boot: draw the area maps the guest wrote on its data channel
# (the report always does; a RUN command with "cmawhy --map > /dev/hvc1").
MAPS = { [ ! -s $(RUNDIR)/data.txt ] || scripts/cma-map.sh $(RUNDIR)/data.txt $(RUNDIR); }

run: deps dtb images $(CMACHECK)
	@$(PRECHECK)
	@RUNDIR=$(RUNDIR) TIMEOUT=$(TIMEOUT) ROOTFS_OVERLAY=$(call q,$(ROOTFS_OVERLAY)) \
	scripts/run.sh $(if $(RUN),run,report) $(KIMAGE) $(INITRAMFS) $(RUNDTB) $(RAM) && $(MAPS)

shell: deps dtb images $(CMACHECK)
	@$(PRECHECK)
	@RUNDIR=$(RUNDIR) TIMEOUT=$(TIMEOUT) ROOTFS_OVERLAY=$(call q,$(ROOTFS_OVERLAY)) \
	scripts/run.sh shell $(KIMAGE) $(INITRAMFS) $(RUNDTB) $(RAM)

# --- cmacheck: what the kernel will do with this configuration ---------------

CFLAGS_HOST := -std=c11 -O2 -Wall -Wextra -Werror

$(CMACHECK): $(CMACHECK_SRC) $(wildcard tools/cmacheck/*.h)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@gcc $(CFLAGS_HOST) -o $@ $(CMACHECK_SRC) -lfdt

# The boot's own DTB (its /memory as QEMU's loader writes it: scripts/dtb.sh),
# command line, kernel config and initrd.
CMACHECK_ARGS = --dtb $(RUNDTB) --bootargs $(call q,$(KARGS)) \
	--kconfig $(KOUT)/.config --system-map $(KOUT)/System.map \
	--initrd-size $$(stat -c %s $(INITRAMFS)) $(if $(FIXESDIR),,--stock)

# Before a boot: problems only, to stderr; errors stop it (CHECK=0 boots anyway).
# CHECK_JSON=FILE: also the JSON report (make check FORMAT=json's) in FILE,
# whatever CHECK says: a test holds the boot against it without a make
# check of its own.
CHECK_JSON ?=
PRECHECK = $(if $(CHECK_JSON),$(CMACHECK) $(CMACHECK_ARGS) --json >$(call q,$(CHECK_JSON)) || true;) \
	[ $(CHECK) = 0 ] || { rc=0; $(CMACHECK) $(CMACHECK_ARGS) --brief \
	>$(RUNDIR).check 2>&1 || rc=$$?; \
	[ $$rc -eq 0 ] || sed 's/^/  CHECK   /' $(RUNDIR).check >&2; \
	[ $$rc -lt 2 ] || { echo "cmacheck: not booting $(BOARD) (CHECK=0 boots anyway; make check for the full report)" >&2; exit 2; }; }

# The full report, or JSON alone on stdout (FORMAT=json): what is built to
# get here reports on stderr. Warnings pass, errors fail.
check:
ifneq ($(DTS)$(DTB),)
	@$(MAKE) -s --no-print-directory DTS= DTB= MEMORY= deps $(KOUT)/.config $(CMACHECK) >&2
	@$(if $(DTS),scripts/board-dtb.sh $(KSRC) $(KOUT) $(call q,$(DTS)) $(RUNDIR).base.dtb >&2, \
		scripts/dtb-file.sh $(call q,$(DTB)) $(RUNDIR).base.dtb)
	@$(if $(OVERLAYS),DTC_STRICT=0 scripts/dtb.sh $(RUNDTB) - $(RUNDIR).base.dtb $(OVERLAYS) >&2, \
		cp $(RUNDIR).base.dtb $(RUNDTB))
	@rc=0; $(CMACHECK) $(ANY_ARGS) $(if $(filter json,$(FORMAT)),--json) || rc=$$?; [ $$rc -lt 2 ]
else
	@$(MAKE) -s --no-print-directory deps dtb images $(CMACHECK) >&2
	@rc=0; $(CMACHECK) $(CMACHECK_ARGS) $(if $(filter json,$(FORMAT)),--json) || rc=$$?; [ $$rc -lt 2 ]
endif

# make check on any board: DTS=<vendor>/<board>, a mainline board's own
# tree built from the target's linux-source by the kernel's own rule
# (scripts/board-dtb.sh), or DTB=<file>, a compiled one (a vendor's).
# OVERLAYS= apply on top; dtc's findings are warnings, as in the kernel's
# build, and part of the report (JSON too). The board's bootloader, not
# QEMU's, loads it (--loader unknown). RAM is the tree's /memory banks, or
# RAM= (one bank at the tree's first base, as a bootloader fixes it up),
# or MEMORY=BASE:SIZE,...
# The command line is CMA= and BOOTARGS= alone (BOARD's preset and the
# machine's console are cmalab's, not the board's); the kernel
# configuration is the target's (board/common/linux/).
DTS ?=
DTB ?=
MEMORY ?=
ANY_ARGS = --dtb $(RUNDTB) --loader unknown $(if $(DTS),--dtc-log $(RUNDIR).base.dtb.log) \
	$(if $(filter command line,$(origin RAM)),--ram $(call q,$(RAM))) \
	$(if $(MEMORY),--memory $(call q,$(MEMORY))) \
	$(if $(strip $(CMA)$(BOOTARGS)),--bootargs $(call q,$(strip $(if $(CMA),cma=$(CMA)) $(BOOTARGS)))) \
	--kconfig $(KOUT)/.config $$([ ! -f $(KOUT)/System.map ] || echo --system-map $(KOUT)/System.map)


# --- the mainline survey -----------------------------------------------------

# make survey: cmacheck, built with ASan and UBSan, on every board tree of
# each kernel's linux-source (arm and arm64) that declares a CMA pool, each
# tree built by its kernel's own dtbs rule in build/survey/<target>/
# (scripts/survey-target.sh; cached by make), then results/survey.md and
# survey.json (scripts/survey-report.sh). SURVEY_RESULTS= writes elsewhere,
# SURVEY_TARGETS= narrows the targets. BOOT=1 then transplants every board
# that fits onto virt and boots it (tests/cmacheck/transplant.test with
# TRANSPLANT_ALL=1), and the results say on how many the kernel did what
# cmacheck said, and which rules a boot proved.
CMACHECK_SAN := $(B)/host/cmacheck-san
SURVEY_DIR := $(B)/survey
SURVEY_RESULTS ?= results
SURVEY_TARGETS ?= $(ALL_TARGETS)
ifneq ($(filter-out $(ALL_TARGETS),$(SURVEY_TARGETS)),)
$(error SURVEY_TARGETS=$(SURVEY_TARGETS): $(filter-out $(ALL_TARGETS),$(SURVEY_TARGETS)) is no target (targets: $(ALL_TARGETS)))
endif

$(CMACHECK_SAN): $(CMACHECK_SRC) $(wildcard tools/cmacheck/*.h)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@ (ASan, UBSan)"
	@gcc -std=c11 -O1 -g -Wall -Wextra -Werror -fsanitize=address,undefined \
		-fno-sanitize-recover=all -o $@ $(CMACHECK_SRC) -lfdt

# tools/transplant: a board's CMA configuration onto virt, as an overlay
# (scripts/transplant.sh; tests/cmacheck/transplant.test boots them).
TRANSPLANT := $(B)/host/transplant
$(TRANSPLANT): tools/transplant/transplant.c
	@mkdir -p $(@D)
	@echo "  HOSTCC  $@"
	@gcc $(CFLAGS_HOST) -o $@ $< -lfdt

survey: $(CMACHECK_SAN) $(TRANSPLANT)
	@t0=$$(date +%s); for t in $(SURVEY_TARGETS); do \
		$(MAKE) -s --no-print-directory ARCH=$${t%%-*} KERNEL=$${t#*-} survey-target || exit 1; \
	done; \
	scripts/survey-report.sh $(SURVEY_DIR) $(SURVEY_RESULTS) $$(($$(date +%s) - t0)) $(SURVEY_TARGETS)
ifeq ($(BOOT),1)
	@for t in $(SURVEY_TARGETS); do \
		$(MAKE) -s --no-print-directory ARCH=$${t%%-*} KERNEL=$${t#*-} images || exit 1; \
	done
	@rm -rf $(SURVEY_DIR)/boots
	@env -u MAKEFLAGS -u MAKELEVEL TARGETS="$(SURVEY_TARGETS)" TESTS=cmacheck/transplant \
		TRANSPLANT_ALL=1 TRANSPLANT_RECORD=$(CURDIR)/$(SURVEY_DIR)/boots tests/run.sh | tail -n 3
	@scripts/survey-report.sh $(SURVEY_DIR) $(SURVEY_RESULTS) \
		$$(jq .seconds $(SURVEY_RESULTS)/survey.json) $(SURVEY_TARGETS)
endif

survey-target: deps $(KOUT)/.config $(CMACHECK_SAN)
	@scripts/survey-target.sh $(CMACHECK_SAN) $(KSRC) $(KOUT)/.config $(SURVEY_DIR)/$(TARGET)

# --- U-Boot -----------------------------------------------------------------

# Debian's U-Boot for the machine (board/machine/<machine>.mk), as firmware.
FITDIR := $(TB)/fit
FIT_DTBS = $(foreach b,$(FIT_BOARDS),$(b)=$(TB)/dtbs/$(b).dtb)
# Commands to type at U-Boot's prompt instead of running boot.scr.
UBOOT_PROMPT ?=

# The FIT (kernel, initramfs, conf-<board> for every board) and a boot.scr
# that boots BOARD with its command line, for a disk or a TFTP server.
fit: images board-dtbs
	@scripts/fit.sh $(ARCH) $(FITDIR)/cmalab.itb $(KIMAGE) $(INITRAMFS) $(BOARD) $(FIT_DTBS)
	@scripts/uboot-script.sh $(ARCH) $(FITDIR)/boot.scr $(BOARD) $(call q,$(KARGS))
	@echo "  FIT     $(FITDIR)/cmalab.itb ($(words $(FIT_BOARDS)) configurations, default conf-$(BOARD)), $(FITDIR)/boot.scr"

run-uboot: deps dtb images board-dtbs $(CMACHECK)
	@$(PRECHECK)
	@RUNDIR=$(RUNDIR) TIMEOUT=$(TIMEOUT) ROOTFS_OVERLAY=$(call q,$(ROOTFS_OVERLAY)) \
	UBOOT=$(MACHINE_UBOOT) UBOOT_BOARD=$(BOARD) UBOOT_PROMPT=$(call q,$(UBOOT_PROMPT)) \
	UBOOT_DTBS="$(foreach b,$(filter-out $(BOARD),$(FIT_BOARDS)),$(b)=$(TB)/dtbs/$(b).dtb)" \
	scripts/run.sh $(if $(RUN),run,report) $(KIMAGE) $(INITRAMFS) $(RUNDTB) $(RAM) && $(MAPS)

# --- bench ------------------------------------------------------------------

# What CMA costs, against a carveout and the buddy allocator (scripts/bench.sh);
# where one allocation's time goes (bench-phases.sh); what each change in
# patches/linux-$(KERNEL)/experiments/ does to it, in the same boot as its stock
# arm (bench-changes.sh); lending an area without migration, where the
# kernel's experiments can (bench-lend.sh).
QUICK ?=
RESULTS ?= results
bench: images
	@scripts/bench.sh $(RESULTS) $(if $(QUICK),1,0) $(BOARD)
	@scripts/bench-phases.sh $(RESULTS) $(if $(QUICK),1,0) $(BOARD)
	@scripts/bench-changes.sh $(RESULTS) $(if $(QUICK),1,0) $(BOARD)
	@scripts/bench-stall.sh $(RESULTS) $(if $(QUICK),1,0) $(BOARD)
	@scripts/bench-lend.sh $(RESULTS) $(if $(QUICK),1,0) $(BOARD)
	@scripts/bench-coherence.sh $(RESULTS) $(if $(QUICK),1,0) $(BOARD)

# --- LAVA -------------------------------------------------------------------

# make lava: each board's LAVA jobs for this target (scripts/lava-job.sh),
# in $(LAVA_JOBS)/<target>/<board>/: qemu.yaml for LAVA's qemu device type;
# for a board of virt, uboot.yaml for a lab's U-Boot board of device type
# LAVA_UBOOT_DEVICE; for a real board's model, board.yaml for LAVA's
# device type of the physical board (<machine>.lava), where there is one.
# Every board of the architecture; BOARD= on the command line: that one.
# CMA=, BOOTARGS=, RAM=, OVERLAYS= as for make run.
# make lava-run: BOARD's QEMU job through Debian's lava-run, unpacked into
# build/lava/dispatcher (scripts/lava-dispatcher.sh); its results in the
# job's directory, lava/results.tsv.
LAVA_JOBS ?= $(B)/lava
LAVA_ENV := $(B)/lava/dispatcher/env
LAVA_UBOOT_DEVICE ?= cmalab-$(ARCH)-uboot
LAVA_BOARDS := $(if $(filter command line,$(origin BOARD)),$(BOARD),$(BOARDS))
LAVA_DIR = $(LAVA_JOBS)/$(TARGET)/$(BOARD)

$(LAVA_ENV): scripts/lava-dispatcher.sh scripts/deb-fetch.sh
	@echo "  LAVA    Debian's lava-dispatcher, unpacked into $(@D)"
	@scripts/lava-dispatcher.sh $(B)/dl $(@D)

# The FIT the U-Boot jobs deploy: make fit's, rebuilt only when what goes
# into it changed - tests boot from it while make lava runs beside them.
$(FITDIR)/cmalab.itb: $(KIMAGE) $(INITRAMFS) $(BOARD_DTBS) scripts/fit.sh
	@$(MAKE) -s --no-print-directory fit

lava: deps images $(if $(filter $(FIT_BOARDS),$(LAVA_BOARDS)),$(FITDIR)/cmalab.itb) $(LAVA_ENV)
	@for b in $(LAVA_BOARDS); do \
		$(MAKE) -s --no-print-directory lava-job BOARD=$$b RUNDIR=$(LAVA_JOBS)/$(TARGET)/$$b/board || exit 1; \
	done

lava-job: deps dtb $(if $(MACHINE_LAVA),$(MACHINE_LAVA_DTB))
	@LAVA_FIT=$(FITDIR)/cmalab.itb LAVA_UBOOT_DEVICE=$(LAVA_UBOOT_DEVICE) \
		LAVA_BOARD_DTB=$(MACHINE_LAVA_DTB) LAVA_ENV=$(LAVA_ENV) \
		scripts/lava-job.sh $(LAVA_DIR) $(ARCH) $(TARGET) $(BOARD) $(KIMAGE) $(RUNDTB) $(INITRAMFS) \
		$(RAM) $(call q,$(KARGS))
	@echo "  LAVA    $(LAVA_DIR): $$(cd $(LAVA_DIR) && ls *.yaml | tr '\n' ' ')"

lava-dispatcher: $(LAVA_ENV)

lava-run: $(LAVA_ENV)
	@$(MAKE) -s --no-print-directory lava BOARD=$(BOARD)
	@scripts/lava-run.sh $(LAVA_ENV) $(LAVA_DIR) $(TIMEOUT)

# --- tests ------------------------------------------------------------------

# On every target in TARGETS: the kernels its tests boot (the default one
# and each flavour a selected test names, as tests/run.sh --kernels lists
# them: TESTS= narrows the builds too), the FIT and the processed DT schema
# are built first; tests then run in parallel, and only read them.
TARGETS ?= $(ALL_TARGETS)
ifneq ($(filter-out $(ALL_TARGETS),$(TARGETS)),)
$(error TARGETS=$(TARGETS): $(filter-out $(ALL_TARGETS),$(TARGETS)) is no target (targets: $(ALL_TARGETS)))
endif
# SOAK=1: the stress tests at their long lengths (tests/lib/host.sh: soak).
SOAK ?= 0
export SOAK
ifneq ($(filter-out 0 1,$(SOAK)),)
$(error SOAK=$(SOAK): SOAK is 0 (make test's lengths) or 1 (the stress tests' long lengths))
endif
# make test's room on disk: a fresh clone's build/ after a whole run held
# 16 GiB (kernel trees and builds of every target and flavour it builds),
# with its tests' scratch disks and a margin; scripts/space.sh stops a run
# that would fill the disk halfway through, before anything is built.
TEST_SPACE_GIB ?= 24
test:
	@scripts/space.sh $(B) $(TEST_SPACE_GIB) "make test"
	@scripts/deps.sh $(call deps_args,$(TARGETS))
	@TARGETS="$(TARGETS)" tests/run.sh --kernels | while read -r t fl; do \
		a=$${t%%-*} k=$${t#*-}; \
		for f in $$fl; do \
			$(MAKE) -s --no-print-directory ARCH=$$a KERNEL=$$k FLAVOUR=$$f images || exit 1; \
		done; \
		$(MAKE) -s --no-print-directory ARCH=$$a KERNEL=$$k fit dtschema || exit 1; \
	done
	@$(MAKE) -s --no-print-directory lava-dispatcher
	@CMALAB_DEPS_CHECKED="$$(scripts/deps.sh --list $(call deps_args,$(TARGETS)))" \
		TARGETS="$(TARGETS)" tests/run.sh

# make soak: what make test leaves out for time - the debug kernel's
# stress tests (tests/debug/) at their long lengths and on their
# soak-targets, and the tests whose flavour make test builds on some
# targets only (flavour-targets: the fixes' stock halves, cmacheck/live)
# on every target, and make survey on every target (cmacheck/survey; make
# test's covers the newest kernels); TESTS= narrows them as for make test
# (a grep pattern).
SOAK_TESTS := /debug/\|/fixes/\|/cmacheck/live$$\|/cmacheck/survey$$
soak:
	@$(MAKE) -s --no-print-directory test SOAK=1 TESTS='$(or $(TESTS),$(SOAK_TESTS))'

clean:
	rm -rf $(B)/run $(B)/*/guest $(B)/*/initramfs-*.cpio $(B)/tests

distclean:
	rm -rf $(B)
