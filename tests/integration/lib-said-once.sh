# SPDX-License-Identifier: MIT
# Each warning is said once in a process.  A program that loads and
# unloads a relinked library again and again hears about each object
# that stays on base pages once: the program itself, when it is a plugin
# host that was not relinked but asked for huge pages (its text flagged
# with hugeedit; a plain host that asked nothing hears nothing of itself:
# lib-plain-host) and the copy of the runtime that acts goes with each
# unload; a library that stays loaded, when the program's copy looks at
# every library again after another's dlclose().  The library opened
# again is looked at and moved again each time (its smaps), and at
# HUGETLB_VERBOSE=3 every pass is traced as before.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_set_free 0

build_libcheck libcheck.so -Wl,--hugetlbfs-align
build_libcheck libstay.so -Wl,--hugetlbfs-align
build_use_plain use
"$HUGEEDIT" --text use >/dev/null || fail "hugeedit --text use"
build_libuse use-hl -Wl,--hugetlbfs-align

cycles() {
	_c="open ./libcheck.so close"
	echo "${1:-} $_c $_c $_c $_c"
}

# The flagged plain host: the runtime in libcheck acts, and goes with it.
HUGETLB_ELFMAP=RW ./use $(cycles) >out 2>err || fail "use: $(cat out err)"
[ "$(grep -c '^lib-text thp$' out)" -eq 4 ] ||
	fail "use: libcheck's text not on THP at each load: $(cat out)"
n=$(grep -c '^hugelink: use: staying on base pages' err)
[ "$n" -eq 1 ] || fail "use: the warning about the program said $n times: $(cat err)"
ok "a plain host that loads a relinked library 4 times hears about itself once"

# The relinked program: libstay stays on base pages (an empty pool, and
# hugetlb pages alone asked for), while libcheck comes and goes.
HUGETLB_ELFMAP=RW HUGELINK_BACKING=hugetlb ./use-hl $(cycles "open ./libstay.so") \
	>out 2>err || fail "use-hl: $(cat out err)"
n=$(grep -c '^hugelink: use-hl: libstay.so: staying on base pages' err)
[ "$n" -eq 1 ] || fail "use-hl: the warning about libstay said $n times: $(cat err)"
n=$(grep -c '^hugelink: use-hl: libcheck.so: staying on base pages' err)
[ "$n" -eq 1 ] || fail "use-hl: the warning about libcheck said $n times: $(cat err)"
ok "a relinked program hears about a library that stays loaded once"

HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./use $(cycles) >out 2>err ||
	fail "use, verbose: $(cat out err)"
n=$(grep -c '^hugelink: use: staying on base pages' err)
[ "$n" -eq 4 ] || fail "use: HUGETLB_VERBOSE=3 traced $n passes, not 4: $(cat err)"
ok "HUGETLB_VERBOSE=3 traces each pass"
