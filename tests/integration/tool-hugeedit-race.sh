# SPDX-License-Identifier: MIT
# root edits, with hugeedit, a program with file capabilities that
# another user owns, in that user's directory.  That user runs a racer
# that looks for hugeedit's temporary copy there and writes into it the
# moment it can open it: were the copy ever the user's to write before
# it got its powers, the user's bytes would be published with root's
# capability.  Over many edits, the published file must always hold
# exactly the edited original's bytes, with the capability on them.
. "$HL_SRC/tests/integration/common.sh"
need_cmd setcap
need_cmd getcap
need_cmd setpriv
command -v useradd >/dev/null 2>&1 || skip "useradd is not installed: no user to race as"
add_user hlrace

cat >prog.c <<'EOF'
int main(void) { return 0; }
EOF
"$CC" -O1 -o prog prog.c || fail "cannot build prog"

# racer DIR: for every temporary copy hugeedit makes in DIR (inotify
# names it), try to open it for writing until it can, or is gone, and
# then write one block over its start; until killed.
cat >racer.c <<'EOF'
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

/* Try to open NAME for writing until it can be, or is gone; then write
 * one block over its start. */
static void spin(int dirfd, const char *name)
{
	static char evil[512];

	memset(evil, 'E', sizeof(evil));
	for (;;) {
		int fd = openat(dirfd, name, O_WRONLY | O_NOFOLLOW);

		if (fd >= 0) {
			pwrite(fd, evil, sizeof(evil), 0);
			close(fd);
			return;
		}
		if (errno == ENOENT)
			return;
	}
}

int main(int argc, char **argv)
{
	char buf[4096] __attribute__((aligned(8)));
	int in = inotify_init(), dirfd;

	if (argc != 2 || in < 0 || inotify_add_watch(in, argv[1], IN_CREATE) < 0 ||
	    (dirfd = open(argv[1], O_RDONLY | O_DIRECTORY)) < 0)
		return 2;
	for (;;) {
		ssize_t n = read(in, buf, sizeof(buf));

		for (char *p = buf; n > 0 && p < buf + n;) {
			struct inotify_event *e = (void *)p;

			if (e->len && strstr(e->name, ".hugeedit-"))
				spin(dirfd, e->name);
			p += sizeof(*e) + e->len;
		}
	}
}
EOF
"$CC" -O1 -o racer racer.c || fail "cannot build the racer"

# The edited bytes, from a copy nobody else can reach.
mkdir -m 700 private
cp prog private/prog
"$HUGEEDIT" --text private/prog >/dev/null || fail "hugeedit on a private copy"
cmp -s prog private/prog && fail "hugeedit --text changed nothing"

home=$(mktemp -d /tmp/hl-race.XXXXXX)
at_exit "rm -rf $home"
chown "$uid:$gid" "$home"
chmod 755 "$home"
chmod 755 racer
setpriv --reuid="$uid" --regid="$gid" --clear-groups ./racer "$home" &
racer=$!
at_exit "kill $racer"

runs=40
for i in $(seq $runs); do
	cp prog "$home/prog"
	chown "$uid:$gid" "$home/prog"
	chmod 755 "$home/prog"
	setcap cap_dac_read_search+ep "$home/prog" || fail "setcap"
	"$HUGEEDIT" --text "$home/prog" >out 2>err ||
		fail "run $i: hugeedit failed: $(cat err)"
	caps=$(getcap "$home/prog")
	cmp -s "$home/prog" private/prog ||
		fail "run $i: the published file is not the edited original (capability: ${caps:-none})"
	case $caps in
	*cap_dac_read_search*) ;;
	*) fail "run $i: the capability was lost: $caps" ;;
	esac
done
kill $racer
ok "$runs edits raced by the file's owner: always the edited bytes, with the capability"
