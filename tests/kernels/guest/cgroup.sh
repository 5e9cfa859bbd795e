# SPDX-License-Identifier: MIT
# A hugetlb cgroup limit, on a real kernel of each series: before Linux
# 5.14 the runtime faults hugetlb pages in with MAP_POPULATE, and before
# 5.16 it builds read-only ranges in a hugetlb file mapped over the
# segment, so these are the paths the host's kernel does not take.
#   cgroup-limit: a limit of 2 pages, read at the start: the text's range
#     takes them where it needs 2, and the rest goes on THP;
#   cgroup-lowered-0, cgroup-lowered-1: the limit lowered to 0 and to 1
#     page while the runtime waits just before it reserves, so that the
#     reservation succeeds and faulting the pages in is refused: the text
#     goes on THP and the pool's pages come back, free and unreserved;
#   cgroup-lowered-share: the same to 1 page while HUGETLB_SHARE=1 makes
#     a shared file: nothing is published;
#   cgroup-rsvd-*: the same cases with the limit on the pages reserved
#     (hugetlb.2MB.rsvd.max, Linux 5.7), which refuses the reservation.
# Each checks the program's own output and the pool's counters, and that
# the one message says what refused and names the limit, which is what
# the case is about.
. /kt/common.sh
cases=
for c in cgroup cgroup-rsvd; do
	cases="$cases $c-limit $c-lowered-0 $c-lowered-1 $c-lowered-share"
done
cg=/sys/fs/cgroup
mount -t cgroup2 none "$cg" 2>/dev/null
if ! grep -qw hugetlb "$cg/cgroup.controllers" 2>/dev/null; then
	for c in $cases; do
		skip "$c" "no hugetlb controller in cgroup v2 ($cg)"
	done
	exit 0
fi
echo +hugetlb >"$cg/cgroup.subtree_control"
dir=$cg/hugelink
mkdir "$dir"
pool 24
mb=2097152

# in_cgroup VAR=VALUE...: run "sc-pie thp pool" in the cgroup with the
# variables given; its output goes to out and err.  The shell that
# enters the cgroup becomes the program, so that a caller that puts it
# in the background has the program's process ID in $!.
enter='d=$1; shift; echo $$ >"$d/cgroup.procs" && exec env "$@" "$0" thp pool'
in_cgroup() { sh -c "$enter" "$T/sc-pie" "$dir" "$@" >out 2>err; }

# sleeping PID: PID is in clock_nanosleep or nanosleep, by the system
# call numbers of x86_64 and aarch64 in /proc/PID/syscall.
sleeping() {
	read -r _nr _rest 2>/dev/null <"/proc/$1/syscall" || return 1
	case $(uname -m):$_nr in
	x86_64:230 | x86_64:35 | aarch64:115 | aarch64:101) ;;
	*) return 1 ;;
	esac
}

# ended PID: PID is gone or a zombie.
ended() {
	_st=$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null)
	[ -z "$_st" ] || [ "$_st" = Z ]
}

# lowered PAGES VAR=VALUE...: in_cgroup in the background, held just
# before the runtime reserves while the limit in the file $limit is
# lowered to PAGES, then let go.
lowered() {
	_pages=$1 _file=$dir/$limit; shift
	rm -f go
	sh -c "$enter" "$T/sc-pie" "$dir" HUGELINK_FAULT=wait:$PWD/go "$@" \
		>out 2>err &
	_pid=$!
	until sleeping $_pid; do
		ended $_pid && { note "it ended before it waited"; break; }
		sleep 0.1
	done
	echo $((_pages * mb)) >"$_file"
	touch go
	wait $_pid || note "exit status $?"
	echo max >"$_file"
}

# says TEXT: the runtime's one message holds TEXT.
says() {
	[ "$(wc -l <err)" -eq 1 ] || note "not one message"
	grep -qF "$1" err || note "the message does not say \"$1\""
}

free=$(meminfo HugePages_Free)
rsvd=$(meminfo HugePages_Rsvd)
first=$(pages pie R1)
[ -n "$first" ] || { echo "no R1 line in $T/sc-pie.pages"; exit 1; }
mkdir -p mnt
mount -t hugetlbfs -o pagesize=2M none mnt
mkdir -m 700 mnt/d

# Each case for the limit on the pages faulted in (hugetlb.2MB.max) and
# for the one on the pages reserved (hugetlb.2MB.rsvd.max), which
# refuses the reservation itself.
# What refuses: the reservation (mmap) or the fault-in, of a private
# copy and of a shared file, and so what the message says.  Before
# Linux 5.16 a private copy of a read-only range is a hugetlb file.
mapping=mmap
hugetlb_mremap || mapping="mmap of a hugetlb file"
for limit in hugetlb.2MB.max hugetlb.2MB.rsvd.max; do
	case $limit in
	*rsvd*) c=cgroup-rsvd copy=$mapping share="making a shared file" ;;
	*) c=cgroup copy="populating the huge pages"
	   share="faulting in a shared file" ;;
	esac

	# The text's range takes the limit's 2 pages where it needs 2 (x86,
	# where rodata is a range of its own, which goes on THP); where it
	# needs more (aarch64, where rodata shares its segment) it goes on
	# THP whole.  The message is the one of a plan made to fit the
	# limit read at the start, said at HUGETLB_VERBOSE=3, since THP
	# served the rest; the lines of the ranges are set aside.
	echo $((2 * mb)) >"$dir/$limit"
	in_cgroup HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW || note "exit status $?"
	grep -v '^hugelink: [^ ]*: 0x' err >err.said || :
	mv err.said err
	echo max >"$dir/$limit"
	if [ "$first" -eq 2 ]; then
		want "text 2048" "pool-free $((free - first))"
	else
		want "text thp" "pool-free $free"
	fi
	want "rodata thp" "data thp" "ok"
	says "2M pages needed, $free free (free minus reserved), and the hugetlb cgroup allows 2 ($dir/$limit)"
	result $c-limit

	# A limit lowered after it was read: THP serves, which is what it
	# is there for, said at HUGETLB_VERBOSE=3 alone.
	for allowed in 0 1; do
		lowered $allowed HUGETLB_ELFMAP=R
		[ ! -s err ] || note "a warning at the default verbosity: $(cat err)"
		lowered $allowed HUGETLB_ELFMAP=R HUGETLB_VERBOSE=3
		grep -v '^hugelink: [^ ]*: 0x' err >err.said || :
		mv err.said err
		want "text thp" "rodata thp" "pool-free $free" \
			"pool-rsvd $rsvd" "ok"
		says "$copy: needs $first 2M huge pages, the hugetlb cgroup allows $allowed ($dir/$limit)"
		result $c-lowered-$allowed
	done

	lowered 1 HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d \
		HUGETLB_ELFMAP=R
	want "text thp" "rodata thp" "pool-free $free" "pool-rsvd $rsvd" "ok"
	[ -z "$(find mnt/d -type f ! -name '*#lock')" ] ||
		note "a shared file was published: $(ls mnt/d)"
	says "HUGETLB_SHARE: $share: needs $first 2M huge pages, the hugetlb cgroup allows 1 ($dir/$limit)"
	result $c-lowered-share
done
umount mnt
rmdir "$dir"
