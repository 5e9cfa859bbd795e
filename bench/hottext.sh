# SPDX-License-Identifier: MIT
# Part hottext, sourced by bench/run.sh: a program whose hot 5% of
# functions lie scattered through 64 MiB of text (bench/hotgen.sh,
# bench/hotmain.c), as linked with the wrapper (unordered) and relinked
# with the order hugelink-profile made of its perf profile (ordered).
# Four variants, in the same rounds: unordered and ordered on base
# pages; the whole text on 2 MiB hugetlb pages (HUGETLB_ELFMAP=R); and
# the ordered program with only its hot text on them (HUGELINK_TEXT=hot).
# Each times the loop of calls itself (ns/call); the whole run and a run
# of no calls (the start's cost) are timed from outside, wall-clock and
# CPU; the pool pages are those the run holds while it runs.

hot_cmd() {
	case $1 in
	base) echo "$BENCH_BIN/hotmain" ;;
	ordered) echo "$BENCH_BIN/hotmain-ordered" ;;
	full) echo "HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb $BENCH_BIN/hotmain" ;;
	hot) echo "HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb HUGELINK_TEXT=hot $BENCH_BIN/hotmain-ordered" ;;
	esac
}

hot_label() {
	case $1 in
	base) echo "unordered, base pages" ;;
	ordered) echo "ordered, base pages" ;;
	full) echo "unordered, whole text on 2 MiB pages" ;;
	hot) echo "ordered, hot text on 2 MiB pages" ;;
	esac
}

hot_pages() {
	case $1 in
	base | ordered) echo 4 ;;
	full) echo 2048 ;;
	hot) echo - ;;
	esac
}

# hot_split VARIANT: after check, the hot variant's run must have said
# that its hot text is on 2 MiB pages and its cold text on base pages
# (check takes one page size for every line).
hot_split() {
	[ "$1" = hot ] || return 0
	grep -q '^hot text: .* on 2048 kB pages$' "$W/check" &&
		grep -q '^cold text: .* on 4 kB pages$' "$W/check" && return 0
	sample "$b" "$(hot_label hot)" "ns/call" \
		"fails: not only the hot text on huge pages: $(grep ' text: ' "$W/check" | tr '\n' ' ')"
	return 1
}

bench_hottext() {
	b="hot text: 20 M calls to 5% of 64 MiB of functions"
	whole="hot text: whole run"
	start="hot text: start (no calls)"
	pool="hot text: pool pages held"
	progress "$b"
	for x in "$b" "$whole" "$start" "$pool"; do
		compare_to "$x" "$(hot_label ordered)" "$(hot_label base)"
		compare_to "$x" "$(hot_label hot)" "$(hot_label full)"
		compare_to "$x" "$(hot_label full)" "$(hot_label base)"
	done
	vs=
	for v in base ordered full hot; do
		for x in "$whole" "$start" "$pool"; do listed "$x" "$(hot_label $v)"; done
		check "$b" "$(hot_label $v)" "ns/call" "$(hot_pages $v)" \
			$(hot_cmd $v) 0.5 && hot_split $v && vs="$vs $v"
	done
	for r in $(seq "${RUNS:-9}"); do
		for v in $(order "$r" $vs); do
			free=$(meminfo Free)
			timed "$whole" "$(hot_label $v)" $(hot_cmd $v) 20 || continue
			sample "$b" "$(hot_label $v)" "ns/call" \
				"$(sed -n 's/.*, \([0-9.]*\) ns each$/\1/p' "$W/out")"
			sample "$pool" "$(hot_label $v)" "pages" \
				"$((free - $(sed -n 's/^pool-free //p' "$W/out")))"
			timed "$start" "$(hot_label $v)" $(hot_cmd $v) 0 || continue
		done
	done
}
