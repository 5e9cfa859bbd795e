/* SPDX-License-Identifier: MIT */
#ifndef ELF_ERR_H
#define ELF_ERR_H
/*
 * How the ELF library reports a failure, in the wrapper and the tools
 * alike: the file and the cause; for a failed libelf call, the call and
 * libelf's own message.  Both are expressions that evaluate to -1, so
 * call sites read "return EL_ERR(path, "gelf_getehdr");" and the
 * control flow stays visible.
 */
#include <err.h>
#include <libelf.h>
#include <stdbool.h>
#include <stddef.h>

#define EL_ERR(file, call) \
	(warnx("%s: %s: %s", (file), (call), elf_errmsg(-1)), -1)

/*
 * A failure to read the file NAME, where the caller may rather tell it
 * in words of its own: the cause (FMT, without the name) goes into WHY
 * (LEN bytes), and unless QUIET it is also said as "NAME: cause", as
 * EL_ERR says it.  Returns -1.
 */
int el_fail(bool quiet, const char *name, char *why, size_t len,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The same for F (a struct el_file *), quiet as it was opened, with the
 * cause in the array WHY; and for a libelf call of F that failed. */
#define EL_FAILED(f, why, ...) \
	el_fail((f)->quiet, (f)->name, (why), sizeof(why), __VA_ARGS__)
#define EL_LIBELF_FAILED(f, why, call) \
	EL_FAILED(f, why, "%s: %s", (call), elf_errmsg(-1))

#endif
