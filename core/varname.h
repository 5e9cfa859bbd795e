/* SPDX-License-Identifier: MIT */
#ifndef CORE_VARNAME_H
#define CORE_VARNAME_H
/*
 * Which environment names are hugelink's, and which look like a mistake
 * for one.  Pure.  A name set wrong is otherwise ignored in silence:
 * HUGTLB_ELFMAP=RW, or HUGETLB_ELFMPA=RW, changes nothing and says
 * nothing, as getenv never asks for it.
 *
 * The names hugelink knows are those the runtime reads (core/config.h,
 * HUGELINK_FAULT), those the linker wrapper reads (HUGELINK_LD,
 * HUGELINK_WRAPPER_PID), and HUGETLB_NO_RESERVE, which it accepts and
 * ignores.  libhugetlbfs read more: HUGETLB_MORECORE and the other
 * names of its heap, of shared memory and of its wrapper script, and
 * names its older releases read; hugelink does not use them, and a
 * setting written for libhugetlbfs that names them is no mistake.
 */
#include <stdbool.h>
#include <stddef.h>

/* What a name is to hugelink. */
enum hl_varname {
	HL_VARNAME_OTHER,	/* none of its business */
	HL_VARNAME_KNOWN,	/* one hugelink reads */
	HL_VARNAME_LIBHUGETLBFS,	/* libhugetlbfs's, which hugelink
					   does not read */
	HL_VARNAME_NEAR,	/* close to a known name, or to one of
				   libhugetlbfs's, and neither */
	HL_VARNAME_UNKNOWN,	/* HUGETLB_ or HUGELINK_, and no name known */
};

/*
 * What the name of ENTRY, a NAME=VALUE string of the environment (or a
 * bare NAME), is.  A name is near a known one (or one of libhugetlbfs's)
 * when it differs from it by one or two letters inserted, removed,
 * changed or swapped with their neighbour, in any case
 * (HUGETLB_ELFMPA, HUGTLB_ELFMAP, hugetlb_elfmap), or only in the word
 * before its first '_', when that word is within two letters of HUGETLB
 * or HUGELINK (HUGETLBFS_SHARE_PATH, HUGELINK_ELFMAP).  *MEANT is then
 * the closest such name, else NULL.
 */
enum hl_varname hl_varname_judge(const char *entry, const char **meant);

/*
 * True when ENTRY's name begins as hugelink's names do, or as the near
 * misses of them that a slip of one key makes at their start: 'H', then
 * 'U' or 'G' (HUGE..., HGUE...); 'U', 'G' (UGETLB_..., the H left out);
 * or any first letter, then 'U', 'G' (JUGETLB_..., another key struck
 * for the H); in any case.  Only such names are judged
 * (hl_varname_judge), so a name mistaken in more than one of its first
 * letters goes unreported.  Compared with immediates: the test reads no
 * read-only data, so that a start nobody asked about, which looks at
 * every name, touches none of the runtime's, wherever the object that
 * embeds it keeps that.
 */
static inline bool hl_varname_alike(const char *entry)
{
	char a, b, c;

	if (!entry[0] || !entry[1])
		return false;
	a = entry[0] | 0x20;
	b = entry[1] | 0x20;
	c = entry[2] ? entry[2] | 0x20 : 0;
	return (a == 'h' && (b == 'u' || b == 'g')) ||
	       (a == 'u' && b == 'g') || (b == 'u' && c == 'g');
}

/* True when ENTRY's name is a mistake to report: near or unknown. */
bool hl_varname_odd(const char *entry);

/*
 * ENTRY's name, up to its '=', into BUF (LEN bytes, at least 4), for a
 * message: a character that is not printable ASCII is written '?', and a
 * name too long ends in "...".
 */
const char *hl_varname_text(const char *entry, char *buf, size_t len);

#endif
