# SPDX-License-Identifier: MIT
# A relinked library whose PT_PHDR points at a second, forged header
# table: ld.so maps the library by the real table (at e_phoff) but
# reports the forged one through dl_iterate_phdr, whose writable
# PT_LOAD claims 20 MiB more than the library has, over what lies after
# it.  A program that holds a 16 MiB anonymous buffer loads it with
# dlopen() and HUGETLB_ELFMAP=RW: the runtime must leave that library
# alone, with a reason, and the program must go on with its buffer
# writable and intact.  The forged table is written by a small python
# helper into the library's rodata; readelf is the oracle that the file
# says what the test means.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
cp libcheck.so libforged.so
cat >forge.py <<'EOF'
import struct, sys
# forge.py LIB: turn the PT_GNU_EH_FRAME header into a PT_PHDR that
# points at a copy of the table, written 1 MiB into the read-only data
# segment, whose writable PT_LOAD is 20 MiB longer in memory.
PT_LOAD, PT_PHDR, PT_GNU_EH_FRAME = 1, 6, 0x6474e550
path = sys.argv[1]
f = bytearray(open(path, 'rb').read())
phoff, = struct.unpack_from('<Q', f, 0x20)
phentsize, phnum = struct.unpack_from('<HH', f, 0x36)
ph = [list(struct.unpack_from('<IIQQQQQQ', f, phoff + i * phentsize))
      for i in range(phnum)]
ro = [p for p in ph if p[0] == PT_LOAD and p[1] == 4 and p[4] > 0x1000]
rw = [p for p in ph if p[0] == PT_LOAD and p[1] & 2]
eh = [p for p in ph if p[0] == PT_GNU_EH_FRAME]
assert ro and rw and eh and ro[0][5] > 0x100000, 'unexpected layout'
at_off, at_vaddr = ro[0][2] + 0x100000, ro[0][3] + 0x100000
size = phnum * phentsize
eh[0][:] = [PT_PHDR, 4, at_off, at_vaddr, at_vaddr, size, size, 8]
fake = [list(p) for p in ph]
fake[ph.index(rw[0])][6] += 20 << 20
def put(table, off):
    for i, p in enumerate(table):
        struct.pack_into('<IIQQQQQQ', f, off + i * phentsize, *p)
put(ph, phoff)
put(fake, at_off)
open(path, 'wb').write(f)
EOF
python3 forge.py libforged.so || fail "cannot forge the library"
readelf -lW libforged.so | grep -q '^ *PHDR ' || fail "no PT_PHDR: $(readelf -lW libforged.so)"

cat >host.c <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>

#define BUF (16 << 20)

/* host LIB: hold a 16 MiB buffer, load LIB, then write the whole buffer
 * and read it back. */
int main(int argc, char **argv)
{
	unsigned char *buf = mmap(NULL, BUF, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (argc != 2 || buf == MAP_FAILED)
		return 2;
	memset(buf, 0x5a, BUF);
	if (!dlopen(argv[1], RTLD_NOW)) {
		printf("dlopen: %s\n", dlerror());
		return 3;
	}
	for (size_t i = 0; i < BUF; i++)
		if (buf[i] != 0x5a) {
			printf("BAD buffer byte %zu\n", i);
			return 4;
		}
	memset(buf, 0xa5, BUF);
	puts("ok");
	return 0;
}
EOF
"$CC" -O1 -o host host.c -ldl || fail "cannot build the host"

# The control: the real library moves.
HUGETLB_ELFMAP=RW ./host ./libcheck.so >out 2>err || fail "control: status $?: $(cat out err)"
grep -qx ok out || fail "control: $(cat out err)"

for try in 1 2 3; do
	rc=0
	HUGETLB_ELFMAP=RW ./host ./libforged.so >out 2>err || rc=$?
	[ $rc = 0 ] || fail "try $try: the host died, status $rc: $(cat out err)"
	grep -qx ok out || fail "try $try: $(cat out err)"
	grep -q "libforged.so: .*program headers" err ||
		fail "try $try: no reason given for leaving the library alone: $(cat err)"
done
ok "a library with a forged header table is left alone, with a reason: $(head -c 300 err)"
