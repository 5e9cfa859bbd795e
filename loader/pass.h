/* SPDX-License-Identifier: MIT */
#ifndef LOADER_PASS_H
#define LOADER_PASS_H
/*
 * A pass of the runtime that acts (loader/acting.h) over the loaded
 * objects: it moves each object that asks (loader/object.h) and that it
 * has not looked at before, one after the other (loader/move.h).
 *
 * A pass runs when a copy of the runtime's constructor runs: at
 * start-up, for the copies in the program and in the libraries loaded
 * with it (the first of them does the work; the others find nothing
 * new), and when dlopen() loads a library that carries the runtime.  A
 * library that does not carry it (HUGELINK_LIBS) is therefore moved by
 * the first pass after it was loaded: at start-up when it was loaded
 * then, else only when a library that carries the runtime follows it.
 *
 * What a pass keeps for the next lives in a mapping of the acting
 * runtime's own, made by its first pass: the configuration, read once
 * per process, and the objects looked at, by load bias.  When a
 * dlclose() has unloaded an object since (dl_iterate_phdr's dlpi_subs),
 * another may now sit at the same address, and every object is looked
 * at again: one whose ranges moved already is found so in
 * /proc/self/maps and left as it is (loader/maps.h).
 *
 * Passes never overlap: a pass takes a lock, which dlopen() in another
 * thread waits for, and which a child made by fork() in the middle of a
 * pass does not inherit as taken.
 */
#include "loader/maps.h"

/* Run a pass. */
void ldr_pass(void);

/*
 * Run a pass with MAPS, /proc/self/maps as it was read when the loaded
 * objects had changed CHANGES times (ldr_image_changes): the acting
 * copy's constructor has just read it to find that it acts, and the pass
 * takes it instead of reading the file again unless an object was
 * loaded or unloaded since.  MAPS is freed either way.
 */
void ldr_pass_with_maps(struct hl_maps *maps, unsigned long long changes);

/*
 * From a copy's constructor, before it asks for a pass: serve the start
 * without one, where loader/quick.h can.  Only the program's copy, at
 * start-up, before any pass, tries; true when the program was served,
 * and nothing else is left to do.  Later passes go on from what it
 * kept, as from a first pass.
 */
bool ldr_pass_start_quick(void);

/*
 * Read the configuration, as the first pass does, and say what is wrong
 * with it, without a pass: for a start that asks for nothing, but sets
 * a name that is a mistake for one of ours (loader/names.h).  Nothing
 * when a pass has read it already.
 */
void ldr_pass_configure(void);

/*
 * Called at the end of each copy's constructor: once the program's has
 * run, the passes that follow are no longer part of start-up (struct
 * ldr_move_ctx's at_start).
 */
void ldr_pass_start_done(void);

#endif
