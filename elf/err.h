/* SPDX-License-Identifier: MIT */
#ifndef ELF_ERR_H
#define ELF_ERR_H
/*
 * The one way a failed libelf call is reported, in the wrapper and the
 * tools alike: the file, the call and libelf's own message.  The macro
 * is an expression that evaluates to -1, so call sites read
 * "return EL_ERR(path, "gelf_getehdr");" and the control flow stays
 * visible.
 */
#include <err.h>
#include <libelf.h>

#define EL_ERR(file, call) \
	(warnx("%s: %s: %s", (file), (call), elf_errmsg(-1)), -1)

#endif
