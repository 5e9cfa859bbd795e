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
# loads: it says which file and which string, and says nothing of
# libbig.so, as where it cannot list the libraries at all.
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

for p in prog midprog; do
	"$ldso" --list "./$p" >list || fail "$ldso --list ./$p: $(cat list)"
	grep -qx "	libbig.so => $PWD/libbig.so (0x[0-9a-f]*)" list ||
		fail "the loader lists no forged line for $p: $(cat list)"
	"./$p" >maps || fail "./$p does not run"
	if awk -v ino="$big" '$5 == ino { found = 1 } END { exit !found }' maps; then
		fail "./$p maps libbig.so: $(cat maps)"
	fi
done
ok "the loader lists libbig.so for both programs, which map none of it"

# refused PROG OWNER: hugectl --libs=libbig.so ./PROG names OWNER and
# the forging entry, and plans no libbig.so.
refused() {
	"$HUGECTL" --dry-run --text --libs=libbig.so "./$1" >out 2>err ||
		fail "$1: exit $?: $(cat out err)"
	grep -qF "$HUGECTL_NAME: does not use the dynamic loader's list of the libraries ./$1 loads ($2: its DT_NEEDED entry \"libx.so\\n\\tlibbig.so => " err ||
		fail "$1: the list is not refused: $(cat err)"
	grep -q "\" holds a control character, which the loader prints raw): whether those HUGELINK_LIBS names move depends on whether each holds a whole huge page of its own$" err ||
		fail "$1: the list is not refused: $(cat err)"
	if grep -q "libbig.so (" err; then fail "$1: libbig.so planned: $(cat err)"; fi
	ok "$1: the list is not used, for an entry of $2, and libbig.so is not planned"
}
refused prog "$PWD/prog"
refused midprog "$PWD/libmid.so"
