# SPDX-License-Identifier: MIT
# A shared file holds one range of one segment, and only runs that move
# that range map it.  A relinked program run with HUGELINK_TEXT_BUDGET=1
# (the first page of its text) and without (the whole text) makes a file
# for each, and later runs of each map their own, running as a plain
# start does.  A program that was not relinked, moved with
# HUGETLB_FORCE_ELFMAP=yes, is loaded at an address that is no multiple
# of 2 MiB, so the part of its text that moves differs from run to run:
# it shares nothing, says why, and every run computes what a plain run
# does.  Those runs are made without address randomisation (setarch
# -R), at the kernel's fixed base, which is no multiple of 2 MiB: a
# random base is one in 512 runs, and such a run may share.  Judged from
# the programs' own output (the page sizes of their functions, from
# their smaps, and a sum that runs their text) and the files in the
# share directory.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/hot.sh"
need_cmd setarch
pool_reserve 24
mount_hugetlbfs "$PWD/mnt"
mkdir -m 700 mnt/d
share="HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R"

"$CC" $HOT_CFLAGS -o plain "$HLINC/hotprog.c" || fail "cannot build plain"
hl_cc $HOT_CFLAGS -Wl,--hugetlbfs-align -o prog "$HLINC/hotprog.c" ||
	fail "cannot link prog"
small_folios prog
want=$(./plain 1000 | grep '^sum ') || fail "plain: no sum"

# run NAME VAR=VALUE...: prog with the variables, its sum checked.
run() {
	_n=$1; shift
	env $share "$@" ./prog 1000 >"$_n.out" 2>"$_n.err" ||
		fail "$_n: $(cat "$_n.out" "$_n.err")"
	grep -qx "$want" "$_n.out" || fail "$_n: $(grep '^sum' "$_n.out"), a plain run: $want"
}
text_files() { ls mnt/d | grep -c '#2048k' || true; }

run whole
expect_lines whole.out "hot 2048" "cold 2048"
run first HUGELINK_TEXT_BUDGET=1
expect_lines first.out "hot 2048" "cold 4"
[ "$(text_files)" -eq 2 ] ||
	fail "expected a file for each range, found: $(ls mnt/d) $(cat first.err)"
ls mnt/d | grep -q '#2048k#[0-9a-f]*+200000$' ||
	fail "no file names the first page's range: $(ls mnt/d)"
before=$(ls -i mnt/d | sort)
run whole-again
expect_lines whole-again.out "hot 2048" "cold 2048"
run first-again HUGELINK_TEXT_BUDGET=1
expect_lines first-again.out "hot 2048" "cold 4"
[ ! -s whole-again.err ] && [ ! -s first-again.err ] ||
	fail "a later run said: $(cat whole-again.err first-again.err)"
[ "$(ls -i mnt/d | sort)" = "$before" ] ||
	fail "a later run made files again: $(ls mnt/d)"
ok "the whole text and its first page each have a file, mapped by later runs: $(ls mnt/d | tr '\n' ' ')"

rm -f mnt/d/*
for i in 1 2 3 4 5 6 7 8; do
	setarch "$(uname -m)" -R env $share HUGETLB_FORCE_ELFMAP=yes \
		LD_PRELOAD="$HLLIB/libhugelink.so" ./plain 1000 >force.out \
		2>force.err || fail "force $i: $(cat force.out force.err)"
	grep -qx "$want" force.out ||
		fail "force $i: $(grep '^sum' force.out), a plain run: $want"
done
[ "$(text_files)" -eq 0 ] || fail "a program not relinked shared: $(ls mnt/d)"
grep -q "HUGETLB_SHARE: the program is loaded at an address that is not a multiple of its huge pages" force.err ||
	fail "no reason: $(cat force.err)"
ok "a program not relinked runs right 8 times, sharing nothing: $(grep HUGETLB_SHARE force.err)"
