#!/bin/sh
# SPDX-License-Identifier: MIT
# The runtime writes its messages to fd 2 when it is a local socket, as
# a service manager's log stream is, and not when it is a network
# peer's (TCP) socket, which a daemon that closed its standard error can
# have been given as fd 2: messages naming addresses would go into its
# protocol.  A relinked program with a bad HUGETLB_ELFMAP, which it
# warns about at the default verbosity, runs to its end either way; the
# peer of a socketpair reads the warning, a TCP peer reads nothing.
. "$HL_SRC/tests/integration/common.sh"
need_cmd python3

echo 'int main(void) { return 0; }' >prog.c
build_c prog -Wl,--hugetlbfs-align || fail "cannot relink prog"

# run KIND: run prog with fd 2 a socket of KIND (unix: a socketpair's
# end; tcp: a connection on the loopback); print its exit status and
# how many bytes the other end read.
run() {
	python3 - "$1" <<'PY'
import os
import socket
import subprocess
import sys

if sys.argv[1] == "unix":
    mine, peer = socket.socketpair()
else:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    mine = socket.create_connection(server.getsockname())
    peer, _ = server.accept()
env = dict(os.environ, HUGETLB_ELFMAP="bogus")
p = subprocess.run(["./prog"], stderr=mine.fileno(), env=env)
mine.close()
got = b""
while True:
    b = peer.recv(4096)
    if not b:
        break
    got += b
print(p.returncode, len(got))
PY
}

set -- $(run unix)
[ "$1" = 0 ] || fail "fd 2 a local socket: prog exits $1"
[ "$2" -gt 0 ] || fail "fd 2 a local socket: the warning did not come"
ok "fd 2 a local socket: $2 bytes of warning"
set -- $(run tcp)
[ "$1" = 0 ] || fail "fd 2 a TCP socket: prog exits $1"
[ "$2" = 0 ] || fail "fd 2 a TCP socket: the peer read $2 bytes"
ok "fd 2 a TCP socket: nothing written into it"
