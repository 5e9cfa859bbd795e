/* SPDX-License-Identifier: MIT */
#ifndef LOADER_ACTING_H
#define LOADER_ACTING_H
/*
 * One runtime per process.  A process can hold several copies of the
 * runtime, each with its constructor: the one embedded in the program,
 * those embedded in shared libraries relinked with the wrapper, a
 * preloaded libhugelink.so (hugectl preloads it into programs that were
 * not relinked, and a user may preload it into any), and a linked
 * libhugelink.so.  Exactly one of them acts: the copy in the first
 * loaded object, in the order dl_iterate_phdr reports them (the program,
 * then preloaded libraries, then the others in the order they were
 * loaded), that carries the runtime's note (core/note.h) in a PT_NOTE
 * segment.  So the program's own copy wins when it has one, and
 * otherwise a preloaded one, else the first library loaded that carries
 * one.
 *
 * Every copy works this out by itself from what is loaded, whichever
 * constructor runs first; nothing is written and nothing is read from
 * the environment, so nothing a parent process sets can make two copies
 * act or stop the one that should.
 *
 * The others do not act: each asks the one that does, through its entry point.
 * The acting copy's object carries a second note (HL_NOTE_ENTRY) that
 * leads to its entry point, ldr_entry, fixed when it was linked, so a copy
 * of one object calls into another's without either exporting a symbol.
 * The note is followed only into an executable PT_LOAD of the object
 * that holds it, and only for this runtime's ABI (core/image.h); else
 * the object has no entry point.  No object's notes are read before
 * its program headers are trusted (loader/trust.h): one whose headers
 * are not shows no note, and never acts.
 * A library loaded with dlopen() has its constructor run as it arrives:
 * its copy's call is how the acting runtime hears of it.
 */
#include <stdbool.h>

#include "loader/maps.h"

/* The entry point of the acting copy: ABI is HL_ENTRY_ABI (core/note.h). */
typedef void ldr_entry_fn(unsigned abi);

/*
 * The entry point of the copy of the runtime that acts: this copy's own
 * ldr_entry when it is that copy, or when no loaded object shows the
 * note (it was stripped from them: then each copy acts).  NULL when the
 * copy that acts has no entry point of this ABI (a copy of hugelink built
 * with another HL_ENTRY_ABI): it moves what it moves by itself, and
 * nothing else.  /proc/self/maps is read only when an object other than
 * the program the kernel loaded has to be judged (loader/trust.h).  *MAPS
 * keeps what was read when the entry point is this copy's own, for the
 * pass this copy runs next (ldr_pass_with_maps, loader/pass.h);
 * MAPS->text is NULL otherwise, or when nothing was read.
 */
ldr_entry_fn *ldr_acting_entry(struct hl_maps *maps);

/*
 * Whether this copy of the runtime is the program's: its program
 * headers are the ones the auxiliary vector names.  The program is
 * never unloaded: its copy's destructor runs at exit alone.
 */
bool ldr_copy_in_program(void);

/*
 * Whether the process has loaded the shared runtime, a file named
 * libhugelink.so (with its version or without), which a user or hugectl
 * preloads, or a program links, to have the runtime act on it, whichever
 * copy acts (a relinked library loaded before it may).
 */
bool ldr_shared_runtime_loaded(void);

/* This copy's entry point: move what has to be moved (loader/pass.h). */
__attribute__((visibility("hidden"))) ldr_entry_fn ldr_entry;

#endif
