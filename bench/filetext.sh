# SPDX-License-Identifier: MIT
# Part j, sourced by bench/run.sh: text straight from the page cache (the
# file backing).  For the program with 8, 32 and 128 MiB of text and as
# much data, after hugectl --prime:
#
#   - start-up with HUGETLB_ELFMAP=R (HUGELINK_BACKING=auto, the default,
#     which the page cache then serves) against a plain start, against
#     the copy onto hugetlb pages (HUGELINK_BACKING=hugetlb) and against
#     libhugetlbfs's copy (its HUGETLB_ELFMAP=R, the only way it has to
#     put text on huge pages), in the same rounds, wall-clock and CPU
#     time; the two copies are checked on 2 MiB pages before the rounds;
#   - the share of the text's whole 2 MiB pages the kernel maps with PMDs
#     (FilePmdMapped of the text's mapping in the program's smaps, while
#     it holds);
#   - what hugectl --prime costs per MiB of read-only segments, on a copy
#     of the program just written (cp, then sync);
#   - the unprimed first start: the same copy run before it is primed
#     (copied where the page cache holds what was just written in small
#     folios, served where it keeps it in large ones);
#   - the R start against a plain one again, in rounds of those two
#     alone (ten times as many), with no copy, no fresh file and no
#     priming between them, to tell the R start's own cost from what
#     those leave behind for the start that follows them;
# and for the 32 MiB program, 8 copies running at once: the sum of their
# text mappings' Pss against one copy's Rss, and the hugetlb pool pages
# they hold.  Then itlb, the TLB-bound chain of calls through 32 MiB of
# text, primed, from the page cache against the hugetlb copy and base
# pages (tlb.sh's table has the same variant among the others).

ft_cmd() {
	case $1 in
	plain) echo "$BENCH_BIN/bigseg-plain-$mib" ;;
	file) echo "HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-$mib" ;;
	hugetlb) echo "HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb $BENCH_BIN/bigseg-$mib" ;;
	lhf) echo "$LHF_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-$mib" ;;
	esac
}

ft_label() {
	case $1 in
	plain) echo "plain link" ;;
	file) echo "hugelink R, page cache, primed" ;;
	hugetlb) echo "hugelink R, hugetlb copy" ;;
	lhf) echo "$LHF R, hugetlb copy" ;;
	unprimed) echo "unprimed first start (HUGETLB_ELFMAP=R)" ;;
	esac
}

# ft_text PID: "FILEPMD WHOLE PSS RSS" in kB for the executable mapping of
# bigseg-$mib in process PID that holds the most of it.
ft_text() {
	awk -v want="$BENCH_BIN/bigseg-$mib" '
		/^[0-9a-f]+-[0-9a-f]+ / {
			cur = ($2 ~ /x/ && $6 == want)
			split($1, r, "-"); next
		}
		cur && $1 == "Rss:" { rss = $2 }
		cur && $1 == "Pss:" { pss = $2 }
		cur && $1 == "FilePmdMapped:" { pmd = $2 }
		cur && $1 == "VmFlags:" && rss > best { best = rss; line = pmd " " pss " " rss }
		END { print line }' "/proc/$1/smaps"
}

# ft_whole: the kB of whole 2 MiB pages in bigseg-$mib's executable segment.
ft_whole() {
	readelf -lW "$BENCH_BIN/bigseg-$mib" | awk -v P=2097152 '
		function hex(s,   i, v) {
			v = 0; s = tolower(s); sub(/^0x/, "", s)
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		$1 == "LOAD" && / R E / {
			lo = int((hex($3) + P - 1) / P) * P
			hi = int((hex($3) + hex($5)) / P) * P
			print (hi - lo) / 1024
		}'
}

# ft_keep_primed PROG...: prime each PROG again before a round when the
# page cache no longer holds all of its text's whole pages in huge
# folios, and count the rounds that needed it in reprimed.  A machine may
# reclaim page cache that no process maps: this VM's DAMON pages out what
# stays so for a minute, and between starts only the probed pages are
# mapped.
ft_keep_primed() {
	_again=0
	for _p; do
		set -- $("$HL_PREFIX/bin/hugelink-inspect" "$_p" |
			sed -n 's/.*: \([0-9]*\) MiB of whole .*congruent; \([0-9]*\) MiB in huge folios.*/\1 \2/p')
		[ -n "${2:-}" ] && [ "$2" -ge "$1" ] && continue
		"$HL_PREFIX/bin/hugectl" --prime "$_p" >/dev/null 2>&1 || true
		_again=1
	done
	reprimed=$((reprimed + _again))
}

# ft_progs: the programs whose text part j starts from the page cache or
# copies from it: hugelink's link, and libhugetlbfs's where it was built.
ft_progs() {
	for _p in "$BENCH_BIN/bigseg-$mib" "$BENCH_BIN/lhf/bigseg-$mib"; do
		[ ! -e "$_p" ] || echo "$_p"
	done
}

# ft_prime_cost: prime a fresh copy (cp, sync), its first start timed
# before; samples the cost per MiB and the first start.
ft_prime_cost() {
	rm -f "$W/fresh"
	cp "$BENCH_BIN/bigseg-$mib" "$W/fresh"
	sync "$W/fresh"
	timed "$b" "$(ft_label unprimed)" HUGETLB_ELFMAP=R "$W/fresh" || true
	_o=$("$HL_PREFIX/bin/hugectl" --prime "$W/fresh" 2>&1) || true
	# "fresh: 64 of 64 MiB in huge folios (54.3 ms)"
	_c=$(printf '%s\n' "$_o" | sed -n 's/.* of \([0-9]*\) MiB in huge folios (\([0-9.]*\) ms)$/\2 \1/p')
	if [ -n "$_c" ]; then
		sample "$b" "hugectl --prime, per MiB" "ms" \
			"$(echo "$_c" | awk '{ printf "%.3f\n", $1 / $2 }')"
	else
		sample "$b" "hugectl --prime, per MiB" "ms" "fails: $_o"
	fi
}

bench_filetext() {
	for mib in 8 32 128; do
		b="page cache, $mib MiB of text, primed"
		progress "$b"
		"$HL_PREFIX/bin/hugectl" --prime $(ft_progs) >&2 || true
		listed "$b" "$(ft_label plain)"
		listed "$b" "$(ft_label file)"
		vs="plain file"
		for v in hugetlb lhf; do
			check "$b" "$(ft_label $v)" "wall ms" 2048 $(ft_cmd $v) text &&
				vs="$vs $v"
		done
		reprimed=0
		for r in $(seq "${RUNS:-15}"); do
			ft_keep_primed $(ft_progs)
			for v in $(order "$r" $vs prime); do
				case $v in
				prime) ft_prime_cost ;;
				*) timed "$b" "$(ft_label $v)" $(ft_cmd $v) || true ;;
				esac
			done
		done
		ft_hold
		ft_keep_primed $(ft_progs)
		ft_alone "page cache, $mib MiB of text, primed: R and plain alone"
		sample "$b" "rounds that found the text no longer primed" \
			rounds "$reprimed"
		compare_to "$b" "$(ft_label file)" "$(ft_label plain)" \
			"$(ft_label hugetlb)" "$(ft_label lhf)"
		compare_to "$b" "$(ft_label hugetlb)" "$(ft_label plain)" \
			"$(ft_label lhf)"
		compare_to "$b" "$(ft_label lhf)" "$(ft_label plain)"
		compare_to "$b" "$(ft_label unprimed)" "$(ft_label plain)"
	done
	. "$here/tlb.sh"
	prog=itlb class=R kind=text what=call
	"$HL_PREFIX/bin/hugectl" --prime "$EX_BIN/itlb" >&2 || true
	tlb_one "page cache: itlb, 20 M calls over 32 MiB of text" 20 \
		base hugelink hugelink_file
	compare_to "page cache: itlb, 20 M calls over 32 MiB of text" \
		"$(tlb_label hugelink_file)" "$(tlb_label hugelink)" \
		"$(tlb_label base)"
}

# ft_alone BENCHMARK: the plain and the R start, primed, in rounds of
# their own, ten times the part's (the text is checked primed just
# before, and counted in reprimed when it was not).
ft_alone() {
	progress "$1"
	listed "$1" "$(ft_label plain)"
	listed "$1" "$(ft_label file)"
	timed_rounds "$1" $((${RUNS:-15} * 10)) ft_cmd ft_label plain file
	compare_to "$1" "$(ft_label file)" "$(ft_label plain)"
}

# ft_hold: 1 copy, for the share PMD-mapped; for 32 MiB, 8 copies at
# once, for their Pss and the pool pages they hold.
ft_hold() {
	_n=1
	[ "$mib" != 32 ] || _n=8
	free0=$(meminfo Free)
	_pids=
	for i in $(seq $_n); do
		: >"$W/fhold.$i"
		HUGETLB_ELFMAP=R "$BENCH_BIN/bigseg-$mib" hold >"$W/fhold.$i" 2>&1 &
		_pids="$_pids $!"
		HOLD_PIDS="$HOLD_PIDS $!"
	done
	tries=300
	while [ "$(cat "$W"/fhold.* | grep -c '^ready$')" -lt $_n ] && [ $tries -gt 0 ]; do
		sleep 0.1
		tries=$((tries - 1))
	done
	_used=$((free0 - $(meminfo Free)))
	_whole=$(ft_whole)
	_pss=0
	for p in $_pids; do
		set -- $(ft_text "$p")
		_pss=$((_pss + ${2:-0}))
	done
	sample "$b" "text PMD-mapped, % of whole 2 MiB pages" "%" \
		"$(awk -v a="${1:-0}" -v w="$_whole" 'BEGIN { printf "%.1f\n", 100 * a / w }')"
	if [ "$_n" = 8 ]; then
		sample "$b" "8 processes: text Pss summed, % of one copy's Rss" "%" \
			"$(awk -v a="$_pss" -v w="${3:-1}" 'BEGIN { printf "%.1f\n", 100 * a / w }')"
		sample "$b" "8 processes: hugetlb pool pages held" pages "$_used"
	fi
	kill $_pids
	wait $_pids 2>/dev/null || true
	HOLD_PIDS=
	rm -f "$W"/fhold.*
}
