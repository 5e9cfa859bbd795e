#!/bin/sh
# SPDX-License-Identifier: MIT
# A start the page cache serves is told so without looking into /proc,
# whose first use costs a start about as much as the rest of the runtime
# (loader/filetext.c).  A relinked program with 32 MiB of text, primed,
# run with HUGETLB_ELFMAP=R, names no path under /proc but in
# statfs("/proc") (strace), and its text is its file's mapping,
# FilePmdMapped from the page cache (its smaps, read from outside).  Where the process turned THP off (PR_SET_THP_DISABLE), the
# kernel maps the same huge folios with PTEs, which the start cannot tell
# from its page faults: it looks into /proc/self, and its text is not
# FilePmdMapped.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/filetext.sh"

need_thp
need_cmd strace
pool_set_free 0
relink_bigtext 32
build_helper nothp
"$HUGECTL" --prime prog >prime.out || fail "hugectl --prime prog: $(cat prime.out)"
whole=$(text_whole prog)

# proc_used WRAPPER...: the system calls of a run of ./prog (through
# WRAPPER) that named a path under /proc, but statfs("/proc").
proc_used() {
	env HUGETLB_ELFMAP=R strace -f -o trace "$@" ./prog >run.out 2>&1 ||
		fail "$*: ./prog failed: $(cat run.out)"
	# From the exec of ./prog on: what a wrapper did before is its own.
	sed -n '/execve("\.\/prog"/,$p' trace >trace.prog
	grep '"/proc' trace.prog | grep -v '^[0-9]* *statfs("/proc",' || :
}

got=$(proc_used)
[ -z "$got" ] || fail "a served start used /proc: $got"
start_served "served, nothing under /proc used" "$PWD/prog" "$whole" \
	HUGETLB_ELFMAP=R

got=$(proc_used ./nothp)
case $got in
*'"/proc/self/'*) ;;
*) fail "THP turned off: the start did not look into /proc/self: $(cat trace.prog)" ;;
esac
start_holds 1 ./nothp env HUGETLB_ELFMAP=R ./prog
set -- $(text_smaps $holds "$PWD/prog")
stop_holds
[ "${2:-0}" -eq 0 ] || fail "THP turned off: ${2:-0} bytes FilePmdMapped"
ok "THP turned off: the start looked into /proc/self, nothing FilePmdMapped"
