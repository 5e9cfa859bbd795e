#!/bin/sh
# SPDX-License-Identifier: MIT
# make install gives what it installs modes of its own, whatever the
# umask of the build and of the install: under umask 027, which leaves
# others nothing, the directories it makes are 0755, the programs and
# shared libraries (ELF executables and shared objects, by readelf) 0755,
# every other file 0644, the manifest of an install on the running
# system included.  Another user then runs the installed tools and links
# through the installed wrapper: gcc passes over a -B directory it
# cannot read, and the link would fail on --hugetlbfs-align.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

(umask 027 && hl_make "$PWD/b" install DESTDIR="$PWD/d" PREFIX=/usr) ||
	fail "make install under umask 027 failed"

# modes TREE: each directory and file below TREE whose mode is not the
# one install gives it, with its mode.
modes() {
	find "$1" -mindepth 1 -type d ! -perm 0755 -printf 'directory %m %p\n'
	find "$1" -type f | while IFS= read -r f; do
		case $(readelf -h "$f" 2>/dev/null | awk '$1 == "Type:" { print $2 }') in
		EXEC | DYN) want=755 ;;
		*) want=644 ;;
		esac
		[ "$(stat -c %a "$f")" = $want ] || echo "file $(stat -c %a "$f"), not $want: $f"
	done
}
modes d >wrong
[ ! -s wrong ] || fail "modes from the umask: $(cat wrong)"
[ "$(stat -c %a d/usr/bin/hugelink-ctl)" = 755 ] &&
	[ "$(stat -c %a "d/usr/share/man/man8/hugelink-ctl.8")" = 644 ] ||
	fail "the modes were not judged: $(ls -l d/usr/bin d/usr/share/man/man8)"
ok "into a DESTDIR under umask 027: directories and programs 0755, the rest 0644"

(umask 077 && hl_make "$PWD/b" install PREFIX="$PWD/sys" DESTDIR=) ||
	fail "make install on the running system under umask 077 failed"
modes sys >wrong
[ ! -s wrong ] || fail "modes from the umask: $(cat wrong)"
[ "$(stat -c %a sys/share/hugelink/install.manifest)" = 644 ] ||
	fail "the manifest has mode $(stat -c %a sys/share/hugelink/install.manifest)"
ok "on the running system under umask 077: the same, the manifest 0644"
hl_make "$PWD/b" uninstall PREFIX="$PWD/sys" DESTDIR=

have_root || skip "not root (or check-offline): no other user to run the tools as"
need_cmd setpriv
# nobody reaches d/ and u/ through the test's own directory.
chmod 711 .
mkdir u
write_prog
cp prog.c u/
chown 65534:65534 u
as_nobody() { (cd u && setpriv --reuid=65534 --regid=65534 --clear-groups "$@"); }
as_nobody "$PWD/d/usr/bin/hugelink-ctl" --version >out 2>&1 ||
	fail "nobody cannot run the installed hugelink-ctl: $(cat out)"
as_nobody "$CC" -B "$PWD/d/usr/share/hugelink" -Wl,--hugetlbfs-align -o prog prog.c \
	>out 2>&1 || fail "nobody cannot link through the installed wrapper: $(cat out)"
check_p_align u/prog $((2 * MIB))
ok "nobody runs the installed tools and links through the installed wrapper"
