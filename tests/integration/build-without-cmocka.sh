# SPDX-License-Identifier: MIT
# cmocka is needed by the unit tests only.  With its header unusable
# (a private mount namespace puts a header that stops the compiler over
# it), plain "make" builds and stages everything, and the staged
# wrapper links a program that runs; "make check-unit" stops before
# compiling anything, naming the package to install (libcmocka-dev).
. "$HL_SRC/tests/integration/common.sh"
need_root
need_cmd unshare
hdr=$(echo '#include <cmocka.h>' | "$CC" -M -E -x c - 2>/dev/null |
	tr ' \\' '\n\n' | grep '/cmocka\.h$' | head -n 1)
[ -n "$hdr" ] || fail "cmocka.h is not installed: the unit tests need it (libcmocka-dev)"
echo '#error cmocka is hidden from this build' >nocmocka.h

# In the namespace: hide the header, then make ARGS in the build dir b.
cat >hidden.sh <<E
mount --bind "$PWD/nocmocka.h" "$hdr" || exit 3
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$HL_SRC" B="$PWD/b" CC="$CC" "\$@"
E

unshare -m sh hidden.sh >make.log 2>&1 || {
	tail -n 30 make.log >&2
	fail "plain make failed without cmocka"
}
[ -x b/stage/bin/hugectl ] && [ -f b/stage/lib/libhugelink.a ] ||
	fail "plain make staged no tools or runtime: $(ls b/stage/bin b/stage/lib 2>&1)"
printf 'int main(void) { return 42; }\n' >p.c
"$CC" -B"$PWD/b/stage/share/hugelink" -Wl,--hugetlbfs-align -o p p.c ||
	fail "the wrapper built without cmocka cannot link"
readelf -lW p | grep -q 'LOAD.*0x200000$' || fail "p is not laid out for huge pages"
rc=0
./p || rc=$?
[ "$rc" -eq 42 ] || fail "the program linked by that wrapper exited $rc"
ok "plain make without cmocka: tools, runtime and wrapper built"

! unshare -m sh hidden.sh check-unit >unit.log 2>&1 || fail "make check-unit passed without cmocka"
grep -q 'libcmocka-dev' unit.log || fail "make check-unit does not name libcmocka-dev: $(tail -n 5 unit.log)"
! grep -q 'error: cmocka is hidden' unit.log ||
	fail "make check-unit compiled before checking for cmocka: $(grep -m1 'cmocka is hidden' unit.log)"
ok "make check-unit without cmocka: $(grep -m1 libcmocka-dev unit.log)"
