#!/bin/sh
# SPDX-License-Identifier: MIT
# A name in the environment that is a mistake for one of hugelink's
# (HUGTLB_ELFMAP, HUGETLB_ELFMPA, UGETLB_ELFMAP, JUGETLB_ELFMAP,
# HUGELINK_BACKIN, HUGETLB_FOO) changes
# nothing, and the runtime says so at the default verbosity, in one line
# per process that names the variable meant: with nothing else asked,
# beside what is asked, where the start would be served without a pass,
# and where a relinked library carries a second copy of the runtime.
# libhugetlbfs's names that hugelink does not read (HUGETLB_MORECORE,
# HUGETLB_SHM, ...) and hugelink's own are no mistake, and nothing is
# said of them.  Nothing is said at HUGETLB_VERBOSE=1, in a program
# HUGETLB_RESTRICT_EXE leaves alone, nor in a set-uid one (AT_SECURE).
# What moved is judged from the programs' smaps; what is said is the
# feature, judged from the standard error.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"
need_thp
need_cmd setpriv
pool_reserve 16
build_segcheck sc
build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libuse use-hl -L. -lcheck -Wl,--hugetlbfs-align

# said PROG NAME MEANT: the standard error (err) of PROG is one line,
# saying that NAME is unknown and that MEANT was meant ("" when none).
said() {
	_want="unknown variable, ignored: $2${3:+ (did you mean $3?)}"
	[ "$(wc -l <err)" -eq 1 ] && grep -qxF "hugelink: $1: $_want" err ||
		fail "expected \"$_want\", alone, got: $(cat err)"
}

# Nothing asked: nothing moves, and the mistake is said.
for v in HUGTLB_ELFMAP:HUGETLB_ELFMAP HUGETLB_ELFMPA:HUGETLB_ELFMAP \
	 hugetlb_elfmap:HUGETLB_ELFMAP HUGELINK_ELFMAP:HUGETLB_ELFMAP \
	 HUGETLB_FORCE_ELMAP:HUGETLB_FORCE_ELFMAP \
	 HUGETLBFS_SHARE:HUGETLB_SHARE UGETLB_ELFMAP:HUGETLB_ELFMAP \
	 JUGETLB_ELFMAP:HUGETLB_ELFMAP HUGETLB_FOO:; do
	name=${v%%:*} meant=${v#*:}
	env "$name=RW" ./sc >out 2>err || fail "$name=RW: $(cat out err)"
	expect_lines out "text 4" "data 4" "ok"
	said sc "$name" "$meant"
	ok "$name=RW: nothing moved, said: $(cat err)"
done

# Beside what is asked, which applies: the text on the pool's pages.
HUGETLB_ELFMAP=R HUGELINK_BACKIN=file ./sc >out 2>err ||
	fail "HUGELINK_BACKIN: $(cat out err)"
expect_lines out "text 2048" "data 4" "ok"
said sc HUGELINK_BACKIN HUGELINK_BACKING
ok "HUGETLB_ELFMAP=R HUGELINK_BACKIN=file: the text moved, said: $(cat err)"

# Several mistakes: one line names them all.
HUGTLB_ELFMAP=RW HUGETLB_FOO=1 ./sc >out 2>err || fail "two: $(cat out err)"
expect_lines out "text 4" "ok"
[ "$(wc -l <err)" -eq 1 ] && grep -q "unknown variables, ignored: " err &&
	grep -qF "HUGTLB_ELFMAP (did you mean HUGETLB_ELFMAP?)" err &&
	grep -qF "HUGETLB_FOO" err || fail "two mistakes: $(cat err)"
ok "two mistakes, one line: $(cat err)"

# Where HUGETLB_ELFMAP=R alone would be served without a pass, which
# reads nothing else: the page cache serves the text either way.
relink_bigtext 8
"$HUGECTL" --prime prog >prime.out || fail "hugectl --prime prog: $(cat prime.out)"
start_holds 1 env HUGETLB_ELFMAP=R HUGTLB_SHARE=1 ./prog
set -- $(text_smaps $holds "$PWD/prog")
stop_holds
[ "${1:-}" = "$PWD/prog" ] && [ "${2:-0}" -gt 0 ] ||
	fail "primed: the text is not FilePmdMapped: ${*:-no text}"
mv hold1.err err
said prog HUGTLB_SHARE HUGETLB_SHARE
ok "HUGETLB_ELFMAP=R, served from the page cache: said: $(cat err)"

# Two copies of the runtime, the program's and its library's: said once,
# with nothing asked, and with something asked.
for asked in "" HUGETLB_ELFMAP=RW; do
	env $asked HUGETLB_ELFMPA=RW ./use-hl linked >out 2>err ||
		fail "use-hl $asked: $(cat out err)"
	expect_lines out "ok"
	said use-hl HUGETLB_ELFMPA HUGETLB_ELFMAP
	ok "a program and a library that carry the runtime, ${asked:-nothing asked}: said once"
done

# libhugetlbfs's names, and hugelink's own, are no mistake.
env HUGETLB_MORECORE=yes HUGETLB_SHM=yes HUGETLB_NO_PREFAULT=1 \
	HUGETLB_FEATURES=no_private_resv HUGETLB_MORECORE_SHRINK=yes \
	HUGETLB_NO_RESERVE=yes HUGELINK_LD=/usr/bin/ld HUGEPAGES=8 \
	./sc >out 2>err || fail "libhugetlbfs's names: $(cat out err)"
expect_lines out "text 4" "ok"
[ ! -s err ] || fail "libhugetlbfs's names, nothing asked: said $(cat err)"
HUGETLB_ELFMAP=RW HUGETLB_MORECORE=yes HUGETLB_SHM=yes ./sc >out 2>err ||
	fail "libhugetlbfs's names: $(cat out err)"
expect_lines out "text 2048" "ok"
! grep -q "unknown" err || fail "libhugetlbfs's names, RW: said $(cat err)"
ok "libhugetlbfs's names and hugelink's own: nothing said"

# Silent where nothing is to be said.
HUGETLB_VERBOSE=1 HUGTLB_ELFMAP=RW ./sc >out 2>err || fail "$(cat out err)"
[ ! -s err ] || fail "HUGETLB_VERBOSE=1: said $(cat err)"
HUGETLB_RESTRICT_EXE=other HUGTLB_ELFMAP=RW ./sc >out 2>err || fail "$(cat out err)"
[ ! -s err ] || fail "HUGETLB_RESTRICT_EXE=other: said $(cat err)"
ok "HUGETLB_VERBOSE=1, HUGETLB_RESTRICT_EXE: nothing said"

# The copies where the unprivileged user can reach them.
dir=$(mktemp -d /tmp/hl-var-names.XXXXXX)
at_exit "rm -rf $dir"
chmod 755 "$dir"
install -m 755 sc "$dir/plain"
install -o 0 -g 0 -m 4755 sc "$dir/suid"
for p in plain suid; do
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		env HUGTLB_ELFMAP=RW "$dir/$p" >out 2>err || fail "$p: $(cat out err)"
	expect_lines out "ok"
	mv err "err.$p"
done
grep -q "HUGTLB_ELFMAP" err.plain || fail "the plain copy said nothing: $(cat err.plain)"
[ ! -s err.suid ] || fail "set-uid: said $(cat err.suid)"
ok "set-uid (AT_SECURE): nothing said, where the plain copy says it"
