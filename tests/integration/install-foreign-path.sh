#!/bin/sh
# SPDX-License-Identifier: MIT
# make install and make uninstall (mk/install.sh) follow no path that
# another user controls.  Run as root into a DESTDIR: a DESTDIR of
# another user's, a directory of theirs inside it, a link that leads to
# a directory of theirs, or a directory anyone may write to that is not
# sticky, each stops the install or uninstall before it changes anything,
# naming the path; root's own files, where a planted link points, keep
# every byte.  A sticky directory open to all (as /tmp is), and links of
# root's to directories of root's, are taken.  Under fakeroot, as a
# package build runs it, a user installs into a tree of their own.
. "$HL_SRC/tests/integration/common.sh"
need_root
add_user hlinst
# The user reaches the trees through the test's own directory.
chmod 711 .

# A stage of two files, as the build makes one.
mkdir -p stage/bin stage/share/man/man1
printf 'staged program\n' >stage/bin/hugelink-ctl
chmod 755 stage/bin/hugelink-ctl
printf 'staged page\n' >stage/share/man/man1/hugelink-ctl.1
items="bin/hugelink-ctl share/man/man1/hugelink-ctl.1"

# root's files, which a planted link would reach.
mkdir -m 700 victim
printf "root's program\n" >victim/hugelink-ctl
sum=$(cat victim/* | sha256sum)

# run ACTION DESTDIR: mk/install.sh ACTION into DESTDIR, as root.
run() {
	sh "$HL_SRC/mk/install.sh" "$1" "$PWD/stage" "$2" /usr \
		/usr/share/hugelink/install.manifest $items >out 2>err
}

# refused CASE DESTDIR WORDS: the install into DESTDIR stops, naming WORDS,
# having put nothing anywhere.
refused() {
	run install "$2" && fail "$1: installed: $(cat out)"
	grep -qF -- "$3" err || fail "$1: the refusal does not name $3: $(cat err)"
	[ "$(cat victim/* | sha256sum)" = "$sum" ] && [ "$(ls victim)" = hugelink-ctl ] ||
		fail "$1: root's directory was written: $(ls -l victim)"
	[ -z "$(find "$2" -type f 2>/dev/null)" ] ||
		fail "$1: files were installed: $(find "$2" -type f)"
	ok "$1: refused, naming $3"
}

mkdir -m 755 theirs
chown "$uid" theirs
refused "a DESTDIR of another user's" "$PWD/theirs" "$PWD/theirs belongs to uid $uid"

mkdir -p -m 755 d1/usr
chown "$uid" d1/usr
setpriv --reuid="$uid" --regid="$gid" --clear-groups ln -s "$PWD/victim" d1/usr/bin
refused "their directory inside DESTDIR, holding a link to root's" "$PWD/d1" "$PWD/d1/usr belongs to uid $uid"

mkdir -p -m 755 d2/usr
ln -s "$PWD/theirs" d2/usr/bin
refused "root's link to their directory" "$PWD/d2" "$PWD/theirs belongs to uid $uid"

mkdir -p -m 755 d3/usr
chmod 777 d3/usr
refused "a directory anyone may write to" "$PWD/d3" "$PWD/d3/usr is a directory that others may write to"

mkdir -p -m 755 d4
chmod 1777 d4
mkdir -p -m 755 d4/usr/real
ln -s real d4/usr/bin
run install "$PWD/d4" || fail "a sticky DESTDIR, root's link: $(cat err)"
[ "$(cat d4/usr/real/hugelink-ctl)" = "staged program" ] ||
	fail "not installed through root's link: $(ls -lR d4)"
ok "a sticky directory open to all, and root's link to root's directory: installed"

# Uninstall through a link planted after the install.
mkdir -m 755 d5
run install "$PWD/d5" || fail "install into d5: $(cat err)"
chown "$uid" d5/usr
mv d5/usr/bin d5/usr/bin.real
setpriv --reuid="$uid" --regid="$gid" --clear-groups ln -s "$PWD/victim" d5/usr/bin
run uninstall "$PWD/d5" && fail "uninstall through their link: $(cat out)"
grep -qF "$PWD/d5/usr belongs to uid $uid" err || fail "uninstall: $(cat err)"
[ "$(cat victim/* | sha256sum)" = "$sum" ] || fail "uninstall removed root's file"
ok "uninstall through a planted link: refused, root's file kept"

# fakeroot: the user's own tree, which the user's own id owns.
if command -v fakeroot >/dev/null; then
	mkdir -m 755 u
	cp -r stage u/stage
	chown -R "$uid" u
	(cd u && setpriv --reuid="$uid" --regid="$gid" --clear-groups \
		fakeroot sh "$HL_SRC/mk/install.sh" install "$PWD/stage" \
		"$PWD/pkg" /usr /usr/share/hugelink/install.manifest $items) \
		>out 2>err || fail "under fakeroot: $(cat err)"
	[ -f u/pkg/usr/bin/hugelink-ctl ] || fail "under fakeroot: nothing installed"
	ok "under fakeroot, into the user's own tree: installed"
else
	echo "fakeroot is not installed: the package build's install is not tried"
fi
