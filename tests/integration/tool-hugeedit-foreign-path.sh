#!/bin/sh
# SPDX-License-Identifier: MIT
# hugeedit goes through no path that another user controls: a directory
# of another user's on the way to the file's own directory (with a link
# of theirs in it to a directory of root's, or the current directory),
# or a directory anyone may write to that is not sticky, refuses the
# edit with exit status 1, naming that directory, and the file keeps
# every byte.  A sticky directory open to all (as /tmp is), and a link
# of root's, are gone through.  (The file's own directory may be
# another user's: tool-hugeedit-race edits there.)
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
need_root
add_user hledit
chmod 711 .

write_prog
mkdir -m 700 victim
hl_cc -Wl,--hugetlbfs-align -o victim/prog prog.c || fail "cannot link prog"
sum=$(sha256sum <victim/prog)

# refused CASE WORDS CMD...: CMD (a hugeedit) exits 1 naming WORDS, and
# root's program keeps every byte.
refused() {
	_case=$1 _words=$2
	shift 2
	"$@" >out 2>err && fail "$_case: hugeedit edited: $(cat out)"
	[ $? -eq 1 ] || fail "$_case: exit status $?, not 1: $(cat err)"
	grep -qF -- "$_words" err || fail "$_case: the message does not name $_words: $(cat err)"
	[ "$(sha256sum <victim/prog)" = "$sum" ] || fail "$_case: root's program was edited"
	ok "$_case: refused, naming $_words"
}

mkdir -m 755 theirs
chown "$uid" theirs
setpriv --reuid="$uid" --regid="$gid" --clear-groups ln -s "$PWD/victim" theirs/dir
refused "a directory of another user's, with their link to root's" \
	"$PWD/theirs belongs to another user (uid $uid)" \
	"$HLBIN/hugeedit" --text "$PWD/theirs/dir/prog"

refused "the current directory, another user's" \
	". belongs to another user (uid $uid)" \
	sh -c "cd theirs && exec '$HLBIN/hugeedit' --text ../victim/prog"

mkdir -m 755 open
chmod 777 open
ln -s "$PWD/victim" open/dir
refused "a directory anyone may write to" \
	"$PWD/open is a directory others may write to" \
	"$HLBIN/hugeedit" --text "$PWD/open/dir/prog"

mkdir -m 755 sticky
chmod 1777 sticky
ln -s "$PWD/victim" sticky/dir
"$HLBIN/hugeedit" --text "$PWD/sticky/dir/prog" >out 2>err ||
	fail "through a sticky directory and root's link: $(cat err)"
"$HLBIN/hugeedit" victim/prog | grep -q '(TEXT) default is HUGE pages' ||
	fail "through root's link: not edited: $("$HLBIN/hugeedit" victim/prog)"
ok "through a sticky directory and root's own link: edited"
