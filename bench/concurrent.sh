# Part d, sourced by bench/run.sh: the huge pages that 8 running copies of
# a program with 32 MiB of text hold with HUGETLB_ELFMAP=R, each with a
# private copy of its text, and sharing one (HUGETLB_SHARE=1, the shared
# files removed before each count, so that the count includes them).
# Counted from /proc/meminfo while all 8 are alive: pages no longer free,
# plus pages newly reserved.

conc_cmd() {
	case $1 in
	hl_private) echo "env HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-32" ;;
	hl_shared) echo "env $SHARE_ENV HUGETLB_ELFMAP=R $BENCH_BIN/bigseg-32" ;;
	lhf_private) echo "env $LHF_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-32" ;;
	lhf_shared) echo "env $SHARE_ENV HUGETLB_ELFMAP=R $BENCH_BIN/lhf/bigseg-32" ;;
	esac
}

conc_label() {
	case $1 in
	hl_private) echo "hugelink R, private copies" ;;
	hl_shared) echo "hugelink R, shared text" ;;
	lhf_private) echo "$LHF R, private copies" ;;
	lhf_shared) echo "$LHF R, shared text" ;;
	esac
}

# meminfo FIELD: the value of HugePages_FIELD.
meminfo() { awk -v f="HugePages_$1:" '$1 == f { print $2 }' /proc/meminfo; }

# hold8 VARIANT: start 8 copies, wait until each says "ready", count the
# pages they hold into held, and end them.  Fails, with the reason in
# held, after 30 s or when a copy's text is not on 2 MiB pages.  It runs in
# the main shell so that the EXIT trap knows HOLD_PIDS: copies started in
# the background ignore SIGINT, and only that trap would end them.
hold8() {
	free0=$(meminfo Free) rsvd0=$(meminfo Rsvd)
	for i in 1 2 3 4 5 6 7 8; do
		: >"$W/hold.$i"
		$(conc_cmd $1) hold >"$W/hold.$i" 2>&1 &
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

bench_concurrent() {
	b="8 processes with 32 MiB of text: huge pages held"
	vs=
	progress "$b"
	for v in hl_private hl_shared lhf_private lhf_shared; do
		share_forget
		check "$b" "$(conc_label $v)" pages 2048 $(conc_cmd $v) text &&
			vs="$vs $v"
	done
	for r in $(seq "${RUNS:-3}"); do
		for v in $(order "$r" $vs); do
			share_forget
			hold8 $v || true
			sample "$b" "$(conc_label $v)" pages "$held"
		done
	done
	share_forget
	compare_to "$b" "$(conc_label lhf_shared)" "$(conc_label lhf_private)"
}
