# SPDX-License-Identifier: MIT
# hugelink-inspect finds a library where glibc's loader (2.33 and later)
# finds it when a glibc-hwcaps subdirectory holds one: in each directory
# DIR of the search, DIR/glibc-hwcaps/SUBDIR first, for each subdirectory
# the loader searches on this processor, best first; and in
# /etc/ld.so.cache, the entry of the best such subdirectory before the
# plain one.  Here libx.so is plain in lib/ and relinked in
# lib/glibc-hwcaps/SUBDIR/, for the best and the least of them, and
# libcx.so.1 likewise in a cache ldconfig makes.  The oracles are the
# loader itself ("ld.so --list") and the program's own /proc/self/maps:
# inspect must name the file they name.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
inspect=$HLBIN/hugelink-inspect
interp=$(readelf -lW "$HLBIN/hugelink-inspect" |
	sed -n 's/.*\[Requesting program interpreter: \(.*\)\]/\1/p')
[ -x "$interp" ] || skip "no dynamic loader to ask ($interp)"
# The subdirectories this loader searches on this processor, best first.
subdirs=$("$interp" --help | sed -n '/^Subdirectories of glibc-hwcaps/,/^$/{
	s/^  \([^ ]*\) (.*searched.*)$/\1/p
}')
[ -n "$subdirs" ] ||
	skip "the loader searches no glibc-hwcaps subdirectory here (glibc before 2.33, or none for this processor)"
best=$(echo "$subdirs" | head -n 1)
low=$(echo "$subdirs" | tail -n 1)

# prog prints the file the kernel maps its x() from, as its own maps say.
cat >prog.c <<'E'
#include <stdio.h>
#include <stdint.h>

int x(void);

int main(void)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[4200], path[4097];
	unsigned long lo, hi;
	uintptr_t at = (uintptr_t)&x;

	if (!f || x() != 7)
		return 2;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %*s %*s %*s %*s %4096s", &lo, &hi,
			   path) == 3 && at >= lo && at < hi) {
			printf("%s\n", path);
			return 0;
		}
	return 3;
}
E
echo 'int x(void) { return 7; }' >libx.c
mkdir -p lib "lib/glibc-hwcaps/$low" "lib/glibc-hwcaps/$best"
"$CC" -fPIC -shared -Wl,-soname,libx.so -o lib/libx.so libx.c
for s in "$low" "$best"; do
	hl_cc -fPIC -shared -Wl,-soname,libx.so -Wl,--hugetlbfs-align \
		-o "lib/glibc-hwcaps/$s/libx.so" libx.c || fail "cannot link libx.so"
done
"$CC" -o prog prog.c -Llib -lx -Wl,--enable-new-dtags -Wl,-rpath,'$ORIGIN/lib'
"$CC" -o progl prog.c -Llib -lx

# check LABEL PROG LIB: inspect names, for LIB, the file the loader
# lists and the program maps, in the environment the caller gives; its
# text line for LIB is printed.
cat >check.sh <<'E'
check() {
	"$interp" --list "./$2" >"$1.ld" || fail "$1: the loader cannot list $2"
	"./$2" >"$1.maps" || fail "$1: $2 exited $?"
	"$inspect" --json "$2" >"$1.json" || fail "$1: inspect: $(cat "$1.json")"
	"$inspect" "$2" >"$1.txt" || fail "$1: inspect: $(cat "$1.txt")"
	python3 - "$1.json" "$1.ld" "$1.maps" "$3" <<'EOF2' || fail "$1: $(cat "$1.txt")"
import json, os, sys
name = sys.argv[4]
lib = [l for l in json.load(open(sys.argv[1]))["libraries"] if l["name"] == name][0]
ld = [w[2] for w in (l.split() for l in open(sys.argv[2])) if w[:2] == [name, "=>"]][0]
maps = open(sys.argv[3]).read().strip()
assert os.path.realpath(ld) == os.path.realpath(maps), (ld, maps)
assert lib["path"] and os.path.realpath(lib["path"]) == os.path.realpath(maps), (lib["path"], maps)
EOF2
	grep "^  $3 => " "$1.txt" | sed 's/^  //'
}
E
. ./check.sh

line=$(check runpath prog libx.so)
case $line in
*"/lib/glibc-hwcaps/$best/libx.so (RUNPATH): relinked"*) ;;
*) fail "RUNPATH: $line" ;;
esac
ok "RUNPATH: $line"

export LD_LIBRARY_PATH=$PWD/lib
line=$(check ldpath progl libx.so)
case $line in
*"/lib/glibc-hwcaps/$best/libx.so (LD_LIBRARY_PATH): relinked"*) ;;
*) fail "LD_LIBRARY_PATH: $line" ;;
esac
unset LD_LIBRARY_PATH
ok "LD_LIBRARY_PATH: $line"

# Under GLIBC_TUNABLES that take away AVX2, an x86-64 processor has
# x86-64-v2 at best, and without SSE4.2 no level: the loader takes the
# x86-64-v2 library, then the plain one, and so must inspect, which
# judges the plain one not relinked.
case $best in
x86-64-v*)
	if [ "$low" = x86-64-v2 ] && [ "$best" != x86-64-v2 ]; then
		line=$(GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2 check avx2 prog libx.so)
		case $line in
		*"$PWD/lib/glibc-hwcaps/x86-64-v2/libx.so (RUNPATH): relinked"*) ;;
		*) fail "GLIBC_TUNABLES: $line" ;;
		esac
		ok "GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2: $line"
	fi
	line=$(GLIBC_TUNABLES=glibc.cpu.hwcaps=-SSE4_2 check tunables prog libx.so)
	case $line in
	*"$PWD/lib/libx.so (RUNPATH): not relinked"*) ;;
	*) fail "GLIBC_TUNABLES: $line" ;;
	esac
	ok "GLIBC_TUNABLES=glibc.cpu.hwcaps=-SSE4_2: $line"
	;;
esac

# /etc/ld.so.cache: a cache of this directory's libcx.so.1, plain and
# under glibc-hwcaps, made by ldconfig, over the system's in a mount
# namespace of this test's own, where ldconfig's auxiliary cache goes to
# a /var/cache of its own too.
have_root || skip "the cache's glibc-hwcaps entries need root, to put a cache in place"
need_cmd unshare
need_cmd ldconfig
mkdir -p "cache/glibc-hwcaps/$low" "cache/glibc-hwcaps/$best"
"$CC" -fPIC -shared -Wl,-soname,libcx.so.1 -o cache/libcx.so.1 libx.c
for s in "$low" "$best"; do
	hl_cc -fPIC -shared -Wl,-soname,libcx.so.1 -Wl,--hugetlbfs-align \
		-o "cache/glibc-hwcaps/$s/libcx.so.1" libx.c || fail "cannot link libcx.so.1"
done
ln -s libcx.so.1 cache/libcx.so
"$CC" -o progc prog.c -Lcache -lcx
printf 'include /etc/ld.so.conf\n%s/cache\n' "$PWD" >ld.so.conf
line=$(unshare -m env inspect="$inspect" interp="$interp" sh -eu -c '
	fail() { echo "FAIL: $*" >&2; exit 1; }
	mount -t tmpfs none /var/cache || fail "cannot mount over /var/cache"
	ldconfig -C "$PWD/ld.so.cache" -f "$PWD/ld.so.conf" || fail "ldconfig failed"
	mount --bind "$PWD/ld.so.cache" /etc/ld.so.cache || fail "cannot mount the cache"
	. ./check.sh
	check cache progc libcx.so.1') || fail "the cache: $line"
case $line in
*"$PWD/cache/glibc-hwcaps/$best/libcx.so.1 (ld.so.cache): relinked"*) ;;
*) fail "ld.so.cache: $line" ;;
esac
ok "ld.so.cache: $line"
