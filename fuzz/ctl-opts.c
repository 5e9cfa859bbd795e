/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: hugectl's command line and the variables it builds.  The
 * input is the arguments, separated by NUL bytes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tools/hugectl/env.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_ARGS 64

static const char *fake_get(const char *name, void *ctx)
{
	(void)ctx;
	if (!strcmp(name, "LD_LIBRARY_PATH"))
		return "/usr/lib:/opt/lib";
	if (!strcmp(name, "GLIBC_TUNABLES"))
		return "glibc.malloc.check=0";
	return NULL;
}

/* Split the input into at most MAX_ARGS - 1 arguments after "hugectl". */
static int split(char *buf, size_t size, char **argv)
{
	int argc = 1;

	argv[0] = (char *)"hugectl";
	for (size_t i = 0; i < size && argc < MAX_ARGS - 1; i++) {
		argv[argc++] = &buf[i];
		i += strlen(&buf[i]);
	}
	argv[argc] = NULL;
	return argc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), err[CTL_NOTE_LEN];
	struct ctl_target t = { 0 };
	char *argv[MAX_ARGS];
	struct ctl_opts o;
	struct ctl_vars v;

	if (!buf)
		abort();
	memcpy(buf, data, size);
	buf[size] = '\0';
	if (!ctl_parse(&o, split(buf, size, argv), argv, 2, err, sizeof(err)) &&
	    o.action != CTL_HELP) {
		if (ctl_env_build(&v, &o, &t, "/opt/hl/lib", fake_get, NULL))
			abort();
		ctl_vars_free(&v);
	}
	free(buf);
	return 0;
}
