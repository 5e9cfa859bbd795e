# SPDX-License-Identifier: MIT
# With HUGETLB_ELFMAP unset, the PF_LINUX_HUGETLB flags in the binary
# decide: --hugetlbfs-link=BDT flags text, data and bss, =B only bss (the
# writable ones on transparent huge pages, the rest on hugetlb pages).  An
# explicit HUGETLB_ELFMAP replaces the flags, and "no" turns them off.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24
for mode in BDT B; do
	# link-bdt.sh and link-bss.sh check these layouts with eu-elflint.
	hl_cc $HC_CFLAGS -no-pie -o "sc-$mode" "$HLINC/segcheck.c" \
		-Wl,--hugetlbfs-link=$mode || fail "cannot link with $mode"
done

./sc-BDT >out 2>err || fail "BDT: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "data thp" "bss thp" "ok"
[ ! -s err ] || fail "BDT said: $(cat err)"
ok "BDT: the flags put text, data and bss on huge pages"

./sc-B >out 2>err || fail "B: $(cat out err)"
expect_lines out "text 4" "data 4" "bss thp" "ok"
ok "B: only bss"

HUGETLB_ELFMAP=R ./sc-BDT >out 2>err
expect_lines out "text 2048" "data 4" "ok"
HUGETLB_ELFMAP=no ./sc-BDT >out 2>err
expect_lines out "text 4" "data 4" "bss 4" "ok"
ok "HUGETLB_ELFMAP replaces the flags"
