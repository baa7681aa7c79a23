// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * vfsim_filter_parse(): notification filter rules as text, turned into the
 * struct watch_notification_filter that IOC_WATCH_QUEUE_SET_FILTER takes.
 * The grammar, with examples, is docs/filters.md:
 *
 *   RULE     := TYPE [':' SUBTYPES] ['/' INFO]
 *   SUBTYPES := '*' | LIST | '~' LIST          LIST := SUBTYPE {',' SUBTYPE}
 *   INFO     := ITEM {',' ITEM}
 *   ITEM     := flags=F | noflags=F | id=N | mask=X | filter=X
 *
 * Names are those of the patch set's watch_test sample (and of
 * vfsim_decode_record()).  The parser only refuses what it cannot turn
 * into bits; it does not apply the kernel's checks (1..16 rules,
 * info_filter inside info_mask, the length bits), so that tests and
 * fuzzers can build the filters the kernel must refuse.
 *
 * Userland code: the text is never modified, nothing is allocated, and
 * @buf is written only on success.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <vfsim/uapi/linux/watch_queue.h>
#include <vfsim/vfsim.h>

/* More than the kernel's 16 on purpose: the parser builds what it is told. */
#define FILTER_MAX_RULES	64
#define SUBTYPE_WORDS		8	/* watch_notification_type_filter.subtype_filter */
#define SUBTYPE_MAX		255	/* watch_notification.subtype is 8 bits */
#define WATCH_ID_MAX		255


/* A piece of the text: never NUL-terminated, printed with "%.*s". */
struct tok {
	const char *s;
	size_t len;
};

#define TOK(t) (int)(t).len, (t).s

struct parser {
	struct tok rule;		/* the rule being parsed */
	unsigned int index;		/* its number, from 1 */
	const struct vfsim_record_names *names;	/* of its type; NULL for types >= 4 */
	uint32_t type;
	char *err;
	size_t errsize;
};

static long fail(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Every message names the rule, then what in it is wrong. */
static long fail(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!p->errsize)
		return -EINVAL;
	n = snprintf(p->err, p->errsize, "rule %u '%.*s': ", p->index, TOK(p->rule));
	if (n >= 0 && (size_t)n < p->errsize) {
		va_start(ap, fmt);
		vsnprintf(p->err + n, p->errsize - (size_t)n, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static bool tok_eq(struct tok t, const char *word)
{
	return strlen(word) == t.len && memcmp(t.s, word, t.len) == 0;
}

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* Split @t at the first @sep: @head before it, @t after it.  False if
 * there is no @sep (then @head is all of @t and @t is empty). */
static bool split(struct tok *t, char sep, struct tok *head)
{
	const char *at = memchr(t->s, sep, t->len);

	if (!at) {
		*head = *t;
		t->s += t->len;
		t->len = 0;
		return false;
	}
	head->s = t->s;
	head->len = (size_t)(at - t->s);
	t->len -= head->len + 1;
	t->s = at + 1;
	return true;
}

enum num_result { NUM_OK, NUM_BAD, NUM_RANGE };

/* Decimal or 0x hex (a leading 0 is not octal), at most @max. */
static enum num_result parse_num(struct tok t, uint32_t max, uint32_t *out)
{
	unsigned int base = 10, digits = 0;
	uint64_t v = 0;
	bool range = false;
	size_t i = 0;

	if (t.len > 2 && t.s[0] == '0' && (t.s[1] == 'x' || t.s[1] == 'X')) {
		base = 16;
		i = 2;
	}
	for (; i < t.len; i++) {
		char c = t.s[i];
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = (unsigned int)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned int)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned int)(c - 'A' + 10);
		else
			return NUM_BAD;
		digits++;
		if (!range)
			v = v * base + d;
		if (v > max)
			range = true;	/* keep going: "12x" is bad, not big */
	}
	if (!digits)
		return NUM_BAD;
	if (range)
		return NUM_RANGE;
	*out = (uint32_t)v;
	return NUM_OK;
}

static bool starts_number(struct tok t)
{
	return t.len && t.s[0] >= '0' && t.s[0] <= '9';
}

/* A number where one is required; @what names it in the message. */
static long number(struct parser *p, struct tok t, uint32_t max, const char *what,
		   uint32_t *out)
{
	switch (parse_num(t, max, out)) {
	case NUM_OK:
		return 0;
	case NUM_RANGE:
		return fail(p, "%s '%.*s' out of range (0..%" PRIu32 ")", what, TOK(t), max);
	default:
		return fail(p, "bad %s '%.*s' (decimal or 0x hex)", what, TOK(t));
	}
}

/* "a, b, c" for a message. */
static const char *list_names(const char *const *names, unsigned int nr,
			      char *buf, size_t size)
{
	size_t used = 0;
	unsigned int i;

	buf[0] = 0;
	for (i = 0; i < nr && used < size; i++) {
		int n = snprintf(buf + used, size - used, "%s%s", i ? ", " : "", names[i]);

		if (n < 0)
			break;
		used += (size_t)n;
	}
	return buf;
}

static long parse_type(struct parser *p, struct tok t)
{
	const struct vfsim_record_names *types;
	unsigned int i, nr;
	long ret;

	types = vfsim_record_names(&nr);
	if (!t.len)
		return fail(p, "missing type (meta, key, mount, sb or a number)");
	if (starts_number(t)) {
		ret = number(p, t, UINT32_MAX, "type", &p->type);
		if (ret)
			return ret;
		p->names = p->type < nr ? &types[p->type] : NULL;
		return 0;
	}
	for (i = 0; i < nr; i++) {
		if (tok_eq(t, types[i].name)) {
			p->type = i;
			p->names = &types[i];
			return 0;
		}
	}
	return fail(p, "unknown type '%.*s' (meta, key, mount, sb or a number)", TOK(t));
}

static long parse_subtype(struct parser *p, struct tok t, uint32_t *out)
{
	char known[128];
	unsigned int i;

	if (!t.len)
		return fail(p, "empty subtype in the list");
	if (tok_eq(t, "*"))
		return fail(p, "'*' must stand alone (it means all subtypes)");
	if (starts_number(t))
		return number(p, t, SUBTYPE_MAX, "subtype", out);
	if (!p->names)
		return fail(p, "subtype '%.*s': type %" PRIu32 " has no subtype names, "
			    "use numbers 0..255", TOK(t), p->type);
	for (i = 0; i < p->names->nr_subtypes; i++) {
		if (tok_eq(t, p->names->subtypes[i])) {
			*out = i;
			return 0;
		}
	}
	return fail(p, "unknown %s subtype '%.*s' (%s or a number)", p->names->name, TOK(t),
		    list_names(p->names->subtypes, p->names->nr_subtypes,
			       known, sizeof(known)));
}

/* '*', a list, or '~' and a list: the eight words of subtype_filter. */
static long parse_subtypes(struct parser *p, struct tok t, uint32_t words[SUBTYPE_WORDS])
{
	bool invert = false, more;
	struct tok item;
	unsigned int i;
	uint32_t st;
	long ret;

	if (!t.len)
		return fail(p, "empty subtype list after ':' (leave out ':' for all)");
	if (tok_eq(t, "*")) {
		memset(words, 0xff, SUBTYPE_WORDS * sizeof(words[0]));
		return 0;
	}
	if (t.s[0] == '~') {
		invert = true;
		t.s++;
		t.len--;
		if (!t.len)
			return fail(p, "'~' must be followed by the subtypes to leave out");
	}
	memset(words, 0, SUBTYPE_WORDS * sizeof(words[0]));
	do {
		more = split(&t, ',', &item);
		ret = parse_subtype(p, item, &st);
		if (ret)
			return ret;
		words[st / 32] |= 1U << (st % 32);
	} while (more);
	if (invert)
		for (i = 0; i < SUBTYPE_WORDS; i++)
			words[i] = ~words[i];
	return 0;
}

/* F of flags=F and noflags=F: names of the type's flags or numbers in the
 * type-specific info bits, joined by '|'. */
static long parse_flags(struct parser *p, struct tok key, struct tok t, uint32_t *out)
{
	char known[128];
	struct tok item;
	uint32_t v;
	unsigned int i;
	bool more;
	long ret;

	*out = 0;
	do {
		more = split(&t, '|', &item);
		if (!item.len)
			return fail(p, "empty flag in %.*s=", TOK(key));
		if (starts_number(item)) {
			ret = number(p, item, UINT32_MAX, "flags value", &v);
			if (ret)
				return ret;
			if (v & ~WATCH_INFO_TYPE_INFO)
				return fail(p, "%.*s value '%.*s' has bits outside the "
					    "type-specific info (0xffff0000); use mask= "
					    "and filter= for raw values", TOK(key), TOK(item));
			*out |= v;
			continue;
		}
		if (!p->names || !p->names->nr_flags) {
			if (p->names)
				return fail(p, "flag '%.*s': type %s has no flag names, "
					    "use a number", TOK(item), p->names->name);
			return fail(p, "flag '%.*s': type %" PRIu32 " has no flag names, "
				    "use a number", TOK(item), p->type);
		}
		for (i = 0; i < p->names->nr_flags; i++)
			if (tok_eq(item, p->names->flags[i]))
				break;
		if (i == p->names->nr_flags)
			return fail(p, "unknown %s flag '%.*s' (%s or a number)",
				    p->names->name, TOK(item),
				    list_names(p->names->flags, p->names->nr_flags,
					       known, sizeof(known)));
		*out |= WATCH_INFO_FLAG_0 << i;
	} while (more);
	return 0;
}

static long parse_info(struct parser *p, struct tok t,
		       struct watch_notification_type_filter *r)
{
	uint32_t set = 0, clear = 0, v;
	struct tok item, key;
	bool have_id = false, more;
	long ret;

	if (!t.len)
		return fail(p, "empty info list after '/'");
	do {
		more = split(&t, ',', &item);
		if (!item.len)
			return fail(p, "empty item in the info list");
		if (!split(&item, '=', &key))
			return fail(p, "info item '%.*s' is not KEY=VALUE "
				    "(flags, noflags, id, mask, filter)", TOK(key));
		if (!item.len)
			return fail(p, "%.*s= has no value", TOK(key));

		if (tok_eq(key, "flags")) {
			ret = parse_flags(p, key, item, &v);
			if (ret)
				return ret;
			set |= v;
		} else if (tok_eq(key, "noflags")) {
			ret = parse_flags(p, key, item, &v);
			if (ret)
				return ret;
			clear |= v;
		} else if (tok_eq(key, "id")) {
			if (have_id)
				return fail(p, "id= given twice");
			have_id = true;
			ret = number(p, item, WATCH_ID_MAX, "watch id", &v);
			if (ret)
				return ret;
			r->info_mask |= WATCH_INFO_ID;
			r->info_filter |= v << WATCH_INFO_ID__SHIFT;
		} else if (tok_eq(key, "mask")) {
			ret = number(p, item, UINT32_MAX, "mask", &v);
			if (ret)
				return ret;
			r->info_mask |= v;	/* raw: not checked, on purpose */
		} else if (tok_eq(key, "filter")) {
			ret = number(p, item, UINT32_MAX, "filter", &v);
			if (ret)
				return ret;
			r->info_filter |= v;
		} else {
			return fail(p, "unknown info key '%.*s' "
				    "(flags, noflags, id, mask, filter)", TOK(key));
		}
	} while (more);

	if (set & clear)
		return fail(p, "flags 0x%" PRIx32 " both in flags= and noflags=", set & clear);
	r->info_mask |= set | clear;
	r->info_filter |= set;
	return 0;
}

static long parse_rule(struct parser *p, struct watch_notification_type_filter *r)
{
	struct tok t = p->rule, type, subtypes = { NULL, 0 }, info = { NULL, 0 };
	const char *slash = memchr(t.s, '/', t.len);
	const char *colon = memchr(t.s, ':', t.len);
	long ret;

	memset(r, 0, sizeof(*r));
	/* A ':' inside INFO belongs to INFO. */
	if (colon && slash && colon > slash)
		colon = NULL;
	if (slash) {
		info.s = slash + 1;
		info.len = (size_t)(t.s + t.len - info.s);
		t.len = (size_t)(slash - t.s);
	}
	if (colon) {
		subtypes.s = colon + 1;
		subtypes.len = (size_t)(t.s + t.len - subtypes.s);
		t.len = (size_t)(colon - t.s);
	}
	type = t;

	ret = parse_type(p, type);
	if (ret)
		return ret;
	r->type = p->type;
	if (colon)
		ret = parse_subtypes(p, subtypes, r->subtype_filter);
	else	/* all subtypes: every word, whatever the kernel keeps */
		memset(r->subtype_filter, 0xff, sizeof(r->subtype_filter));
	if (ret)
		return ret;
	if (slash)
		return parse_info(p, info, r);
	return 0;
}

long vfsim_filter_parse(const char *text, void *buf, size_t size,
			char *err, size_t errsize)
{
	struct watch_notification_type_filter rules[FILTER_MAX_RULES];
	struct watch_notification_filter head = { 0 };
	struct parser p = { .err = err, .errsize = errsize };
	const char *s = text;
	size_t need;
	long ret;

	if (errsize)
		err[0] = 0;
	if (!text) {
		if (errsize)
			snprintf(err, errsize, "no filter text");
		return -EINVAL;
	}

	for (;;) {
		while (is_blank(*s))
			s++;
		if (!*s)
			break;
		p.rule.s = s;
		while (*s && !is_blank(*s))
			s++;
		p.rule.len = (size_t)(s - p.rule.s);
		p.index = head.nr_filters + 1;
		if (head.nr_filters == FILTER_MAX_RULES)
			return fail(&p, "more than %d rules", FILTER_MAX_RULES);
		ret = parse_rule(&p, &rules[head.nr_filters]);
		if (ret)
			return ret;
		head.nr_filters++;
	}

	need = sizeof(head) + head.nr_filters * sizeof(rules[0]);
	if (!buf || size < need) {
		if (errsize)
			snprintf(err, errsize, "the filter needs %zu bytes, the buffer has %zu",
				 need, buf ? size : 0);
		return -ENOSPC;
	}
	memcpy(buf, &head, sizeof(head));
	memcpy((char *)buf + sizeof(head), rules, head.nr_filters * sizeof(rules[0]));
	return (long)need;
}
