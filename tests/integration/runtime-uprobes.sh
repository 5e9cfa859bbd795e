# SPDX-License-Identifier: MIT
# uprobes are attached to the program file's inode and an offset, and
# the kernel places them only in mappings of that file: they never fire
# in text moved to huge pages.  A relinked program with a function and
# USDT probes (<sys/sdt.h>, one of them behind its is-enabled semaphore)
# is traced with a real uprobe (perf probe -x prog func, perf record)
# and real USDT probes (bpftrace usdt:), on base pages, with its text on
# huge pages (HUGETLB_ELFMAP=R: silent) and with only its data there
# (HUGETLB_ELFMAP=W: they fire).  The program reports its own page sizes.
. "$HL_SRC/tests/integration/common.sh"
need_cmd perf
need_cmd bpftrace
pool_reserve 8
# The program reads its data's page size from KernelPageSize: keep the
# data on hugetlb pages rather than the default transparent huge pages.
export HUGELINK_BACKING=hugetlb

prog=uprobe$$
cat >prog.c <<'E'
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include "hugecheck.h"

unsigned short hl_tick_semaphore __attribute__((section(".probes"), used));
unsigned short hl_enabled_semaphore __attribute__((section(".probes"), used));
char data[4 << 20] = { 1 };

__attribute__((noinline)) int func(int x)
{
	DTRACE_PROBE1(hl, tick, x);
	if (hl_enabled_semaphore)
		DTRACE_PROBE1(hl, enabled, x);
	return x * 2;
}

int main(void)
{
	int s = 0;

	printf("text %ld\ndata %ld\n", hc_page_kb((void *)func), hc_page_kb(data));
	for (int i = 0; i < 5; i++)
		s += func(i) + data[i];
	return s != 21;
}
E
# Not through elf_check: eu-elflint 0.188 calls every stapsdt note an
# "unknown object file note type", relinked or not.
hl_cc $HC_CFLAGS -Wl,--hugetlbfs-align -o "$prog" prog.c

perf probe -q -x "./$prog" func >probe.err 2>&1 ||
	skip "perf probe cannot add a uprobe here: $(tail -n 1 probe.err)"
at_exit "perf probe -q -d 'probe_$prog:*'"

# traced MODE: run the program under HUGETLB_ELFMAP=MODE, traced by perf
# (the uprobe on func) and by bpftrace (the USDT probes); MODE.out gets
# the program's page sizes and the three counts.
traced() {
	HUGETLB_ELFMAP=$1 perf record -q -N -e "probe_$prog:func" -o "$1.data" \
		-- "./$prog" >"$1.out" 2>"$1.err" || fail "$1: perf record: $(cat "$1.err")"
	perf script -i "$1.data" >"$1.script" 2>"$1.serr" ||
		fail "$1: perf script failed: $(cat "$1.serr")"
	echo "func $(grep -c "probe_$prog:func" "$1.script")" >>"$1.out"
	HUGETLB_ELFMAP=$1 bpftrace -e "usdt:./$prog:hl:tick { @tick = count(); }
		usdt:./$prog:hl:enabled { @enabled = count(); }" -c "./$prog" \
		>"$1.bt" 2>"$1.bterr" || fail "$1: bpftrace: $(cat "$1.bterr")"
	grep -q '^Attaching 2 probes' "$1.bt" "$1.bterr" ||
		skip "bpftrace cannot attach USDT probes here: $(cat "$1.bterr")"
	for p in tick enabled; do
		echo "$p $(sed -n "s/^@$p: //p" "$1.bt" | grep . || echo 0)"
	done >>"$1.out"
}

traced no
expect_lines no.out "text 4" "data 4" "func 5" "tick 5" "enabled 5"
ok "on base pages: the uprobe and the USDT probes fire"
traced R
expect_lines R.out "text 2048" "data 4" "func 0" "tick 0" "enabled 0"
ok "text on huge pages: none fires"
traced W
expect_lines W.out "text 4" "data 2048" "func 5" "tick 5" "enabled 5"
ok "HUGETLB_ELFMAP=W, data on huge pages: they fire, semaphore included"
