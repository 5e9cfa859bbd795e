#!/bin/sh
# SPDX-License-Identifier: MIT
# make install DESTDIR=<dir> with directories of a distribution's own
# (a multiarch LIBDIR, BINDIR elsewhere than bin/), into a DESTDIR that
# does not exist yet, then make uninstall.  The installed tree holds no
# trace of DESTDIR and no manifest, and works where it lies, since the
# programs find one another by the relative paths between the
# directories; uninstall leaves DESTDIR empty, and keeps directories that
# hold files of others, libhugetlbfs's among them.  LIBHUGETLBFS_NAMES=no
# installs no file of a name libhugetlbfs-bin has.  Installed on the
# running system (no DESTDIR), a manifest lets uninstall give back
# exactly the tree it found, empty directories included, and keep a file
# that another package put in the place of one of its own.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

major=$(sed 's/\..*//' "$HL_SRC/VERSION")
dirs="PREFIX=/usr LIBDIR=/usr/lib/x86_64-linux-gnu BINDIR=/usr/libexec/hl/bin
	DATADIR=/usr/share MANDIR=/usr/share/man"
hl_make "$PWD/b" install DESTDIR="$PWD/d/new" $dirs
[ -x d/new/usr/libexec/hl/bin/hugelink-ctl ] || fail "nothing below a new DESTDIR: $(find d)"
! find d -name install.manifest | grep . || fail "a DESTDIR install holds a manifest"
hl_make "$PWD/b" uninstall DESTDIR="$PWD/d/new" $dirs
[ -z "$(find d/new -mindepth 1)" ] || fail "left after uninstall: $(find d/new -mindepth 1)"
rmdir d/new
ok "a DESTDIR that did not exist: created, no manifest, emptied by uninstall"

hl_make "$PWD/b" install DESTDIR="$PWD/d" $dirs
lib=$PWD/d/usr/lib/x86_64-linux-gnu
for f in libexec/hl/bin/hugetlbfs-ld libexec/hl/bin/hugectl \
	 libexec/hl/bin/hugelink-ctl libexec/hl/bin/hugelink-edit \
	 libexec/hl/bin/hugelink-ld libexec/hl/bin/ld.hugetlbfs \
	 share/man/man8/hugectl.8 share/man/man1/ld.hugetlbfs.1 \
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

# Directories that were there before with files of others stay, with
# what they hold: another program, and the ldscripts of Debian's
# libhugetlbfs-bin in share/libhugetlbfs, beside which hugelink puts its
# links.  Installing twice changes nothing of that.
mkdir -p e/usr/bin e/usr/lib/x86_64-linux-gnu/pkgconfig \
	e/usr/share/libhugetlbfs/ldscripts
echo other >e/usr/bin/other
echo other >e/usr/lib/x86_64-linux-gnu/pkgconfig/other.pc
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
	fail "a second uninstall succeeded"
fi
grep -q "nothing installed in" b.log || fail "uninstall says: $(cat b.log)"
ok "uninstall with nothing installed fails"

# Without libhugetlbfs's names, no file the package libhugetlbfs-bin
# ships is installed (its list: dpkg -L libhugetlbfs-bin), nor anything
# in its -B directory; the tools' own names work.
hl_make "$PWD/b" install DESTDIR="$PWD/f" $dirs LIBHUGETLBFS_NAMES=no
for f in bin/hugectl bin/hugeedit bin/ld.hugetlbfs bin/hugeadm bin/pagesize \
	 share/man/man8/hugectl.8 share/man/man1/ld.hugetlbfs.1 \
	 share/man/man7/hugeedit.7 share/man/man8/hugeedit.8 share/libhugetlbfs; do
	for root in f/usr f/usr/libexec/hl; do
		[ ! -e "$root/$f" ] || fail "LIBHUGETLBFS_NAMES=no installed $root/$f"
	done
done
for f in hugelink-ctl hugelink-edit hugelink-inspect hugelink-ld; do
	f/usr/libexec/hl/bin/$f --version >/dev/null 2>&1 ||
	f/usr/libexec/hl/bin/$f --hugetlbfs-version >/dev/null ||
		fail "$f does not run"
done
for p in man8/hugelink-ctl.8 man8/hugelink-edit.8 man1/hugelink-ld.1 man1/hugetlbfs-ld.1; do
	[ -f "f/usr/share/man/$p" ] || fail "$p not installed"
done
f/usr/libexec/hl/bin/hugelink-ctl --dry-run --text ./plain 2>/dev/null |
	grep -qx "LD_PRELOAD=$PWD/f/usr/lib/x86_64-linux-gnu/libhugelink.so.$major" ||
	fail "hugelink-ctl preloads: $(f/usr/libexec/hl/bin/hugelink-ctl --dry-run --text ./plain)"
hl_make "$PWD/b" uninstall DESTDIR="$PWD/f" $dirs LIBHUGETLBFS_NAMES=no
[ -z "$(find f -mindepth 1)" ] || fail "left after uninstall: $(find f -mindepth 1)"
ok "LIBHUGETLBFS_NAMES=no: only hugelink's own names"

# On the running system (no DESTDIR) the manifest records what install
# created, and uninstall gives back exactly the tree it found, an empty
# directory that was there before included.
mkdir -p sys/bin sys/lib/pkgconfig
echo other >sys/bin/other
(cd sys && find . | sort) >before
hl_make "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=
[ -f sys/share/hugelink/install.manifest ] || fail "no manifest on the running system"
grep -qx "dir $PWD/sys/share/hugelink" sys/share/hugelink/install.manifest ||
	fail "the manifest: $(head sys/share/hugelink/install.manifest)"
hl_make "$PWD/b" uninstall PREFIX="$PWD/sys" DESTDIR=
(cd sys && find . | sort) >after
diff -u before after || fail "uninstall did not give back the tree it found"
ok "without DESTDIR: a manifest, and uninstall gives back the tree it found"

# The runtime alone puts nothing in DATADIR but the manifest: the
# directories made for it are in it too, and uninstall removes them.
hl_make "$PWD/b" install-runtime PREFIX="$PWD/sys" DESTDIR=
hl_make "$PWD/b" uninstall PREFIX="$PWD/sys" DESTDIR=
(cd sys && find . | sort) >after
diff -u before after || fail "uninstall after install-runtime did not give back the tree it found"
ok "install-runtime, then uninstall: the tree it found"

# Installed again, it replaces what it put there before.  A file there
# that no install of hugelink put there (another package's hugectl)
# stops it before it copies anything, and is named; INSTALL_OVERWRITE=yes
# replaces it, and uninstall then removes it with the rest.
hl_make "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=
hl_make "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=
hl_make "$PWD/b" uninstall PREFIX="$PWD/sys" DESTDIR=
echo theirs >sys/bin/hugectl
(cd sys && find . | sort) >before
if hl_make_try "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=; then
	fail "install replaced a file it had not installed"
fi
grep -qx "  $PWD/sys/bin/hugectl" b.log || fail "install does not name the file: $(cat b.log)"
(cd sys && find . | sort) >after
diff -u before after || fail "a refused install changed the tree"
grep -qx theirs sys/bin/hugectl || fail "a refused install changed bin/hugectl"
ok "install replaces no file it did not install, and names it"
hl_make "$PWD/b" install PREFIX="$PWD/sys" DESTDIR= INSTALL_OVERWRITE=yes
[ "$(readlink sys/bin/hugectl)" = hugelink-ctl ] ||
	fail "INSTALL_OVERWRITE=yes did not replace bin/hugectl"
hl_make "$PWD/b" uninstall PREFIX="$PWD/sys" DESTDIR=
[ ! -e sys/bin/hugectl ] || fail "uninstall kept the bin/hugectl it replaced"
ok "INSTALL_OVERWRITE=yes replaces it"

# Another package's file that took the place of one hugelink installed
# (libhugetlbfs-bin installed after it, whose dpkg replaces bin/hugectl)
# is neither removed by uninstall nor replaced by the next install, and
# each names it; the rest goes as before.
hl_make "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=
rm sys/bin/hugectl
echo theirs >sys/bin/hugectl
hl_make "$PWD/b" uninstall PREFIX="$PWD/sys" DESTDIR=
grep -qx theirs sys/bin/hugectl || fail "uninstall removed a file that changed since install"
grep -q "kept $PWD/sys/bin/hugectl: changed since" b.log ||
	fail "uninstall did not name the file it kept: $(cat b.log)"
[ ! -e sys/bin/hugelink-ctl ] || fail "uninstall kept bin/hugelink-ctl"
ok "uninstall keeps a file that changed since install, and names it"
rm sys/bin/hugectl
hl_make "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=
rm sys/bin/hugectl
echo theirs >sys/bin/hugectl
if hl_make_try "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=; then
	fail "install replaced a file that changed since the last install"
fi
grep -qx "  $PWD/sys/bin/hugectl" b.log || fail "install does not name the file: $(cat b.log)"
grep -qx theirs sys/bin/hugectl || fail "a refused install changed bin/hugectl"
hl_make "$PWD/b" uninstall PREFIX="$PWD/sys" DESTDIR=
ok "install replaces no file that changed since the last install"
