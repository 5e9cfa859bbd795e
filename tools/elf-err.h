#ifndef TL_ELF_ERR_H
#define TL_ELF_ERR_H
/*
 * The one way the tools report a failed libelf call: the file, the call
 * and libelf's own message.  The macro is an expression that evaluates to
 * -1, so call sites read "return TL_ELF_ERR(path, "gelf_getehdr");" and
 * the control flow stays visible.
 */
#include <err.h>
#include <libelf.h>

#define TL_ELF_ERR(file, call) \
	(warnx("%s: %s: %s", (file), (call), elf_errmsg(-1)), -1)

#endif
