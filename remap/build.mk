# remap/: the mechanism half of the runtime (see loader/build.mk).
REMAP_SRCS =
