#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: CC=compiler find-ld.sh NAME
# Print the absolute path, symlinks resolved, of the program the compiler
# runs for NAME ("ld.bfd"), or nothing when there is none.  The build
# uses it to find the GNU ld whose default scripts the --hugetlbfs-link
# scripts are made from; a bare name from -print-prog-name means the
# compiler would search PATH, so this does too.
p=$(${CC:-cc} -print-prog-name="$1" 2>/dev/null) || exit 0
case $p in
/*) ;;
*) p=$(command -v "$p" 2>/dev/null) || exit 0 ;;
esac
[ -x "$p" ] && realpath "$p"
exit 0
