# SPDX-License-Identifier: MIT
# Part e, with bench/instructions.sh, sourced by bench/run.sh: whether a
# relinked program that is asked for nothing starts as fast as the plain
# link of the same program, measured closely enough to tell: bigseg at
# 8, 32 and 128 MiB, plain and relinked with no variable set, in 301
# rounds.  Part a's 41 rounds leave the ratio's 95% interval some 4% wide
# on either side; these narrow it to about 1%.  The variants are part
# a's.

. "$here/startup.sh"

bench_nothing() {
	for mib in 8 32 128; do
		b="start-up asked for nothing, $mib MiB of text, many rounds"
		vs=
		progress "$b"
		for v in plain nothing; do
			set -- $(startup_check $v)
			check "$b" "$(startup_label $v)" "wall ms" "$1" \
				$(startup_cmd $v) "$2" && vs="$vs $v"
		done
		for r in $(seq "${RUNS:-301}"); do
			for v in $(order "$r" $vs); do
				timed "$b" "$(startup_label $v)" $(startup_cmd $v) || true
			done
		done
	done
}
