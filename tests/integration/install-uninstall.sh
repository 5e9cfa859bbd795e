#!/bin/sh
# SPDX-License-Identifier: MIT
# make install DESTDIR=<dir> with directories of a distribution's own
# (a multiarch LIBDIR, BINDIR elsewhere than bin/), then make uninstall.
# The staged tree holds no trace of DESTDIR and works where it lies, since
# the programs find one another by the relative paths between the
# directories; uninstall leaves DESTDIR as empty as it was, and keeps
# directories that were there before, libhugetlbfs's among them.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

major=$(sed 's/\..*//' "$HL_SRC/VERSION")
dirs="PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu BINDIR=/usr/libexec/hl/bin
	DATADIR=/usr/share MANDIR=/usr/share/man"
mkdir d
hl_make "$PWD/b" install DESTDIR="$PWD/d" $dirs
lib=$PWD/d/usr/lib/x86_64-linux-gnu
for f in libexec/hl/bin/hugetlbfs-ld libexec/hl/bin/hugectl \
	 lib/x86_64-linux-gnu/libhugelink.a \
	 "lib/x86_64-linux-gnu/libhugelink.so.$major" \
	 lib/x86_64-linux-gnu/pkgconfig/hugelink.pc share/hugelink/ld \
	 share/hugelink/ldscripts/elf_x86_64.xB share/libhugetlbfs/ld \
	 share/man/man7/hugelink.7; do
	[ -e "d/usr/$f" ] || fail "not installed: /usr/$f"
done
[ ! -e d/usr/bin ] && [ ! -e d/usr/lib/libhugelink.a ] ||
	fail "installed outside BINDIR and LIBDIR: $(find d -maxdepth 3)"
[ "$(readlink d/usr/share/hugelink/ld)" = ../../libexec/hl/bin/hugetlbfs-ld ] ||
	fail "share/hugelink/ld -> $(readlink d/usr/share/hugelink/ld)"
! grep -rl "$PWD/d" d >where || fail "DESTDIR is written in: $(cat where)"
grep -qx 'libdir=${prefix}/lib/x86_64-linux-gnu' "$lib/pkgconfig/hugelink.pc" ||
	fail "hugelink.pc: $(cat "$lib/pkgconfig/hugelink.pc")"
ok "installed below DESTDIR in the layout asked for"

# The wrapper finds the runtime and its scripts, and hugectl the runtime
# it preloads, from where they are.
write_prog
HLDIR=$PWD/d/usr/share/hugelink HLLIB=$lib
check_program align pie
check_program B static
hl_cc -Wl,--hugetlbfs-align,--hugetlbfs-runtime=shared -o shared prog.c
check_shared_runtime shared
check_run shared $((2 * MIB)) pie
"$CC" -o plain prog.c
d/usr/libexec/hl/bin/hugectl --dry-run --text ./plain 2>/dev/null |
	grep -qx "LD_PRELOAD=$lib/libhugelink.so.$major" ||
	fail "hugectl preloads: $(d/usr/libexec/hl/bin/hugectl --dry-run --text ./plain)"
ok "the tree works below DESTDIR"

hl_make "$PWD/b" uninstall DESTDIR="$PWD/d" $dirs
[ -z "$(find d -mindepth 1)" ] || fail "left after uninstall: $(find d -mindepth 1)"
ok "uninstall leaves DESTDIR empty"

# Directories that were there before stay, with what they hold: another
# program, an empty directory, and the ldscripts of Debian's
# libhugetlbfs-bin in share/libhugetlbfs, beside which hugelink puts its
# links.  Installing twice changes nothing of that.
mkdir -p e/usr/bin e/usr/lib/x86_64-linux-gnu/pkgconfig \
	e/usr/share/libhugetlbfs/ldscripts
echo other >e/usr/bin/other
echo theirs >e/usr/share/libhugetlbfs/ldscripts/elf_x86_64.xB
(cd e && find . | sort) >before
hl_make "$PWD/b" install DESTDIR="$PWD/e" $dirs
[ -L e/usr/share/libhugetlbfs/ld ] || fail "share/libhugetlbfs/ld not installed"
grep -qx theirs e/usr/share/libhugetlbfs/ldscripts/elf_x86_64.xB ||
	fail "libhugetlbfs's script was overwritten"
hl_make "$PWD/b" install DESTDIR="$PWD/e" $dirs
hl_make "$PWD/b" uninstall DESTDIR="$PWD/e" $dirs
(cd e && find . | sort) >after
diff -u before after || fail "uninstall did not give back the tree it found"
grep -qx theirs e/usr/share/libhugetlbfs/ldscripts/elf_x86_64.xB ||
	fail "libhugetlbfs's script changed"
ok "directories that were there stay, as they were"

# A second uninstall has nothing to remove, and says so.
if hl_make_try "$PWD/b" uninstall DESTDIR="$PWD/e" $dirs; then
	fail "uninstall without a manifest succeeded"
fi
grep -q "nothing installed there" b.log || fail "uninstall says: $(cat b.log)"
ok "uninstall with nothing installed fails"
