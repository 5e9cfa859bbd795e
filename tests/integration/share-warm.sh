# A warm shared start (HUGETLB_SHARE=1, every file made already) needs no
# new huge page, so it reads nothing about them: no pool counter, no THP
# setting, no overcommit mode, no hugetlb cgroup file, no list of mounts
# (HUGETLB_SHARE_PATH names the directory), and it opens no pagemap.
# Judged from perf trace, which names the file behind each descriptor a
# system call uses; not from strace, under which the runtime sees a
# tracer and takes a private copy.  The same trace of a start that copies
# its text shows the pool counters and THP settings it reads, and the
# warm one shows the /proc/self/status it reads: both prove that the
# trace names files at all.
. "$HL_SRC/tests/integration/common.sh"
need_cmd perf
pool_reserve 40
build_segcheck sc
mount_hugetlbfs "$PWD/mnt"
mkdir -m 700 mnt/d
perf trace -o probe.trace -- true >/dev/null 2>&1 ||
	skip "perf trace cannot trace system calls here: $(head -3 probe.trace)"

# trace NAME VAR=VALUE...: the system calls of one run of sc backing, with
# the file behind each descriptor, into NAME.trace; its output into NAME.
trace() {
	_n=$1
	shift
	env "$@" perf trace -o "$_n.trace" -- ./sc backing >"$_n" 2>"$_n.err" ||
		fail "$_n: $(cat "$_n" "$_n.err")"
}

share="HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R"
env $share ./sc backing >cold || fail "the first run: $(cat cold)"
expect_lines cold "text 2048" "rodata 2048" "ok"
trace warm $share
expect_lines warm "text 2048" "rodata 2048" "ok"
grep -q "^backing $PWD/mnt/d/" warm || fail "the warm run did not share: $(cat warm)"
trace private HUGETLB_ELFMAP=R
expect_lines private "text 2048" "rodata 2048" "ok"

# What only a start that needs new huge pages reads.
machine='<(/sys/kernel/mm/hugepages/|/sys/kernel/mm/transparent_hugepage/|/proc/sys/vm/|/proc/[0-9]+/(cgroup|mounts|pagemap)>|/sys/fs/cgroup/)'
grep -Eq '</proc/[0-9]+/status>' warm.trace ||
	fail "perf trace named no file the warm run read: $(cat warm.trace)"
grep -Eq '</sys/kernel/mm/hugepages/hugepages-[0-9]+kB/free_hugepages>' private.trace &&
	grep -Eq '</sys/kernel/mm/transparent_hugepage/' private.trace ||
	fail "perf trace did not show a private copy reading the pool and THP: $(cat private.trace)"
ok "a start that copies reads $(grep -Eo "$machine[^>]*>" private.trace | sort -u | tr '\n' ' ')"
if grep -E "$machine" warm.trace >read; then
	fail "a warm shared start read what only new huge pages need: $(cat read)"
fi
ok "a warm shared start reads no pool, THP, overcommit, cgroup, mounts or pagemap: $(grep -c . warm.trace) trace lines"
