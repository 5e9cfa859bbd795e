/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_HUGECTL_WORDS_H
#define TOOLS_HUGECTL_WORDS_H
/*
 * How hugectl words amounts in its messages: byte counts a person reads
 * at a glance ("4.3 KiB", "1.3 MiB"), where page sizes keep the form a
 * user writes them in (hl_format_size: "2M"), and the pages of a plan.
 */
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"

/* "512 bytes", "4.3 KiB", "1.3 MiB", "2.0 GiB": N, into BUF. */
const char *ctl_bytes_text(uint64_t n, char *buf, size_t len);

/* "3 pages of 2M and 1 page of 1G": what PLAN maps, into BUF. */
const char *ctl_pages_text(const struct hl_plan *plan, char *buf, size_t len);

#endif
