#!/bin/sh
# SPDX-License-Identifier: MIT
# hotgen.sh NFUNC BYTES STRIDE: write to standard output the assembly of
# NFUNC functions of BYTES bytes each, every one in a section of its own
# (.text.hf_I, as -ffunction-sections names them), and hot_table, the
# addresses of every STRIDE-th function: the hot ones, scattered through
# the text.  Function I returns 3 * x + I; the rest of its bytes are
# traps, as a real function's cold paths fill its pages without running.
# cold_probe names the first cold function from the middle on: in link
# order and in an order's link alike it lies megabytes from the hot
# range's huge pages, where no remap of the hot text reaches.  x86-64
# only.  bench/hotmain.c calls the hot functions.
set -eu
awk -v n="$1" -v bytes="$2" -v stride="$3" 'BEGIN {
	for (i = 0; i < n; i++) {
		printf ".section .text.hf_%d,\"ax\",@progbits\n", i
		printf ".globl hf_%d\n.type hf_%d,@function\n", i, i
		printf ".balign 64\nhf_%d:\n\tlea %d(%%rdi,%%rdi,2), %%rax\n\tret\n", i, i
		printf "\t.fill %d - (. - hf_%d), 1, 0xcc\n.size hf_%d, . - hf_%d\n", bytes, i, i, i
	}
	printf ".section .data.rel.ro,\"aw\"\n.balign 8\n.globl hot_table\nhot_table:\n"
	for (i = 0; i < n; i += stride)
		printf "\t.quad hf_%d\n", i
	printf ".globl hot_count\nhot_count:\n\t.quad %d\n", int((n + stride - 1) / stride)
	cold = int(n / 2)
	if (cold % stride == 0)
		cold++
	printf ".globl cold_probe\n.set cold_probe, hf_%d\n", cold
	printf ".section .note.GNU-stack,\"\",@progbits\n"
}'
