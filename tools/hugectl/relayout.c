/* SPDX-License-Identifier: MIT */
/*
 * The relinked layout: see relayout.h.
 */
#include <elf.h>
#include <string.h>

#include "tools/hugectl/relayout.h"

/* The bytes of LOAD from its start to the end of RELRO, when RELRO
 * begins inside it; else 0. */
static uint64_t relro_head(const struct hl_phdr *load,
			   const struct hl_phdr *relro)
{
	uint64_t end;

	if (!relro || relro->vaddr < load->vaddr ||
	    relro->vaddr - load->vaddr >= load->memsz)
		return 0;
	end = relro->vaddr - load->vaddr + relro->memsz;
	return end < load->memsz ? end : load->memsz;
}

int ctl_relayout(const struct hl_phdr *ph, size_t n, size_t page,
		 struct hl_phdr *out)
{
	const uint64_t room = UINT64_MAX / 4;	/* no sum below overflows */
	const struct hl_phdr *relro = NULL;
	size_t ri = 0;
	uint64_t next = 0;

	memcpy(out, ph, n * sizeof(*ph));
	for (size_t i = 0; i < n; i++)
		if (ph[i].type == PT_GNU_RELRO) {
			relro = &ph[i];
			ri = i;
		}
	for (size_t i = 0; i < n; i++) {
		uint64_t head, at;

		if (ph[i].type != PT_LOAD || !ph[i].memsz)
			continue;
		if (ph[i].memsz > room || next > room)
			return -1;
		head = relro_head(&ph[i], relro);
		at = ((next + head + page - 1) & ~((uint64_t)page - 1)) - head;
		if (head)
			out[ri].vaddr = relro->vaddr - ph[i].vaddr + at;
		out[i].vaddr = at;
		next = (at + ph[i].memsz + page - 1) & ~((uint64_t)page - 1);
	}
	return 0;
}
