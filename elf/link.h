#ifndef ELF_LINK_H
#define ELF_LINK_H
/*
 * How a program gets the hugelink runtime, read from the file the way
 * the loader sees it: PT_INTERP and the dynamic section through the
 * program headers (so stripped section headers do not matter), and, for
 * static programs, the runtime's constructor rt_ctor in the symbol table.
 */
#include <stdbool.h>

#include "elf/file.h"

#define EL_RUNTIME_SONAME "libhugelink.so"
#define EL_RUNTIME_CTOR "rt_ctor"

struct el_linkage {
	bool dynamic;		/* PT_INTERP: ld.so loads it, preload works */
	bool pie;		/* ET_DYN: loaded at a bias */
	bool needs_runtime;	/* DT_NEEDED libhugelink.so */
	bool has_soname;	/* DT_SONAME: a library, or ld.so itself */
	bool has_symtab;	/* static: a symbol table to look in */
	bool has_ctor;		/* static: the runtime's constructor found */
	char interp[128];	/* PT_INTERP, "" when static */
};

/* Fill L for F.  Returns 0, or -1 after a warning naming the file. */
int el_linkage_read(const struct el_file *f, struct el_linkage *l);

/* True when the program carries the runtime itself. */
bool el_linked(const struct el_linkage *l);

/*
 * True when LIST, an LD_PRELOAD value (entries separated by ':' or ' '),
 * names the runtime.
 */
bool el_preloads_runtime(const char *list);

#endif
