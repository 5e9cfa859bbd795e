#!/bin/sh
# SPDX-License-Identifier: MIT
# A relinked program whose standard error is a pipe or a socket whose
# reader has gone is not ended by SIGPIPE when the runtime has something
# to say: it runs to its end as a plain program does, with SIGPIPE
# neither blocked nor pending in main, and its own output intact.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3

cat >prog.c <<'E'
#include <signal.h>
#include <stdio.h>

int main(void)
{
	sigset_t blocked, pending;

	sigprocmask(SIG_BLOCK, NULL, &blocked);
	sigpending(&pending);
	printf("ran, SIGPIPE %s, %s\n",
	       sigismember(&blocked, SIGPIPE) ? "blocked" : "not blocked",
	       sigismember(&pending, SIGPIPE) ? "pending" : "not pending");
	return 0;
}
E
build_c prog -Wl,--hugetlbfs-align || fail "cannot relink prog"

# run KIND: run prog with a bad HUGETLB_ELFMAP, which it warns about at
# the default verbosity, its standard error a pipe (KIND pipe) or a
# stream socket (KIND socket) whose other end is closed; print its exit
# status and its standard output.
run() {
	python3 - "$1" <<'PY'
import os
import socket
import subprocess
import sys

if sys.argv[1] == "pipe":
    r, w = os.pipe()
    os.close(r)
else:
    a, b = socket.socketpair()
    b.close()
    w = a.detach()
env = dict(os.environ, HUGETLB_ELFMAP="bogus")
p = subprocess.run(["./prog"], stderr=w, stdout=subprocess.PIPE, env=env)
print(p.returncode, p.stdout.decode().strip())
PY
}

for kind in pipe socket; do
	out=$(run $kind)
	[ "$out" = "0 ran, SIGPIPE not blocked, not pending" ] ||
		fail "stderr a $kind with no reader: $out"
	ok "stderr a $kind with no reader: $out"
done
