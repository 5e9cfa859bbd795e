/* SPDX-License-Identifier: MIT */
/*
 * Asking the loader which glibc-hwcaps subdirectories it searches: see
 * hwcaps.h.  The loader runs as "LDSO --help", which reads no program,
 * with GLIBC_TUNABLES alone in its environment.
 */
#include <err.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elf/link.h"
#include "machine/runout.h"
#include "tools/inspect/hwcaps.h"

#define HELP_MAX (1u << 20)	/* bytes of help read at most */
#define HELP_SECONDS 10

/* Run LDSO --help with TUNABLES and read its list into HW. */
static void ask(struct inspect_hwcaps *hw, const char *ldso,
		const char *tunables)
{
	char *const argv[] = { (char *)ldso, (char *)"--help", NULL };
	char *envp[2] = { NULL, NULL }, why[200], *text = NULL;

	if (tunables && asprintf(&envp[0], "GLIBC_TUNABLES=%s", tunables) < 0)
		snprintf(why, sizeof(why), "out of memory");
	else
		text = mach_run_output(ldso, argv, envp, HELP_SECONDS,
				       HELP_MAX, why, sizeof(why));
	if (text)
		inspect_hwcaps_parse(hw, text);
	else
		warnx("cannot ask %s --help which glibc-hwcaps subdirectories "
		      "it searches (%s): libraries are looked for outside "
		      "them", ldso, why);
	free(text);
	free(envp[0]);
}

void inspect_hwcaps_ask(struct inspect_hwcaps *hw, const struct el_file *prog,
			const char *tunables)
{
	char ldso[PATH_MAX];

	memset(hw, 0, sizeof(*hw));
	if (!el_own_loader(prog, ldso, sizeof(ldso)))
		ask(hw, ldso, tunables);
}
