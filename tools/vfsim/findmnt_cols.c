// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * findmnt's columns on the model (findmnt.h): the names, width hints,
 * libsmartcols flags and JSON types of util-linux 2.38's findmnt, and
 * each cell as findmnt writes it from /proc/self/mountinfo and statvfs()
 * (here: struct vfsim_mount_desc and fsinfo()'s STATFS and IDS).  The
 * `tree` verb's OPTIONS and PROPAGATION are kept as the default table's
 * last two columns, so that `vfsim tree` still shows what the verb shows.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libsmartcols.h>

#include "findmnt.h"

const struct fm_colinfo fm_cols[FM_NR_COLS] = {
	[FM_AVAIL]       = { "AVAIL", 5, SCOLS_FL_RIGHT, true, true, "filesystem size available", false },
	[FM_FSROOT]      = { "FSROOT", 0.25, SCOLS_FL_NOEXTREMES, false, false, "filesystem root", false },
	[FM_FSTYPE]      = { "FSTYPE", 0.10, SCOLS_FL_TRUNC, false, false, "filesystem type", false },
	[FM_FS_OPTIONS]  = { "FS-OPTIONS", 0.10, SCOLS_FL_TRUNC, false, false, "FS specific mount options", false },
	[FM_ID]          = { "ID", 2, SCOLS_FL_RIGHT, true, false, "mount ID", false },
	[FM_LABEL]       = { "LABEL", 0.10, 0, false, false, "filesystem label", true },
	[FM_MAJMIN]      = { "MAJ:MIN", 6, 0, false, false, "major:minor device number", false },
	[FM_OPTIONS]     = { "OPTIONS", 0.10, SCOLS_FL_TRUNC, false, false, "all mount options", false },
	[FM_OPT_FIELDS]  = { "OPT-FIELDS", 0.10, SCOLS_FL_TRUNC, false, false, "optional mount fields", false },
	[FM_PARENT]      = { "PARENT", 2, SCOLS_FL_RIGHT, true, false, "mount parent ID", false },
	[FM_PROPAGATION] = { "PROPAGATION", 0.10, 0, false, false, "VFS propagation flags", false },
	[FM_SIZE]        = { "SIZE", 5, SCOLS_FL_RIGHT, true, true, "filesystem size", false },
	[FM_SOURCE]      = { "SOURCE", 0.25, SCOLS_FL_NOEXTREMES, false, false, "source device", false },
	[FM_TARGET]      = { "TARGET", 0.30, SCOLS_FL_TREE | SCOLS_FL_NOEXTREMES, false, false, "mountpoint", false },
	[FM_USED]        = { "USED", 5, SCOLS_FL_RIGHT, true, true, "filesystem size used", false },
	[FM_USEPERC]     = { "USE%", 3, SCOLS_FL_RIGHT, false, true, "filesystem use percentage", false },
	[FM_UUID]        = { "UUID", 36, 0, false, false, "filesystem UUID", true },
	[FM_VFS_OPTIONS] = { "VFS-OPTIONS", 0.20, SCOLS_FL_TRUNC, false, false, "VFS specific mount options", false },
	[FM_TREE_OPTIONS] = { "OPTIONS", 0.10, SCOLS_FL_TRUNC, false, false, NULL, false },
	[FM_TREE_PROPAGATION] = { "PROPAGATION", 0.10, 0, false, false, NULL, false },
};

int fm_column(const char *name, size_t len)
{
	int c;

	for (c = 0; c < FM_NR_NAMED; c++)
		if (strlen(fm_cols[c].name) == len &&
		    strncasecmp(name, fm_cols[c].name, len) == 0)
			return c;
	return -1;
}

/* ---- cells ---------------------------------------------------------------- */

/* The mount's own options as mountinfo writes them (@relatime: findmnt's,
 * relatime shown), or the `tree` verb's (relatime not shown, sb-ro). */
static void put_vfs_options(FILE *f, const struct vfsim_mount_desc *m,
			    bool findmnt)
{
	fputs(m->attr & VFSIM_ATTR_RDONLY ? "ro" : "rw", f);
	if (m->attr & VFSIM_ATTR_NOSUID)
		fputs(",nosuid", f);
	if (m->attr & VFSIM_ATTR_NODEV)
		fputs(",nodev", f);
	if (m->attr & VFSIM_ATTR_NOEXEC)
		fputs(",noexec", f);
	if (m->attr & VFSIM_ATTR_NOATIME)
		fputs(",noatime", f);
	else if (m->attr & VFSIM_ATTR_STRICTATIME)
		fputs(",strictatime", f);
	else if (findmnt)
		fputs(",relatime", f);
	if (m->attr & VFSIM_ATTR_NODIRATIME)
		fputs(",nodiratime", f);
	if (m->attr & VFSIM_ATTR_NOSYMFOLLOW)
		fputs(",nosymfollow", f);
	if (!findmnt && (m->sb_flags & VFSIM_SB_RDONLY) &&
	    !(m->attr & VFSIM_ATTR_RDONLY))
		fputs(",sb-ro", f);
}

/* mountinfo's optional fields; @private: "private" for none (the verb's). */
static void put_opt_fields(FILE *f, const struct vfsim_mount_desc *m,
			   bool private)
{
	const char *sep = "";

	if (m->propagation & VFSIM_PROPAGATION_SHARED) {
		fprintf(f, "shared:%u", m->peer_group);
		sep = " ";
	}
	if (m->propagation & VFSIM_PROPAGATION_SLAVE) {
		fprintf(f, "%smaster:%u", sep, m->master);
		sep = " ";
	}
	if (m->propagation & VFSIM_PROPAGATION_UNBINDABLE) {
		fprintf(f, "%sunbindable", sep);
		sep = " ";
	}
	if (!*sep && private)
		fputs("private", f);
}

/* As blkid writes a UUID: 8-4-4-4-12 lower-case hex digits. */
static void put_uuid(FILE *f, const unsigned char *u)
{
	int i;

	for (i = 0; i < 16; i++)
		fprintf(f, "%s%02x", i == 4 || i == 6 || i == 8 || i == 10 ? "-" : "", u[i]);
}

/* util-linux's size_to_human_string(SIZE_SUFFIX_1LETTER, @bytes): "1M",
 * "77.7G", one decimal rounded 4/5 and dropped when it is 0. */
static void put_human_size(FILE *f, uint64_t bytes)
{
	static const char letters[] = "BKMGTPE";
	uint64_t dec, frac = 0;
	int exp = 0;

	while (exp < 60 && bytes >= (1ULL << (exp + 10)))
		exp += 10;
	dec = exp ? bytes >> exp : bytes;
	if (exp) {
		frac = bytes & ((1ULL << exp) - 1);
		if (frac >= UINT64_MAX / 1000)
			frac = ((frac / 1024) * 1000) / (1ULL << (exp - 10));
		else
			frac = (frac * 1000) / (1ULL << exp);
		frac = ((frac + 50) / 100) * 10;
		if (frac == 100) {
			dec++;
			frac = 0;
		}
	}
	if (frac)
		fprintf(f, "%llu.%llu%c", (unsigned long long)dec,
			(unsigned long long)(frac / 10), letters[exp / 10]);
	else
		fprintf(f, "%llu%c", (unsigned long long)dec, letters[exp / 10]);
}

/* findmnt's get_vfs_attr(): SIZE, USED, AVAIL, USE%. */
static void put_size(FILE *f, const struct fm_mount *m, int col, bool bytes)
{
	uint64_t v;

	if (col == FM_USEPERC) {
		if (m->blocks == 0)
			fputs("-", f);
		else
			fprintf(f, "%.0f%%", (double)(m->blocks - m->bfree) /
				(double)m->blocks * 100);
		return;
	}
	v = m->frsize * (col == FM_SIZE ? m->blocks : col == FM_AVAIL ?
			 m->bavail : m->blocks - m->bfree);
	if (!v)
		fputs("0", f);
	else if (bytes)
		fprintf(f, "%llu", (unsigned long long)v);
	else
		put_human_size(f, v);
}

char *fm_cell(const struct fm_mount *m, int col, unsigned int how)
{
	const struct vfsim_mount_desc *d = &m->d;
	const char *fs_opts;
	unsigned int i;
	char *s = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&s, &len);

	if (!f)
		return NULL;
	switch (col) {
	case FM_ID:
	case FM_PARENT:
		fprintf(f, "%u", col == FM_ID ? d->mnt_id : d->parent_id);
		break;
	case FM_TARGET:
		fputs(d->mountpoint, f);
		break;
	case FM_SOURCE:
		/* findmnt: SOURCE[FSROOT] for a mount of a subdirectory */
		fputs(d->source, f);
		if (*d->source && *d->root && strcmp(d->root, "/") != 0)
			fprintf(f, "[%s]", d->root);
		break;
	case FM_FSTYPE:
		fputs(d->fstype, f);
		break;
	case FM_FSROOT:
		fputs(d->root, f);
		break;
	case FM_OPTIONS:
		/* libmount's merge: the VFS options, then the superblock's
		 * without their leading rw or ro */
		put_vfs_options(f, d, true);
		fs_opts = strchr(d->sb_options, ',');
		if (fs_opts)
			fputs(fs_opts, f);
		break;
	case FM_VFS_OPTIONS:
		put_vfs_options(f, d, true);
		break;
	case FM_FS_OPTIONS:
		fputs(d->sb_options, f);
		break;
	case FM_OPT_FIELDS:
		put_opt_fields(f, d, false);
		break;
	case FM_PROPAGATION:
		fputs(d->propagation & VFSIM_PROPAGATION_SHARED ? "shared" : "private", f);
		if (d->propagation & VFSIM_PROPAGATION_SLAVE)
			fputs(",slave", f);
		if (d->propagation & VFSIM_PROPAGATION_UNBINDABLE)
			fputs(",unbindable", f);
		break;
	case FM_MAJMIN:
		/* findmnt pads it in a table: "  0:40 " */
		if (m->have_dev && (m->major || m->minor))
			fprintf(f, how & FM_CELL_PLAIN ? "%u:%u" : "%3u:%-3u",
				m->major, m->minor);
		break;
	case FM_SIZE:
	case FM_USED:
	case FM_AVAIL:
	case FM_USEPERC:
		if (m->have_statfs)
			put_size(f, m, col, how & FM_CELL_BYTES);
		break;
	case FM_LABEL:
		if (m->label)
			fputs(m->label, f);
		break;
	case FM_UUID:
		/* none (all zeros, tmpfs's) is blank, as findmnt's */
		for (i = 0; i < 16 && !m->uuid[i]; i++)
			;
		if (i < 16)
			put_uuid(f, m->uuid);
		break;
	case FM_TREE_OPTIONS:
		put_vfs_options(f, d, false);
		break;
	default:	/* FM_TREE_PROPAGATION */
		put_opt_fields(f, d, true);
		break;
	}
	if (fclose(f) != 0) {
		free(s);
		return NULL;
	}
	return s;
}

/* ---- filters ---------------------------------------------------------------- */

bool fm_match_fstype(const char *type, const char *pattern)
{
	size_t len = strlen(type);
	bool no = false;
	const char *p;

	if (strncmp(pattern, "no", 2) == 0) {
		no = true;
		pattern += 2;
	}
	for (p = pattern; p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		if (strncmp(p, "no", 2) == 0 && strncasecmp(p + 2, type, len) == 0 &&
		    (p[len + 2] == '\0' || p[len + 2] == ','))
			return false;
		if (strncasecmp(p, type, len) == 0 && (p[len] == '\0' || p[len] == ','))
			return !no;
	}
	return no;
}

/* The value of option @name (@nlen bytes) in @optstr: 0 and @val/@vlen if
 * it is there, -1 if not. */
static int get_option(const char *optstr, const char *name, size_t nlen,
		      const char **val, size_t *vlen)
{
	const char *p = optstr;

	while (*p) {
		size_t len = strcspn(p, ","), klen = strcspn(p, "=,");

		if (klen == nlen && strncmp(p, name, nlen) == 0) {
			*val = klen < len ? p + klen + 1 : NULL;
			*vlen = klen < len ? len - klen - 1 : 0;
			return 0;
		}
		p += len;
		if (*p)
			p++;
	}
	return -1;
}

bool fm_match_options(const char *optstr, const char *pattern)
{
	const char *p = pattern;

	while (*p) {
		size_t len = strcspn(p, ","), nlen = strcspn(p, "=,");
		const char *name = p, *want = nlen < len ? p + nlen + 1 : NULL;
		size_t wlen = nlen < len ? len - nlen - 1 : 0, vlen;
		const char *val;
		bool no = false;
		int rc;

		if (*name == '+') {
			name++;
			nlen--;
		} else if (nlen >= 2 && strncmp(name, "no", 2) == 0) {
			no = true;
			name += 2;
			nlen -= 2;
		}
		rc = get_option(optstr, name, nlen, &val, &vlen);
		if (rc == 0 && want && (vlen != wlen || strncmp(val, want, wlen) != 0))
			rc = -1;
		if (no ? rc == 0 : rc != 0)
			return false;
		p += len;
		if (*p)
			p++;
	}
	return true;
}
