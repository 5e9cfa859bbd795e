# SPDX-License-Identifier: MIT
# Sourced by bench/run.sh: how the benchmark takes, keeps and sums up its
# samples.
#
# Every sample is a line of $W/samples, "benchmark|variant|unit|value|round",
# where round is the caller's $r, the round the parts count (0 outside
# them), and a run that fails leaves a line whose value is "fails: <why>"
# instead: a variant with no other sample is reported as failing, one
# with others is reported with the reason its failed runs gave.  A timed
# run leaves two samples, one per clock: "wall ms" and "cpu ms".  The
# summary lists a benchmark's variants in the order listed (or check)
# first named them, whatever order the rounds ran them in, and takes a
# variant's ratios against the first variant, unless compare_to names
# others.

sample() { printf '%s|%s|%s|%s|%s\n' "$1" "$2" "$3" "$4" "${r:-0}" >>"$W/samples"; }

# listed BENCHMARK VARIANT: VARIANT's place in BENCHMARK's table.
listed() { printf '%s|%s\n' "$1" "$2" >>"$W/listed"; }

# compare_to BENCHMARK VARIANT [BASELINE...]: VARIANT's ratios are against
# each BASELINE, in each unit they share; none at all when no BASELINE is
# named.
compare_to() {
	_b=$1 _v=$2
	shift 2
	_l=
	for _x; do _l="$_l${_l:+;}$_x"; done
	printf '%s|%s|%s\n' "$_b" "$_v" "$_l" >>"$W/baselines"
}

# order ROUND WORD...: the words in an order of their own for each round,
# so that no variant always runs after the same one, and a run can be
# repeated: each word is sorted by a hash of BENCH_SEED, ROUND and the
# word.  (awk's rand() after srand() of consecutive seeds, mawk's at
# least, gave every round nearly the same order.)
order() {
	_r=$1
	shift
	for _w; do
		printf '%s %s\n' "$(printf '%s %s %s' "$SEED" "$_r" "$_w" |
			sha256sum | cut -c1-16)" "$_w"
	done | sort | cut -d' ' -f2
}

# timed_rounds BENCHMARK ROUNDS CMD LABEL VARIANT...: ROUNDS rounds of
# one timed run of each VARIANT, in an order of its own for each round
# (order); the functions CMD and LABEL give a variant's command and its
# label.  The round is left in r, which sample records.
timed_rounds() {
	_tb=$1 _tn=$2 _tc=$3 _tl=$4
	shift 4
	for r in $(seq "$_tn"); do
		for _tv in $(order "$r" "$@"); do
			timed "$_tb" "$($_tl "$_tv")" $($_tc "$_tv") || true
		done
	done
}

# timed BENCHMARK VARIANT COMMAND...: one timed run of COMMAND
# (bench/timeit), its wall-clock and CPU milliseconds recorded as samples
# and left in wall and t; a run that fails is recorded as a failure.  The
# output is left in $W/out.
timed() {
	_b=$1 _v=$2
	shift 2
	_st=0
	_ns=$("$BENCH_BIN/timeit" "$W/out" "$@") || _st=$?
	if [ "$_st" = 0 ]; then
		t=$(awk -v n="${_ns% *}" 'BEGIN { printf "%.3f\n", n / 1e6 }')
		wall=$(awk -v n="${_ns#* }" 'BEGIN { printf "%.3f\n", n / 1e6 }')
		sample "$_b" "$_v" "wall ms" "$wall"
		sample "$_b" "$_v" "cpu ms" "$t"
	else
		sample "$_b" "$_v" "wall ms" "fails: $(why_not "$W/out" "$_st" -)"
		return 1
	fi
}

# pages_said FILE: the lines of FILE in which a program says what pages
# back its memory ("text: 32 MiB on 2048 kB pages", "... on transparent
# huge pages"); thp.so's own report is not one of them.
pages_said() {
	grep -E ' on ([0-9]+ kB|transparent huge) pages$' "$1" | grep -v '^thp:'
}

# pages_name PAGES: how PAGES reads in a sentence.
pages_name() {
	case $1 in
	thp) echo "transparent huge pages" ;;
	*) echo "$1 kB pages" ;;
	esac
}

# why_not OUT STATUS PAGES: why the run that left OUT and STATUS did not
# put its memory on PAGES kB pages (or transparent huge pages, for PAGES
# thp), from what the program and the libraries said, in one line.
why_not() {
	_w=$(sed -n 's/^hugelink: [^:]*: staying on base pages where asked for huge ones: //p
		s/^libhugetlbfs: \(WARNING\|ERROR\): //p
		s/^thp: [a-z]*: \(0 of .*\)/THP: \1/p
		s/^thp: \([a-z]*: no .*\)/THP: \1/p
		s/^thp: \([^:]*\)$/THP: \1/p
		s/^floor: \([^0-9].*\)$/floor: \1/p' "$1" | head -n 1)
	if [ -n "$_w" ]; then
		echo "$_w"
	elif [ "$2" -gt 128 ]; then
		echo "killed by signal $(($2 - 128))"
	elif [ "$2" -ne 0 ]; then
		echo "exit status $2: $(tail -n 1 "$1")"
	elif [ -z "$(pages_said "$1")" ]; then
		echo "said nothing of its pages"
	else
		echo "went on $(pages_said "$1" | grep -v " on $(pages_name "$3")\$" |
			sed 's/.* on //' | head -n 1), not $(pages_name "$3")"
	fi
}

# check BENCHMARK VARIANT UNIT PAGES COMMAND...: run COMMAND once (it must
# say what pages back its memory, see pages_said) and record a failure
# for VARIANT unless it exits 0 with every such line at PAGES kB (PAGES
# thp: on transparent huge pages; PAGES -: any), and thp.so, if used,
# moved something.  PAGES 4 checks a run on base pages.
check() {
	_b=$1 _v=$2 _u=$3 _p=$4
	shift 4
	listed "$_b" "$_v"
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
	if [ "$_st" -eq 0 ] && [ -n "$(pages_said "$W/check")" ] &&
	   { [ "$_p" = - ] ||
	     ! pages_said "$W/check" | grep -qv " on $(pages_name "$_p")\$"; } &&
	   ! grep '^thp:' "$W/check" | grep -qv '^thp: [a-z]*: [1-9][0-9]* of '; then
		return 0
	fi
	sample "$_b" "$_v" "$_u" "fails: $(why_not "$W/check" "$_st" "$_p")"
	return 1
}

# meminfo FIELD: the value of HugePages_FIELD.
meminfo() { awk -v f="HugePages_$1:" '$1 == f { print $2 }' /proc/meminfo; }

# hold8 COMMAND...: start 8 copies of COMMAND (given "hold", it prints the
# pages of its text, then "ready", and waits), wait until each says
# "ready", count the pages they hold into held, and end them.  Fails, with
# the reason in held, after 30 s or when a copy's text is not on 2 MiB
# pages.  It runs in
# the main shell so that the EXIT trap knows HOLD_PIDS: copies started in
# the background ignore SIGINT, and only that trap would end them.
hold8() {
	free0=$(meminfo Free) rsvd0=$(meminfo Rsvd)
	for i in 1 2 3 4 5 6 7 8; do
		: >"$W/hold.$i"
		"$@" hold >"$W/hold.$i" 2>&1 &
		HOLD_PIDS="$HOLD_PIDS $!"
	done
	tries=300
	while [ "$(cat "$W"/hold.[1-8] | grep -c '^ready$')" -lt 8 ] && [ $tries -gt 0 ]; do
		sleep 0.1
		tries=$((tries - 1))
	done
	held=$((free0 - $(meminfo Free) + $(meminfo Rsvd) - rsvd0))
	huge=$(cat "$W"/hold.[1-8] | grep -c ' on 2048 kB pages$')
	if [ $tries = 0 ]; then
		held="fails: not all 8 were ready in 30 s"
	elif [ "$huge" != 8 ]; then
		held="fails: $huge of 8 had their text on 2 MiB pages: $(cat "$W"/hold.[1-8] |
			why_not /dev/stdin 0 2048)"
	fi
	kill $HOLD_PIDS
	wait $HOLD_PIDS 2>/dev/null || true
	HOLD_PIDS=
	case $held in fails:*) return 1 ;; esac
}

# summary CSV: for each benchmark and variant, in the order they were
# first seen, one line per unit: median, min, max, runs, and its ratio to
# each baseline in the same unit (with the difference, for times).
#
# A ratio is taken round by round: the median of the ratios of the
# variant's sample to the baseline's in each round both have one, with
# the interval from order statistics that holds that median with at
# least 95% confidence, given 6 rounds or more; the difference is the
# median of the same rounds' differences.  Pairing the runs of a round
# takes out what the machine did between rounds.  Where fewer than half
# of the variant's samples pair up, the ratio is that of the medians,
# with no interval.  Writes CSV and prints the same as a table.
summary() {
	awk -F'|' -v csv="$1" '
	function sort(a, n,   i, j, t) {
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
	}
	function mid(a, n) {
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	function median(k,   n, i, a) {
		n = cnt[k]
		for (i = 1; i <= n; i++) a[i] = val[k, i]
		sort(a, n)
		lo[k] = a[1]; hi[k] = a[n]
		return mid(a, n)
	}
	# The largest j for which fewer than j of n samples fall below the
	# median with probability 2.5% at most (binomial, p = 1/2): the j-th
	# smallest and the j-th largest bound a 95% interval.  0 for n < 6.
	function rank95(n,   j, p, c) {
		p = 0.5 ^ n; c = p; j = 0
		while (c <= 0.025) { j++; p = p * (n - j + 1) / j; c += p }
		return j
	}
	# The ratio of (k) to (bk), paired by round, as text; "" when too
	# few samples pair up.
	function paired(k, bk, u,   i, n, rd, q, d, j, s, used) {
		n = 0
		for (i = 1; i <= cnt[k]; i++) {
			rd = round_of[k, i]
			if ((rd in used) || !((bk, rd) in at) || at[bk, rd] <= 0)
				continue
			used[rd]
			n++
			q[n] = at[k, rd] / at[bk, rd]
			d[n] = at[k, rd] - at[bk, rd]
		}
		if (n == 0 || 2 * n < cnt[k]) return ""
		sort(q, n)
		s = sprintf("%.3fx", mid(q, n))
		j = rank95(n)
		if (j > 0) s = s sprintf(" [%.3f, %.3f]", q[j], q[n + 1 - j])
		sort(d, n)
		if (u ~ / ms$/) s = s sprintf(" (%+.3g)", mid(d, n))
		return s
	}
	function num(x) {
		return (x >= 1000 || x <= -1000) ? sprintf("%d", x) : sprintf("%.4g", x)
	}
	# The ratios of (b, v, u) against its baselines, "; "-separated.
	function ratios(b, v, u,   k, l, n, i, bk, r, s) {
		k = b SUBSEP v SUBSEP u
		l = ((b, v) in base) ? base[b, v] : (first[b] != v ? first[b] : "")
		n = split(l, bl, ";")
		s = ""
		for (i = 1; i <= n; i++) {
			bk = b SUBSEP bl[i] SUBSEP u
			if (!(bk in med) || med[bk] <= 0) continue
			r = paired(k, bk, u)
			if (r == "") {
				r = sprintf("%.3fx", med[k] / med[bk])
				if (u ~ / ms$/) r = r sprintf(" (%+.3g)", med[k] - med[bk])
			}
			s = s (s == "" ? "" : "; ") r " " bl[i]
		}
		return s
	}
	function row(b, v,   i, u, k, r, label, why) {
		label = v
		why = ((b, v) in note) ? note[b, v] : ""
		if (!((b, v) in nmed)) {
			printf "  %-48s %s\n", v, why
			printf "\"%s\",\"%s\",,,,,0,,\"%s\"\n", b, v, why > csv
			return
		}
		for (i = 1; i <= nu[b, v]; i++) {
			u = units[b, v, i]
			k = b SUBSEP v SUBSEP u
			if (!(k in med)) continue
			r = ratios(b, v, u)
			printf "  %-48s %-7s %8s  %8s .. %-8s n=%-3d %s\n", label, u, num(med[k]),
				num(lo[k]), num(hi[k]), cnt[k], r
			printf "\"%s\",\"%s\",\"%s\",%s,%s,%s,%d,\"%s\",\"%s\"\n", b, v, u,
				med[k], lo[k], hi[k], cnt[k], r, why > csv
			label = ""
		}
		if (why != "") printf "  %48s (some runs: %s)\n", "", why
	}
	# A variant, the first time it is named.
	function name(b, v) {
		if (!(b in nv)) benches[++nb] = b
		if (!((b, v) in seen)) { seen[b, v]; variant[b, ++nv[b]] = v }
	}
	FILENAME ~ /baselines$/ { base[$1, $2] = $3; next }
	FILENAME ~ /listed$/ { name($1, $2); next }
	{
		k = $1 SUBSEP $2 SUBSEP $3
		name($1, $2)
		if (!(k in cnt)) { cnt[k] = 0; units[$1, $2, ++nu[$1, $2]] = $3 }
		if ($4 ~ /^fails:/) { note[$1, $2] = $4; next }
		nmed[$1, $2]
		val[k, ++cnt[k]] = $4 + 0
		at[k, $5] = $4 + 0
		round_of[k, cnt[k]] = $5
	}
	END {
		print "benchmark,variant,unit,median,min,max,runs,ratios,note" > csv
		for (k in cnt) if (cnt[k]) med[k] = median(k)
		# The first variant with samples is the default baseline.
		for (i = 1; i <= nb; i++)
			for (j = nv[benches[i]]; j >= 1; j--)
				if ((benches[i], variant[benches[i], j]) in nmed)
					first[benches[i]] = variant[benches[i], j]
		for (i = 1; i <= nb; i++) {
			b = benches[i]
			printf "\n%s\n", b
			# The variants that ran, then those that could not.
			for (j = 1; j <= nv[b]; j++) if ((b, variant[b, j]) in nmed) row(b, variant[b, j])
			for (j = 1; j <= nv[b]; j++) if (!((b, variant[b, j]) in nmed)) row(b, variant[b, j])
		}
	}' "$W/baselines" "$W/listed" "$W/samples"
}
