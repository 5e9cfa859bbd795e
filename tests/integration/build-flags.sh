#!/bin/sh
# SPDX-License-Identifier: MIT
# The user's CC, CFLAGS, CPPFLAGS and LDFLAGS, as dpkg-buildpackage passes
# them (in the environment, or on make's command line), reach the build's
# objects and programs, and cannot take the remap code's own flags away:
# remap/commit.o keeps no stack protector, no fortified call and no
# outside symbol, while the other objects get both and the programs are
# linked -z relro -z now.  CC may be more than one word.  Each build goes
# to a directory of its own, by the compiler the tests run with ($CC).
. "$HL_SRC/tests/integration/common.sh"

cflags="-g -O2 -ffile-prefix-map=$HL_SRC=. -fstack-protector-strong -Wformat -Werror=format-security"
cppflags="-Wdate-time -D_FORTIFY_SOURCE=2"
ldflags="-Wl,-z,relro -Wl,-z,now"
# Debian 13 adds -fcf-protection on amd64, which aarch64's compiler
# refuses.
[ "$(uname -m)" != x86_64 ] || cflags="$cflags -fcf-protection"

# cross_producers DIR: the compiler's record of its options in each
# object of the aarch64 runtime built in DIR, or nothing when the build
# staged no aarch64 runtime (its cross compiler is not installed).
cross_producers() {
	case " ${HL_STAGE_CROSS:-} " in *" aarch64 "*) ;; *) return 0 ;; esac
	[ -f "$1/stage/lib/aarch64-linux-gnu/libhugelink.a" ] ||
		fail "$1: no aarch64 runtime staged"
	readelf --debug-dump=info "$1"/aarch64/obj/loader/*.o |
		grep DW_AT_producer || fail "$1: the aarch64 runtime has no debug information"
}

# check DIR: the build in DIR took the flags, and kept the remap code's.
check() {
	o=$1/obj/remap/commit.o
	[ -f "$o" ] || fail "$o was not built"
	nm -u "$o" >undefined
	[ ! -s undefined ] || fail "$o needs outside symbols: $(cat undefined)"
	! readelf -SW "$o" | grep -q 'rela\.*remap_text' ||
		fail "$o: remap_text has relocations"
	nm -u "$1"/obj/*/*.o "$1"/obj/tools/*/*.o >all-undefined
	grep -q ' __stack_chk_fail$' all-undefined ||
		fail "$1: -fstack-protector-strong reached no object"
	grep -q ' __[a-z]*_chk$' all-undefined ||
		fail "$1: -D_FORTIFY_SOURCE=2 reached no object"
	! grep -rlF "$HL_SRC" "$1"/obj >mapped ||
		fail "$1: -ffile-prefix-map did not reach: $(head -n 3 mapped)"
	for p in "$1"/stage/bin/hugectl "$1"/stage/bin/hugetlbfs-ld; do
		readelf -dW "$p" | grep -q 'BIND_NOW\|FLAGS.*NOW' ||
			fail "$p: not linked -z now"
		readelf -lW "$p" | grep -q GNU_RELRO || fail "$p: no RELRO"
	done
	# The aarch64 runtime takes CROSS_CFLAGS, not the build machine's.
	cross_producers "$1" >producers
	! grep -e -fstack-protector-strong producers >leaked ||
		fail "$1: CFLAGS reached the aarch64 runtime: $(head -n 1 leaked)"
}

export CFLAGS="$cflags" CPPFLAGS="$cppflags" LDFLAGS="$ldflags"
hl_make "$PWD/env" stage
unset CFLAGS CPPFLAGS LDFLAGS
check "$PWD/env"
ok "the flags in the environment"

hl_make "$PWD/cmd" stage CFLAGS="$cflags" CPPFLAGS="$cppflags" \
	LDFLAGS="$ldflags" CROSS_CFLAGS="-O1 -g"
check "$PWD/cmd"
cross_producers "$PWD/cmd" >producers
[ ! -s producers ] || ! grep -v -e ' -O1' producers >other ||
	fail "CROSS_CFLAGS did not reach the aarch64 runtime: $(head -n 1 other)"
ok "the flags on make's command line"

# CC from the environment, as a packager's build passes it, is the
# compiler the build runs.
printf '#!/bin/sh\necho "$*" >>%s/cc.log\nexec %s "$@"\n' "$PWD" "$CC" >mycc
chmod +x mycc
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS CC="$PWD/mycc" make -s -C "$HL_SRC" \
	B="$PWD/envcc" "$PWD/envcc/lib/remap.a" >envcc.log 2>&1 ||
	fail "make with CC in the environment failed: $(tail -n 20 envcc.log)"
grep -q 'remap/commit.c' cc.log ||
	fail "CC in the environment did not compile remap/commit.c"
ok "CC in the environment"

# A CC of two words, a launcher and the compiler as ccache is used, runs
# every recipe of plain make, those that hand CC to a script included.
printf '#!/bin/sh\necho "$*" >>%s/launch.log\nexec "$@"\n' "$PWD" >launch
chmod +x launch
hl_make "$PWD/launched" stage "$PWD/launched/.deps-unit" CC="$PWD/launch $CC"
grep -q 'remap/commit.c' launch.log ||
	fail "CC=\"launch $CC\" did not compile remap/commit.c"
[ -x launched/stage/bin/hugelink-ctl ] || fail "CC=\"launch $CC\" staged no tools"
ok "a CC of two words"

# A CFLAGS that asks for the opposite, in the compiler's own words, does
# not reach the remap code: neither profiling hooks nor mcount calls,
# nor link-time optimization, whose objects hold no machine code yet.
against="-O2 -fstack-protector-all -fjump-tables -fbuiltin"
against="$against -finstrument-functions -pg -flto"
if cc_is_clang; then
	against="$against -fsplit-machine-functions"
else
	against="$against -freorder-blocks-and-partition -ftree-loop-distribute-patterns"
fi
hl_make "$PWD/against" "$PWD/against/lib/remap.a" CFLAGS="$against"
nm -u "$PWD/against/obj/remap/commit.o" >undefined
[ ! -s undefined ] || fail "commit.o needs outside symbols: $(cat undefined)"
remap_outside_symbols "$PWD/against/obj" >outside
[ ! -s outside ] || fail "remap/ needs symbols from outside it: $(cat outside)"
for o in "$PWD"/against/obj/remap/*.o; do
	readelf -SW "$o" >sections 2>&1 || fail "$o is not an ELF object: $(head -n 1 sections)"
	! grep -q '\.gnu\.lto_' sections || fail "$o was compiled for link-time optimization"
done
ok "the remap code's flags stay"
