#!/bin/sh
# A board's test from its checks file alone (tests/lib/header.sh): boot
# the board and run tests/guest/boards/BOARD.sh in its guest, with every
# area's map drawn and checked against debugfs (guest_ktap_maps). Its
# LAVA job runs the same checks (make lava). tests/run.sh runs it as test
# boards/BOARD; a board that checks more has tests/boards/BOARD.test.
# usage: board.sh tests/guest/boards/BOARD.sh
[ $# -eq 1 ] || { echo "usage: board.sh tests/guest/boards/BOARD.sh" >&2; exit 2; }
TEST_FILE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
board=$(basename "$1" .sh)
# shellcheck source=tests/lib/host.sh
. "$(dirname "$0")/host.sh"
guest_ktap_maps BOARD="$board" RUN="sh /usr/lib/cmalab/tests/boards/$board.sh"
