# SPDX-License-Identifier: MIT
# The runtime hugectl preloads into a launcher that was not relinked
# reaches every program the launcher starts (LD_PRELOAD is inherited).
# The program hugectl runs warns at the default verbosity when it gets
# nothing on huge pages; the programs it starts say nothing then, so
# that nothing is added to the output a script or a test suite reads
# of them, and say what they would at HUGETLB_VERBOSE=3 (-v), as
# man/hugelink-ctl.8 and doc/tools.md say; a grandchild too, and a
# relinked child.  -q or HUGETLB_VERBOSE=1 quiets them all, and
# --no-preload keeps the runtime out of them all.  The child's own
# /proc/self/maps says whether the runtime is there.
. "$HL_SRC/tests/integration/common.sh"

so=$HL_RUNTIME_SO

# launch [NAME=VALUE] PROGRAM ARG...: run PROGRAM, with NAME=VALUE
# added to its environment, and exit with its status.
cat > launch.c <<'E'
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int status;
	pid_t pid;

	if (argc > 1 && strchr(argv[1], '='))
		putenv(*++argv);
	pid = fork();
	if (pid == 0) {
		execv(argv[1], &argv[1]);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &status, 0) < 0)
		return 1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
E
cat > child.c <<E
#include <stdio.h>
#include <string.h>

int main(void)
{
	char line[4096];
	int found = 0;
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f))
		found |= strstr(line, "/$so") != NULL;
	puts(found ? "runtime" : "no runtime");
	return 0;
}
E
"$CC" -O1 -o launch launch.c
"$CC" -O1 -o child child.c
warned() { grep -q "^hugelink: $1: staying on base pages where asked for huge ones" err; }

echo "the default: the child has the runtime; the launcher alone warns"
"$HUGECTL" --text --data ./launch ./child >out 2>err
grep -qx runtime out || fail "the child has no runtime: $(cat out)"
warned launch || fail "the launcher does not warn: $(cat err)"
if warned child; then fail "the child warns: $(cat err)"; fi

echo "a grandchild says nothing either"
"$HUGECTL" --text --data ./launch ./launch ./child >out 2>err
warned launch || fail "the launcher does not warn: $(cat err)"
[ "$(grep -c '^hugelink: ' err)" -eq 1 ] || fail "more than the launcher warns: $(cat err)"

echo "a relinked child, whose pool is short, says nothing, but at 3"
cp child.c relinked.c
build_c relinked -Wl,--hugetlbfs-align
pool_set_free 0
"$HUGECTL" --backing hugetlb --text ./launch ./relinked >out 2>err
warned launch || fail "the launcher does not warn: $(cat err)"
if warned relinked; then fail "the relinked child warns: $(cat err)"; fi
"$HUGECTL" -v --backing hugetlb --text ./launch ./relinked >out 2>err
warned relinked || fail "-v: the relinked child does not warn: $(cat err)"

echo "-v: the children say what they would"
"$HUGECTL" -v --text --data ./launch ./child >out 2>err
warned launch || fail "-v: the launcher does not warn: $(cat err)"
warned child || fail "-v: the child does not warn: $(cat err)"

echo "-q, and HUGETLB_VERBOSE=1 for hugectl: none warns"
"$HUGECTL" -q --text --data ./launch ./child >out 2>err
grep -qx runtime out || fail "-q: the child has no runtime: $(cat out)"
[ ! -s err ] || fail "-q: $(cat err)"
HUGETLB_VERBOSE=1 "$HUGECTL" --text --data ./launch ./child >out 2>err
[ ! -s err ] || fail "HUGETLB_VERBOSE=1: $(cat err)"

echo "--no-preload: no runtime in the child, no warning"
"$HUGECTL" --no-preload --text --data ./launch ./child >out 2>err
grep -qx "no runtime" out || fail "--no-preload: the child has it: $(cat out)"
if grep -q '^hugelink: ' err; then fail "--no-preload: $(cat err)"; fi
ok "hugectl's preload reaches a launcher's children"
