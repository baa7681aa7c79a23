# Helpers for vfsim's CMakeLists.txt files.

# vfsim_check_header_shadowing(<include-dir>)
#
# The library compiles with -I<include-dir>, so a compat header there named
# like a system header (include/linux/types.h, include/asm/errno.h, …) would
# also replace it for glibc's own #includes.  Fail at configure time if any
# header outside include/vfsim/ and include/uapi/ has the same relative path
# as a header in one of the compiler's system include directories (an
# include/asm/X also must not match asm-generic/X).
function(vfsim_check_header_shadowing incdir)
	file(GLOB_RECURSE headers CONFIGURE_DEPENDS LIST_DIRECTORIES false
		RELATIVE "${incdir}" "${incdir}/*")
	list(FILTER headers EXCLUDE REGEX "^(vfsim|uapi)/")
	set(sysdirs ${CMAKE_C_IMPLICIT_INCLUDE_DIRECTORIES} /usr/include)
	if(CMAKE_LIBRARY_ARCHITECTURE)
		list(APPEND sysdirs "/usr/include/${CMAKE_LIBRARY_ARCHITECTURE}")
	endif()
	list(REMOVE_DUPLICATES sysdirs)
	set(clashes "")
	foreach(h IN LISTS headers)
		set(names "${h}")
		if(h MATCHES "^asm/(.*)$")
			list(APPEND names "asm-generic/${CMAKE_MATCH_1}")
		endif()
		foreach(dir IN LISTS sysdirs)
			foreach(name IN LISTS names)
				if(EXISTS "${dir}/${name}")
					string(APPEND clashes "\n  include/${h} shadows ${dir}/${name}")
				endif()
			endforeach()
		endforeach()
	endforeach()
	if(clashes)
		message(FATAL_ERROR
			"Internal headers shadow system headers:${clashes}\n"
			"The library is compiled with -I${incdir}, so these would replace the "
			"system's headers for glibc too.  Rename them (e.g. include/linux/"
			"vfsim_types.h, or a name the system does not use).")
	endif()
endfunction()

# vfsim_sanitizer_test_setup()
#
# Sets, in the caller's scope:
#   VFSIM_TEST_LAUNCHER  command prefix for test programs (may be empty)
#   VFSIM_TEST_ENV       ENVIRONMENT entries for tests of this configuration
# Sanitizer runtimes of gcc 12 / clang 14 cannot map their shadow memory when
# the kernel's mmap randomisation is above 28 bits (newer kernels and
# distributions raise vm.mmap_rnd_bits to 32); there, tests run under
# `setarch -R` (no address-space randomisation) when that works.
# Suppression files, if the tests provide them: tests/lsan.supp,
# tests/tsan.supp, tests/ubsan.supp.
function(vfsim_sanitizer_test_setup)
	set(launcher "")
	set(env "")
	if(NOT VFSIM_SANITIZE STREQUAL "none")
		set(rnd_bits 0)
		if(EXISTS /proc/sys/vm/mmap_rnd_bits)
			file(STRINGS /proc/sys/vm/mmap_rnd_bits rnd_bits LIMIT_COUNT 1)
		endif()
		if(rnd_bits GREATER 28)
			find_program(VFSIM_SETARCH setarch)
			set(rc 1)
			if(VFSIM_SETARCH)
				execute_process(
					COMMAND "${VFSIM_SETARCH}" "${CMAKE_HOST_SYSTEM_PROCESSOR}" -R true
					RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
			endif()
			if(rc EQUAL 0)
				set(launcher "${VFSIM_SETARCH}" "${CMAKE_HOST_SYSTEM_PROCESSOR}" -R)
				message(STATUS "vfsim: vm.mmap_rnd_bits=${rnd_bits}: sanitized tests run "
					"under 'setarch -R'")
			else()
				message(WARNING "vm.mmap_rnd_bits=${rnd_bits} and 'setarch -R' does not "
					"work here: sanitizer runtimes may fail to start.  Try "
					"'sysctl vm.mmap_rnd_bits=28'.")
			endif()
		endif()
	endif()

	set(supp "${PROJECT_SOURCE_DIR}/tests")
	if(VFSIM_SANITIZE STREQUAL "asan")
		list(APPEND env "ASAN_OPTIONS=detect_leaks=1")
		set(ubsan "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
		if(EXISTS "${supp}/ubsan.supp")
			string(APPEND ubsan ":suppressions=${supp}/ubsan.supp")
		endif()
		list(APPEND env "${ubsan}")
		if(EXISTS "${supp}/lsan.supp")
			list(APPEND env "LSAN_OPTIONS=suppressions=${supp}/lsan.supp")
		endif()
	elseif(VFSIM_SANITIZE STREQUAL "tsan")
		set(tsan "TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1")
		if(EXISTS "${supp}/tsan.supp")
			string(APPEND tsan ":suppressions=${supp}/tsan.supp")
		endif()
		list(APPEND env "${tsan}")
	endif()
	set(VFSIM_TEST_LAUNCHER "${launcher}" PARENT_SCOPE)
	set(VFSIM_TEST_ENV "${env}" PARENT_SCOPE)
endfunction()

# vfsim_add_coverage_target(<line-floor-percent> <branch-floor-percent>)
#
# `coverage`: gcovr over the build tree, library code only (every layer of
# libvfsim: compat, kernel, api, text, scenario engine, and the public
# headers' inline code), fails below either floor; also writes
# coverage/index.html in the build tree.
# `coverage-reset`: deletes the .gcda counters (run it before the tests).
# `coverage-report`: the figures with no floors (make fuzz-coverage).
function(vfsim_add_coverage_target floor branch_floor)
	find_program(VFSIM_GCOVR gcovr REQUIRED)
	string(REGEX MATCH "^[0-9]+" major "${CMAKE_C_COMPILER_VERSION}")
	get_filename_component(ccdir "${CMAKE_C_COMPILER}" DIRECTORY)
	find_program(VFSIM_GCOV NAMES gcov-${major} gcov HINTS "${ccdir}" REQUIRED)

	set(args
		--root "${PROJECT_SOURCE_DIR}"
		--gcov-executable "${VFSIM_GCOV}")
	# Filters are relative to the working directory, the source tree.
	foreach(dir compat vfs fs watch_queue fsinfo security api text scenario include)
		list(APPEND args --filter "${dir}/")
	endforeach()
	foreach(dir tests bench fuzz tools)
		list(APPEND args --exclude "${dir}/")
	endforeach()
	# `coverage-report`: the same figures without the floors, for runs that
	# are not the test suite (make fuzz-coverage: what the fuzzers reach).
	set(report_args ${args}
		--sort-uncovered
		--txt
		--html-details "${PROJECT_BINARY_DIR}/coverage-report/index.html"
		--print-summary
		"${PROJECT_BINARY_DIR}")
	list(APPEND args
		--sort-uncovered
		--txt
		--html-details "${PROJECT_BINARY_DIR}/coverage/index.html"
		--print-summary
		--fail-under-line ${floor}
		--fail-under-branch ${branch_floor}
		"${PROJECT_BINARY_DIR}")
	add_custom_target(coverage-report
		COMMAND "${CMAKE_COMMAND}" -E make_directory "${PROJECT_BINARY_DIR}/coverage-report"
		COMMAND "${VFSIM_GCOVR}" ${report_args}
		WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
		COMMENT "Coverage of the library from whatever ran since coverage-reset (no floors)"
		VERBATIM USES_TERMINAL)

	add_custom_target(coverage
		COMMAND "${CMAKE_COMMAND}" -E make_directory "${PROJECT_BINARY_DIR}/coverage"
		COMMAND "${VFSIM_GCOVR}" ${args}
		WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
		COMMENT "Coverage of the library (floors: ${floor}% of lines, ${branch_floor}% of branches); run the tests first"
		VERBATIM USES_TERMINAL)
	add_custom_target(coverage-reset
		COMMAND find "${PROJECT_BINARY_DIR}" -name "*.gcda" -delete
		COMMENT "Deleting coverage counters"
		VERBATIM)
endfunction()

# vfsim_relative_prefix(<var> <pcdir>): "${pcfiledir}/../.." for a .pc file
# installed in <pcdir> (relative to the prefix), so that the installed tree
# can be moved; the absolute prefix if <pcdir> is absolute.
function(vfsim_relative_prefix var pcdir)
	if(IS_ABSOLUTE "${pcdir}")
		set(${var} "${CMAKE_INSTALL_PREFIX}" PARENT_SCOPE)
	else()
		file(RELATIVE_PATH rel "/prefix/${pcdir}" "/prefix")
		string(REGEX REPLACE "/$" "" rel "${rel}")
		set(${var} "\${pcfiledir}/${rel}" PARENT_SCOPE)
	endif()
endfunction()

# vfsim_pc_dir(<var> <dir>): a GNUInstallDirs directory as a .pc variable.
function(vfsim_pc_dir var dir)
	if(IS_ABSOLUTE "${dir}")
		set(${var} "${dir}" PARENT_SCOPE)
	else()
		set(${var} "\${prefix}/${dir}" PARENT_SCOPE)
	endif()
endfunction()

# Executables that link @target load jemalloc at start (VFSIM_JEMALLOC_AT_START,
# compat/alloc_jemalloc.c); shared libraries and modules do not, so that
# they stay loadable by dlopen().
function(vfsim_link_jemalloc_at_start target)
	if(VFSIM_JEMALLOC_AT_START)
		target_link_options(${target} INTERFACE
			"$<$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>:${VFSIM_JEMALLOC_AT_START}>")
	endif()
endfunction()
