# SPDX-License-Identifier: MIT
# A shared library linked through the wrapper carries the runtime, and
# takes its imports from libc with it: none of them may be a function
# that ends the process.  PostgreSQL's build checks that libpq imports
# no name holding "exit" (but __cxa_atexit), and fails where one does;
# the same check passes on a library relinked here, as it passes on the
# library linked plainly.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

cat >lib.c <<'E'
int lib_value(int x) { return x + 1; }
E
exits() { nm -D -u "$1" | grep -v -e __cxa_atexit -e __cxa_finalize | grep -i -e exit -e abort; }
for l in bfd lld; do
	need_cmd "ld.$l"
	hl_cc -fPIC -shared -fuse-ld=$l -Wl,--hugetlbfs-align -o "lib-$l.so" lib.c ||
		fail "cannot link lib-$l.so"
	check_embedded_runtime "lib-$l.so"
	! exits "lib-$l.so" >found || fail "lib-$l.so imports: $(cat found)"
done
ok "a relinked library imports no function that ends the process"
