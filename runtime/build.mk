# The runtime library: runtime/ (the constructor and prepare) over swap/,
# host/ and core/, installed as lib/libhugelink.so and lib/libhugelink.a.
#
# Internals are hidden, and the shared library is bound at link time
# (-z now, -Bsymbolic) so that nothing in it resolves lazily while the
# program's segments are being swapped.  It links nothing beyond libc.
# The whole of runtime.a goes in: nothing refers to the constructor.

RUNTIME_ARCHIVES = $(call archives,runtime)

$(STAGE)/lib/libhugelink.so: $(RUNTIME_ARCHIVES)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -shared -o $@ -Wl,--whole-archive $< \
		-Wl,--no-whole-archive $(filter-out $<,$^) \
		-Wl,-soname,libhugelink.so -Wl,-z,now -Wl,-z,relro \
		-Wl,-Bsymbolic -Wl,--no-undefined $(LDFLAGS)

# One archive of every object the runtime is made of: the wrapper links
# it --whole-archive into static programs.
$(STAGE)/lib/libhugelink.a: $(RUNTIME_ARCHIVES)
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $(patsubst %.c,$(B)/obj/%.o,$(foreach d,$(filter $(CODE_DIRS),runtime $(USES_runtime)),$(filter-out $(d)/main.c,$(wildcard $(d)/*.c))))

STAGE_FILES += $(STAGE)/lib/libhugelink.so $(STAGE)/lib/libhugelink.a

# The fork guard's handlers run inside fork(), the child's before
# anything else in the child (runtime/forkguard.c, runtime/forksnap.c):
# built like the swap code, with no stack protector and no calls the
# compiler invents, whatever the user's flags.
$(B)/obj/runtime/forkguard.o $(B)/obj/runtime/forksnap.o: \
	override DIR_CFLAGS_runtime += $(SWAP_SAFETY_CFLAGS)
