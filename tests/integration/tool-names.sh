# SPDX-License-Identifier: MIT
# The tools print file names escaped: a name with a newline, an escape
# sequence or bytes that are not UTF-8 shows as C escapes on one line,
# in hugelink-inspect's text report, in hugeedit's and hugectl's
# messages; JSON carries the name itself, escaped as JSON.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
name=$(printf 'a\nb\033[2J\377')
shown='a\nb\x1b[2J\xff'
cp /bin/true "./$name"

# one_line FILE: FILE has exactly one line, with no control character
# and nothing that is not UTF-8.
one_line() {
	[ "$(wc -l <"$1")" -eq 1 ] || fail "$1 is not one line: $(cat -A "$1")"
	if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177-\377]')" "$1"; then
		fail "$1 holds a control character or bad UTF-8: $(cat -A "$1")"
	fi
}

"$HLBIN/hugelink-inspect" "./$name" >out || fail "hugelink-inspect failed"
grep '^program: ' out >line
one_line line
grep -qF "program: ./$shown (ELF" line || fail "not escaped: $(cat -A line)"
if grep -q '^b' out; then fail "the name forged a line: $(cat -A out)"; fi
"$HLBIN/hugelink-inspect" --json "./$name" >json || fail "hugelink-inspect --json failed"
python3 -c '
import json, sys
r = json.load(open("json", encoding="utf-8", errors="surrogateescape"))
want = sys.argv[1].encode("utf-8", "surrogateescape").decode("utf-8", "replace")
sys.exit(r["program"] != want)' "./$name" || fail "the JSON program name: $(cat json | head -3)"
ok "hugelink-inspect: $(cat line)"

printf 'not ELF\n' >"./$name"
set +e
"$HUGEEDIT" --text "./$name" >out 2>err
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "hugeedit on a file that is not ELF exited $rc"
one_line err
grep -qF "./$shown" err || fail "hugeedit's message does not name the file: $(cat -A err)"
ok "hugeedit: $(cat err)"

set +e
"$HUGECTL" "./$name.missing" >out 2>err
rc=$?
set -e
[ "$rc" -eq 127 ] || fail "hugectl on a missing program exited $rc"
one_line err
grep -qF "./$shown.missing" err || fail "hugectl's message does not name the file: $(cat -A err)"
cp /bin/true "./$name"
"$HUGECTL" --dry-run --text "./$name" >out 2>err || fail "hugectl --dry-run failed: $(cat err)"
grep -F "$shown" err >line || fail "hugectl's note does not name the program: $(cat -A err)"
[ "$(wc -l <err)" -eq "$(grep -c "^$HUGECTL_NAME: " err)" ] || fail "a note spans lines: $(cat -A err)"
ok "hugectl: $(cat err | head -n 1)"
