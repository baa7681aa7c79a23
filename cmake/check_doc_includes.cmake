# SPDX-License-Identifier: LGPL-2.1-or-later
#
# A doc that shows a source file shows all of it, as it is:
#   cmake -DDOC=<file.md> -DSOURCE=<file> -P check_doc_includes.cmake
# passes when the text of SOURCE appears in DOC as one fenced block.
cmake_minimum_required(VERSION 3.25)

foreach(var DOC SOURCE)
	if(NOT DEFINED ${var})
		message(FATAL_ERROR "check_doc_includes.cmake: -D${var}= is required")
	endif()
endforeach()
file(READ "${DOC}" doc)
file(READ "${SOURCE}" src)
string(FIND "${doc}" "```c\n${src}```\n" at)
if(at EQUAL -1)
	message(FATAL_ERROR "${DOC} does not show ${SOURCE} as it is: copy the file "
		"into the doc's ```c block again")
endif()
