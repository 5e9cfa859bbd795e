/* SPDX-License-Identifier: MIT */
/*
 * Taking smaps apart: see smaps.h.  A field line is "Name:" followed by
 * its value; a header line is a maps line.  Fields this file does not
 * know are skipped, so newer kernels with more fields parse the same.
 */
#include <stdlib.h>
#include <string.h>

#include "core/smaps.h"

/* The length of the name of the field line at S ("Rss:"), or 0. */
static size_t field_name_len(const char *s)
{
	size_t n = 0;

	while ((s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= 'a' && s[n] <= 'z') ||
	       (s[n] >= '0' && s[n] <= '9' && n) || s[n] == '_')
		n++;
	return n && s[n] == ':' ? n : 0;
}

/* Cut the line at *CURSOR off the text, and return it. */
static char *take_line(char **cursor)
{
	char *line = *cursor, *nl = strchr(line, '\n');

	if (nl) {
		*nl = '\0';
		*cursor = nl + 1;
	} else {
		*cursor = line + strlen(line);
	}
	return line;
}

/* "  2048 kB" in bytes; -1 when the value is not a number of kB. */
static int kb_value(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtoull(s, &end, 10);
	if (strcmp(end, " kB") || v > UINT64_MAX / 1024)
		return -1;
	*out = (uint64_t)v * 1024;
	return 0;
}

/* Whether the VmFlags value S holds the two-letter flag F. */
static bool has_flag(const char *s, const char *f)
{
	for (; *s; s++)
		if (s[0] == f[0] && s[1] == f[1] &&
		    (s[2] == ' ' || s[2] == '\0'))
			return true;
	return false;
}

static void read_field(struct hl_smaps_map *m, const char *name, size_t n,
		       const char *value)
{
	static const struct {
		const char *name;
		size_t off;
	} sizes[] = {
		{ "Size", offsetof(struct hl_smaps_map, size) },
		{ "KernelPageSize",
		  offsetof(struct hl_smaps_map, kernel_page) },
		{ "Rss", offsetof(struct hl_smaps_map, rss) },
		{ "AnonHugePages", offsetof(struct hl_smaps_map, anon_huge) },
		{ "ShmemPmdMapped", offsetof(struct hl_smaps_map, shmem_pmd) },
		{ "FilePmdMapped", offsetof(struct hl_smaps_map, file_pmd) },
	};

	if (n == 7 && !strncmp(name, "VmFlags", 7)) {
		m->hugetlb = has_flag(value, "ht");
		m->guarded = has_flag(value, "bt");
		m->thp_advised = has_flag(value, "hg");
		return;
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		if (strlen(sizes[i].name) == n &&
		    !strncmp(name, sizes[i].name, n))
			kb_value(value, (uint64_t *)((char *)m + sizes[i].off));
}

int hl_smaps_next(char **cursor, struct hl_smaps_map *m)
{
	char *line;
	size_t n;

	while (**cursor == '\n')
		(*cursor)++;
	if (!**cursor)
		return 0;
	memset(m, 0, sizeof(*m));
	if (field_name_len(*cursor))
		return -1;
	line = *cursor;
	if (hl_maps_line_parse(take_line(cursor), &m->line)) {
		*cursor = line;
		return -1;
	}
	while ((n = field_name_len(*cursor))) {
		line = take_line(cursor);
		read_field(m, line, n, line + n + 1);
	}
	return 1;
}

enum hl_smaps_kind hl_smaps_kind(const struct hl_smaps_map *m,
				 uint64_t base_page)
{
	if (m->hugetlb || m->kernel_page > base_page)
		return HL_SMAPS_HUGETLB;
	if (m->anon_huge || m->shmem_pmd || m->file_pmd)
		return HL_SMAPS_THP;
	return HL_SMAPS_BASE;
}

uint64_t hl_smaps_anon_huge_within(const struct hl_smaps_map *m, uint64_t lo,
				   uint64_t hi)
{
	uint64_t from = m->line.start > lo ? m->line.start : lo;
	uint64_t to = m->line.end < hi ? m->line.end : hi;
	uint64_t outside;

	if (to <= from)
		return 0;
	outside = (m->line.end - m->line.start) - (to - from);
	if (m->anon_huge <= outside)
		return 0;
	return m->anon_huge - outside < to - from ? m->anon_huge - outside
						  : to - from;
}

uint64_t hl_smaps_huge_bytes(const struct hl_smaps_map *m, uint64_t base_page)
{
	uint64_t huge = m->anon_huge + m->shmem_pmd + m->file_pmd;

	switch (hl_smaps_kind(m, base_page)) {
	case HL_SMAPS_HUGETLB:
		return m->size;
	case HL_SMAPS_THP:
		return huge < m->size ? huge : m->size;
	case HL_SMAPS_BASE:
		break;
	}
	return 0;
}
