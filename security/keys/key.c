// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Models security/keys/key.c and gc.c (Linux 5.8): allocating keys and
 * their serials, reference counting and destruction, instantiation,
 * add_key()'s create-or-update, update, revocation, invalidation and the
 * notifications all of them post.
 *
 * Serials: 5.8 draws each at random (above 2) and retries on a clash; the
 * model must be deterministic, so an instance hands them out one up from
 * KEY_SERIAL_START and never reuses one (docs/keys.md).
 *
 * Destruction: 5.8 puts a key whose last reference goes to its gc work
 * item, which posts the REMOVAL record to its watchers, destroys the
 * payload and frees it.  The model does the same synchronously, in
 * key_unlock(), before key_lock is dropped.
 */
#include <linux/bug.h>
#include <security/keys/internal.h>

void key_lock(struct vfsim *v)
{
	mutex_lock(&key_net(v)->key_lock);
}

/* 5.8's key_gc_unused_keys(): the graveyard, until it stays empty. */
static void key_gc_unused_keys(struct vfsim *v)
{
	struct key *key;

	while (!list_empty(&key_net(v)->key_graveyard)) {
		key = list_first_entry(&key_net(v)->key_graveyard, struct key, serial_node);
		list_del(&key->serial_node);

		remove_watch_list(key->watchers, (u64)key->serial);
		key->watchers = NULL;

		/* A keyring's destroy puts its links: more graves. */
		if (key->state == KEY_IS_POSITIVE && key->type->destroy)
			key->type->destroy(key);
		kfree(key->keys);
		kfree(key->description);
		kfree(key);
	}
}

void key_unlock(struct vfsim *v)
{
	key_gc_unused_keys(v);
	mutex_unlock(&key_net(v)->key_lock);
}

void __key_put(struct key *key)
{
	if (key && --key->usage == 0)
		list_move_tail(&key->serial_node, &key_net(key->kernel)->key_graveyard);
}

void notify_key(struct key *key, enum key_notification_subtype subtype, u32 aux)
{
	struct key_notification n = {
		.watch.type	= WATCH_TYPE_KEY_NOTIFY,
		.watch.subtype	= subtype,
		.watch.info	= watch_sizeof(n),
		.key_id		= (u32)key->serial,
		.aux		= aux,
	};

	post_watch_notification(key->watchers, &n.watch, current_cred(), (u64)key->serial);
}

/*
 * A new, uninstantiated key with one reference, on the serial list.  The
 * type may refuse the description (-EINVAL).
 */
struct key *key_alloc(const struct key_type *type, const char *desc,
		      kuid_t uid, kgid_t gid, key_perm_t perm)
{
	struct vfsim *v = current_kernel();
	struct key *key;

	if (type->vet_description) {
		int ret = type->vet_description(desc);

		if (ret < 0)
			return ERR_PTR(ret);
	}

	key = kzalloc(sizeof(*key), GFP_KERNEL);
	if (!key)
		return ERR_PTR(-ENOMEM);
	key->description = kstrdup(desc, GFP_KERNEL);
	if (!key->description) {
		kfree(key);
		return ERR_PTR(-ENOMEM);
	}
	key->usage = 1;
	key->kernel = v;
	key->type = type;
	key->uid = uid;
	key->gid = gid;
	key->perm = perm;
	key->state = KEY_IS_UNINSTANTIATED;
	key->serial = key_net(v)->key_serial_next++;
	list_add_tail(&key->serial_node, &key_net(v)->keys);
	return key;
}

/*
 * 5.8's key_lookup(): the key with serial @id, with a reference, or
 * -ENOKEY.  Keys awaiting destruction are off the list already.
 */
struct key *key_lookup(key_serial_t id)
{
	struct vfsim *v = current_kernel();
	struct key *key;

	list_for_each_entry(key, &key_net(v)->keys, serial_node)
		if (key->serial == id)
			return __key_get(key);
	return ERR_PTR(-ENOKEY);
}

const struct key_type *key_type_lookup(const char *type)
{
	static const struct key_type *const types[] = {
		&key_type_keyring, &key_type_user, &key_type_logon,
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(types); i++)
		if (strcmp(types[i]->name, type) == 0)
			return types[i];
	return NULL;
}

/*
 * Instantiate @key and link it into @keyring (if any): INSTANTIATED on the
 * key, then LINKED on the keyring.  The caller has made the link's room
 * (__key_link_begin()) before it allocated the key, so that a key that
 * gets a serial is linked.
 */
int key_instantiate_and_link(struct key *key, struct key_preparsed_payload *prep,
			     struct key *keyring)
{
	int ret;

	ret = -EBUSY;
	if (key->state == KEY_IS_UNINSTANTIATED) {
		ret = key->type->instantiate(key, prep);
		if (ret == 0) {
			key->state = KEY_IS_POSITIVE;
			notify_key(key, NOTIFY_KEY_INSTANTIATED, 0);
			if (keyring)
				__key_link(keyring, key);
		}
	}
	return ret;
}

/* The key of the same type and description in @keyring, to update. */
static key_ref_t find_key_to_update(key_ref_t keyring_ref, const struct key_type *type,
				    const char *description)
{
	struct key *key = keyring_find(key_ref_to_ptr(keyring_ref), type, description);

	if (!key || key->flags & ((1 << KEY_FLAG_INVALIDATED) | (1 << KEY_FLAG_REVOKED)))
		return NULL;
	return make_key_ref(__key_get(key), is_key_possessed(keyring_ref));
}

/* The update half of key_create_or_update(); puts the ref on failure. */
static key_ref_t __key_update(key_ref_t key_ref, struct key_preparsed_payload *prep)
{
	struct key *key = key_ref_to_ptr(key_ref);
	int ret;

	ret = key_permission(key_ref, KEY_NEED_WRITE);
	if (ret == 0)
		ret = key->type->update(key, prep);
	if (ret < 0) {
		key_ref_put(key_ref);
		return ERR_PTR(ret);
	}
	notify_key(key, NOTIFY_KEY_UPDATED, 0);
	return key_ref;
}

/*
 * add_key()'s work: update the key of that type and description in the
 * keyring if the type can be updated and there is one, else make a new
 * key and link it there (replacing a link of the same type and
 * description).
 */
key_ref_t key_create_or_update(key_ref_t keyring_ref, const char *type,
			       const char *description, const void *payload,
			       size_t plen)
{
	struct key_preparsed_payload prep;
	const struct key_type *ktype;
	struct key *keyring, *key;
	const struct cred *cred = current_cred();
	key_ref_t key_ref;
	key_perm_t perm;
	int ret;

	ktype = key_type_lookup(type);
	if (!ktype)
		return ERR_PTR(-ENODEV);

	keyring = key_ref_to_ptr(keyring_ref);
	if (keyring->type != &key_type_keyring)
		return ERR_PTR(-ENOTDIR);

	memset(&prep, 0, sizeof(prep));
	prep.data = payload;
	prep.datalen = plen;
	ret = ktype->preparse(&prep);
	if (ret < 0)
		return ERR_PTR(ret);

	key_ref = ERR_PTR(-EINVAL);
	if (!description)
		goto out;

	if (ktype->update) {
		key_ref = find_key_to_update(keyring_ref, ktype, description);
		if (key_ref) {
			key_ref = __key_update(key_ref, &prep);
			goto out;
		}
	}

	/* Room for the link before the key, as 5.8's __key_link_begin()
	 * comes before key_alloc(): a key that gets a serial is linked. */
	ret = __key_link_begin(keyring);
	if (ret < 0) {
		key_ref = ERR_PTR(ret);
		goto out;
	}

	perm = KEY_POS_VIEW | KEY_POS_SEARCH | KEY_POS_LINK | KEY_POS_SETATTR;
	perm |= KEY_USR_VIEW;
	if (ktype->read)
		perm |= KEY_POS_READ;
	if (ktype == &key_type_keyring || ktype->update)
		perm |= KEY_POS_WRITE;

	key = key_alloc(ktype, description, cred->fsuid, cred->fsgid, perm);
	if (IS_ERR(key)) {
		key_ref = ERR_CAST(key);
		goto out;
	}

	ret = key_instantiate_and_link(key, &prep, keyring);
	if (ret < 0) {
		__key_put(key);
		key_ref = ERR_PTR(ret);
		goto out;
	}
	key_ref = make_key_ref(key, is_key_possessed(keyring_ref));
out:
	if (ktype->free_preparse)
		ktype->free_preparse(&prep);
	return key_ref;
}

/* KEYCTL_UPDATE's work. */
int key_update(key_ref_t key_ref, const void *payload, size_t plen)
{
	struct key_preparsed_payload prep;
	struct key *key = key_ref_to_ptr(key_ref);
	int ret;

	ret = key_permission(key_ref, KEY_NEED_WRITE);
	if (ret < 0)
		return ret;
	if (!key->type->update)
		return -EOPNOTSUPP;

	memset(&prep, 0, sizeof(prep));
	prep.data = payload;
	prep.datalen = plen;
	ret = key->type->preparse(&prep);
	if (ret == 0) {
		ret = key->type->update(key, &prep);
		if (ret == 0) {
			key->state = KEY_IS_POSITIVE;
			notify_key(key, NOTIFY_KEY_UPDATED, 0);
		}
	}
	if (key->type->free_preparse)
		key->type->free_preparse(&prep);
	return ret;
}

/*
 * Revoked: the payload goes now (a keyring's links too), the key itself
 * when the collector has taken it out of every keyring and nothing else
 * holds it (key_gc_revoked()).
 */
void key_revoke(struct key *key)
{
	if (!(key->flags & (1 << KEY_FLAG_REVOKED))) {
		key->flags |= 1 << KEY_FLAG_REVOKED;
		notify_key(key, NOTIFY_KEY_REVOKED, 0);
		if (key->type->revoke)
			key->type->revoke(key);
	}
}

/* Invalidated: 5.8 schedules the collector at once to unlink it from
 * every keyring; the model runs that pass now. */
void key_invalidate(struct key *key)
{
	if (!(key->flags & (1 << KEY_FLAG_INVALIDATED))) {
		key->flags |= 1 << KEY_FLAG_INVALIDATED;
		notify_key(key, NOTIFY_KEY_INVALIDATED, 0);
		key_gc_keyring_links(key->kernel, 1 << KEY_FLAG_INVALIDATED);
	}
}

long key_gc_revoked(void)
{
	struct vfsim *v = current_kernel();

	key_lock(v);
	key_gc_keyring_links(v, 1 << KEY_FLAG_REVOKED);
	key_unlock(v);
	return 0;
}

static int key_net_init(struct vfsim *v)
{
	struct key_net *kn = key_net(v);

	mutex_init(&kn->key_lock);
	INIT_LIST_HEAD(&kn->keys);
	INIT_LIST_HEAD(&kn->key_graveyard);
	kn->key_serial_next = KEY_SERIAL_START;
	return 0;
}

/*
 * After the last task, before the mount tree goes (a key's watches hold
 * pipes): the user keyring register goes, and with it every user keyring
 * and what they hold.  A key still alive then is a leak.
 */
static void key_net_pre_exit(struct vfsim *v)
{
	struct key_net *kn = key_net(v);

	key_lock(v);
	__key_put(kn->user_keyring_register);
	kn->user_keyring_register = NULL;
	key_unlock(v);
	WARN_ON(!list_empty(&kn->keys));
}

static void key_net_exit(struct vfsim *v)
{
	mutex_destroy(&key_net(v)->key_lock);
}

/* The key model of an instance (vfs/pernet.h). */
const struct pernet_operations key_net_ops = {
	.name = "keys",
	.id = PERNET_KEYS,
	.size = sizeof(struct key_net),
	.init = key_net_init,
	.pre_exit = key_net_pre_exit,
	.exit = key_net_exit,
};
