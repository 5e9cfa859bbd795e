# SPDX-License-Identifier: MIT
# hugectl --dry-run prints the variables it would set, one NAME=value per
# line: for a relinked program (no preload), for one that was not
# relinked (preload, and HUGETLB_FORCE_ELFMAP so that its aligned
# interiors still go on huge pages), and with no program at all.
. "$HL_SRC/tests/integration/common.sh"

unset LD_LIBRARY_PATH
lib=$(cd "$HLLIB" && pwd -P)
so=$HL_RUNTIME_SO

cat > prog.c <<'E'
char bss[8 << 20];
int main(void) { return bss[0]; }
E
build_c prog -Wl,--hugetlbfs-align
"$CC" -O1 -o plain prog.c

echo "a relinked program needs no preload; data's size wins over bss's"
"$HUGECTL" --dry-run --text --data=2M --bss ./prog >out 2>err
diff -u - out <<E
HUGETLB_VERBOSE=2
LD_LIBRARY_PATH=$lib
HUGETLB_ELFMAP=R:W=2M
E
grep -q "data and bss are one segment: using --data's size (2M)" err ||
	fail "no warning about --data and --bss: $(cat err)"

echo "a program that was not relinked is preloaded and forced"
"$HUGECTL" --dry-run --text --data ./plain >out 2>err
diff -u - out <<E
HUGETLB_VERBOSE=2
LD_LIBRARY_PATH=$lib
HUGETLB_ELFMAP=R:W
HUGETLB_FORCE_ELFMAP=yes
LD_PRELOAD=$lib/$so
E
grep -q "./plain was not relinked for huge pages" err ||
	fail "hugectl does not say the program was not relinked: $(cat err)"

echo "-q silences the notes; they go to stderr only"
"$HUGECTL" -q --dry-run --text --data ./plain >out 2>err
[ ! -s err ] || fail "-q still prints: $(cat err)"
grep -q '^HUGETLB_VERBOSE=1$' out || fail "-q does not lower HUGETLB_VERBOSE"

echo "no program: the variables that do not depend on one"
LD_LIBRARY_PATH=/opt/x GLIBC_TUNABLES=glibc.malloc.check=3 \
	"$HUGECTL" --dry-run --disable --verbose 99 --share-text \
	--no-reserve --heap=1G >out 2>err
diff -u - out <<E
HUGETLB_DEBUG=yes
HUGETLB_VERBOSE=99
LD_LIBRARY_PATH=$lib:/opt/x
HUGETLB_ELFMAP=no
HUGETLB_SHARE=1
HUGETLB_NO_RESERVE=yes
GLIBC_TUNABLES=glibc.malloc.check=3:glibc.malloc.hugetlb=1073741824
E

echo "abbreviations libhugetlbfs took, which hugelink's options make ambiguous"
"$HUGECTL" --dry-run --share --ver 3 --b >out 2>err ||
	fail "--share --ver 3 --b refused: $(cat err)"
diff -u - out <<E
HUGETLB_VERBOSE=3
LD_LIBRARY_PATH=$lib
HUGETLB_ELFMAP=W
HUGETLB_SHARE=1
E

echo "--library-use-path and --library-path"
"$HUGECTL" --dry-run --library-use-path --text ./plain 2>/dev/null >out
diff -u - out <<E
HUGETLB_VERBOSE=2
HUGETLB_ELFMAP=R
LD_PRELOAD=$so
E
"$HUGECTL" --dry-run --library-path "$lib" --data ./plain 2>/dev/null |
	grep -qx "LD_PRELOAD=$lib/$so" || fail "--library-path ignored"

echo "values the shell would split are quoted, and eval gives them back"
LD_LIBRARY_PATH="/a b/it's" "$HUGECTL" --dry-run --text >out
grep -qx "LD_LIBRARY_PATH='$lib:/a b/it'\\\\''s'" out ||
	fail "not quoted for the shell: $(cat out)"
eval "$(cat out)"
[ "$LD_LIBRARY_PATH" = "$lib:/a b/it's" ] || fail "eval gave $LD_LIBRARY_PATH"
ok "hugectl --dry-run"
