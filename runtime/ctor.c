/*
 * The runtime's constructor and its door.
 *
 * Every copy of the runtime (runtime/claim.h) runs this constructor as
 * its object is initialised: the program's after the libraries' and
 * before the program's own constructors; a library's after those of the
 * libraries it depends on and before its own, at start-up or in
 * dlopen().  Each asks the copy that acts for a pass over the loaded
 * objects (runtime/pass.h), through that copy's door, which may be its
 * own.  A library's constructor can run before the program's copy has
 * run its own: the pass does not depend on it.
 */
#include "core/note.h"
#include "runtime/claim.h"
#include "runtime/pass.h"

void rt_door(unsigned abi)
{
	if (abi == HL_DOOR_ABI)
		rt_pass();
}

/*
 * Global, though hidden: the wrapper pulls this object out of
 * libhugelink.a by the name (-u rt_ctor), and the tools look for it in a
 * program's symbol table to see that the runtime was linked in.
 */
void rt_ctor(void);

__attribute__((constructor(101))) void rt_ctor(void)
{
	rt_door_fn *door = rt_claim();

	if (door)
		door(HL_DOOR_ABI);
}
