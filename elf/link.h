/* SPDX-License-Identifier: MIT */
#ifndef ELF_LINK_H
#define ELF_LINK_H
/*
 * How a program gets the hugelink runtime, read from the file the way
 * the loader sees it: PT_INTERP, the dynamic section and the notes
 * through the program headers (so stripped section headers do not
 * matter), and the runtime's constructor ldr_ctor in the symbol table
 * when there is one.  A program that embeds the runtime carries its note
 * (core/note.h) in a PT_NOTE, even stripped.
 */
#include <limits.h>
#include <stdbool.h>

#include "core/note.h"
#include "core/version.h"
#include "elf/file.h"

#define EL_RUNTIME_SONAME "libhugelink.so"
/* The file ld.so loads for DT_NEEDED, and what hugectl preloads. */
#define EL_RUNTIME_SONAME_MAJOR EL_RUNTIME_SONAME "." HL_SO_MAJOR
#define EL_RUNTIME_CTOR "ldr_ctor"

struct el_linkage {
	bool dynamic;		/* PT_INTERP: ld.so loads it, preload works */
	bool pie;		/* ET_DYN: loaded at a bias */
	bool needs_runtime;	/* DT_NEEDED libhugelink.so[.N] */
	bool has_soname;	/* DT_SONAME: a library, or ld.so itself */
	bool has_symtab;	/* a symbol table to look in */
	bool has_ctor;		/* the runtime's constructor found there */
	bool has_note;		/* the runtime's note in a PT_NOTE */
	bool has_entry;		/* ... and its entry point (core/note.h): that
				   runtime moves libraries too */
	char version[HL_NOTE_VERSION_MAX]; /* the note's, "" without one */
	char interp[PATH_MAX];	/* PT_INTERP, "" when static: whole, as
				   the kernel refuses a longer one */
};

/* Fill L for F.  Returns 0, or -1 after a warning naming the file. */
int el_linkage_read(const struct el_file *f, struct el_linkage *l);

/*
 * True when F, with linkage L, is a shared library rather than a
 * program: position-independent, with no interpreter, and a soname or
 * no entry point (a static-pie program has an entry and no soname).
 */
bool el_is_library(const struct el_file *f, const struct el_linkage *l);

/* True when the program carries the runtime in its own file. */
bool el_embeds(const struct el_linkage *l);

/* True when the program gets the runtime without help: it embeds it,
 * or needs libhugelink.so. */
bool el_linked(const struct el_linkage *l);

/*
 * True when LIST, an LD_PRELOAD value (entries separated by ':' or ' '),
 * names the runtime: libhugelink.so, or libhugelink.so.N[.M...].
 */
bool el_preloads_runtime(const char *list);

/*
 * The dynamic loader the running tool itself runs with, its own
 * PT_INTERP, into BUF (LEN bytes); with PROG, only where PROG is of the
 * tool's machine and class, which that loader can load.  Returns 0, or
 * -1 where the tool has none (a static build), cannot read its own file,
 * or PROG is of another kind.
 */
int el_own_loader(const struct el_file *prog, char *buf, size_t len);

#endif
