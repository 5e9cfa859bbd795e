#!/bin/sh
# SPDX-License-Identifier: MIT
# The stage is made whole again from the build: deleted, or laid out
# anew for other install directories, it holds the generated linker
# scripts of --hugetlbfs-link again, and make install installs them, but
# not the stamp that stands for them in the stage.  With
# LDSCRIPT_CROSS=no, as a package is built, the scripts are those of the
# GNU ld the compiler runs, whatever cross linkers are installed.
. "$HL_SRC/tests/integration/common.sh"

# scripts DIR: DIR holds the B and BDT scripts of some emulation.
scripts() {
	ls "$1"/*.xB "$1"/*.xBDT >/dev/null 2>&1 ||
		fail "no linker scripts in $1: $(ls "$1" 2>&1)"
}

hl_make "$PWD/b" stage
rm -rf b/stage
hl_make "$PWD/b" install DESTDIR="$PWD/d"
scripts d/usr/local/share/hugelink/ldscripts
ok "a deleted stage is staged again"

# The whole layout below another directory: the paths between BINDIR,
# LIBDIR and DATADIR, compiled in, stay what they were.
hl_make "$PWD/b" install DESTDIR="$PWD/e" PREFIX=/opt/hl \
	BINDIR=/opt/hl/x/bin LIBDIR=/opt/hl/x/lib DATADIR=/opt/hl/x/share
scripts e/opt/hl/x/share/hugelink/ldscripts
ok "scripts staged for another DATADIR"

! find d e -name '*.stamp' | grep . || fail "a stamp was installed"
ok "no stamp installed"

# emulations LD: the emulations GNU ld LD supports, one a line.
emulations() {
	"$1" -V | awk '/Supported emulations/ { on = 1; next } on && NF == 1 { print $1 }'
}
ld=$(CC="$CC" sh "$HL_SRC/ldscripts/find-ld.sh" ld.bfd)
[ -n "$ld" ] || fail "$CC runs no ld.bfd"
emulations "$ld" | sort >supported
hl_make "$PWD/b" stage LDSCRIPT_CROSS=no
scripts b/stage/share/hugelink/ldscripts
ls b/stage/share/hugelink/ldscripts | sed 's/\..*//' | sort -u |
	comm -23 - supported >foreign
[ ! -s foreign ] || fail "LDSCRIPT_CROSS=no made scripts $ld cannot: $(cat foreign)"
ok "LDSCRIPT_CROSS=no: only the emulations of $ld"
