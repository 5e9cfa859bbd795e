# SPDX-License-Identifier: MIT
# hugectl -v says where each segment goes as the file gives it: for a
# program linked at a fixed address, the addresses it runs at; for a
# position-independent one, its distance from the load address, and says
# so.  The text's range is the whole huge pages of the segment readelf
# gives, with either kind.
. "$HL_SRC/tests/integration/common.sh"
need_cmd readelf

cat >prog.c <<'E'
int main(void) { return 0; }
E
# range PROG: the whole 2 MiB pages of PROG's text, as readelf gives it.
range() {
	set -- $(readelf -lW "$1" | awk '$1 == "LOAD" && $7 == "R" && $8 == "E" { print $3, $6 }')
	_p=2097152 _v=$(($1)) _e=$(($1 + $2))
	printf '0x%x-0x%x' $(( (_v + _p - 1) / _p * _p )) $(( (_e + _p - 1) / _p * _p ))
}
for kind in pie no-pie; do
	cp prog.c "$kind.c"
	build_c "$kind" -$kind -Wl,--hugetlbfs-align
	"$HUGECTL" -v --text --dry-run "./$kind" >out 2>err ||
		fail "$kind: hugectl -v --dry-run failed: $(cat err)"
	want=$(range "$kind")
	case $kind in pie) where=" past the load address" ;; *) where= ;; esac
	line=$(grep "segment [0-9]*: 0x" err) ||
		fail "$kind: no range said: $(cat err)"
	case $line in
	*": $want$where on 2M pages "*) ;;
	*) fail "$kind: said \"$line\", not $want$where" ;;
	esac
	ok "$kind: $line"
done
