#!/usr/bin/env python3
# make test's outside judge of its own KTAP: the run's document (the
# runner's header, each test's nested document and result line, the
# summary) through the kernel's KTAP parser, tools/testing/kunit's
# kunit_parser.py from an extracted linux-source. It must parse without
# an error and count, at the top level, what the runner counted.
# Prints one comment line; exits 1 when they disagree.
# usage: ktap-check.py KUNIT_DIR KTAP_FILE PASSED FAILED SKIPPED
import contextlib
import io
import sys


def main() -> int:
    kunit_dir, path = sys.argv[1], sys.argv[2]
    want = [int(n) for n in sys.argv[3:6]]
    sys.path.insert(0, kunit_dir)
    sys.dont_write_bytecode = True  # nothing written into the kernel tree
    with open(path, encoding='utf-8', errors='replace') as f:
        lines = f.read().splitlines()
    # The parser prints its own report as it goes: keep it out of ours.
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            import kunit_parser
            test = kunit_parser.parse_run_tests(lines)
    except Exception as e:  # the parser gives up by raising
        print('# kunit_parser.py (%s) could not parse %s: %s: %s' %
              (kunit_dir, path, type(e).__name__, e))
        return 1
    status = kunit_parser.TestStatus
    got = [sum(1 for t in test.subtests if t.status == s)
           for s in (status.SUCCESS, status.FAILURE, status.SKIPPED)]
    other = len(test.subtests) - sum(got)
    errors = test.counts.errors
    ok = got == want and other == 0 and errors == 0
    print('# kunit_parser.py (%s): %d tests, %d passed, %d failed, %d skipped, '
          '%d unparsed, %d errors: %s' %
          (kunit_dir, len(test.subtests), got[0], got[1], got[2], other, errors,
           'agrees with the runner' if ok else
           'the runner counted %d passed, %d failed, %d skipped' % tuple(want)))
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
