// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Allocation that cannot fail (a test tool has nothing better to do than
 * stop when memory runs out), messages and result names.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <vfsim/vfsim.h>

#include "kdiff.h"

void kd_oom(void)
{
	static const char msg[] = KD_NAME ": out of memory\n";

	/* no stdio: it may need memory itself */
	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(KD_EXIT_FAIL);
	_exit(KD_EXIT_FAIL);
}

void *kd_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		kd_oom();
	return p;
}

void *kd_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		kd_oom();
	return p;
}

char *kd_strdup(const char *s)
{
	return kd_strndup(s, strlen(s));
}

char *kd_strndup(const char *s, size_t n)
{
	char *p = kd_malloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *kd_asprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		kd_oom();
	va_end(ap);
	return s;
}

void kd_msg(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);	/* keep the report and the messages in order */
	fputs(KD_NAME ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int kd_exit_worst(int a, int b)
{
	int rank_a = a == KD_EXIT_OK ? 0 : a == KD_EXIT_FAIL ? 1 : 2;
	int rank_b = b == KD_EXIT_OK ? 0 : b == KD_EXIT_FAIL ? 1 : 2;

	return rank_b > rank_a ? b : a;
}

const char *kd_result_name(long r, char *buf, size_t len)
{
	const char *name;

	if (r >= 0)
		return "OK";
	name = vfsim_errno_name((int)-r);
	if (name)
		return name;
	snprintf(buf, len, "errno%ld", -r);
	return buf;
}
