# SPDX-License-Identifier: MIT
# Part, sourced by bench/run.sh: what carrying the runtime costs every
# start of a program that asks for nothing.  bench/trivial.c linked three
# ways: plainly, through the wrapper with the runtime inside it (the
# default), and through the wrapper with libhugelink.so
# (--hugetlbfs-runtime=shared), which the dynamic loader must find, map
# and bind at each start.  A sample is KINDS_STARTS starts in a row of one
# variant, by one shell; every round takes one sample of each variant, in
# an order of its own (order, in lib.sh).  Wall-clock and CPU time per
# start, against the plain link.

KINDS_STARTS=${KINDS_STARTS:-200}

kinds_label() {
	case $1 in
	plain) echo "plain link, no runtime" ;;
	static) echo "runtime inside (default)" ;;
	shared) echo "libhugelink.so (runtime=shared)" ;;
	esac
}

# kinds_sample VARIANT: one sample of VARIANT's starts, wall and CPU.
kinds_sample() {
	_prog=$BENCH_BIN/trivial-$1
	_st=0
	_t=$("$BENCH_BIN/timeit" "$W/out" sh -c \
		'i=0; while [ $i -lt "$1" ]; do "$0" || exit 1; i=$((i + 1)); done' \
		"$_prog" "$KINDS_STARTS") || _st=$?
	if [ "$_st" != 0 ]; then
		sample "start-up by runtime, CPU" "$(kinds_label "$1")" "us/start" \
			"fails: $(why_not "$W/out" "$_st" -)"
		return 1
	fi
	sample "start-up by runtime, CPU" "$(kinds_label "$1")" "us/start" \
		"$(awk -v n="${_t% *}" -v k="$KINDS_STARTS" 'BEGIN { printf "%.2f\n", n / k / 1e3 }')"
	sample "start-up by runtime, wall" "$(kinds_label "$1")" "us/start" \
		"$(awk -v n="${_t#* }" -v k="$KINDS_STARTS" 'BEGIN { printf "%.2f\n", n / k / 1e3 }')"
}

bench_runtime_kinds() {
	progress "start-up of a trivial program, by the runtime it carries"
	vs=
	for v in plain static shared; do
		listed "start-up by runtime, CPU" "$(kinds_label $v)"
		listed "start-up by runtime, wall" "$(kinds_label $v)"
		if [ -x "$BENCH_BIN/trivial-$v" ] && "$BENCH_BIN/trivial-$v"; then
			vs="$vs $v"
		else
			sample "start-up by runtime, CPU" "$(kinds_label $v)" "us/start" \
				"fails: trivial-$v does not run"
		fi
	done
	for r in $(seq "${RUNS:-11}"); do
		for v in $(order "$r" $vs); do
			kinds_sample "$v" || true
		done
	done
}
