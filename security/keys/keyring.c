// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Models security/keys/keyring.c (Linux 5.8): the "keyring" type, making
 * keyrings, linking, unlinking and clearing (with their LINKED, UNLINKED
 * and CLEARED notifications on the keyring), the cycle check, the searches
 * that decide possession and request_key()'s lookup, reading a keyring,
 * and the collector's pass that takes dead keys out of every keyring.
 *
 * A keyring's links are an array in the order they were made; 5.8's
 * assoc_array orders them by a hash of the index key, so KEYCTL_READ of a
 * keyring lists the same serials in another order (docs/keys.md).  A link
 * is keyed by type and description, as 5.8's index key: linking a key
 * displaces the link of the same type and description, silently.
 */
#include <linux/bug.h>
#include <security/keys/internal.h>

/* 5.8: KEYRING_SEARCH_MAX_DEPTH: a search descends at most 6 times */
#define KEYRING_SEARCH_MAX_DEPTH 6

static int keyring_preparse(struct key_preparsed_payload *prep)
{
	return prep->datalen != 0 ? -EINVAL : 0;
}

static int keyring_instantiate(struct key *keyring, struct key_preparsed_payload *prep)
{
	return 0;
}

/* Drop every link: a revoked keyring is emptied, a dead one too. */
static void keyring_revoke(struct key *keyring)
{
	unsigned int i;

	for (i = 0; i < keyring->nr_leaves; i++)
		__key_put(keyring->keys[i]);
	keyring->nr_leaves = 0;
}

/* The serials of the links, as many as fit; the size of them all. */
static long keyring_read(const struct key *keyring, char *buffer, size_t buflen)
{
	size_t size = keyring->nr_leaves * sizeof(key_serial_t);
	unsigned int i;

	if (buflen & (sizeof(key_serial_t) - 1))
		return -EINVAL;
	for (i = 0; buffer && i < keyring->nr_leaves &&
		    (i + 1) * sizeof(key_serial_t) <= buflen; i++)
		memcpy(buffer + i * sizeof(key_serial_t), &keyring->keys[i]->serial,
		       sizeof(key_serial_t));
	return (long)size;
}

struct key_type key_type_keyring = {
	.name		= "keyring",
	.preparse	= keyring_preparse,
	.instantiate	= keyring_instantiate,
	.revoke		= keyring_revoke,
	.destroy	= keyring_revoke,
	.read		= keyring_read,
};

/*
 * 5.8's keyring_alloc(): a new keyring, instantiated and linked into
 * @dest if given, with one reference for the caller.
 */
struct key *keyring_alloc(const char *description, kuid_t uid, kgid_t gid,
			  key_perm_t perm, struct key *dest)
{
	struct key_preparsed_payload prep = { 0 };
	struct key *keyring;
	int ret;

	if (dest) {
		ret = __key_link_begin(dest);
		if (ret < 0)
			return ERR_PTR(ret);
	}
	keyring = key_alloc(&key_type_keyring, description, uid, gid, perm);
	if (!IS_ERR(keyring)) {
		ret = key_instantiate_and_link(keyring, &prep, dest);
		if (ret < 0) {
			__key_put(keyring);
			keyring = ERR_PTR(ret);
		}
	}
	return keyring;
}

static bool same_index_key(const struct key *a, const struct key_type *type,
			   const char *description)
{
	return a->type == type && strcmp(a->description, description) == 0;
}

/* The link of @keyring with that index key (no reference), or NULL. */
struct key *keyring_find(struct key *keyring, const struct key_type *type,
			 const char *description)
{
	unsigned int i;

	for (i = 0; i < keyring->nr_leaves; i++)
		if (same_index_key(keyring->keys[i], type, description))
			return keyring->keys[i];
	return NULL;
}

/*
 * Make room for one more link (5.8 prepares its assoc_array edit here):
 * after this, __key_link() cannot fail.
 */
int __key_link_begin(struct key *keyring)
{
	struct key **keys;
	unsigned int max;

	if (keyring->type != &key_type_keyring)
		return -ENOTDIR;
	if (keyring->flags & (1 << KEY_FLAG_REVOKED))
		return -EKEYREVOKED;
	if (keyring->nr_leaves < keyring->max_leaves)
		return 0;
	max = keyring->max_leaves ? keyring->max_leaves * 2 : 4;
	keys = kcalloc(max, sizeof(*keys), GFP_KERNEL);
	if (!keys)
		return -ENOMEM;
	if (keyring->nr_leaves)
		memcpy(keys, keyring->keys, keyring->nr_leaves * sizeof(*keys));
	kfree(keyring->keys);
	keyring->keys = keys;
	keyring->max_leaves = max;
	return 0;
}

/* Link @key, displacing a link with its index key; LINKED either way. */
void __key_link(struct key *keyring, struct key *key)
{
	unsigned int i;

	__key_get(key);
	for (i = 0; i < keyring->nr_leaves; i++) {
		if (same_index_key(keyring->keys[i], key->type, key->description)) {
			__key_put(keyring->keys[i]);
			keyring->keys[i] = key;
			goto linked;
		}
	}
	keyring->keys[keyring->nr_leaves++] = key;
linked:
	notify_key(keyring, NOTIFY_KEY_LINKED, (u32)key->serial);
}

/*
 * Is @target below @keyring (within the search depth)?  -ELOOP when the
 * tree goes deeper than the search may, as 5.8's cycle check reports it.
 */
static int keyring_reaches(const struct key *keyring, const struct key *target,
			   unsigned int depth)
{
	unsigned int i;
	int ret;

	for (i = 0; i < keyring->nr_leaves; i++) {
		const struct key *k = keyring->keys[i];

		if (k == target)
			return 1;
		if (k->type != &key_type_keyring || !k->nr_leaves)
			continue;
		if (depth + 1 > KEYRING_SEARCH_MAX_DEPTH)
			return -ELOOP;
		ret = keyring_reaches(k, target, depth + 1);
		if (ret)
			return ret;
	}
	return 0;
}

/* Linking keyring @B into @A must not make a cycle (-EDEADLK). */
static int keyring_detect_cycle(struct key *A, struct key *B)
{
	int ret;

	if (A == B)
		return -EDEADLK;
	ret = keyring_reaches(B, A, 0);
	return ret > 0 ? -EDEADLK : ret;
}

/* KEYCTL_LINK's work. */
int key_link(struct key *keyring, struct key *key)
{
	int ret;

	ret = __key_link_begin(keyring);
	if (ret == 0 && key->type == &key_type_keyring)
		ret = keyring_detect_cycle(keyring, key);
	if (ret == 0)
		__key_link(keyring, key);
	return ret;
}

/* KEYCTL_UNLINK's work: -ENOENT if @key is not linked there. */
int key_unlink(struct key *keyring, struct key *key)
{
	unsigned int i;

	if (keyring->type != &key_type_keyring)
		return -ENOTDIR;
	for (i = 0; i < keyring->nr_leaves; i++)
		if (keyring->keys[i] == key)
			goto found;
	return -ENOENT;
found:
	memmove(&keyring->keys[i], &keyring->keys[i + 1],
		(keyring->nr_leaves - i - 1) * sizeof(keyring->keys[0]));
	keyring->nr_leaves--;
	notify_key(keyring, NOTIFY_KEY_UNLINKED, (u32)key->serial);
	__key_put(key);
	return 0;
}

/* KEYCTL_CLEAR's work: CLEARED even when the keyring was empty. */
int keyring_clear(struct key *keyring)
{
	if (keyring->type != &key_type_keyring)
		return -ENOTDIR;
	keyring_revoke(keyring);
	notify_key(keyring, NOTIFY_KEY_CLEARED, 0);
	return 0;
}

/*
 * 5.8's search for possession: is @target linked below @keyring, through
 * keyrings the caller may search as their possessor, and is it itself
 * searchable so?  The keyring itself is not a match.
 */
static bool search_nested(struct key *keyring, struct key *target,
			  const struct key_type *type, const char *description,
			  const struct cred *cred, unsigned int depth, struct key **found)
{
	unsigned int i;

	if (key_task_permission(make_key_ref(keyring, true), cred, KEY_NEED_SEARCH) < 0)
		return false;
	for (i = 0; i < keyring->nr_leaves; i++) {
		struct key *k = keyring->keys[i];
		bool match = target ? k == target : same_index_key(k, type, description);

		if (match && key_task_permission(make_key_ref(k, true), cred,
						 KEY_NEED_SEARCH) == 0) {
			*found = k;
			return true;
		}
	}
	if (depth + 1 > KEYRING_SEARCH_MAX_DEPTH)
		return false;
	for (i = 0; i < keyring->nr_leaves; i++) {
		struct key *k = keyring->keys[i];

		if (k->type == &key_type_keyring &&
		    search_nested(k, target, type, description, cred, depth + 1, found))
			return true;
	}
	return false;
}

bool keyring_search_possessed(struct key *keyring, struct key *target,
			      const struct cred *cred)
{
	struct key *found;

	/* "": never compared with @target given, but never NULL for strcmp()
	 * either, which gcc -O3 cannot tell */
	return keyring && search_nested(keyring, target, NULL, "", cred, 0, &found);
}

/* request_key()'s search: a live key of that type and description. */
key_ref_t keyring_search_process(struct key *keyring, const struct key_type *type,
				 const char *description, const struct cred *cred)
{
	struct key *found;

	if (keyring && search_nested(keyring, NULL, type, description, cred, 0, &found) &&
	    key_validate(found) == 0)
		return make_key_ref(__key_get(found), true);
	return NULL;
}

/*
 * 5.8's keyring_gc() over every keyring: links to keys with any of
 * @dead_flags go, without UNLINKED records (the collector posts none).
 */
void key_gc_keyring_links(struct vfsim *v, unsigned long dead_flags)
{
	struct key *keyring, *key, *n;
	unsigned int i, kept;

	/* Drop the counts first and bury afterwards: a put that buries
	 * would move a key off the list being walked. */
	list_for_each_entry(keyring, &key_net(v)->keys, serial_node) {
		if (keyring->type != &key_type_keyring)
			continue;
		for (i = kept = 0; i < keyring->nr_leaves; i++) {
			if (keyring->keys[i]->flags & dead_flags)
				keyring->keys[i]->usage--;
			else
				keyring->keys[kept++] = keyring->keys[i];
		}
		keyring->nr_leaves = kept;
	}
	list_for_each_entry_safe(key, n, &key_net(v)->keys, serial_node) {
		if (key->usage == 0) {
			key->usage = 1;
			__key_put(key);
		}
	}
}
