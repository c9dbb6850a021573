# kernel_case: one boot of the bad-kernel-input corpus (sourced by
# tests/behaviour/bad-*.test after host.sh).
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
		what=${outcome%%:*} text=${outcome#*:}
		case $what in
		hang) grep -q 'hung$' "$work/err" ;;
		panic) grep -q '^run: kernel panic' "$work/err" ;;
		oops) grep -q '^run: kernel oops' "$work/err" ;;
		esac
		_result $? "$desc: the runner reports a $what" "status $boot_rc: $(head -n 1 "$work/err")"
		grep -aqF -- "$text" "$log"
		_result $? "$desc: the kernel said: $text" "$(tail -n 3 "$work/err" | tr '\n' '|')" ;;
	esac
}
