# SPDX-License-Identifier: MIT
# --dry-run, --prime, --share-list and --share-clean each replace running
# a program: two of them, in either order, are a usage error naming
# both (exit 125), and nothing of either is done; --dry-run runs
# nothing, so it never primes, lists or removes.  One mode given twice
# is that mode, and --help and --version win over any of them, as
# libhugetlbfs's --help won over its --dry-run.  --share-list and
# --share-clean take no file or program: a word after their options is
# a usage error too (exit 125, the word named), so that the options
# after it, which getopt never reaches, are never passed over while
# the files are listed or removed.
. "$HL_SRC/tests/integration/common.sh"

cat > prog.c <<'E'
int main(void) { return 0; }
E
"$CC" -O1 -o prog prog.c

# refused A B [ARG...]: hugectl A B ARG... and hugectl B A ARG... both
# exit 125, naming both options, and print nothing on standard output.
refused() {
	_a=$1 _b=$2; shift 2
	for _order in "$_a $_b" "$_b $_a"; do
		set +e
		# shellcheck disable=SC2086 # the two options, split
		"$HUGECTL" $_order "$@" >out 2>err
		_rc=$?
		set -e
		[ "$_rc" -eq 125 ] ||
			fail "$_order $*: exit $_rc, not 125: $(cat out err)"
		[ ! -s out ] || fail "$_order $* did something: $(cat out)"
		_x=${_order%% *} _y=${_order#* }
		grep -qF -- "$HUGECTL_NAME: ${_x%%=*} and ${_y%%=*} cannot be used together" err ||
			fail "$_order $*: not named: $(cat err)"
	done
}

echo "--dry-run with another mode"
refused --dry-run --prime ./prog
refused --dry-run --share-list
refused --dry-run --share-clean=all
refused --dry-run --share-clean

echo "the other modes with one another"
refused --prime --share-list ./prog
refused --prime --share-clean ./prog
refused --share-list --share-clean=all

echo "a word after --share-list or --share-clean"
for mode in --share-list --share-clean --share-clean=all; do
	set +e
	"$HUGECTL" $mode x --dry-run >out 2>err
	rc=$?
	set -e
	[ "$rc" -eq 125 ] || fail "$mode x --dry-run: exit $rc, not 125: $(cat out err)"
	[ ! -s out ] || fail "$mode x --dry-run did something: $(cat out)"
	grep -qF -- "$HUGECTL_NAME: ${mode%%=*}: takes no file or program, but x follows" err ||
		fail "$mode x --dry-run: x not named: $(cat err)"
done

echo "one mode twice is that mode"
"$HUGECTL" --dry-run --text --dry-run >out 2>err ||
	fail "--dry-run twice refused: $(cat err)"
grep -qx 'HUGETLB_ELFMAP=R' out || fail "--dry-run twice: $(cat out)"

echo "--help and --version win, in either order"
"$HUGECTL" --dry-run --help >out 2>err || fail "--dry-run --help: $(cat err)"
grep -q '^usage: ' out || fail "--dry-run --help printed: $(cat out)"
"$HUGECTL" --help --prime ./prog >out 2>err || fail "--help --prime: $(cat err)"
grep -q '^usage: ' out || fail "--help --prime printed: $(cat out)"
"$HUGECTL" --share-list --version >out 2>err ||
	fail "--share-list --version: $(cat err)"
grep -q "(hugelink)" out || fail "--share-list --version printed: $(cat out)"
ok "hugectl takes one mode at a time, and no word after --share-list or --share-clean"
