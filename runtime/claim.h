#ifndef RUNTIME_CLAIM_H
#define RUNTIME_CLAIM_H
/*
 * One runtime per process.  A process can hold several copies of the
 * runtime, each with its constructor: the one embedded in the program,
 * a preloaded libhugelink.so (hugectl preloads it into programs that were
 * not relinked, and a user may preload it into any), and a linked
 * libhugelink.so.  Exactly one of them acts: the copy in the first
 * loaded object, in the order dl_iterate_phdr reports them (the program,
 * then preloaded libraries, then the others), that carries the runtime's
 * note (core/note.h) in a PT_NOTE segment.  So the program's own copy
 * wins when it has one, and otherwise a preloaded one.
 *
 * Every copy works this out by itself from what is loaded, whichever
 * constructor runs first; nothing is written and nothing is read from
 * the environment, so nothing a parent process sets can make two copies
 * act or stop the one that should.
 */
#include <stdbool.h>

/*
 * True when this copy of the runtime is the one that acts.  Also true
 * when no loaded object shows the note (it was stripped from them): then
 * each copy acts, as before there was a claim.
 */
bool rt_claim(void);

#endif
