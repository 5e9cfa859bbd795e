# When a remap cannot be done the program runs on base pages, correctly,
# and says why once at HUGETLB_VERBOSE >= 2 (the default), silently below:
# an empty pool, a pool big enough for the read-only segments but not for
# data, and no hugetlbfs mounted anywhere (private pages need none).
. "$HL_SRC/tests/integration/common.sh"
build_segcheck sc

# An empty pool.
pool_set_free 0
HUGETLB_ELFMAP=RW ./sc >out 2>err || fail "failed with an empty pool: $(cat out err)"
expect_lines out "text 4" "rodata 4" "data 4" "bss 4" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "expected one message, got: $(cat err)"
grep -q "pool has 0" err || fail "the message does not say why: $(cat err)"
ok "empty pool: base pages, one message: $(cat err)"

HUGETLB_VERBOSE=1 HUGETLB_ELFMAP=RW ./sc >out 2>err
expect_lines out "ok"
[ ! -s err ] || fail "HUGETLB_VERBOSE=1 still said: $(cat err)"
ok "HUGETLB_VERBOSE=1: silent"

# Enough for text and rodata, not for data and bss.
readonly_pages=$(readelf -lW sc | awk -v P=2097152 "$HL_AWK_LIB"'
	$1 == "LOAD" && index($0, " RW ") == 0 {
		t += (up(hex($3) + hex($6)) - down(hex($3))) / P }
	END { print t }')
pool_set_free "$readonly_pages"
HUGETLB_ELFMAP=RW ./sc >out 2>err || fail "failed with a short pool: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "data 4" "bss 4" "ok"
[ "$(wc -l <err)" -eq 1 ] || fail "expected one message, got: $(cat err)"
ok "pool for $readonly_pages pages: text and rodata huge, data on base pages"

# No hugetlbfs mounted: private pages come from memfd_create(MFD_HUGETLB).
pool_reserve 16
need_cmd unshare
unshare -m sh -c '
	for m in $(awk "\$3 == \"hugetlbfs\" { print \$2 }" /proc/mounts); do
		umount "$m" || exit 3
	done
	grep -q hugetlbfs /proc/mounts && exit 3
	HUGETLB_ELFMAP=RW ./sc backing' >out 2>err || fail "no mount: $(cat out err)"
expect_lines out "text 2048" "data 2048" "bss 2048" "ok"
grep -q '^backing /memfd:hugelink' out || fail "not memfd-backed: $(cat out)"
ok "no hugetlbfs mounted: huge pages from memfd"
