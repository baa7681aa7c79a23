/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Duplicated: the kernel's include/linux/uuid.h, the part the model uses
 * (uuid_t and the text form's parser of lib/uuid.c).  Named kuuid.h
 * because <linux/uuid.h> is a UAPI header too (MEI's guid_t), which the
 * build refuses to shadow.
 */
#ifndef _VFSIM_LINUX_KUUID_H
#define _VFSIM_LINUX_KUUID_H

#include <linux/kdefs.h>

#define UUID_SIZE 16

typedef struct {
	__u8 b[UUID_SIZE];
} uuid_t;

/* The text form "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx", without its NUL. */
#define UUID_STRING_LEN 36

static inline bool uuid_equal(const uuid_t *u1, const uuid_t *u2)
{
	return memcmp(u1, u2, sizeof(uuid_t)) == 0;
}

/*
 * As the kernel's, these look at the first UUID_STRING_LEN characters
 * only: a caller that must refuse what follows (a longer string) checks
 * the length itself.  uuid_parse() takes either case, in big-endian byte
 * order (uuid_t, not guid_t): 0 or -EINVAL.
 */
bool uuid_is_valid(const char *uuid);
int uuid_parse(const char *uuid, uuid_t *u);

#endif
