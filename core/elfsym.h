/* SPDX-License-Identifier: MIT */
#ifndef CORE_ELFSYM_H
#define CORE_ELFSYM_H
/*
 * The functions an ELF file's symbol table names, read from the file's
 * bytes in memory: pure, so that the runtime (which links nothing beyond
 * libc, and reads its program file only when HUGELINK_PERF_MAP asks) and
 * hugelink-inspect walk it alike, and cmocka tests it.  The table is
 * .symtab, else .dynsym (a stripped program keeps only the latter, which
 * names few of its functions).  Every offset, size and index is checked
 * against the buffer before it is used; the file must be in the byte
 * order of the machine that reads it.
 */
#include <stddef.h>
#include <stdint.h>

/* One function: defined, with a size and a name (STT_FUNC, STT_GNU_IFUNC). */
struct hl_elf_func {
	const char *name;	/* NUL-terminated, inside the buffer */
	uint64_t value;		/* st_value: the link-time address */
	uint64_t size;
};

/* A walk over the functions of one symbol table. */
struct hl_elf_syms {
	const unsigned char *buf;
	size_t len;
	int cls;		/* ELFCLASS32 or ELFCLASS64 */
	uint64_t sym_off, nsyms;	/* the symbols */
	uint64_t str_off, str_len;	/* their names */
	uint64_t next;		/* the index of the next symbol */
	const char *error;	/* why no table could be read */
};

/*
 * Start a walk over the file of LEN bytes at BUF.  Returns 0, or -1 with
 * S->error saying why: not ELF, another byte order, no section headers,
 * no symbol table, or something out of bounds.
 */
int hl_elf_syms_open(struct hl_elf_syms *s, const void *buf, size_t len);

/* The next function into *F: 1, or 0 when there are no more. */
int hl_elf_syms_next(struct hl_elf_syms *s, struct hl_elf_func *f);

#endif
