/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_LDCACHE_H
#define TOOLS_INSPECT_LDCACHE_H
/*
 * /etc/ld.so.cache, as glibc's dynamic loader reads it to find a library
 * by name: the format of glibc 2.32 and later ("glibc-ld.so.cache1.1"),
 * alone or after the old one ("ld.so-1.7.0").  Pure: the caller reads
 * the file; every offset is checked against its length.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tools/inspect/hwcaps.h"

/*
 * The path the cache CACHE (LEN bytes) gives for the library NAME built
 * for MACHINE (e_machine) and CLS (ELFCLASS32 or ELFCLASS64), as the
 * loader takes it (elf/dl-cache.c, search_cache): among the entries of
 * that name and architecture, the glibc-hwcaps one of the best
 * subdirectory HW names (on x86-64, of an ISA level HW's x86-64-vN
 * names allow too), else the first plain one.  The subdirectories'
 * names are the cache's glibc-hwcaps extension, which ldconfig of
 * glibc 2.33 and later writes.  Copied into OUT (LEN bytes); false when
 * there is none, it does not fit, the architecture is one this does not
 * know, or the cache is not one.
 */
bool inspect_ldcache_find(const void *cache, size_t len, unsigned machine,
		     int cls, const struct inspect_hwcaps *hw,
		     const char *name, char *out, size_t outlen);

#endif
