#ifndef TL_ELF_LINK_H
#define TL_ELF_LINK_H
/*
 * How a program gets the hugelink runtime, read from the file the way
 * the loader sees it: PT_INTERP and the dynamic section through the
 * program headers (so stripped section headers do not matter), and, for
 * static programs, the runtime's constructor hl_ctor in the symbol table.
 */
#include <stdbool.h>

#include "tools/elf-file.h"

#define TL_RUNTIME_SONAME "libhugelink.so"
#define TL_RUNTIME_CTOR "hl_ctor"

struct tl_linkage {
	bool dynamic;		/* PT_INTERP: ld.so loads it, preload works */
	bool pie;		/* ET_DYN: loaded at a bias */
	bool needs_runtime;	/* DT_NEEDED libhugelink.so */
	bool has_symtab;	/* static: a symbol table to look in */
	bool has_ctor;		/* static: the runtime's constructor found */
	char interp[128];	/* PT_INTERP, "" when static */
};

/* Fill L for F.  Returns 0, or -1 after a warning naming the file. */
int tl_linkage_read(const struct tl_elf *f, struct tl_linkage *l);

/* True when the program carries the runtime itself. */
bool tl_linked(const struct tl_linkage *l);

/*
 * True when LIST, an LD_PRELOAD value (entries separated by ':' or ' '),
 * names the runtime.
 */
bool tl_preloads_runtime(const char *list);

#endif
