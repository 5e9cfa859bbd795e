# SPDX-License-Identifier: MIT
# Sourced by every aarch64 guest test (/kt/*.sh), which runs in an empty
# directory of its own, as root, with the cross-built programs in /t
# (programs.sh).  Each case ends with one line:
#   PASS KERNEL CASE
#   FAIL KERNEL CASE: what was wrong, then the case's output, indented
#   SKIP KERNEL CASE: why it cannot run here
# KERNEL is what uname -r says.  The oracle is what the programs read
# from their own /proc/self/smaps, never the runtime's messages.
set -u
KVER=$(uname -r)
T=/t
why=

note() { why="${why:+$why; }$*"; }

# pool KB N: exactly N free huge pages of KB kB, no overcommit.
pool() {
	_d=/sys/kernel/mm/hugepages/hugepages-${1}kB
	echo 0 >"$_d/nr_overcommit_hugepages"
	echo "$2" >"$_d/nr_hugepages"
	[ "$(cat "$_d/free_hugepages")" -eq "$2" ] ||
		{ echo "cannot make a pool of $2 free ${1} kB pages"; exit 1; }
}

# run CMD...: CMD's output in out and err; a status other than 0 is wrong.
run() { "$@" >out 2>err || note "exit status $? from $*"; }

# want LINE...: every LINE is a whole line of out, and no line says BAD.
want() {
	for _l; do
		grep -qxF "$_l" out || note "no line \"$_l\""
	done
	! grep -q '^BAD' out || note "$(grep '^BAD' out | tr '\n' ' ')"
}

# aligned KIND: sc-KIND (whose "where" output is in out) was loaded at an
# address aligned to 2 MiB.
aligned() {
	_at=$(sed -n 's/^text-at \(0x[0-9a-f]*\) .*/\1/p' out)
	[ -n "$_at" ] && [ $((_at % 2097152)) -eq "$(cat "$T/sc-$1.align")" ]
}

result() {
	if [ -z "$why" ]; then
		echo "PASS $KVER $1"
	else
		echo "FAIL $KVER $1: $why"
		for _f in out err; do
			[ -s "$_f" ] && sed "s/^/    $_f| /" "$_f"
		done
	fi
	why=
	rm -f out err
}

skip() { echo "SKIP $KVER $1: $2"; why=; }
