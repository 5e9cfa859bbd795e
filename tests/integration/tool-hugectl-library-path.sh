#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --library-path takes what libhugetlbfs's took: the directory
# that holds the runtime, or a prefix whose lib directories hold it,
# relative or absolute; the runtime it preloads is the one found there.
# A directory with no runtime in it fails with exit 125, naming it.
. "$HL_SRC/tests/integration/common.sh"

major=$(sed 's/\..*//' "$HL_SRC/VERSION")
want="LD_PRELOAD=$HLLIB/libhugelink.so.$major"
"$CC" -o plain -x c - <<'C'
int main(void) { return 0; }
C
# A prefix with its runtime in lib/<multiarch>, as a distribution has it.
mkdir -p pfx/lib/x86_64-linux-gnu
cp "$HLLIB/libhugelink.so.$major" pfx/lib/x86_64-linux-gnu/
for dir in "$HLLIB" "$HL_PREFIX" pfx ./pfx "$PWD/pfx/lib/x86_64-linux-gnu"; do
	"$HUGECTL" --library-path "$dir" --dry-run --text ./plain >out 2>err ||
		fail "--library-path $dir: $(cat err)"
	case $dir in
	*pfx*) exp="LD_PRELOAD=$PWD/pfx/lib/x86_64-linux-gnu/libhugelink.so.$major" ;;
	*) exp=$want ;;
	esac
	grep -qx "$exp" out || fail "--library-path $dir: $(cat out)"
	_dir=${exp#LD_PRELOAD=}
	grep -qx "LD_LIBRARY_PATH=${_dir%/*}" out ||
		fail "--library-path $dir: LD_LIBRARY_PATH: $(cat out)"
	ok "--library-path $dir: ${exp#LD_PRELOAD=}"
done

# The program runs with the runtime found there.
"$HUGECTL" --library-path pfx --text ./plain || fail "./plain did not run"

mkdir empty
set +e
"$HUGECTL" --library-path empty --text ./plain 2>err
rc=$?
set -e
[ "$rc" -eq 125 ] && grep -q "^$HUGECTL_NAME: --library-path empty: no libhugelink" err ||
	fail "an empty directory: exit $rc: $(cat err)"
ok "a directory without the runtime: $(cat err)"
