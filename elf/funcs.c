/* SPDX-License-Identifier: MIT */
#include <gelf.h>

#include "elf/err.h"
#include "elf/funcs.h"

/* The symbol table to read: .symtab when there is one, else .dynsym. */
static int find_table(const struct el_file *f, Elf_Scn **out, GElf_Shdr *out_sh)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	*out = NULL;
	while ((scn = elf_nextscn(f->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return EL_ERR(f->name, "gelf_getshdr");
		if ((sh.sh_type == SHT_SYMTAB ||
		     (sh.sh_type == SHT_DYNSYM && !*out)) && sh.sh_entsize) {
			*out = scn;
			*out_sh = sh;
			if (sh.sh_type == SHT_SYMTAB)
				break;
		}
	}
	return 0;
}

int el_funcs_each(const struct el_file *f, el_func_fn *fn, void *ctx)
{
	Elf_Scn *scn;
	Elf_Data *data;
	GElf_Shdr sh;
	GElf_Sym sym;
	int rc;

	if (find_table(f, &scn, &sh) < 0)
		return -1;
	if (!scn)
		return 0;
	data = elf_getdata(scn, NULL);
	if (!data)
		return EL_ERR(f->name, "elf_getdata");
	for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
		const char *name;
		int type;

		if (!gelf_getsym(data, (int)i, &sym))
			return EL_ERR(f->name, "gelf_getsym");
		type = GELF_ST_TYPE(sym.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) ||
		    sym.st_shndx == SHN_UNDEF)
			continue;
		name = elf_strptr(f->elf, sh.sh_link, sym.st_name);
		if (!name)
			return EL_ERR(f->name, "elf_strptr");
		rc = fn(ctx, name, sym.st_value, sym.st_size);
		if (rc)
			return rc;
	}
	return 0;
}
