#!/bin/sh
# SPDX-License-Identifier: MIT
# A link without the C library (-nostdlib, or -nodefaultlibs with
# -nostartfiles, no -lc) gets the huge-page layout without the runtime,
# which needs libc, and one line saying so, where the runtime's
# references would otherwise fail the link; the program runs, and
# hugectl, which preloads the runtime, or --hugetlbfs-runtime=shared,
# puts it on huge pages (its own smaps say so).  A shared object keeps
# the runtime, whose references its loader meets, unless -z defs.  With
# libc named (-nostdlib and the start files, -lc), dynamic or static,
# the runtime goes in as always, and so it does with start files of the
# program's own (-nostartfiles) and libc.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
case $($CC -dumpmachine) in
x86_64-*) ;;
*) skip "the program without libc makes x86-64 system calls" ;;
esac

# bare.c: no libc; 3 MiB of read-only data and 4 MiB of data.  It writes
# "ro ADDR" (its read-only data's address, in hex), then its own
# /proc/self/smaps, and exits 0.
cat >bare.c <<'EOF'
const unsigned bare_ro[3 << 18] = { 1 };
char bare_data[4 << 20] = { 1 };

static long sys3(long nr, long a, long b, long c)
{
	long rc;

	__asm__ volatile("syscall" : "=a"(rc) : "a"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return rc;
}

static void put(const char *s, long n)
{
	sys3(1, 1, (long)s, n);
}

/* The kernel enters _start with the stack 16-aligned, where a function
 * is entered 8 past that: clang's aligned stores of hex[] need it set. */
__attribute__((force_align_arg_pointer)) void _start(void)
{
	unsigned long v = (unsigned long)bare_ro;
	char buf[4096], hex[20] = "ro ";
	long fd, n;

	for (int i = 0; i < 16; i++)
		hex[3 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15];
	hex[19] = '\n';
	put(hex, 20);
	fd = sys3(2, (long)"/proc/self/smaps", 0, 0);
	while (fd >= 0 && (n = sys3(0, fd, (long)buf, sizeof(buf))) > 0)
		put(buf, n);
	sys3(60, bare_ro[0] + bare_data[0] - 2, 0, 0);
}
EOF
CFLAGS_BARE="-O1 -fno-stack-protector -fcf-protection=none"

# ro_huge_kb OUT: the kB of huge pages (transparent, or the page cache's
# mapped with PMDs) in the mapping that holds the read-only data, from
# the smaps in OUT, which bare wrote.
ro_huge_kb() {
	awk 'function pad(s) { while (length(s) < 16) s = "0" s; return s }
	     $1 == "ro" { ro = $2; next }
	     /^[0-9a-f]+-[0-9a-f]+ / { split($1, r, "-")
		in_ro = pad(r[1]) <= ro && ro < pad(r[2]); next }
	     in_ro && ($1 == "AnonHugePages:" || $1 == "FilePmdMapped:") { kb += $2 }
	     END { print kb + 0 }' "$1"
}

# no_runtime FILE: the runtime is not in FILE, neither inside nor needed.
no_runtime() {
	! readelf -nW "$1" | grep -q '^ *hugelink  *0x' ||
		fail "$1: carries the runtime's note"
	! nm -a "$1" 2>/dev/null | grep -q ' ldr_ctor$' || fail "$1: has ldr_ctor"
	! readelf -dW "$1" | grep -q 'NEEDED.*libhugelink' ||
		fail "$1: needs libhugelink.so"
}

# one_line_no_libc: the link's standard error, err.txt, is the one line
# saying the runtime was left out.
one_line_no_libc() {
	[ "$(wc -l <err.txt)" -eq 1 ] && grep -q 'no C library on the link' err.txt ||
		{ cat err.txt >&2; fail "$1: not the one line saying libc is missing"; }
}

for flags in "-nostdlib" "-nodefaultlibs -nostartfiles" "-nostdlib -static"; do
	hl_cc $CFLAGS_BARE $flags -Wl,--hugetlbfs-align -o bare bare.c 2>err.txt ||
		{ head -n 5 err.txt >&2; fail "$flags: the link failed"; }
	one_line_no_libc "$flags"
	no_runtime bare
	check_starts bare $((2 * MIB)) $((2 * MIB))
	./bare >out || fail "$flags: bare exits $?"
	ok "$flags: laid out, without the runtime, one line: $(cut -c1-60 err.txt)..."
done

# What the line offers a dynamic program: the runtime from libhugelink.so.
need_thp
hl_cc $CFLAGS_BARE -nostdlib -Wl,--hugetlbfs-align -o bare bare.c 2>err.txt
grep -q 'hugectl.*--hugetlbfs-runtime=shared' err.txt || fail "$(cat err.txt)"
small_folios bare
"$HUGECTL" --text --backing=thp ./bare >out || fail "hugectl --text ./bare exits $?"
[ "$(ro_huge_kb out)" -ge 2048 ] || fail "hugectl --text: read-only data on $(ro_huge_kb out) kB of huge pages"
ok "hugectl --text ./bare: its read-only data on transparent huge pages"
hl_cc $CFLAGS_BARE -nostdlib -Wl,--hugetlbfs-align,--hugetlbfs-runtime=shared \
	-o shared bare.c 2>err.txt || fail "--hugetlbfs-runtime=shared: $(head -n 5 err.txt)"
[ ! -s err.txt ] || fail "--hugetlbfs-runtime=shared: $(cat err.txt)"
check_shared_runtime shared
small_folios shared
HUGETLB_ELFMAP=R HUGELINK_BACKING=thp ./shared >out || fail "shared exits $?"
[ "$(ro_huge_kb out)" -ge 2048 ] || fail "--hugetlbfs-runtime=shared: read-only data on $(ro_huge_kb out) kB of huge pages"
ok "-nostdlib --hugetlbfs-runtime=shared: libhugelink.so moves it"

# A shared object: its loader meets the runtime's references to libc,
# unless -z defs wants them met at link time.
echo 'int lib_value(void) { return 42; }' >lib.c
hl_cc -fPIC -shared -nostdlib -Wl,--hugetlbfs-align -o lib.so lib.c 2>err.txt ||
	fail "-shared -nostdlib: $(head -n 5 err.txt)"
[ ! -s err.txt ] || fail "-shared -nostdlib: $(cat err.txt)"
check_embedded_runtime lib.so
printf 'int lib_value(void);\nint main(void) { return lib_value() != 42; }\n' >use.c
$CC -o use use.c ./lib.so -Wl,-rpath,"$PWD"
LD_BIND_NOW=1 HUGETLB_ELFMAP=RW ./use 2>err.txt || fail "use of lib.so: $(cat err.txt)"
hl_cc -fPIC -shared -nostdlib -Wl,-z,defs,--hugetlbfs-align -o defs.so lib.c 2>err.txt ||
	fail "-shared -nostdlib -z defs: $(head -n 5 err.txt)"
one_line_no_libc "-shared -nostdlib -z defs"
no_runtime defs.so
ok "-shared -nostdlib: the runtime, met when loaded; with -z defs, the layout and one line"

# libc named after -nostdlib, with the start files a compiler would give:
# the runtime goes in, dynamic and static.
write_prog
crt() { $CC -print-file-name="$1"; }
hl_cc -pie -nostdlib -Wl,--hugetlbfs-align -o libc-pie \
	"$(crt Scrt1.o)" "$(crt crti.o)" "$(crt crtbeginS.o)" prog.c \
	-lc "$(crt crtendS.o)" "$(crt crtn.o)" 2>err.txt ||
	fail "-nostdlib ... -lc: $(head -n 5 err.txt)"
[ ! -s err.txt ] || fail "-nostdlib ... -lc: $(cat err.txt)"
check_embedded_runtime libc-pie
check_run libc-pie $((2 * MIB)) pie
hl_cc -static -nostdlib -Wl,--hugetlbfs-align -o libc-static \
	"$(crt crt1.o)" "$(crt crti.o)" "$(crt crtbeginT.o)" prog.c \
	-Wl,--start-group -lgcc -lgcc_eh -lc -Wl,--end-group \
	"$(crt crtend.o)" "$(crt crtn.o)" 2>err.txt ||
	fail "-static -nostdlib ... -lc: $(head -n 5 err.txt)"
[ ! -s err.txt ] || fail "-static -nostdlib ... -lc: $(cat err.txt)"
check_embedded_runtime libc-static
check_run libc-static $((2 * MIB)) static
hl_cc -static -Wl,--hugetlbfs-align -o static prog.c
check_embedded_runtime static
# libc.a named "-l c", outside a group: the runtime goes before it.
for spell in "-Wl,-l,c" "-Wl,--library=c" "-Wl,-l,:libc.a"; do
	hl_cc -static -nodefaultlibs -Wl,--hugetlbfs-align -o spelled prog.c \
		$spell -lgcc -lgcc_eh $spell 2>err.txt ||
		fail "-static -nodefaultlibs $spell: $(head -n 5 err.txt)"
	check_embedded_runtime spelled
	check_run spelled $((2 * MIB)) static
done
ok "-nostdlib with the start files and -lc, and -static: the runtime goes in"

# Start files of its own, and libc: the runtime goes in, and links as
# the program links plainly, without the __dso_handle that crtbegin.o
# would have defined (the runtime's stands in for it), or with its own.
cat >own.c <<'EOF'
void _start(void)
{
	__asm__ volatile("mov $60, %eax\n\txor %edi, %edi\n\tsyscall");
}
EOF
{ echo '__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;'
  cat own.c; } >own-handle.c
for p in own own-handle; do
	"$CC" $CFLAGS_BARE -nostartfiles -o "$p.plain" "$p.c" ||
		fail "-nostartfiles: $p does not link plainly"
	hl_cc $CFLAGS_BARE -nostartfiles -Wl,--hugetlbfs-align -o "$p" "$p.c" \
		2>err.txt || fail "-nostartfiles: $p: $(head -n 5 err.txt)"
	[ ! -s err.txt ] || fail "-nostartfiles: $p: $(cat err.txt)"
	check_embedded_runtime "$p"
	"./$p" || fail "-nostartfiles: $p exits $?"
done
ok "-nostartfiles with libc, with and without __dso_handle: the runtime goes in"
