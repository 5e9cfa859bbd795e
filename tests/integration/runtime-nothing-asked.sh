# SPDX-License-Identifier: MIT
# A program nobody asked about (no HUGETLB_ELFMAP, no HUGETLB_FORCE_ELFMAP,
# no segment flagged) pays for nothing: the runtime inside it looks at
# those two variables and the program headers, and leaves before it
# claims the process or reads its configuration (gdb: no breakpoint on
# either is hit), and makes no system call (strace: the same calls as a
# plain link of the same program).  Asked for nothing explicitly
# (HUGETLB_ELFMAP=no), it goes as far as reading its configuration.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/debug.sh"
need_gdb
need_cmd strace
build_segcheck sc
"$CC" $HC_CFLAGS -o plain "$HLINC/segcheck.c" ||
	fail "cannot build the plain link"

gdb_hits hits.gdb ldr_acting_entry hl_config_read

# hits [VAR=VALUE]: the runtime's functions that ran, one line each; the
# program must have run to its end under gdb.  Called with its output
# redirected, never in $(...), where a failure would end a subshell only.
hits() {
	gdb -q -batch ${1:+-ex "set environment $1"} -x hits.gdb ./sc >gdb.out 2>&1 ||
		fail "gdb: $(cat gdb.out)"
	grep -q 'exited normally' gdb.out ||
		fail "${1:-asked for nothing}: the program did not exit normally under gdb: $(cat gdb.out)"
	grep -E '^(ldr_acting_entry|hl_config_read)( \+ [0-9]+)? in section' gdb.out || true
}

hits >nothing
[ ! -s nothing ] || fail "asked for nothing, the runtime went on: $(cat nothing)"
hits HUGETLB_ELFMAP=no >asked
grep -q '^ldr_acting_entry' asked && grep -q '^hl_config_read' asked ||
	fail "with HUGETLB_ELFMAP=no, the runtime did not read its configuration: $(cat gdb.out)"
ok "asked for nothing, the runtime claims nothing and reads no configuration"

# The system calls, by name, from the first the program makes on its own
# (brk) to exit: the loader's are the same for both.
calls() {
	strace -f -o trace "./$1" >/dev/null 2>&1 || fail "$1 failed under strace"
	sed -n 's/^[0-9]* *\([a-z_0-9]*\)(.*/\1/p' trace
}
calls plain >plain.calls
calls sc >sc.calls
diff -u plain.calls sc.calls || fail "a relinked program asked for nothing made other system calls"
ok "asked for nothing, it makes the system calls of a plain link: $(wc -l <sc.calls)"
