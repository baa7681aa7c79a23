// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * User namespaces (kernel/user_namespace.c, kernel/capability.c and
 * security/commoncap.c's cap_capable() of 5.8): creation by unshare or
 * clone, the uid/gid maps written once through /proc/PID/{uid,gid}_map,
 * setgroups, and the capability walk up the tree.  Ownership and locking:
 * vfs/user_namespace.h.
 */
#include <ctype.h>
#include <string.h>

#include <linux/slab.h>
#include <linux/uaccess.h>
#include <vfs/kernel.h>
#include <vfs/user_namespace.h>

#define USERNS_WRITE_MAX	4096	/* PAGE_SIZE: a map is one page */

/* The initial namespace maps every id to itself (4294967295 of them). */
void user_ns_init(struct vfsim *v)
{
	struct user_namespace *ns = &v->init_user_ns;

	memset(ns, 0, sizeof(*ns));
	ns->uid_map.nr_extents = ns->gid_map.nr_extents = 1;
	ns->uid_map.extent[0].count = ns->gid_map.extent[0].count = 4294967295U;
	atomic_set(&ns->count, 1);
	ns->flags = USERNS_INIT_FLAGS;
	ns->kernel = v;
	mutex_init(&v->userns_state_mutex);
}

void user_ns_exit(struct vfsim *v)
{
	WARN_ON(atomic_read(&v->init_user_ns.count) != 1);
	mutex_destroy(&v->userns_state_mutex);
}

static void free_map(struct uid_gid_map *map)
{
	kfree(map->forward);
}

/* The last reference frees the namespace, then drops its parent's (5.8's
 * free_user_ns() loop rather than recursion). */
void put_user_ns(struct user_namespace *ns)
{
	while (ns && atomic_dec_and_test(&ns->count)) {
		struct user_namespace *parent = ns->parent;

		if (WARN_ON(!parent))	/* init_user_ns is never freed */
			return;
		free_map(&ns->uid_map);
		free_map(&ns->gid_map);
		kfree(ns);
		ns = parent;
	}
}

struct user_namespace *current_user_ns(void)
{
	return current->cred.user_ns;
}

/*
 * cap_capable - does @cred have @cap in @targ_ns?  Its own capability set
 * where @targ_ns is its namespace; every capability in a namespace below
 * its own whose creator (owner, in the parent it created it from) it is;
 * nothing elsewhere.  A credential of no namespace is the kernel's
 * (init_cred): the root of the tree.
 */
bool cap_capable(const struct cred *cred, struct user_namespace *targ_ns, int cap)
{
	struct user_namespace *ns = targ_ns;
	struct user_namespace *cns = cred->user_ns;

	for (;;) {
		if (ns == cns || (!cns && !ns->parent))
			return cred->cap_effective & (1ULL << cap);
		/* Below the target's level: @cred's namespace is not above it. */
		if (!cns || ns->level <= cns->level)
			return false;
		if (ns->parent == cns && ns->owner == cred->euid)
			return true;
		ns = ns->parent;
	}
}

bool ns_capable(struct user_namespace *ns, int cap)
{
	return cap_capable(current_cred(), ns, cap);
}

/* map_id_range_down(): the lower id of [@id, @id + @count) in @map, or -1. */
static const struct uid_gid_extent *map_extents(const struct uid_gid_map *map, u32 *nr)
{
	*nr = smp_load_acquire(&map->nr_extents);
	return *nr <= UID_GID_MAP_MAX_BASE_EXTENTS ? map->extent : map->forward;
}

static u32 map_id_range_down(const struct uid_gid_map *map, u32 id, u32 count)
{
	const struct uid_gid_extent *e;
	u32 nr, i, last = id + count - 1;

	e = map_extents(map, &nr);
	for (i = 0; i < nr; i++) {
		u32 first = e[i].first, elast = first + e[i].count - 1;

		if (id >= first && id <= elast && last >= first && last <= elast)
			return e[i].lower_first + (id - first);
	}
	return (u32)-1;
}

static u32 map_id_up(const struct uid_gid_map *map, u32 id)
{
	const struct uid_gid_extent *e;
	u32 nr, i;

	e = map_extents(map, &nr);
	for (i = 0; i < nr; i++) {
		u32 first = e[i].lower_first, last = first + e[i].count - 1;

		if (id >= first && id <= last)
			return e[i].first + (id - first);
	}
	return (u32)-1;
}

unsigned int make_kuid(struct user_namespace *ns, u32 uid)
{
	return map_id_range_down(&ns->uid_map, uid, 1);
}

unsigned int make_kgid(struct user_namespace *ns, u32 gid)
{
	return map_id_range_down(&ns->gid_map, gid, 1);
}

u32 from_kuid(struct user_namespace *ns, unsigned int kuid)
{
	return map_id_up(&ns->uid_map, kuid);
}

u32 from_kgid(struct user_namespace *ns, unsigned int kgid)
{
	return map_id_up(&ns->gid_map, kgid);
}

u32 from_kuid_munged(struct user_namespace *ns, unsigned int kuid)
{
	u32 uid = from_kuid(ns, kuid);

	return uid == (u32)-1 ? OVERFLOW_UID : uid;
}

/*
 * create_user_ns - make @new's credentials those of a new namespace,
 * a child of their own, created by their euid/egid, with every capability
 * in it.  -ENOSPC past 32 levels (5.8, since 4.9; -EUSERS before), -EPERM
 * for a chrooted task (its root would no longer limit it) or a creator
 * without an id in the parent.
 */
int create_user_ns(struct cred *new)
{
	struct user_namespace *ns, *parent_ns = new->user_ns;
	struct vfsim *v = parent_ns->kernel;

	if (parent_ns->level > USERNS_MAX_LEVEL)
		return -ENOSPC;
	if (current_chrooted())
		return -EPERM;
	if (!kuid_has_mapping(parent_ns, new->euid) ||
	    !kgid_has_mapping(parent_ns, new->egid))
		return -EPERM;
	ns = kzalloc(sizeof(*ns), GFP_KERNEL);
	if (!ns)
		return -ENOMEM;
	atomic_set(&ns->count, 1);
	ns->parent = parent_ns;		/* @new's reference passes to it */
	ns->level = parent_ns->level + 1;
	ns->owner = new->euid;
	ns->group = new->egid;
	ns->kernel = v;
	mutex_lock(&v->userns_state_mutex);
	ns->flags = parent_ns->flags;	/* setgroups "deny" is inherited */
	mutex_unlock(&v->userns_state_mutex);

	/* set_cred_user_ns(): the full capability set in the new namespace */
	new->cap_effective = ~0ULL;
	new->user_ns = ns;
	return 0;
}

/* ---- /proc/PID/uid_map, gid_map, setgroups ------------------------------ */

/*
 * The file is the target's, mode 0644: its opener writes it as the
 * target's euid or with CAP_DAC_OVERRIDE (capable_wrt_inode_uidgid()).
 */
static int proc_map_may_open(struct task_struct *target)
{
	const struct cred *c = current_cred();
	struct user_namespace *ns = current_user_ns();

	if (c->fsuid == target->cred.euid)
		return 0;
	if (ns_capable(ns, CAP_DAC_OVERRIDE) && kuid_has_mapping(ns, target->cred.euid))
		return 0;
	return -EACCES;
}

static struct user_namespace *task_user_ns_get(struct task_struct *target)
{
	struct vfsim *v = target->kernel;
	struct user_namespace *ns;

	spin_lock(&v->tasks_lock);
	ns = get_user_ns(target->cred.user_ns);
	spin_unlock(&v->tasks_lock);
	return ns;
}

static char *skip_spaces(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return (char *)s;
}

/* simple_strtoul(s, endp, 10): digits only, no sign, wrapping silently. */
static unsigned long simple_strtoul10(const char *s, char **endp)
{
	unsigned long v = 0;

	while (isdigit((unsigned char)*s))
		v = v * 10 + (unsigned long)(*s++ - '0');
	*endp = (char *)s;
	return v;
}

static bool mappings_overlap(const struct uid_gid_extent *map, u32 nr,
			     const struct uid_gid_extent *extent)
{
	u32 upper_first = extent->first, lower_first = extent->lower_first;
	u32 upper_last = upper_first + extent->count - 1;
	u32 lower_last = lower_first + extent->count - 1;
	u32 i;

	for (i = 0; i < nr; i++) {
		const struct uid_gid_extent *prev = &map[i];
		u32 prev_upper_last = prev->first + prev->count - 1;
		u32 prev_lower_last = prev->lower_first + prev->count - 1;

		if (prev->first <= upper_last && prev_upper_last >= upper_first)
			return true;
		if (prev->lower_first <= lower_last && prev_lower_last >= lower_first)
			return true;
	}
	return false;
}

/*
 * new_idmap_permitted(): one id, the opener's own euid (or egid, with
 * setgroups denied), mapped by the namespace's owner needs nothing;
 * anything else needs @cap_setid over the parent namespace.
 */
static bool new_idmap_permitted(struct user_namespace *ns, int cap_setid,
				const struct uid_gid_extent *e, u32 nr)
{
	const struct cred *cred = current_cred();

	if (nr == 1 && e[0].count == 1 && ns->owner == cred->euid) {
		u32 id = e[0].lower_first;

		if (cap_setid == CAP_SETUID) {
			if (make_kuid(ns->parent, id) == cred->euid)
				return true;
		} else if (!(ns->flags & USERNS_SETGROUPS_ALLOWED) &&
			   make_kgid(ns->parent, id) == cred->egid) {
			return true;
		}
	}
	/* The opener and the writer are one task here (file_ns_capable()). */
	return ns_capable(ns->parent, cap_setid);
}

/* Parse @kbuf into @e (room for UID_GID_MAP_MAX_EXTENTS): the count, or
 * -EINVAL for any malformed, overlapping or surplus line. */
static int parse_map(char *kbuf, struct uid_gid_extent *e)
{
	char *pos, *next_line;
	u32 nr = 0;

	for (pos = kbuf; pos; pos = next_line) {
		struct uid_gid_extent extent;

		next_line = strchr(pos, '\n');
		if (next_line) {
			*next_line++ = '\0';
			if (*next_line == '\0')
				next_line = NULL;
		}
		pos = skip_spaces(pos);
		extent.first = (u32)simple_strtoul10(pos, &pos);
		if (!isspace((unsigned char)*pos))
			return -EINVAL;
		pos = skip_spaces(pos);
		extent.lower_first = (u32)simple_strtoul10(pos, &pos);
		if (!isspace((unsigned char)*pos))
			return -EINVAL;
		pos = skip_spaces(pos);
		extent.count = (u32)simple_strtoul10(pos, &pos);
		if (*pos && !isspace((unsigned char)*pos))
			return -EINVAL;
		pos = skip_spaces(pos);
		if (*pos != '\0')
			return -EINVAL;
		if (extent.first == (u32)-1 || extent.lower_first == (u32)-1)
			return -EINVAL;
		/* A zero count, or one that wraps */
		if (extent.first + extent.count <= extent.first ||
		    extent.lower_first + extent.count <= extent.lower_first)
			return -EINVAL;
		if (mappings_overlap(e, nr, &extent))
			return -EINVAL;
		if (nr + 1 == UID_GID_MAP_MAX_EXTENTS && next_line)
			return -EINVAL;
		e[nr++] = extent;
	}
	return (int)nr;
}

/*
 * map_write() of 5.8: one write, at offset 0, shorter than a page, of up
 * to 340 "first lower_first count" lines, allowed once per map (-EPERM
 * the second time), by a writer with CAP_SYS_ADMIN over the namespace,
 * of ids it may map (new_idmap_permitted()) that the parent maps.
 */
static long map_write(struct user_namespace *ns, const char __user *buf, size_t count,
		      int cap_setid, struct uid_gid_map *map,
		      const struct uid_gid_map *parent_map)
{
	struct vfsim *v = ns->kernel;
	struct uid_gid_extent *e = NULL;
	char *kbuf;
	long ret;
	u32 i;
	int nr;

	if (count >= USERNS_WRITE_MAX)
		return -EINVAL;
	kbuf = kmalloc(count + 1, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	if (copy_from_user(kbuf, buf, count)) {
		kfree(kbuf);
		return -EFAULT;
	}
	kbuf[count] = '\0';

	mutex_lock(&v->userns_state_mutex);
	ret = -EPERM;
	if (map->nr_extents != 0)
		goto out;
	if (!ns_capable(ns, CAP_SYS_ADMIN))
		goto out;
	ret = -ENOMEM;
	e = kcalloc(UID_GID_MAP_MAX_EXTENTS, sizeof(*e), GFP_KERNEL);
	if (!e)
		goto out;
	nr = parse_map(kbuf, e);
	ret = -EINVAL;
	if (nr <= 0)
		goto out;
	ret = -EPERM;
	if (!new_idmap_permitted(ns, cap_setid, e, (u32)nr))
		goto out;
	/* Map the lower ids through the parent to the kernel's. */
	for (i = 0; i < (u32)nr; i++) {
		u32 lower_first = map_id_range_down(parent_map, e[i].lower_first, e[i].count);

		if (lower_first == (u32)-1)
			goto out;
		e[i].lower_first = lower_first;
	}
	if (nr > UID_GID_MAP_MAX_BASE_EXTENTS) {
		ret = -ENOMEM;
		map->forward = kmemdup(e, (size_t)nr * sizeof(*e), GFP_KERNEL);
		if (!map->forward)
			goto out;
	} else {
		memcpy(map->extent, e, (size_t)nr * sizeof(*e));
	}
	smp_store_release(&map->nr_extents, (u32)nr);
	ret = (long)count;
out:
	mutex_unlock(&v->userns_state_mutex);
	kfree(e);
	kfree(kbuf);
	return ret;
}

/*
 * proc_uid_map_write()/proc_gid_map_write(): @target's namespace, by a
 * writer in it or in its parent (-EPERM otherwise, and for the initial
 * namespace, whose maps are fixed).
 */
long proc_map_write(struct task_struct *target, enum userns_map_kind kind,
		    const char __user *buf, size_t count)
{
	struct user_namespace *ns, *seq_ns = current_user_ns();
	long ret;

	ret = proc_map_may_open(target);
	if (ret)
		return ret;
	ns = task_user_ns_get(target);
	ret = -EPERM;
	if (!ns->parent || (seq_ns != ns && seq_ns != ns->parent))
		goto out;
	if (kind == USERNS_UID_MAP)
		ret = map_write(ns, buf, count, CAP_SETUID, &ns->uid_map,
				&ns->parent->uid_map);
	else
		ret = map_write(ns, buf, count, CAP_SETGID, &ns->gid_map,
				&ns->parent->gid_map);
out:
	put_user_ns(ns);
	return ret;
}

/*
 * proc_setgroups_write(): "allow" or "deny", opened for writing with
 * CAP_SYS_ADMIN over the namespace.  "deny" is for good, and only before
 * the gid map; "allow" only where it still is.
 */
long proc_setgroups_write(struct task_struct *target, const char __user *buf,
			  size_t count)
{
	struct user_namespace *ns;
	struct vfsim *v;
	char kbuf[8], *pos;
	bool allowed;
	long ret;

	ret = proc_map_may_open(target);
	if (ret)
		return ret;
	ns = task_user_ns_get(target);
	v = ns->kernel;
	ret = -EPERM;
	if (!ns_capable(ns, CAP_SYS_ADMIN))
		goto out;
	ret = -EINVAL;
	if (count >= sizeof(kbuf))
		goto out;
	ret = -EFAULT;
	if (copy_from_user(kbuf, buf, count))
		goto out;
	kbuf[count] = '\0';
	pos = kbuf;
	ret = -EINVAL;
	if (strncmp(pos, "allow", 5) == 0) {
		pos += 5;
		allowed = true;
	} else if (strncmp(pos, "deny", 4) == 0) {
		pos += 4;
		allowed = false;
	} else {
		goto out;
	}
	if (*skip_spaces(pos) != '\0')
		goto out;
	ret = -EPERM;
	mutex_lock(&v->userns_state_mutex);
	if (allowed) {
		if (ns->flags & USERNS_SETGROUPS_ALLOWED)
			ret = (long)count;
	} else if (ns->gid_map.nr_extents == 0) {
		ns->flags &= ~USERNS_SETGROUPS_ALLOWED;
		ret = (long)count;
	}
	mutex_unlock(&v->userns_state_mutex);
out:
	put_user_ns(ns);
	return ret;
}
