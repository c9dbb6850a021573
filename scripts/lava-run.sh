#!/bin/sh
# Run one board's QEMU job (make lava: JOBDIR/qemu.yaml) through Debian's
# lava-run with no server, as LKFT's tuxrun does: the device dictionary
# rendered from LAVA's qemu.jinja2 with the job's context
# (scripts/lava-device.py), the job under a timeout, its id this
# process's (lava-run keeps a job's files under /var/lib/lava/dispatcher/
# tmp/<id>: two runs at once must not share one). lava-run must run as
# root, and it exits 0 whether the tests passed or not: what counts is
# the results it logged, which this writes to JOBDIR/lava/results.tsv,
# one "DEFINITION<TAB>CASE<TAB>RESULT" per line in the order LAVA logged
# them (CASE: the KTAP description, as the monitor's test_case_id), and
# shows. Exit status: 0 when the job completed and every result passed or
# was skipped, 1 when a result failed or the job did not complete, 2 on
# an error before the job ran. --validate: lava-run's own validation of
# the job against the device (nothing boots), 0 when it passes.
#
# usage: lava-run.sh LAVA_ENV JOBDIR TIMEOUT [--validate]
set -eu

[ $# -eq 3 ] || [ "${4:-}" = --validate ] ||
	{ echo "usage: lava-run.sh LAVA_ENV JOBDIR TIMEOUT [--validate]" >&2; exit 2; }
env=$1 dir=$2 timeout=$3 validate=${4:-}
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "lava-run: $*" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || die "lava-run must run as root (it manages the job's temporary directories and devices)"
[ -r "$dir/qemu.yaml" ] || die "$dir/qemu.yaml is missing (make lava)"
case $timeout in ''|*[!0-9]*) die "TIMEOUT=$timeout: seconds" ;; esac
set -a
# shellcheck source=/dev/null
. "$env"
set +a

out=$dir/lava
rm -rf "$out"
mkdir -p "$out"
# lava-run leaves the empty directories of a validation and of a job
# stopped by the timeout under /var/lib/lava/dispatcher/tmp/<id>: remove
# them, and the tree itself when nothing else is in it.
litter=/var/lib/lava/dispatcher/tmp/$$
tidy() {
	rm -rf "$litter"
	rmdir -p /var/lib/lava/dispatcher/tmp 2>/dev/null || true
}
trap tidy EXIT
python3 "$here/lava-device.py" "$LAVA_TEMPLATES" "$dir/qemu.yaml" "$out/device.yaml"
# lava_run [--validate]: lava-run on the job, under the timeout.
lava_run() {
	timeout -k 10 "$timeout" python3 "$LAVA_ROOT/usr/bin/lava-run" --job-id "$$" \
		--output-dir "$out/output" --device "$out/device.yaml" "$@" "$dir/qemu.yaml"
}
if [ -n "$validate" ]; then
	lava_run --validate >"$out/validate.log" 2>&1 || { tail -n 20 "$out/validate.log" >&2; exit 1; }
	exit 0
fi
echo "  LAVA    lava-run $dir/qemu.yaml (log: $out/lava-run.log)"
rc=0
lava_run >"$out/lava-run.log" 2>&1 || rc=$?
# The guest's console as lava-run logged it ("target" lines), for a report.
console() {
	sed -n 's/^{"dt": "[^"]*", "lvl": "target", "msg": "\(.*\)"}$/\1/p' "$out/lava-run.log" | tail -n 20 >&2
}
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	echo "lava-run: no end after ${timeout}s (TIMEOUT); the guest's last console lines:" >&2
	console
	exit 1
fi
python3 "$here/lava-results.py" "$out/lava-run.log" >"$out/results.tsv" || {
	console
	exit 1
}
sed 's/^/  RESULT  /' "$out/results.tsv"
status=$(sed -n 's/^lava\tjob\t//p' "$out/results.tsv")
if [ "$status" != pass ] || grep -q '	fail$' "$out/results.tsv"; then
	echo "lava-run: $(grep -c '	fail$' "$out/results.tsv") results failed; the job: $status (log: $out/lava-run.log)" >&2
	exit 1
fi
