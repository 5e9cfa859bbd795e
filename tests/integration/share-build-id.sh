# SPDX-License-Identifier: MIT
# HUGETLB_SHARE names a shared file by the program's GNU build ID as well
# as by its file's identity, whose times do not always change with its
# contents (whole seconds on some file systems, fixed in reproducible
# images).  The wrapper gives every output that carries the runtime a
# build ID, with gcc and with a compiler that asks for none, unless the
# user's own --build-id says otherwise; a program with none is never
# shared, and says why, once.  Judged from readelf and from the
# programs' own maps.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
need_cmd unshare
pool_reserve 8

build_segcheck with
build_segcheck without -Wl,--build-id=none
readelf -nW with | grep -q "Build ID:" || fail "the wrapper's output has no build ID"
! readelf -nW without | grep -q "Build ID:" ||
	fail "--build-id=none: the output has a build ID all the same"
# A compiler driver that asks for no build ID (upstream clang): the
# wrapper run directly with $CC's link line less its --build-id.
$CC $HC_CFLAGS -c -o sc.o "$HLINC/segcheck.c"
args=$(cc_link_args pie sc.o | grep -v '^--build-id')
"$HLBIN/hugetlbfs-ld" --hugetlbfs-align $args -o direct || fail "hugetlbfs-ld, run directly"
readelf -nW direct | grep -q "Build ID:" ||
	fail "linked with no --build-id asked: the output has no build ID"
"$HLBIN/hugetlbfs-ld" --hugetlbfs-align -r -o r.o sc.o ||
	fail "hugetlbfs-ld -r"
! readelf -nW r.o | grep -q "Build ID:" || fail "-r: a relocatable output got a build ID"
ok "the wrapper's outputs have a build ID, asked or not, unless the user says --build-id=none; -r gets none"

mkdir mnt
cat >inside.sh <<'SH'
set -eu
for m in $(awk '$3 == "hugetlbfs" { print $2 }' /proc/mounts); do umount "$m"; done
mount -t hugetlbfs -o pagesize=2M none "$PWD/mnt"
HUGETLB_SHARE=1 HUGETLB_ELFMAP=R ./with backing >with.out 2>with.err
HUGETLB_SHARE=1 HUGETLB_ELFMAP=R ./without backing >without.out 2>without.err
SH
unshare -m --propagation private sh inside.sh ||
	fail "the shared starts: $(cat with.out with.err without.out without.err 2>/dev/null)"
expect_lines with.out "text 2048" "ok"
grep -q "^backing $PWD/mnt/" with.out || fail "with a build ID: not shared: $(cat with.out with.err)"
expect_lines without.out "text 2048" "ok"
! grep -q "^backing $PWD/mnt/" without.out ||
	fail "without a build ID: shared all the same: $(cat without.out)"
[ "$(grep -c 'no GNU build-id' without.err)" -eq 1 ] ||
	fail "without a build ID: not said once why: $(cat without.err)"
ok "a program with no build ID takes a private copy and says why: $(grep -o 'the program has no GNU build-id[^;]*' without.err)"
