/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * What a filesystem sees of fsinfo() (the kernel's include/linux/fsinfo.h,
 * patches 07 and 08): the query context, attribute tables and the helpers
 * to build and answer them.
 *
 * A filesystem answers with a ->fsinfo() super operation that calls
 * fsinfo_get_attribute() on its own table; attributes it does not list
 * fall through to the common table.  A getter is called with ctx->buffer
 * zeroed and ctx->buf_size bytes long, writes what fits and returns the
 * full size of the value (or -errno): a vstruct getter always has room; a
 * string, list or opaque getter that returns more than buf_size is called
 * again with a bigger buffer.
 */
#ifndef _VFSIM_FSINFO_FSINFO_H
#define _VFSIM_FSINFO_FSINFO_H

#include <uapi/linux/fsinfo.h>
#include <vfs/mount.h>

/* What a string, list or opaque value gets before it says it needs more. */
#define FSINFO_NORMAL_ATTR_MAX_SIZE 4096

struct fsinfo_context {
	__u32		flags;		/* [in] FSINFO_FLAGS_* */
	__u32		requested_attr;	/* [in] attribute ID */
	__u32		Nth;		/* [in] which value */
	__u32		Mth;		/* [in] which value of the Nth set */
	bool		want_size_only;	/* [in] the caller wants the size only */
	bool		clear_tail;	/* [out] zero the user buffer past the value */
	unsigned int	usage;		/* [tmp] bytes of ->buffer used so far */
	unsigned int	buf_size;	/* [tmp] size of ->buffer */
	void		*buffer;	/* [out] the value, kvfree()d by the caller */
};

struct fsinfo_attribute {
	unsigned int		attr_id;
	enum fsinfo_value_type	type:8;
	unsigned int		flags:8;	/* FSINFO_FLAGS_N, FSINFO_FLAGS_NM */
	unsigned int		size:16;	/* vstruct or list element size */
	int (*get)(struct path *path, struct fsinfo_context *ctx);
};

#define __FSINFO(A, T, S, G, F) \
	{ .attr_id = (A), .type = (T), .flags = (F), .size = (S), .get = (G) }

#define _FSINFO(A, T, S, G)	__FSINFO(A, T, S, G, 0)
#define _FSINFO_N(A, T, S, G)	__FSINFO(A, T, S, G, FSINFO_FLAGS_N)
#define _FSINFO_NM(A, T, S, G)	__FSINFO(A, T, S, G, FSINFO_FLAGS_NM)

#define _FSINFO_VSTRUCT(A, S, G)	_FSINFO(A, FSINFO_TYPE_VSTRUCT, sizeof(S), G)
#define _FSINFO_VSTRUCT_N(A, S, G)	_FSINFO_N(A, FSINFO_TYPE_VSTRUCT, sizeof(S), G)
#define _FSINFO_VSTRUCT_NM(A, S, G)	_FSINFO_NM(A, FSINFO_TYPE_VSTRUCT, sizeof(S), G)

/* A is the attribute's name; vstructs and lists find their type in A##__STRUCT. */
#define FSINFO_VSTRUCT(A, G)	_FSINFO_VSTRUCT(A, A##__STRUCT, G)
#define FSINFO_VSTRUCT_N(A, G)	_FSINFO_VSTRUCT_N(A, A##__STRUCT, G)
#define FSINFO_VSTRUCT_NM(A, G)	_FSINFO_VSTRUCT_NM(A, A##__STRUCT, G)
#define FSINFO_STRING(A, G)	_FSINFO(A, FSINFO_TYPE_STRING, 0, G)
#define FSINFO_STRING_N(A, G)	_FSINFO_N(A, FSINFO_TYPE_STRING, 0, G)
#define FSINFO_STRING_NM(A, G)	_FSINFO_NM(A, FSINFO_TYPE_STRING, 0, G)
#define FSINFO_OPAQUE(A, G)	_FSINFO(A, FSINFO_TYPE_OPAQUE, 0, G)
#define FSINFO_LIST(A, G)	_FSINFO(A, FSINFO_TYPE_LIST, sizeof(A##__STRUCT), G)
#define FSINFO_LIST_N(A, G)	_FSINFO_N(A, FSINFO_TYPE_LIST, sizeof(A##__STRUCT), G)

/* Answer ctx->requested_attr from @attributes (ended by an entry with no
 * getter); -EOPNOTSUPP if the table does not have it. */
int fsinfo_get_attribute(struct path *path, struct fsinfo_context *ctx,
			 const struct fsinfo_attribute *attributes);

/* Store @s (may be NULL: empty) as a string value. */
int fsinfo_string(const char *s, struct fsinfo_context *ctx);

/* The common table's getters a filesystem may call from its own. */
int fsinfo_generic_timestamp_info(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_supports(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_limits(struct path *path, struct fsinfo_context *ctx);
int fsinfo_generic_features(struct path *path, struct fsinfo_context *ctx);

static inline void fsinfo_init_features(struct fsinfo_features *p)
{
	p->nr_features = FSINFO_FEAT__NR;
}

static inline void fsinfo_set_feature(struct fsinfo_features *p,
				      enum fsinfo_feature feature)
{
	p->features[feature / 8] |= (__u8)(1U << (feature % 8));
}

static inline void fsinfo_clear_feature(struct fsinfo_features *p,
					enum fsinfo_feature feature)
{
	p->features[feature / 8] &= (__u8)~(1U << (feature % 8));
}

/*
 * fsinfo_set_unix_features - what any UNIX-like filesystem has: numeric
 * owners, directories, symlinks, hard links, device and special files,
 * sparse files, a/c/mtime and inode numbers.  Leaves nr_features alone.
 */
static inline void fsinfo_set_unix_features(struct fsinfo_features *p)
{
	fsinfo_set_feature(p, FSINFO_FEAT_UIDS);
	fsinfo_set_feature(p, FSINFO_FEAT_GIDS);
	fsinfo_set_feature(p, FSINFO_FEAT_DIRECTORIES);
	fsinfo_set_feature(p, FSINFO_FEAT_SYMLINKS);
	fsinfo_set_feature(p, FSINFO_FEAT_HARD_LINKS);
	fsinfo_set_feature(p, FSINFO_FEAT_DEVICE_FILES);
	fsinfo_set_feature(p, FSINFO_FEAT_UNIX_SPECIALS);
	fsinfo_set_feature(p, FSINFO_FEAT_SPARSE);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_ATIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_CTIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_MTIME);
	fsinfo_set_feature(p, FSINFO_FEAT_HAS_INODE_NUMBERS);
}

#endif
