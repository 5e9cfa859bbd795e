# SPDX-License-Identifier: MIT
# A segment the program has sealed (mseal, Linux 6.10) can be neither
# replaced nor unmapped: the kernel refuses its swap, and any mapping
# over it, with EPERM, and leaves its pages as they were.  The runtime
# leaves it there, says why once, and the program runs on, with the
# segments nobody sealed on huge pages, before and after it.  A
# preloaded library's constructor, which runs before the program's (the
# runtime's), seals the segment checker's segments of the kinds $SEAL
# names (x: text, r: rodata, w: data and bss), and its destructor asks
# smaps whether they are still sealed.  The checker's own output judges:
# its memory reads as it should (in a child after fork() too), the
# sealed segment on base pages, the others on huge pages.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 8

cat > seal.c <<'E'
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <link.h>
#include <sys/syscall.h>
#include "hugecheck.h"

#define MSEAL 462	/* the same on every architecture */

static struct sealed {
	char kind;
	uintptr_t lo, hi;
} sealed[8];
static int nsealed;

/* x: executable, w: writable, r: neither. */
static char kind_of(const ElfW(Phdr) *ph)
{
	return ph->p_flags & PF_X ? 'x' : ph->p_flags & PF_W ? 'w' : 'r';
}

/* Seal ARG's kinds of the first object dl_iterate_phdr gives: the
 * program.  Prints "sealed K", or "mseal-missing" where the kernel has
 * no mseal. */
static int seal_program(struct dl_phdr_info *info, size_t size, void *arg)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

	(void)size;
	for (int i = 0; i < info->dlpi_phnum && nsealed < 8; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t at = info->dlpi_addr + ph->p_vaddr;
		struct sealed *s = &sealed[nsealed];

		if (ph->p_type != PT_LOAD || !strchr(arg, kind_of(ph)))
			continue;
		s->kind = kind_of(ph);
		s->lo = at & ~(page - 1);
		s->hi = (at + ph->p_memsz + page - 1) & ~(page - 1);
		if (syscall(MSEAL, s->lo, s->hi - s->lo, 0) == 0) {
			printf("sealed %c\n", s->kind);
			nsealed++;
		} else if (errno == ENOSYS) {
			printf("mseal-missing\n");
		} else {
			printf("mseal %c: %s\n", s->kind, strerror(errno));
		}
	}
	return 1;
}

__attribute__((constructor)) static void seal(void)
{
	const char *kinds = getenv("SEAL");

	dl_iterate_phdr(seal_program, (void *)(kinds ? kinds : ""));
	fflush(stdout);
}

__attribute__((destructor)) static void still_sealed(void)
{
	for (int i = 0; i < nsealed; i++)
		printf("still-sealed %c %s\n", sealed[i].kind,
		       hc_vmflag((void *)sealed[i].lo,
				 sealed[i].hi - sealed[i].lo, "sl") ?
		       "yes" : "no");
	fflush(stdout);
}
E
$CC $HC_CFLAGS -fPIC -shared -o libseal.so seal.c || fail "cannot build libseal.so"
build_segcheck sc
build_helper nothp

SEAL=x LD_PRELOAD=./libseal.so ./sc >out 2>err ||
	fail "sc, its text sealed, nothing asked: exit $?: $(cat out err)"
grep -qx mseal-missing out && skip "this kernel has no mseal (ENOSYS): $(uname -r)"
expect_lines out "sealed x" "text 4" ok "still-sealed x yes"

# run_sealed KINDS WANT... -- VARIABLE... [WRAPPER]: run sc fork with the
# program's KINDS sealed and the VARIABLEs; it must end well and print
# every WANT line, each sealed kind still sealed at its end, and the
# runtime must say once that a swap failed, for each kind sealed that
# was asked for: one line for each segment WANT puts on base pages
# ("text 4"; data and bss share one).
run_sealed() {
	_kinds=$1; shift
	: >want
	while [ "$1" != -- ]; do
		echo "$1" >>want
		shift
	done
	shift
	env SEAL="$_kinds" LD_PRELOAD=./libseal.so "$@" ./sc fork >out 2>err ||
		fail "$_kinds sealed, $*: exit $?: $(cat out err)"
	while IFS= read -r _l; do
		expect_lines out "$_l"
	done <want
	expect_lines out ok "fork ok" "child-data 4" "child-bss 4"
	for _k in $(echo "$_kinds" | sed 's/./& /g'); do
		expect_lines out "sealed $_k" "still-sealed $_k yes"
	done
	_n=$(grep -c -e '^text 4$' -e '^rodata 4$' -e '^data 4$' want || true)
	[ "$(grep -o 'swapping [^;]* failed' err | wc -l)" -eq "$_n" ] ||
		fail "$_kinds sealed, $*: not $_n reasons: $(cat err)"
}

run_sealed x "text 4" "rodata thp" -- HUGETLB_ELFMAP=R HUGELINK_BACKING=thp
run_sealed r "text thp" "rodata 4" -- HUGETLB_ELFMAP=R HUGELINK_BACKING=thp
ok "THP: a sealed text or rodata stays, the other moves before or after it"
run_sealed x "text 4" "rodata 2048" -- HUGETLB_ELFMAP=R \
	HUGELINK_BACKING=hugetlb ./nothp
run_sealed x "text 4" "rodata 2048" -- HUGETLB_ELFMAP=R HUGELINK_BACKING=hugetlb
ok "hugetlb: a sealed text stays, with THP off for the process or not"
run_sealed w "data 4" "bss 4" "text thp" -- HUGETLB_ELFMAP=RW HUGELINK_BACKING=thp
run_sealed w "data 4" "bss 4" -- HUGETLB_ELFMAP=W HUGELINK_BACKING=hugetlb ./nothp
run_sealed xw "text 4" "data 4" "bss 4" "rodata thp" -- HUGETLB_ELFMAP=RW \
	HUGELINK_BACKING=thp
ok "sealed data and bss stay, copied or not, and fork() works"
