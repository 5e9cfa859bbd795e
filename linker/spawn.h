/* SPDX-License-Identifier: MIT */
#ifndef LINKER_SPAWN_H
#define LINKER_SPAWN_H
/*
 * Running another program as a child and waiting for it.  Like system(3),
 * the wrapper ignores SIGINT and SIGQUIT while it waits (the terminal
 * sends them to the child too), and the child gets them back at their
 * defaults, so an interrupted link still lets the wrapper clean up.
 */

/*
 * Run the program at PATH with ARGV (ARGV[0] is the name it sees) and
 * wait for it.  When OUT is not NULL, its standard output is collected
 * into a malloc'd NUL-terminated *OUT.  *STATUS gets the wait status.
 * Returns 0 once the child ran, -1 after a message when it could not.
 */
int lw_spawn(const char *path, char *const argv[], char **out, int *status);

/*
 * Ask the child being waited for, if any, to stop (SIGTERM), so that a
 * link the wrapper is told to end does not go on without it.  Safe in a
 * signal handler.
 */
void lw_spawn_stop(void);

/* The exit status a shell would report for wait status STATUS. */
int lw_exit_code(int status);

#endif
