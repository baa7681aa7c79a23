# SPDX-License-Identifier: LGPL-2.1-or-later
#
# cmake -DNM=<nm> -DLIBRARY=<libvfsim-shim.so> -P check_exports.cmake
#
# libvfsim-shim.so must export exactly the functions it interposes and
# vfsim_shim_*: one missing is a call that silently goes to libc, one more
# (the scenario engine's scn_*, say) would clash with the program's own.
cmake_minimum_required(VERSION 3.25)

set(expected
	syscall pipe2 read __read_chk write close ioctl
	open open64 __open_2 __open64_2 openat openat64 __openat_2 __openat64_2
	vfsim_shim_instance vfsim_shim_task)

execute_process(COMMAND "${NM}" -D --defined-only "${LIBRARY}"
	OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
	message(FATAL_ERROR "${NM} -D failed on ${LIBRARY}")
endif()
string(REPLACE "\n" ";" lines "${out}")
set(bad "")
set(seen "")
foreach(line IN LISTS lines)
	if(line MATCHES "^[0-9a-fA-F]* *([A-Za-z]) ([^@ ]+)")
		set(name "${CMAKE_MATCH_2}")
		if(name IN_LIST expected)
			list(APPEND seen "${name}")
		elseif(NOT name MATCHES "^(_init|_fini|_edata|_end|__bss_start)$")
			string(APPEND bad "\n  exported but not expected: ${name}")
		endif()
	endif()
endforeach()
foreach(name IN LISTS expected)
	if(NOT name IN_LIST seen)
		string(APPEND bad "\n  not exported: ${name}")
	endif()
endforeach()
if(bad)
	message(FATAL_ERROR "${LIBRARY}:${bad}")
endif()
list(LENGTH seen n)
message(STATUS "${LIBRARY}: the ${n} expected symbols, nothing else")
