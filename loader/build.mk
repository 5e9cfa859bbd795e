# The runtime library: loader/ (policy: config, plan, report, the
# constructor) and remap/ (mechanism: prepare, commit), installed as
# lib/libhugelink.so and lib/libhugelink.a.
#
# Internals are hidden, and the shared library is bound at link time
# (-z now, -Bsymbolic) so that nothing in it resolves lazily while the
# program's segments are being swapped.  It links nothing beyond libc.

LOADER_SRCS = loader/ctor.c loader/size.c loader/config.c loader/plan.c \
              loader/sysinfo.c loader/image.c loader/report.c loader/fault.c \
              loader/sharename.c
UNIT_TESTS += loader/size loader/plan loader/config loader/sharename
loader/config_DEPS = loader/size
loader/plan_DEPS = loader/config loader/size
RUNTIME_OBJS = $(patsubst %.c,$(B)/obj/%.o,$(LOADER_SRCS) $(REMAP_SRCS))
$(filter-out $(B)/obj/remap/commit.o,$(RUNTIME_OBJS)): EXTRA_CFLAGS = -fvisibility=hidden

$(STAGE)/lib/libhugelink.so: $(RUNTIME_OBJS)
	@mkdir -p $(@D)
	$(CC) -shared -o $@ $^ -Wl,-soname,libhugelink.so -Wl,-z,now \
		-Wl,-z,relro -Wl,-Bsymbolic -Wl,--no-undefined $(LDFLAGS)

$(STAGE)/lib/libhugelink.a: $(RUNTIME_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

STAGE_FILES += $(STAGE)/lib/libhugelink.so $(STAGE)/lib/libhugelink.a
