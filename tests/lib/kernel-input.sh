# Boots of bad kernel input and of the fixes' reproducers (sourced by
# tests/behaviour/bad-*.test and tests/fixes/*.test after host.sh).
# kernel_case: one boot of the bad-kernel-input corpus.
#   kernel_case DESCRIPTION OUTCOME AREAS VAR=VALUE...
# OUTCOME  runs:TEXT    the guest runs and the console log holds TEXT
#          silent       the guest runs and the kernel says nothing about CMA
#                       beyond its memory summary (no "cma:" line)
#          hang:TEXT    the runner reports a hang; the console log holds TEXT
#          panic:TEXT   the runner reports a panic; the console log holds TEXT
#          oops:TEXT    the runner reports an oops or BUG; the log holds TEXT
# AREAS    the CMA areas that must exist: "none" or "name:pages,..."
# Prints one KTAP result per assertion (2 for runs/silent, 2 for hang/panic).
# work and boot_rc come from host.sh.
# shellcheck disable=SC2154
kernel_case() {
	desc=$1 outcome=$2 areas=$3
	shift 3
	boot IDLE=8 TIMEOUT=120 "$@" RUN='for a in $(ls /sys/kernel/debug/cma); do
		printf "%s:%s," "$a" "$(cat /sys/kernel/debug/cma/$a/count)"; done; echo'
	log=$work/run/console.log
	case $outcome in
	runs:*|silent)
		got=$(sed 's/,$//' "$work/out")
		[ -z "$got" ] && got=none
		[ "$boot_rc" -eq 0 ] && [ "$got" = "$areas" ]
		_result $? "$desc: the guest runs with areas: $areas" \
			"status $boot_rc, areas $got: $(tail -n 2 "$work/err" | tr '\n' '|')"
		if [ "$outcome" = silent ]; then
			! grep -a 'cma:' "$log" | grep -qv 'Kernel command line'
			_result $? "$desc: the kernel says nothing about it" "$(grep -a 'cma:' "$log" | head -n 2)"
		else
			grep -aqF -- "${outcome#runs:}" "$log"
			_result $? "$desc: the kernel says: ${outcome#runs:}" "not in the console log"
		fi ;;
	hang:*|panic:*|oops:*)
		boot_failed "$desc" "$outcome" ;;
	esac
}

# boot_failed DESCRIPTION hang:TEXT|panic:TEXT|oops:TEXT: the last boot
# failed that way (the runner's verdict) and its console log holds TEXT.
# Two KTAP results.
boot_failed() {
	what=${2%%:*} text=${2#*:}
	case $what in
	hang) grep -q 'hung$' "$work/err" ;;
	panic) grep -q '^run: kernel panic' "$work/err" ;;
	oops) grep -q '^run: kernel oops' "$work/err" ;;
	*) false ;;
	esac
	_result $? "$1: the runner reports a $what" "status $boot_rc: $(head -n 1 "$work/err")"
	grep -aqF -- "$text" "$work/run/console.log"
	_result $? "$1: the kernel said: $text" "$(tail -n 3 "$work/err" | tr '\n' '|')"
}

# fix_case NAME OUTCOME VAR=VALUE...: one boot of a fix's reproducer
# (tests/fixes/), held two ways: against cmacheck's prediction for that
# kernel (tests/lib/agreement.sh, sourced too: FLAVOUR=stock makes it
# predict the kernel without the fixes), and against OUTCOME, what the fix
# says the kernel does: runs:TEXT (it boots and says TEXT), or hang:,
# oops:, panic:TEXT as kernel_case's. Three KTAP results.
fix_case() {
	fc_name=$1 fc_outcome=$2
	shift 2
	agreement_predict "$fc_name" "$@"
	agreement_boot "$fc_name" "$@"
	case $fc_outcome in
	runs:*)
		[ "$boot_rc" -eq 0 ]
		_result $? "$fc_name: the guest runs" "status $boot_rc: $(head -n 1 "$work/err")"
		grep -aqF -- "${fc_outcome#runs:}" "$work/run/console.log"
		_result $? "$fc_name: the kernel says: ${fc_outcome#runs:}" "not in the console log" ;;
	*) boot_failed "$fc_name" "$fc_outcome" ;;
	esac
}
