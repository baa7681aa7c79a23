// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Models security/keys/keyctl.c (Linux 5.8): add_key(), request_key() and
 * the keyctl() commands of docs/keys.md, each taking its arguments from
 * user memory and returning what the syscall returns.  A command 5.8 has
 * and the model does not is -EOPNOTSUPP, as an unknown one is in 5.8.
 *
 * request_key() has no /sbin/request-key to call: when no key is found
 * and callout information is given, the model instantiates the new key
 * with that information as its payload, as the stock request-key.conf's
 * "keyctl instantiate %k %c %S" would (docs/keys.md).
 */
#include <stdio.h>

#include <linux/uaccess.h>
#include <security/keys/internal.h>

#define KEY_TYPE_NAME_SIZE	32
#define KEY_PAYLOAD_MAX		(1024 * 1024 - 1)
#define KEY_CALLOUT_MAX		4096	/* PAGE_SIZE */
#define OVERFLOW_ID		65534	/* what from_kuid_munged() gives -1 */

static int key_get_type_from_user(char *type, const char __user *_type, unsigned int len)
{
	long ret = strncpy_from_user(type, _type, len);

	if (ret < 0)
		return (int)ret;
	if (ret == 0 || ret >= len)
		return -EINVAL;
	if (type[0] == '.')
		return -EPERM;
	type[len - 1] = '\0';
	return 0;
}

long ksys_add_key(const char __user *_type, const char __user *_description,
		  const void __user *_payload, size_t plen, int ringid)
{
	struct vfsim *v = current_kernel();
	key_ref_t keyring_ref, key_ref;
	char type[KEY_TYPE_NAME_SIZE], *description = NULL;
	void *payload = NULL;
	long ret;

	if (plen > KEY_PAYLOAD_MAX)
		return -EINVAL;

	ret = key_get_type_from_user(type, _type, sizeof(type));
	if (ret < 0)
		return ret;

	if (_description) {
		description = strndup_user(_description, KEY_MAX_DESC_SIZE);
		if (IS_ERR(description))
			return PTR_ERR(description);
		if (!*description) {
			kfree(description);
			description = NULL;
		} else if (description[0] == '.' && strncmp(type, "keyring", 7) == 0) {
			ret = -EPERM;
			goto error2;
		}
	}

	if (plen) {
		ret = -ENOMEM;
		payload = kvmalloc(plen, GFP_KERNEL);
		if (!payload)
			goto error2;
		ret = -EFAULT;
		if (copy_from_user(payload, _payload, plen) != 0)
			goto error3;
	}

	key_lock(v);
	keyring_ref = lookup_user_key(ringid, KEY_LOOKUP_CREATE, KEY_NEED_WRITE);
	if (IS_ERR(keyring_ref)) {
		ret = PTR_ERR(keyring_ref);
	} else {
		key_ref = key_create_or_update(keyring_ref, type, description,
					       payload, plen);
		if (!IS_ERR(key_ref)) {
			ret = key_ref_to_ptr(key_ref)->serial;
			key_ref_put(key_ref);
		} else {
			ret = PTR_ERR(key_ref);
		}
		key_ref_put(keyring_ref);
	}
	key_unlock(v);
error3:
	kvfree(payload);
error2:
	kfree(description);
	return ret;
}

/* Found, or made from the callout information, and linked into @dest. */
static struct key *request_key_and_link(const struct key_type *type,
					const char *description,
					const char *callout_info, struct key *dest)
{
	const struct cred *cred = current_cred();
	struct key_preparsed_payload prep;
	key_ref_t key_ref;
	struct key *key;
	key_perm_t perm;
	int ret;

	key_ref = search_process_keyrings(type, description);
	if (key_ref) {
		key = key_ref_to_ptr(key_ref);
		if (dest) {
			ret = key_link(dest, key);
			if (ret < 0) {
				__key_put(key);
				return ERR_PTR(ret);
			}
		}
		return key;
	}
	if (!callout_info)
		return ERR_PTR(-ENOKEY);

	if (dest)
		__key_get(dest);
	else
		dest = request_key_default_dest();
	if (IS_ERR(dest))
		return dest;

	perm = KEY_POS_VIEW | KEY_POS_SEARCH | KEY_POS_LINK | KEY_POS_SETATTR;
	perm |= KEY_USR_VIEW;
	if (type->read)
		perm |= KEY_POS_READ;
	if (type == &key_type_keyring || type->update)
		perm |= KEY_POS_WRITE;

	/* The payload and the link's room before the key gets its serial. */
	memset(&prep, 0, sizeof(prep));
	prep.data = callout_info;
	prep.datalen = strlen(callout_info);
	ret = type->preparse(&prep);
	if (ret == 0)
		ret = __key_link_begin(dest);
	if (ret == 0) {
		key = key_alloc(type, description, cred->fsuid, cred->fsgid, perm);
		if (!IS_ERR(key)) {
			ret = key_instantiate_and_link(key, &prep, dest);
			if (ret < 0) {
				__key_put(key);
				key = ERR_PTR(ret);
			}
		}
	} else {
		key = ERR_PTR(ret);
	}
	if (type->free_preparse)
		type->free_preparse(&prep);
	__key_put(dest);
	return key;
}

long ksys_request_key(const char __user *_type, const char __user *_description,
		      const char __user *_callout_info, int destringid)
{
	struct vfsim *v = current_kernel();
	const struct key_type *ktype;
	struct key *key, *dest = NULL;
	key_ref_t dest_ref;
	char type[KEY_TYPE_NAME_SIZE], *description, *callout_info = NULL;
	long ret;

	ret = key_get_type_from_user(type, _type, sizeof(type));
	if (ret < 0)
		return ret;

	description = strndup_user(_description, KEY_MAX_DESC_SIZE);
	if (IS_ERR(description))
		return PTR_ERR(description);

	if (_callout_info) {
		callout_info = strndup_user(_callout_info, KEY_CALLOUT_MAX);
		if (IS_ERR(callout_info)) {
			ret = PTR_ERR(callout_info);
			goto error2;
		}
	}

	key_lock(v);
	if (destringid) {
		dest_ref = lookup_user_key(destringid, KEY_LOOKUP_CREATE, KEY_NEED_WRITE);
		if (IS_ERR(dest_ref)) {
			ret = PTR_ERR(dest_ref);
			goto error3;
		}
		dest = key_ref_to_ptr(dest_ref);
	}

	ktype = key_type_lookup(type);
	if (!ktype) {
		ret = -ENOKEY;
		goto error4;
	}

	key = request_key_and_link(ktype, description, callout_info, dest);
	if (IS_ERR(key)) {
		ret = PTR_ERR(key);
		goto error4;
	}
	ret = key->serial;
	__key_put(key);
error4:
	__key_put(dest);
error3:
	key_unlock(v);
	kfree(callout_info);
error2:
	kfree(description);
	return ret;
}

static long keyctl_get_keyring_ID(key_serial_t id, int create)
{
	unsigned long lflags = create ? KEY_LOOKUP_CREATE : 0;
	key_ref_t key_ref;
	long ret;

	key_ref = lookup_user_key(id, lflags, KEY_NEED_SEARCH);
	if (IS_ERR(key_ref))
		return PTR_ERR(key_ref);
	ret = key_ref_to_ptr(key_ref)->serial;
	key_ref_put(key_ref);
	return ret;
}

static long keyctl_update_key(key_serial_t id, const void __user *_payload, size_t plen)
{
	struct vfsim *v = current_kernel();
	key_ref_t key_ref;
	void *payload = NULL;
	long ret;

	if (plen > 4096)	/* PAGE_SIZE */
		return -EINVAL;
	if (plen) {
		payload = kvmalloc(plen, GFP_KERNEL);
		if (!payload)
			return -ENOMEM;
		if (copy_from_user(payload, _payload, plen) != 0) {
			kvfree(payload);
			return -EFAULT;
		}
	}

	key_lock(v);
	key_ref = lookup_user_key(id, 0, KEY_NEED_WRITE);
	if (IS_ERR(key_ref)) {
		ret = PTR_ERR(key_ref);
	} else {
		ret = key_update(key_ref, payload, plen);
		key_ref_put(key_ref);
	}
	key_unlock(v);
	kvfree(payload);
	return ret;
}

static long keyctl_revoke_key(key_serial_t id)
{
	key_ref_t key_ref;

	key_ref = lookup_user_key(id, 0, KEY_NEED_WRITE);
	if (IS_ERR(key_ref) && PTR_ERR(key_ref) == -EACCES)
		key_ref = lookup_user_key(id, 0, KEY_NEED_SETATTR);
	if (IS_ERR(key_ref))
		return PTR_ERR(key_ref);
	key_revoke(key_ref_to_ptr(key_ref));
	key_ref_put(key_ref);
	return 0;
}

static long keyctl_invalidate_key(key_serial_t id)
{
	key_ref_t key_ref;
	long ret;

	key_ref = lookup_user_key(id, 0, KEY_NEED_SEARCH);
	if (IS_ERR(key_ref)) {
		ret = PTR_ERR(key_ref);
		/* Root may invalidate keys marked so; the model has none. */
		if (capable(CAP_SYS_ADMIN)) {
			key_ref = lookup_user_key(id, 0, KEY_SYSADMIN_OVERRIDE);
			if (IS_ERR(key_ref))
				return PTR_ERR(key_ref);
			key_ref_put(key_ref);
		}
		return ret;
	}
	key_invalidate(key_ref_to_ptr(key_ref));
	key_ref_put(key_ref);
	return 0;
}

static long keyctl_keyring_clear(key_serial_t ringid)
{
	key_ref_t keyring_ref;
	long ret;

	keyring_ref = lookup_user_key(ringid, KEY_LOOKUP_CREATE, KEY_NEED_WRITE);
	if (IS_ERR(keyring_ref)) {
		ret = PTR_ERR(keyring_ref);
		/* Root may clear keyrings marked so; the model has none. */
		if (capable(CAP_SYS_ADMIN)) {
			keyring_ref = lookup_user_key(ringid, 0, KEY_SYSADMIN_OVERRIDE);
			if (IS_ERR(keyring_ref))
				return PTR_ERR(keyring_ref);
			key_ref_put(keyring_ref);
		}
		return ret;
	}
	ret = keyring_clear(key_ref_to_ptr(keyring_ref));
	key_ref_put(keyring_ref);
	return ret;
}

static long keyctl_keyring_link(key_serial_t id, key_serial_t ringid)
{
	key_ref_t keyring_ref, key_ref;
	long ret;

	keyring_ref = lookup_user_key(ringid, KEY_LOOKUP_CREATE, KEY_NEED_WRITE);
	if (IS_ERR(keyring_ref))
		return PTR_ERR(keyring_ref);
	key_ref = lookup_user_key(id, KEY_LOOKUP_CREATE, KEY_NEED_LINK);
	if (IS_ERR(key_ref)) {
		ret = PTR_ERR(key_ref);
	} else {
		ret = key_link(key_ref_to_ptr(keyring_ref), key_ref_to_ptr(key_ref));
		key_ref_put(key_ref);
	}
	key_ref_put(keyring_ref);
	return ret;
}

static long keyctl_keyring_unlink(key_serial_t id, key_serial_t ringid)
{
	key_ref_t keyring_ref, key_ref;
	long ret;

	keyring_ref = lookup_user_key(ringid, 0, KEY_NEED_WRITE);
	if (IS_ERR(keyring_ref))
		return PTR_ERR(keyring_ref);
	key_ref = lookup_user_key(id, KEY_LOOKUP_PARTIAL, KEY_NEED_UNLINK);
	if (IS_ERR(key_ref)) {
		ret = PTR_ERR(key_ref);
	} else {
		ret = key_unlink(key_ref_to_ptr(keyring_ref), key_ref_to_ptr(key_ref));
		key_ref_put(key_ref);
	}
	key_ref_put(keyring_ref);
	return ret;
}

static long keyctl_describe_key(key_serial_t keyid, char __user *buffer, size_t buflen)
{
	struct key *key;
	key_ref_t key_ref;
	char *infobuf;
	size_t infolen, desclen;
	long ret;

	key_ref = lookup_user_key(keyid, KEY_LOOKUP_PARTIAL, KEY_NEED_VIEW);
	if (IS_ERR(key_ref))
		return PTR_ERR(key_ref);
	key = key_ref_to_ptr(key_ref);

	desclen = strlen(key->description);
	infobuf = kasprintf(GFP_KERNEL, "%s;%d;%d;%08x;", key->type->name,
			    key->uid == (kuid_t)-1 ? OVERFLOW_ID : (int)key->uid,
			    key->gid == INVALID_GID ? OVERFLOW_ID : (int)key->gid,
			    key->perm);
	ret = -ENOMEM;
	if (infobuf) {
		infolen = strlen(infobuf);
		ret = (long)(infolen + desclen + 1);
		if (buffer && buflen >= (size_t)ret &&
		    (copy_to_user(buffer, infobuf, infolen) != 0 ||
		     copy_to_user(buffer + infolen, key->description, desclen + 1) != 0))
			ret = -EFAULT;
		kfree(infobuf);
	}
	key_ref_put(key_ref);
	return ret;
}

/*
 * The key's data, if the caller may read it or possesses it: the whole
 * length, copied only when it fits (5.8 reads into a kernel buffer of
 * buflen bytes, up to a page, and copies nothing when the data is
 * longer).
 */
static long keyctl_read_key(key_serial_t keyid, char __user *buffer, size_t buflen)
{
	struct key *key;
	key_ref_t key_ref;
	char *key_data = NULL;
	size_t key_data_len;
	long ret;

	key_ref = lookup_user_key(keyid, 0, KEY_DEFER_PERM_CHECK);
	if (IS_ERR(key_ref))
		return -ENOKEY;
	key = key_ref_to_ptr(key_ref);

	ret = key_permission(key_ref, KEY_NEED_READ);
	if (ret == -EACCES && is_key_possessed(key_ref))
		ret = 0;
	if (ret < 0)
		goto out;

	ret = -EOPNOTSUPP;
	if (!key->type->read)
		goto out;

	ret = key_validate(key);
	if (ret < 0)
		goto out;

	if (!buffer || !buflen) {
		ret = key->type->read(key, NULL, 0);
		goto out;
	}

	key_data_len = buflen <= 4096 ? buflen : 0;
	for (;;) {
		if (key_data_len) {
			key_data = kvmalloc(key_data_len, GFP_KERNEL);
			if (!key_data) {
				ret = -ENOMEM;
				goto out;
			}
		}
		ret = key->type->read(key, key_data, key_data_len);
		if (ret <= 0 || (size_t)ret > buflen)
			break;
		if ((size_t)ret > key_data_len) {
			/* Past a page: a buffer of the data's size, again. */
			kvfree(key_data);
			key_data = NULL;
			key_data_len = (size_t)ret;
			continue;
		}
		if (copy_to_user(buffer, key_data, (size_t)ret) != 0)
			ret = -EFAULT;
		break;
	}
	kvfree(key_data);
out:
	key_ref_put(key_ref);
	return ret;
}

static long keyctl_chown_key(key_serial_t id, uid_t user, gid_t group)
{
	struct key *key;
	key_ref_t key_ref;
	long ret;

	if (user == (uid_t)-1 && group == (gid_t)-1)
		return 0;

	key_ref = lookup_user_key(id, KEY_LOOKUP_CREATE | KEY_LOOKUP_PARTIAL,
				  KEY_NEED_SETATTR);
	if (IS_ERR(key_ref))
		return PTR_ERR(key_ref);
	key = key_ref_to_ptr(key_ref);

	ret = -EACCES;
	if (!capable(CAP_SYS_ADMIN)) {
		/* Only the sysadmin gives a key away, or sets its group to
		 * one the caller is not in. */
		if (user != (uid_t)-1 && key->uid != user)
			goto out;
		if (group != (gid_t)-1 && group != key->gid &&
		    group != current_cred()->fsgid)
			goto out;
	}
	if (user != (uid_t)-1)
		key->uid = user;
	if (group != (gid_t)-1)
		key->gid = group;
	notify_key(key, NOTIFY_KEY_SETATTR, 0);
	ret = 0;
out:
	key_ref_put(key_ref);
	return ret;
}

static long keyctl_setperm_key(key_serial_t id, key_perm_t perm)
{
	struct key *key;
	key_ref_t key_ref;
	long ret;

	if (perm & ~(KEY_POS_ALL | KEY_USR_ALL | KEY_GRP_ALL | KEY_OTH_ALL))
		return -EINVAL;

	key_ref = lookup_user_key(id, KEY_LOOKUP_CREATE | KEY_LOOKUP_PARTIAL,
				  KEY_NEED_SETATTR);
	if (IS_ERR(key_ref))
		return PTR_ERR(key_ref);
	key = key_ref_to_ptr(key_ref);

	ret = -EACCES;
	if (capable(CAP_SYS_ADMIN) || key->uid == current_cred()->fsuid) {
		key->perm = perm;
		notify_key(key, NOTIFY_KEY_SETATTR, 0);
		ret = 0;
	}
	key_ref_put(key_ref);
	return ret;
}

/*
 * KEYCTL_WATCH_KEY: watch @id through the notification pipe
 * @watch_queue_fd, records carrying @watch_id (0..255); -1 removes the
 * pipe's watch (-EBADSLT if none), a second watch by the same pipe is
 * -EBUSY.  Watching needs VIEW permission (5.8).
 */
static long keyctl_watch_key(key_serial_t id, int watch_queue_fd, int watch_id)
{
	struct watch_queue *wqueue;
	struct watch_list *wlist = NULL;
	struct watch *watch = NULL;
	struct key *key;
	key_ref_t key_ref;
	long ret;

	if (watch_id < -1 || watch_id > 0xff)
		return -EINVAL;

	key_ref = lookup_user_key(id, KEY_LOOKUP_CREATE, KEY_NEED_VIEW);
	if (IS_ERR(key_ref))
		return PTR_ERR(key_ref);
	key = key_ref_to_ptr(key_ref);

	wqueue = get_watch_queue(watch_queue_fd);
	if (IS_ERR(wqueue)) {
		ret = PTR_ERR(wqueue);
		goto err_key;
	}

	if (watch_id >= 0) {
		ret = -ENOMEM;
		if (!key->watchers) {
			wlist = kzalloc(sizeof(*wlist), GFP_KERNEL);
			if (!wlist)
				goto err_wqueue;
			init_watch_list(wlist, NULL);
		}

		watch = kzalloc(sizeof(*watch), GFP_KERNEL);
		if (!watch)
			goto err_wlist;

		init_watch(watch, wqueue);
		watch->id = (u64)key->serial;
		watch->info_id = (u32)watch_id << WATCH_INFO_ID__SHIFT;

		if (!key->watchers) {
			key->watchers = wlist;
			wlist = NULL;
		}

		ret = add_watch_to_object(watch, key->watchers);
		if (ret == 0)
			watch = NULL;
	} else {
		ret = -EBADSLT;
		if (key->watchers)
			ret = remove_watch_from_object(key->watchers, wqueue,
						       (u64)key->serial, false);
	}

	kfree(watch);	/* never published: no grace period needed */
err_wlist:
	kfree(wlist);
err_wqueue:
	put_watch_queue(wqueue);
err_key:
	key_ref_put(key_ref);
	return ret;
}

long ksys_keyctl(int option, unsigned long arg2, unsigned long arg3,
		 unsigned long arg4, unsigned long arg5)
{
	struct vfsim *v = current_kernel();
	long ret;

	/* Commands that copy in a payload do so before taking the lock. */
	if (option == KEYCTL_UPDATE)
		return keyctl_update_key((key_serial_t)arg2,
					 (const void __user *)arg3, (size_t)arg4);

	key_lock(v);
	switch (option) {
	case KEYCTL_GET_KEYRING_ID:
		ret = keyctl_get_keyring_ID((key_serial_t)arg2, (int)arg3);
		break;
	case KEYCTL_REVOKE:
		ret = keyctl_revoke_key((key_serial_t)arg2);
		break;
	case KEYCTL_CHOWN:
		ret = keyctl_chown_key((key_serial_t)arg2, (uid_t)arg3, (gid_t)arg4);
		break;
	case KEYCTL_SETPERM:
		ret = keyctl_setperm_key((key_serial_t)arg2, (key_perm_t)arg3);
		break;
	case KEYCTL_DESCRIBE:
		ret = keyctl_describe_key((key_serial_t)arg2, (char __user *)arg3,
					  (size_t)arg4);
		break;
	case KEYCTL_CLEAR:
		ret = keyctl_keyring_clear((key_serial_t)arg2);
		break;
	case KEYCTL_LINK:
		ret = keyctl_keyring_link((key_serial_t)arg2, (key_serial_t)arg3);
		break;
	case KEYCTL_UNLINK:
		ret = keyctl_keyring_unlink((key_serial_t)arg2, (key_serial_t)arg3);
		break;
	case KEYCTL_READ:
		ret = keyctl_read_key((key_serial_t)arg2, (char __user *)arg3,
				      (size_t)arg4);
		break;
	case KEYCTL_INVALIDATE:
		ret = keyctl_invalidate_key((key_serial_t)arg2);
		break;
	case KEYCTL_WATCH_KEY:
		ret = keyctl_watch_key((key_serial_t)arg2, (int)arg3, (int)arg4);
		break;
	default:
		ret = -EOPNOTSUPP;
		break;
	}
	key_unlock(v);
	(void)arg5;
	return ret;
}
