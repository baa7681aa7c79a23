/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * User namespaces as far as mounts need them (include/linux/user_namespace.h,
 * uidgid.h and capability.h of 5.8): the tree of namespaces, their uid and
 * gid maps, and the capability walk up the tree (cap_capable()).
 *
 * Ownership: a namespace is counted (count): every task's cred holds one
 * reference on its cred.user_ns, every mount namespace and superblock one
 * on the namespace that owns it, every child namespace one on its parent.
 * The instance's init_user_ns (struct vfsim) is never freed.  The maps
 * and flags are written once under v->userns_state_mutex and read without
 * it: a map is published by a release store of nr_extents, after its
 * extents (5.8's smp_wmb()/smp_rmb() pair in map_write()/map_id_range_down()).
 */
#ifndef _VFSIM_VFS_USER_NAMESPACE_H
#define _VFSIM_VFS_USER_NAMESPACE_H

#include <linux/atomic.h>
#include <linux/kdefs.h>

#define UID_GID_MAP_MAX_BASE_EXTENTS	5
#define UID_GID_MAP_MAX_EXTENTS		340

struct uid_gid_extent {
	u32 first;
	u32 lower_first;
	u32 count;
};

/* Up to five extents inline; more (up to 340) in @forward, as 5.8 keeps
 * them (it sorts them too; the model searches them in order). */
struct uid_gid_map {
	u32 nr_extents;
	struct uid_gid_extent extent[UID_GID_MAP_MAX_BASE_EXTENTS];
	struct uid_gid_extent *forward;
};

#define USERNS_SETGROUPS_ALLOWED	1UL
#define USERNS_INIT_FLAGS		USERNS_SETGROUPS_ALLOWED

/* 5.8's limit on nesting (create_user_ns(): -EUSERS past it). */
#define USERNS_MAX_LEVEL		32

#define INVALID_UID	((u32)-1)
#define INVALID_GID	((u32)-1)
#define OVERFLOW_UID	65534
#define OVERFLOW_GID	65534

struct vfsim;
struct cred;

struct user_namespace {
	struct uid_gid_map uid_map;
	struct uid_gid_map gid_map;
	atomic_t count;
	struct user_namespace *parent;	/* set once; holds a reference */
	int level;			/* set once: the parent's + 1 */
	unsigned int owner;		/* kuid_t of the creator, set once */
	unsigned int group;		/* kgid_t of the creator, set once */
	unsigned long flags;		/* USERNS_*, under userns_state_mutex */
	struct vfsim *kernel;		/* set once */
};

void user_ns_init(struct vfsim *v);
void user_ns_exit(struct vfsim *v);

static inline struct user_namespace *get_user_ns(struct user_namespace *ns)
{
	atomic_inc(&ns->count);
	return ns;
}
void put_user_ns(struct user_namespace *ns);

/* current_user_ns(): the namespace of the current task's credentials. */
struct user_namespace *current_user_ns(void);

bool cap_capable(const struct cred *cred, struct user_namespace *targ_ns, int cap);
bool ns_capable(struct user_namespace *ns, int cap);

unsigned int make_kuid(struct user_namespace *ns, u32 uid);
unsigned int make_kgid(struct user_namespace *ns, u32 gid);
u32 from_kuid(struct user_namespace *ns, unsigned int kuid);
u32 from_kgid(struct user_namespace *ns, unsigned int kgid);
u32 from_kuid_munged(struct user_namespace *ns, unsigned int kuid);
static inline bool kuid_has_mapping(struct user_namespace *ns, unsigned int uid)
{
	return from_kuid(ns, uid) != INVALID_UID;
}
static inline bool kgid_has_mapping(struct user_namespace *ns, unsigned int gid)
{
	return from_kgid(ns, gid) != INVALID_GID;
}

int create_user_ns(struct cred *new);

/* The /proc/PID/{uid_map,gid_map,setgroups} writes, by the current task
 * (the file's opener and writer) of @target's namespace. */
enum userns_map_kind { USERNS_UID_MAP, USERNS_GID_MAP };
struct task_struct;
long proc_map_write(struct task_struct *target, enum userns_map_kind kind,
		    const char __user *buf, size_t count);
long proc_setgroups_write(struct task_struct *target, const char __user *buf,
			  size_t count);

#endif
