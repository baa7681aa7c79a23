// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Key notifications (Linux 5.8, docs/keys.md): KEYCTL_WATCH_KEY on a key
 * or keyring, and the record each change posts to its watchers: the key
 * serial as the object ID, the 16-byte key_notification, aux the linked
 * or unlinked key's serial.  Serials are the instance's, one up from
 * 0x10000000; the first use of @s as root makes, in order:
 *
 *   0  .user_reg     the user keyring register
 *   1  _uid.0        the user keyring           (@u)
 *   2  _uid_ses.0    the user-session keyring   (@us), holding _uid.0
 *   3  _ses          the session keyring        (@s)
 */
#include <errno.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/keytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define S(n) ((unsigned long)KT_SERIAL(n))

VT_TEST(keys_notify, every_subtype_on_session_and_user_keyrings, "empty", NULL)
{
	int fds[2];

	kt_pipe(t, fds);
	EXPECT(kt_watch(t, KEY_SPEC_SESSION_KEYRING, fds[0], 1), 0);
	EXPECT(kt_watch(t, KEY_SPEC_USER_KEYRING, fds[0], 2), 0);
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, (unsigned long)KEY_SPEC_SESSION_KEYRING, 0, 0),
	       KT_SERIAL(3));
	EXPECT(kt_keyctl(t, KEYCTL_GET_KEYRING_ID, (unsigned long)KEY_SPEC_USER_KEYRING, 0, 0),
	       KT_SERIAL(1));

	EXPECT(kt_add(t, "user", "a", "x", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	EXPECT(kt_watch(t, KT_SERIAL(4), fds[0], 3), 0);
	EXPECT(kt_add(t, "user", "a", "yy", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(4));
	EXPECT(kt_keyctl(t, KEYCTL_UPDATE, S(4), (unsigned long)"zzz", 3), 0);
	EXPECT(kt_keyctl(t, KEYCTL_LINK, S(4), (unsigned long)KEY_SPEC_USER_KEYRING, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_SETPERM, S(4), 0x3f3f0000, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_CHOWN, S(4), 0, 0), 0);
	/* Out of @s, it is no longer possessed: the user byte, now all. */
	EXPECT(kt_keyctl(t, KEYCTL_UNLINK, S(4), (unsigned long)KEY_SPEC_SESSION_KEYRING, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_REVOKE, S(4), 0, 0), 0);
	EXPECT(kt_keyctl(t, KEYCTL_CLEAR, (unsigned long)KEY_SPEC_SESSION_KEYRING, 0, 0), 0);
	cr_assert(kt_reads(t, fds[0],
			   "linked:3/4@1 updated:4/0@3 updated:4/0@3 linked:1/4@2 "
			   "setattr:4/0@3 setattr:4/0@3 unlinked:3/4@1 revoked:4/0@3 "
			   "cleared:3/0@1"));
	/* Revoked, it stays in @u until the collector runs. */
	EXPECT(vfsim_key_gc(t), 0);
	cr_assert(kt_reads(t, fds[0], "rm:4@3"));

	EXPECT(kt_add(t, "user", "b", "x", KEY_SPEC_SESSION_KEYRING), KT_SERIAL(5));
	EXPECT(kt_watch(t, KT_SERIAL(5), fds[0], 4), 0);
	EXPECT(kt_keyctl(t, KEYCTL_INVALIDATE, S(5), 0, 0), 0);
	cr_assert(kt_reads(t, fds[0], "linked:3/5@1 invalidated:5/0@4 rm:5@4"));
	vfsim_close(t, fds[0]);
	vfsim_close(t, fds[1]);
}
