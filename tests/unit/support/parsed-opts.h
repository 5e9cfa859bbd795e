/* SPDX-License-Identifier: MIT */
/*
 * parsed-opts.h: a command line parsed by lw_opts_parse, for the
 * linker's unit tests.  PARSE(&p, "arg", ...) parses its arguments into
 * p.o, with lw_opts_parse's result in p.rc; done(&p) frees it.
 * Header-only; include it after cmocka.h.
 */
#ifndef TESTS_UNIT_SUPPORT_PARSED_OPTS_H
#define TESTS_UNIT_SUPPORT_PARSED_OPTS_H

#include <string.h>

#include "linker/options.h"

struct parsed {
	struct lw_argv args;
	struct lw_opts o;
	int rc;
};

static inline void parse(struct parsed *p, const char *const *argv,
			 size_t n)
{
	memset(p, 0, sizeof(*p));
	assert_int_equal(lw_argv_pushv(&p->args, (char *const *)argv, n), 0);
	p->rc = lw_opts_parse(&p->args, &p->o);
}

static inline void done(struct parsed *p)
{
	lw_opts_free(&p->o);
	lw_argv_free(&p->args);
}

#define PARSE(p, ...) do { \
	static const char *const argv_[] = { __VA_ARGS__ }; \
	parse(p, argv_, sizeof(argv_) / sizeof(argv_[0])); \
} while (0)

#endif
