# SPDX-License-Identifier: MIT
# Sourced by the hot-* tests, after common.sh: the program whose hot
# functions lie scattered through its text (lib/hotprog.c), and its
# profile.

# The flags the program is compiled with: a section per function, and
# frame pointers, so that perf's call chains have callers.  gcc is also
# told to keep the functions in source order, which clang does anyway
# and has no flag for.
HOT_CFLAGS="-O1 -fno-omit-frame-pointer -ffunction-sections -I$HLINC"
cc_is_clang || HOT_CFLAGS="$HOT_CFLAGS -fno-toplevel-reorder"

# hot_profile: compile hotprog plainly, record it with perf record -e
# cpu-clock -g, and write hotprog.order with hugelink-profile.
hot_profile() {
	"$CC" $HOT_CFLAGS -o hotprog "$HLINC/hotprog.c" ||
		fail "compiling hotprog"
	perf record -q -e cpu-clock -g -o hotprog.data -- ./hotprog 400000 \
		>record.out 2>record.err || fail "perf record: $(cat record.err)"
	"$HLBIN/hugelink-profile" -o hotprog.order -x hotprog hotprog.data \
		>profile.out 2>profile.err ||
		fail "hugelink-profile: $(cat profile.err)"
}

# hot_names: the hot functions, one a line, sorted.
hot_names() { printf 'hot_%s\n' 0 1 2 3 4 5 6 7; }

# text_functions PROG: the functions in PROG's .text section, in address
# order, as nm -n lists them.
text_functions() {
	_lo=$(readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \.text  *PROGBITS  *\([0-9a-f]*\) .*/\1/p')
	[ -n "$_lo" ] || fail "$1 has no .text section"
	nm -n "$1" | awk -v lo="$_lo" '
		function hex(s,  i, v) { v = 0; s = tolower(s)
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v }
		($2 == "T" || $2 == "t") && hex($1) >= hex(lo) { print $3 }'
}

# hot_note PROG: "START LENGTH" of PROG's hot text note (owner hugelink,
# type 3), in hexadecimal, as readelf -n prints its bytes (little-endian).
hot_note() {
	readelf -nW "$1" | awk '
		/^ *hugelink .*Unknown note type: \(0x00000003\)/ { want = 1 }
		want && /description data:/ {
			sub(/.*description data: */, "")
			n = split($0, b, " ")
			s = ""; l = ""
			for (i = 16; i >= 9; i--) s = s b[i]
			for (i = 24; i >= 17; i--) l = l b[i]
			print s, l; exit }'
}
