#!/bin/sh
# SPDX-License-Identifier: MIT
# Replay the saved regressions, then fuzz each target for SECONDS.  A
# saved input named *.b64 is kept in base64, so that the source tree holds
# no binary file, and is decoded into BUILD/regress/TARGET before the
# replay.
# Crashes are saved in BUILD/artifacts/ and make the run fail.
#
# Usage: fuzz/run.sh BUILD SECONDS TARGET...
#   BUILD holds the fuzzers and seeds/ (fuzz/seeds.sh); each target's
#   corpus grows in BUILD/corpus/TARGET.  Targets whose name starts with
#   "elf-" are seeded from seeds/elf, "ctl-" from seeds/ctl, "share-"
#   from seeds/share; the others start from nothing.
set -u
build=$1 seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
failed=
mkdir -p "$build/artifacts"

for t in "$@"; do
	case $t in
	elf-*) seeds=$build/seeds/elf ;;
	ctl-*) seeds=$build/seeds/ctl ;;
	share-*) seeds=$build/seeds/share ;;
	*) seeds= ;;
	esac
	corpus=$build/corpus/$t
	mkdir -p "$corpus"
	if ls "$here/regress/$t"/* >/dev/null 2>&1; then
		echo "== $t: replaying fuzz/regress/$t"
		rm -rf "$build/regress/$t"
		mkdir -p "$build/regress/$t"
		for f in "$here/regress/$t"/*; do
			case $f in
			*.b64) base64 -d "$f" >"$build/regress/$t/$(basename "$f" .b64)" ;;
			*) cp "$f" "$build/regress/$t/" ;;
			esac
		done
		"$build/$t" -close_fd_mask=3 "$build/regress/$t"/* 2>"$build/$t.log" ||
			{ failed="$failed $t"; tail -n 30 "$build/$t.log"; continue; }
	fi
	echo "== $t: fuzzing for ${seconds}s"
	if "$build/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
		-close_fd_mask=3 -print_final_stats=1 \
		-artifact_prefix="$build/artifacts/$t-" "$corpus" ${seeds:+"$seeds"} \
		2>"$build/$t.log"; then
		grep -E '^stat::(number_of_executed_units|new_units_added)' "$build/$t.log"
	else
		failed="$failed $t"
		tail -n 40 "$build/$t.log"
	fi
done
if [ -n "$failed" ]; then
	echo "fuzz: failures in:$failed; inputs in $build/artifacts/"
	exit 1
fi
echo "fuzz: no failures"
