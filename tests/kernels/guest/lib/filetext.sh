# SPDX-License-Identifier: MIT
# Sourced by the guest tests that judge text served from the page cache
# (pagecache.sh, default-1g.sh), after /kt/common.sh: whether this
# kernel can serve it on a file system, and the measure of a program's
# text from its own smaps while it is held.

# served_lack FS: why this kernel's page cache cannot serve text on FS;
# nothing when it can.
served_lack() {
	if ! kernel_at_least 5 14; then
		echo "no MADV_POPULATE_READ before Linux 5.14: the page cache is not asked for huge folios"
	else
		case $1 in
		xfs) kernel_at_least 5 18 || echo "xfs's page cache has large folios only from Linux 5.18" ;;
		ext4) kernel_at_least 6 16 || echo "ext4's page cache has large folios only from Linux 6.16" ;;
		*) echo "$1 is never served" ;;
		esac
	fi
}

# text_smaps PID AT LEN PROG: "PMD ANON TOUCHED PATHS" of process PID
# over the range [AT, AT + LEN), which the program has read: the
# FilePmdMapped and AnonHugePages, in kB, of the mappings that meet it,
# the kB of the 2 MiB pages that meet it and lie whole inside the
# mappings of PROG there (each was touched, so each is PMD-mapped when
# the page cache serves), and the names of those mappings.
text_smaps() {
	awk -v a="$2" -v n="$3" -v prog="$4" '
		function num(x,  v, i) {
			sub(/^0x/, "", x); v = 0
			for (i = 1; i <= length(x); i++)
				v = v * 16 + index("0123456789abcdef", substr(x, i, 1)) - 1
			return v
		}
		BEGIN { lo = num(a); hi = lo + n; P = 2097152 }
		/^[0-9a-f]+-[0-9a-f]+ / {
			split($1, r, "-"); s = num(r[1]); e = num(r[2])
			in_ = s < hi && lo < e
			if (!in_)
				next
			if (index(" " paths " ", " " $6 " ") == 0)
				paths = paths (paths == "" ? "" : " ") $6
			if ($6 == prog && s == run_e)
				run_e = e
			else if ($6 == prog) {
				count(); run_s = s; run_e = e
			}
			next
		}
		in_ && $1 == "FilePmdMapped:" { pmd += $2 }
		in_ && $1 == "AnonHugePages:" { anon += $2 }
		# The whole 2 MiB pages of the run of PROG mappings just ended
		# that meet [lo, hi).
		function count(  p) {
			for (p = int((run_s + P - 1) / P) * P; p + P <= run_e; p += P)
				if (p < hi && lo < p + P)
					touched += 2048
		}
		END { count(); print pmd + 0, anon + 0, touched + 0, paths }' "/proc/$1/smaps"
}

# held BACKING PROG: run PROG with HUGETLB_ELFMAP=R and, unless empty,
# HUGELINK_BACKING=BACKING, hold it once it has checked itself, and
# measure its text: its output in out, its text's "PMD ANON WHOLE
# PATHS" in smaps, and the pool's pages it took in took.
held() {
	rm -f hold
	mkfifo hold
	_free=$(meminfo HugePages_Free) _prog=$2
	env ${1:+HUGELINK_BACKING=$1} HUGETLB_ELFMAP=R "$2" where backing pool wait \
		<hold >out 2>err &
	_pid=$!
	exec 8>hold
	until grep -qxE 'ok|BAD' out || ! kill -0 $_pid 2>/dev/null; do sleep 0.1; done
	set -- $(sed -n 's/^text-at \(0x[0-9a-f]*\) \([0-9]*\)$/\1 \2/p' out)
	text_smaps $_pid "${1:-0}" "${2:-0}" "$_prog" >smaps
	exec 8>&-
	wait $_pid || note "exit status $?"
	took=$(used "$_free")
}

# from_file PROG: the text held is PROG's own mapping, with no anonymous
# huge pages and nothing from the pool.
from_file() {
	read -r _pmd _anon _whole _paths <smaps
	[ "$_paths" = "$1" ] || note "the text is mapped from \"$_paths\", not only $1"
	[ "$_anon" = 0 ] || note "AnonHugePages $_anon kB in the text"
	[ "$took" -eq 0 ] || note "took $took pages of the pool"
}

# served PROG: the text held is PROG's mapping, PMD-mapped over every
# 2 MiB page of it that big_text meets.
served() {
	from_file "$1"
	read -r _pmd _anon _whole _paths <smaps
	[ "$_whole" -gt 0 ] || note "big_text meets no whole 2 MiB page of the file's mapping"
	[ "$_pmd" -ge "$_whole" ] || note "FilePmdMapped $_pmd kB, not the $_whole kB of the file's 2 MiB pages big_text meets"
}
