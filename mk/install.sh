#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: mk/install.sh install STAGE DESTDIR PREFIX MANIFEST ITEM...
#        mk/install.sh uninstall STAGE DESTDIR PREFIX MANIFEST
#
# install copies each ITEM, a path below STAGE (a file, a symbolic link,
# or a directory, whose files and links are copied), to
# $DESTDIR$PREFIX/ITEM, symbolic links as links, creating the directories
# it needs.  It writes the manifest $DESTDIR$MANIFEST: one line for each
# directory it created ("dir PATH", parents first) and for each file or
# link it put there ("file PATH"), paths as they are without DESTDIR.  A
# manifest from an earlier install is merged in, so that what that
# install created is still removed by uninstall.
#
# uninstall removes every file of the manifest, then the manifest, then
# each directory of the manifest that is empty, deepest first: what
# install put there, and no directory that was there before it.  A
# directory someone has put files in since stays, and is named.
set -eu

usage() {
	echo "usage: mk/install.sh install|uninstall STAGE DESTDIR PREFIX MANIFEST [ITEM...]" >&2
	exit 2
}
[ $# -ge 5 ] || usage
action=$1 stage=$2 dest=$3 prefix=$4 manifest=$5
shift 5
new=$(mktemp "${TMPDIR:-/tmp}/hugelink-manifest.XXXXXX")
trap 'rm -f "$new"' EXIT

# mkdirs DIR: create the install path DIR and the parents it lacks below
# DESTDIR, noting each one created.
mkdirs() {
	_path=
	for _c in $(printf '%s\n' "$1" | tr '/' ' '); do
		_path=$_path/$_c
		[ -d "$dest$_path" ] && continue
		mkdir "$dest$_path"
		echo "dir $_path" >>"$new"
	done
}

# put REL: copy STAGE/REL to PREFIX/REL.
put() {
	_to=$prefix/$1
	mkdirs "${_to%/*}"
	rm -f "$dest$_to"
	cp -P "$stage/$1" "$dest$_to"
	echo "file $_to" >>"$new"
	echo "  $dest$_to"
}

install() {
	for item in "$@"; do
		[ -e "$stage/$item" ] || [ -L "$stage/$item" ] || {
			echo "mk/install.sh: $stage/$item was not staged" >&2
			exit 1
		}
		if [ -d "$stage/$item" ] && [ ! -L "$stage/$item" ]; then
			(cd "$stage" && find "$item" ! -type d) | sort |
				while read -r f; do put "$f"; done
		else
			put "$item"
		fi
	done
	# An earlier install's lines first, so that its directories still come
	# before their children; each line once.
	if [ -f "$dest$manifest" ]; then
		cat "$dest$manifest" "$new"
	else
		cat "$new"
	fi | awk '!seen[$0]++' >"$new.all"
	mkdirs "${manifest%/*}"
	mv "$new.all" "$dest$manifest"
	echo "  $dest$manifest"
}

uninstall() {
	[ -f "$dest$manifest" ] || {
		echo "mk/install.sh: no $dest$manifest: nothing installed there" >&2
		exit 1
	}
	sed -n 's/^file //p' "$dest$manifest" | while IFS= read -r f; do
		rm -f "$dest$f"
	done
	sed -n 's/^dir //p' "$dest$manifest" | awk '{ l[NR] = $0 }
		END { for (i = NR; i; i--) print l[i] }' >"$new"
	rm -f "$dest$manifest"
	while IFS= read -r d; do
		[ -d "$dest$d" ] || continue
		rmdir "$dest$d" 2>/dev/null ||
			echo "mk/install.sh: kept $dest$d: not empty" >&2
	done <"$new"
}

case $action in
install) install "$@" ;;
uninstall) uninstall ;;
*) usage ;;
esac
