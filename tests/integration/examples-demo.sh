# SPDX-License-Identifier: MIT
# make demo's script, run small: with the 2 MiB pool emptied
# (nr_hugepages=0) although the machine had enough free pages for the
# text, itlb's text and dtlb's table go on transparent huge pages; with
# pages borrowed from the pool, on 2 MiB hugetlb pages; on base pages
# otherwise.  The page sizes are the programs' own reading of their
# smaps; the runner checks that the pool comes back as it was.
. "$HL_SRC/tests/integration/common.sh"
need_thp
# More than the text needs: a pool left as found would take it.
pool_reserve 24

HL_POOL_LOCKED=yes DEMO_ROUNDS=1 DEMO_CALLS=0.2 DEMO_PROBES=0.1 \
	HL_PREFIX="$HL_PREFIX" HL_OUT="$PWD/demo" CC="$CC" \
	sh "$HL_SRC/examples/demo.sh" >out 2>&1 || fail "demo.sh: $(cat out)"
sed -n '/^== Transparent huge pages/,/^== Huge pages from the pool/p' out >thp
sed -n '/^== Huge pages from the pool/,/^== In short/p' out >pool
expect_lines thp "    text: 32 MiB on 4 kB pages" "    table: 512 MiB on 4 kB pages" \
	"    text: 32 MiB on transparent huge pages" \
	"    table: 512 MiB on transparent huge pages"
! grep -q ' on 2048 kB pages$' thp || fail "hugetlb pages with the pool emptied: $(cat thp)"
ok "with no pool, the demo shows the text and the table on transparent huge pages"
expect_lines pool "    text: 32 MiB on 2048 kB pages" "    table: 512 MiB on 2048 kB pages"
ok "with the pool, on 2 MiB hugetlb pages"
[ "$(pool_free)" -ge 24 ] || fail "the demo did not give the pool back: $(pool_free) free"
ok "the demo gives the pool back"
