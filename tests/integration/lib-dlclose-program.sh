# SPDX-License-Identifier: MIT
# The copy of the runtime that moved a plain program's segment goes away
# with its library at dlclose(); the copy of the next library opened
# looks at the program again.  It finds that segment on huge pages, and
# the program's file at the segments still mapped from it, and leaves
# the segment as it is: the program's headers keep every byte, its lazy
# calls still bind, and the pool is not touched again.  The program puts
# its text at 2 MiB, so its first segment (headers, dynamic symbols and
# relocations) has a huge page to itself, one that begins below it.
# Those few KiB fill a sliver of that page, and by default such a
# segment stays on base pages; HUGELINK_MIN_FILL=0 moves it.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 16

build_libcheck libcheck.so -Wl,--hugetlbfs-align

cat > gap.c <<'E'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <signal.h>
#include "headers.h"
#include "hugecheck.h"

int main(int argc, char **argv)
{
	static char file[1 << 16];
	size_t len = hc_headers_len();
	int fd = open("/proc/self/exe", O_RDONLY);

	for (int i = 0; i < 2 && argc > 1; i++) {
		void *h = dlopen(argv[1], RTLD_NOW);

		if (!h) {
			printf("BAD %s\n", dlerror());
			return 1;
		}
		hc_report("headers", &__ehdr_start, len);
		dlclose(h);
		hc_print_pool();
	}
	printf("headers-same %s\n", len && len <= sizeof(file) &&
	       pread(fd, file, len, 0) == (ssize_t)len &&
	       !memcmp(file, &__ehdr_start, len) ? "yes" : "no");
	/* A first call through the PLT: bound now, from those headers. */
	if (!strsignal(SIGTERM))
		return 1;
	printf("ok\n");
	return 0;
}
E
"$CC" $HC_CFLAGS -Wl,-z,separate-code -Wl,--section-start=.init=0x200000 \
	-o gap gap.c -ldl
readelf -lW gap | awk '$1 == "LOAD" { print $3 }' | head -2 > loads
[ "$(cat loads)" = "$(printf '0x0000000000000000\n0x0000000000200000')" ] ||
	fail "gap: not laid out as meant: $(cat loads)"

HUGETLB_ELFMAP=R HUGELINK_MIN_FILL=0 ./gap ./libcheck.so >out 2>err ||
	fail "gap: $(cat out err)"
expect_lines out "headers 2048" "headers-same yes" "ok"
[ "$(grep -c '^headers 2048$' out)" -eq 2 ] ||
	fail "the headers did not stay on huge pages: $(cat out)"
set -- $(sed -n 's/^pool-free //p' out)
[ $# -eq 2 ] && [ "$1" -eq "$2" ] ||
	fail "the pool after each dlclose: $*"
ok "a later copy leaves the program's moved headers as they are"
