/* SPDX-License-Identifier: MIT */
#ifndef CORE_SIZE_H
#define CORE_SIZE_H
/*
 * Page sizes as users write them: "2M", "1G", "16M", "64K", "2097152",
 * "0x200000" (as strtoul with base 0 reads it, with an optional K, M or G
 * suffix in either case, and an optional trailing "B").  Shared by the
 * runtime, the linker wrapper and the tools.
 */
#include <stddef.h>

/*
 * Parse S into *OUT.  Returns 0, or -1 when S is not a size, is zero, is
 * not a power of two or overflows.  *OUT is left alone on error.
 */
int hl_parse_size(const char *s, size_t *out);

/* The same for any amount of bytes, a power of two or not ("48M"). */
int hl_parse_bytes(const char *s, size_t *out);

/*
 * How many characters at the start of S are written as a size is: its
 * number, one K, M or G, a B ("2M" of "2M,W", "2MB" of "2MB:W"); 0 when S
 * does not start with a digit.  What it spans is not checked to be one.
 */
size_t hl_size_span(const char *s);

/*
 * The size a page middle directory entry maps with base pages of BASE
 * bytes: one page table, BASE / 8 entries of 8 bytes, each a base page
 * (2M for 4K, 32M for 16K, 512M for 64K).  The page cache's huge page,
 * and transparent huge pages', on every architecture hugelink supports.
 */
size_t hl_pmd_size(size_t base);

/* Write SIZE as "2M", "1G", "64K" or bytes into BUF; returns BUF. */
char *hl_format_size(size_t size, char *buf, size_t len);

#endif
