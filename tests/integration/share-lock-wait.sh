# SPDX-License-Identifier: MIT
# A process making a shared file holds a lock while it does; one that
# is stopped (^Z) or hangs there must not hold up every later start of
# the program.  A new start waits a moment, then goes on with a private
# huge-page copy of its text; once the preparer resumes, its file is
# published and later starts map it.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
need_cmd flock
mount_hugetlbfs "$PWD/mnt"
build_segcheck sc
mkdir mnt/d
share() { HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R "$@"; }

# The preparer stops inside the lock, before it publishes (wait-publish),
# and is then stopped as ^Z stops it.
HUGELINK_FAULT=wait-publish:$PWD/go HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d \
	HUGETLB_ELFMAP=R ./sc backing >prep.out 2>prep.err &
prep=$!
# On a failure, the preparer goes before the mount: its memory must be gone.
at_exit "kill -KILL $prep 2>/dev/null; while grep -q . /proc/$prep/maps 2>/dev/null; do sleep 0.1; done"
share_await_maker mnt/d $prep prep.out prep.err
kill -STOP $prep
# The signal is delivered when the preparer next runs: wait for that.
tries=0
until grep -q '^State:.*stopped' /proc/$prep/status; do
	tries=$((tries + 1))
	[ $tries -lt 100 ] || fail "the preparer is not stopped"
	sleep 0.1
done
ok "the preparer is stopped inside the lock: $(ls mnt/d)"

# The hang guard is not a measure of speed: without a bound the start
# below waits for the stopped preparer for ever.
timeout 60 sh -c "HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R ./sc backing" \
	>new.out 2>new.err || fail "the new start did not finish: status $?: $(cat new.err)"
expect_lines new.out "text 2048" "rodata 2048" "ok"
mnt_dev=$(printf '%02x:%02x' $(stat -c '%Hd %Ld' mnt))
grep -q "^device $mnt_dev\$" new.out &&
	fail "the new start maps a file of the share mount: $(cat new.out)"
grep -q "^backing $PWD/mnt/" new.out && fail "the new start maps a shared file"
ok "a new start beside a stopped preparer runs on a private copy: $(grep -E '^(backing|device)' new.out | tr '\n' ' ')"

kill -CONT $prep
touch go
wait $prep || fail "the preparer failed: $(cat prep.out prep.err)"
expect_lines prep.out "text 2048" "ok"
grep -q "^device $mnt_dev\$" prep.out || fail "the preparer does not map its file: $(cat prep.out)"
share ./sc backing >later.out
expect_lines later.out "text 2048" "ok"
[ "$(grep -E '^(inode|device)' later.out)" = "$(grep -E '^(inode|device)' prep.out)" ] ||
	fail "a later start does not map the preparer's file: $(cat later.out)"
ok "once resumed, the preparer published its file, and later starts map it"
