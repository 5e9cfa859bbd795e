#!/bin/sh
# SPDX-License-Identifier: MIT
# fetch.sh DIR: the Debian packages the guests are made of, downloaded
# with "apt-get download" and unpacked with "dpkg-deb -x" below DIR/pkgs:
#   DIR/pkgs/linux-5.10/   linux-image-5.10.0-<N>-cloud-amd64 (bullseye)
#   DIR/pkgs/linux-6.1/    linux-image-6.1.0-<N>-cloud-amd64 (bookworm)
#   DIR/pkgs/busybox/      busybox-static (bookworm)
# each the newest the suite's linux-image-cloud-amd64 names.  Apt runs
# with sources, lists and cache of its own below DIR/apt, so the
# machine's apt configuration and state stay as they are.  A package
# already unpacked is not fetched again: with all three there, nothing
# touches the network.
#
# Exit status: 0 when all three are there; 77, with a line "SKIP:
# reason", when they cannot be fetched (no network, no apt); 1 on
# anything else.
set -eu
dir=$(mkdir -p "$1" && cd "$1" && pwd)
pkgs=$dir/pkgs
apt=$dir/apt
mkdir -p "$pkgs"

have() { [ -f "$pkgs/$1/.unpacked" ]; }
if have linux-5.10 && have linux-6.1 && have busybox; then
	exit 0
fi
command -v apt-get >/dev/null 2>&1 || { echo "SKIP: no apt-get to fetch the kernels"; exit 77; }

# opts SUITE: apt's options for a private configuration of that suite.
opts() {
	echo "-o Dir::Etc::SourceParts=$apt/$1/sources -o Dir::Etc::SourceList=/dev/null" \
		"-o Dir::State::Lists=$apt/$1/lists -o Dir::Cache=$apt/$1/cache" \
		"-o Dir::Etc::Preferences=$apt/$1/preferences" \
		"-o Dir::Etc::PreferencesParts=$apt/$1/preferences.d" \
		"-o APT::Sandbox::User=root -q"
}

# update SUITE: a sources file for SUITE's main component, and its lists.
update() {
	mkdir -p "$apt/$1/sources" "$apt/$1/lists/partial" \
		"$apt/$1/cache/archives/partial" "$apt/$1/preferences.d"
	: >"$apt/$1/preferences"
	cat >"$apt/$1/sources/$1.sources" <<-EOF
	Types: deb
	URIs: http://deb.debian.org/debian
	Suites: $1
	Components: main
	Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
	EOF
	# apt-get update may fail to fetch and still exit 0: the lists are
	# what counts.
	rm -f "$apt/$1/lists/"*_Packages*
	apt-get $(opts "$1") update >"$apt/$1/update.log" 2>&1
	ls "$apt/$1/lists/"*_Packages* >/dev/null 2>&1 || {
		echo "SKIP: cannot fetch Debian's $1 package lists (no network?):" \
			"$(grep -m 1 '^[EW]:' "$apt/$1/update.log")"
		exit 77
	}
}

# unpack SUITE NAME PACKAGE: download PACKAGE of SUITE and unpack it as
# DIR/pkgs/NAME.
unpack() {
	rm -rf "$pkgs/$2" "$apt/$1/deb"
	mkdir -p "$apt/$1/deb"
	(cd "$apt/$1/deb" && apt-get $(opts "$1") download "$3") >"$apt/$1/download.log" 2>&1 || {
		cat "$apt/$1/download.log" >&2
		echo "kernels: cannot download $3 from $1" >&2
		exit 1
	}
	dpkg-deb -x "$apt/$1/deb/"*.deb "$pkgs/$2"
	echo "$3" >"$pkgs/$2/.unpacked"
	rm -rf "$apt/$1/deb"
	echo "kernels: fetched $3 ($1)"
}

# kernel SUITE SERIES: the newest cloud kernel image of SERIES ("5.10")
# that the suite's meta-package names.
kernel() {
	_k=$(apt-cache $(opts "$1") depends linux-image-cloud-amd64 |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-cloud-amd64\)$/\1/p' | head -n 1)
	case $_k in
	linux-image-"$2".*) echo "$_k" ;;
	*) echo "kernels: $1's linux-image-cloud-amd64 names \"$_k\", not a $2 kernel" >&2
	   exit 1 ;;
	esac
}

for suite in bullseye bookworm; do
	case $suite in bullseye) series=5.10 ;; bookworm) series=6.1 ;; esac
	have "linux-$series" && { [ $suite != bookworm ] || have busybox; } && continue
	update $suite
	if ! have "linux-$series"; then
		image=$(kernel $suite $series) || exit 1
		unpack $suite "linux-$series" "$image"
	fi
	[ $suite != bookworm ] || have busybox || unpack $suite busybox busybox-static
done
