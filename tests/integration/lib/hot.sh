# SPDX-License-Identifier: MIT
# Sourced by the hot-* tests, after common.sh: the program whose hot
# functions lie scattered through its text (lib/hotprog.c), and its
# profile.

# The flags the program is compiled with: a section per function, and
# frame pointers, so that perf's call chains have callers.
HOT_CFLAGS="-O1 -fno-omit-frame-pointer -fno-toplevel-reorder -ffunction-sections -I$HLINC"

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
