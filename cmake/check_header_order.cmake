# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The system's <linux/watch_queue.h> and vfsim's define the same structures
# (include/vfsim/uapi/linux/watch_queue.h says how the two are kept apart):
#   cmake -P check_header_order.cmake -DCOMPILER=<cc> -DINCLUDE=<include dir>
#       -DOUT=<scratch dir>
# vfsim's first: compiles, with the patch set's WATCH_TYPE___NR (4), the
# system's skipped.  The system's first: fails with exactly one error, the
# one that names the order, not a page of redefinitions.
cmake_minimum_required(VERSION 3.25)

foreach(var COMPILER INCLUDE OUT)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "check_header_order.cmake: -D${var}= is required")
	endif()
endforeach()
file(MAKE_DIRECTORY "${OUT}")

file(WRITE "${OUT}/vfsim_first.c" "#include <vfsim/vfsim.h>
#include <linux/watch_queue.h>
_Static_assert(WATCH_TYPE___NR == 4, \"the patch set's types\");
int main(void) { return 0; }
")
execute_process(COMMAND "${COMPILER}" -std=gnu11 -Wall -Wextra -Werror -fsyntax-only
		"-I${INCLUDE}" "${OUT}/vfsim_first.c"
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "vfsim's header, then the system's: does not compile:\n${out}")
endif()

file(WRITE "${OUT}/system_first.c" "#include <linux/watch_queue.h>
#include <vfsim/vfsim.h>
int main(void) { return 0; }
")
execute_process(COMMAND "${COMPILER}" -std=gnu11 -fsyntax-only
		"-I${INCLUDE}" "${OUT}/system_first.c"
	RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
	message(FATAL_ERROR "the system's header, then vfsim's: compiled, the #error did not fire")
endif()
string(REGEX MATCHALL "error:" errors "${out}")
list(LENGTH errors nerr)
if(NOT nerr EQUAL 1 OR NOT out MATCHES "was included before vfsim's")
	message(FATAL_ERROR "the system's header, then vfsim's: ${nerr} errors, "
		"expected only the #error that names the order:\n${out}")
endif()
message(STATUS "header order: vfsim's first compiles, the system's first is one clear error")
