# SPDX-License-Identifier: LGPL-2.1-or-later
#
# pkg-config --cflags of vfsim's .pc files gives the package's own include
# directories and nothing else: cmake -P check_pkgconfig.cmake with
#   -DPKG_CONFIG=<pkg-config>  -DPCDIR=<directory of vfsim.pc>
#   -DMODULES=<vfsim|vfsim-shim>
#   -DALLOWED=<flag|...>   what --cflags may print beyond -I<includedir>...
# A system directory there (-I/usr/include/x86_64-linux-gnu, which
# liburcu's .pc carries) would come before the user's own -I order and
# hide what the user meant to include.  --static --libs still names the
# dependencies' libraries.
cmake_minimum_required(VERSION 3.25)

foreach(var PKG_CONFIG PCDIR MODULES)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "check_pkgconfig.cmake: -D${var}= is required")
	endif()
endforeach()
string(REPLACE "|" ";" modules "${MODULES}")
string(REPLACE "|" ";" allowed "${ALLOWED}")
set(ENV{PKG_CONFIG_PATH} "${PCDIR}")
set(ENV{PKG_CONFIG_LIBDIR} "${PCDIR}")

foreach(m IN LISTS modules)
	execute_process(COMMAND "${PKG_CONFIG}" --variable=includedir ${m}
		OUTPUT_VARIABLE incdir RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
	if(NOT rc EQUAL 0 OR incdir STREQUAL "")
		message(FATAL_ERROR "${m}: pkg-config --variable=includedir failed")
	endif()
	execute_process(COMMAND "${PKG_CONFIG}" --cflags ${m}
		OUTPUT_VARIABLE cflags RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${m}: pkg-config --cflags failed")
	endif()
	separate_arguments(words UNIX_COMMAND "${cflags}")
	set(bad "")
	foreach(w IN LISTS words)
		if(w MATCHES "^-I(.*)$")
			string(FIND "${CMAKE_MATCH_1}" "${incdir}" at)
			if(NOT at EQUAL 0)
				list(APPEND bad "${w}")
			endif()
		elseif(NOT w IN_LIST allowed)
			list(APPEND bad "${w}")
		endif()
	endforeach()
	if(bad)
		message(FATAL_ERROR "${m}: pkg-config --cflags gives more than vfsim's "
			"own include directory (${incdir}): ${bad}\n(all: ${cflags})")
	endif()
	message(STATUS "${m}: --cflags ${cflags}")

	execute_process(COMMAND "${PKG_CONFIG}" --static --libs ${m}
		OUTPUT_VARIABLE libs RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
	if(NOT rc EQUAL 0 OR NOT libs MATCHES "-lvfsim( |$)"
	   OR NOT libs MATCHES "-lurcu-memb" OR NOT libs MATCHES "-lurcu-cds")
		message(FATAL_ERROR "${m}: pkg-config --static --libs lacks the "
			"library or its dependencies: ${libs}")
	endif()
	message(STATUS "${m}: --static --libs ${libs}")
endforeach()
