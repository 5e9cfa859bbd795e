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
expect 127 "hugectl: ./no-such-prog: No such file or directory" \
	"$HLBIN/hugectl" --text ./no-such-prog
expect 127 "hugectl: no-such-command-hl: command not found" \
	"$HLBIN/hugectl" --text no-such-command-hl arg
expect 127 "hugectl: true: command not found" \
	env PATH=/nonexistent "$HLBIN/hugectl" true

echo "found but not executable"
printf '#!/bin/sh\nexit 0\n' > script
chmod 644 script
expect 126 "hugectl: ./script: Permission denied" "$HLBIN/hugectl" ./script
mkdir dir
expect 126 "hugectl: ./dir: Permission denied" "$HLBIN/hugectl" ./dir
expect 126 "hugectl: ./script/x: Not a directory" "$HLBIN/hugectl" ./script/x
expect 126 "hugectl: script: Permission denied" \
	env PATH="$PWD" "$HLBIN/hugectl" script

echo "an ELF file for another machine fails as env(1) fails, not in /bin/sh"
cp /bin/true foreign
printf '\050\000' | dd of=foreign bs=1 seek=18 conv=notrunc 2>/dev/null	# EM_ARM
expect 126 "hugectl: cannot execute ./foreign: Exec format error" "$HLBIN/hugectl" ./foreign
if grep -q "Syntax error\|not found\|unexpected" err; then fail "a shell ran it: $(cat err)"; fi
expect 126 "hugectl: cannot execute ./foreign: Exec format error" \
	"$HLBIN/hugectl" --text ./foreign

echo "an ELF file hugectl finds malformed is refused with the cause"
head -c 100 /bin/true > truncated
chmod 755 truncated
expect 126 "truncated: truncated or corrupt: the program header table" \
	"$HLBIN/hugectl" ./truncated

echo "scripts run, found on PATH, with arguments"
printf '#!/bin/sh\necho "$HUGETLB_ELFMAP $*"\n' > script
chmod 755 script
PATH=$PWD:$PATH "$HLBIN/hugectl" --text script a b > out 2>err
[ "$(cat out)" = "R a b" ] || fail "the script printed: $(cat out)"
grep -q "not preloading the runtime: not an ELF program" err ||
	fail "no word about the script: $(cat err)"

echo "hugectl's own failures"
expect 125 "hugectl: --bogus: unknown option" "$HLBIN/hugectl" --bogus true
expect 125 "hugectl: no program named" "$HLBIN/hugectl" --text
expect 125 "--text=3M: not a page size" "$HLBIN/hugectl" --text=3M true
ok "hugectl exit statuses"
