#!/bin/sh
# SPDX-License-Identifier: MIT
# The wrapper edits the file the real linker wrote, and no other.  A user
# who may write the output's directory can put something else at the
# output's name between the real linker's exit and the edit: a symbolic
# link to a file of root's, a second link of one, or the directory
# itself swapped for a link to root's.  Here a
# "real linker" (HUGELINK_LD) that runs GNU ld and then makes the swap
# stands in for that user.  root's link then fails and names the output
# and the cause, or edits its own output where the directory moved; root's
# file keeps every byte.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"
need_root
need_cmd ld.bfd

write_prog
# root's file: an ELF program, which the edit would change.
mkdir victim
$CC -o victim/out prog.c
sum=$(sha256sum <victim/out)

bfd=$(command -v ld.bfd)
cat >swapld <<EOF
#!/bin/sh
"$bfd" "\$@" || exit
[ -n "\$SWAP" ] && [ -f d/out ] && [ ! -L d/out ] || exit 0
case \$SWAP in
symlink) rm d/out && ln -s "$PWD/victim/out" d/out ;;
hardlink) rm d/out && ln victim/out d/out ;;
directory) mv d d.moved && ln -s "$PWD/victim" d ;;
esac
EOF
chmod +x swapld

# link CASE: link d/out as root through the swapping linker.
link() {
	rm -rf d d.moved
	mkdir d
	SWAP=$1 HUGELINK_LD=$PWD/swapld hl_cc -Wl,--hugetlbfs-align \
		-o d/out prog.c 2>err.$1
}

for swap in symlink hardlink; do
	link $swap && fail "$swap: the link succeeded"
	grep -q "d/out: not the linker's output" err.$swap ||
		fail "$swap: the message does not name the output and why: $(cat err.$swap)"
	[ "$(sha256sum <victim/out)" = "$sum" ] ||
		fail "$swap: root's file was written"
	ok "the output swapped for $swap: refused, root's file untouched"
done
grep -q "a symbolic link" err.symlink || fail "symlink: $(cat err.symlink)"
grep -q "more than one link" err.hardlink || fail "hardlink: $(cat err.hardlink)"

link directory || fail "the directory moved: the link failed: $(cat err.directory)"
[ "$(sha256sum <victim/out)" = "$sum" ] ||
	fail "directory: root's file was written"
check_p_align d.moved/out $((2 * MIB))
./d.moved/out >/dev/null || fail "the output in the moved directory does not run"
ok "the directory swapped: the output edited where it was linked, root's file untouched"

# A directory the user may write and search but not read (0333) holds
# the output of that user's link as before.
need_cmd setpriv
make_start
chmod 711 .
mkdir u u/x
cp start.o u/
chown -R 65534:65534 u
chmod 0333 u/x
(
	cd u
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$HLBIN/hugetlbfs-ld" --hugetlbfs-align -shared -o x/out.so start.o
) 2>err || fail "the link into a directory without read permission failed: $(cat err)"
chmod 0755 u/x
check_p_align u/x/out.so $((2 * MIB))
ok "an output directory the user may not read: linked and edited"
