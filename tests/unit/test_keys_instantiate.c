// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * NOTIFY_KEY_INSTANTIATED (docs/keys.md): posted when a key is
 * instantiated, but a key made by add_key() or request_key() gets its
 * serial in the very call that instantiates it, so no KEYCTL_WATCH_KEY
 * can be in place before.  Here the watch is placed at the kernel level
 * on a key not yet instantiated, as a watcher racing a key's construction
 * would in 5.8: the record is 16 bytes, key_id the serial, aux 0; the key
 * then dies and its watcher gets the REMOVAL record.
 */
#include <errno.h>

#include <criterion/criterion.h>

#include <api/api.h>
#include <security/keys/internal.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/keytest.h"

static struct vfsim *v;
static struct vfsim_task *t;

VT_TEST(keys_instantiate, the_record_and_the_removal, "empty", NULL)
{
	struct key_preparsed_payload prep = { .data = "x", .datalen = 1 };
	struct watch_queue *wqueue;
	struct vfsim_entry e;
	struct watch *watch;
	struct key *key;
	int fds[2];

	kt_pipe(t, fds);
	vfsim_enter(&e, T(t));
	key_lock(v);
	key = key_alloc(&key_type_user, "x", 0, 0, KEY_POS_ALL);
	cr_assert(!IS_ERR(key));
	EXPECT(key->serial, KT_SERIAL(0));
	key->watchers = kzalloc(sizeof(*key->watchers), GFP_KERNEL);
	init_watch_list(key->watchers, NULL);
	wqueue = get_watch_queue(fds[0]);
	cr_assert(!IS_ERR(wqueue));
	watch = kzalloc(sizeof(*watch), GFP_KERNEL);
	init_watch(watch, wqueue);
	watch->id = (u64)key->serial;
	watch->info_id = 5 << WATCH_INFO_ID__SHIFT;
	EXPECT(add_watch_to_object(watch, key->watchers), 0);
	put_watch_queue(wqueue);

	EXPECT(key_type_user.preparse(&prep), 0);
	EXPECT(key_instantiate_and_link(key, &prep, NULL), 0);
	/* twice is EBUSY, as in 5.8 */
	EXPECT(key_instantiate_and_link(key, &prep, NULL), -EBUSY);
	key_type_user.free_preparse(&prep);
	__key_put(key);
	key_unlock(v);
	vfsim_leave(&e);
	cr_assert(kt_reads(t, fds[0], "instantiated:0/0@5 rm:0@5"));
	vfsim_close(t, fds[0]);
	vfsim_close(t, fds[1]);
}
