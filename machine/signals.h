/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_SIGNALS_H
#define MACHINE_SIGNALS_H
/*
 * Undoing a half-done job when the process is told to stop from outside
 * (SIGHUP, SIGINT and SIGTERM), or ends because its reader has gone
 * (SIGPIPE, a message written into a closed pipe).  The tools that leave
 * files behind while they work (hugeedit's copy, the linker wrapper's
 * temporary directory) remove them first, then end by the same signal, so that whoever sent
 * it sees the usual status.  SIGKILL and power loss cannot be caught:
 * what is left then must be harmless (see hugeedit's write.c).
 */
#include <signal.h>

typedef void mach_undo_fn(void);

/*
 * From now on, SIGHUP, SIGINT, SIGPIPE and SIGTERM call UNDO, which must be
 * async-signal-safe, and then end the process by that signal as if no
 * handler had been installed.  A signal that was ignored on entry (as
 * SIGINT is in a shell's background job) stays ignored.  Returns 0, or
 * -1 with errno set.
 */
int mach_undo_on_signals(mach_undo_fn *undo);

/* Hold those signals off into *SAVED, while the state UNDO reads
 * changes, and let them through again. */
void mach_signals_hold(sigset_t *saved);
void mach_signals_release(const sigset_t *saved);

#endif
