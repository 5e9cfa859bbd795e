#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: mk/install.sh install STAGE DESTDIR PREFIX MANIFEST ITEM...
#        mk/install.sh uninstall STAGE DESTDIR PREFIX MANIFEST ITEM...
#
# install copies each ITEM, a path below STAGE of a file or a symbolic
# link (never a directory: the caller names each file of the build), to
# $DESTDIR$PREFIX/ITEM, symbolic links as links, creating the directories
# it needs, DESTDIR itself included.  The modes are its own, whatever
# the umask: 0755 for the directories it creates and for the files the
# build made executable (programs, shared libraries), 0644 for every
# other file, so that every user can run what root installed.
#
# Installed on the running system (DESTDIR empty), it also writes the
# manifest MANIFEST: one line for each directory it created ("dir PATH",
# parents first) and for each file or link it put there ("file PATH"),
# with what it held ("sum SHA256 PATH": of the file's bytes, or of the
# link's target).  A manifest from an earlier install is merged in, so
# that what that install created is still removed by uninstall.  There,
# it replaces no file that is not in that manifest, or that has changed
# since (another package's hugectl, installed before or after): it
# names every such file and stops before it copies anything, unless
# INSTALL_OVERWRITE=yes is in the environment, and then the manifest
# takes them in.  Into a DESTDIR, which a package is made from, it
# writes no manifest: the tree holds only what is installed.
#
# uninstall with a manifest removes every file of it that still holds
# what install put there, and names the others, then removes the
# manifest, then each directory of it that is empty, deepest first: what
# install put there, and no directory that was there before it.  Without a
# manifest (a DESTDIR install) it removes each ITEM below
# $DESTDIR$PREFIX that is a file or a link, then every directory left
# empty on the way from them up to DESTDIR.  It removes no directory
# that holds anything: a directory where an ITEM should be, or one
# that holds files of others (a multiarch library directory), stays.
#
# Neither follows a path that another user controls: before it creates,
# replaces or removes anything, each directory and symbolic link the
# kernel would go through to reach an install directory (DESTDIR's
# included, and those that links lead to) must belong to root or to the
# user installing, and no such directory may be writable by others
# without the sticky bit (as /tmp is).  Otherwise it names the first
# that is not and stops, having changed nothing.
set -eu

usage() {
	echo "usage: mk/install.sh install|uninstall STAGE DESTDIR PREFIX MANIFEST [ITEM...]" >&2
	exit 2
}
[ $# -ge 5 ] || usage
action=$1 stage=$2 dest=$3 prefix=$4 manifest=$5
shift 5
overwrite=${INSTALL_OVERWRITE:-no}
new=$(mktemp "${TMPDIR:-/tmp}/hugelink-manifest.XXXXXX")
trap 'rm -f "$new" "$new.all" "$new.files" "$new.foreign" "$new.dirs" \
	"$new.path" "$new.link"' EXIT

# The user installing, as the kernel has it: under fakeroot, which a
# package build runs "make install" under, id -u says 0, and the files
# of the user it really runs as are that user's own.
installer=$(awk '$1 == "Uid:" { print $3 }' /proc/self/status 2>/dev/null) ||
	installer=
[ -n "$installer" ] || installer=$(id -u)

# prefixes PATH: each leading part of the absolute PATH, shortest first.
prefixes() {
	_rest=${1#/} _pre=
	while [ -n "$_rest" ]; do
		_pre=$_pre/${_rest%%/*}
		case $_rest in
		*/*) _rest=${_rest#*/} ;;
		*) _rest= ;;
		esac
		printf '%s\n' "$_pre"
	done
}

# check_one PATH: stop, naming PATH, when PATH itself (a link not
# followed) belongs to another user than root and the installer, or is
# a directory others may write to and not sticky.
check_one() {
	_st=$(stat -c '%u %a' -- "$1" 2>/dev/null) || return 0
	_uid=${_st% *} _mode=0${_st#* }
	if [ "$_uid" != 0 ] && [ "$_uid" != "$installer" ]; then
		echo "mk/install.sh: $1 belongs to uid $_uid, neither root nor the user installing (uid $installer): nothing was changed" >&2
		exit 1
	fi
	if [ ! -L "$1" ] && [ -d "$1" ] && [ $((_mode & 2)) -ne 0 ] &&
	   [ $((_mode & 01000)) -eq 0 ]; then
		echo "mk/install.sh: $1 is a directory that others may write to: nothing was changed" >&2
		exit 1
	fi
}

# check_path DIR: check every directory and link on the way to DIR's
# deepest existing part, and on the way to where each link there leads.
check_path() {
	case $1 in
	/*) _p=$1 ;;
	*) _p=$PWD/$1 ;;
	esac
	while [ ! -e "$_p" ] && [ ! -L "$_p" ]; do
		_p=${_p%/*}
		[ -n "$_p" ] || return 0
	done
	prefixes "$_p" >"$new.path"
	while IFS= read -r _q; do
		check_one "$_q"
		[ -L "$_q" ] || continue
		_r=$(realpath -e -- "$_q") || continue
		prefixes "$_r" >"$new.link"
		while IFS= read -r _s; do
			check_one "$_s"
		done <"$new.link"
	done <"$new.path"
}

# check_dirs: check_path on the directory of each path of standard
# input, one a line.
check_dirs() {
	sed 's|/[^/]*$||' | sort -u >"$new.dirs"
	while IFS= read -r _d; do
		check_path "$_d"
	done <"$new.dirs"
}

# mkdirs DIR: create the install path DIR and the parents it lacks below
# DESTDIR, noting each one created.
mkdirs() {
	_path=
	for _c in $(printf '%s\n' "$1" | tr '/' ' '); do
		_path=$_path/$_c
		[ -d "$dest$_path" ] && continue
		mkdir -m 0755 "$dest$_path"
		echo "dir $_path" >>"$new"
	done
}

# sum_of PATH: the SHA-256 of what PATH holds, a link's target or a
# file's bytes, each marked as such.
sum_of() {
	if [ -L "$1" ]; then
		printf 'link %s' "$(readlink "$1")"
	else
		echo file
		cat "$1"
	fi | sha256sum | cut -c 1-64
}

# changed PATH: true when the manifest records what an install put at
# PATH and something else is there now.  A manifest line "sum" is 70
# characters up to the path.
changed() {
	[ -f "$manifest" ] && { [ -e "$1" ] || [ -L "$1" ]; } || return 1
	_was=$(HL_PATH=$1 awk 'substr($0, 1, 4) == "sum " &&
		substr($0, 70) == ENVIRON["HL_PATH"] { s = substr($0, 5, 64) }
		END { print s }' "$manifest")
	[ -n "$_was" ] && [ "$_was" != "$(sum_of "$1")" ]
}

# mode_of FILE: the mode to install the staged FILE with: 0755 for a
# file the build made executable (a program, a shared library), 0644 for
# any other.
mode_of() {
	if [ -x "$1" ]; then echo 0755; else echo 0644; fi
}

# put REL: copy STAGE/REL to PREFIX/REL, a file with its mode.
put() {
	_to=$prefix/$1
	mkdirs "${_to%/*}"
	rm -f "$dest$_to"
	cp -P "$stage/$1" "$dest$_to"
	[ -L "$dest$_to" ] || chmod "$(mode_of "$stage/$1")" "$dest$_to"
	echo "file $_to" >>"$new"
	[ -n "$dest" ] || echo "sum $(sum_of "$_to") $_to" >>"$new"
	echo "  $dest$_to"
}

# The manifest, with an earlier install's lines first, so that its
# directories still come before their children; each line once, and for
# each path the last sum.  Its own
# directory is made first, so that the directories made for it alone (by
# install-runtime) are in it too.
write_manifest() {
	mkdirs "${manifest%/*}"
	if [ -f "$manifest" ]; then
		cat "$manifest" "$new"
	else
		cat "$new"
	fi | awk '/^sum / { sum[substr($0, 70)] = $0; next }
		!seen[$0]++ { print }
		END { for (p in sum) print sum[p] }' >"$new.all"
	chmod 0644 "$new.all"
	mv "$new.all" "$manifest"
	echo "  $manifest"
}

# staged ITEM...: the files and links to install, as paths below STAGE,
# one a line.  Each ITEM is a file or a link the build staged.
staged() {
	for item in "$@"; do
		[ -e "$stage/$item" ] || [ -L "$stage/$item" ] || {
			echo "mk/install.sh: $stage/$item was not staged" >&2
			exit 1
		}
		if [ -d "$stage/$item" ] && [ ! -L "$stage/$item" ]; then
			echo "mk/install.sh: $stage/$item is a directory: name each file to install" >&2
			exit 1
		fi
		echo "$item"
	done
}

# foreign: the install paths of $new.files that something is at already,
# and that the manifest does not name, or names with other contents, one
# a line.
foreign() {
	while IFS= read -r f; do
		_to=$prefix/$f
		[ -e "$_to" ] || [ -L "$_to" ] || continue
		[ -f "$manifest" ] && grep -qxF "file $_to" "$manifest" &&
			! changed "$_to" && continue
		echo "$_to"
	done <"$new.files"
}

# refuse_foreign: stop, naming them, when files that no install put there
# would be replaced, unless asked to replace them.
refuse_foreign() {
	[ "$overwrite" != yes ] || return 0
	foreign >"$new.foreign"
	[ -s "$new.foreign" ] || return 0
	echo "mk/install.sh: would replace files that no install of hugelink put there (not in $manifest, or changed since):" >&2
	sed 's/^/  /' "$new.foreign" >&2
	echo "mk/install.sh: nothing was installed; INSTALL_OVERWRITE=yes replaces them (and uninstall then removes them)" >&2
	exit 1
}

install() {
	staged "$@" >"$new.files"
	{
		while IFS= read -r f; do
			printf '%s\n' "$dest$prefix/$f"
		done <"$new.files"
		[ -n "$dest" ] || printf '%s\n' "$manifest"
	} | check_dirs
	[ -n "$dest" ] || refuse_foreign
	[ -z "$dest" ] || [ -d "$dest" ] || mkdir -p -m 0755 "$dest"
	while IFS= read -r f; do
		put "$f"
	done <"$new.files"
	[ -n "$dest" ] || write_manifest
}

# remove_dirs: rmdir each directory listed in $new, in that order,
# naming those that are not empty.
remove_dirs() {
	while IFS= read -r d; do
		[ -d "$dest$d" ] || continue
		rmdir "$dest$d" 2>/dev/null ||
			echo "mk/install.sh: kept $dest$d: not empty" >&2
	done <"$new"
}

uninstall_manifest() {
	{
		sed -n 's/^file //p' "$manifest"
		printf '%s\n' "$manifest"
	} | check_dirs
	sed -n 's/^file //p' "$manifest" | while IFS= read -r f; do
		if changed "$f"; then
			echo "mk/install.sh: kept $f: changed since make install put it there (another package's now?)" >&2
			continue
		fi
		rm -f "$f"
	done
	sed -n 's/^dir //p' "$manifest" | awk '{ l[NR] = $0 }
		END { for (i = NR; i; i--) print l[i] }' >"$new"
	rm -f "$manifest"
	remove_dirs
}

# The directories from each item's up to DESTDIR, deepest first.
item_parents() {
	for item in "$@"; do
		_d=$prefix/$item
		while _d=${_d%/*}; [ -n "$_d" ]; do
			echo "$_d"
		done
	done | sort -u | awk '{ print length($0) "\t" $0 }' | sort -rn |
		cut -f 2-
}

uninstall_items() {
	_found=
	for item in "$@"; do
		printf '%s\n' "$dest$prefix/$item"
	done | check_dirs
	for item in "$@"; do
		_f=$dest$prefix/$item
		[ -e "$_f" ] || [ -L "$_f" ] || continue
		if [ -d "$_f" ] && [ ! -L "$_f" ]; then
			echo "mk/install.sh: kept $_f: a directory, not what install put there" >&2
			continue
		fi
		_found=1
		rm -f "$_f"
	done
	[ -n "$_found" ] || {
		echo "mk/install.sh: nothing installed in $dest$prefix" >&2
		exit 1
	}
	item_parents "$@" >"$new"
	remove_dirs 2>/dev/null
}

uninstall() {
	if [ -z "$dest" ]; then
		[ -f "$manifest" ] || {
			echo "mk/install.sh: no $manifest: nothing installed there" >&2
			exit 1
		}
		uninstall_manifest
	else
		uninstall_items "$@"
	fi
}

case $action in
install) install "$@" ;;
uninstall) uninstall "$@" ;;
*) usage ;;
esac
