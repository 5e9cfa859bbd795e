# SPDX-License-Identifier: MIT
# The runtime reads the environment as it is when its constructor runs,
# with what earlier constructors added.  A plain library's constructor
# adds HUGETLB_ELFMAP=R (new to the environment, copied from SET_ELFMAP)
# before hugelink's constructors run.  The relinked program's text then
# goes on huge pages.  So does the text of a relinked library whose
# constructor glibc runs after that one, in a program that does not
# carry the runtime: glibc passes that constructor the environment the
# process started with, so the runtime must not take it from there.
# Without SET_ELFMAP nothing moves.  The programs judge themselves from
# their own smaps (lib/segcheck.c, lib/libcheck.c).
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 24

cat >setenv.c <<'C'
#include <stdlib.h>

__attribute__((constructor)) static void set_elfmap(void)
{
	const char *v = getenv("SET_ELFMAP");

	if (v && setenv("HUGETLB_ELFMAP", v, 1))
		abort();
}
C
"$CC" $HC_CFLAGS -fPIC -shared -o libsetenv.so setenv.c ||
	fail "cannot build libsetenv.so"

# The program carries the runtime, and needs the plain library.
build_segcheck sc -Wl,--no-as-needed ./libsetenv.so
./sc >out 2>err || fail "program, nothing set: $(cat out err)"
expect_lines out "text 4" "ok"
SET_ELFMAP=R ./sc >out 2>err || fail "program: $(cat out err)"
expect_lines out "text 2048" "rodata 2048" "data 4" "ok"
ok "HUGETLB_ELFMAP added by an earlier constructor: the program's text moves"

# The relinked library needs the plain one, whose constructor therefore
# runs first; the program is a plain link.
build_libcheck libcheck.so -Wl,--hugetlbfs-align -Wl,--no-as-needed \
	./libsetenv.so
build_libuse use -L. -lcheck
./use linked >out 2>err || fail "library, nothing set: $(cat out err)"
expect_lines out "lib-text 4" "ok"
SET_ELFMAP=R ./use linked >out 2>err || fail "library: $(cat out err)"
expect_lines out "lib-text 2048" "lib-rodata 2048" "lib-data 4" "ok"
grep -q '^BAD' out && fail "library: $(grep '^BAD' out)"
ok "HUGETLB_ELFMAP added by an earlier constructor: the library's text moves"
