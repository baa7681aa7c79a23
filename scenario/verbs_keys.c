// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Scenario verbs of keys (docs/keys.md): `key SUBCOMMAND ...` for
 * add_key(), request_key() and the keyctl() commands, and watch_key /
 * unwatch_key for KEYCTL_WATCH_KEY.
 *
 * A KEY or RING argument is a special keyring as keyctl(1) writes it (@t,
 * @p, @s, @u, @us, @g, @a for KEY_SPEC_THREAD_KEYRING ...
 * KEY_SPEC_REQKEY_AUTH_KEY), a serial (decimal, or hex after 0x), or a
 * NAME that `key add` or `key request` gave the key it returned.  The key
 * verbs run as the task (`as` applies); watch_key runs as the task that
 * owns PIPE, as the other watch verbs do, so @s is that task's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/uapi/linux/keyctl.h>
#include <vfsim/vfsim.h>

#include "engine.h"

static const struct {
	const char *word;
	int32_t id;
} special_ids[] = {
	{ "@t", KEY_SPEC_THREAD_KEYRING },
	{ "@p", KEY_SPEC_PROCESS_KEYRING },
	{ "@s", KEY_SPEC_SESSION_KEYRING },
	{ "@u", KEY_SPEC_USER_KEYRING },
	{ "@us", KEY_SPEC_USER_SESSION_KEYRING },
	{ "@g", KEY_SPEC_GROUP_KEYRING },
	{ "@a", KEY_SPEC_REQKEY_AUTH_KEY },
};

static long parse_key(struct scn_call *c, const char *s, int32_t *id)
{
	uint64_t v;
	size_t i;

	for (i = 0; i < ARRAY_LEN(special_ids); i++) {
		if (strcmp(s, special_ids[i].word) == 0) {
			*id = special_ids[i].id;
			return 0;
		}
	}
	if (scn_key_lookup(c, s, id))
		return 0;
	if (*s < '0' || *s > '9')
		return scn_syntax(c, "'%s': not a key (@t, @p, @s, @u, @us, @g, @a, a serial or a key name)",
				  s);
	if (scn_parse_u64(c, s, "key serial", INT32_MAX, &v) < 0)
		return SCN_SYNTAX;
	*id = (int32_t)v;
	return 0;
}

static unsigned long arg_of(int32_t id)
{
	return (unsigned long)(long)id;
}

/* Keep @serial under @name if one was given, and print it. */
static long named_result(struct scn_call *c, long serial, const char *name)
{
	if (serial < 0)
		return serial;
	if (name && scn_key_add(c, name, (int32_t)serial) < 0)
		return SCN_FAILED;
	fprintf(scn_out(c), "key%s%s: %08lx\n", name ? " " : "", name ? name : "",
		(unsigned long)serial);
	return 0;
}

/* key add TYPE DESC PAYLOAD|- RING [NAME] */
static long key_add(struct scn_call *c, int argc, char **argv)
{
	const char *payload = strcmp(argv[2], "-") ? argv[2] : NULL;
	int32_t ring;

	if (argc < 4 || argc > 5)
		return scn_syntax(c, "key add TYPE DESC PAYLOAD|- RING [NAME]");
	if (parse_key(c, argv[3], &ring) < 0)
		return SCN_SYNTAX;
	return named_result(c, vfsim_add_key(scn_model_task(c), argv[0], argv[1], payload,
					     payload ? strlen(payload) : 0, ring),
			    argc == 5 ? argv[4] : NULL);
}

/* key request TYPE DESC CALLOUT|- RING|0 [NAME] */
static long key_request(struct scn_call *c, int argc, char **argv)
{
	const char *callout = strcmp(argv[2], "-") ? argv[2] : NULL;
	int32_t ring;

	if (argc < 4 || argc > 5)
		return scn_syntax(c, "key request TYPE DESC CALLOUT|- RING|0 [NAME]");
	if (parse_key(c, argv[3], &ring) < 0)
		return SCN_SYNTAX;
	return named_result(c, vfsim_request_key(scn_model_task(c), argv[0], argv[1], callout, ring),
			    argc == 5 ? argv[4] : NULL);
}

/* key describe KEY: the description as KEYCTL_DESCRIBE gives it. */
static long key_describe(struct scn_call *c, const char *word, int32_t id)
{
	char buf[4200];
	long ret;

	ret = vfsim_keyctl(scn_model_task(c), KEYCTL_DESCRIBE, arg_of(id), (unsigned long)buf,
			   sizeof(buf), 0);
	if (ret < 0)
		return ret;
	fprintf(scn_out(c), "describe %s: ", word);
	scn_put_escaped(scn_out(c), buf);
	fputc('\n', scn_out(c));
	return 0;
}

/*
 * key read KEY: a keyring's serials in hex, anything else's payload
 * (escaped); a payload longer than a page shows as its length.
 */
static long key_read(struct scn_call *c, const char *word, int32_t id)
{
	char desc[4200], buf[4096 + 1];
	int32_t serial;
	bool keyring;
	long ret, i;

	ret = vfsim_keyctl(scn_model_task(c), KEYCTL_DESCRIBE, arg_of(id), (unsigned long)desc,
			   sizeof(desc), 0);
	if (ret < 0)
		return ret;
	keyring = strncmp(desc, "keyring;", 8) == 0;
	ret = vfsim_keyctl(scn_model_task(c), KEYCTL_READ, arg_of(id), (unsigned long)buf,
			   sizeof(buf) - 1, 0);
	if (ret < 0)
		return ret;
	fprintf(scn_out(c), "read %s:", word);
	if (ret > (long)sizeof(buf) - 1) {
		fprintf(scn_out(c), " %ld bytes\n", ret);
		return 0;
	}
	if (keyring) {
		for (i = 0; i + (long)sizeof(serial) <= ret; i += (long)sizeof(serial)) {
			memcpy(&serial, buf + i, sizeof(serial));
			fprintf(scn_out(c), " %08x", (unsigned int)serial);
		}
	} else {
		buf[ret] = '\0';
		fputc(' ', scn_out(c));
		scn_put_escaped(scn_out(c), buf);
	}
	fputc('\n', scn_out(c));
	return 0;
}

/* UID or GID, or - for -1 (leave it). */
static long parse_owner(struct scn_call *c, const char *s, unsigned int *id)
{
	if (strcmp(s, "-") == 0) {
		*id = (unsigned int)-1;
		return 0;
	}
	return scn_parse_id(c, s, id);
}

/* The subcommands that name one key and nothing else. */
static const struct {
	const char *name;
	int cmd;
} one_key_cmds[] = {
	{ "revoke", KEYCTL_REVOKE },
	{ "invalidate", KEYCTL_INVALIDATE },
	{ "clear", KEYCTL_CLEAR },
};

static long verb_key(struct scn_call *c)
{
	const char *sub = c->argv[0];
	int argc = c->argc - 1;
	char **argv = c->argv + 1;
	unsigned int uid, gid;
	int32_t id, ring;
	uint64_t v;
	size_t i;

	if (strcmp(sub, "add") == 0 || strcmp(sub, "request") == 0) {
		if (argc < 4)
			return scn_syntax(c, "key %s TYPE DESC %s RING [NAME]", sub,
					  *sub == 'a' ? "PAYLOAD|-" : "CALLOUT|-");
		return *sub == 'a' ? key_add(c, argc, argv) : key_request(c, argc, argv);
	}
	if (strcmp(sub, "gc") == 0) {
		if (argc != 0)
			return scn_syntax(c, "key gc takes no arguments");
		return vfsim_key_gc(scn_model_task(c));
	}
	if (argc < 1)
		return scn_syntax(c, "key %s: KEY expected", sub);
	if (parse_key(c, argv[0], &id) < 0)
		return SCN_SYNTAX;

	for (i = 0; i < ARRAY_LEN(one_key_cmds); i++) {
		if (strcmp(sub, one_key_cmds[i].name) == 0) {
			if (argc != 1)
				return scn_syntax(c, "key %s KEY", sub);
			return vfsim_keyctl(scn_model_task(c), one_key_cmds[i].cmd, arg_of(id), 0, 0, 0);
		}
	}
	if (strcmp(sub, "describe") == 0 || strcmp(sub, "read") == 0) {
		if (argc != 1)
			return scn_syntax(c, "key %s KEY", sub);
		return *sub == 'd' ? key_describe(c, argv[0], id) : key_read(c, argv[0], id);
	}
	if (strcmp(sub, "id") == 0) {
		long ret;

		if (argc > 2 || (argc == 2 && strcmp(argv[1], "create") != 0))
			return scn_syntax(c, "key id KEY [create]");
		ret = vfsim_keyctl(scn_model_task(c), KEYCTL_GET_KEYRING_ID, arg_of(id),
				   argc == 2, 0, 0);
		if (ret >= 0)
			fprintf(scn_out(c), "id %s: %08lx\n", argv[0], (unsigned long)ret);
		return ret < 0 ? ret : 0;
	}
	if (strcmp(sub, "update") == 0) {
		if (argc != 2)
			return scn_syntax(c, "key update KEY PAYLOAD|-");
		if (strcmp(argv[1], "-") == 0)
			return vfsim_keyctl(scn_model_task(c), KEYCTL_UPDATE, arg_of(id), 0, 0, 0);
		return vfsim_keyctl(scn_model_task(c), KEYCTL_UPDATE, arg_of(id), (unsigned long)argv[1],
				    strlen(argv[1]), 0);
	}
	if (strcmp(sub, "link") == 0 || strcmp(sub, "unlink") == 0) {
		if (argc != 2)
			return scn_syntax(c, "key %s KEY RING", sub);
		if (parse_key(c, argv[1], &ring) < 0)
			return SCN_SYNTAX;
		return vfsim_keyctl(scn_model_task(c), *sub == 'l' ? KEYCTL_LINK : KEYCTL_UNLINK,
				    arg_of(id), arg_of(ring), 0, 0);
	}
	if (strcmp(sub, "setperm") == 0) {
		if (argc != 2)
			return scn_syntax(c, "key setperm KEY PERM");
		if (scn_parse_u64(c, argv[1], "permission mask", UINT32_MAX, &v) < 0)
			return SCN_SYNTAX;
		return vfsim_keyctl(scn_model_task(c), KEYCTL_SETPERM, arg_of(id), (unsigned long)v, 0, 0);
	}
	if (strcmp(sub, "chown") == 0) {
		if (argc < 2 || argc > 3)
			return scn_syntax(c, "key chown KEY UID|- [GID|-]");
		gid = (unsigned int)-1;
		if (parse_owner(c, argv[1], &uid) < 0 ||
		    (argc == 3 && parse_owner(c, argv[2], &gid) < 0))
			return SCN_SYNTAX;
		return vfsim_keyctl(scn_model_task(c), KEYCTL_CHOWN, arg_of(id), uid, gid, 0);
	}
	return scn_syntax(c, "unknown key subcommand '%s' (add, request, update, link, unlink, "
			  "clear, revoke, invalidate, setperm, chown, describe, read, id, gc)", sub);
}

/* watch_key PIPE KEY ID / unwatch_key PIPE KEY */
static long verb_watch_key(struct scn_call *c)
{
	struct vfsim_task *t;
	uint64_t watch_id = (uint64_t)-1;
	int32_t id;
	int fd;

	if (scn_fd_lookup_model(c, c->argv[0], false, &t, &fd) < 0 ||
	    parse_key(c, c->argv[1], &id) < 0)
		return SCN_SYNTAX;
	/* IDs above 255 are passed on: refusing them is the kernel's job. */
	if (c->argc == 3 && scn_parse_u64(c, c->argv[2], "watch ID", INT32_MAX, &watch_id) < 0)
		return SCN_SYNTAX;
	return vfsim_keyctl(t, KEYCTL_WATCH_KEY, arg_of(id), (unsigned long)(long)fd,
			    (unsigned long)(long)(int)watch_id, 0);
}

const struct scn_verb scn_verbs_keys[] = {
	{ "key", 1, SCN_UNLIMITED, SCN_VERB_NEEDS_TASK | SCN_VERB_MODEL, verb_key, "SUBCOMMAND [ARG]...",
	  "add_key, request_key, keyctl: add, request, update, link, unlink, clear, "
	  "revoke, invalidate, setperm, chown, describe, read, id, gc" },
	{ "watch_key", 3, 3, SCN_VERB_MODEL, verb_watch_key, "PIPE KEY ID",
	  "KEYCTL_WATCH_KEY: watch KEY through PIPE with watch ID (0..255)" },
	{ "unwatch_key", 2, 2, SCN_VERB_MODEL, verb_watch_key, "PIPE KEY",
	  "KEYCTL_WATCH_KEY with ID -1: PIPE's watch on KEY goes" },
	{ NULL, 0, 0, 0, NULL, NULL, NULL },
};
