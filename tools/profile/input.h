/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_PROFILE_INPUT_H
#define TOOLS_PROFILE_INPUT_H
/*
 * The profile's text.  "-" is standard input, already `perf script`
 * output.  A file that starts with perf.data's magic ("PERFILE2") is
 * handed to `perf script -i FILE -F ip,sym,dso --no-demangle`, run from
 * PATH as a shell would run it, and its output read; any other file is
 * read as `perf script` output.
 */
#include <stdio.h>
#include <sys/types.h>

struct pf_input {
	FILE *in;
	pid_t perf;		/* the perf child, or 0 */
};

/* Open PATH.  Returns 0, or -1 after a warning naming PATH. */
int pf_input_open(struct pf_input *in, const char *path);

/* Close it, waiting for perf.  Returns 0, or -1 after a warning when
 * perf failed. */
int pf_input_close(struct pf_input *in, const char *path);

#endif
