# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A golden test of the vfsim command: cmake -P run_golden.cmake with
#   -DVFSIM=<vfsim command>  -DWORKDIR=<dir>
#   -DGOLDEN=<dir/name>       the golden files are <name>.out, <name>.err,
#                             <name>.rc and, as standard input, <name>.in
#   -DACTUAL=<build/name>     where to keep <name>.out and <name>.err
#   and the command line, one of
#   -DCMDFILE=<name.cmd>      its arguments, one per line ('#' lines and
#                             empty lines skipped): tests/cmd
#   -DSCENARIO=<name.scn>     `vfsim run --check <name.scn>` (invariants
#                             after every line): tests/scenarios
#   [-DLAUNCHER=<a|b|c>]      a wrapper (valgrind, say), |-separated
#   [-DSTDERR=compare|show]   compare standard error with <name>.err (an
#                             absent file standing for none: the default),
#                             or only show it when the test fails (a
#                             scenario's stderr is diagnostics, not output)
# The command runs in WORKDIR and must print exactly <name>.out and exit
# with the code in <name>.rc (0 if there is none).  On a mismatch it prints
# `diff -u` and fails.  With VFSIM_UPDATE_GOLDEN=1 in the environment it
# rewrites the golden files from the actual run instead (.err and .rc only
# when they are not empty and not 0).
cmake_minimum_required(VERSION 3.25)

foreach(var VFSIM WORKDIR GOLDEN ACTUAL)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "run_golden.cmake: -D${var}= is required")
	endif()
endforeach()
if(NOT STDERR)
	set(STDERR compare)
endif()
if(NOT STDERR MATCHES "^(compare|show)$")
	message(FATAL_ERROR "run_golden.cmake: -DSTDERR=${STDERR}: compare or show")
endif()

if(DEFINED CMDFILE)
	# One argument per line keeps quoting out of it; file(STRINGS) also
	# drops empty lines.
	file(STRINGS "${CMDFILE}" lines)
	set(args "")
	foreach(line IN LISTS lines)
		if(NOT line MATCHES "^#")
			list(APPEND args "${line}")
		endif()
	endforeach()
elseif(DEFINED SCENARIO)
	set(args run --check "${SCENARIO}")
else()
	message(FATAL_ERROR "run_golden.cmake: -DCMDFILE= or -DSCENARIO= is required")
endif()

set(expected_out "${GOLDEN}.out")
set(expected_err "${GOLDEN}.err")
set(expected_rc_file "${GOLDEN}.rc")

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
if(EXISTS "${GOLDEN}.in")
	set(input INPUT_FILE "${GOLDEN}.in")
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
	if(STDERR STREQUAL "compare")
		file(SIZE "${ACTUAL}.err" err_size)
		if(err_size EQUAL 0)
			file(REMOVE "${expected_err}")
		else()
			file(COPY_FILE "${ACTUAL}.err" "${expected_err}")
		endif()
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
if(STDERR STREQUAL "compare")
	compare("stderr" "${expected_err}" "${ACTUAL}.err")
endif()
if(NOT rc STREQUAL expected_rc)
	set(failed ON)
	message("--- exit code: expected ${expected_rc}, got ${rc}")
endif()
if(failed)
	list(JOIN args " " cmdline)
	if(STDERR STREQUAL "show")
		file(READ "${ACTUAL}.err" err)
		if(NOT err STREQUAL "")
			message("--- stderr of `vfsim ${cmdline}`:\n${err}")
		endif()
	endif()
	message(FATAL_ERROR "`vfsim ${cmdline}` failed (actual output kept in "
		"${ACTUAL}.out and .err; rerun with VFSIM_UPDATE_GOLDEN=1 to accept it)")
endif()
