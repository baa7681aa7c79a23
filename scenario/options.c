// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Mount option parsing, as mount(8) does it: flag words set or clear MS_*
 * bits (a later word wins over an earlier one), a propagation word is
 * applied afterwards by a second mount() call, and the rest is the
 * filesystem's data string.  Public (<vfsim/scenario.h>): vfsim-kdiff reads
 * option words through it, so they mean the same to both commands.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>

#include <vfsim/scenario.h>

#include "tool_api.h"

#define ATIME_MASK (MS_NOATIME | MS_RELATIME | MS_STRICTATIME)

struct flag_word {
	const char *word;
	unsigned long clear;	/* bits cleared first */
	unsigned long set;	/* then set */
};

/* Per-mount flags: what `setattr` accepts; mount and remount take them too. */
static const struct flag_word flag_words[] = {
	{ "ro", 0, MS_RDONLY },
	{ "rw", MS_RDONLY, 0 },
	{ "nosuid", 0, MS_NOSUID },
	{ "suid", MS_NOSUID, 0 },
	{ "nodev", 0, MS_NODEV },
	{ "dev", MS_NODEV, 0 },
	{ "noexec", 0, MS_NOEXEC },
	{ "exec", MS_NOEXEC, 0 },
	{ "noatime", ATIME_MASK, MS_NOATIME },
	{ "relatime", ATIME_MASK, MS_RELATIME },
	{ "strictatime", ATIME_MASK, MS_STRICTATIME },
	{ "nodiratime", 0, MS_NODIRATIME },
	{ "diratime", MS_NODIRATIME, 0 },
	{ "defaults", 0, 0 },
};

unsigned long vfsim_scenario_propagation(const char *word)
{
	static const struct {
		const char *word;
		unsigned long flag;
	} types[] = {
		{ "shared", MS_SHARED },
		{ "private", MS_PRIVATE },
		{ "slave", MS_SLAVE },
		{ "unbindable", MS_UNBINDABLE },
	};
	size_t i;

	if (!word)
		return 0;
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (strcmp(word, types[i].word) == 0)
			return types[i].flag;
		if (word[0] == 'r' && strcmp(word + 1, types[i].word) == 0)
			return types[i].flag | MS_REC;
	}
	return 0;
}

static const struct flag_word *find_flag_word(const char *w)
{
	size_t i;

	for (i = 0; i < sizeof(flag_words) / sizeof(flag_words[0]); i++)
		if (strcmp(flag_words[i].word, w) == 0)
			return &flag_words[i];
	return NULL;
}

static int append_data(struct vfsim_scenario_mount_opts *o, const char *w)
{
	size_t old = o->data ? strlen(o->data) : 0, n = strlen(w);
	char *d = realloc(o->data, old + (old ? 1 : 0) + n + 1);

	if (!d)
		return -ENOMEM;
	if (old)
		d[old++] = ',';
	memcpy(d + old, w, n + 1);
	o->data = d;
	return 0;
}

int vfsim_scenario_mount_options(const char *s, enum vfsim_scenario_mount_use use,
				 struct vfsim_scenario_mount_opts *o,
				 char *err, size_t errlen)
{
	char ignored[1], *copy, *w, *next;
	int ret = 0;

	if (!err || !errlen) {
		err = ignored;
		errlen = sizeof(ignored);
	}
	if (o)
		memset(o, 0, sizeof(*o));
	if (!s || !o || (unsigned int)use > VFSIM_SCENARIO_SETATTR) {
		snprintf(err, errlen, "no options to parse, or no use for them");
		return -EINVAL;
	}
	if (!*s)
		return 0;	/* no options at all */
	copy = strdup(s);
	if (!copy)
		return -ENOMEM;

	for (w = copy; w && ret == 0; w = next) {
		const struct flag_word *fw;
		unsigned long prop;

		next = strchr(w, ',');
		if (next)
			*next++ = '\0';
		if (!*w) {
			snprintf(err, errlen, "empty option in '%s'", s);
			ret = -EINVAL;
			break;
		}

		fw = find_flag_word(w);
		if (fw) {
			o->flags = (o->flags & ~fw->clear) | fw->set;
			continue;
		}

		prop = vfsim_scenario_propagation(w);
		if (prop) {
			if (use != VFSIM_SCENARIO_MOUNT) {
				snprintf(err, errlen,
					 "'%s': use the propagation verb to change propagation",
					 w);
				ret = -EINVAL;
			} else if (o->propagation) {
				snprintf(err, errlen,
					 "'%s': only one propagation option (already '%s')",
					 w, o->propagation_word);
				ret = -EINVAL;
			} else {
				o->propagation = prop;
				snprintf(o->propagation_word,
					 sizeof(o->propagation_word), "%s", w);
			}
			continue;
		}

		if (use == VFSIM_SCENARIO_SETATTR) {
			snprintf(err, errlen, "'%s' is not a mount attribute", w);
			ret = -EINVAL;
			break;
		}
		ret = append_data(o, w);
	}
	free(copy);
	return ret;
}

void vfsim_scenario_mount_options_free(struct vfsim_scenario_mount_opts *o)
{
	if (!o)
		return;
	free(o->data);
	memset(o, 0, sizeof(*o));
}
