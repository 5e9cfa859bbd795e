#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --libs naming a library it cannot read says so as it says
# everything else of a library: one note, naming the library and the
# cause, saying it is not planned and that nothing of it moves unless
# the program can load it, and silenced by -q as any note is.  A file
# that is not ELF, and one cut short (readelf's errors are the oracle
# that each is no whole ELF file), are such libraries for any user; one of mode 000
# is for a user who is not root (a user of the test's own when the test
# runs as root, with cat as the oracle that it cannot read it).
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf

echo 'int main(void) { return 0; }' >prog.c
echo 'int f(void) { return 1; }' >lib.c
# A directory any user may read, which only root (or the caller) can
# change, so that hugectl lists the program's libraries for any of them.
dir=$(mktemp -d /tmp/hl-libs-unread.XXXXXX)
at_exit "rm -rf $dir"
chmod 755 "$dir"
"$CC" -o "$dir/prog" prog.c || fail "cannot link prog"
"$CC" -fPIC -shared -o "$dir/lib.so" lib.c || fail "cannot link lib.so"
echo 'not a library' >"$dir/text.so"
head -c 3000 "$dir/lib.so" >"$dir/short.so"
for f in text.so short.so; do
	readelf -lW "$dir/$f" 2>&1 >/dev/null | grep -q "Error" ||
		fail "readelf reads $f whole"
done

# unread FILE CAUSE [RUN...]: hugectl --libs=$dir/FILE, run by RUN,
# notes once that FILE is not planned, for CAUSE (a grep pattern), and
# says nothing else of it; with -q, nothing at all.
unread() {
	_f=$1 _cause=$2
	shift 2
	"$@" "$HUGECTL" --dry-run --text --libs="$dir/$_f" "$dir/prog" >out 2>err ||
		fail "$_f: exit $?: $(cat out err)"
	grep -qx "$HUGECTL_NAME: $dir/$_f is not planned, as hugectl cannot read it: $_cause; nothing of it moves unless the program can load it" err ||
		fail "$_f: no note of why: $(cat err)"
	[ "$(grep -c "$_f" err)" -eq 1 ] || fail "$_f: said more than once: $(cat err)"
	_note=$(grep "$_f" err)
	"$@" "$HUGECTL" -q --dry-run --text --libs="$dir/$_f" "$dir/prog" >out 2>err ||
		fail "-q $_f: exit $?: $(cat out err)"
	[ ! -s err ] || fail "-q $_f: still said: $(cat err)"
	ok "$_note"
}

unread text.so "not an ELF file (no ELF magic number)"
unread short.so "truncated or corrupt: .*beyond the end of the file (3000 bytes)"

cp "$dir/lib.so" "$dir/closed.so"
chmod 000 "$dir/closed.so"
if [ "$(id -u)" != 0 ]; then
	unread closed.so "Permission denied"
elif have_root; then
	need_cmd setpriv
	add_user hlunread
	as_user() { setpriv --reuid="$uid" --regid="$gid" --clear-groups "$@"; }
	if as_user cat "$dir/closed.so" >/dev/null 2>&1; then
		fail "$user can read closed.so"
	fi
	unread closed.so "Permission denied" as_user
else
	echo "not run: a library of mode 000, which root reads (root's powers to add a user are not the test's)"
fi
