# stress SECONDS SEED DEV...: vfimc-stress (two threads per device, random
# sizes and lifetimes, overlap/area/verify checks throughout) for SECONDS
# while the hog holds memory full; then the hog's pages must all be intact.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh
# shellcheck source=tests/guest/hog.sh
. /usr/lib/cmalab/tests/hog.sh

secs=$1 seed=$2
shift 2
avail=$(($(awk '/^MemAvailable:/ { print $2 }' /proc/meminfo) / 1024))
hog_start $((avail / 6)) $((avail / 6)) $((avail / 2))
echo "# hog: $hog_ready"
/usr/lib/cmalab/tests/vfimc-stress "$secs" "$seed" 2 "$@"
status=$?
plan 1
result=$(hog verify)
echo "# $result"
case $result in *", 0 corrupted") r=0 ;; *) r=1 ;; esac
_result $r "the hog's pages survived the stress intact" "$result"
hog_stop
done_testing && [ $status -eq 0 ]
