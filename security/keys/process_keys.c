// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Models security/keys/process_keys.c (Linux 5.8): the user keyrings
 * ("_uid.N" and "_uid_ses.N", kept in the instance's ".user_reg" register
 * keyring as 5.8 keeps them in the user namespace's), a task's thread,
 * process and session keyrings ("_tid", "_pid", "_ses"), made on demand,
 * and lookup_user_key(), which turns a serial or a KEY_SPEC_* ID into a
 * key with the caller's possession of it.
 *
 * The task keyrings live in task_struct (vfs/task.h), not in the cred: a
 * model task has one set of credentials and changes them in place.
 */
#include <stdio.h>

#include <security/keys/internal.h>

/* 5.8's get_user_register(): made on first use, owned by root. */
static int get_user_register(struct vfsim *v)
{
	struct key *reg;

	if (key_net(v)->user_keyring_register)
		return 0;
	reg = keyring_alloc(".user_reg", 0, 0,
			    KEY_POS_WRITE | KEY_POS_SEARCH | KEY_USR_VIEW | KEY_USR_READ,
			    NULL);
	if (IS_ERR(reg))
		return (int)PTR_ERR(reg);
	key_net(v)->user_keyring_register = reg;
	return 0;
}

/*
 * The caller's user keyring and user-session keyring, each made if
 * missing (the session one holding a link to the user one), each with a
 * reference for the caller if asked for.
 */
int look_up_user_keyrings(struct key **_user_keyring,
			  struct key **_user_session_keyring)
{
	const struct cred *cred = current_cred();
	struct vfsim *v = current_kernel();
	key_perm_t user_keyring_perm = (KEY_POS_ALL & ~KEY_POS_SETATTR) | KEY_USR_ALL;
	struct key *reg, *uid_keyring, *session_keyring;
	char buf[20];
	int ret;

	ret = get_user_register(v);
	if (ret < 0)
		return ret;
	reg = key_net(v)->user_keyring_register;

	snprintf(buf, sizeof(buf), "_uid.%u", cred->uid);
	uid_keyring = keyring_find(reg, &key_type_keyring, buf);
	if (uid_keyring) {
		__key_get(uid_keyring);
	} else {
		uid_keyring = keyring_alloc(buf, cred->uid, INVALID_GID,
					    user_keyring_perm, reg);
		if (IS_ERR(uid_keyring))
			return (int)PTR_ERR(uid_keyring);
	}

	snprintf(buf, sizeof(buf), "_uid_ses.%u", cred->uid);
	session_keyring = keyring_find(reg, &key_type_keyring, buf);
	if (session_keyring) {
		__key_get(session_keyring);
	} else {
		session_keyring = keyring_alloc(buf, cred->uid, INVALID_GID,
						user_keyring_perm, NULL);
		if (IS_ERR(session_keyring)) {
			ret = (int)PTR_ERR(session_keyring);
			goto error_release;
		}
		/* The user keyring into the session one, then the session
		 * one into the register. */
		ret = key_link(session_keyring, uid_keyring);
		if (ret == 0)
			ret = key_link(reg, session_keyring);
		if (ret < 0)
			goto error_release_session;
	}

	if (_user_session_keyring)
		*_user_session_keyring = session_keyring;
	else
		__key_put(session_keyring);
	if (_user_keyring)
		*_user_keyring = uid_keyring;
	else
		__key_put(uid_keyring);
	return 0;

error_release_session:
	__key_put(session_keyring);
error_release:
	__key_put(uid_keyring);
	return ret;
}

/* The user-session keyring if it exists already (no reference). */
static struct key *get_user_session_keyring(const struct cred *cred)
{
	struct key *reg = key_net(current_kernel())->user_keyring_register;
	char buf[20];

	if (!reg)
		return NULL;
	snprintf(buf, sizeof(buf), "_uid_ses.%u", cred->uid);
	return keyring_find(reg, &key_type_keyring, buf);
}

static int install_keyring(struct key **slot, const char *name, key_perm_t perm)
{
	const struct cred *cred = current_cred();
	struct key *keyring;

	keyring = keyring_alloc(name, cred->uid, cred->gid, perm, NULL);
	if (IS_ERR(keyring))
		return (int)PTR_ERR(keyring);
	__key_put(*slot);
	*slot = keyring;
	return 0;
}

/* join_session_keyring(NULL): a new anonymous session keyring. */
static int join_session_keyring(void)
{
	return install_keyring(&current->session_keyring, "_ses",
			       KEY_POS_ALL | KEY_USR_VIEW | KEY_USR_READ);
}

/*
 * The keyring a KEY_SPEC_* ID names, with a reference, made if @create
 * (or, for the session keyring, always: without one, a lookup that may
 * not create makes the user-session keyring the session keyring).
 */
static struct key *lookup_special_keyring(key_serial_t id, bool create)
{
	struct task_struct *t = current;
	struct key *key = NULL, *user_session;
	int ret = 0;

	switch (id) {
	case KEY_SPEC_THREAD_KEYRING:
		if (!t->thread_keyring) {
			if (!create)
				return ERR_PTR(-ENOKEY);
			ret = install_keyring(&t->thread_keyring, "_tid",
					      KEY_POS_ALL | KEY_USR_VIEW);
		}
		key = t->thread_keyring;
		break;

	case KEY_SPEC_PROCESS_KEYRING:
		if (!t->process_keyring) {
			if (!create)
				return ERR_PTR(-ENOKEY);
			ret = install_keyring(&t->process_keyring, "_pid",
					      KEY_POS_ALL | KEY_USR_VIEW);
		}
		key = t->process_keyring;
		break;

	case KEY_SPEC_SESSION_KEYRING:
		if (!t->session_keyring) {
			ret = look_up_user_keyrings(NULL, &user_session);
			if (ret < 0)
				return ERR_PTR(ret);
			if (create) {
				ret = join_session_keyring();
				__key_put(user_session);
			} else {
				t->session_keyring = user_session;
			}
		} else if (create && t->session_keyring == get_user_session_keyring(&t->cred)) {
			ret = join_session_keyring();
		}
		key = t->session_keyring;
		break;

	case KEY_SPEC_USER_KEYRING:
		ret = look_up_user_keyrings(&key, NULL);
		return ret < 0 ? ERR_PTR(ret) : key;

	case KEY_SPEC_USER_SESSION_KEYRING:
		ret = look_up_user_keyrings(NULL, &key);
		return ret < 0 ? ERR_PTR(ret) : key;

	case KEY_SPEC_REQKEY_AUTH_KEY:
	case KEY_SPEC_REQUESTOR_KEYRING:
		/* No request_key() authorisation is ever in force. */
		return ERR_PTR(-ENOKEY);

	default:
		/* KEY_SPEC_GROUP_KEYRING: not supported by 5.8 either. */
		return ERR_PTR(-EINVAL);
	}
	if (ret < 0)
		return ERR_PTR(ret);
	return __key_get(key);
}

/* Does the caller possess @key: is it below one of its keyrings? */
static bool key_possessed_by_task(struct key *key)
{
	const struct cred *cred = current_cred();
	struct task_struct *t = current;

	if (keyring_search_possessed(t->thread_keyring, key, cred) ||
	    keyring_search_possessed(t->process_keyring, key, cred))
		return true;
	if (t->session_keyring)
		return keyring_search_possessed(t->session_keyring, key, cred);
	return keyring_search_possessed(get_user_session_keyring(cred), key, cred);
}

/*
 * 5.8's lookup_user_key(): the key @id names, checked for @need_perm,
 * with a reference and the possession bit.  A special ID is possessed; a
 * serial is possessed when the key is below one of the caller's keyrings.
 * Without KEY_LOOKUP_PARTIAL, the key must be instantiated and neither
 * revoked nor invalidated (except for the checks that defer).
 */
key_ref_t lookup_user_key(key_serial_t id, unsigned long lflags,
			  enum key_need_perm need_perm)
{
	key_ref_t key_ref;
	struct key *key;
	int ret;

	if (id < 0) {
		key = lookup_special_keyring(id, lflags & KEY_LOOKUP_CREATE);
		if (IS_ERR(key))
			return ERR_CAST(key);
		key_ref = make_key_ref(key, true);
	} else {
		if (id == 0)
			return ERR_PTR(-EINVAL);
		key = key_lookup(id);
		if (IS_ERR(key))
			return ERR_CAST(key);
		key_ref = make_key_ref(key, key_possessed_by_task(key));
	}

	/* Unlink does not use the key: only the keyring is checked. */
	if (need_perm != KEY_NEED_UNLINK) {
		ret = key_validate(key);
		if (ret < 0 && need_perm != KEY_DEFER_PERM_CHECK)
			goto invalid_key;
	}

	ret = key_task_permission(key_ref, current_cred(), need_perm);
	if (ret < 0)
		goto invalid_key;
	return key_ref;

invalid_key:
	key_ref_put(key_ref);
	return ERR_PTR(ret);
}

/*
 * request_key()'s search of the caller's keyrings: thread, process, then
 * session (or user-session) keyring, for a live key of that type and
 * description the caller may search.
 */
key_ref_t search_process_keyrings(const struct key_type *type,
				  const char *description)
{
	const struct cred *cred = current_cred();
	struct task_struct *t = current;
	key_ref_t key_ref;

	key_ref = keyring_search_process(t->thread_keyring, type, description, cred);
	if (!key_ref)
		key_ref = keyring_search_process(t->process_keyring, type, description, cred);
	if (!key_ref)
		key_ref = keyring_search_process(t->session_keyring ?:
						 get_user_session_keyring(cred),
						 type, description, cred);
	return key_ref;
}

/*
 * Where request_key() puts a key it makes when the caller names no
 * keyring (KEY_REQKEY_DEFL_DEFAULT): the thread, process or session
 * keyring, the first that exists, else the user-session keyring.
 */
struct key *request_key_default_dest(void)
{
	struct task_struct *t = current;
	struct key *dest;
	int ret;

	if (t->thread_keyring)
		return __key_get(t->thread_keyring);
	if (t->process_keyring)
		return __key_get(t->process_keyring);
	if (t->session_keyring)
		return __key_get(t->session_keyring);
	ret = look_up_user_keyrings(NULL, &dest);
	return ret < 0 ? ERR_PTR(ret) : dest;
}

void key_fork(struct task_struct *child, const struct task_struct *parent)
{
	struct vfsim *v = child->kernel;

	key_lock(v);
	if (parent->session_keyring)
		child->session_keyring = __key_get(parent->session_keyring);
	key_unlock(v);
}

void exit_keys(struct task_struct *t)
{
	struct vfsim *v = t->kernel;

	key_lock(v);
	__key_put(t->thread_keyring);
	__key_put(t->process_keyring);
	__key_put(t->session_keyring);
	t->thread_keyring = t->process_keyring = t->session_keyring = NULL;
	key_unlock(v);
}
