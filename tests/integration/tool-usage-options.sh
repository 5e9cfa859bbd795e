#!/bin/sh
# SPDX-License-Identifier: MIT
# The usage of hugeedit, hugelink-inspect and hugelink-profile names
# every option the tool accepts, and nothing else: its synopsis (the
# "usage:" line and the indented lines after it), the options --help
# lists, and the SYNOPSIS of its manual page as mandoc renders it.  The
# options a tool accepts are found by running it: of every option word
# in its --help and its page, those it does not call an unknown option.
# A usage error prints the whole synopsis, as --help does.
. "$HL_SRC/tests/integration/common.sh"
need_cmd mandoc
need_cmd col

# option_words: the option words (-x, --long-name) in standard input,
# one a line, sorted, each once.
option_words() {
	grep -oE '(^|[^A-Za-z0-9-])--?[A-Za-z][A-Za-z-]*' |
		sed 's/^[^-]*//' | grep -vE '^-[A-Za-z][A-Za-z]' |
		sed 's/-$//' | sort -u
}

# accepted TOOL WORD...: those of the WORDs that TOOL does not call an
# unknown option.  None of them is given an operand, so none acts.
accepted() {
	_t=$1; shift
	for _w; do
		"$_t" "$_w" >/dev/null 2>probe.err </dev/null || :
		grep -qF ": $_w: unknown option" probe.err || echo "$_w"
	done
}

# check NAME PAGE: NAME's synopsis, its --help's list, its PAGE's
# SYNOPSIS and what it accepts name the same options.
check() {
	_n=$1 _page=$2
	"$HLBIN/$_n" --help >help || fail "$_n --help failed"
	awk 'NR == 1 || (go && /^ /) { go = 1; print; next } { exit }' help >synopsis
	grep -q "^usage: " synopsis || fail "$_n: no usage line: $(head -n 3 help)"
	option_words <synopsis >synopsis.opts
	grep -E '^  -' help | sed 's/   .*//' | option_words >listed.opts
	mandoc -Tascii -Owidth=200 "$_page" | col -bx |
		sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' >page.synopsis
	option_words <page.synopsis >page.opts
	mandoc -Tascii -Owidth=200 "$_page" | col -bx | cat help - |
		option_words >words
	accepted "$HLBIN/$_n" $(cat words) >accepted.opts
	for _o in synopsis listed page; do
		diff -u accepted.opts "$_o.opts" >diff ||
			fail "$_n: its $_o options differ from those it accepts: $(cat diff)"
	done
	set +e
	"$HLBIN/$_n" --bogus >out 2>err
	set -e
	sed -n '2,$p' err | head -n "$(wc -l <synopsis)" | diff -u synopsis - >diff ||
		fail "$_n --bogus: not the synopsis: $(cat diff)"
	ok "$_n: $(tr '\n' ' ' <accepted.opts)"
}

for n in $(libhugetlbfs_names hugeedit) hugelink-edit; do
	check "$n" "$HLMAN/man8/hugelink-edit.8"
done
check hugelink-inspect "$HLMAN/man1/hugelink-inspect.1"
check hugelink-profile "$HLMAN/man1/hugelink-profile.1"
