/* SPDX-License-Identifier: MIT */
#ifndef ELF_CHECK_H
#define ELF_CHECK_H
/*
 * Validation of the parts of an ELF file the tools use, before they use
 * them.  Pure: plain values in, a verdict and a reason out.  Every check
 * returns 0, or -1 with a short English reason in WHY (no file name: the
 * caller prefixes it).
 *
 * The rules follow what the kernel and ld.so insist on: a known class,
 * byte order and version; an e_ehsize that matches the class (else the
 * class byte lies about the file); program headers of the class's size,
 * at most 64 KiB of them, inside the file; PT_LOADs with p_filesz <=
 * p_memsz, file and memory ranges that do not overflow, p_align 0 or a
 * power of two that p_vaddr and p_offset agree modulo, in ascending order
 * without overlap.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"

#define EL_WHY_LEN 160
#define EL_PHTAB_MAX 65536	/* bytes of program headers, as the kernel */

/* The header fields the checks need, whatever the ELF class. */
struct el_ehdr {
	int cls;		/* ELFCLASS32 or ELFCLASS64 */
	uint16_t type;		/* e_type */
	uint16_t ehsize;	/* e_ehsize */
	uint64_t phoff;
	uint16_t phentsize;
	size_t phnum;		/* after PN_XNUM is resolved */
	uint64_t shoff;		/* e_shoff: 0 when there are no sections */
	uint64_t file_size;
};

/*
 * Check the first LEN bytes of a file (LEN may be less than EI_NIDENT):
 * the magic, the class, the byte order and the version.
 */
int el_check_ident(const unsigned char *ident, size_t len, char *why,
		   size_t wlen);

/* The size of the ELF header of class CLS (ELFCLASS32 or ELFCLASS64). */
size_t el_ehdr_size(int cls);

/* Check the file type and where the program header table lies. */
int el_check_ehdr(const struct el_ehdr *eh, char *why, size_t wlen);

/* Check each of the program headers PH[0..N) and the PT_LOADs together. */
int el_check_phdrs(const struct el_ehdr *eh, const struct hl_phdr *ph,
		   size_t n, char *why, size_t wlen);

/*
 * Check, for an edit, that the program header table shares no byte with
 * the ELF header or with the SHNUM section headers (0 without sections):
 * a p_flags word written there would change them too.
 */
int el_check_phtab_alone(const struct el_ehdr *eh, uint64_t shnum, char *why,
			 size_t wlen);

#endif
