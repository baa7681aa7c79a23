// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * listmount + statmount of the scenario's tree, compared between the model
 * and the kernel field by field (statmount.h).
 *
 * The dump: listmount(LSMT_ROOT) in ID order, checked against the reverse
 * listing and a listing paged one ID at a time (a line "! ..." when they
 * disagree), then one line per mount, fields separated by tabs:
 *   ID PARENT OLD OLDPARENT ATTR PROPAGATION PEER MASTER PROPFROM
 *   DEV MAGIC SBFLAGS NSID SUPPORTED MASK FSTYPE SOURCE ROOT POINT
 * numbers in hex, strings with tab, newline and backslash as \ooo.
 *
 * The canonical lines name each mount by its mount point as statmount
 * gives it (the caller's view; " [2]" and on for a second mount on the
 * same point, in ID order) and put names in place of every ID: the
 * parent's name ("?" outside the listing), peer groups, devices and the
 * namespace numbered by first appearance in name order; the 32-bit IDs
 * are checked to agree with the unique ones ("old=ok").  The
 * filesystem's options are left out (as in the canonical tree) and so
 * are never asked for.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/uapi/linux/mount.h>

#include "statmount.h"

#define KD_SM_MASK (STATMOUNT_SB_BASIC | STATMOUNT_MNT_BASIC | \
		    STATMOUNT_PROPAGATE_FROM | STATMOUNT_MNT_ROOT | \
		    STATMOUNT_MNT_POINT | STATMOUNT_FS_TYPE | \
		    STATMOUNT_MNT_NS_ID | STATMOUNT_SB_SOURCE | \
		    STATMOUNT_SUPPORTED_MASK | STATMOUNT_FS_SUBTYPE | \
		    STATMOUNT_MNT_UIDMAP | STATMOUNT_MNT_GIDMAP)
#define KD_SM_MAX 4096
#define KD_SM_BUF 65536

static void put_escaped(struct kd_buf *b, const char *s)
{
	for (; *s; s++) {
		if (*s == '\t' || *s == '\n' || *s == '\\')
			kd_buf_printf(b, "\\%03o", (unsigned char)*s);
		else
			kd_buf_add(b, s, 1);
	}
}

static const char *sm_str(const struct statmount *sm, uint64_t bit, uint32_t off)
{
	return sm->mask & bit ? sm->str + off : "-";
}

long kd_statmount_dump(const struct kd_statmount_calls *calls, void *t,
		       struct kd_buf *out)
{
	struct mnt_id_req req = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = LSMT_ROOT };
	uint64_t *ids = kd_malloc(KD_SM_MAX * sizeof(*ids));
	uint64_t *rev = kd_malloc(KD_SM_MAX * sizeof(*rev));
	struct statmount *sm = kd_malloc(KD_SM_BUF);
	long n, m, i;

	n = calls->listmount(t, &req, ids, KD_SM_MAX, 0);
	if (n < 0)
		goto out;
	m = calls->listmount(t, &req, rev, KD_SM_MAX, LISTMOUNT_REVERSE);
	if (m != n)
		kd_buf_printf(out, "! reverse listing has %ld mounts, not %ld\n", m, n);
	for (i = 0; i < n && i < m; i++)
		if (rev[n - 1 - i] != ids[i]) {
			kd_buf_puts(out, "! reverse listing is not the listing reversed\n");
			break;
		}
	for (i = 1; i < n; i++)
		if (ids[i] <= ids[i - 1]) {
			kd_buf_puts(out, "! listing not in ascending ID order\n");
			break;
		}
	/* one at a time, each after the last */
	for (i = 0; i <= n; i++) {
		uint64_t one = 0;

		req.param = i ? ids[i - 1] : 0;
		m = calls->listmount(t, &req, &one, 1, 0);
		if (m != (i < n) || (i < n && one != ids[i])) {
			kd_buf_printf(out, "! paging broke after %ld mounts\n", i);
			break;
		}
	}
	for (i = 0; i < n; i++) {
		struct mnt_id_req sreq = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = ids[i],
					   .param = KD_SM_MASK };
		long r = calls->statmount(t, &sreq, sm, KD_SM_BUF, 0);

		if (r < 0) {
			kd_buf_printf(out, "%" PRIx64 "\t! statmount: %ld\n", ids[i], r);
			continue;
		}
		kd_buf_printf(out, "%" PRIx64 "\t%" PRIx64 "\t%" PRIx32 "\t%" PRIx32
			      "\t%" PRIx64 "\t%" PRIx64 "\t%" PRIx64 "\t%" PRIx64 "\t%" PRIx64
			      "\t%" PRIx32 ":%" PRIx32 "\t%" PRIx64 "\t%" PRIx32 "\t%" PRIx64
			      "\t%" PRIx64 "\t%" PRIx64 "\t",
			      (uint64_t)sm->mnt_id, (uint64_t)sm->mnt_parent_id,
			      sm->mnt_id_old, sm->mnt_parent_id_old, (uint64_t)sm->mnt_attr,
			      (uint64_t)sm->mnt_propagation, (uint64_t)sm->mnt_peer_group,
			      (uint64_t)sm->mnt_master, (uint64_t)sm->propagate_from,
			      sm->sb_dev_major, sm->sb_dev_minor, (uint64_t)sm->sb_magic,
			      sm->sb_flags, (uint64_t)sm->mnt_ns_id,
			      (uint64_t)sm->supported_mask, (uint64_t)sm->mask);
		put_escaped(out, sm_str(sm, STATMOUNT_FS_TYPE, sm->fs_type));
		kd_buf_puts(out, "\t");
		put_escaped(out, sm_str(sm, STATMOUNT_SB_SOURCE, sm->sb_source));
		kd_buf_puts(out, "\t");
		put_escaped(out, sm_str(sm, STATMOUNT_MNT_ROOT, sm->mnt_root));
		kd_buf_puts(out, "\t");
		put_escaped(out, sm_str(sm, STATMOUNT_MNT_POINT, sm->mnt_point));
		kd_buf_puts(out, "\n");
	}
	n = 0;
out:
	free(ids);
	free(rev);
	free(sm);
	return n;
}

/* ---- canonical lines ------------------------------------------------------ */

enum { F_ID, F_PARENT, F_OLD, F_OLDPARENT, F_ATTR, F_PROP, F_PEER, F_MASTER,
       F_PROPFROM, F_DEV, F_MAGIC, F_SBFLAGS, F_NSID, F_SUPPORTED, F_MASK,
       F_FSTYPE, F_SOURCE, F_ROOT, F_POINT, NR_FIELDS };

struct sm_rec {
	char *f[NR_FIELDS];
	char *name;
	char *line;		/* the unsplit copy the fields point into */
};

/* Names for values in order of first appearance: "1", "2", ... */
struct kd_idmap {
	char **keys;
	size_t nr;
};

static size_t idmap_get(struct kd_idmap *m, const char *key)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		if (!strcmp(m->keys[i], key))
			return i + 1;
	m->keys = kd_realloc(m->keys, (m->nr + 1) * sizeof(*m->keys));
	m->keys[m->nr++] = kd_strdup(key);
	return m->nr;
}

static void idmap_free(struct kd_idmap *m)
{
	size_t i;

	for (i = 0; i < m->nr; i++)
		free(m->keys[i]);
	free(m->keys);
}

static const struct sm_rec *find_rec(const struct sm_rec *r, size_t nr, const char *id)
{
	size_t i;

	for (i = 0; i < nr; i++)
		if (!strcmp(r[i].f[F_ID], id))
			return &r[i];
	return NULL;
}

static int by_name(const void *a, const void *b)
{
	const struct sm_rec *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x < y ? -1 : x > y;
}

static void put_propagation(struct kd_buf *b, const struct sm_rec *r,
			    struct kd_idmap *groups)
{
	uint64_t prop = strtoull(r->f[F_PROP], NULL, 16);

	if (prop & MS_SHARED)
		kd_buf_printf(b, " shared:%zu", idmap_get(groups, r->f[F_PEER]));
	if (prop & MS_SLAVE)
		kd_buf_printf(b, " master:%zu", idmap_get(groups, r->f[F_MASTER]));
	if (strcmp(r->f[F_PROPFROM], "0"))
		kd_buf_printf(b, " propagate_from:%zu", idmap_get(groups, r->f[F_PROPFROM]));
	if (prop & MS_UNBINDABLE)
		kd_buf_puts(b, " unbindable");
	if (prop & MS_PRIVATE)
		kd_buf_puts(b, " private");
}

void kd_statmount_point(const struct kd_statmount_calls *calls, void *t,
			uint64_t id, char *buf, size_t len)
{
	struct mnt_id_req req = { .size = MNT_ID_REQ_SIZE_VER0, .mnt_id = id,
				  .param = STATMOUNT_MNT_POINT };
	struct statmount *sm = kd_malloc(KD_SM_BUF);

	buf[0] = '\0';
	if (calls->statmount(t, &req, sm, KD_SM_BUF, 0) >= 0 &&
	    (sm->mask & STATMOUNT_MNT_POINT))
		snprintf(buf, len, "%s", sm->str + sm->mnt_point);
	free(sm);
}

void kd_canon_statmounts(const char *dump, struct kd_lines *out)
{
	struct kd_idmap groups = { NULL, 0 }, devs = { NULL, 0 }, nss = { NULL, 0 };
	char *copy = kd_strdup(dump), *line, *next;
	struct sm_rec *recs = NULL;
	size_t nr = 0, i, j;

	for (line = copy; *line; line = next) {
		struct sm_rec r;
		char *p = line;
		int k;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		if (line[0] == '!' || !strchr(line, '\t') || strstr(line, "\t! ")) {
			kd_lines_add(out, kd_strdup(line[0] == '!' ? line :
						    strchr(line, '!') ? strchr(line, '!') : line));
			continue;
		}
		memset(&r, 0, sizeof(r));
		for (k = 0; k < NR_FIELDS && p; k++) {
			r.f[k] = p;
			p = strchr(p, '\t');
			if (p)
				*p++ = '\0';
		}
		if (k < NR_FIELDS) {
			kd_lines_add(out, kd_asprintf("? unreadable dump line"));
			continue;
		}
		recs = kd_realloc(recs, (nr + 1) * sizeof(*recs));
		recs[nr++] = r;
	}
	/* names: the mount point, numbered when one is mounted over */
	for (i = 0; i < nr; i++) {
		size_t same = 1;

		for (j = 0; j < i; j++)
			if (!strcmp(recs[j].f[F_POINT], recs[i].f[F_POINT]))
				same++;
		recs[i].name = same > 1 ? kd_asprintf("%s [%zu]", recs[i].f[F_POINT], same) :
			       kd_strdup(recs[i].f[F_POINT]);
	}
	/* parents by name, before the order changes */
	for (i = 0; i < nr; i++) {
		const struct sm_rec *p = find_rec(recs, nr, recs[i].f[F_PARENT]);
		bool old_ok = !p || !strcmp(p->f[F_OLD], recs[i].f[F_OLDPARENT]);

		recs[i].line = kd_asprintf("parent=%s old=%s", p && p != &recs[i] ? p->name :
					   p ? "self" : "?", old_ok ? "ok" : "MISMATCH");
	}
	qsort(recs, nr, sizeof(*recs), by_name);
	for (i = 0; i < nr; i++) {
		struct sm_rec *r = &recs[i];
		struct kd_buf b = { NULL, 0, 0 };

		kd_buf_printf(&b, "%s %s fstype=%s source=%s root=%s attr=%s", r->name,
			      r->line, r->f[F_FSTYPE], r->f[F_SOURCE], r->f[F_ROOT],
			      r->f[F_ATTR]);
		put_propagation(&b, r, &groups);
		kd_buf_printf(&b, " sb=%s/dev%zu/%s ns=%zu mask=%s supported=%s",
			      r->f[F_MAGIC], idmap_get(&devs, r->f[F_DEV]), r->f[F_SBFLAGS],
			      idmap_get(&nss, r->f[F_NSID]), r->f[F_MASK], r->f[F_SUPPORTED]);
		kd_lines_add(out, b.s);
		free(r->name);
		free(r->line);
	}
	free(recs);
	free(copy);
	idmap_free(&groups);
	idmap_free(&devs);
	idmap_free(&nss);
}
