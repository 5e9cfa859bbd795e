/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_PROFILE_PERFLINE_H
#define TOOLS_PROFILE_PERFLINE_H
/*
 * One line of `perf script` output, read without allocating.  Pure: the
 * caller owns the line and keeps it while the result's pointers are used.
 *
 * perf 6.1 prints a sample as a header line (the fields asked for with
 * -F, possibly none, then the sampled ip, symbol and object when the
 * sample has no call chain) and, when it has one, one line per frame,
 * each starting with a tab, leaf first, followed by an empty line:
 *
 *     prog 4242 [001] 12.345:     250000 cpu-clock:       1133 f1+0x13 (/tmp/prog)
 *
 *     prog 4242
 *     \t            1133 f1+0x13 (/tmp/prog)
 *     \t            1178 f2+0x18 (/tmp/prog)
 *
 * A frame is "IP SYMBOL[+0xOFFSET] (OBJECT)"; in a call chain the
 * object may be missing (-F ip,sym).  On a header line the frame must
 * end the line with its object, and its symbol is the last word before
 * the object: a header has no other way to tell a frame from its fields.
 */
#include <stddef.h>
#include <stdint.h>

enum pf_kind {
	PF_BLANK,	/* nothing but white space: a sample ends */
	PF_HEADER,	/* a sample starts, its frames follow */
	PF_SAMPLE,	/* a sample starts, with its leaf frame on the line */
	PF_FRAME,	/* one more frame of the current sample's call chain */
};

struct pf_frame {
	uint64_t ip;
	const char *sym;	/* the symbol, without "+0xOFFSET" */
	size_t sym_len;
	const char *dso;	/* the object between the parentheses */
	size_t dso_len;		/* 0: the line named none */
};

/*
 * Read LINE (LEN bytes, no newline needed) into *F when it holds a
 * frame.  Returns the line's kind; a tab-led line that holds no frame
 * is PF_HEADER, which ends the sample before it.
 */
enum pf_kind pf_parse_line(const char *line, size_t len, struct pf_frame *f);

#endif
