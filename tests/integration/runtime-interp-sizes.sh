#!/bin/sh
# SPDX-License-Identifier: MIT
# GNU ld gives the PT_INTERP of a program linked with libhugetlbfs's B and
# BDT scripts a p_memsz 4 bytes short of its p_filesz, which the kernel
# and the dynamic loader ignore; only a PT_LOAD's sizes say what is
# mapped.  A relinked program whose PT_INTERP is given that shape has
# its text on huge pages with HUGETLB_ELFMAP=R (its own smaps).  Where
# libhugetlbfs's linker is installed, a program it links with
# --hugetlbfs-link=BDT has its text and data moved too.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_thp
export HUGELINK_BACKING=thp

cat >prog.c <<'E'
#define MB 4
#include "bigsegs.h"
#include "hugecheck.h"

__attribute__((noinline)) int text(int x) { return x * 3 + 1; }

int main(void)
{
	hc_report("text", (const void *)text, 64);
	hc_report("data", big_data, SZ);
	return text(0) == 1 && big_data[0] == 0xa5 ? 0 : 1;
}
E
build_c prog -Wl,--hugetlbfs-align || fail "cannot relink prog"

# Shorten PT_INTERP's p_memsz by 4 bytes; print its sizes after.
python3 - prog >interp <<'PY'
import struct
import sys

b = bytearray(open(sys.argv[1], "rb").read())
phoff = struct.unpack_from("<Q", b, 32)[0]
size, num = struct.unpack_from("<HH", b, 54)
for i in range(num):
    at = phoff + i * size
    if struct.unpack_from("<I", b, at)[0] == 3:
        filesz = struct.unpack_from("<Q", b, at + 32)[0]
        struct.pack_into("<Q", b, at + 40, filesz - 4)
        print("filesz %#x memsz %#x" % (filesz, filesz - 4))
open(sys.argv[1], "wb").write(b)
PY
[ -s interp ] || fail "prog has no PT_INTERP"
HUGETLB_ELFMAP=R ./prog >out 2>err || fail "prog exits $?: $(cat err)"
grep -qxE "text (thp|2048)" out || fail "PT_INTERP $(cat interp): $(cat out err)"
ok "PT_INTERP $(cat interp): $(head -n 1 out)"

ld_hugetlbfs=$(command -v ld.hugetlbfs || :)
[ -n "$ld_hugetlbfs" ] && [ -d /usr/share/libhugetlbfs/ldscripts ] ||
	skip "the shortened PT_INTERP is served; libhugetlbfs's linker is not installed, so no program of its BDT script was tried"
mkdir lhf
ln -s "$ld_hugetlbfs" lhf/ld
HUGETLB_DEPRECATED_LINK=1 "$CC" $HC_CFLAGS -no-pie -B lhf \
	-Wl,--hugetlbfs-link=BDT -o bdt prog.c 2>link.err ||
	fail "libhugetlbfs's BDT link: $(cat link.err)"
HUGETLB_ELFMAP=RW LD_PRELOAD="$HLLIB/libhugelink.so.1" ./bdt >out 2>err ||
	fail "bdt exits $?: $(cat err)"
grep -qxE "text (thp|2048)" out && grep -qxE "data (thp|2048)" out ||
	fail "bdt: $(cat out err)"
ok "libhugetlbfs's BDT link, under the preloaded runtime: $(tr '\n' ' ' <out)"
