# SPDX-License-Identifier: LGPL-2.1-or-later
#
# What a shared library exports: cmake -P check_exports.cmake with
#   -DNM=<nm>  -DLIBRARY=<lib.so>  and one of
#   -DPATTERN=<regex>       every exported symbol matches it, and at least
#                           one does (libvfsim.so: ^vfsim_, so everything
#                           else stays hidden behind -fvisibility=hidden and
#                           VFSIM_API)
#   -DSYMBOLS=<a|b|c>       exactly these, no more, no fewer (libvfsim-shim:
#                           one missing is a call that silently goes to libc,
#                           one more would clash with the program's own)
# The linker's own symbols (_init, _end, ...) do not count.
cmake_minimum_required(VERSION 3.25)

foreach(var NM LIBRARY)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "check_exports.cmake: -D${var}= is required")
	endif()
endforeach()
if(DEFINED SYMBOLS)
	string(REPLACE "|" ";" expected "${SYMBOLS}")
elseif(NOT DEFINED PATTERN)
	message(FATAL_ERROR "check_exports.cmake: -DPATTERN= or -DSYMBOLS= is required")
endif()

execute_process(COMMAND "${NM}" -D --defined-only "${LIBRARY}"
	OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${NM} -D failed on ${LIBRARY}")
endif()
string(REPLACE "\n" ";" lines "${out}")

set(bad "")
set(seen "")
foreach(line IN LISTS lines)
	# "ADDRESS TYPE NAME", NAME without its @VERSION
	if(NOT line MATCHES "^[0-9a-fA-F]* *([A-Za-z]) ([^@ ]+)")
		continue()
	endif()
	set(type "${CMAKE_MATCH_1}")
	set(name "${CMAKE_MATCH_2}")
	if(name MATCHES "^(_init|_fini|_edata|_end|__bss_start)$")
		continue()
	endif()
	if(DEFINED SYMBOLS)
		set(ok OFF)
		if(name IN_LIST expected)
			set(ok ON)
		endif()
	elseif(name MATCHES "${PATTERN}")
		set(ok ON)
	else()
		set(ok OFF)
	endif()
	if(ok)
		list(APPEND seen "${name}")
	else()
		string(APPEND bad "\n  exported but not expected: ${type} ${name}")
	endif()
endforeach()

if(DEFINED SYMBOLS)
	foreach(name IN LISTS expected)
		if(NOT name IN_LIST seen)
			string(APPEND bad "\n  not exported: ${name}")
		endif()
	endforeach()
elseif(NOT seen)
	string(APPEND bad "\n  no symbol matching ${PATTERN} at all")
endif()
if(bad)
	message(FATAL_ERROR "${LIBRARY} (mark internal functions static or leave "
		"them without VFSIM_API):${bad}")
endif()
list(LENGTH seen n)
message(STATUS "${LIBRARY}: ${n} symbols exported, all expected")
