#!/bin/sh
# SPDX-License-Identifier: MIT
# hugeedit, hugelink-inspect and hugelink-profile read their options
# wherever they stand, after the file as before it, as GNU getopt
# permutes them (POSIXLY_CORRECT set or not), and "--" ends them: an
# argument after it is a file even when it starts with '-'.  The edits
# are judged from the program headers read in Python, the reports by
# json.load, the orders by nm.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3
need_cmd nm

# marked FILE: the classes of FILE's PT_LOADs that carry
# PF_LINUX_HUGETLB, "TEXT" for the read-only ones, "DATA" for the
# writable ones, sorted, each followed by a space.
marked() {
	python3 - "$1" <<'E'
import struct, sys
d = open(sys.argv[1], 'rb').read()
assert d[4] == 2 and d[5] == 1, "not ELF64 little-endian"
phoff, = struct.unpack_from('<Q', d, 32)
phentsize, phnum = struct.unpack_from('<HH', d, 54)
got = set()
for i in range(phnum):
    typ, flags = struct.unpack_from('<II', d, phoff + i * phentsize)
    if typ == 1 and flags & 0x100000:
        got.add('DATA' if flags & 2 else 'TEXT')
print(''.join(c + ' ' for c in sorted(got)), end='')
E
}

# usage_error WHAT COMMAND...: COMMAND fails with 2 and says WHAT.
usage_error() {
	_what=$1; shift
	set +e
	"$@" >out 2>err
	_rc=$?
	set -e
	[ "$_rc" -eq 2 ] || fail "$*: exit status $_rc, not 2: $(cat err)"
	grep -q "$_what" err || fail "$*: $(cat err)"
}

cat >prog.c <<'E'
const char ro[64 << 10] = { 1 };
char data[64 << 10] = { 1 };
__attribute__((noinline)) int hot_a(int x) { return x * 3 + ro[x & 1]; }
__attribute__((noinline)) int hot_b(int x) { return hot_a(x) + data[x & 1]; }
int main(int argc, char **argv) { (void)argv; return hot_b(argc) == 0; }
E
"$CC" -O1 -o prog prog.c || fail "cannot build prog"
cp prog orig

"$HUGEEDIT" prog --text >out || fail "hugeedit prog --text"
[ "$(marked prog)" = "TEXT " ] || fail "prog --text marked: $(marked prog)"
"$HUGEEDIT" prog --data --text >out || fail "hugeedit prog --data --text"
[ "$(marked prog)" = "DATA TEXT " ] || fail "prog --data --text marked: $(marked prog)"
"$HUGEEDIT" prog --disable >out || fail "hugeedit prog --disable"
cmp orig prog || fail "prog --disable did not give back the original"
POSIXLY_CORRECT=1 "$HUGEEDIT" prog --data >out ||
	fail "POSIXLY_CORRECT=1 hugeedit prog --data"
[ "$(marked prog)" = "DATA " ] || fail "POSIXLY_CORRECT, prog --data marked: $(marked prog)"
usage_error "cannot be combined" "$HUGEEDIT" prog --text --disable
[ "$(marked prog)" = "DATA " ] || fail "a refused command line changed prog"
ok "hugeedit: options after the file"

cp orig ./--text
"$HUGEEDIT" --data -- --text >out || fail "hugeedit --data -- --text"
[ "$(marked ./--text)" = "DATA " ] || fail "the file --text: $(marked ./--text)"
[ "$(marked prog)" = "DATA " ] || fail "-- --text changed prog"
usage_error "one file at a time" "$HUGEEDIT" prog -- --disable
[ "$(marked prog)" = "DATA " ] || fail "prog -- --disable changed prog"
ok "hugeedit: -- ends the options"

"$HLBIN/hugelink-inspect" prog --json >prog.json || fail "hugelink-inspect prog --json"
python3 -c 'import json, sys; sys.exit(json.load(open("prog.json"))["program"] != "prog")' ||
	fail "prog --json: $(head -c 300 prog.json)"
cp orig ./--json
"$HLBIN/hugelink-inspect" -- --json >text.out || fail "hugelink-inspect -- --json"
grep -q '^program: --json (ELF64' text.out || fail "-- --json: $(head -n 3 text.out)"
usage_error "one program at a time" "$HLBIN/hugelink-inspect" prog -- --json
ok "hugelink-inspect: prog --json, -- --json"

# A perf script profile of prog: hot_b 3 samples, hot_a 2, each called
# from main.
p=$PWD/prog
for f in hot_b hot_b hot_a hot_b hot_a; do
	printf 'prog 4242 [001] 12.345:     250000 cpu-clock:\n'
	printf '\t            1133 %s+0x4 (%s)\n' "$f" "$p"
	printf '\t            1178 main+0x8 (%s)\n\n' "$p"
done >script.txt
nm prog | grep -q ' T hot_a$' && nm prog | grep -q ' T hot_b$' ||
	fail "prog has no hot_a and hot_b: $(nm prog)"
"$HLBIN/hugelink-profile" -o before.order -x prog script.txt >before.out ||
	fail "hugelink-profile -o before.order -x prog script.txt"
grep -qx hot_a before.order && grep -qx hot_b before.order ||
	fail "the order: $(cat before.order)"
"$HLBIN/hugelink-profile" script.txt -x prog -o after.order >after.out ||
	fail "hugelink-profile script.txt -x prog -o after.order"
cmp before.order after.order || fail "options after the profile give another order"
"$HLBIN/hugelink-profile" -x prog -o stdin.order - <script.txt >/dev/null ||
	fail "hugelink-profile -x prog -o stdin.order -"
cmp before.order stdin.order || fail "the profile on standard input gives another order"
cp script.txt ./-x
"$HLBIN/hugelink-profile" -o dash.order -- -x >/dev/null ||
	fail "hugelink-profile -o dash.order -- -x"
cmp before.order dash.order || fail "the profile named -x gives another order"
ok "hugelink-profile: options after the profile, -- before it"
