// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Attribute tables (patch 07): finding the requested attribute in a table,
 * the Nth/Mth rules, the buffer a value of each type needs, and the two
 * meta attributes that describe the tables themselves.
 *
 * A query may pass through two tables, the filesystem's and the common
 * one, so a table that does not know the attribute answers -EOPNOTSUPP to
 * let the next one try; the meta attributes answer -EOPNOTSUPP on purpose
 * from every table, to collect from all of them.
 */
#include <fsinfo/internal.h>

/*
 * The attribute is in the table: check Nth/Mth against its multiplicity,
 * then answer the sizing pass (no buffer) from the type alone, or call the
 * getter.
 */
static int fsinfo_get_this_attribute(struct path *path,
				     struct fsinfo_context *ctx,
				     const struct fsinfo_attribute *attr)
{
	unsigned int buf_size;

	if (ctx->Nth != 0 && !(attr->flags & (FSINFO_FLAGS_N | FSINFO_FLAGS_NM)))
		return -ENODATA;
	if (ctx->Mth != 0 && !(attr->flags & FSINFO_FLAGS_NM))
		return -ENODATA;

	switch (attr->type) {
	case FSINFO_TYPE_VSTRUCT:
		ctx->clear_tail = true;
		buf_size = attr->size;
		break;
	case FSINFO_TYPE_STRING:
	case FSINFO_TYPE_OPAQUE:
	case FSINFO_TYPE_LIST:
		buf_size = FSINFO_NORMAL_ATTR_MAX_SIZE;
		break;
	default:
		return -ENOPKG;
	}

	if (ctx->buf_size < buf_size)
		return (int)buf_size;
	return attr->get(path, ctx);
}

/*
 * Add @attr's ID to the FSINFO_ATTR_FSINFO_ATTRIBUTES list unless it is
 * there already.  Without room (the sizing pass has none) it only counts,
 * and so counts an ID that two tables share twice (erratum B6).
 */
static void fsinfo_attributes_insert(struct fsinfo_context *ctx,
				     const struct fsinfo_attribute *attr)
{
	__u32 *p = ctx->buffer;
	unsigned int i;

	if (ctx->usage >= ctx->buf_size ||
	    ctx->buf_size - ctx->usage < sizeof(__u32)) {
		ctx->usage += sizeof(__u32);
		return;
	}

	for (i = 0; i < ctx->usage / sizeof(__u32); i++)
		if (p[i] == attr->attr_id)
			return;

	p[i] = attr->attr_id;
	ctx->usage += sizeof(__u32);
}

static int fsinfo_list_attributes(struct fsinfo_context *ctx,
				  const struct fsinfo_attribute *attributes)
{
	const struct fsinfo_attribute *a;

	for (a = attributes; a->get; a++)
		fsinfo_attributes_insert(ctx, a);
	return -EOPNOTSUPP;	/* on to the next table */
}

/* FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO: Nth names the attribute described. */
static int fsinfo_get_attribute_info(struct fsinfo_context *ctx,
				     const struct fsinfo_attribute *attributes)
{
	struct fsinfo_attribute_info *p = ctx->buffer;
	const struct fsinfo_attribute *a;

	if (!ctx->buf_size)
		return sizeof(*p);

	for (a = attributes; a->get; a++) {
		if (a->attr_id == ctx->Nth) {
			p->attr_id = a->attr_id;
			p->type = a->type;
			p->flags = a->flags;
			p->size = a->size;
			return sizeof(*p);
		}
	}
	return -EOPNOTSUPP;	/* perhaps the next table has it */
}

int fsinfo_get_attribute(struct path *path, struct fsinfo_context *ctx,
			 const struct fsinfo_attribute *attributes)
{
	const struct fsinfo_attribute *a;

	switch (ctx->requested_attr) {
	case FSINFO_ATTR_FSINFO_ATTRIBUTE_INFO:
		return fsinfo_get_attribute_info(ctx, attributes);
	case FSINFO_ATTR_FSINFO_ATTRIBUTES:
		return fsinfo_list_attributes(ctx, attributes);
	default:
		for (a = attributes; a->get; a++)
			if (a->attr_id == ctx->requested_attr)
				return fsinfo_get_this_attribute(path, ctx, a);
		return -EOPNOTSUPP;
	}
}
