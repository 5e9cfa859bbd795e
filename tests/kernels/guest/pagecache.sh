# SPDX-License-Identifier: MIT
# Text straight from the page cache (HUGELINK_BACKING=file, and the
# default's first choice for read-only ranges), when the runtime has it:
# hugelink(7)'s entry for HUGELINK_BACKING names it (/t/features then
# says "pagecache").
#
# Where the page cache cannot serve, the fallbacks: with
# HUGELINK_BACKING=file the text stays the program file's mapping, not
# mapped with PMDs (FilePmdMapped 0 in the program's smaps), nothing
# taken from the pool, and the program runs; with the default, the text
# is copied onto the pool's pages.  Served text needs MADV_POPULATE_READ
# (Linux 5.14) and a file system with large folios; the guest's only file
# system is the initramfs (tmpfs), which is never served, and xfs on a
# loop device would need modules (loop, xfs) the initramfs does not
# carry: that case is skipped, saying which of the two is missing.
. /kt/common.sh

if ! grep -qx pagecache "$T/features"; then
	skip pagecache "the runtime has no page-cache text backing"
	exit 0
fi
pool 24

# file_pmd ADDRESS PID: FilePmdMapped, in kB, of PID's mapping of ADDRESS.
file_pmd() {
	awk -v a="$1" '
		function pad(x) { sub(/^0x/, "", x); while (length(x) < 16) x = "0" x; return x }
		/^[0-9a-f]+-[0-9a-f]+ / { split($1, r, "-"); in_ = pad(r[1]) <= pad(a) && pad(a) < pad(r[2]); next }
		in_ && $1 == "FilePmdMapped:" { print $2; exit }' "/proc/$2/smaps"
}

mkfifo hold
free=$(meminfo HugePages_Free)
env HUGELINK_BACKING=file HUGETLB_ELFMAP=R "$T/sc-pie" where backing pool wait \
	<hold >out 2>err &
pid=$!
exec 8>hold
until grep -qx ok out || ! kill -0 $pid 2>/dev/null; do sleep 0.1; done
at=$(sed -n 's/^text-at \(0x[0-9a-f]*\) .*/\1/p' out)
pmd=$(file_pmd "$at" $pid)
exec 8>&-
wait $pid || note "exit status $?"
want "ok" "backing $T/sc-pie"
[ "${pmd:-x}" = 0 ] || note "FilePmdMapped ${pmd:-missing} kB, not 0, on a file the page cache cannot serve"
want_used "$free" 0
result pagecache-file-fallback

free=$(meminfo HugePages_Free)
run env HUGETLB_ELFMAP=R "$T/sc-pie" pool
want "text 2048" "rodata 2048" "ok"
want_used "$free" "$(pages pie R)"
result pagecache-auto-fallback

if kernel_at_least 5 14; then
	skip pagecache-served "the guest's files are on the initramfs (tmpfs), which the page cache backing never serves, and it carries no loop or xfs module for a file system with large folios"
else
	skip pagecache-served "no MADV_POPULATE_READ before Linux 5.14: the page cache is not asked for huge folios"
fi
