# Sourced by bench/run.sh: how the benchmark takes, keeps and sums up its
# samples.
#
# Every sample is a line of $W/samples, "benchmark|variant|unit|value",
# and a run that fails leaves a line whose value is "fails: <why>"
# instead: a variant with no other sample is reported as failing, one
# with others is reported with the reason its failed runs gave.  A benchmark's ratios are taken against its
# first variant, unless compare_to names another.

sample() { printf '%s|%s|%s|%s\n' "$1" "$2" "$3" "$4" >>"$W/samples"; }

# compare_to BENCHMARK VARIANT BASELINE: VARIANT's ratio is against BASELINE.
compare_to() { printf '%s|%s|%s\n' "$1" "$2" "$3" >>"$W/baselines"; }

# ms OUT COMMAND...: run COMMAND once, its output to OUT; print the
# milliseconds of CPU time it used.  Fails as COMMAND fails.
ms() {
	_ns=$("$BENCH_BIN/timeit" "$@") || return $?
	awk -v n="${_ns% *}" 'BEGIN { printf "%.3f\n", n / 1e6 }'
}

# timed BENCHMARK VARIANT COMMAND...: one timed run of COMMAND, its
# milliseconds recorded as a sample and left in t; a run that fails is
# recorded as a failure.  The output is left in $W/out.
timed() {
	_b=$1 _v=$2
	shift 2
	_st=0
	t=$(ms "$W/out" "$@") || _st=$?
	if [ "$_st" = 0 ]; then
		sample "$_b" "$_v" "cpu ms" "$t"
	else
		sample "$_b" "$_v" "cpu ms" "fails: $(why_not "$W/out" "$_st" -)"
		return 1
	fi
}

# why_not OUT STATUS PAGES: why the run that left OUT and STATUS did not
# put its memory on PAGES kB pages, from what the program and the
# libraries said, in one line.
why_not() {
	_w=$(sed -n 's/^hugelink: [^:]*: staying on base pages where asked for huge ones: //p
		s/^libhugetlbfs: \(WARNING\|ERROR\): //p
		s/^thp: [a-z]*: \(0 of .*\)/THP: \1/p
		s/^thp: \([a-z]*: no .*\)/THP: \1/p
		s/^thp: \([^:]*\)$/THP: \1/p' "$1" | head -n 1)
	if [ -n "$_w" ]; then
		echo "$_w"
	elif [ "$2" -gt 128 ]; then
		echo "killed by signal $(($2 - 128))"
	elif [ "$2" -ne 0 ]; then
		echo "exit status $2: $(tail -n 1 "$1")"
	else
		echo "stayed on $(sed -n 's/.* on \([0-9]*\) kB pages$/\1/p' "$1" | sort -n |
			head -n 1) kB pages, not $3"
	fi
}

# check BENCHMARK VARIANT UNIT PAGES COMMAND...: run COMMAND once (it must
# print "... on N kB pages" lines) and record a failure for VARIANT unless
# it exits 0 with every such line at PAGES kB, and THP, if used, moved
# something.  PAGES 4 checks a run on base pages.
check() {
	_b=$1 _v=$2 _u=$3 _p=$4
	shift 4
	for _w; do
		case $_w in
		"$BENCH_BIN"/* | "$EX_BIN"/*)
			[ -e "$_w" ] && continue
			sample "$_b" "$_v" "$_u" "fails: ${_w##*/} was not built"
			return 1 ;;
		esac
	done
	_st=0
	"$BENCH_BIN/timeit" "$W/check" "$@" >/dev/null || _st=$?
	if [ "$_st" -eq 0 ] && grep -q ' kB pages$' "$W/check" &&
	   ! grep ' kB pages$' "$W/check" | grep -qv " on $_p kB pages$" &&
	   ! grep '^thp:' "$W/check" | grep -qv '^thp: [a-z]*: [1-9][0-9]* of '; then
		return 0
	fi
	sample "$_b" "$_v" "$_u" "fails: $(why_not "$W/check" "$_st" "$_p")"
	return 1
}

# summary CSV: one row for each benchmark and variant, in the order they
# were first seen: median, min, max, unit, runs, and the ratio of the
# median to the baseline's.  Writes CSV and prints the same as a table.
summary() {
	awk -F'|' -v csv="$1" '
	function median(k,   n, i, j, t, a) {
		n = cnt[k]
		for (i = 1; i <= n; i++) a[i] = val[k, i]
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		lo[k] = a[1]; hi[k] = a[n]
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	function num(x) { return x >= 1000 ? sprintf("%d", x) : sprintf("%.4g", x) }
	function row(b, v,   k, bl, r) {
		k = b SUBSEP v
		bl = ((b, v) in base) ? base[b, v] : first[b]
		r = ""
		if (bl != v && (b SUBSEP bl) in med && med[b SUBSEP bl] > 0 && k in med)
			r = sprintf("%.3f", med[k] / med[b SUBSEP bl])
		if (!(k in med)) {
			printf "  %-40s %s\n", v, note[k]
			printf "\"%s\",\"%s\",,,,%s,0,,,\"%s\"\n", b, v, unit[k], note[k] > csv
			return
		}
		printf "  %-40s %9s %-12s %9s .. %-9s n=%-2d %s\n", v, num(med[k]), unit[k],
			num(lo[k]), num(hi[k]), cnt[k], (r == "" ? "" : r "x " bl)
		if (k in note) printf "  %40s (some runs: %s)\n", "", note[k]
		printf "\"%s\",\"%s\",%s,%s,%s,%s,%d,%s,\"%s\",\"%s\"\n", b, v, med[k], lo[k],
			hi[k], unit[k], cnt[k], r, (r == "" ? "" : bl), note[k] > csv
	}
	FILENAME ~ /baselines$/ { base[$1, $2] = $3; next }
	{
		k = $1 SUBSEP $2
		if (!($1 in nv)) benches[++nb] = $1
		if (!(k in unit)) { nv[$1]++; variant[$1, nv[$1]] = $2; unit[k] = $3 }
		if ($4 ~ /^fails:/) { note[k] = $4; next }
		if (!($1 in first)) first[$1] = $2
		val[k, ++cnt[k]] = $4 + 0
	}
	END {
		print "benchmark,variant,median,min,max,unit,runs,ratio_vs_baseline,baseline,note" > csv
		for (k in cnt) med[k] = median(k)
		for (i = 1; i <= nb; i++) {
			b = benches[i]
			printf "\n%s\n", b
			# The variants that ran, then those that could not.
			for (j = 1; j <= nv[b]; j++) if ((b, variant[b, j]) in med) row(b, variant[b, j])
			for (j = 1; j <= nv[b]; j++) if (!((b, variant[b, j]) in med)) row(b, variant[b, j])
		}
	}' "$W/baselines" "$W/samples"
}
