/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The LSM post_notification hook (docs/watch_queue.md): called for each
 * watch a post reaches, after that queue's filter, with the credentials
 * the watcher had when it added the watch and the poster's; a negative
 * return makes that watcher miss the record (and it is no loss).  Removal
 * records go past it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "common/check.h"
#include "common/fixtures.h"
#include "common/vfstest.h"
#include "common/wqtest.h"

static struct vfsim *v;
static struct vfsim_task *t;

#define MAX_CALLS 16

/* What the hook saw, and whom it refuses. */
struct policy {
	uid_t deny_watcher_uid;		/* (uid_t)-1: none */
	bool deny_all;
	int deny_errno;
	unsigned int calls;
	struct vfsim_cred watcher[MAX_CALLS], poster[MAX_CALLS];
	unsigned char record[MAX_CALLS][128];
};

static int post_hook(void *arg, const struct vfsim_cred *watcher,
		     const struct vfsim_cred *poster, const void *record)
{
	struct policy *p = arg;
	struct watch_notification n;

	memcpy(&n, record, sizeof(n));
	if (p->calls < MAX_CALLS) {
		p->watcher[p->calls] = *watcher;
		p->poster[p->calls] = *poster;
		memcpy(p->record[p->calls], record, n.info & WATCH_INFO_LENGTH);
	}
	p->calls++;
	if (p->deny_all || watcher->uid == p->deny_watcher_uid)
		return p->deny_errno ? -p->deny_errno : -EACCES;
	return 0;
}

static const struct vfsim_lsm_ops ops = { .post_notification = post_hook };

static void install(struct policy *p)
{
	memset(p, 0, sizeof(*p));
	p->deny_watcher_uid = (uid_t)-1;
	vfsim_set_lsm(v, &ops, p);
}

/* A task with its own notification pipe watching @object with @id. */
static struct vfsim_task *watcher(uid_t uid, uint64_t object, int id, int fds[2])
{
	struct vfsim_task *w = vt_task(v, uid, uid);

	wqt_watched_pipe(w, fds, object, id);
	return w;
}

VT_TEST(wq_lsm, denied_watcher_misses_record_other_gets_it, "empty", NULL)
{
	struct policy p;
	struct vfsim_task *a, *b, *poster;
	int fa[2], fb[2];

	install(&p);
	p.deny_watcher_uid = 1000;
	a = watcher(1000, 1, 1, fa);
	b = watcher(2000, 1, 2, fb);
	poster = vt_task(v, 3000, 3000);
	EXPECT(wqt_post_seq(poster, 1, 1), 0);
	EXPECT(p.calls, 2);
	cr_assert(wqt_reads(a, fa[0], ""));
	cr_assert(wqt_reads(b, fb[0], "1@2"));
}

VT_TEST(wq_lsm, hook_sees_watcher_and_poster_credentials, "empty", NULL)
{
	struct policy p;
	struct vfsim_task *a, *poster;
	int fa[2];

	install(&p);
	a = watcher(1000, 1, 1, fa);
	poster = vt_task(v, 3000, 3001);
	EXPECT(wqt_post_seq(poster, 1, 1), 0);
	EXPECT(p.calls, 1);
	EXPECT(p.watcher[0].uid, 1000);
	EXPECT(p.watcher[0].gid, 1000);
	EXPECT(p.poster[0].uid, 3000);
	EXPECT(p.poster[0].gid, 3001);
	/* the init task posting: uid 0 with every capability */
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	EXPECT(p.calls, 2);
	EXPECT(p.poster[1].uid, 0);
	cr_assert_eq(p.poster[1].caps, vfsim_task_caps(t));
	cr_assert(wqt_reads(a, fa[0], "1@1 2@1"));
}

/* The watcher's credentials are the ones it had when it added the watch. */
VT_TEST(wq_lsm, watcher_credentials_captured_at_watch_time, "empty", NULL)
{
	struct policy p;
	struct vfsim_task *a;
	int fa[2];

	install(&p);
	a = vt_task(v, 1000, 1000);
	vfsim_task_set_caps(a, VFSIM_CAP_SYS_ADMIN);
	wqt_pipe(a, O_NONBLOCK, 4, fa);
	EXPECT(vfsim_test_watch(a, fa[0], 1, 1), 0);
	vfsim_task_set_caps(a, 0);
	EXPECT(vfsim_task_caps(a), 0);
	EXPECT(wqt_post_seq(a, 1, 1), 0);
	EXPECT(p.calls, 1);
	cr_assert_eq(p.watcher[0].caps, VFSIM_CAP_SYS_ADMIN);
	cr_assert_eq(p.poster[0].caps, 0);
	cr_assert(wqt_reads(a, fa[0], "1@1"));
}

/* The hook gets each watcher's copy: with that watch's ID in info. */
VT_TEST(wq_lsm, hook_sees_record_with_watch_id, "empty", NULL)
{
	struct policy p;
	struct vfsim_task *a, *b;
	struct watch_notification n;
	unsigned int i, ids = 0;
	int fa[2], fb[2];

	install(&p);
	a = watcher(1000, 1, 7, fa);
	b = watcher(2000, 1, 9, fb);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 3, 24, WATCH_INFO_FLAG_2, 5), 0);
	EXPECT(p.calls, 2);
	for (i = 0; i < 2; i++) {
		char text[64] = "";

		memcpy(&n, p.record[i], sizeof(n));
		ids |= 1u << ((n.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT);
		EXPECT(wqt_render(p.record[i], 24, text, sizeof(text)), 1);
		cr_assert(!strcmp(text, "5@7/s3/l24/f4") || !strcmp(text, "5@9/s3/l24/f4"),
			  "hook saw %s", text);
	}
	EXPECT(ids, (1u << 7) | (1u << 9));
	cr_assert(wqt_reads(a, fa[0], "5@7/s3/l24/f4"));
	cr_assert(wqt_reads(b, fb[0], "5@9/s3/l24/f4"));
}

VT_TEST(wq_lsm, hook_runs_after_filter, "empty", NULL)
{
	struct policy p;
	struct watch_notification_filter *f = wqt_filter_new(1);
	struct vfsim_task *a;
	int fa[2];

	install(&p);
	a = watcher(1000, 1, 1, fa);
	wqt_rule(f, 0, WQT_TYPE, 1u << 1, 0, 0);
	EXPECT(wqt_set_filter(a, fa[0], f), 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 0, 16, 0, 1), 0);
	EXPECT(p.calls, 0);
	EXPECT(wqt_post(t, 1, WQT_TYPE, 1, 16, 0, 2), 0);
	EXPECT(p.calls, 1);
	cr_assert(wqt_reads(a, fa[0], "2@1/s1"));
	free(f);
}

/* A refused record is not a lost one: no LOSS. */
VT_TEST(wq_lsm, denied_record_is_no_loss, "empty", NULL)
{
	struct policy p;
	struct vfsim_task *a;
	int fa[2];

	install(&p);
	a = vt_task(v, 1000, 1000);
	wqt_pipe(a, O_NONBLOCK, 1, fa);
	EXPECT(vfsim_test_watch(a, fa[0], 1, 0), 0);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	p.deny_all = true;
	p.deny_errno = EPERM;
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	EXPECT(wqt_post_seq(t, 1, 3), 0);
	p.deny_all = false;
	cr_assert(wqt_reads(a, fa[0], "1"));
	EXPECT(p.calls, 3);
}

VT_TEST(wq_lsm, removal_records_bypass_hook, "empty", NULL)
{
	struct policy p;
	struct vfsim_task *a, *b;
	int fa[2], fb[2];

	install(&p);
	p.deny_all = true;
	a = watcher(1000, 1, 1, fa);
	b = watcher(2000, 2, 2, fb);
	EXPECT(vfsim_test_watch(a, fa[0], 0, 3), 0);
	EXPECT(vfsim_test_unwatch(a, fa[0], 1), 0);
	EXPECT(vfsim_test_unwatch(a, fa[0], 0), 0);
	EXPECT(vfsim_test_destroy_object(t, 2), 0);
	EXPECT(p.calls, 0);
	cr_assert(wqt_reads(a, fa[0], "rm:1@1 rm@3"));
	cr_assert(wqt_reads(b, fb[0], "rm:2@2"));
}

/* The poster's result does not depend on the policy. */
VT_TEST(wq_lsm, denial_does_not_fail_the_post, "empty", NULL)
{
	struct policy p;
	struct vfsim_task *a;
	int fa[2];

	install(&p);
	p.deny_all = true;
	a = watcher(1000, 1, 1, fa);
	EXPECT(wqt_post_seq(t, 1, 1), 0);
	EXPECT(p.calls, 1);
	/* removing the policy lets records through again */
	vfsim_set_lsm(v, NULL, NULL);
	EXPECT(wqt_post_seq(t, 1, 2), 0);
	EXPECT(p.calls, 1);
	cr_assert(wqt_reads(a, fa[0], "2@1"));
}
