#!/bin/sh
# SPDX-License-Identifier: MIT
# A DT_NEEDED entry is whatever soname the linker was given, a line
# break included, and the dynamic loader's list ("ld.so --list", what
# hugectl --libs reads) prints it as it is: "libx.so", newline,
# "libbig.so => /path/libbig.so" reads as a library the program loads.
# The loader itself is the oracle that such a list lies: it prints the
# forged line, while the program, run, maps no page of libbig.so (its
# own /proc/self/maps, by inode).  hugectl does not use that list, for
# an entry in the program's own dynamic section or in a library's it
# loads, or in the program's PT_INTERP, which the loader prints as its
# own line: it says which file and which string, and says nothing of
# libbig.so, as where it cannot list the libraries at all.  Nor does it
# use the list where a library it lists is one hugectl cannot read
# (headers the loader takes and hugectl's ELF check refuses), whose
# entries it cannot check.
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf

cat >small.c <<'E'
int small(void) { return 1; }
E
cat >mid.c <<'E'
int small(void);
int mid(void) { return small(); }
E
# The program prints its own maps and, when it is linked with libmid,
# calls through it.
cat >prog.c <<'E'
#include <stdio.h>
int FN(void);
int main(void)
{
	char line[4096];
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f))
		fputs(line, stdout);
	return FN() - 1;
}
E
"$CC" -fPIC -shared -o libbig.so small.c || fail "cannot link libbig.so"
# The forging name holds a "/", so the loader opens it as a path from
# the current directory: it is made there, and the program runs.
forged="libx.so
	libbig.so => $PWD/libbig.so"
"$CC" -fPIC -shared -o libsmall.so small.c -Wl,-soname,"$forged" ||
	fail "cannot link libsmall.so"
mkdir -p "${forged%/*}"
cp libsmall.so "$forged"
"$CC" -DFN=small -o prog prog.c libsmall.so || fail "cannot link prog"
"$CC" -fPIC -shared -o libmid.so mid.c libsmall.so || fail "cannot link libmid.so"
"$CC" -DFN=mid -o midprog prog.c -L. -lmid -Wl,-rpath,"$PWD" ||
	fail "cannot link midprog"
readelf -dW libmid.so | grep -q 'NEEDED.*\[libx.so$' ||
	fail "libmid.so needs no forging name: $(readelf -dW libmid.so)"
big=$(stat -c %i libbig.so)
ldso=$(readelf -lW prog | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
# The interpreter's name forges a line too: it is a path to the real
# one, made here.
interp="$PWD/ld
	libbig.so => $PWD/libbig.so (0x1)
	$ldso"
mkdir -p "${interp%/*}"
ln -s "$ldso" "$interp"
"$CC" -fPIC -shared -o libclean.so small.c || fail "cannot link libclean.so"
"$CC" -DFN=small -o iprog prog.c -L. -lclean -Wl,-rpath,"$PWD" \
	-Wl,--dynamic-linker="$interp" || fail "cannot link iprog"
# A library the loader loads and hugectl's ELF check refuses: its
# writable segment's p_align of 2 MiB, which its address and offset do
# not agree modulo (the loader judges them modulo the page).
cp libmid.so libodd.so
python3 - libodd.so <<'P'
import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
phoff = struct.unpack_from("<Q", b, 32)[0]
size, num = struct.unpack_from("<HH", b, 54)
for i in range(num):
    at = phoff + i * size
    kind, flags = struct.unpack_from("<II", b, at)
    if kind == 1 and flags == 6:
        struct.pack_into("<Q", b, at + 48, 0x200000)
open(sys.argv[1], "wb").write(b)
P
"$CC" -DFN=mid -o oddprog prog.c -L. -lodd -Wl,-rpath,"$PWD" ||
	fail "cannot link oddprog"

for p in prog midprog iprog oddprog; do
	"$ldso" --list "./$p" >list || fail "$ldso --list ./$p: $(cat list)"
	grep -qx "	libbig.so => $PWD/libbig.so (0x[0-9a-f]*)" list ||
		fail "the loader lists no forged line for $p: $(cat list)"
	"./$p" >maps || fail "./$p does not run"
	if awk -v ino="$big" '$5 == ino { found = 1 } END { exit !found }' maps; then
		fail "./$p maps libbig.so: $(cat maps)"
	fi
done
ok "the loader lists libbig.so for both programs, which map none of it"

# refused PROG OWNER WHAT: hugectl --libs=libbig.so ./PROG names OWNER
# and WHAT (the forging entry, or why it cannot be read), and plans no
# libbig.so.
refused() {
	"$HUGECTL" --dry-run --text --libs=libbig.so "./$1" >out 2>err ||
		fail "$1: exit $?: $(cat out err)"
	grep -qF "$HUGECTL_NAME: does not use the dynamic loader's list of the libraries ./$1 loads ($2: $3" err ||
		fail "$1: the list is not refused: $(cat err)"
	grep -q "): whether those HUGELINK_LIBS names move depends on whether each holds a whole huge page of its own$" err ||
		fail "$1: the list is not refused: $(cat err)"
	if grep -q "libbig.so (" err; then fail "$1: libbig.so planned: $(cat err)"; fi
	ok "$1: the list is not used, for $3 of $2, and libbig.so is not planned"
}
refused prog "$PWD/prog" 'its DT_NEEDED entry "libx.so\n\tlibbig.so => '
refused midprog "$PWD/libmid.so" 'its DT_NEEDED entry "libx.so\n\tlibbig.so => '
refused iprog "$PWD/iprog" "its PT_INTERP \"$PWD/ld\\n\\t"
refused oddprog "$PWD/libodd.so" 'hugectl cannot read it ('

