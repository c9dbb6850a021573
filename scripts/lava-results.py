#!/usr/bin/env python3
# The results a lava-run job logged (its log on stdout: one YAML mapping a
# line, "lvl: results" for each result), as "DEFINITION<TAB>CASE<TAB>RESULT"
# lines in the order they were logged. CASE is the test case id as the
# monitor's pattern captured it (extra.test_case_id: the KTAP description;
# LAVA's own "case" is that id lowercased with non-word runs made "_"), or
# LAVA's case for its own results (definition "lava": validate, job, ...).
#
# usage: lava-results.py LAVA_RUN_LOG
import sys

import yaml


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: lava-results.py LAVA_RUN_LOG")
    found = False
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        for line in f:
            if '"lvl": "results"' not in line:
                continue
            msg = yaml.safe_load(line)["msg"]
            case = msg.get("extra", {}).get("test_case_id", msg["case"])
            print("%s\t%s\t%s" % (msg["definition"], case, msg["result"]))
            found = True
    if not found:
        sys.exit("lava-results: %s: no results logged" % sys.argv[1])


if __name__ == "__main__":
    main()
