/* SPDX-License-Identifier: MIT */
/*
 * The text of --hugetlbfs-help, one line per option of the wrapper's, as
 * hugetlbfs-ld(1) describes them.
 */
#include "linker/usage.h"

int lw_usage(FILE *out)
{
	return fputs(
	"usage: hugetlbfs-ld [hugetlbfs option ...] [linker argument ...]\n"
	"       gcc -B DATADIR/hugelink -Wl,--hugetlbfs-align ...\n"
	"Link through the real linker, laying segments out for huge pages and\n"
	"linking the hugelink runtime in.  Every other argument goes to the\n"
	"real linker unchanged; its own --help is the real linker's.\n\n"
	"options:\n"
	"  --hugetlbfs-align            align every loadable segment to the "
	"huge page size\n"
	"  --hugetlbfs-link=B|BDT       link with a generated script: bss "
	"alone (B), or\n"
	"                               text, data and bss (BDT), marked for "
	"huge pages\n"
	"  --hugetlbfs-page-size=SIZE   the huge page size (2M, 1G, ...) "
	"instead of the\n"
	"                               target's default\n"
	"  --hugetlbfs-runtime=static|shared\n"
	"                               the runtime inside the program (the "
	"default), or\n"
	"                               libhugelink.so with a run path\n"
	"  --hugetlbfs-order=FILE       lay the functions FILE names first "
	"in the text\n"
	"                               (hugelink-profile writes it)\n"
	"  --hugetlbfs-script-path=DIR  take the --hugetlbfs-link scripts "
	"from DIR\n"
	"  --hugetlbfs-version          print hugelink's version and exit\n"
	"  --hugetlbfs-help             print this help and exit\n\n"
	"environment: HUGELINK_LD names the real linker.  "
	"See hugetlbfs-ld(1).\n",
	out) < 0 ? -1 : 0;
}
