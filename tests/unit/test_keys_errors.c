// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Keys (docs/keys.md): every refusal of add_key(), request_key() and the
 * keyctl() commands the model implements, with 5.8's errno, and the model
 * left as it was; the special IDs; permissions as key_task_permission()
 * checks them, possession included; what a key's end posts.
 *
 * Serials: root's first use of @s makes .user_reg (0), _uid.0 (1),
 * _uid_ses.0 (2) and _ses (3); KT_SERIAL(n) is serial n.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/keytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define S(n) ((unsigned long)KT_SERIAL(n))
#define SPEC(id) ((unsigned long)(long)(id))

/* @s made, and a user key "k" (4) in it. */
static long session_with_key(struct vfsim_task *tk)
{
	EXPECT(kt_keyctl(tk, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(3));
	return kt_add(tk, "user", "k", "v", KEY_SPEC_SESSION_KEYRING);
}

VT_TEST(keys_errors, special_ids, "empty", NULL)
{
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 0, 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_PROCESS_KEYRING), 0, 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_GROUP_KEYRING), 1, 0), -EINVAL);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_REQKEY_AUTH_KEY), 1, 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_REQUESTOR_KEYRING), 1, 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(-9), 1, 0), -EINVAL);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, 0, 1, 0), -EINVAL);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, S(99), 1, 0), -ENOKEY);
	/* without create, the user-session keyring becomes the session's */
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 0, 0),
	       KT_SERIAL(2));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_USER_SESSION_KEYRING), 0, 0),
	       KT_SERIAL(2));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_USER_KEYRING), 0, 0),
	       KT_SERIAL(1));
	/* with create, a session keyring of its own replaces it */
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(3));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(3));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 1, 0),
	       KT_SERIAL(4));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_PROCESS_KEYRING), 1, 0),
	       KT_SERIAL(5));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 0, 0),
	       KT_SERIAL(4));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_PROCESS_KEYRING), 0, 0),
	       KT_SERIAL(5));
	cr_assert_str_eq(kt_describe(t, KEY_SPEC_THREAD_KEYRING), "keyring;0;0;3f010000;_tid");
	cr_assert_str_eq(kt_describe(t, KEY_SPEC_PROCESS_KEYRING), "keyring;0;0;3f010000;_pid");
	cr_assert_str_eq(kt_describe(t, KEY_SPEC_SESSION_KEYRING), "keyring;0;0;3f030000;_ses");
	cr_assert_str_eq(kt_describe(t, KEY_SPEC_USER_KEYRING), "keyring;0;65534;1f3f0000;_uid.0");
	cr_assert_str_eq(kt_describe(t, KEY_SPEC_USER_SESSION_KEYRING),
			 "keyring;0;65534;1f3f0000;_uid_ses.0");
	/* the register is root's, and no one else may even see it */
	{
		struct vfsim_task *u = vt_task(v, 1000, 1000);

		EXPECT(kt_keyctl(u, KEYCTL_DESCRIBE, S(0), 0, 0), -EACCES);
		vfsim_task_destroy(u);
	}
}

VT_TEST(keys_errors, bad_commands, "empty", NULL)
{
	EXPECT(vfsim_keyctl(t, KEYCTL_SEARCH, 0, 0, 0, 0), -EOPNOTSUPP);
	EXPECT(vfsim_keyctl(t, 12345, 0, 0, 0, 0), -EOPNOTSUPP);
	EXPECT(vfsim_keyctl(t, -1, 0, 0, 0, 0), -EOPNOTSUPP);
	EXPECT(vfsim_keyctl(NULL, KEYCTL_REVOKE, 0, 0, 0, 0), -EINVAL);
	EXPECT(vfsim_add_key(NULL, "user", "a", "x", 1, KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(vfsim_request_key(NULL, "user", "a", NULL, 0), -EINVAL);
	EXPECT(vfsim_key_gc(NULL), -EINVAL);
}

VT_TEST(keys_errors, add_key_refusals, "empty", NULL)
{
	char longtype[40], *longdesc = malloc(4097);
	static char big[1024 * 1024];

	memset(longtype, 'x', sizeof(longtype) - 1);
	longtype[sizeof(longtype) - 1] = '\0';
	memset(longdesc, 'd', 4096);
	longdesc[4096] = '\0';
	EXPECT(kt_add(t, "nosuchtype", "a", "x", KEY_SPEC_SESSION_KEYRING), -ENODEV);
	EXPECT(kt_add(t, ".user", "a", "x", KEY_SPEC_SESSION_KEYRING), -EPERM);
	EXPECT(kt_add(t, "", "a", "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, longtype, "a", "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "user", longdesc, "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "keyring", ".dot", NULL, KEY_SPEC_SESSION_KEYRING), -EPERM);
	EXPECT(kt_add(t, "user", "", "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "user", NULL, "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "user", "a", NULL, KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(vfsim_add_key(t, "user", "a", big, 32768, KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(vfsim_add_key(t, "user", "a", big, sizeof(big), KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "keyring", "r", "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "logon", "nocolon", "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "logon", ":name", "x", KEY_SPEC_SESSION_KEYRING), -EINVAL);
	EXPECT(kt_add(t, "user", "a", "x", KEY_SPEC_GROUP_KEYRING), -EINVAL);
	/* nothing made a key but the session keyring's lookups */
	EXPECT(kt_add(t, "user", "a", "x", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	EXPECT(kt_add(t, "user", "b", "x", KT_SERIAL(4)), -ENOTDIR);
	EXPECT(vfsim_add_key(t, "user", "a", big, 32767, KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	free(longdesc);
}

/* A leading dot is reserved for keyrings (the kernel's own, like
 * ".builtin_trusted_keys"): another type may have it. */
VT_TEST(keys_errors, dot_description_is_the_keyrings_alone, "empty", NULL)
{
	char buf[64];

	EXPECT(kt_add(t, "keyring", ".mine", NULL, KEY_SPEC_SESSION_KEYRING), -EPERM);
	EXPECT(kt_add(t, "user", ".mine", "x", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	EXPECT(kt_keyctl(t, KEYCTL_READ, KT_SERIAL(4), (unsigned long)buf, sizeof(buf)), 1);
	cr_assert_eq(buf[0], 'x');
}

VT_TEST(keys_errors, logon_and_keyring_types, "empty", NULL)
{
	char buf[64];

	EXPECT(kt_add(t, "logon", "svc:name", "secret", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	cr_assert_str_eq(kt_describe(t, KT_SERIAL(4)), "logon;0;0;3d010000;svc:name");
	EXPECT(kt_keyctl(t, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf)), -EOPNOTSUPP);
	EXPECT(kt_keyctl(t, KEYCTL_UPDATE, S(4), (unsigned long)"new", 3), 0);
	EXPECT(kt_add(t, "keyring", "r", NULL, KEY_SPEC_SESSION_KEYRING), KT_SERIAL(5));
	/* a keyring of the same name is a new keyring, displacing the old */
	EXPECT(kt_add(t, "keyring", "r", NULL, KEY_SPEC_SESSION_KEYRING), KT_SERIAL(6));
	EXPECT(kt_keyctl(t, KEYCTL_UPDATE, S(6), (unsigned long)"x", 1), -EOPNOTSUPP);
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(5), 0, 0), -ENOKEY);	/* gone */
	EXPECT(kt_keyctl(t, KEYCTL_READ, SPEC(KEY_SPEC_SESSION_KEYRING), 0, 0), 8);
	EXPECT(kt_keyctl(t, KEYCTL_READ, SPEC(KEY_SPEC_SESSION_KEYRING), (unsigned long)buf, 6),
	       -EINVAL);
	EXPECT(kt_keyctl(t, KEYCTL_READ, SPEC(KEY_SPEC_SESSION_KEYRING), (unsigned long)buf, 4),
	       8);
	EXPECT(kt_keyctl(t, KEYCTL_READ, SPEC(KEY_SPEC_SESSION_KEYRING), (unsigned long)buf, 8),
	       8);
	EXPECT(*(int32_t *)buf, KT_SERIAL(4));
	EXPECT(*(int32_t *)(buf + 4), KT_SERIAL(6));
	EXPECT(kt_keyctl(t, KEYCTL_UPDATE, S(4), 0, 4097), -EINVAL);
	EXPECT(kt_keyctl(t, KEYCTL_UPDATE, S(4), 0, 0), -EINVAL);	/* user: no empty payload */
}

VT_TEST(keys_errors, read_and_describe_sizes, "empty", NULL)
{
	static char big[8000];
	char buf[64];

	memset(big, 'b', sizeof(big));
	EXPECT(vfsim_add_key(t, "user", "big", big, sizeof(big), KEY_SPEC_SESSION_KEYRING),
	       KT_SERIAL(4));
	EXPECT(kt_keyctl(t, KEYCTL_READ, S(4), 0, 0), 8000);
	EXPECT(kt_keyctl(t, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf)), 8000);
	{
		char *out = malloc(9000);

		EXPECT(kt_keyctl(t, KEYCTL_READ, S(4), (unsigned long)out, 9000), 8000);
		cr_assert(memcmp(out, big, 8000) == 0);
		EXPECT(kt_keyctl(t, KEYCTL_READ, S(4), (unsigned long)out, 5000), 8000);
		free(out);
	}
	/* "user;0;0;3f010000;big" and its NUL: 22 bytes */
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(4), 0, 0), 22);
	memset(buf, 'x', sizeof(buf));
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(4), (unsigned long)buf, 21), 22);
	EXPECT(buf[0], 'x');
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(4), (unsigned long)buf, 22), 22);
	cr_assert_str_eq(buf, "user;0;0;3f010000;big");
	EXPECT(kt_keyctl(t, KEYCTL_READ, S(99), 0, 0), -ENOKEY);
}

VT_TEST(keys_errors, links, "empty", NULL)
{
	long i;

	EXPECT(kt_add(t, "keyring", "a", NULL, KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	EXPECT(kt_add(t, "keyring", "b", NULL, KT_SERIAL(4)), KT_SERIAL(5));
	EXPECT(kt_add(t, "user", "u", "x", KT_SERIAL(5)), KT_SERIAL(6));
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(4), S(5), 0), -EDEADLK);	/* a cycle */
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(4), S(4), 0), -EDEADLK);	/* itself */
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(6), S(6), 0), -ENOTDIR);	/* not a keyring */
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(6), S(4), 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(6), S(4), 0), 0);	/* again: LINKED again */
	EXPECT(kt_keyctl(t, KEYCTL_UNLINK, S(6), S(4), 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_UNLINK, S(6), S(4), 0), -ENOENT);
	EXPECT(kt_keyctl(t, KEYCTL_UNLINK, S(4), S(6), 0), -ENOTDIR);
	EXPECT(kt_keyctl(t, KEYCTL_UNLINK, S(99), S(4), 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_UNLINK, S(4), SPEC(KEY_SPEC_THREAD_KEYRING), 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(99), S(4), 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(4), SPEC(KEY_SPEC_GROUP_KEYRING), 0), -EINVAL);
	EXPECT(kt_keyctl(t, KEYCTL_CLEAR, S(6), 0, 0), -ENOTDIR);
	EXPECT(kt_keyctl(t, KEYCTL_CLEAR, S(99), 0, 0), -ENOKEY);
	/* x0 -> x1 -> ... -> x7 -> leaf, each x also in @s: the cycle check
	 * descends 6 times at most, and gives up below (ELOOP) */
	for (i = 0; i < 8; i++) {
		char name[8];

		snprintf(name, sizeof(name), "x%ld", i);
		EXPECT(kt_add(t, "keyring", name, NULL, KEY_SPEC_SESSION_KEYRING),
		       KT_SERIAL(7 + i));
	}
	EXPECT(kt_add(t, "user", "leaf", "x", KT_SERIAL(14)), KT_SERIAL(15));
	for (i = 6; i >= 0; i--)
		EXPECT(kt_keyctl(t, KEYCTL_LINK, S(8 + i), S(7 + i), 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(7), S(4), 0), -ELOOP);
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(8), S(4), 0), 0);	/* one level less */
	/* many links grow the keyring */
	for (i = 0; i < 20; i++) {
		char name[8];

		snprintf(name, sizeof(name), "m%ld", i);
		EXPECT(kt_add(t, "user", name, "x", KT_SERIAL(4)), KT_SERIAL(16 + i));
	}
	EXPECT(kt_keyctl(t, KEYCTL_CLEAR, S(4), 0, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_READ, S(4), 0, 0), 0);
}

VT_TEST(keys_errors, revoked_and_invalidated, "empty", NULL)
{
	char buf[16];

	EXPECT(session_with_key(t), KT_SERIAL(4));
	EXPECT(kt_keyctl(t, KEYCTL_REVOKE, S(4), 0, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_REVOKE, S(4), 0, 0), -EKEYREVOKED);
	EXPECT(kt_keyctl(t, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf)), -EKEYREVOKED);
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(4), 0, 0), -EKEYREVOKED);
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0, 0), -EKEYREVOKED);
	EXPECT(kt_keyctl(t, KEYCTL_UPDATE, S(4), (unsigned long)"x", 1), -EKEYREVOKED);
	EXPECT(kt_keyctl(t, KEYCTL_INVALIDATE, S(4), 0, 0), -EKEYREVOKED);
	/* add_key makes a new key rather than update a revoked one */
	EXPECT(kt_add(t, "user", "k", "w", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(5));
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(4), 0, 0), -ENOKEY);	/* displaced: gone */
	EXPECT(kt_keyctl(t, KEYCTL_INVALIDATE, S(5), 0, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_INVALIDATE, S(5), 0, 0), -ENOKEY);
	/* a revoked keyring is emptied and takes no links */
	EXPECT(kt_add(t, "keyring", "r", NULL, KEY_SPEC_SESSION_KEYRING), KT_SERIAL(6));
	EXPECT(kt_add(t, "user", "in", "x", KT_SERIAL(6)), KT_SERIAL(7));
	EXPECT(kt_keyctl(t, KEYCTL_REVOKE, S(6), 0, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(7), 0, 0), -ENOKEY);
	EXPECT(kt_add(t, "user", "in", "x", KT_SERIAL(6)), -EKEYREVOKED);
	EXPECT(kt_keyctl(t, KEYCTL_CLEAR, S(6), 0, 0), -EKEYREVOKED);
	EXPECT(vfsim_key_gc(t), 0);
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(6), 0, 0), -ENOKEY);
}

VT_TEST(keys_errors, permissions, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000), *w = vt_task(v, 2000, 1000);
	char buf[16];

	/* 1000's session keyring: 1000's own @s */
	EXPECT(kt_keyctl(u, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(3));
	cr_assert_str_eq(kt_describe(u, KEY_SPEC_USER_KEYRING), "keyring;1000;65534;1f3f0000;_uid.1000");
	EXPECT(kt_add(u, "user", "k", "v", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	/* another user sees nothing of it: no possession, no user byte */
	EXPECT(kt_keyctl(w, KEYCTL_DESCRIBE, S(4), 0, 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf)), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_REVOKE, S(4), 0, 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_INVALIDATE, S(4), 0, 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_LINK, S(4), SPEC(KEY_SPEC_SESSION_KEYRING), 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_UNLINK, S(4), S(3), 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_CLEAR, S(3), 0, 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_SETPERM, S(4), 0x3f3f3f3f, 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_CHOWN, S(4), 2000, (unsigned long)-1), -EACCES);
	/* the group byte: 1000's group is 2000's */
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, S(4), 0x3f010100, 0), 0);
	cr_assert_str_eq(kt_describe(w, KT_SERIAL(4)), "user;1000;1000;3f010100;k");
	EXPECT(kt_keyctl(w, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf)), -EACCES);
	/* the other byte */
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, S(4), 0x3f010003, 0), 0);
	/* no group permission at all: the other byte, though the group is w's */
	EXPECT(kt_keyctl(w, KEYCTL_DESCRIBE, S(4), 0, 0), 26);
	EXPECT(kt_keyctl(u, KEYCTL_CHOWN, S(4), (unsigned long)-1, 5), -EACCES);	/* not its group */
	EXPECT(kt_keyctl(u, KEYCTL_CHOWN, S(4), (unsigned long)-1, 1000), 0);
	EXPECT(kt_keyctl(u, KEYCTL_CHOWN, S(4), 1000, (unsigned long)-1), 0);
	EXPECT(kt_keyctl(u, KEYCTL_CHOWN, S(4), (unsigned long)-1, (unsigned long)-1), 0);
	/* root is not possessor, owner or group: the other byte, no SETATTR */
	EXPECT(kt_keyctl(t, KEYCTL_CHOWN, S(4), (unsigned long)-1, 7), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf)), 1);
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, S(4), 0x40000000, 0), -EINVAL);
	/* the possessor may read what its user byte does not allow */
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, S(4), 0x3f000000, 0), 0);
	EXPECT(kt_keyctl(u, KEYCTL_READ, S(4), (unsigned long)buf, sizeof(buf)), 1);
	/* setperm by someone else with SETATTR: only the owner or root */
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, S(4), 0x3f000020, 0), 0);
	EXPECT(kt_keyctl(w, KEYCTL_SETPERM, S(4), 0x3f000020, 0), -EACCES);
	EXPECT(kt_keyctl(w, KEYCTL_CHOWN, S(4), 2000, 1000), -EACCES);
	/* revoke needs WRITE, or else SETATTR */
	EXPECT(kt_keyctl(w, KEYCTL_REVOKE, S(4), 0, 0), 0);
	/* root may not clear or invalidate what it may not write or search */
	EXPECT(kt_keyctl(t, KEYCTL_INVALIDATE, S(3), 0, 0), -EACCES);
	EXPECT(kt_keyctl(t, KEYCTL_CLEAR, S(3), 0, 0), -EACCES);
	EXPECT(kt_keyctl(t, KEYCTL_CLEAR, S(99), 0, 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_INVALIDATE, S(99), 0, 0), -ENOKEY);
	/* root gives its own key away */
	/* (2000s link made its keyrings 5-7; root's @s: _uid.0 8, _uid_ses.0 9, _ses 10) */
	EXPECT(kt_add(t, "user", "r", "x", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(11));
	EXPECT(kt_keyctl(t, KEYCTL_CHOWN, S(11), 1000, 1000), 0);
	cr_assert_str_eq(kt_describe(t, KT_SERIAL(11)), "user;1000;1000;3f010000;r");
	vfsim_task_destroy(w);
	vfsim_task_destroy(u);
}

VT_TEST(keys_errors, watch_key_args, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int fds[2], plain[2];

	kt_pipe(t, fds);
	EXPECT(vfsim_pipe2(t, plain, 0), 0);
	EXPECT(session_with_key(t), KT_SERIAL(4));
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], 256), -EINVAL);
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], -2), -EINVAL);
	EXPECT(kt_watch(t, KT_SERIAL(4), plain[0], 1), -EINVAL);
	EXPECT(kt_watch(t, KT_SERIAL(4), 99, 1), -EINVAL);
	EXPECT(kt_watch(t, KT_SERIAL(99), fds[0], 1), -ENOKEY);
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], -1), -EBADSLT);	/* no list yet */
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], 7), 0);
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], 7), -EBUSY);
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[1], 9), -EBUSY);	/* either end */
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], -1), 0);
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], -1), -EBADSLT);
	cr_assert(kt_reads(t, fds[0], "rm:4@7"));
	/* watching needs VIEW */
	{
		int ufds[2];

		kt_pipe(u, ufds);
		EXPECT(kt_watch(u, KT_SERIAL(4), ufds[0], 1), -EACCES);
		EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0x3f010001, 0), 0);
		EXPECT(kt_watch(u, KT_SERIAL(4), ufds[0], 1), 0);
		EXPECT(kt_keyctl(t, KEYCTL_UPDATE, S(4), (unsigned long)"n", 1), 0);
		cr_assert(kt_reads(u, ufds[0], "updated:4/0@1"));
		vfsim_close(u, ufds[0]);
		vfsim_close(u, ufds[1]);
	}
	vfsim_task_destroy(u);
	vfsim_close(t, fds[0]);
	vfsim_close(t, fds[1]);
	vfsim_close(t, plain[0]);
	vfsim_close(t, plain[1]);
}

VT_TEST(keys_errors, write_and_search_permission, "empty", NULL)
{
	EXPECT(session_with_key(t), KT_SERIAL(4));
	/* add_key of an existing key updates it: that needs WRITE */
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0x3b010000, 0), 0);
	EXPECT(kt_add(t, "user", "k", "w", KEY_SPEC_SESSION_KEYRING), -EACCES);
	/* a keyring the possessor may not search hides what is in it */
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0x3f010000, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, SPEC(KEY_SPEC_SESSION_KEYRING), 0x37030000, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0x3f000000, 0), -EACCES);
	EXPECT(vfsim_request_key(t, "user", "k", NULL, 0), -ENOKEY);
	/* a key the possessor may not search is not possessed either */
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, SPEC(KEY_SPEC_SESSION_KEYRING), 0x3f030000, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0x37010000, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0x37000000, 0), -EACCES);
}

VT_TEST(keys_errors, request_key_into_a_revoked_session, "empty", NULL)
{
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(3));
	EXPECT(kt_keyctl(t, KEYCTL_REVOKE, SPEC(KEY_SPEC_SESSION_KEYRING), 0, 0), 0);
	/* the default keyring is the session keyring, revoked */
	EXPECT(vfsim_request_key(t, "user", "r", "x", 0), -EKEYREVOKED);
}
