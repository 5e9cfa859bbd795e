#!/bin/sh
# SPDX-License-Identifier: MIT
# A note segment whose bytes lie in a file part that runs past the end of
# its file (forged headers) has pages that raise SIGBUS when read; the
# runtime passes over it rather than read it.  A relinked program whose
# 6 MiB rodata segment's p_offset is moved 512 MiB past the end of its
# file, and whose note segment of the runtime's notes is pointed into
# that rodata, runs to its end with HUGETLB_ELFMAP=R, RW and
# HUGELINK_LIBS=all, as it does with nothing asked.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_cmd readelf

cat > pn.c <<'E'
#include <unistd.h>

#define LEN (6 << 20)
const unsigned char ro[LEN] __attribute__((aligned(4096))) = {
	[0 ... LEN - 1] = 0xab
};
static char ran[] = "ran\n";

/* Nothing here reads the rodata, whose pages lie past the end of the
 * file. */
int main(void)
{
	write(1, ran, sizeof(ran) - 1);
	return 0;
}
E
build_c pn -Wl,--hugetlbfs-align || fail "cannot link pn"
readelf -nW pn | grep -q "hugelink" || fail "pn has no hugelink note: $(readelf -nW pn)"
at=$(nm pn | awk '$2 == "R" && $3 == "ro" { print $1 }')
[ -n "$at" ] || fail "nm finds no ro in pn"
python3 "$HLINC/setphdr.py" pn "$at" offset +$((512 << 20)) >moved ||
	fail "cannot move pn's rodata segment"

# Point each PT_NOTE that holds a hugelink note at ro, past the end of
# the file; print how many.
python3 - pn "$at" >notes <<'PY'
import struct
import sys

path, addr = sys.argv[1], int(sys.argv[2], 16)
b = bytearray(open(path, "rb").read())
phoff = struct.unpack_from("<Q", b, 32)[0]
size, num = struct.unpack_from("<HH", b, 54)
n = 0
for i in range(num):
    at = phoff + i * size
    kind, _, off, _, _, filesz = struct.unpack_from("<IIQQQQ", b, at)
    if kind == 4 and b"hugelink\0" in b[off:off + filesz]:
        struct.pack_into("<QQ", b, at + 16, addr, addr)
        n += 1
open(path, "wb").write(b)
print(n)
PY
[ "$(cat notes)" -ge 1 ] || fail "no note segment holds a hugelink note"
readelf -lW pn | grep -A1 NOTE | head -4

./pn >out 2>err || fail "pn, nothing asked, exits $?: $(cat err)"
for v in HUGETLB_ELFMAP=R HUGETLB_ELFMAP=RW "HUGETLB_ELFMAP=R HUGELINK_LIBS=all"; do
	set +e
	env $v HUGETLB_VERBOSE=3 ./pn >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 0 ] || fail "$v: pn exits $rc: $(cat err)"
	[ "$(cat out)" = ran ] || fail "$v: pn said $(cat out)"
	ok "$v: pn runs to its end"
done
