# SPDX-License-Identifier: MIT
# hugeedit --text, --data and --disable change which segments the
# runtime puts on huge pages by default, with HUGETLB_ELFMAP unset; the
# variable still wins over the flags.
. "$HL_SRC/tests/integration/common.sh"

pool_reserve 12

cat > prog.c <<'E'
#include "hugecheck.h"

const char ro[3 << 20] = { 1 };
char data[1 << 20] = { 2 };
char bss[3 << 20];

int main(void)
{
	hc_report("text", (const void *)main, 1);
	hc_report("rodata", ro, sizeof(ro));
	hc_report("data", data, sizeof(data));
	hc_report("bss", bss, sizeof(bss));
	return ro[0] + data[0] != 3;
}
E
build_c prog -Wl,--hugetlbfs-align

# run "EXPECTED" [NAME=VALUE...]: the program's report under those
# variables, as the page sizes of text, rodata, data and bss; the
# program itself checks that its data survived.
run() {
	_want=$1; shift
	env "$@" ./prog > report || fail "prog failed with $*: $(cat report)"
	awk '{ printf "%s%s", sep, $2; sep = " " } END { print "" }' report > out
	[ "$(cat out)" = "$_want" ] || fail "expected $_want, got $(cat out)"
}

echo "unflagged: base pages"
run "4 4 4 4"
echo "--text: text and read-only data"
"$HUGEEDIT" --text prog > /dev/null
run "2048 2048 4 4"
echo "--data: data and bss, and the text marks are gone"
"$HUGEEDIT" --data prog > /dev/null
run "4 4 thp thp"
echo "--text --data: all"
"$HUGEEDIT" --text --data prog > /dev/null
run "2048 2048 thp thp"
echo "HUGETLB_ELFMAP still decides when set"
run "4 4 4 4" HUGETLB_ELFMAP=no
run "4 4 thp thp" HUGETLB_ELFMAP=W
echo "--disable: base pages again"
"$HUGEEDIT" --disable prog > /dev/null
run "4 4 4 4"
ok "hugeedit changes the runtime's default"
