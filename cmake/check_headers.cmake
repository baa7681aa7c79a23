# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Every public header compiles alone: cmake -P check_headers.cmake with
#   -DCOMPILER=<cc or c++>  -DLANG=c|c++  -DINCLUDE=<include dir>
#   -DHEADERS=<a.h|b.h|...> (paths under INCLUDE)  -DOUT=<scratch dir>
#   -DPEDANTIC_EXEMPT=<x.h|...> (compiled without -pedantic, for a reason
#                                the caller gives)
# One generated translation unit per header, which includes that header
# and nothing else (a declaration follows, so that a header of macros only
# is not an empty unit), compiled with -Wall -Wextra -Werror -pedantic and
# the language's standard (C11, C++17): a header that leans on something
# its user happened to include first, or that a C++ harness cannot read,
# fails here and names itself.
cmake_minimum_required(VERSION 3.25)

foreach(var COMPILER LANG INCLUDE HEADERS OUT)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "check_headers.cmake: -D${var}= is required")
	endif()
endforeach()
string(REPLACE "|" ";" headers "${HEADERS}")
string(REPLACE "|" ";" exempt "${PEDANTIC_EXEMPT}")
if(LANG STREQUAL "c")
	set(ext c)
	set(std -std=c11)
elseif(LANG STREQUAL "c++")
	set(ext cpp)
	set(std -std=c++17)
else()
	message(FATAL_ERROR "check_headers.cmake: LANG is c or c++, not ${LANG}")
endif()

file(MAKE_DIRECTORY "${OUT}")
set(failed "")
set(n 0)
foreach(h IN LISTS headers)
	string(MAKE_C_IDENTIFIER "${h}" stem)
	set(tu "${OUT}/${stem}.${ext}")
	file(WRITE "${tu}" "#include <${h}>\ntypedef int vfsim_header_check_${stem};\n")
	set(flags -Wall -Wextra -Werror)
	if(NOT h IN_LIST exempt)
		list(APPEND flags -pedantic)
	endif()
	execute_process(COMMAND "${COMPILER}" ${std} ${flags} -fsyntax-only
			"-I${INCLUDE}" "${tu}"
		RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
	if(NOT rc EQUAL 0)
		message("${h} (${LANG}): does not compile alone:\n${out}")
		list(APPEND failed "${h}")
	endif()
	math(EXPR n "${n} + 1")
endforeach()
if(n EQUAL 0)
	message(FATAL_ERROR "check_headers.cmake: no header given")
endif()
if(failed)
	message(FATAL_ERROR "${LANG}: headers that do not compile alone: ${failed}")
endif()
message(STATUS "${LANG}: ${n} headers compile alone (${COMPILER})")
