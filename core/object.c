/* SPDX-License-Identifier: MIT */
/*
 * What a shared library is to the runtime: see object.h.
 */
#include "core/object.h"

enum hl_lib_kind hl_lib_kind(bool flagged, enum hl_libs_named named,
			     bool carrier)
{
	if (flagged)
		return HL_LIB_FLAGGED;
	if (named == HL_LIBS_BY_NAME)
		return HL_LIB_NAMED;
	if (named == HL_LIBS_BY_ALL)
		return HL_LIB_ALL;
	return carrier ? HL_LIB_CARRIER : HL_LIB_NONE;
}
