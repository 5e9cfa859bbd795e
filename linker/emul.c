/* SPDX-License-Identifier: MIT */
/*
 * Emulation names to huge page sizes.  The patterns cover the Linux
 * emulations of GNU ld, gold, lld and mold for each architecture; the
 * size is that architecture's default huge page (the PMD size with the
 * usual base page: 4 KiB granule on aarch64, hash MMU slices aside on
 * ppc64).  Anything else needs --hugetlbfs-page-size.
 */
#include <fnmatch.h>
#include <stdint.h>
#include <string.h>

#include "linker/emul.h"

#define MIB ((size_t)1 << 20)

static const struct {
	const char *pattern;
	size_t size;
} pages[] = {
	{ "elf_x86_64*",	2 * MIB },
	{ "elf32_x86_64*",	2 * MIB },
	{ "elf_i386*",		2 * MIB },
	{ "aarch64linux*",	2 * MIB },
	{ "aarch64elf*",	2 * MIB },
	{ "elf64[lb]riscv*",	2 * MIB },
	{ "elf32[lb]riscv*",	2 * MIB },
	{ "armelf*",		2 * MIB },
	{ "elf64ppc",		16 * MIB },
	{ "elf64lppc",		16 * MIB },
	{ "elf32ppc*",		16 * MIB },
	{ "elf32lppc*",		16 * MIB },
	{ "elf64_s390",		1 * MIB },
	{ "elf_s390",		1 * MIB },
	{ "elf64loongarch",	32 * MIB },
};

/*
 * The huge page sizes each target's MMU maps, for the targets whose every
 * base page size is known here: x86-64 and x32 (2M, 1G), i386 (2M with
 * PAE, 4M without), aarch64 with 4K base pages (64K, 2M, 32M, 1G), 16K
 * (2M, 32M, 1G) and 64K (2M, 512M, and 16G beyond a 32-bit size_t).  The
 * running kernel's base page is not known at link time, so aarch64 takes
 * any of them.
 */
#define KIB ((size_t)1 << 10)
#define GIB ((size_t)1 << 30)
#if SIZE_MAX > 0xffffffffu
#define GIB16 (GIB << 4)
#else
#define GIB16 0
#endif

static const struct {
	const char *pattern;
	size_t sizes[LW_EMUL_MAX_HUGE];	/* ascending, 0 after the last */
} huge[] = {
	{ "elf_x86_64*",	{ 2 * MIB, GIB } },
	{ "elf32_x86_64*",	{ 2 * MIB, GIB } },
	{ "elf_i386*",		{ 2 * MIB, 4 * MIB } },
	{ "aarch64linux*",	{ 64 * KIB, 2 * MIB, 32 * MIB, 512 * MIB, GIB,
				  GIB16 } },
	{ "aarch64elf*",	{ 64 * KIB, 2 * MIB, 32 * MIB, 512 * MIB, GIB,
				  GIB16 } },
};

const size_t *lw_emul_huge_pages(const char *emu)
{
	for (size_t i = 0; i < sizeof(huge) / sizeof(huge[0]); i++)
		if (fnmatch(huge[i].pattern, emu, 0) == 0)
			return huge[i].sizes;
	return NULL;
}

size_t lw_emul_page_size(const char *emu)
{
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		if (fnmatch(pages[i].pattern, emu, 0) == 0)
			return pages[i].size;
	return 0;
}

/* The emulations of the machine this was built for, as fnmatch patterns. */
#if defined(__x86_64__) && !defined(__ILP32__)
#define LW_NATIVE "elf_x86_64*"
#elif defined(__aarch64__) && !defined(__ILP32__) && \
	__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define LW_NATIVE "aarch64linux"
#else
#define LW_NATIVE NULL
#endif

bool lw_emul_native(const char *emu)
{
	return LW_NATIVE && fnmatch(LW_NATIVE, emu, 0) == 0;
}

/*
 * The multiarch names of the targets a runtime can be built for
 * ("make runtime ARCH=..."), as the compiler for each prints them
 * (-print-multiarch): the name that stands for the '%' of CROSS_LIBDIR
 * in the directory of that target's runtime when it is not the
 * wrapper's own.
 */
static const struct {
	const char *pattern;
	const char *multiarch;
} runtimes[] = {
	{ "elf_x86_64",		"x86_64-linux-gnu" },
	{ "aarch64linux",	"aarch64-linux-gnu" },
};

const char *lw_emul_multiarch(const char *emu)
{
	for (size_t i = 0; i < sizeof(runtimes) / sizeof(runtimes[0]); i++)
		if (fnmatch(runtimes[i].pattern, emu, 0) == 0)
			return runtimes[i].multiarch;
	return NULL;
}

int lw_emul_default(const char *v_output, char *buf, size_t len)
{
	const char *s = strstr(v_output, "Supported emulations:");
	size_t n;

	if (!s)
		return -1;
	s = strchr(s, '\n');
	if (!s)
		return -1;
	s += strspn(s, " \t\n");
	n = strcspn(s, " \t\n");
	if (n == 0 || n >= len)
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return 0;
}
