#!/bin/sh
# SPDX-License-Identifier: MIT
# The manual pages installed name the tools that are installed.  With
# LIBHUGETLBFS_NAMES=no, as the Debian package is built beside
# libhugetlbfs-bin, no page lists hugectl, hugeedit or ld.hugetlbfs among
# its names (lexgrog, whose names mandb indexes for whatis and
# apropos), every name it lists is a program installed or the page
# itself, and the pages as man shows them name those tools only as
# libhugetlbfs's own ("libhugetlbfs's hugectl"), and no -B directory
# share/libhugetlbfs: the synopses and examples say hugelink-ctl and
# hugelink-edit.  With libhugetlbfs's names, the default, they say
# hugectl and hugeedit, the names libhugetlbfs's users type.
. "$HL_SRC/tests/integration/common.sh"
need_cmd man

# show PAGE: PAGE (a path below the directory of manual pages $man) as
# man shows it, from there, where a page's ".so man8/..." is found;
# page_words PAGE: its words, one a line.
show() { (cd "$man" && MANWIDTH=1000 man -l "$1"); }
page_words() { show "$1" | tr -s ' \t' '\n\n'; }

# foreign_names PAGE: each word of PAGE that names hugectl, hugeedit or
# ld.hugetlbfs other than as libhugetlbfs's, with the word before it.
# (.NAME.hugeedit-XXXXXX, hugelink-edit's temporary directory, names no
# tool.)
foreign_names() {
	page_words "$1" | awk '
		/(^|[^.a-z-])(hugectl|hugeedit|ld\.hugetlbfs)([^a-z-]|$)/ &&
			prev != "libhugetlbfs'\''s" { print prev, $0 }
		{ prev = $0 }'
}

hl_make "$PWD/b" install DESTDIR="$PWD/d" PREFIX=/usr LIBHUGETLBFS_NAMES=no
man=$PWD/d/usr/share/man
[ -n "$(ls "$man"/man*/*)" ] || fail "no manual pages installed"
for p in $(cd "$man" && ls man*/*); do
	page=${p##*/}
	lexgrog "$man/$p" | sed 's/^[^"]*"//; s/ - .*//' | tr ',' '\n' | tr -d ' ' >names
	while IFS= read -r n; do
		[ -e "d/usr/bin/$n" ] || [ "$n" = "${page%.*}" ] ||
			fail "$page lists $n among its names, which is not installed"
	done <names
	foreign_names "$p" >foreign
	[ ! -s foreign ] || fail "$page names tools that are not installed: $(cat foreign)"
	! page_words "$p" | grep -n 'libhugetlbfs/\|share/libhugetlbfs' >foreign ||
		fail "$page names share/libhugetlbfs: $(cat foreign)"
	echo "$page: $(tr '\n' ' ' <names)"
done
# synopsis PAGE LINE: the synopsis of PAGE holds LINE (a grep pattern).
synopsis() {
	show "$1" | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' >synopsis
	grep -q "^ *$2" synopsis || fail "$1: no \"$2\" in $(cat synopsis)"
}
synopsis man8/hugelink-ctl.8 'hugelink-ctl --dry-run'
synopsis man8/hugelink-edit.8 'hugelink-edit --disable'
ok "LIBHUGETLBFS_NAMES=no: the pages name hugelink's own tools, and libhugetlbfs's only as its own"

hl_make "$PWD/b" install DESTDIR="$PWD/e" PREFIX=/usr
man=$PWD/e/usr/share/man
synopsis man8/hugectl.8 'hugectl --dry-run'
synopsis man8/hugeedit.8 'hugeedit --disable'
ok "libhugetlbfs's names: the pages say hugectl and hugeedit"
