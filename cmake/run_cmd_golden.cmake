# SPDX-License-Identifier: LGPL-2.1-or-later
# Command golden test: cmake -P run_cmd_golden.cmake with
#   -DVFSIM=<vfsim command>  -DCMDFILE=<name.cmd>  -DWORKDIR=<dir>
#   -DACTUAL=<where to keep the actual output, without extension>
#   [-DLAUNCHER=<a|b|c>]
# NAME.cmd holds the arguments of one `vfsim` command line, one per line
# (lines starting with '#' and empty lines are skipped).  The command runs
# in WORKDIR with NAME.in (if present) as standard input, and must print
# exactly NAME.out on standard output, exactly NAME.err on standard error
# (nothing if there is no NAME.err) and exit with the code in NAME.rc
# (0 if there is no NAME.rc).  On a mismatch prints `diff -u` and fails.
# With VFSIM_UPDATE_GOLDEN=1 in the environment, rewrites NAME.out, NAME.err
# and NAME.rc from the actual run instead (.err and .rc only when they are
# not empty and not 0).
cmake_minimum_required(VERSION 3.25)

foreach(var VFSIM CMDFILE WORKDIR ACTUAL)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "run_cmd_golden.cmake: -D${var}= is required")
	endif()
endforeach()

string(REGEX REPLACE "\\.cmd$" "" base "${CMDFILE}")
set(expected_out "${base}.out")
set(expected_err "${base}.err")
set(expected_rc_file "${base}.rc")
set(input_file "${base}.in")

# One argument per line keeps quoting out of it; file(STRINGS) also drops
# empty lines.
file(STRINGS "${CMDFILE}" lines)
set(args "")
foreach(line IN LISTS lines)
	if(NOT line MATCHES "^#")
		list(APPEND args "${line}")
	endif()
endforeach()

set(expected_rc 0)
if(EXISTS "${expected_rc_file}")
	file(STRINGS "${expected_rc_file}" expected_rc LIMIT_COUNT 1)
	string(STRIP "${expected_rc}" expected_rc)
endif()

set(launcher "")
if(LAUNCHER)
	string(REPLACE "|" ";" launcher "${LAUNCHER}")
endif()

set(input "")
if(EXISTS "${input_file}")
	set(input INPUT_FILE "${input_file}")
endif()

get_filename_component(actual_dir "${ACTUAL}" DIRECTORY)
file(MAKE_DIRECTORY "${actual_dir}")
execute_process(
	COMMAND ${launcher} "${VFSIM}" ${args}
	WORKING_DIRECTORY "${WORKDIR}"
	${input}
	OUTPUT_FILE "${ACTUAL}.out"
	ERROR_FILE "${ACTUAL}.err"
	RESULT_VARIABLE rc)

if("$ENV{VFSIM_UPDATE_GOLDEN}" STREQUAL "1")
	file(COPY_FILE "${ACTUAL}.out" "${expected_out}")
	file(SIZE "${ACTUAL}.err" err_size)
	if(err_size EQUAL 0)
		file(REMOVE "${expected_err}")
	else()
		file(COPY_FILE "${ACTUAL}.err" "${expected_err}")
	endif()
	if(rc STREQUAL "0")
		file(REMOVE "${expected_rc_file}")
	else()
		file(WRITE "${expected_rc_file}" "${rc}\n")
	endif()
	message(STATUS "updated ${expected_out} (exit code ${rc})")
	return()
endif()

# An absent golden file stands for empty output.
function(compare what expected actual)
	if(EXISTS "${expected}")
		set(golden "${expected}")
	else()
		set(golden "${actual}.empty")
		file(WRITE "${golden}" "")
	endif()
	execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${golden}" "${actual}"
		RESULT_VARIABLE same OUTPUT_QUIET ERROR_QUIET)
	if(NOT same EQUAL 0)
		message("--- ${what} differs from ${expected} (diff -u expected actual):")
		execute_process(COMMAND diff -u "${golden}" "${actual}")
		set(failed ON PARENT_SCOPE)
	endif()
endfunction()

set(failed OFF)
compare("stdout" "${expected_out}" "${ACTUAL}.out")
compare("stderr" "${expected_err}" "${ACTUAL}.err")
if(NOT rc STREQUAL expected_rc)
	set(failed ON)
	message("--- exit code: expected ${expected_rc}, got ${rc}")
endif()
if(failed)
	list(JOIN args " " cmdline)
	message(FATAL_ERROR "`vfsim ${cmdline}` failed (actual output kept in "
		"${ACTUAL}.out and .err; rerun with VFSIM_UPDATE_GOLDEN=1 to accept it)")
endif()
