// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Models security/keys/user_defined.c (Linux 5.8): the "user" type, a
 * blob of 1 to 32767 bytes that its possessor can read and update, and
 * "logon", the same blob that no one can read back and whose description
 * must be "service:name".
 */
#include <security/keys/internal.h>

static int user_preparse(struct key_preparsed_payload *prep)
{
	struct user_key_payload *upayload;
	size_t datalen = prep->datalen;

	if (datalen == 0 || datalen > 32767 || !prep->data)
		return -EINVAL;

	upayload = kmalloc(sizeof(*upayload) + datalen, GFP_KERNEL);
	if (!upayload)
		return -ENOMEM;
	upayload->datalen = (unsigned short)datalen;
	memcpy(upayload->data, prep->data, datalen);
	prep->payload = upayload;
	return 0;
}

static void user_free_preparse(struct key_preparsed_payload *prep)
{
	kfree(prep->payload);
}

/* generic_key_instantiate(): the prepared payload becomes the key's. */
static int user_instantiate(struct key *key, struct key_preparsed_payload *prep)
{
	struct user_key_payload *upayload = prep->payload;

	key->payload = upayload;
	key->datalen = upayload->datalen;
	prep->payload = NULL;
	return 0;
}

/* The new payload displaces the old (5.8 frees the old after RCU). */
static int user_update(struct key *key, struct key_preparsed_payload *prep)
{
	kfree(key->payload);
	return user_instantiate(key, prep);
}

static void user_revoke(struct key *key)
{
	kfree(key->payload);
	key->payload = NULL;
	key->datalen = 0;
}

static long user_read(const struct key *key, char *buffer, size_t buflen)
{
	const struct user_key_payload *upayload = key->payload;

	if (buffer && buflen > 0) {
		if (buflen > upayload->datalen)
			buflen = upayload->datalen;
		memcpy(buffer, upayload->data, buflen);
	}
	return upayload->datalen;
}

/* "service:name": a prefix before a colon is required. */
static int logon_vet_description(const char *desc)
{
	const char *p = strchr(desc, ':');

	if (!p || p == desc)
		return -EINVAL;
	return 0;
}

struct key_type key_type_user = {
	.name		= "user",
	.preparse	= user_preparse,
	.free_preparse	= user_free_preparse,
	.instantiate	= user_instantiate,
	.update		= user_update,
	.revoke		= user_revoke,
	.destroy	= user_revoke,
	.read		= user_read,
};

struct key_type key_type_logon = {
	.name		= "logon",
	.vet_description = logon_vet_description,
	.preparse	= user_preparse,
	.free_preparse	= user_free_preparse,
	.instantiate	= user_instantiate,
	.update		= user_update,
	.revoke		= user_revoke,
	.destroy	= user_revoke,
};
