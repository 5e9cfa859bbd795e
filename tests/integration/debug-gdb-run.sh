# SPDX-License-Identifier: MIT
# A breakpoint set in gdb before "run" stops the program there, although
# gdb writes it into the text before the runtime moves the text to huge
# pages: the runtime of a traced process copies the pages written since
# they were loaded from memory.  For R (in PIE, static and static-pie
# programs), RW, THP, the path of kernels before 5.16 (a hugetlb file
# mapped over the text) and HUGETLB_SHARE=1 (a traced process takes a
# private copy, first run or warm, and never makes or changes a shared
# file).  gdb is the oracle for the stop, the program itself for what
# backs its text.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_gdb
setup_spin spin

# gdb_run MODE NAME [PROG]: run PROG (./spin) under gdb in MODE,
# stopping in work(); the transcript, with the program's own output, in
# NAME.gdb.
gdb_run() {
	env $(mode_env "$1") timeout 120 gdb -q -batch -ex 'break work' -ex run \
		-ex 'bt 1' -ex delete -ex continue "${3:-./spin}" >"$2.gdb" 2>&1 ||
		fail "$2: gdb failed: $(cat "$2.gdb")"
	grep -q '^Breakpoint 1, work ' "$2.gdb" ||
		fail "$2: gdb did not stop in work(): $(cat "$2.gdb")"
	grep -q '^#0  work ' "$2.gdb" || fail "$2: no backtrace: $(cat "$2.gdb")"
	grep -q 'exited normally' "$2.gdb" ||
		fail "$2: the program did not exit normally: $(cat "$2.gdb")"
	expect_lines "$2.gdb" "$(mode_text "$1")" done
}

shared_files() { ls mnt/d | grep '#2048k$' || true; }

for mode in R RW thp old; do
	gdb_run $mode $mode
	ok "$mode: stopped in work() on $(grep '^text' $mode.gdb | tr '\n' ' ')"
done
for kind in static static-pie; do
	build_spin spin-$kind -$kind
	gdb_run R $kind ./spin-$kind
	ok "$kind, R: stopped in work()"
done

gdb_run shared first
[ -z "$(shared_files)" ] || fail "a traced first run made shared files: $(shared_files)"
grep -qx 'text-map /anon_hugepage (deleted)' first.gdb ||
	fail "a traced first run does not run on a private copy: $(grep text-map first.gdb)"
ok "shared, first run: stopped in work(), on a private copy, no file made"

env $(mode_env shared) ./spin >made || fail "an untraced shared run failed: $(cat made)"
grep -q "^text-map $PWD/mnt/d/" made || fail "the untraced run did not share: $(cat made)"
sums() { for f in mnt/d/*'#2048k'; do cksum <"$f"; done; }
sums >before
gdb_run shared warm
grep -qx 'text-map /anon_hugepage (deleted)' warm.gdb ||
	fail "a traced warm run does not run on a private copy: $(grep text-map warm.gdb)"
sums >after
cmp -s before after || fail "a traced run changed the shared files"
env $(mode_env shared) ./spin >later || fail "a later shared run failed: $(cat later)"
expect_lines later "text 2048" done
grep -q "^text-map $PWD/mnt/d/" later || fail "the later run did not share: $(cat later)"
ok "shared, warm run: stopped in work(), on a private copy; the shared files unchanged"
