#!/bin/sh
# SPDX-License-Identifier: MIT
# The descriptions of debian/control pass lintian's checks of them with
# no error or warning, as mk/check-package.sh requires of the packages
# (lintian --fail-on error,warning): each binary package's stanza, with
# the source's maintainer and the version of VERSION, is made into a
# package of its own, which lintian's fields/description check judges.
# lintian comes with "make check-package" (mk/deps.sh's package list),
# not with "make check": without it the test skips.
. "$HL_SRC/tests/integration/common.sh"
command -v lintian >/dev/null 2>&1 ||
	skip "lintian is not installed (make check-package installs it)"
need_cmd dpkg-deb
control=$HL_SRC/debian/control
maintainer=$(sed -n 's/^Maintainer: //p' "$control" | head -n 1)
awk 'BEGIN { RS = "" } /^Package: / { print > ("stanza." ++n) }' "$control"
[ -s stanza.1 ] || fail "no binary package in $control"
for s in stanza.*; do
	name=$(sed -n 's/^Package: //p' "$s")
	mkdir -p "$name/DEBIAN"
	{
		grep -E '^(Package|Architecture|Section|Multi-Arch):' "$s"
		echo "Version: $(cat "$HL_SRC/VERSION")"
		echo "Maintainer: $maintainer"
		sed -n '/^Description:/,$p' "$s"
	} >"$name/DEBIAN/control"
	dpkg-deb --build "$name" "$name.deb" >/dev/null || fail "dpkg-deb: $name"
	lintian --fail-on error,warning -C fields/description "$name.deb" \
		>"$name.lintian" 2>&1 || fail "lintian on $name's description: $(cat "$name.lintian")"
	echo "$name: $(grep -c . "$s") lines, lintian: $(grep -v 'root privileges' "$name.lintian" | tr '\n' ' ')"
done
ok "every description of debian/control passes lintian"
