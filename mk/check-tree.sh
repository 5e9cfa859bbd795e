#!/bin/sh
# SPDX-License-Identifier: MIT
# Check the tree's structure against the include arrows the Makefile
# declares (USES_<dir>), as "make check-tree" passes them:
#
#   mk/check-tree.sh 'core:' 'machine:core' 'loader:remap arch machine core' ...
#
#  - every #include "X" in a directory's *.c and *.h names a file of that
#    directory or of one it may use; a unit test under tests/unit/<dir>/
#    may include what <dir> may, and tests/unit/support/;
#  - the arrows form no cycle;
#  - every header's include guard is its path in capitals, with each
#    character that is not a letter or a digit as '_', so no two headers
#    share a guard.
# The files are git's (git ls-files) at the top of a git checkout, and
# elsewhere (an unpacked release, a package build) every *.c and *.h
# found below the current directory outside build*/, debian/ and .git/;
# with no file to check there is nothing to judge, and that is a failure.
# Exit status 1 after naming every violation.
set -u
die() { echo "check-tree: $*" >&2; exit 1; }

[ $# -gt 0 ] || die "no include table given (make check-tree passes the Makefile's)"
if [ "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)" ]; then
	files=$(git ls-files '*.c' '*.h') || die "git ls-files failed in $(pwd)"
	[ -n "$files" ] || die "git ls-files lists no *.c or *.h file"
else
	files=$(find . \( -path './build*' -o -path ./debian -o -path ./.git \) \
		-prune -o \( -name '*.c' -o -name '*.h' \) -type f -print |
		sed 's|^\./||' | sort)
	[ -n "$files" ] || die "$(pwd) holds no *.c or *.h file outside build*/ and debian/"
fi

# One pass of awk over every file: the table comes as "dir:uses" lines.
table=$(printf '%s\n' "$@")
existing=
for f in $files; do
	[ -f "$f" ] && existing="$existing $f"
done
[ -n "$existing" ] || die "none of the files git lists is in the work tree"
# shellcheck disable=SC2086
exec awk -v table="$table" '
function say(msg) { print "check-tree: " msg > "/dev/stderr"; bad = 1 }

# The most specific directory of the table that holds path P.
function owner(p,    d, best) {
	best = ""
	for (d in part)
		if (index(p, d "/") == 1 && length(d) > length(best))
			best = d
	return best
}

function allowed(from, to) {
	return from == to || ((from SUBSEP to) in uses)
}

# The header just read: its first directive, and the one after it.
function check_guard(    got, def) {
	got = (ndir >= 1 && dir[1] == "#ifndef") ? arg[1] : ""
	def = (ndir >= 2 && dir[2] == "#define") ? arg[2] : ""
	if (got != want || def != want)
		say(file ": include guard " (got == "" ? "missing" : got) \
		    ", expected " want)
}

function start_file(f,    rest) {
	file = f; test = 0; from = ""; ndir = 0
	if (f ~ /^tests\/unit\/support\//)
		from = ""
	else if (f ~ /^tests\/unit\//) {
		from = owner(substr(f, length("tests/unit/") + 1)); test = 1
	} else
		from = owner(f)
	is_header = f ~ /\.h$/
	if (is_header) {
		want = toupper(f)
		gsub(/[^A-Z0-9]/, "_", want)
	}
}

BEGIN {
	n = split(table, rows, "\n")
	for (i = 1; i <= n; i++) {
		if (rows[i] == "")
			continue
		k = index(rows[i], ":")
		d = substr(rows[i], 1, k - 1)
		part[d] = 1
		m = split(substr(rows[i], k + 1), us, " ")
		for (j = 1; j <= m; j++) {
			uses[d SUBSEP us[j]] = 1
			uselist[d] = uselist[d] " " us[j]
		}
	}
}

FNR == 1 {
	if (NR > 1 && is_header)
		check_guard()
	start_file(FILENAME)
}

is_header && /^#/ && ndir < 2 {
	ndir++; dir[ndir] = $1; arg[ndir] = $2
}

# Either spelling, with any blanks: #include "x/y.h", and
# # include <x/y.h>, which -I. resolves in the tree as well.
from != "" && /^[ \t]*#[ \t]*include[ \t]*[<"]/ {
	inc = $0
	angle = inc ~ /include[ \t]*</
	sub(/^[ \t]*#[ \t]*include[ \t]*[<"]/, "", inc)
	sub(/[>"].*/, "", inc)
	if (inc !~ /\//)
		next
	if (test && inc ~ /^tests\/unit\/support\//)
		next
	to = owner(inc)
	if (to == "" && angle)
		next
	if (to == "")
		say(file ":" FNR ": includes " inc ", outside every part of the tree")
	else if (!allowed(from, to))
		say(file ":" FNR ": " from "/ may not include " inc " (" to "/)")
}

END {
	if (NR > 0 && is_header)
		check_guard()
	# No cycles: repeatedly drop the parts that use nothing left.
	nleft = 0
	for (d in part) { left[d] = 1; nleft++ }
	while (nleft > 0) {
		split("", keep); nkeep = 0
		for (d in left) {
			m = split(uselist[d], us, " ")
			for (j = 1; j <= m; j++)
				if (us[j] != d && (us[j] in left)) {
					keep[d] = 1; nkeep++
					break
				}
		}
		if (nkeep == nleft) {
			names = ""
			for (d in keep)
				names = names " " d
			say("the include arrows form a cycle among:" names)
			break
		}
		split("", left); nleft = 0
		for (d in keep) { left[d] = 1; nleft++ }
	}
	if (!bad)
		print "check-tree: the include arrows point one way, every guard is its path"
	exit bad
}' $existing
