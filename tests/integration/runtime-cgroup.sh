# SPDX-License-Identifier: MIT
# A hugetlb cgroup limit refuses huge pages the pool has free: the runtime
# counts it in (cgroup v2 hugetlb.2MB.max less .current, on the pages
# faulted in, and hugetlb.2MB.rsvd.max less .rsvd.current, on those
# reserved, of the process's cgroup), puts what the limits allow on
# hugetlb pages and the rest on transparent huge pages, and names the
# limit in its message: at HUGETLB_VERBOSE=3 where the limit read at
# the start is all that kept hugetlb pages, and where it was lowered after
# that and refused them.  The test
# makes a cgroup of its own, enables the hugetlb controller for it if need
# be, and puts both back on exit.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/cgroup.sh"
need_thp
need_root
cg=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$cg" ] || skip "no cgroup v2 file system is mounted"
grep -qw hugetlb "$cg/cgroup.controllers" ||
	skip "the hugetlb controller is not available to cgroup v2 here ($cg/cgroup.controllers)"
pool_reserve 24
build_segcheck sc

if ! grep -qw hugetlb "$cg/cgroup.subtree_control"; then
	echo +hugetlb >"$cg/cgroup.subtree_control" ||
		fail "cannot enable the hugetlb controller in $cg"
	at_exit "echo -hugetlb >$cg/cgroup.subtree_control"
fi
# A long name, so that the longest limit file's path named takes the
# 255 bytes the runtime keeps for it (MACH_CGROUP_PATH_MAX, less the
# NUL), as a deep systemd slice's can.
dir=$cg/hugelink-test-$$- file=/hugetlb.2MB.rsvd.max
pad=$((255 - ${#dir} - ${#file}))
[ "$pad" -ge 1 ] || skip "the cgroup v2 mount's path ($cg) is too long for the test's"
dir=$dir$(printf "%0${pad}d" 0 | tr 0 x)
mkdir "$dir"
at_exit "rmdir $dir"
cg_dir=$dir cg_procs=cgroup.procs	# for cgroup_run
free=$(pool_free)
max=$((24 * 2097152))

# limit_at_start FILE: a limit of 2 pages in FILE (hugetlb.2MB.max, on
# the pages faulted in; hugetlb.2MB.rsvd.max, on those reserved) when
# the program starts: the runtime reads it and takes two pages, the
# text's; rodata and data go on THP (the headers' segment fills too
# little of a huge page to take one).
limit_at_start() {
	echo $((2 * 2097152)) >"$dir/$1"
	cgroup_run env HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./sc thp pool >out 2>err ||
		fail "$1: in the cgroup: $(cat out err)"
	echo $max >"$dir/$1"
	expect_lines out "text 2048" "rodata thp" "data thp" "pool-free $((free - 2))" "ok"
	grep -F "2M pages needed, $free free (free minus reserved), and the hugetlb cgroup allows 2 ($dir/$1)" err >limit.err ||
		fail "$1: the message does not name the limit: $(cat err)"
	[ "$(wc -l <limit.err)" -eq 1 ] || fail "$1: said more than once: $(cat err)"
	ok "a hugetlb cgroup limit of 2 pages in $1: $(cat limit.err)"
}
limit_at_start hugetlb.2MB.max
limit_at_start hugetlb.2MB.rsvd.max

# run_limit_lowered PAGES VAR=VALUE...: run "./sc thp pool" in the
# cgroup with the variables given (through the command $through, when
# set), held just before it reserves; lower the limit in the file
# $limit to PAGES meanwhile, then let it go.  Its output goes to out and
# err.
run_limit_lowered() {
	_pages=$1 _file=$dir/$limit; shift
	rm -f go
	sh -c 'd=$1 w=$2; shift 2; echo $$ >"$d/cgroup.procs" &&
		exec env "$@" $w ./sc thp pool' sh "$dir" "${through:-}" \
		HUGELINK_FAULT=wait:$PWD/go "$@" >out 2>err &
	prog=$!
	kill_at_exit $prog
	until grep -q nanosleep "/proc/$prog/wchan" 2>/dev/null; do
		kill -0 $prog 2>/dev/null ||
			fail "the program ended before it waited: $(cat out err)"
		sleep 0.1
	done
	echo $((_pages * 2097152)) >"$_file"
	touch go
	wait $prog
	_rc=$?
	echo $max >"$_file"
	return $_rc
}

# lowered_copy PAGES: a limit in $limit lowered to PAGES after the
# runtime read it, while it waits to reserve.  A limit on the pages
# reserved refuses the reservation (mmap); one on the pages faulted in
# lets it succeed (it is charged when a page is faulted in) and refuses
# the fault-in, which the runtime does before it copies anything (a
# write would get SIGBUS there).  Either way the text goes on
# transparent huge pages, the program runs, what was reserved is given
# back, and the message says which step the limit refused and names it,
# not the pool, which has the pages free: at HUGETLB_VERBOSE=3, since
# THP serving where a limit allows too few pages is what it is there for;
# at the default verbosity nothing is said.  With a limit of one page on
# the pages faulted in, the text's first page is faulted in and its
# second refused: the message counts once that page is given back.
lowered_copy() {
	run_limit_lowered $1 HUGETLB_ELFMAP=R ||
		fail "$how: the program failed when $limit fell to $1: $(cat out err)"
	expect_lines out "text thp" "rodata thp" "ok"
	[ ! -s err ] || fail "$how: $limit lowered to $1: a warning: $(cat err)"
	run_limit_lowered $1 HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3 ||
		fail "$how: the program failed when $limit fell to $1: $(cat out err)"
	expect_lines out "text thp" "rodata thp" "pool-free $free" \
		"pool-rsvd $rsvd" "ok"
	grep -qF "$copy: needs 2 2M huge pages, the hugetlb cgroup allows $1 ($dir/$limit)" err ||
		fail "$how: $limit lowered to $1: the message does not say it: $(cat err)"
	ok "$how: $limit lowered to $1 before the runtime reserved: $(cat err)"
}

# lowered_share: the same, to 1 page, while HUGETLB_SHARE=1 makes a
# shared file, whose pages, too, are reserved and faulted in before the
# program file is read into them.  The file is not published, the text
# goes on transparent huge pages, and the message names the limit
# rather than the read.
lowered_share() {
	run_limit_lowered 1 HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d \
		HUGETLB_ELFMAP=R ||
		fail "$how, sharing: the program failed when $limit fell: $(cat out err)"
	expect_lines out "text thp" "rodata thp" "pool-free $free" \
		"pool-rsvd $rsvd" "ok"
	[ -z "$(find mnt/d -type f ! -name '*#lock')" ] ||
		fail "$how, sharing: a shared file was published: $(ls mnt/d)"
	grep -qF "HUGETLB_SHARE: $share: needs 2 2M huge pages, the hugetlb cgroup allows 1 ($dir/$limit)" err ||
		fail "$how, sharing: the message does not say $limit refused: $(cat err)"
	ok "$how: $limit lowered while a shared file is made: $(cat err)"
}

# Each case for both limits, and each twice: with MADV_POPULATE_WRITE,
# and where a seccomp filter refuses it (EPERM), so that the pages are
# faulted in with MAP_POPULATE and checked with mincore, and the shared
# file is filled by reads that fault them in, as before Linux 5.14.
rsvd=$(pool_rsvd)
mount_hugetlbfs "$PWD/mnt"
mkdir -m 700 mnt/d
build_helper nopopulate
for limit in hugetlb.2MB.max hugetlb.2MB.rsvd.max; do
	case $limit in
	*rsvd*) copy=mmap share="making a shared file" ;;
	*) copy="populating the huge pages" share="faulting in a shared file" ;;
	esac
	for through in "" ./nopopulate; do
		how=${through:+no MADV_POPULATE_WRITE}
		how=${how:-MADV_POPULATE_WRITE}
		lowered_copy 0
		lowered_copy 1
		lowered_share
	done
done
