#!/bin/sh
# SPDX-License-Identifier: MIT
# The real linker is HUGELINK_LD when set, never $LD, which build
# systems set to anything.  gcc -v and LDEMULATION work through the
# wrapper.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

P=$((2 * MIB))
write_prog
mkdir fakebin
printf '#!/bin/sh\necho "fake linker run" >&2\nexit 9\n' >fakebin/ld
chmod +x fakebin/ld

LD=$PWD/fakebin/ld hl_cc -Wl,--hugetlbfs-align -o a prog.c
check_starts a $P $P
LD=$PWD/fakebin/ld hl_cc -o b prog.c
./b >/dev/null || fail "b failed"
ok "LD is not used"

need_cmd ld.lld
lld=$(command -v ld.lld)
HUGELINK_LD=$lld hl_cc -Wl,--hugetlbfs-align -o c prog.c
[ "$(linker_of c)" = lld ] || fail "HUGELINK_LD=$lld was not used"
check_pages c $P $P
check_run c $P pie
ok "HUGELINK_LD=$lld"

hl_cc -v -Wl,--hugetlbfs-align -o d prog.c 2>v.txt
check_starts d $P $P
# gcc shows collect2's step, clang the linker's ("/usr/bin/ld", quoted).
grep -Eq '^ *"?[^" ]*/(collect2|ld)"? ' v.txt || fail "$CC -v: no link step shown"
ok "$CC -v"

# Without -m, GNU ld's target comes from LDEMULATION.
make_start
LDEMULATION=elf_iamcu "$HLBIN/hugetlbfs-ld" --hugetlbfs-align -shared \
	-o e start.o 2>err.txt && fail "LDEMULATION was not used"
grep -q 'elf_iamcu' err.txt || fail "LDEMULATION: $(cat err.txt)"
ok "LDEMULATION"
