// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Models security/keys/permission.c (Linux 5.8): which of a key's four
 * permission bytes applies to a caller (owner, else group, else other),
 * plus the possessor byte for a key the caller possesses; and whether a
 * key may still be used at all.  Supplementary groups are not modelled:
 * the group byte applies when the key's group is the caller's fsgid.
 */
#include <security/keys/internal.h>

int key_task_permission(const key_ref_t key_ref, const struct cred *cred,
			enum key_need_perm need_perm)
{
	struct key *key = key_ref_to_ptr(key_ref);
	key_perm_t kperm, mask;

	switch (need_perm) {
	case KEY_NEED_VIEW:	mask = KEY_OTH_VIEW;	break;
	case KEY_NEED_READ:	mask = KEY_OTH_READ;	break;
	case KEY_NEED_WRITE:	mask = KEY_OTH_WRITE;	break;
	case KEY_NEED_SEARCH:	mask = KEY_OTH_SEARCH;	break;
	case KEY_NEED_LINK:	mask = KEY_OTH_LINK;	break;
	case KEY_NEED_SETATTR:	mask = KEY_OTH_SETATTR;	break;
	default:
		/* UNLINK, SYSADMIN_OVERRIDE, DEFER_PERM_CHECK: no check here. */
		return 0;
	}

	if (key->uid == cred->fsuid) {
		kperm = key->perm >> 16;
	} else if (key->gid != INVALID_GID && key->perm & KEY_GRP_ALL &&
		   key->gid == cred->fsgid) {
		kperm = key->perm >> 8;
	} else {
		kperm = key->perm;
	}
	if (is_key_possessed(key_ref))
		kperm |= key->perm >> 24;

	return (kperm & mask) == mask ? 0 : -EACCES;
}

int key_validate(const struct key *key)
{
	if (key->flags & (1 << KEY_FLAG_INVALIDATED))
		return -ENOKEY;
	if (key->flags & (1 << KEY_FLAG_REVOKED))
		return -EKEYREVOKED;
	return 0;
}
