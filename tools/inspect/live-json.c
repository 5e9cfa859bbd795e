/* SPDX-License-Identifier: MIT */
/*
 * The view of a running process as JSON: the same facts as the text,
 * with numbers as numbers, addresses as hex strings, and each backing as
 * a stable code ("hugetlb", "thp", "page_cache", "base", "unmapped";
 * "mixed" for a segment whose parts differ).
 */
#include <elf.h>

#include "tools/inspect/json.h"
#include "tools/inspect/print.h"

static const char *yes(bool b)
{
	return b ? "true" : "false";
}

static void print_map(FILE *out, const struct hl_smaps_map *m)
{
	const struct hl_maps_line *l = &m->line;

	fprintf(out, "\"mapping\": {\"start\": \"0x%lx\", \"end\": \"0x%lx\", "
		"\"perms\": \"%s\", \"offset\": %lu, \"inode\": %lu, ",
		(unsigned long)l->start, (unsigned long)l->end, l->perms,
		l->offset, l->inode);
	inspect_json_kstr(out, "path", l->path);
	fprintf(out, ", \"kernel_page_size\": %llu, \"anon_huge_pages\": %llu, "
		"\"shmem_pmd_mapped\": %llu, \"file_pmd_mapped\": %llu, "
		"\"thp_advised\": %s}", (unsigned long long)m->kernel_page,
		(unsigned long long)m->anon_huge,
		(unsigned long long)m->shmem_pmd,
		(unsigned long long)m->file_pmd, yes(m->thp_advised));
}

static void print_part(FILE *out, const struct inspect_part *p, bool last)
{
	fprintf(out, "        {\"start\": \"0x%lx\", \"end\": \"0x%lx\", "
		"\"size\": %lu, \"backing\": \"%s\", \"page_size\": %llu, "
		"\"huge_bytes\": %llu, \"own_file\": %s, ",
		(unsigned long)p->start, (unsigned long)p->end,
		(unsigned long)(p->end - p->start),
		inspect_backing_code(p->backing),
		(unsigned long long)p->page, (unsigned long long)p->huge,
		yes(p->own_file));
	if (p->map)
		print_map(out, p->map);
	else
		fputs("\"mapping\": null", out);
	fprintf(out, "}%s\n", last ? "" : ",");
}

static void print_seg(FILE *out, const struct inspect_live *lv,
		      const struct inspect_lseg *s, bool last)
{
	fprintf(out, "      {\"phdr\": %d, \"start\": \"0x%lx\", "
		"\"end\": \"0x%lx\", "
		"\"size\": %lu, \"flags\": \"%c%c%c\", \"backing\": \"%s\", "
		"\"huge_bytes\": %llu, \"parts\": [\n", s->phdr,
		(unsigned long)s->start, (unsigned long)s->end,
		(unsigned long)(s->end - s->start),
		s->flags & PF_R ? 'R' : '-', s->flags & PF_W ? 'W' : '-',
		s->flags & PF_X ? 'X' : '-',
		inspect_backing_code(inspect_lseg_backing(lv, s)),
		(unsigned long long)inspect_lseg_huge(lv, s));
	for (size_t i = 0; i < s->nparts; i++)
		print_part(out, &lv->part[s->first + i], i + 1 == s->nparts);
	fprintf(out, "      ]}%s\n", last ? "" : ",");
}

static void print_object(FILE *out, const struct inspect_live *lv,
			 const struct inspect_object *o, bool last)
{
	fputs("    {", out);
	inspect_json_kstr(out, "path", o->path);
	fprintf(out, ", \"main\": %s, \"class\": %d, \"type\": \"%s\", "
		"\"load_bias\": \"0x%lx\",\n     ", yes(o->main),
		o->cls == ELFCLASS32 ? 32 : 64,
		o->type == ET_DYN ? "ET_DYN" : "ET_EXEC",
		(unsigned long)o->bias);
	inspect_json_kstr(out, "loader_command", o->main ? lv->interp : NULL);
	fputs(",\n     \"segments\": [\n", out);
	for (size_t i = 0; i < o->nseg; i++)
		print_seg(out, lv, &o->seg[i], i + 1 == o->nseg);
	fprintf(out, "    ]}%s\n", last ? "" : ",");
}

void inspect_print_live_json(FILE *out, const struct inspect_live *lv)
{
	fprintf(out, "{\n  \"pid\": %d, \"base_page_size\": %llu,\n"
		"  \"objects\": [\n", (int)lv->pid,
		(unsigned long long)lv->base_page);
	for (size_t i = 0; i < lv->nobj; i++)
		print_object(out, lv, &lv->obj[i], i + 1 == lv->nobj);
	fputs("  ]\n}\n", out);
}
