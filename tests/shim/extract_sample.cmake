# SPDX-License-Identifier: LGPL-2.1-or-later
#
# cmake -DPATCH=<seed .patch> -DFILE=<path in the patch> -DOUT=<output> -P extract_sample.cmake
#
# Writes the file that the patch creates at FILE (a "new file" hunk
# "@@ -0,0 +1,N @@" of N '+' lines) to OUT, exactly as the patch has it.
# The seeds are not vfsim's to ship: the result goes to the build tree only.
cmake_minimum_required(VERSION 3.25)

foreach(v PATCH FILE OUT)
	if(NOT DEFINED ${v})
		message(FATAL_ERROR "extract_sample.cmake: -D${v}=... is required")
	endif()
endforeach()

file(READ "${PATCH}" text)
set(header "+++ b/${FILE}\n")
string(FIND "${text}" "${header}" at)
if(at EQUAL -1)
	message(FATAL_ERROR "${PATCH} does not create ${FILE}")
endif()
string(LENGTH "${header}" len)
math(EXPR at "${at} + ${len}")
string(SUBSTRING "${text}" ${at} -1 text)

# One hunk from line 0: the whole new file.
if(NOT text MATCHES "^@@ -0,0 \\+1,([0-9]+) @@[^\n]*\n")
	message(FATAL_ERROR "${FILE} in ${PATCH}: not a single new-file hunk")
endif()
set(nr_lines ${CMAKE_MATCH_1})
string(LENGTH "${CMAKE_MATCH_0}" len)
string(SUBSTRING "${text}" ${len} -1 text)

# The hunk ends where the next file's diff or the mail signature starts.
foreach(end_marker "\ndiff --git " "\n-- \n")
	string(FIND "${text}" "${end_marker}" end)
	if(NOT end EQUAL -1)
		math(EXPR end "${end} + 1")
		string(SUBSTRING "${text}" 0 ${end} text)
	endif()
endforeach()

# Every line of the hunk starts with '+'; drop it.  (string(REPLACE) and
# quoted variables keep the C text's ';' and brackets as they are.)
if(NOT text MATCHES "^\\+")
	message(FATAL_ERROR "${FILE} in ${PATCH}: hunk does not start with '+'")
endif()
string(SUBSTRING "${text}" 1 -1 text)
string(REPLACE "\n+" "\n" text "${text}")

# Count lines to be sure nothing was cut or added.
string(REGEX REPLACE "[^\n]" "" newlines "${text}")
string(LENGTH "${newlines}" got)
if(NOT got EQUAL nr_lines)
	message(FATAL_ERROR "${FILE} in ${PATCH}: ${got} lines extracted, "
		"the hunk says ${nr_lines}")
endif()

file(WRITE "${OUT}.tmp" "${text}")
file(RENAME "${OUT}.tmp" "${OUT}")
