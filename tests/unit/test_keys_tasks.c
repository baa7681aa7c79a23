// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Keys and tasks (docs/keys.md): a task's keyrings are its own and go
 * with it, telling their watchers; a new task shares init's session
 * keyring when init has one, as fork() shares it, but not its thread or
 * process keyring; the user keyrings outlive the tasks; request_key's
 * default keyring is the thread, process or session keyring, the first
 * that exists, else the user-session keyring.
 */
#include <errno.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/keytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define S(n) ((unsigned long)KT_SERIAL(n))
#define SPEC(id) ((unsigned long)(long)(id))

VT_TEST(keys_tasks, exit_puts_the_keyrings, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int fds[2];

	kt_pipe(u, fds);
	EXPECT(kt_keyctl(u, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 1, 0),
	       KT_SERIAL(0));
	EXPECT(kt_keyctl(u, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_PROCESS_KEYRING), 1, 0),
	       KT_SERIAL(1));
	EXPECT(kt_watch(u, KEY_SPEC_THREAD_KEYRING, fds[0], 1), 0);
	EXPECT(kt_watch(u, KEY_SPEC_PROCESS_KEYRING, fds[0], 2), 0);
	/* the session keyring: the register, _uid.1000, _uid_ses.1000, _ses */
	EXPECT(kt_watch(u, KEY_SPEC_SESSION_KEYRING, fds[0], 3), 0);
	EXPECT(kt_watch(u, KEY_SPEC_USER_KEYRING, fds[0], 4), 0);
	EXPECT(kt_add(u, "user", "k", "x", KEY_SPEC_THREAD_KEYRING), KT_SERIAL(6));
	EXPECT(kt_watch(u, KT_SERIAL(6), fds[0], 5), 0);
	cr_assert(kt_reads(u, fds[0], "linked:0/6@1"));
	/* its pipe goes with it, quietly; so do its keyrings and key */
	vfsim_task_destroy(u);
	/* _uid.1000 lives on (root may not see it), the rest is gone */
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(3), 0, 0), -EACCES);
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(0), 0, 0), -ENOKEY);
	EXPECT(kt_keyctl(t, KEYCTL_DESCRIBE, S(6), 0, 0), -ENOKEY);
}

VT_TEST(keys_tasks, exit_with_a_watcher_elsewhere, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);
	int fds[2];

	kt_pipe(t, fds);
	EXPECT(kt_keyctl(u, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 1, 0),
	       KT_SERIAL(0));
	EXPECT(kt_add(u, "user", "k", "x", KEY_SPEC_THREAD_KEYRING), KT_SERIAL(1));
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, S(1), 0x3f010001, 0), 0);
	/* by serial, its own keyring is not possessed: no SETATTR */
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, S(0), 0x3f010001, 0), -EACCES);
	EXPECT(kt_keyctl(u, KEYCTL_SETPERM, SPEC(KEY_SPEC_THREAD_KEYRING), 0x3f010001, 0), 0);
	EXPECT(kt_watch(t, KT_SERIAL(0), fds[0], 1), 0);
	EXPECT(kt_watch(t, KT_SERIAL(1), fds[0], 2), 0);
	vfsim_task_destroy(u);
	/* the keyring goes, and with it its one link: the key goes too */
	cr_assert(kt_reads(t, fds[0], "rm:0@1 rm:1@2"));
	vfsim_close(t, fds[0]);
	vfsim_close(t, fds[1]);
}

VT_TEST(keys_tasks, fork_shares_the_session_keyring, "empty", NULL)
{
	struct vfsim_task *before = vt_task(v, 1000, 1000), *after;

	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(3));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 1, 0),
	       KT_SERIAL(4));
	after = vt_task(v, 2000, 2000);
	EXPECT(kt_keyctl(after, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 0, 0),
	       KT_SERIAL(3));
	EXPECT(kt_keyctl(after, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 0, 0),
	       -ENOKEY);
	/* forked before: no session keyring; a lookup that may not create
	 * installs the user-session one */
	EXPECT(kt_keyctl(before, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 0, 0),
	       KT_SERIAL(6));
	cr_assert_str_eq(kt_describe(before, KEY_SPEC_SESSION_KEYRING),
			 "keyring;1000;65534;1f3f0000;_uid_ses.1000");
	/* with create, a session keyring of its own replaces it */
	EXPECT(kt_keyctl(before, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(7));
	vfsim_task_destroy(after);
	vfsim_task_destroy(before);
}

VT_TEST(keys_tasks, request_key_default_keyring, "empty", NULL)
{
	struct vfsim_task *u = vt_task(v, 1000, 1000);

	/* no keyring of its own: the user-session keyring (register 0,
	 * _uid.1000 1, _uid_ses.1000 2) */
	EXPECT(vfsim_request_key(u, "user", "a", "x", 0), KT_SERIAL(3));
	EXPECT(kt_keyctl(u, KEYCTL_READ, SPEC(KEY_SPEC_USER_SESSION_KEYRING), 0, 0), 8);
	/* found there: the same key, and linked into a destination */
	EXPECT(kt_keyctl(u, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_PROCESS_KEYRING), 1, 0),
	       KT_SERIAL(4));
	EXPECT(vfsim_request_key(u, "user", "a", NULL, KEY_SPEC_PROCESS_KEYRING), KT_SERIAL(3));
	EXPECT(kt_keyctl(u, KEYCTL_READ, SPEC(KEY_SPEC_PROCESS_KEYRING), 0, 0), 4);
	/* then the process keyring is the default */
	EXPECT(vfsim_request_key(u, "user", "b", "y", 0), KT_SERIAL(5));
	EXPECT(kt_keyctl(u, KEYCTL_READ, SPEC(KEY_SPEC_PROCESS_KEYRING), 0, 0), 8);
	EXPECT(kt_keyctl(u, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_THREAD_KEYRING), 1, 0),
	       KT_SERIAL(6));
	EXPECT(vfsim_request_key(u, "user", "c", "z", 0), KT_SERIAL(7));
	EXPECT(kt_keyctl(u, KEYCTL_READ, SPEC(KEY_SPEC_THREAD_KEYRING), 0, 0), 4);
	EXPECT(kt_keyctl(u, KEYCTL_GET_KEYRING_ID, SPEC(KEY_SPEC_SESSION_KEYRING), 1, 0),
	       KT_SERIAL(8));
	/* refusals: a keyring takes no payload, a bad destination, a key the
	 * destination cannot take */
	EXPECT(vfsim_request_key(u, "keyring", "r", "x", 0), -EINVAL);
	EXPECT(vfsim_request_key(u, "keyring", "r", "", 0), KT_SERIAL(9));
	EXPECT(vfsim_request_key(u, "user", "a", NULL, KEY_SPEC_GROUP_KEYRING), -EINVAL);
	EXPECT(vfsim_request_key(u, "user", "a", NULL, KT_SERIAL(3)), -ENOTDIR);
	EXPECT(vfsim_request_key(u, "user", "new", "x", KT_SERIAL(3)), -ENOTDIR);
	EXPECT(vfsim_request_key(u, ".x", "a", NULL, 0), -EPERM);
	EXPECT(kt_keyctl(u, KEYCTL_REVOKE, S(3), 0, 0), 0);
	EXPECT(vfsim_request_key(u, "user", "a", NULL, 0), -ENOKEY);	/* revoked: not found */
	vfsim_task_destroy(u);
}
