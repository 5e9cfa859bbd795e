#!/bin/sh
# SPDX-License-Identifier: MIT
# Check the tree's structure against the include arrows the Makefile
# declares (USES_<dir>), as "make check-tree" passes them:
#
#   mk/check-tree.sh 'core:' 'host:core' 'runtime:swap arch host core' ...
#
#  - every #include "X" in a directory's *.c and *.h names a file of that
#    directory or of one it may use; a unit test under tests/unit/<dir>/
#    may include what <dir> may, and tests/unit/support/;
#  - the arrows form no cycle;
#  - every header's include guard is its path in capitals, with each
#    character that is not a letter or a digit as '_', so no two headers
#    share a guard.
# Exit status 1 after naming every violation.
set -u
bad=0
say() { echo "check-tree: $*" >&2; bad=1; }

table=
for arg in "$@"; do
	table="$table$arg
"
done

uses() { printf '%s' "$table" | sed -n "s|^$1:||p"; }
known() { printf '%s' "$table" | cut -d: -f1; }

# owner FILE: the most specific directory of the table that holds FILE.
owner() {
	known | while read -r d; do
		case $1 in "$d"/*) echo "${#d} $d" ;; esac
	done | sort -n | tail -n 1 | cut -d' ' -f2
}

# allowed FROM TO: FROM's code may include TO's.
allowed() {
	[ "$1" = "$2" ] && return 0
	for u in $(uses "$1"); do
		[ "$u" = "$2" ] && return 0
	done
	return 1
}

# check_includes FILE PART TEST: FILE belongs to PART; TEST is "test"
# for a unit test, which may include tests/unit/support/ too.
check_includes() {
	file=$1 from=$2 test=$3
	grep -n '^#include "' "$file" | while IFS=: read -r line text; do
		inc=$(echo "$text" | sed 's/^#include "\([^"]*\)".*/\1/')
		case $inc in */*) ;; *) continue ;; esac
		case $test:$inc in test:tests/unit/support/*) continue ;; esac
		to=$(owner "$inc")
		if [ -z "$to" ]; then
			echo "$file:$line: includes $inc, outside every part of the tree"
		elif ! allowed "$from" "$to"; then
			echo "$file:$line: $from/ may not include $inc ($to/)"
		fi
	done
}

# Includes, part by part, and the unit tests as their part.
for f in $(git ls-files '*.c' '*.h'); do
	case $f in
	tests/unit/support/*) continue ;;
	tests/unit/*) from=$(owner "${f#tests/unit/}") test=test ;;
	*) from=$(owner "$f") test= ;;
	esac
	[ -n "$from" ] || continue
	out=$(check_includes "$f" "$from" "$test")
	[ -z "$out" ] || say "$out"
done

# No cycles: repeatedly drop the parts that use nothing left.
left=$(known)
while [ -n "$left" ]; do
	next=
	for d in $left; do
		for u in $(uses "$d"); do
			case " $(echo $left) " in *" $u "*)
				[ "$u" != "$d" ] && { next="$next $d"; break; } ;;
			esac
		done
	done
	if [ "$(echo $next)" = "$(echo $left)" ]; then
		say "the include arrows form a cycle among:$next"
		break
	fi
	left=$next
done

# Include guards derived from the path: the header's first directive.
for f in $(git ls-files '*.h'); do
	want=$(echo "$f" | tr 'a-z' 'A-Z' | sed 's/[^A-Z0-9]/_/g')
	# The first directive, and the one after it.
	set -- $(grep '^#' "$f" | head -n 2)
	got=; [ "${1:-}" = "#ifndef" ] && got=${2:-}
	def=; [ "${3:-}" = "#define" ] && def=${4:-}
	[ "$got" = "$want" ] && [ "$def" = "$want" ] ||
		say "$f: include guard ${got:-missing}, expected $want"
done

[ "$bad" -eq 0 ] && echo "check-tree: the include arrows point one way, every guard is its path"
exit "$bad"
