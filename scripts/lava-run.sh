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
# the job against the device (nothing boots), 0 when it passes; JOB
# (default qemu.yaml) may be another of the directory's jobs, for a lab's
# board (board.yaml: its device type's template, with stand-ins for the
# lab's own values, scripts/lava-device.py).
#
# usage: lava-run.sh LAVA_ENV JOBDIR TIMEOUT [--validate [JOB]]
set -eu

[ $# -eq 3 ] || { [ "${4:-}" = --validate ] && [ $# -le 5 ]; } ||
	{ echo "usage: lava-run.sh LAVA_ENV JOBDIR TIMEOUT [--validate [JOB]]" >&2; exit 2; }
env=$1 dir=$2 timeout=$3 validate=${4:-} job=${5:-qemu.yaml}
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "lava-run: $*" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || die "lava-run must run as root (it manages the job's temporary directories and devices)"
[ -r "$dir/$job" ] || die "$dir/$job is missing (make lava)"
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
python3 "$here/lava-device.py" render "$LAVA_TEMPLATES" "$dir/$job" "$out/device.yaml"
# lava_run [--validate]: lava-run on the job, under the timeout. A lab's
# dispatcher serves TFTP from tftpd-hpa's directory (/etc/default/
# tftpd-hpa), which this machine need not have: here the job's own
# lava/tftp stands in (lava_dispatcher asks utils.filesystem.tftpd_dir(),
# replaced before lava-run starts). Only a lab's board's job deploys over
# TFTP, and only its validation runs here.
# The same job looks for the lab's own tools (a TFTP server; udevadm,
# for the udev rules of boards on USB; telnet, the stand-in connection
# command's): where this machine lacks one, a stand-in that refuses to
# run answers the look.
lava_run() {
	mkdir -p "$out/tftp"
	for t in in.tftpd udevadm telnet; do
		command -v "$t" >/dev/null && continue
		mkdir -p "$out/bin"
		printf '#!/bin/sh\necho "%s: not on this machine (lava-run.sh)" >&2\nexit 1\n' "$t" >"$out/bin/$t"
		chmod +x "$out/bin/$t"
		PATH=$out/bin:$PATH
	done
	timeout -k 10 "$timeout" python3 -c '
import runpy
import sys
from lava_dispatcher.utils import filesystem
lava_run, tftp = sys.argv[1], sys.argv[2]
filesystem.tftpd_dir = lambda: tftp
sys.argv = [lava_run] + sys.argv[3:]
runpy.run_path(lava_run, run_name="__main__")' "$LAVA_ROOT/usr/bin/lava-run" "$out/tftp" --job-id "$$" \
		--output-dir "$out/output" --device "$out/device.yaml" "$@" "$dir/$job"
}
if [ -n "$validate" ]; then
	lava_run --validate >"$out/validate.log" 2>&1 || { tail -n 20 "$out/validate.log" >&2; exit 1; }
	exit 0
fi
echo "  LAVA    lava-run $dir/$job (log: $out/lava-run.log)"
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
