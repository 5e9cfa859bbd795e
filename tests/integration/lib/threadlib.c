/* SPDX-License-Identifier: MIT */
/*
 * threadlib: a shared library whose constructor starts a thread that
 * runs until the program ends, so that the program already has two
 * threads when the runtime's constructor runs (preloaded, its
 * constructor runs before the program's).
 */
#include <pthread.h>
#include <unistd.h>

static void *idle(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

__attribute__((constructor)) static void start(void)
{
	pthread_t t;

	pthread_create(&t, NULL, idle, NULL);
}
