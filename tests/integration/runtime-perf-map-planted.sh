# SPDX-License-Identifier: MIT
# HUGELINK_PERF_MAP=1 writes /tmp/perf-PID.map after the text moved, but
# never through what another party put at that name first: a symbolic
# link there (to a file of ours), or a file of another user, is left as
# it was, the file behind the link unchanged, and the start says why in
# one message; the program runs with its text moved (its own smaps).  A
# start with nothing planted writes the map, a regular file of ours
# naming the program's functions: that is what the planted names would
# otherwise have received.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 16
build_segcheck sc

# planted NAME [PLANT...]: start ./sc with HUGELINK_PERF_MAP=1 and
# HUGETLB_ELFMAP=R, after running "PLANT... /tmp/perf-PID.map" for the
# PID it will have (the shell's, which the program keeps through exec);
# its output in NAME.out and NAME.err, its map's name in $map.
planted() {
	_n=$1; shift
	sh -c 'echo $$ >"$1.pid"; shift; [ $# -eq 0 ] || "$@" /tmp/perf-$$.map &&
		exec env HUGELINK_PERF_MAP=1 HUGETLB_ELFMAP=R ./sc' sh "$_n" "$@" \
		>"$_n.out" 2>"$_n.err" || fail "$_n: sc failed: $(cat "$_n.out" "$_n.err")"
	map=/tmp/perf-$(cat "$_n.pid").map
	at_exit "rm -f $map"
	expect_lines "$_n.out" "text 2048" "ok"
}

planted none
[ -f "$map" ] && [ ! -L "$map" ] && [ "$(stat -c %u "$map")" = "$(id -u)" ] ||
	fail "nothing planted: no map of ours at $map: $(cat none.err)"
grep -q ' main$' "$map" || fail "nothing planted: the map names no main: $(head -n 5 "$map")"
[ ! -s none.err ] || fail "nothing planted: said $(cat none.err)"
ok "nothing planted: $map written, $(wc -l <"$map") functions"

# A symbolic link to a file of ours.
printf 'victim\n' >victim
cp victim victim.orig
planted link ln -s "$PWD/victim"
[ -L "$map" ] && [ "$(readlink "$map")" = "$PWD/victim" ] ||
	fail "a planted symbolic link was replaced: $(ls -l "$map")"
cmp -s victim victim.orig || fail "the file behind the planted link changed: $(head -n 3 victim)"
grep -q "^hugelink: sc: HUGELINK_PERF_MAP: $map exists and is not a file of ours: left alone" link.err ||
	fail "a planted symbolic link: said $(cat link.err)"
[ "$(wc -l <link.err)" -eq 1 ] || fail "a planted symbolic link: more than one message: $(cat link.err)"
ok "a symbolic link planted at the map's name: left alone, said: $(cat link.err)"

# A file of another user's.
planted theirs sh -c 'printf "theirs\n" >"$1" && chown 65534 "$1"' sh
[ "$(stat -c %u "$map")" = 65534 ] && [ "$(cat "$map")" = theirs ] ||
	fail "another user's file at the map's name changed: $(ls -l "$map")"
grep -q "HUGELINK_PERF_MAP: $map exists and is not a file of ours: left alone" theirs.err ||
	fail "another user's file: said $(cat theirs.err)"
ok "another user's file at the map's name: left alone, said"
