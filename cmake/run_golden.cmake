# Scenario golden test: cmake -P run_golden.cmake with
#   -DVFSIM=<vfsim command>  -DSCENARIO=<file.scn, relative to WORKDIR>
#   -DWORKDIR=<dir>  -DEXPECTED=<file.out>  -DEXPECTED_RC_FILE=<file.rc>
#   -DACTUAL=<where to keep the actual stdout>  [-DLAUNCHER=<a|b|c>]
# Runs `vfsim run --check SCENARIO` (invariants after every line) in WORKDIR, compares its stdout byte for byte with
# EXPECTED and its exit code with the one in EXPECTED_RC_FILE (default 0).
# On a mismatch prints `diff -u` and the command's stderr, and fails.
# With VFSIM_UPDATE_GOLDEN=1 in the environment, rewrites EXPECTED (and the
# .rc file, if the exit code is not 0) from the actual run instead.
cmake_minimum_required(VERSION 3.25)

foreach(var VFSIM SCENARIO WORKDIR EXPECTED EXPECTED_RC_FILE ACTUAL)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "run_golden.cmake: -D${var}= is required")
	endif()
endforeach()

set(expected_rc 0)
if(EXISTS "${EXPECTED_RC_FILE}")
	file(STRINGS "${EXPECTED_RC_FILE}" expected_rc LIMIT_COUNT 1)
	string(STRIP "${expected_rc}" expected_rc)
endif()

set(launcher "")
if(LAUNCHER)
	string(REPLACE "|" ";" launcher "${LAUNCHER}")
endif()

get_filename_component(actual_dir "${ACTUAL}" DIRECTORY)
file(MAKE_DIRECTORY "${actual_dir}")
set(stderr_file "${ACTUAL}.stderr")
execute_process(
	COMMAND ${launcher} "${VFSIM}" run --check "${SCENARIO}"
	WORKING_DIRECTORY "${WORKDIR}"
	OUTPUT_FILE "${ACTUAL}"
	ERROR_FILE "${stderr_file}"
	RESULT_VARIABLE rc)

if("$ENV{VFSIM_UPDATE_GOLDEN}" STREQUAL "1")
	file(COPY_FILE "${ACTUAL}" "${EXPECTED}")
	if(rc STREQUAL "0")
		file(REMOVE "${EXPECTED_RC_FILE}")
	else()
		file(WRITE "${EXPECTED_RC_FILE}" "${rc}\n")
	endif()
	message(STATUS "updated ${EXPECTED} (exit code ${rc})")
	return()
endif()

set(failed OFF)
execute_process(COMMAND "${CMAKE_COMMAND}" -E compare_files "${EXPECTED}" "${ACTUAL}"
	RESULT_VARIABLE same OUTPUT_QUIET ERROR_QUIET)
if(NOT same EQUAL 0)
	set(failed ON)
	message("--- stdout differs from the golden file (diff -u expected actual):")
	execute_process(COMMAND diff -u "${EXPECTED}" "${ACTUAL}")
endif()
if(NOT rc STREQUAL expected_rc)
	set(failed ON)
	message("--- exit code: expected ${expected_rc}, got ${rc}")
endif()
if(failed)
	file(READ "${stderr_file}" err)
	if(NOT err STREQUAL "")
		message("--- stderr of `vfsim run ${SCENARIO}`:\n${err}")
	endif()
	message(FATAL_ERROR "scenario ${SCENARIO} failed (actual stdout kept in ${ACTUAL}; "
		"rerun with VFSIM_UPDATE_GOLDEN=1 to accept it)")
endif()
