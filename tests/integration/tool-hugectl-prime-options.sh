#!/bin/sh
# SPDX-License-Identifier: MIT
# hugectl --prime runs no program, so the words after its files are
# still read as options, as GNU getopt permutes them: --dry-run after
# the files is the usage error it is before them (exit 125, both
# options named, nothing primed), an unknown option is refused by its
# name, and an option between two files leaves both files primed.
# "--" ends the options: a file named -x, or --dry-run, is primed by
# its name.  A word is never taken for a file to prime when it is an
# option, whichever side of the files it stands.
. "$HL_SRC/tests/integration/common.sh"

echo 'int main(void) { return 0; }' >prog.c
"$CC" -o prog prog.c || fail "cannot link prog"
cp prog other
cp prog ./-x
cp prog ./--dry-run

# primed OUTPUT FILE: hugectl looked at FILE as a file to prime, whose
# few KiB it says hold nothing to prime.
primed() {
	grep -q "^$HUGECTL_NAME: $2: nothing to prime: " "$1" ||
		fail "$2 was not primed: $(cat "$1")"
}

# hugectl ARGS... exits with STATUS (the first argument).
status() {
	_want=$1; shift
	_rc=0
	"$HUGECTL" "$@" >out 2>err || _rc=$?
	[ "$_rc" -eq "$_want" ] || fail "$*: exit $_rc, not $_want: $(cat out err)"
}

status 125 --prime prog --dry-run
grep -qF -- "$HUGECTL_NAME: --prime and --dry-run cannot be used together" err ||
	fail "--prime prog --dry-run: not named: $(cat err)"
[ ! -s out ] || fail "--prime prog --dry-run did something: $(cat out)"
if grep -q "nothing to prime" err; then
	fail "--prime prog --dry-run primed: $(cat err)"
fi
ok "--dry-run after --prime's files is refused as before them"

status 125 --prime prog --bogus
grep -qF -- "$HUGECTL_NAME: --bogus: unknown option" err ||
	fail "--prime prog --bogus: not refused by its name: $(cat err)"
ok "an unknown option after --prime's files is refused by its name"

status 1 --prime prog -v other
primed err prog
primed err other
if grep -q -- "-v" err; then fail "-v taken for a file: $(cat err)"; fi
ok "an option between two files: both primed"

status 1 --prime prog -- -x --dry-run
primed err prog
primed err -x
primed err --dry-run
status 1 --prime -- -x
primed err -x
ok "after --, files named -x and --dry-run are primed"
