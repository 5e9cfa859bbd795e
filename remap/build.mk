# remap/: the mechanism half of the runtime (see loader/build.mk).

REMAP_SRCS = remap/commit.c remap/stub.c remap/prepare.c remap/backing.c \
             remap/maps.c remap/heap.c remap/forkguard.c \
             remap/share.c

# The commit code is copied into a private page and run from there, so it
# must refer to nothing outside its own section: no stack protector, no
# calls the compiler invents (memcpy for loops), no jump tables, no cold
# partitions in other sections, no instrumentation.
COMMIT_CFLAGS = -ffreestanding -fno-builtin -fno-stack-protector \
                -fno-jump-tables -fno-reorder-blocks-and-partition \
                -fno-tree-loop-distribute-patterns -fno-sanitize=all \
                -fno-asynchronous-unwind-tables -fno-unwind-tables \
                -fno-exceptions -fno-profile-arcs -fno-test-coverage
$(B)/obj/remap/commit.o: EXTRA_CFLAGS = -fvisibility=hidden $(COMMIT_CFLAGS)

UNIT_TESTS += remap/commit
