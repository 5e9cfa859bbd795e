# SPDX-License-Identifier: MIT
# hugeedit lists each PT_LOAD and sets or clears PF_LINUX_HUGETLB as
# libhugetlbfs's does: any option clears it everywhere first; --text
# marks the read-only segments, --data the writable ones.  The oracle for
# the flags is a reading of the program headers in Python, and cmp shows
# that nothing else in the file changes.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3

# listing FILE: what hugeedit should print, from the headers themselves.
listing() {
	python3 - "$1" <<'E'
import struct, sys
d = open(sys.argv[1], 'rb').read()
e = '<' if d[5] == 1 else '>'
if d[4] == 2:
    phoff, = struct.unpack_from(e + 'Q', d, 32)
    phentsize, phnum = struct.unpack_from(e + 'HH', d, 54)
    fmt = e + 'IIQQQQQQ'
else:
    phoff, = struct.unpack_from(e + 'I', d, 28)
    phentsize, phnum = struct.unpack_from(e + 'HH', d, 42)
    fmt = e + 'IIIIIIII'
for i in range(phnum):
    f = struct.unpack_from(fmt, d, phoff + i * phentsize)
    if d[4] == 2:
        typ, flags, off, vaddr, paddr, filesz, memsz, align = f
    else:
        typ, off, vaddr, paddr, filesz, memsz, flags, align = f
    if typ != 1:
        continue
    print('Segment %d 0x%x - 0x%x (%s) default is %s pages, flags %s%s%s' % (
        i, vaddr, vaddr + memsz, 'DATA' if flags & 2 else 'TEXT',
        'HUGE' if flags & 0x100000 else 'BASE',
        'R' if flags & 4 else '-', 'W' if flags & 2 else '-',
        'X' if flags & 1 else '-'))
E
}

# marked FILE: "TEXT" and "DATA" lines, one per marked segment's class.
marked() { listing "$1" | sed -n 's/.*(\(....\)) default is HUGE.*/\1/p' | sort -u | tr '\n' ' '; }

cat > prog.c <<'E'
const char ro[64 << 10] = { 1 };
char data[64 << 10] = { 1 };
int main(void) { return data[0] - ro[0]; }
E
"$CC" -O1 -o prog prog.c
cp prog orig

echo "no option: a listing, and the file is untouched"
"$HUGEEDIT" prog > out
listing prog | diff -u - out
cmp orig prog

echo "--text marks every read-only segment"
"$HUGEEDIT" --text prog > out
listing prog | diff -u - out
[ "$(marked prog)" = "TEXT " ] || fail "--text marked: $(marked prog)"
changed=$(cmp -l orig prog | wc -l)
[ "$changed" -eq "$(listing prog | grep -c '(TEXT)')" ] ||
	fail "--text changed $changed bytes"

echo "--data clears the text marks and marks the writable segment"
"$HUGEEDIT" --data prog > out
listing prog | diff -u - out
[ "$(marked prog)" = "DATA " ] || fail "--data marked: $(marked prog)"

echo "--text --data marks all; the program still runs"
"$HUGEEDIT" --text --data prog > /dev/null
[ "$(marked prog)" = "DATA TEXT " ] || fail "marked: $(marked prog)"
HUGETLB_ELFMAP=no ./prog || fail "the edited program does not run"
elf_check prog

echo "--disable gives back the original, byte for byte"
"$HUGEEDIT" --disable prog > out
listing prog | diff -u - out
cmp orig prog

echo "an edit that changes nothing does not rewrite the file"
ino=$(stat -c %i prog)
"$HUGEEDIT" --disable prog > /dev/null
[ "$(stat -c %i prog)" = "$ino" ] || fail "rewritten for nothing"
ls -a | grep hugeedit && fail "a temporary copy was left behind"
ok "hugeedit round trip"
