#!/bin/sh
# SPDX-License-Identifier: MIT
# A libtool project (autoconf, automake, LT_INIT: a shared library and a
# program using it) relinked the way the README says: the wrapper's -B in
# CC, since libtool drops -B from LDFLAGS, or as libtool's -Wc,-B and
# -XCClinker -B in LDFLAGS at make time.  Both outputs are laid out for
# huge pages (readelf) and the program runs.  That LDFLAGS alone fails
# is checked too, so the README's advice stays true.
. "$HL_SRC/tests/integration/common.sh"
need_cmd libtoolize
need_cmd autoreconf
need_cmd automake

cat >configure.ac <<'AC'
AC_INIT([lt], [1])
AM_INIT_AUTOMAKE([foreign])
AC_PROG_CC
LT_INIT
AC_CONFIG_FILES([Makefile])
AC_OUTPUT
AC
cat >Makefile.am <<'AM'
lib_LTLIBRARIES = libbig.la
libbig_la_SOURCES = big.c
bin_PROGRAMS = prog
prog_SOURCES = prog.c
prog_LDADD = libbig.la
AM
echo 'int big(void) { return 42; }' >big.c
printf 'int big(void);\nint main(void) { return big() != 42; }\n' >prog.c
autoreconf -i >log 2>&1 || fail "autoreconf: $(tail log)"

# aligned FILE: its text segment starts on a 2 MiB boundary, as the
# wrapper lays it out (a plain link puts it 4 KiB after the headers).
aligned() {
	readelf -lW "$1" | awk '$1 == "LOAD" && / R E / { print $3 }' |
		grep -q '[02468ace]00000$' || fail "$1: $(readelf -lW "$1" | grep LOAD)"
}

./configure -q CC="$CC -B$HLDIR" LDFLAGS="-Wl,--hugetlbfs-align" >log 2>&1 ||
	fail "configure: $(tail log)"
make >log 2>&1 || fail "make: $(tail log)"
aligned .libs/libbig.so
aligned .libs/prog
./prog || fail "the program does not run"
ok "CC=\"$CC -B…\": the library and the program are relinked, and run"

# libtool's own ways to give the compiler an option when it links;
# configure's tests, which do not go through libtool, would not take
# them, so they are given to make.
for pass in "-Wc,-B$HLDIR" "-XCClinker -B$HLDIR"; do
	make clean >/dev/null
	./configure -q >log 2>&1 || fail "configure: $(tail log)"
	make LDFLAGS="$pass -Wl,--hugetlbfs-align" >log 2>&1 ||
		fail "make LDFLAGS=\"$pass …\": $(tail log)"
	aligned .libs/libbig.so
	aligned .libs/prog
	./prog || fail "the program does not run"
	ok "make LDFLAGS=\"${pass%% *} …\": relinked, and runs"
done

make clean >/dev/null
./configure -q LDFLAGS="-B$HLDIR -Wl,--hugetlbfs-align" >log 2>&1 ||
	fail "configure: $(tail log)"
if make >log 2>&1; then fail "LDFLAGS=-B… worked: libtool no longer drops -B"; fi
grep -q "unrecognized option '--hugetlbfs-align'" log || fail "make: $(tail log)"
ok "LDFLAGS=\"-B…\" alone: libtool drops -B, as the README says"
