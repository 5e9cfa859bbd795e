# linker: rules added by the work on this directory.
