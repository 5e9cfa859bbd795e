# SPDX-License-Identifier: MIT
# The linker wrapper's temporary directory (the real linker's response
# file, a generated script) goes away when the wrapper is told to stop:
# SIGTERM, SIGHUP or SIGPIPE while the real linker runs, and SIGINT, which a
# terminal sends to the linker too (the wrapper, like system(), waits for
# the linker then).  On the others the wrapper stops the real linker
# too, which would otherwise go on alone.  The real linker is held by an
# input that is a FIFO nobody writes to.  An output the real linker has
# written and the wrapper has not yet edited goes too.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

LD=$HLBIN/hugetlbfs-ld
make_start
mkfifo held.o
mkdir tmp
ldpid=
# running PID: PID is a process, and not a zombie.
running() { _s=$(ps -o stat= -p "$1") && [ "${_s#Z}" = "$_s" ]; }
at_exit '[ -z "$ldpid" ] || kill -KILL $ldpid 2>/dev/null'

for sig in TERM HUP PIPE INT; do
	# A job started with & ignores SIGINT unless told otherwise; in a
	# process group of its own, the wrapper and the linker get SIGINT
	# together, as from a terminal.
	TMPDIR=$PWD/tmp setsid env --default-signal=INT,PIPE "$LD" \
		--hugetlbfs-align -o out start.o held.o 2>err &
	pid=$!
	# The real linker is running once the wrapper has a child that
	# reads the response file ("@.../args"), not one of those it asks
	# about itself.
	ldpid=
	while [ -z "$ldpid" ]; do
		kill -0 $pid 2>/dev/null || fail "the wrapper ended: $(cat err)"
		for c in $(pgrep -P $pid); do
			tr '\0' '\n' </proc/$c/cmdline 2>/dev/null |
				grep -q '^@.*/args$' && ldpid=$c
		done
		sleep 0.05
	done
	[ -n "$(ls tmp)" ] || fail "no temporary directory while the link runs"
	if [ $sig = INT ]; then kill -INT -$pid; else kill -$sig $pid; fi
	set +e
	wait $pid
	rc=$?
	set -e
	if [ $sig != INT ]; then
		# Orphaned, it is reaped by init: gone, or a zombie for a moment.
		n=0
		while running $ldpid && [ $n -lt 200 ]; do
			sleep 0.05
			n=$((n + 1))
		done
		[ $n -lt 200 ] || fail "SIG$sig: the real linker $ldpid still runs"
	fi
	kill -KILL $ldpid 2>/dev/null || true
	[ "$rc" -gt 128 ] || fail "SIG$sig: the wrapper exited $rc, not by the signal"
	[ -z "$(ls -A tmp)" ] || fail "SIG$sig left $(ls -A tmp): $(ls -A tmp/*)"
	ok "SIG$sig: the temporary directory is gone, and the real linker"
done

# SIGTERM between the link and the edit: gdb holds the wrapper where the
# edit starts and delivers the signal there.
need_cmd gdb
rm -f out
TMPDIR=$PWD/tmp gdb -q -batch -ex 'handle SIGTERM nostop noprint pass' \
	-ex 'break lw_edit_output' -ex run \
	-ex 'signal SIGTERM' --args "$LD" --hugetlbfs-align -shared -o out \
	start.o >gdb.log 2>&1 || true
grep -q 'Breakpoint 1, lw_edit_output' gdb.log || fail "gdb did not stop at the edit: $(cat gdb.log)"
grep -q 'terminated with signal SIGTERM' gdb.log || fail "the wrapper did not end by SIGTERM: $(cat gdb.log)"
[ ! -e out ] || fail "SIGTERM before the edit left the unedited output"
[ -z "$(ls -A tmp)" ] || fail "SIGTERM before the edit left $(ls -A tmp)"
ok "SIGTERM before the edit: the output is gone"
