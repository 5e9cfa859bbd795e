# SPDX-License-Identifier: MIT
# A relinked library whose PT_PHDR points at a second, forged header
# table: ld.so maps the library by the real table (at e_phoff) but
# reports the forged one through dl_iterate_phdr.  Four forgeries, each
# loaded with dlopen() and HUGETLB_ELFMAP=RW by a program that holds a
# 16 MiB anonymous buffer, mapped before the library at the top of a
# hole the kernel then places the library in, right below the buffer.
# The kernel aligns the loader's mapping to 2 MiB, and the loader then
# unmaps what it did not need at its end: the 2 MiB below the buffer
# stay unmapped.
#  - over: the writable PT_LOAD is 16 MiB longer in memory, over that
#    unmapped gap and into the buffer: a runtime that copies the
#    segment's memory reads the gap, and dies of SIGSEGV;
#  - gap: a read-only PT_LOAD with no file bytes (in the GNU_STACK
#    header's place) covers the 2 MiB after the library: a runtime that
#    copies it from memory reads the unmapped gap, and dies of SIGSEGV;
#  - buffer: the same PT_LOAD starts 2 MiB later and covers the 16 MiB
#    after that, the buffer: a runtime that moves it makes the buffer
#    read-only, and the program dies at its next write;
#  - note: the first PT_LOAD reaches over the hole after it, and the
#    PT_NOTE, where the runtime looks for its notes, lies in that hole.
# Then the buffer forgery again, and the real library, loaded by a user
# other than root while their file cannot be read: the library's first
# constructor takes its permissions (lib/libcheck.c's LC_UNREADABLE), and
# that user cannot reach it through /proc/self/map_files either.
# Headers that cannot be checked against the file say nothing sure
# beyond its file bytes, so a library is moved only by headers checked.
# Each time the program must go on, its buffer intact, writable and
# still its own (one anonymous mapping of base pages, as its own
# /proc/self/smaps says), and the library must be left on base pages
# with every byte intact (lib/libcheck.c asks smaps and compares with
# its file).  The control: the real library moves.  The forged tables
# are written by a small python helper; readelf is the oracle that the
# file says what the test means.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
cat >forge.py <<'EOF'
import struct, sys
# forge.py LIB HOW: turn the PT_GNU_EH_FRAME header into a PT_PHDR that
# points at a copy of the table, written 1 MiB into the read-only data
# segment, changed as HOW says.
PT_LOAD, PT_NOTE, PT_PHDR = 1, 4, 6
PT_GNU_EH_FRAME, PT_GNU_STACK = 0x6474e550, 0x6474e551
HUGE = 2 << 20
def huge_up(x):
    return (x + HUGE - 1) & ~(HUGE - 1)
path, how = sys.argv[1], sys.argv[2]
f = bytearray(open(path, 'rb').read())
phoff, = struct.unpack_from('<Q', f, 0x20)
phentsize, phnum = struct.unpack_from('<HH', f, 0x36)
ph = [list(struct.unpack_from('<IIQQQQQQ', f, phoff + i * phentsize))
      for i in range(phnum)]
loads = [p for p in ph if p[0] == PT_LOAD]
ro = [p for p in loads if p[1] == 4 and p[4] > 0x1000]
rw = [p for p in loads if p[1] & 2]
eh = [p for p in ph if p[0] == PT_GNU_EH_FRAME]
note = [p for p in ph if p[0] == PT_NOTE]
stack = [p for p in ph if p[0] == PT_GNU_STACK]
assert ro and rw and eh and note and stack and ro[0][5] > 0x100000, \
    'unexpected layout'
at_off, at_vaddr = ro[0][2] + 0x100000, ro[0][3] + 0x100000
size = phnum * phentsize
eh[0][:] = [PT_PHDR, 4, at_off, at_vaddr, at_vaddr, size, size, 8]
fake = [list(p) for p in ph]
if how == 'over':
    fake[ph.index(rw[0])][6] += 16 << 20
elif how in ('gap', 'buffer'):
    end = huge_up(max(p[3] + p[6] for p in loads))
    at, length = (end, HUGE) if how == 'gap' else (end + HUGE, 16 << 20)
    fake[ph.index(stack[0])][:] = [PT_LOAD, 4, 0, at, at, 0, length, HUGE]
elif how == 'note':
    first, second = fake[ph.index(loads[0])], loads[1]
    hole = first[3] + ((first[5] + 0xfff) & ~0xfff) + 0x1000
    assert hole < second[3], 'no hole after the first segment'
    first[5] = first[6] = second[3] - first[3]
    n = fake[ph.index(note[0])]
    n[2] = n[3] = n[4] = hole
else:
    sys.exit('forge.py: no forgery ' + how)
def put(table, off):
    for i, p in enumerate(table):
        struct.pack_into('<IIQQQQQQ', f, off + i * phentsize, *p)
put(ph, phoff)
put(fake, at_off)
open(path, 'wb').write(f)
EOF
for how in over gap buffer note; do
	cp libcheck.so "lib$how.so"
	python3 forge.py "lib$how.so" $how || fail "cannot forge lib$how.so"
	readelf -lW "lib$how.so" 2>/dev/null | grep -q '^ *PHDR ' ||
		fail "lib$how.so: no PT_PHDR: $(readelf -lW "lib$how.so" 2>&1)"
	small_folios "lib$how.so"
done

cat >host.c <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "hugecheck.h"

#define BUF (16 << 20)
#define HOLE (64 << 20)

/*
 * Whether BUF is still the mapping the program made: one anonymous
 * mapping of base pages, from BUF to BUF + LEN, read and write.
 */
static int still_mine(const unsigned char *buf, size_t len)
{
	unsigned long lo, hi, off, inode;
	char line[512], perms[8];
	int found = 0, fields;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f)) {
		fields = sscanf(line, "%lx-%lx %7s %lx %*s %lu", &lo, &hi,
				perms, &off, &inode);
		if (fields == 5 && hi > (unsigned long)buf &&
		    lo < (unsigned long)buf + len)
			found += lo <= (unsigned long)buf &&
				 hi >= (unsigned long)buf + len && !inode &&
				 !strncmp(perms, "rw", 2) &&
				 !strchr(line, '/') && !strchr(line, '[') ? 1 : 2;
	}
	if (f)
		fclose(f);
	return found == 1 && hc_min_page_kb(buf, len) == 4;
}

/*
 * A 16 MiB buffer at the top of a 64 MiB hole: the highest free space
 * that fits a library, which the kernel gives the next mapping of one.
 */
static unsigned char *buffer_above_a_hole(void)
{
	unsigned char *hole = mmap(NULL, HOLE, PROT_NONE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void *buf;

	if (hole == MAP_FAILED)
		return NULL;
	munmap(hole, HOLE);
	buf = mmap(hole + HOLE - BUF, BUF, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	return buf == MAP_FAILED ? NULL : buf;
}

/* host LIB: hold a 16 MiB buffer, load LIB and let it check itself,
 * then check, write and read back the whole buffer.  LC_UNREADABLE: LIB's
 * file, which its first constructor made unreadable, is made readable
 * again for the check. */
int main(int argc, char **argv)
{
	unsigned char *buf = buffer_above_a_hole();
	int (*check)(const char *, int);
	void *lib;

	if (argc != 2 || !buf)
		return 2;
	madvise(buf, BUF, MADV_NOHUGEPAGE);
	memset(buf, 0x5a, BUF);
	lib = dlopen(argv[1], RTLD_NOW);
	if (!lib) {
		printf("dlopen: %s\n", dlerror());
		return 3;
	}
	if (getenv("LC_UNREADABLE"))
		chmod(getenv("LC_UNREADABLE"), 0644);
	check = (int (*)(const char *, int))dlsym(lib, "lc_check");
	if (!check || check("lib", 0))
		return 4;
	if (!still_mine(buf, BUF))
		puts("BAD the buffer is no longer the program's own mapping");
	for (size_t i = 0; i < BUF; i++)
		if (buf[i] != 0x5a) {
			printf("BAD buffer byte %zu\n", i);
			return 5;
		}
	memset(buf, 0xa5, BUF);
	puts("ok");
	return 0;
}
EOF
"$CC" $HC_CFLAGS -o host host.c -ldl || fail "cannot build the host"

# The control: the real library moves, and the buffer stays the host's.
HUGETLB_ELFMAP=RW ./host ./libcheck.so >out 2>err ||
	fail "control: status $?: $(cat out err)"
! grep BAD out || fail "control: $(cat out err)"
expect_lines out "lib-text 2048" ok
grep -Eqx "lib-data (2048|thp)" out || fail "control: the data did not move: $(cat out)"
ok "control: the real library moves onto huge pages, the buffer stays the program's"

for how in over gap buffer note; do
	for try in 1 2 3; do
		rc=0
		HUGETLB_ELFMAP=RW ./host "./lib$how.so" >out 2>err || rc=$?
		[ $rc = 0 ] ||
			fail "$how, try $try: the host died, status $rc: $(cat out err)"
		! grep BAD out || fail "$how, try $try: $(cat out)"
		expect_lines out "lib-text 4" "lib-rodata 4" "lib-data 4" \
			"lib-bss 4" ok
	done
	ok "$how: the library with a forged header table stays on base pages, the program and its buffer untouched"
done

need_cmd setpriv
add_user hlforged
dir=$(mktemp -d /tmp/hl-forged-user.XXXXXX)
at_exit "rm -rf $dir"
cp host libbuffer.so libcheck.so "$dir/"
chown -R "$uid:$gid" "$dir"
chmod 755 "$dir"
for lib in libbuffer libcheck; do
	for try in 1 2 3; do
		rc=0
		setpriv --reuid="$uid" --regid="$gid" --clear-groups \
			env HUGETLB_ELFMAP=RW LC_UNREADABLE="$dir/$lib.so" \
			"$dir/host" "$dir/$lib.so" >out 2>err || rc=$?
		[ $rc = 0 ] ||
			fail "$lib unreadable, try $try: the host died, status $rc: $(cat out err)"
		! grep BAD out || fail "$lib unreadable, try $try: $(cat out)"
		expect_lines out "lib-text 4" "lib-rodata 4" "lib-data 4" \
			"lib-bss 4" ok
		grep -q "cannot be read to check its program headers" err ||
			fail "$lib unreadable: no reason given: $(cat err)"
	done
done
ok "a library whose file cannot be read to check its headers stays on base pages, the program and its buffer untouched"
