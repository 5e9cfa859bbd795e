#!/bin/sh
# SPDX-License-Identifier: MIT
# A plain program that loads a relinked library, with HUGETLB_ELFMAP
# exported: the library's copy of the runtime moves the library, and
# says nothing at the default verbosity of the program, which asked
# nothing of itself and cannot be moved (a compiler run against a
# relinked libLLVM writes nothing more to its standard error).  It says
# why at HUGETLB_VERBOSE=3; and at the default verbosity where the
# program did ask: the runtime preloaded into it (libhugelink.so), its
# segments flagged (hugeedit), or HUGETLB_FORCE_ELFMAP=yes.  Judged from
# the library's own smaps (libcheck) and the program's standard error.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_set_free 0

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_use_plain use

HUGETLB_ELFMAP=R ./use open ./libcheck.so >out 2>err || fail "use: $(cat out err)"
expect_lines out "lib-text thp" "ok"
[ ! -s err ] || fail "use: the plain host was told about itself: $(cat err)"
ok "a plain host's relinked library moves, and the host hears nothing"

HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=R ./use open ./libcheck.so >out 2>err ||
	fail "use, verbose: $(cat out err)"
grep -q '^hugelink: use: staying on base pages .*relink with --hugetlbfs-align' err ||
	fail "use: HUGETLB_VERBOSE=3 does not say why the host stays: $(cat err)"
ok "HUGETLB_VERBOSE=3 says why the host stays on base pages"

# The program asked: each of these says so at the default verbosity,
# the runtime preloaded after the relinked library too, whose copy then
# acts.
cp use use-flagged
"$HUGEEDIT" --text use-flagged >/dev/null || fail "hugeedit --text use-flagged"
for run in "LD_PRELOAD=$HLLIB/libhugelink.so ./use" \
	   "LD_PRELOAD=./libcheck.so:$HLLIB/libhugelink.so ./use" \
	   "HUGETLB_FORCE_ELFMAP=yes ./use" "./use-flagged"; do
	env HUGETLB_ELFMAP=R $run open ./libcheck.so >out 2>err ||
		fail "$run: $(cat out err)"
	expect_lines out "ok"
	grep -q '^hugelink: use[a-z-]*: staying on base pages' err ||
		fail "$run: the program that asked is not told: $(cat err)"
done
ok "preloaded, forced or flagged, the program hears why it stays"

# A program linked with the shared runtime after a relinked library,
# whose copy acts: laid out for huge pages, it is told of a cap too
# small for its pages.
hl_cc $HC_CFLAGS -o use-rt "$HLINC/libuse.c" -Wl,--no-as-needed \
	-Wl,--hugetlbfs-align,--hugetlbfs-runtime=shared -L. -l:libcheck.so \
	-Wl,-rpath,"$PWD" || fail "cannot link use-rt"
readelf -dW use-rt | awk '/NEEDED/ { print $NF }' | tr -d '[]' >needed
[ "$(grep -n 'libcheck' needed | cut -d: -f1)" -lt "$(grep -n 'libhugelink' needed | cut -d: -f1)" ] ||
	fail "use-rt: libcheck.so is not needed before libhugelink.so: $(cat needed)"
HUGETLB_ELFMAP=RW:cap=1M ./use-rt linked >out 2>err || fail "use-rt: $(cat out err)"
grep -q '^hugelink: use-rt: staying on base pages .*cap is less than' err ||
	fail "use-rt: the program that linked the runtime is not told: $(cat err)"
ok "linked with the shared runtime, after a relinked library, the program hears why it stays"
