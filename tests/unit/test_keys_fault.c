// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Countdown sweeps (common/fault_sweep.h) over the key calls: each
 * allocation of add_key(), request_key() and the keyctl() commands that
 * allocate made to fail in turn (-ENOMEM, the keys and keyrings as they
 * were, no leak, and the same serial on the retry, since a key gets its
 * serial only once nothing more can fail), and each user copy of their
 * strings, payloads and buffers faulted (-EFAULT).  The commands that
 * allocate nothing claim so.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fault_sweep.h"
#include "common/fixtures.h"
#include "common/keytest.h"

static struct vfsim_task *t;
static int p[2];

#define S(n) ((unsigned long)KT_SERIAL(n))
#define SPEC(id) ((unsigned long)(long)(id))

/* Every key root can describe, with a keyring's links: the key state. */
static char *key_snapshot(struct fault_run *r)
{
	char *out = NULL, buf[512];
	size_t size = 0;
	FILE *f = open_memstream(&out, &size);
	int32_t links[64];
	long n, i, j;

	for (i = 0; i < 48; i++) {
		n = vfsim_keyctl(r->t, KEYCTL_DESCRIBE, S(i), (unsigned long)buf, sizeof(buf), 0);
		if (n < 0) {
			fprintf(f, "%ld: %ld\n", i, n);
			continue;
		}
		fprintf(f, "%ld: %s", i, buf);
		if (strncmp(buf, "keyring;", 8) == 0) {
			n = vfsim_keyctl(r->t, KEYCTL_READ, S(i), (unsigned long)links,
					 sizeof(links), 0);
			for (j = 0; j < n / 4 && j < 64; j++)
				fprintf(f, " %x", (unsigned int)links[j]);
		}
		fputc('\n', f);
	}
	fclose(f);
	return out;
}

static char *nothing(struct fault_run *r)
{
	(void)r;
	return strdup("");
}

static char *ret_only(struct fault_run *r)
{
	return fault_ret_and_text(r, NULL);
}

/* @s made (serials 0-3), a user key "k" (4) and an empty keyring "r" (5)
 * in it, and p a notification pipe watching @s. */
static void setup_keys(struct fault_run *r)
{
	t = r->t;
	kt_pipe(t, p);
	EXPECT(kt_watch(t, KEY_SPEC_SESSION_KEYRING, p[0], 1), 0);
	EXPECT(kt_add(t, "user", "k", "v", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	EXPECT(kt_add(t, "keyring", "r", NULL, KEY_SPEC_SESSION_KEYRING), KT_SERIAL(5));
}

static void setup_bare(struct fault_run *r)
{
	t = r->t;
}

static void cleanup(struct fault_run *r)
{
	(void)r;
}

static long op_add_new(struct fault_run *r)
{
	return vfsim_add_key(r->t, "user", "new", "payload", 7, KEY_SPEC_SESSION_KEYRING);
}

static long op_add_first(struct fault_run *r)
{
	return vfsim_add_key(r->t, "user", "new", "payload", 7, KEY_SPEC_SESSION_KEYRING);
}

static long op_add_update(struct fault_run *r)
{
	return vfsim_add_key(r->t, "user", "k", "again", 5, KEY_SPEC_SESSION_KEYRING);
}

static long op_update(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_UPDATE, S(4), (unsigned long)"w", 1, 0);
}

static long op_link(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_LINK, S(4), S(5), 0, 0);
}

static long op_watch(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_WATCH_KEY, S(4), (unsigned long)p[0], 2, 0);
}

static long op_describe(struct fault_run *r)
{
	char buf[64];

	return vfsim_keyctl(r->t, KEYCTL_DESCRIBE, S(4), (unsigned long)buf, sizeof(buf), 0);
}

static long op_read(struct fault_run *r)
{
	char buf[64];

	return vfsim_keyctl(r->t, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf), 0);
}

static long op_request_new(struct fault_run *r)
{
	return vfsim_request_key(r->t, "user", "req", "callout", KEY_SPEC_SESSION_KEYRING);
}

static long op_request_default(struct fault_run *r)
{
	return vfsim_request_key(r->t, "user", "req", "callout", 0);
}

static long op_thread_keyring(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 1, 0, 0);
}

static long op_revoke(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_REVOKE, S(4), 0, 0, 0);
}

static long op_invalidate(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_INVALIDATE, S(4), 0, 0, 0);
}

static long op_clear(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_CLEAR, SPEC(KEY_SPEC_SESSION_KEYRING), 0, 0, 0);
}

static long op_unlink(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_UNLINK, S(4), SPEC(KEY_SPEC_SESSION_KEYRING), 0, 0);
}

static long op_setperm(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_SETPERM, S(4), 0x3f3f0000, 0, 0);
}

static long op_chown(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_CHOWN, S(4), 0, 0, 0);
}

static long op_unwatch(struct fault_run *r)
{
	EXPECT(vfsim_keyctl(r->t, KEYCTL_WATCH_KEY, SPEC(KEY_SPEC_SESSION_KEYRING),
			    (unsigned long)p[0], (unsigned long)-1L, 0), 0);
	return 0;
}

#define KEY_SWEEP(id, op_, min, ...)						\
	FAULT_ALLOC_TEST(keys_fault_alloc, id, .setup = setup_keys, .op = op_,	\
			 .cleanup = cleanup, .snapshot = key_snapshot,		\
			 .outcome = ret_only, .frees_all = true,		\
			 .min_allocs = min, ##__VA_ARGS__)

/* strndup_user(desc), the payload, the prepared payload, the key, its
 * description (@s has room for a third link) */
KEY_SWEEP(add_key_new, op_add_new, 5)
/* the same, with the user keyrings and the session keyring made first:
 * those stay made when a later allocation fails, as in 5.8 */
FAULT_ALLOC_TEST(keys_fault_alloc, add_key_first_use, .setup = setup_bare, .op = op_add_first,
		 .snapshot = nothing, .no_retry = true, .min_allocs = 14)
/* desc, payload, prepared payload: the key is updated in place */
KEY_SWEEP(add_key_update, op_add_update, 3)
KEY_SWEEP(update, op_update, 2)
KEY_SWEEP(link, op_link, 1)
KEY_SWEEP(watch_key, op_watch, 2)
KEY_SWEEP(describe, op_describe, 1, .changes_nothing = true)
KEY_SWEEP(read, op_read, 1, .changes_nothing = true)
/* desc, callout, prepared payload, the key, its description */
KEY_SWEEP(request_key_new, op_request_new, 5)
KEY_SWEEP(request_key_default_dest, op_request_default, 5)
KEY_SWEEP(thread_keyring, op_thread_keyring, 2)

/* What allocates nothing says so. */
#define KEY_NO_ALLOC(id, op_)							\
	FAULT_ALLOC_TEST(keys_fault_alloc, id, .setup = setup_keys, .op = op_,	\
			 .cleanup = cleanup, .snapshot = nothing,		\
			 .allocates_nothing = true, .no_retry = true)
KEY_NO_ALLOC(revoke, op_revoke)
KEY_NO_ALLOC(invalidate, op_invalidate)
KEY_NO_ALLOC(clear, op_clear)
KEY_NO_ALLOC(unlink, op_unlink)
KEY_NO_ALLOC(setperm, op_setperm)
KEY_NO_ALLOC(chown, op_chown)
KEY_NO_ALLOC(unwatch, op_unwatch)

/* ---- user copies ----------------------------------------------------------- */

static long op_add_args(struct fault_run *r)
{
	return vfsim_add_key(r->t, r->args[0], r->args[1], r->args[2], 4,
			     KEY_SPEC_SESSION_KEYRING);
}

/* type, description, payload: one copy each */
FAULT_UACCESS_TEST(keys_fault_uaccess, add_key, .setup = setup_keys, .op = op_add_args,
		   .snapshot = key_snapshot, .outcome = ret_only,
		   .nargs = 3, .args = { "user", "kkkk", "vvvv" }, .copies = 3,
		   .copy_order = { 0, 1, 2 },
		   .null_ret = { 0, -EINVAL, 0 })

static long op_update_arg(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_UPDATE, S(4), (unsigned long)r->args[0], 4, 0);
}

FAULT_UACCESS_TEST(keys_fault_uaccess, update, .setup = setup_keys, .op = op_update_arg,
		   .snapshot = key_snapshot, .nargs = 1, .args = { "wwww" }, .copies = 1)

static long op_request_args(struct fault_run *r)
{
	return vfsim_request_key(r->t, r->args[0], r->args[1], r->args[2],
				 KEY_SPEC_SESSION_KEYRING);
}

/* type, description, callout: no callout is no key (ENOKEY) */
FAULT_UACCESS_TEST(keys_fault_uaccess, request_key, .setup = setup_keys, .op = op_request_args,
		   .snapshot = key_snapshot, .outcome = ret_only,
		   .nargs = 3, .args = { "user", "rrrr", "cccc" }, .copies = 3,
		   .copy_order = { 0, 1, 2 },
		   .null_ret = { 0, 0, -ENOKEY })

static long op_describe_buf(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_DESCRIBE, S(4), (unsigned long)r->args[0], 64, 0);
}

/* the head "user;0;0;3f010000;" and the description: two copies; no
 * buffer is a question about the size */
FAULT_UACCESS_TEST(keys_fault_uaccess, describe, .setup = setup_keys, .op = op_describe_buf,
		   .snapshot = key_snapshot, .changes_nothing = true,
		   .buf_size = 64, .nargs = 1, .copies = 2,
		   .null_ret = { FAULT_SUCCEEDS })

static long op_read_buf(struct fault_run *r)
{
	return vfsim_keyctl(r->t, KEYCTL_READ, S(4), (unsigned long)r->args[0], 64, 0);
}

FAULT_UACCESS_TEST(keys_fault_uaccess, read, .setup = setup_keys, .op = op_read_buf,
		   .snapshot = key_snapshot, .changes_nothing = true,
		   .buf_size = 64, .nargs = 1, .copies = 1,
		   .null_ret = { FAULT_SUCCEEDS })
