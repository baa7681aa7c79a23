/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The key model (security/keys/internal.h and include/linux/key.h of Linux
 * 5.8, cut down to what add_key, request_key and the keyctl commands of
 * docs/keys.md need): keys, keyrings, the "user", "logon" and "keyring"
 * types, the task and user keyrings, permissions and notifications.
 *
 * One lock, key_lock, serialises the whole model (struct key_net): the
 * kernel's per-key semaphores, keyring locks and construction mutex all
 * collapse into it.  It is taken with no other lock held and is above
 * wqueue->lock (a notification is posted under it).  A key whose last
 * reference goes is put on the graveyard and destroyed by key_unlock()
 * before the lock is dropped: the model's garbage collector runs at once,
 * where 5.8's runs from a work item (docs/keys.md).
 */
#ifndef _VFSIM_SECURITY_KEYS_INTERNAL_H
#define _VFSIM_SECURITY_KEYS_INTERNAL_H

#include <linux/err.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <uapi/linux/keyctl.h>
#include <vfs/kernel.h>
#include <vfs/key.h>
#include <vfs/watch_queue.h>

typedef s32 key_serial_t;
typedef u32 key_perm_t;

/* The first serial of an instance; then one up per key (docs/keys.md). */
#define KEY_SERIAL_START	0x10000000

#define KEY_POS_VIEW	0x01000000	/* possessor can view a key's attributes */
#define KEY_POS_READ	0x02000000	/* possessor can read key payload / view keyring */
#define KEY_POS_WRITE	0x04000000	/* possessor can update key payload / add link to keyring */
#define KEY_POS_SEARCH	0x08000000	/* possessor can find a key in search / search a keyring */
#define KEY_POS_LINK	0x10000000	/* possessor can create a link to a key/keyring */
#define KEY_POS_SETATTR	0x20000000	/* possessor can set key attributes */
#define KEY_POS_ALL	0x3f000000

#define KEY_USR_VIEW	0x00010000
#define KEY_USR_READ	0x00020000
#define KEY_USR_WRITE	0x00040000
#define KEY_USR_SEARCH	0x00080000
#define KEY_USR_LINK	0x00100000
#define KEY_USR_SETATTR	0x00200000
#define KEY_USR_ALL	0x003f0000

#define KEY_GRP_ALL	0x00003f00

#define KEY_OTH_VIEW	0x00000001
#define KEY_OTH_READ	0x00000002
#define KEY_OTH_WRITE	0x00000004
#define KEY_OTH_SEARCH	0x00000008
#define KEY_OTH_LINK	0x00000010
#define KEY_OTH_SETATTR	0x00000020
#define KEY_OTH_ALL	0x0000003f

#define KEY_PERM_UNDEF	0xffffffff

#define KEY_MAX_DESC_SIZE	4096
/* INVALID_GID: vfs/user_namespace.h */

/* What a caller needs of a key (5.8's enum key_need_perm). */
enum key_need_perm {
	KEY_NEED_UNSPECIFIED,
	KEY_NEED_VIEW,
	KEY_NEED_READ,
	KEY_NEED_WRITE,
	KEY_NEED_SEARCH,
	KEY_NEED_LINK,
	KEY_NEED_SETATTR,
	KEY_NEED_UNLINK,
	KEY_SYSADMIN_OVERRIDE,
	KEY_DEFER_PERM_CHECK,
};

/* lookup_user_key() flags */
#define KEY_LOOKUP_CREATE	0x01
#define KEY_LOOKUP_PARTIAL	0x02

/* key->flags bits */
#define KEY_FLAG_REVOKED	1
#define KEY_FLAG_INVALIDATED	2

/* key->state */
#define KEY_IS_UNINSTANTIATED	0
#define KEY_IS_POSITIVE		1

struct key;

/*
 * An instance's key model: the state of subsystem PERNET_KEYS
 * (vfs/pernet.h), reached through key_net().  key_lock serialises the
 * whole model: every key's fields, every keyring's links, the serial list,
 * the graveyard and the task keyrings.  Serials are handed out in order
 * from KEY_SERIAL_START (5.8 draws them at random).
 */
struct key_net {
	struct mutex key_lock;
	struct list_head keys;		/* every live key, in serial order */
	struct list_head key_graveyard;	/* keys whose last ref went, to destroy */
	s32 key_serial_next;
	struct key *user_keyring_register;
};

static inline struct key_net *key_net(const struct vfsim *v)
{
	return net_generic(v, PERNET_KEYS);
}

/* The data add_key(), request_key() and KEYCTL_UPDATE hand a type. */
struct key_preparsed_payload {
	const void *data;
	size_t datalen;
	void *payload;		/* what preparse made of data */
};

struct key_type {
	const char *name;
	/* Refuse a description the type cannot take (logon's "svc:"). */
	int (*vet_description)(const char *description);
	int (*preparse)(struct key_preparsed_payload *prep);
	void (*free_preparse)(struct key_preparsed_payload *prep);
	int (*instantiate)(struct key *key, struct key_preparsed_payload *prep);
	int (*update)(struct key *key, struct key_preparsed_payload *prep);
	void (*revoke)(struct key *key);
	void (*destroy)(struct key *key);
	/* Copy up to @buflen bytes into @buffer (a kernel buffer); return
	 * the whole length. */
	long (*read)(const struct key *key, char *buffer, size_t buflen);
};

/* The "user" type's payload. */
struct user_key_payload {
	unsigned short datalen;
	char data[];
};

/* Every field is under key_lock (struct key_net). */
struct key {
	int usage;
	key_serial_t serial;
	struct list_head serial_node;	/* on key_net's keys, or its key_graveyard */
	struct vfsim *kernel;
	const struct key_type *type;
	char *description;
	kuid_t uid;
	kgid_t gid;
	key_perm_t perm;
	unsigned long flags;
	short state;
	unsigned short datalen;
	void *payload;			/* user/logon: struct user_key_payload */
	/* A keyring's links, in the order they were made (5.8's assoc_array
	 * has a hash order; docs/keys.md). */
	struct key **keys;
	unsigned int nr_leaves;
	unsigned int max_leaves;
	struct watch_list *watchers;	/* NULL until the first watch */
};

/* A key pointer with the possession bit in bit 0, as in 5.8. */
typedef struct __key_reference_with_attributes *key_ref_t;

static inline key_ref_t make_key_ref(const struct key *key, bool possession)
{
	return (key_ref_t)((unsigned long)key | possession);
}

static inline struct key *key_ref_to_ptr(const key_ref_t key_ref)
{
	return (struct key *)((unsigned long)key_ref & ~1UL);
}

static inline bool is_key_possessed(const key_ref_t key_ref)
{
	return (unsigned long)key_ref & 1UL;
}

extern struct key_type key_type_keyring;
extern struct key_type key_type_user;
extern struct key_type key_type_logon;

/* key.c */
void key_lock(struct vfsim *v);
void key_unlock(struct vfsim *v);
struct key *key_alloc(const struct key_type *type, const char *desc,
		      kuid_t uid, kgid_t gid, key_perm_t perm);
static inline struct key *__key_get(struct key *key)
{
	key->usage++;
	return key;
}
void __key_put(struct key *key);
static inline void key_ref_put(key_ref_t key_ref)
{
	__key_put(key_ref_to_ptr(key_ref));
}
struct key *key_lookup(key_serial_t id);
const struct key_type *key_type_lookup(const char *type);
int key_instantiate_and_link(struct key *key, struct key_preparsed_payload *prep,
			     struct key *keyring);
key_ref_t key_create_or_update(key_ref_t keyring_ref, const char *type,
			       const char *description, const void *payload,
			       size_t plen);
int key_update(key_ref_t key_ref, const void *payload, size_t plen);
void key_revoke(struct key *key);
void key_invalidate(struct key *key);
void notify_key(struct key *key, enum key_notification_subtype subtype, u32 aux);

/* keyring.c */
struct key *keyring_alloc(const char *description, kuid_t uid, kgid_t gid,
			  key_perm_t perm, struct key *dest);
struct key *keyring_find(struct key *keyring, const struct key_type *type,
			 const char *description);
int key_link(struct key *keyring, struct key *key);
int __key_link_begin(struct key *keyring);
void __key_link(struct key *keyring, struct key *key);
int key_unlink(struct key *keyring, struct key *key);
int keyring_clear(struct key *keyring);
bool keyring_search_possessed(struct key *keyring, struct key *target,
			      const struct cred *cred);
key_ref_t keyring_search_process(struct key *keyring, const struct key_type *type,
				 const char *description, const struct cred *cred);
void key_gc_keyring_links(struct vfsim *v, unsigned long dead_flags);

/* permission.c */
int key_task_permission(const key_ref_t key_ref, const struct cred *cred,
			enum key_need_perm need_perm);
static inline int key_permission(const key_ref_t key_ref, enum key_need_perm need_perm)
{
	return key_task_permission(key_ref, current_cred(), need_perm);
}
int key_validate(const struct key *key);

/* process_keys.c */
int look_up_user_keyrings(struct key **_user_keyring,
			  struct key **_user_session_keyring);
key_ref_t lookup_user_key(key_serial_t id, unsigned long lflags,
			  enum key_need_perm need_perm);
key_ref_t search_process_keyrings(const struct key_type *type,
				  const char *description);
struct key *request_key_default_dest(void);

/* keyctl.c: the syscalls, in keys.h of vfs for the API layer */

#endif
