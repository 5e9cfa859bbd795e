# SPDX-License-Identifier: MIT
# hugectl --share-list and --share-clean read file names that anyone
# with write access to the directory chose.  A name is taken only when it
# is exactly what the runtime writes: a page size that overflows, or a
# segment no program can have, is no shared file (and crashes nothing).
# The program a name points to is opened only when it is a regular file:
# a device is never opened.  A name with a newline or an escape sequence
# is printed escaped, so it cannot forge a row or drive the terminal.
. "$HL_SRC/tests/integration/common.sh"
need_cmd strace
mount_hugetlbfs "$PWD/mnt"
mkdir -m 0700 mnt/d
export HUGETLB_SHARE_PATH=$PWD/mnt/d
hugectl=$HUGECTL
key=0123456789abcdef

# Names that must not parse: the page size 2^54 kB once made "kb << 10"
# zero and the listing divide by it.
touch "mnt/d/%2fbin%2ftrue#$key#0#18014398509481984k" \
      "mnt/d/%2fbin%2ftrue#$key#-2147483648#2048k" \
      "mnt/d/%2fbin%2ftrue#$key#65536#2048k" \
      "mnt/d/%2fbin%2ftrue#$key#0#3072k"
set +e
"$hugectl" --share-list >list 2>err
rc=$?
set -e
[ "$rc" -eq 0 ] || fail "--share-list exited $rc: $(cat err)"
[ "$(wc -l <list)" -eq 1 ] || fail "names that cannot be shared files were listed: $(cat list)"
ok "absurd page sizes and segments are no shared files"
rm mnt/d/*

# A device named as the program: looked at, never opened.
touch "mnt/d/%2fdev%2fnull#$key#0#2048k"
strace -f -o trace -e trace=open,openat "$hugectl" --share-list >list 2>err ||
	fail "--share-list failed: $(cat err)"
grep -q '/dev/null' list || fail "the file naming /dev/null is not listed: $(cat list)"
if grep '"/dev/null"' trace; then
	fail "hugectl opened the device a file name points to"
fi
ok "a program path naming a device is not opened"
rm mnt/d/*

# Newlines, an escape sequence and bytes that are not UTF-8 in a name.
evil=$(printf '%%2ftmp%%2fx\ncurrent  yes     1 x 2M         0  %%2fbin%%2fforged\033[2J\377')
touch "mnt/d/$evil#$key#0#2048k"
"$hugectl" --share-list >list 2>err || fail "--share-list failed: $(cat err)"
[ "$(wc -l <list)" -eq 3 ] || fail "a name forged rows: $(cat -A list)"
if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177-\377]')" list; then
	fail "a control character or a byte that is not UTF-8 was printed: $(cat -A list)"
fi
grep -qF '%2ftmp%2fx\ncurrent' list || fail "the newline is not shown escaped: $(cat list)"
grep -qF '\x1b[2J\xff' list || fail "the escape and the bad byte are not shown: $(cat list)"
"$hugectl" --share-clean=all >clean 2>err || fail "--share-clean failed: $(cat err)"
[ "$(wc -l <clean)" -eq 1 ] || fail "a name forged a line of --share-clean: $(cat -A clean)"
[ -z "$(ls mnt/d)" ] || fail "the file was not removed"
ok "names are printed escaped: $(sed -n 2p list)"
