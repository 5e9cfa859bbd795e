# SPDX-License-Identifier: MIT
# Part e, with bench/instructions.sh, sourced by bench/run.sh: whether a
# relinked program that is asked for nothing starts as fast as the plain
# link of the same program, measured closely enough to tell: bigseg at
# 8, 32 and 128 MiB, plain and relinked with no variable set, in 301
# rounds.  Part a's 41 rounds leave the ratio's 95% interval some 4% wide
# on either side; these narrow it to about 1%.  The variants are part
# a's.  Then the 32 MiB pair again beside the same two programs bound at
# load (-z now), in the same rounds: bound at load, a program looks up
# every symbol it takes from libc as it starts, and the runtime takes
# many.

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
		timed_rounds "$b" "${RUNS:-301}" startup_cmd startup_label $vs
	done
	nothing_bound_now
}

nothing_cmd() {
	case $1 in
	plain_now) echo "$BENCH_BIN/bigseg-plain-32-now" ;;
	nothing_now) echo "$BENCH_BIN/bigseg-32-now" ;;
	*) startup_cmd "$1" ;;
	esac
}

nothing_label() {
	case $1 in
	plain_now) echo "plain link, -z now" ;;
	nothing_now) echo "hugelink, nothing asked, -z now" ;;
	*) startup_label "$1" ;;
	esac
}

nothing_bound_now() {
	b="start-up asked for nothing, 32 MiB of text, bound lazily and at load"
	vs= mib=32
	progress "$b"
	for v in plain nothing plain_now nothing_now; do
		check "$b" "$(nothing_label $v)" "wall ms" 4 $(nothing_cmd $v) text &&
			vs="$vs $v"
	done
	timed_rounds "$b" "${RUNS:-301}" nothing_cmd nothing_label $vs
	compare_to "$b" "$(nothing_label nothing)" "$(nothing_label plain)"
	compare_to "$b" "$(nothing_label plain_now)" "$(nothing_label plain)"
	compare_to "$b" "$(nothing_label nothing_now)" \
		"$(nothing_label plain_now)" "$(nothing_label nothing)"
}
