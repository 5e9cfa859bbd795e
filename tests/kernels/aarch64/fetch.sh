#!/bin/sh
# SPDX-License-Identifier: MIT
# fetch.sh DIR: the arm64 Debian packages the aarch64 guest is made of,
# downloaded with "apt-get download" and unpacked with "dpkg-deb -x"
# below DIR/pkgs:
#   DIR/pkgs/linux-6.1/ linux-image-6.1.0-<N>-arm64 (bookworm), the one
#                       bookworm's linux-image-arm64 names
#   DIR/pkgs/busybox/   busybox-static
#   DIR/pkgs/libc/      libc6, for the guest's dynamic loader and libc
# Apt runs for the architecture arm64 with sources, lists and cache of
# its own below DIR/apt, so the machine's apt configuration, its dpkg
# architectures and its state stay as they are.  A package already
# unpacked is not fetched again: with all three there, nothing touches
# the network.
#
# Exit status: 0 when all are there; 77, with a line "SKIP: reason",
# when they cannot be fetched (no network, no apt); 1 otherwise.
set -eu
dir=$(mkdir -p "$1" && cd "$1" && pwd)
pkgs=$dir/pkgs
apt=$dir/apt
mkdir -p "$pkgs"

have() { [ -f "$pkgs/$1/.unpacked" ]; }
if have linux-6.1 && have busybox && have libc; then
	exit 0
fi
command -v apt-get >/dev/null 2>&1 || { echo "SKIP: no apt-get to fetch the arm64 kernel"; exit 77; }

opts="-o Dir::Etc::SourceParts=$apt/sources -o Dir::Etc::SourceList=/dev/null
 -o Dir::State::Lists=$apt/lists -o Dir::Cache=$apt/cache
 -o Dir::Etc::Preferences=$apt/preferences -o Dir::Etc::PreferencesParts=$apt/preferences.d
 -o APT::Architecture=arm64 -o APT::Architectures=arm64
 -o APT::Sandbox::User=root -q"

mkdir -p "$apt/sources" "$apt/lists/partial" "$apt/cache/archives/partial" \
	"$apt/preferences.d"
: >"$apt/preferences"
cat >"$apt/sources/bookworm.sources" <<EOT
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Architectures: arm64
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOT
cat >"$apt/sources/bookworm-security.sources" <<EOT
Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Architectures: arm64
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOT
# shellcheck disable=SC2086
apt-get $opts update >"$apt/update.log" 2>&1 || {
	echo "SKIP: cannot fetch Debian's arm64 package lists (no network?):" \
		"$(tail -n 1 "$apt/update.log")"
	exit 77
}

# unpack NAME PACKAGE: download PACKAGE and unpack it as DIR/pkgs/NAME.
unpack() {
	rm -rf "${pkgs:?}/$1" "$apt/deb"
	mkdir -p "$apt/deb"
	# shellcheck disable=SC2086
	(cd "$apt/deb" && apt-get $opts download "$2") >"$apt/download.log" 2>&1 || {
		cat "$apt/download.log" >&2
		echo "aarch64: cannot download $2" >&2
		exit 1
	}
	dpkg-deb -x "$apt/deb/"*.deb "$pkgs/$1"
	echo "$2" >"$pkgs/$1/.unpacked"
	rm -rf "$apt/deb"
	echo "aarch64: fetched $2"
}

if ! have linux-6.1; then
	# shellcheck disable=SC2086
	image=$(apt-cache $opts depends linux-image-arm64 |
		sed -n 's/^ *Depends: \(linux-image-6\.1[^ ]*-arm64\)$/\1/p' | head -n 1)
	[ -n "$image" ] || { echo "aarch64: bookworm's linux-image-arm64 names no 6.1 kernel" >&2; exit 1; }
	unpack linux-6.1 "$image"
fi
have busybox || unpack busybox busybox-static
have libc || unpack libc libc6
