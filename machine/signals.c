/* SPDX-License-Identifier: MIT */
/*
 * Undoing on SIGHUP, SIGINT, SIGPIPE and SIGTERM: see signals.h.
 */
#include <stddef.h>

#include "machine/signals.h"

static const int stopping[] = { SIGHUP, SIGINT, SIGPIPE, SIGTERM };
#define NSTOPPING (sizeof(stopping) / sizeof(stopping[0]))

/* A signal handler has no other way to find what to undo. */
static mach_undo_fn *volatile undo_now;

/*
 * SA_RESETHAND has put the default action back; the signal raised again
 * here is blocked until the handler returns, and then ends the process.
 */
static void on_stop(int sig)
{
	mach_undo_fn *undo = undo_now;

	if (undo)
		undo();
	raise(sig);
}

int mach_undo_on_signals(mach_undo_fn *undo)
{
	struct sigaction sa = {
		.sa_handler = on_stop, .sa_flags = SA_RESETHAND
	};
	struct sigaction old;

	undo_now = undo;
	sigfillset(&sa.sa_mask);
	for (size_t i = 0; i < NSTOPPING; i++) {
		if (sigaction(stopping[i], NULL, &old))
			return -1;
		if (old.sa_handler == SIG_IGN)
			continue;
		if (sigaction(stopping[i], &sa, NULL))
			return -1;
	}
	return 0;
}

void mach_signals_hold(sigset_t *saved)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < NSTOPPING; i++)
		sigaddset(&set, stopping[i]);
	sigprocmask(SIG_BLOCK, &set, saved);
}

void mach_signals_release(const sigset_t *saved)
{
	sigprocmask(SIG_SETMASK, saved, NULL);
}
