/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The consumer of the patch set's samples/watch_queue/watch_test.c: what it
 * does with the result of one read() of the notification pipe, in its
 * exact output format (spec §5.1), for the scenario verb `drain NAME
 * watch_test` (verbs_pipe.c) on which `vfsim watch` is built.  Kept apart
 * so that a unit test can feed it records the model never produces (a
 * short header, a bad length, key records).
 */
#ifndef VFSIM_SCENARIO_WATCH_PRINT_H
#define VFSIM_SCENARIO_WATCH_PRINT_H

#include <stdio.h>

/* The sample's read buffer: deliberately not a multiple of a record size. */
#define WATCH_PRINT_BUF_SIZE 433

enum watch_print_result {
	WATCH_PRINT_OK,		/* records printed; read again */
	WATCH_PRINT_END,	/* read() gave 0: "-- END --" printed */
	WATCH_PRINT_STOP,	/* the sample's consumer returns here
				 * (buffer overrun, short header) */
	WATCH_PRINT_FATAL,	/* the sample exits 1 here (bad length) */
};

/*
 * Print what the sample prints for a read() that returned @n >= 0 bytes
 * into @buf: records on @out, complaints on @err.
 */
enum watch_print_result watch_print_read(FILE *out, FILE *err,
					 const unsigned char *buf, long n);

#endif /* VFSIM_SCENARIO_WATCH_PRINT_H */
