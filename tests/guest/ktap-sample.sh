# ktap-sample.sh: one of each kind of line a guest test's KTAP holds, with
# outcomes fixed here, for checking a reader of the console against them
# (tests/lava/run.test): a pass, a failure with a diagnostic, a skip, a
# nested document (a subtest's detail, not results of their own), results
# with a time, a description with quotes, parentheses and a colon. It
# fails, as a test with a failure does.
echo "KTAP version 1"
echo "1..6"
echo "ok 1 a pass"
echo "not ok 2 a failure"
echo "# a diagnostic: the failure's detail"
echo "ok 3 a skip # SKIP skipped on purpose"
echo "    KTAP version 1"
echo "    1..2"
echo "    not ok 1 a nested failure"
echo "    ok 2 a nested pass"
echo "ok 4 a result with nested detail # 2s"
echo "ok 5 quotes 'single' and \"double\" (and parentheses): kept"
echo "not ok 6 a failure with a time # 1s"
exit 1
