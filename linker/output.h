/* SPDX-License-Identifier: MIT */
#ifndef LINKER_OUTPUT_H
#define LINKER_OUTPUT_H
/*
 * The link's output, reached through its directory, which the wrapper
 * holds open from before the real linker runs.  What the wrapper does to
 * the output after a link (whether it was written, the reads that decide
 * a second link, the edit, its removal) goes through that directory and
 * never follows a symbolic link in the output's name.  A file found
 * there is taken for the linker's output only when it is a regular file
 * with one link.  So a user who may write the output's directory, or
 * swap it, cannot turn the edit of another user's link (root's) onto
 * another file of that user's, or of anyone else's.
 */
#include <sys/stat.h>

#include "elf/file.h"

struct lw_output {
	const char *path;	/* as the command line names it, for messages */
	const char *name;	/* its last component */
	int dir;		/* its directory, or -1 before lw_output_hold */
};

/*
 * Hold the directory of the output at PATH (the path stays the
 * caller's).  Returns 0, or -1 after a message.
 */
int lw_output_hold(struct lw_output *o, const char *path);

void lw_output_release(struct lw_output *o);

/* The output's status, its symbolic link's if it is one; -1 with errno. */
int lw_output_stat(const struct lw_output *o, struct stat *st);

/*
 * Open the output, read-only or, with WRITE, for reading and writing.
 * The real linker makes it with the mode the umask leaves, which may lack
 * the owner's write permission (umask 0277): the owner gets it for the
 * open, and the mode is put back.  Returns the descriptor, or -1 after a
 * message naming the file and why it is not the linker's output.
 */
int lw_output_open(const struct lw_output *o, int write);

/*
 * Open the output read-only, as lw_output_open does, into F, whose
 * el_close closes it.  Returns 0, or -1 after a message.
 */
int lw_output_read(const struct lw_output *o, struct el_file *f);

/* Remove the output; 0, or -1 with errno.  Safe in a signal handler. */
int lw_output_remove(const struct lw_output *o);

#endif
