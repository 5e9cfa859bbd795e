# SPDX-License-Identifier: MIT
# Sourced by the tests of the page cache's huge pages (the file backing,
# hugectl --prime) after common.sh.  The oracles are the programs' own
# /proc/PID/smaps and readelf.

# write_bigtext MB: bigtext.c, a program with MB MiB each of text, rodata,
# data and bss (lib/bigsegs.h).  It touches every page of its text and
# rodata; with "hold" it then prints "ready" and waits to be killed, so
# that its smaps can be read while it runs.
write_bigtext() {
	cat >bigtext.c <<EOF2
#define MB $1
#include "$HLINC/bigsegs.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	volatile unsigned sum = 0;

	for (size_t i = 0; i < SZ; i += 4096)
		sum += big_text[i] + big_ro[i];
	if (argc > 1 && !strcmp(argv[1], "hold")) {
		printf("ready\n");
		fflush(stdout);
		pause();
	}
	return sum ? 0 : 1;
}
EOF2
}

# text_whole FILE: the bytes of whole 2 MiB pages in FILE's executable
# PT_LOAD (its file bytes).
text_whole() {
	readelf -lW "$1" | awk -v P=2097152 "$HL_AWK_LIB"'
		$1 == "LOAD" && / R E / { print down(hex($3) + hex($5)) - up(hex($3)) }'
}

# text_smaps PID FILE: "PATH FILEPMD ANONHUGE PSS RSS", in bytes, of the
# executable mapping of process PID that holds the most of FILE's text
# (the one of its whole pages), from /proc/PID/smaps.
text_smaps() {
	awk -v want="$2" '
		/^[0-9a-f]+-[0-9a-f]+ / { cur = ($2 ~ /x/) ? $6 : ""; next }
		cur != "" && $1 == "Rss:" { rss = $2 * 1024 }
		cur != "" && $1 == "Pss:" { pss = $2 * 1024 }
		cur != "" && $1 == "AnonHugePages:" { anon = $2 * 1024 }
		cur != "" && $1 == "FilePmdMapped:" { pmd = $2 * 1024 }
		cur != "" && $1 == "VmFlags:" {
			if (cur == want && rss > best) {
				best = rss; line = cur " " pmd " " anon " " pss " " rss
			}
		}
		END { print line }' "/proc/$1/smaps"
}

# start_holds N COMMAND...: start N copies of "COMMAND... hold" and wait
# until each says ready; their ids in $holds (of the last program the
# command executes).
start_holds() {
	_n=$1
	shift
	holds=
	for _i in $(seq "$_n"); do
		"$@" hold >"hold$_i.out" 2>"hold$_i.err" &
		holds="$holds $!"
		at_exit "kill $! 2>/dev/null"
	done
	for _i in $(seq "$_n"); do
		_t=0
		until grep -q ready "hold$_i.out"; do
			[ $_t -lt 600 ] || fail "$* hold did not start: $(cat "hold$_i.err")"
			sleep 0.1; _t=$((_t + 1))
		done
	done
}

stop_holds() {
	for _h in $holds; do kill "$_h" 2>/dev/null; wait "$_h" 2>/dev/null || :; done
	holds=
}
