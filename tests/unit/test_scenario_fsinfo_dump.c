// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * test-fsinfo's printers (scenario/fsinfo_dump.c) on values the model's
 * filesystems never produce but the uapi allows: opaque and N x M
 * attributes, unknown types and IDs, short vstructs, AFS addresses of
 * every transport and family, zero ext4 times, granularities above one
 * second, strings with escapes; and test-fsinfo's whole run
 * (vfsim_scenario_fsinfo_all()) with its raw, colour and meta modes and
 * its complaint about a failed call.
 */
#include <criterion/criterion.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <scenario/fsinfo_dump.h>
#include <vfsim/scenario.h>
#include <vfsim/testing.h>
#include <vfsim/uapi/linux/fsinfo.h>
#include <vfsim/vfsim.h>

#include "scenario/tool_api.h"
#include "common/check.h"
#include "common/fixtures.h"

/* A memory stream and what was written to it. */
struct cap {
	FILE *f;
	char *s;
	size_t len;
};

static void cap_open(struct cap *c)
{
	c->s = NULL;
	c->f = open_memstream(&c->s, &c->len);
	cr_assert_not_null(c->f);
}

/* Close @c and compare with @want; frees the text. */
static void cap_is(struct cap *c, const char *want)
{
	fclose(c->f);
	cr_expect_str_eq(c->s, want);
	free(c->s);
}

Test(fsinfo_dump, attribute_info_rows)
{
	struct fsinfo_attribute_info info = { .attr_id = 0x999, .type = FSINFO_TYPE_OPAQUE,
					      .flags = FSINFO_FLAGS_NM };
	struct cap c;

	cap_open(&c);
	fsd_dump_attribute_info(c.f, &info);
	info.type = 9;
	info.flags = 0;
	info.size = 12;
	fsd_dump_attribute_info(c.f, &info);
	info.attr_id = FSINFO_ATTR_MOUNT_CHILDREN;
	info.type = FSINFO_TYPE_LIST;
	info.flags = FSINFO_FLAGS_N;
	fsd_dump_attribute_info(c.f, &info);
	cap_is(&c,
	       "     999 OPAQUE x NM  00000002     - \n"
	       "     999 type-9       00000000    12 \n"
	       "     203 LIST x N     00000001    12 fsinfo_generic_mount_children\n");
}

Test(fsinfo_dump, labels)
{
	struct cap c;

	cap_open(&c);
	fsd_print_label(c.f, "a", FSINFO_FLAGS_NM, 1, 2, false);
	fsd_print_label(c.f, "b", FSINFO_FLAGS_NM, 3, 4, true);
	fsd_print_label(c.f, "c", FSINFO_FLAGS_N, 5, 0, true);
	fsd_print_label(c.f, "d", 0, 0, 0, true);
	cap_is(&c, "a{1,2}: \033[33mb{3,4}\033[m: \033[33mc{5}\033[m: \033[33md\033[m: ");
}

Test(fsinfo_dump, values_without_a_dumper)
{
	struct fsinfo_attribute_info info = { .attr_id = 0x999, .type = FSINFO_TYPE_VSTRUCT };
	unsigned char value[8] = { 0 };
	struct cap c;

	cap_open(&c);
	fsd_dump_value(c.f, 0x999, &info, value, sizeof(value));
	info.type = FSINFO_TYPE_LIST;
	fsd_dump_value(c.f, 0x999, &info, value, sizeof(value));
	info.type = FSINFO_TYPE_OPAQUE;
	fsd_dump_value(c.f, 0x999, &info, value, sizeof(value));
	/* A known vstruct shorter than the tool's struct. */
	info.attr_id = FSINFO_ATTR_IDS;
	info.type = FSINFO_TYPE_VSTRUCT;
	fsd_dump_value(c.f, FSINFO_ATTR_IDS, &info, value, 4);
	fclose(c.f);
	{
		char want[128];

		snprintf(want, sizeof(want), "<no dumper>\n\n<no dumper>\n\n<short data 4/%zu>\n",
			 sizeof(struct fsinfo_ids));
		cr_expect_str_eq(c.s, want);
	}
	free(c.s);
}

/* An AFS address element: AF_RXRPC with @transport over @inner, or a bare
 * sockaddr of @family. */
static void afs_addr(struct fsinfo_afs_server_address *a, unsigned short family,
		     unsigned short transport, const struct sockaddr_storage *inner)
{
	unsigned short service = 7000;

	memset(a, 0, sizeof(*a));
	if (family != 33) {
		memcpy(&a->address, inner, sizeof(*inner) < sizeof(a->address) ?
		       sizeof(*inner) : sizeof(a->address));
		return;
	}
	memcpy((char *)&a->address, &family, 2);
	memcpy((char *)&a->address + 2, &service, 2);
	memcpy((char *)&a->address + 4, &transport, 2);
	memcpy((char *)&a->address + 8, inner, 24 + 4);
}

Test(fsinfo_dump, afs_addresses)
{
	struct fsinfo_attribute_info info = { .attr_id = FSINFO_ATTR_AFS_SERVER_ADDRESSES,
					      .type = FSINFO_TYPE_LIST,
					      .flags = FSINFO_FLAGS_N };
	struct fsinfo_afs_server_address a[5];
	struct sockaddr_storage v4 = { 0 }, v6 = { 0 }, odd = { 0 };
	struct sockaddr_in *sin = (struct sockaddr_in *)&v4;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&v6;
	struct cap c;

	sin->sin_family = AF_INET;
	sin->sin_port = htons(7001);
	inet_pton(AF_INET, "10.0.0.1", &sin->sin_addr);
	sin6->sin6_family = AF_INET6;
	sin6->sin6_port = htons(7003);
	inet_pton(AF_INET6, "2001:db8::1", &sin6->sin6_addr);
	odd.ss_family = 99;

	afs_addr(&a[0], 33, SOCK_STREAM, &v6);
	afs_addr(&a[1], 33, 9, &v4);
	afs_addr(&a[2], 33, SOCK_DGRAM, &odd);
	afs_addr(&a[3], AF_INET, 0, &v4);
	afs_addr(&a[4], AF_INET6, 0, &v6);

	cap_open(&c);
	fsd_dump_value(c.f, FSINFO_ATTR_AFS_SERVER_ADDRESSES, &info, a, sizeof(a));
	cap_is(&c,
	       "\n"
	       "\t[00]  7000  7003/tcp 2001:db8::1\n"
	       "\t[01]  7000  7001/  9 10.0.0.1\n"
	       "\t[02]  7000 family=99\n"
	       "\t[03]  7001 10.0.0.1\n"
	       "\t[04]  7003 2001:db8::1\n");
}

Test(fsinfo_dump, times_and_strings)
{
	struct fsinfo_attribute_info info = { .type = FSINFO_TYPE_VSTRUCT };
	struct fsinfo_ext4_timestamps e = { .mkfs_time = 86400 };
	struct fsinfo_timestamp_info ti = { 0 };
	struct cap c;

	ti.atime.gran_mantissa = 2;
	ti.atime.gran_exponent = 1;
	ti.mtime.gran_mantissa = 1;
	ti.mtime.gran_exponent = -3;
	ti.ctime.gran_mantissa = 1;
	ti.btime.gran_mantissa = 5;
	ti.btime.gran_exponent = 2;
	ti.btime.maximum = 0x10;

	cap_open(&c);
	info.attr_id = FSINFO_ATTR_EXT4_TIMESTAMPS;
	fsd_dump_value(c.f, FSINFO_ATTR_EXT4_TIMESTAMPS, &info, &e, sizeof(e));
	info.attr_id = FSINFO_ATTR_TIMESTAMP_INFO;
	fsd_dump_value(c.f, FSINFO_ATTR_TIMESTAMP_INFO, &info, &ti, sizeof(ti));
	info.attr_id = FSINFO_ATTR_VOLUME_NAME;
	info.type = FSINFO_TYPE_STRING;
	fsd_dump_value(c.f, FSINFO_ATTR_VOLUME_NAME, &info, "a\\b\tc\0d", 8);
	cap_is(&c,
	       "\n"
	       "\tmkfs    : 1970-01-02 00:00:00\n"
	       "\tmount   : -\n"
	       "\twrite   : -\n"
	       "\tfsck    : -\n"
	       "\t1st-err : -\n"
	       "\tlast-err: -\n"
	       "\n"
	       "\tatime       : gran=20s range=0-0\n"
	       "\tmtime       : gran=0.001s range=0-0\n"
	       "\tctime       : gran=1s range=0-0\n"
	       "\tbtime       : gran=500s range=0-10\n"
	       "a\\134b\\011c\n");
}

Test(fsinfo_dump, names_and_numbers)
{
	unsigned int id = 7;
	char buf[32];

	EXPECT(fsd_parse_attr("statfs", &id), 0);
	cr_expect_eq(id, FSINFO_ATTR_STATFS);
	EXPECT(fsd_parse_attr("0x302", &id), 0);
	cr_expect_eq(id, FSINFO_ATTR_AFS_SERVER_ADDRESSES);
	EXPECT(fsd_parse_attr("bogus", &id), -EINVAL);
	EXPECT(fsd_parse_attr("12x", &id), -EINVAL);
	EXPECT(fsd_parse_attr("0x100000000", &id), -EINVAL);
	cr_expect_eq(id, FSINFO_ATTR_AFS_SERVER_ADDRESSES, "unchanged on failure");
	cr_expect_str_eq(fsd_display_name(0x7ff, buf, sizeof(buf)), "<unknown-7ff>");
	cr_expect_str_eq(fsd_display_name(FSINFO_ATTR_STATFS, buf, sizeof(buf)), "statfs");
	cr_expect_null(fsd_attr_by_word("bogus"));
	cr_expect_null(fsd_attr_by_id(0x7ff));
}

/* ---- test-fsinfo's whole run --------------------------------------------------- */

static struct vfsim *v;
static struct vfsim_task *t;

/* Run it on @path with @o; the status, and the output in *@out. */
static int run_all(const char *path, struct vfsim_scenario_fsinfo_opts *o, char **out, char **err)
{
	struct cap c, e;
	int status;

	cap_open(&c);
	cap_open(&e);
	o->err = e.f;
	status = vfsim_scenario_fsinfo_all(t, path, c.f, o);
	fclose(c.f);
	fclose(e.f);
	*out = c.s;
	*err = e.s;
	return status;
}

VT_TEST(fsinfo_dump, whole_run_modes, "empty", NULL)
{
	struct vfsim_scenario_fsinfo_opts o = { 0 };
	char *out, *err;

	/* The namespace root has no mount point: said, and the run goes on. */
	cr_expect_eq(run_all("/", &o, &out, &err), 0);
	cr_expect(strstr(out, "mount_point: <no value (ENODATA)>\n"), "%s", out);
	cr_expect(strstr(out, "volume_id: rootfs\n"), "%s", out);
	cr_expect_str_empty(err);
	free(out);
	free(err);

	/* Raw: hex rows instead of values; colour: the labels. */
	o.raw = true;
	cr_expect_eq(run_all("/", &o, &out, &err), 0);
	cr_expect(strstr(out, "0000: 746f6f72 7366\n"), "%s", out);
	cr_expect_null(strstr(out, "volume_id: rootfs"));
	free(out);
	free(err);
	o.raw = false;
	o.colour = true;
	cr_expect_eq(run_all("/", &o, &out, &err), 0);
	cr_expect(strstr(out, "\033[33mvolume_id\033[m: rootfs\n"), "%s", out);
	free(out);
	free(err);

	/* A path that is not there: the sample's complaint, status 1. */
	o.colour = false;
	cr_expect_eq(run_all("/nope", &o, &out, &err), 1);
	cr_expect_str_eq(err, "Unable to get attribute list: ENOENT (No such file or directory)\n");
	cr_expect_str_empty(out);
	free(out);
	free(err);
}
