# cmdline-cma [VALUE...]: the kernel's command line (/proc/cmdline) holds
# exactly these cma= values, in this order; none when no VALUE is given.
# shellcheck source=tests/guest/ktap.sh
. /usr/lib/cmalab/tests/ktap.sh

want=""
for v in "$@"; do want="$want cma=$v"; done
got=""
read -r line < /proc/cmdline
for a in $line; do
	case $a in cma=*) got="$got $a" ;; esac
done
said=${want# }
plan 1
is "${got# }" "$said" "the command line holds exactly: ${said:-no cma=}"
done_testing
