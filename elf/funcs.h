/* SPDX-License-Identifier: MIT */
#ifndef ELF_FUNCS_H
#define ELF_FUNCS_H
/*
 * The functions a program's symbol table defines, through libelf: each
 * STT_FUNC or STT_GNU_IFUNC symbol with a section, from .symtab, else
 * from .dynsym (a stripped program keeps only that).
 */
#include <stdint.h>

#include "elf/file.h"

/* Called once per function with its name, link-time address and size;
 * a non-zero return stops the walk and is returned. */
typedef int el_func_fn(void *ctx, const char *name, uint64_t value,
		       uint64_t size);

/*
 * Call FN for each function of F.  Returns 0, FN's first non-zero
 * return, or -1 after a warning naming the file when libelf fails.
 * A file with no symbol table has no functions.
 */
int el_funcs_each(const struct el_file *f, el_func_fn *fn, void *ctx);

#endif
