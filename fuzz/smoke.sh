#!/bin/sh
# SPDX-License-Identifier: MIT
# Smoke-run the tools built with AddressSanitizer and UBSan: each tool on
# good inputs, on bad ones, and on every seed the fuzzers start from.  A
# sanitizer report ends the tool with status 86, which fails the run;
# any other status is the tool's own answer and only has to be the
# expected one where one is given.
#
# Usage: fuzz/smoke.sh BIN SEEDS RUNTIME_LIB
#   BIN: the sanitized tools; SEEDS: fuzz/seeds.sh's elf directory;
#   RUNTIME_LIB: a directory holding libhugelink.so, for hugectl to preload.
set -u
bin=$1 seeds=$2 lib=$3
export ASAN_OPTIONS=exitcode=86:detect_leaks=1:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:exitcode=86:print_stacktrace=1
work=$(mktemp -d "${TMPDIR:-/tmp}/hl-smoke.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0

# run WANT COMMAND...: COMMAND must exit WANT ("any": anything but 86).
run() {
	want=$1; shift
	"$@" >"$work/out" 2>"$work/err" </dev/null
	rc=$?
	if [ "$rc" -eq 86 ] || { [ "$want" != any ] && [ "$rc" -ne "$want" ]; }; then
		echo "FAIL (exit $rc, wanted $want): $*"
		sed 's/^/    | /' "$work/err" | head -n 40
		failed=$((failed + 1))
	fi
}

cp /bin/true "$work/good"
head -c 100 /bin/true > "$work/truncated"
printf 'not an ELF file\n' > "$work/notelf"
cp /bin/true "$work/class"
printf '\007' | dd of="$work/class" bs=1 seek=4 conv=notrunc 2>/dev/null
chmod 755 "$work"/*

echo "== hugectl"
run 0 "$bin/hugectl" --help
run 0 "$bin/hugectl" --dry-run --text --data=2M --bss "$work/good"
run 0 "$bin/hugectl" --library-path "$lib" -v --text --data "$work/good"
run 0 "$bin/hugectl" --dry-run --heap=2M --thp --share-text --no-reserve
run 125 "$bin/hugectl" --shm "$work/good"
run 125 "$bin/hugectl" --bogus "$work/good"
run 127 "$bin/hugectl" "$work/missing"
run 126 "$bin/hugectl" "$work/truncated"
run 126 "$bin/hugectl" "$work/class"

echo "== hugeedit"
run 0 "$bin/hugeedit" --help
run 0 "$bin/hugeedit" "$work/good"
run 0 "$bin/hugeedit" --text --data "$work/good"
run 0 "$bin/hugeedit" --disable "$work/good"
cmp -s /bin/true "$work/good" || { echo "FAIL: hugeedit round trip"; failed=$((failed + 1)); }
run 2 "$bin/hugeedit" --text --disable "$work/good"
for f in truncated notelf class missing; do
	run 1 "$bin/hugeedit" --text "$work/$f"
done

echo "== hugelink-inspect"
run 0 "$bin/hugelink-inspect" --help
run 0 "$bin/hugelink-inspect" "$work/good"
run 0 env HUGETLB_ELFMAP=RW HUGETLB_FORCE_ELFMAP=yes "$bin/hugelink-inspect" --json "$work/good"
for f in truncated notelf class missing; do
	run 1 "$bin/hugelink-inspect" "$work/$f"
done

echo "== every tool on every seed"
for f in "$seeds"/*; do
	[ -f "$f" ] || continue
	cp "$f" "$work/seed"
	run any "$bin/hugelink-inspect" --json "$work/seed"
	run any "$bin/hugeedit" --text --data "$work/seed"
	run any "$bin/hugectl" --dry-run --text --data "$work/seed"
done

echo "smoke: $failed failures"
[ "$failed" -eq 0 ]
