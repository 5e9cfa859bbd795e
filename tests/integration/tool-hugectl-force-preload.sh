# SPDX-License-Identifier: MIT
# hugectl --force-preload preloads the runtime even into a program that
# carries it: the program, relinked, then has libhugelink.so loaded
# beside its own copy (its own list of loaded objects), hugectl warns
# that it carries the runtime already and that one copy acts, the
# program's own, and that is the one gdb sees act (acts, with the
# LD_PRELOAD the program was given); its text moves (its smaps).
# Without the option, hugectl preloads nothing into it and says nothing.
# Into a program that does not carry the runtime (not relinked, so
# hugectl says nothing goes on huge pages), the option preloads it as
# hugectl always does, without the warning, and the preloaded copy acts.
. "$HL_SRC/tests/integration/common.sh"
need_cmd gdb
pool_reserve 8

cat >prog.c <<'E'
#define _GNU_SOURCE
#include <link.h>
#include <stdlib.h>
#include "hugecheck.h"

static int find(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	if (strstr(info->dlpi_name, "libhugelink.so"))
		*(int *)data = 1;
	return 0;
}

__attribute__((noinline)) int text(int x) { return x * 3 + 1; }

int main(void)
{
	const char *pre = getenv("LD_PRELOAD");
	int loaded = 0;

	dl_iterate_phdr(find, &loaded);
	hc_report("text", (const void *)text, 64);
	printf("preload %s\nloaded %s\n", pre ? pre : "(none)",
	       loaded ? "yes" : "no");
	return text(0) != 1;
}
E
build_c prog -Wl,--hugetlbfs-align || fail "cannot link prog"
"$CC" $HC_CFLAGS -o plain prog.c || fail "cannot link plain"

"$HUGECTL" --text ./prog >out 2>err || fail "hugectl --text: $(cat err)"
expect_lines out "text 2048" "preload (none)" "loaded no"
[ ! -s err ] || fail "hugectl --text said: $(cat err)"
ok "without --force-preload: nothing preloaded into a program that carries the runtime"

"$HUGECTL" --force-preload --text ./prog >out 2>err ||
	fail "hugectl --force-preload --text: $(cat err)"
expect_lines out "text 2048" "loaded yes"
grep -q "^$HUGECTL_NAME: --force-preload: \./prog .* already; one copy of the runtime acts, the program's own$" err ||
	fail "--force-preload: no warning: $(cat err)"
[ "$(wc -l <err)" -eq 1 ] || fail "--force-preload: more than the warning: $(cat err)"
pre=$(sed -n 's/^preload //p' out)
case $pre in *libhugelink.so*) ;; *) fail "--force-preload: LD_PRELOAD is $pre" ;; esac
ok "--force-preload: $(cat err)"
acts prog "$pre" ./prog

"$HUGECTL" --force-preload --text ./plain >out 2>err ||
	fail "hugectl --force-preload --text on plain: $(cat err)"
expect_lines out "loaded yes"
! grep -q -- '--force-preload' err ||
	fail "--force-preload on a program without the runtime warned: $(cat err)"
acts "libhugelink.so[.0-9]*" "$(sed -n 's/^preload //p' out)" ./plain
ok "--force-preload on a program without the runtime: preloaded, its copy acts, no warning"
