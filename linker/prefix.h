/* SPDX-License-Identifier: MIT */
#ifndef LINKER_PREFIX_H
#define LINKER_PREFIX_H
/*
 * The wrapper's files in the install tree, found from the wrapper's own
 * location (machine/dirs.h): the runtime <libdir>/libhugelink.a and
 * <libdir>/libhugelink.so, the scripts <datadir>/hugelink/ldscripts.
 * The runtime for another target than the wrapper's own is in the
 * cross libdir with the target's multiarch name for its '%'
 * (<prefix>/lib/aarch64-linux-gnu/, machine/dirs.h).
 * Nothing absolute is compiled in, so the tree can be moved.
 */
#include <stdbool.h>

struct lw_prefix {
	char *lib_so;		/* <libdir>/libhugelink.so */
	char *lib_a;		/* <libdir>/libhugelink.a */
	char *hot_o;		/* <libdir>/hugelink-hot.o: the hot note */
	char *libdir;
	char *cross_libdir;	/* with '%' for a target's multiarch name */
	char *scripts;		/* <datadir>/hugelink/ldscripts */
};

/* Fill P for the running wrapper.  Returns 0, or -1 after a message. */
int lw_prefix_find(struct lw_prefix *p);

/*
 * Point P's runtime at the one built for another target, in the cross
 * libdir with MULTIARCH for its '%' ("make runtime ARCH=...").
 * Returns 0, or -1 after a message.
 */
int lw_prefix_target(struct lw_prefix *p, const char *multiarch);

/* True when DIR is searched by the dynamic loader without help. */
bool lw_prefix_is_system_libdir(const char *dir);

void lw_prefix_free(struct lw_prefix *p);

#endif
