# SPDX-License-Identifier: MIT
# A program hugectl cannot run gets a shell's exit status and a message
# that names it: 127 when it is not found, 126 when it cannot be
# executed (an ELF file the kernel refuses is never handed to /bin/sh);
# hugectl's own failures get 125.
. "$HL_SRC/tests/integration/common.sh"

# expect STATUS TEXT COMMAND...: COMMAND exits STATUS and says TEXT.
expect() {
	_want=$1 _text=$2; shift 2
	set +e
	"$@" >out 2>err
	_rc=$?
	set -e
	[ "$_rc" -eq "$_want" ] || fail "$*: exit $_rc, not $_want: $(cat err)"
	grep -qF -- "$_text" err || fail "$*: no \"$_text\" in: $(cat err)"
}

echo "not found, by path and on PATH"
expect 127 "$HUGECTL_NAME: ./no-such-prog: No such file or directory" \
	"$HUGECTL" --text ./no-such-prog
expect 127 "$HUGECTL_NAME: no-such-command-hl: command not found" \
	"$HUGECTL" --text no-such-command-hl arg
expect 127 "$HUGECTL_NAME: true: command not found" \
	env PATH=/nonexistent "$HUGECTL" true

echo "found but not executable"
printf '#!/bin/sh\nexit 0\n' > script
chmod 644 script
expect 126 "$HUGECTL_NAME: ./script: Permission denied" "$HUGECTL" ./script
mkdir dir
expect 126 "$HUGECTL_NAME: ./dir: Permission denied" "$HUGECTL" ./dir
expect 126 "$HUGECTL_NAME: ./script/x: Not a directory" "$HUGECTL" ./script/x
expect 126 "$HUGECTL_NAME: script: Permission denied" \
	env PATH="$PWD" "$HUGECTL" script

echo "an ELF file for another machine fails as env(1) fails, not in /bin/sh"
cp /bin/true foreign
printf '\050\000' | dd of=foreign bs=1 seek=18 conv=notrunc 2>/dev/null	# EM_ARM
expect 126 "$HUGECTL_NAME: cannot execute ./foreign: Exec format error" "$HUGECTL" ./foreign
if grep -q "Syntax error\|not found\|unexpected" err; then fail "a shell ran it: $(cat err)"; fi
expect 126 "$HUGECTL_NAME: cannot execute ./foreign: Exec format error" \
	"$HUGECTL" --text ./foreign

echo "an ELF file hugectl finds malformed is refused with the cause"
head -c 100 /bin/true > truncated
chmod 755 truncated
expect 126 "truncated: truncated or corrupt: the program header table" \
	"$HUGECTL" ./truncated

echo "scripts run, found on PATH, with arguments"
printf '#!/bin/sh\necho "$HUGETLB_ELFMAP $*"\n' > script
chmod 755 script
PATH=$PWD:$PATH "$HUGECTL" --text script a b > out 2>err
[ "$(cat out)" = "R a b" ] || fail "the script printed: $(cat out)"
grep -q "not preloading the runtime: not an ELF program" err ||
	fail "no word about the script: $(cat err)"

echo "hugectl's own failures"
expect 125 "$HUGECTL_NAME: --bogus: unknown option" "$HUGECTL" --bogus true
expect 125 "$HUGECTL_NAME: no program named" "$HUGECTL" --text
expect 125 "--text=3M: not a page size" "$HUGECTL" --text=3M true
ok "hugectl exit statuses"
