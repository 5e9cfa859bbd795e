# SPDX-License-Identifier: MIT
# Every tool refuses a file that is not ELF, is truncated, has an
# unsupported class or byte order, or malformed program headers: a
# non-zero exit, a message that names the file and the cause, and the
# file byte for byte as it was (cmp).
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3

cat > prog.c <<'E'
int main(void) { return 0; }
E
"$CC" -O1 -o prog prog.c

# Each bad file: name, then the cause the message must give.
python3 - prog <<'E' > causes
import struct, sys
good = open(sys.argv[1], 'rb').read()
phoff, = struct.unpack_from('<Q', good, 32)
# The first PT_LOAD's program header.
load = next(phoff + i * 56 for i in range(struct.unpack_from('<H', good, 56)[0])
            if struct.unpack_from('<I', good, phoff + i * 56)[0] == 1)

def variant(name, cause, data):
    open(name, 'wb').write(data)
    print(name, cause)

def patch(fmt, off, *values):
    d = bytearray(good)
    struct.pack_into(fmt, d, off, *values)
    return bytes(d)

variant('notelf', 'not an ELF file', b'#!/bin/sh\necho hello\n')
variant('empty', 'an empty file', b'')
variant('trunc10', 'truncated: 10 bytes', good[:10])
variant('trunc40', 'truncated: 40 bytes, the 64-bit ELF header needs 64', good[:40])
variant('trunc200', 'the program header table (offset 0x40', good[:200])
variant('class7', 'unsupported ELF class 7', patch('B', 4, 7))
variant('class1', 'the class (EI_CLASS) does not match the file', patch('B', 4, 1))
variant('data3', 'unsupported byte order 3', patch('B', 5, 3))
variant('phoff', 'ends beyond the end of the file', patch('<Q', 32, len(good) - 8))
variant('phentsize', 'e_phentsize is 32, not the 56 bytes', patch('<H', 54, 32))
variant('filesz', 'exceeds p_memsz', patch('<QQ', load + 32, 0x2000, 0x1000))
variant('align', 'p_align 0x3000 is not a power of two', patch('<Q', load + 48, 0x3000))
variant('overflow', 'overflows the address space',
        patch('<QQQQ', load + 16, 0xfffffffffffff000, 0, 0, 0x2000))
E
[ -s causes ] || fail "no bad files were made"

# refused STATUS FILE CAUSE TOOL...: TOOL... FILE exits STATUS, names FILE
# and CAUSE, and leaves FILE as it was.
refused() {
	_want=$1 _file=$2 _cause=$3; shift 3
	cp "$_file" saved
	set +e
	"$@" "$_file" > out 2> err
	_rc=$?
	set -e
	[ "$_rc" -eq "$_want" ] || fail "$* $_file: exit $_rc, not $_want"
	grep -F "$_file: " err | grep -qF "$_cause" ||
		fail "$* $_file said: $(cat err)"
	cmp saved "$_file" || fail "$* changed $_file"
}

while read -r file cause; do
	echo "$file: $cause"
	refused 1 "$file" "$cause" "$HUGEEDIT"
	refused 1 "$file" "$cause" "$HUGEEDIT" --text --data
	refused 1 "$file" "$cause" "$HLBIN/hugelink-inspect"
	refused 1 "$file" "$cause" "$HLBIN/hugelink-inspect" --json
	case $file in notelf|empty) continue ;; esac
	chmod 755 "$file"
	refused 126 "./$file" "$cause" "$HUGECTL" --text
done < causes
ls -a | grep hugeedit && fail "a temporary copy was left behind"
ok "bad input is refused and left alone"

# Notes whose sizes run past their PT_NOTE, or a PT_NOTE past the end of
# the file: the tools that read notes (hugelink-inspect, hugectl) refuse
# the file, naming the cause.
python3 - prog <<'E' > note-causes
import struct, sys
good = open(sys.argv[1], 'rb').read()
phoff, = struct.unpack_from('<Q', good, 32)
notes = [phoff + i * 56 for i in range(struct.unpack_from('<H', good, 56)[0])
         if struct.unpack_from('<I', good, phoff + i * 56)[0] == 4]

def variant(name, cause, fmt, off, *values):
    d = bytearray(good)
    struct.pack_into(fmt, d, off, *values)
    open(name, 'wb').write(bytes(d))
    print(name, cause)

for i, ph in enumerate(notes):
    off, = struct.unpack_from('<Q', good, ph + 8)
    variant('namesz%d' % i, 'a note in a PT_NOTE runs past its segment',
            '<I', off, 0xfffffff0)
    variant('descsz%d' % i, 'a note in a PT_NOTE runs past its segment',
            '<I', off + 4, 0x7ffffff0)
variant('notepast', 'a PT_NOTE runs past the end of the file',
        '<Q', notes[0] + 8, len(good) - 4)
E
[ "$(wc -l <note-causes)" -ge 3 ] || fail "no bad notes were made: $(cat note-causes)"
while read -r file cause; do
	refused 1 "$file" "$cause" "$HLBIN/hugelink-inspect"
	chmod 755 "$file"
	refused 126 "./$file" "$cause" "$HUGECTL" --text
done < note-causes
ok "notes that run past their segment or the file are refused"
