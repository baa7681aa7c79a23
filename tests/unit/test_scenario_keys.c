// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The key verbs of the scenario engine (docs/scenario.md, "Keys"): what
 * each prints, how KEY words resolve, and every malformed line they
 * refuse (status 65, with the report naming the problem).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/vfsim.h>

#include "common/linecase.h"

#define BOOT "boot empty\n"

static const struct line_case outputs[] = {
	{ BOOT "key add user a x\001y @s a\nkey read a\nkey read 0x10000004\n"
	       "key read 268435460\n",
	  0, "key a: 10000004\nread a: x\\001y\nread 0x10000004: x\\001y\n"
	     "read 268435460: x\\001y\n", "" },
	{ BOOT "key add keyring r - @s\nkey add user a x 0x10000004\nkey read 0x10000004\n"
	       "key id @s\nkey id @p create\nkey id @p\n",
	  0, "key: 10000004\nkey: 10000005\nread 0x10000004: 10000005\nid @s: 10000003\n"
	     "id @p: 10000006\nid @p: 10000006\n", "" },
	{ BOOT "key add user a x @s a\nkey add user a y @s a\nkey read a\n"
	       "expect EINVAL key update a -\nkey chown a - -\nkey chown a 0\nkey chown a - 0\n"
	       "key setperm a 0x3f3f0000\nkey describe a\nkey request user a - 0\n"
	       "key request user b cb @s b\nkey read b\nkey unlink b @s\nkey link a @u\n"
	       "key clear @s\nkey revoke a\nkey gc\nexpect ENOKEY key describe a\n",
	  0, "key a: 10000004\nkey a: 10000004\nread a: y\ndescribe a: user;0;0;3f3f0000;a\n"
	     "key: 10000004\nkey b: 10000005\nread b: cb\n", "" },
	{ BOOT "pipe p nonblock\nsize p 4\nkey add user a x @s a\nwatch_key p a 1\n"
	       "unwatch_key p a\nexpect EBADSLT unwatch_key p a\nkey invalidate a\nread p\n",
	  0, "key a: 10000004\nread p: 16 bytes\n  meta removal id=1 object=0x10000004\n", "" },
};

/* A payload longer than the page the verb reads shows as its length. */
Test(scenario_keys, a_long_payload)
{
	static char text[6000];
	const struct line_case lc = { text, 0, "key: 10000004\nread 0x10000004: 4200 bytes\n", "" };
	int n = snprintf(text, sizeof(text), BOOT "key add user big ");

	memset(text + n, 'b', 4200);
	strcpy(text + n + 4200, " @s\nkey read 0x10000004\n");
	line_case_run(&lc, 0);
}

static const struct line_case malformed[] = {
	{ BOOT "key add user a\n", 65, "", "key add TYPE DESC PAYLOAD|- RING [NAME]" },
	{ BOOT "key add user a x @s n extra\n", 65, "", "key add TYPE DESC" },
	{ BOOT "key request user a\n", 65, "", "CALLOUT|- RING" },
	{ BOOT "key request user a - 0 n extra\n", 65, "", "key request TYPE DESC" },
	{ BOOT "key add user a x nokey\n", 65, "", "'nokey': not a key" },
	{ BOOT "key request user a - nokey\n", 65, "", "'nokey': not a key" },
	{ BOOT "key add user a x 0x1ffffffff\n", 65, "", "key serial" },
	{ BOOT "key gc now\n", 65, "", "key gc takes no arguments" },
	{ BOOT "key revoke\n", 65, "", "key revoke: KEY expected" },
	{ BOOT "key revoke nokey\n", 65, "", "not a key" },
	{ BOOT "key revoke @s @u\n", 65, "", "key revoke KEY" },
	{ BOOT "key describe @s @u\n", 65, "", "key describe KEY" },
	{ BOOT "key id @s make\n", 65, "", "key id KEY [create]" },
	{ BOOT "key id @s create x\n", 65, "", "key id KEY [create]" },
	{ BOOT "key update @s\n", 65, "", "key update KEY PAYLOAD|-" },
	{ BOOT "key link @s\n", 65, "", "key link KEY RING" },
	{ BOOT "key link @s nokey\n", 65, "", "not a key" },
	{ BOOT "key setperm @s\n", 65, "", "key setperm KEY PERM" },
	{ BOOT "key setperm @s 0x1ffffffff\n", 65, "", "permission mask" },
	{ BOOT "key chown @s\n", 65, "", "key chown KEY UID|- [GID|-]" },
	{ BOOT "key chown @s x\n", 65, "", "t:2" },
	{ BOOT "key chown @s 0 x\n", 65, "", "t:2" },
	{ BOOT "key frob @s\n", 65, "", "unknown key subcommand 'frob'" },
	{ BOOT "pipe p\nwatch_key p nokey 1\n", 65, "", "not a key" },
	{ BOOT "pipe p\nwatch_key p @s x\n", 65, "", "watch ID" },
	{ BOOT "watch_key nopipe @s 1\n", 65, "", "no open file named 'nopipe'" },
	{ "key id @s\n", 65, "", "t:1" },
};

Test(scenario_keys, outputs)
{
	size_t i;

	for (i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
		line_case_run(&outputs[i], (int)i);
}

Test(scenario_keys, malformed)
{
	size_t i;

	for (i = 0; i < sizeof(malformed) / sizeof(malformed[0]); i++)
		line_case_run(&malformed[i], (int)i);
}
