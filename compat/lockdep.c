// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * A small lockdep (kernel/locking/lockdep.c), compiled with CONFIG_LOCKDEP
 * (VFSIM_LOCKDEP: the debug, asan and tsan presets).
 *
 * Each thread keeps the stack of locks it holds, with where it took each.
 * A lock's class is its init site (linux/lockdep_types.h) plus the
 * subclass a *_nested() call names.  Taking class B while holding class A
 * records the dependency A -> B in one process-wide graph of classes (a
 * bit matrix: the fast path, a dependency seen before, is a bit test and
 * takes no lock).  A new dependency that closes a cycle is an order some
 * other path contradicts: it is reported with the held locks and stack of
 * this acquisition and those of every dependency on the way back, and
 * counted as a WARN of the running instance (compat/bug.c), where tests
 * and the scenario engine see it.  So is taking a class already held (two
 * reads of one rwsem class excepted: recursive reads), releasing a lock
 * not held, and a failed lockdep_assert_held() or rcu_dereference_*()
 * condition.  Each bad pair of classes is reported once per process, as
 * the kernel reports once per boot.
 *
 * Trylocks add no dependency: they cannot wait.  Read acquisitions count
 * as acquisitions (an rwsem reader waits for a writer).
 */
#ifdef CONFIG_LOCKDEP

#include <execinfo.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/bug.h>
#include <linux/lockdep.h>

#define MAX_LOCK_DEPTH		48
#define MAX_LOCKDEP_CLASSES	256
#define MAX_LOCKDEP_EDGES	4096
#define LOCKDEP_TRACE		16
#define CLASS_WORDS		(MAX_LOCKDEP_CLASSES / 64)

struct lock_class {
	const void *key;	/* the lock_class_key, or a static lock's name */
	unsigned int subclass;
	const char *name;
};

struct held_lock {
	const struct lockdep_map *instance;
	unsigned short class_idx;
	bool read, trylock;
	const char *file;
	int line;
};

/* Where the dependency from -> to was first seen. */
struct lock_edge {
	unsigned short from, to;
	const char *from_file, *to_file;
	int from_line, to_line;
	int nframes;
	void *frames[LOCKDEP_TRACE];
};

/* The graph: written under graph_lock, its bits read without it. */
static pthread_mutex_t graph_lock = PTHREAD_MUTEX_INITIALIZER;
static struct lock_class classes[MAX_LOCKDEP_CLASSES];	/* 0: none */
static unsigned int nr_classes = 1;
static uint64_t deps[MAX_LOCKDEP_CLASSES][CLASS_WORDS];
static uint64_t reported[MAX_LOCKDEP_CLASSES][CLASS_WORDS];
static unsigned short edge_of[MAX_LOCKDEP_CLASSES][MAX_LOCKDEP_CLASSES];
static struct lock_edge edges[MAX_LOCKDEP_EDGES];	/* 0: none */
static unsigned int nr_edges = 1;
static bool graph_full_reported;

static __thread struct held_lock held[MAX_LOCK_DEPTH];
static __thread unsigned int depth;
/* This thread's stack overflowed: it is no longer checked. */
static __thread bool thread_off;

static char last_report[16384];
static unsigned long nr_reports;

static bool test_dep(uint64_t (*m)[CLASS_WORDS], unsigned int a, unsigned int b)
{
	return __atomic_load_n(&m[a][b / 64], __ATOMIC_RELAXED) & (1ULL << (b % 64));
}

static void set_dep(uint64_t (*m)[CLASS_WORDS], unsigned int a, unsigned int b)
{
	__atomic_fetch_or(&m[a][b / 64], 1ULL << (b % 64), __ATOMIC_RELAXED);
}

/* ---- reports ----------------------------------------------------------- */

static size_t rep_len;

static void __attribute__((format(printf, 1, 2))) rep(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (rep_len >= sizeof(last_report))
		return;
	va_start(ap, fmt);
	n = vsnprintf(last_report + rep_len, sizeof(last_report) - rep_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		rep_len += (size_t)n;
}

static void rep_frames(void *const *frames, int n)
{
	char **sym = backtrace_symbols(frames, n);

	for (int i = 0; i < n; i++) {
		if (sym)
			rep("      %s\n", sym[i]);
		else
			rep("      %p\n", frames[i]);
	}
	free(sym);
}

static const char *class_name(unsigned int c, char *buf, size_t len)
{
	if (classes[c].subclass)
		snprintf(buf, len, "%s/%u", classes[c].name, classes[c].subclass);
	else
		snprintf(buf, len, "%s", classes[c].name);
	return buf;
}
#define CNAME(c) class_name(c, (char[128]){ 0 }, 128)

static void rep_held(void)
{
	rep("  locks held by this thread:\n");
	for (unsigned int i = 0; i < depth; i++)
		rep("    #%u: %s%s%s, taken at %s:%d\n", i, CNAME(held[i].class_idx),
		    held[i].read ? " (read)" : "", held[i].trylock ? " (trylock)" : "",
		    held[i].file, held[i].line);
}

static void rep_stack(void)
{
	void *frames[LOCKDEP_TRACE + 2];
	int n = backtrace(frames, LOCKDEP_TRACE + 2);

	rep("  this thread's stack:\n");
	/* Not this function nor its caller in the checker. */
	rep_frames(frames + 2, n > 2 ? n - 2 : 0);
}

static void rep_begin(const char *title)
{
	rep_len = 0;
	last_report[0] = '\0';
	rep("vfsim: lockdep: %s\n", title);
}

/*
 * Print the report and count it as a WARN at @file:@line with @what.
 * Called with graph_lock held: one report at a time.
 */
static void rep_end(const char *file, int line, const char *what)
{
	fputs(last_report, stderr);
	nr_reports++;
	ksim_warn(file, line, what);
}

const char *lockdep_last_report(void)
{
	return last_report;
}

unsigned long lockdep_reports(void)
{
	return __atomic_load_n(&nr_reports, __ATOMIC_RELAXED);
}

unsigned int lockdep_nr_classes(void)
{
	unsigned int n;

	pthread_mutex_lock(&graph_lock);
	n = nr_classes - 1;
	pthread_mutex_unlock(&graph_lock);
	return n;
}

static void report_simple(const char *file, int line, const char *what)
{
	pthread_mutex_lock(&graph_lock);
	rep_begin(what);
	rep_held();
	rep_stack();
	rep_end(file, line, what);
	pthread_mutex_unlock(&graph_lock);
}

void lockdep_rcu_suspicious(const char *file, int line, const char *what)
{
	report_simple(file, line, what);
}

/* ---- classes ----------------------------------------------------------- */

static unsigned int register_class(struct lockdep_map *map, unsigned int subclass)
{
	const void *key = map->key ? (const void *)map->key : (const void *)map->name;
	unsigned int c;

	pthread_mutex_lock(&graph_lock);
	for (c = 1; c < nr_classes; c++)
		if (classes[c].key == key && classes[c].subclass == subclass)
			goto found;
	if (nr_classes == MAX_LOCKDEP_CLASSES) {
		c = 0;
		if (!graph_full_reported) {
			graph_full_reported = true;
			fprintf(stderr, "vfsim: lockdep: more than %d lock classes, "
				"new ones are not checked\n", MAX_LOCKDEP_CLASSES);
		}
		goto out;
	}
	c = nr_classes++;
	classes[c] = (struct lock_class){ key, subclass, map->name };
found:
	if (map->key)
		__atomic_store_n(&map->key->class_idx[subclass], c, __ATOMIC_RELEASE);
out:
	pthread_mutex_unlock(&graph_lock);
	return c;
}

/* 0: not checked (a lock never initialised, or no room for its class). */
static unsigned int class_of(struct lockdep_map *map, unsigned int subclass)
{
	if (map->key) {
		unsigned int c = __atomic_load_n(&map->key->class_idx[subclass],
						 __ATOMIC_ACQUIRE);
		if (likely(c))
			return c;
	} else if (!map->name) {
		return 0;
	}
	return register_class(map, subclass);
}

/*
 * VFSIM_LOCKDEP_GRAPH=<file>: at exit, append each dependency this process
 * saw, "A -> B<TAB>where B was taken<TAB>where A was", for comparing with
 * the order docs/internals.md writes (scripts/lockdep_order.py).
 */
static void dump_graph(void)
{
	const char *path = getenv("VFSIM_LOCKDEP_GRAPH");
	FILE *f;

	if (!path || !(f = fopen(path, "a")))
		return;
	pthread_mutex_lock(&graph_lock);
	for (unsigned int i = 1; i < nr_edges; i++)
		fprintf(f, "%s -> %s\t%s:%d\t%s:%d\n", CNAME(edges[i].from),
			CNAME(edges[i].to), edges[i].to_file, edges[i].to_line,
			edges[i].from_file, edges[i].from_line);
	pthread_mutex_unlock(&graph_lock);
	fclose(f);
}

static void __attribute__((constructor)) lockdep_setup(void)
{
	if (getenv("VFSIM_LOCKDEP_GRAPH"))
		atexit(dump_graph);
}

void lockdep_init_map(struct lockdep_map *map, const char *name, struct lock_class_key *key)
{
	map->key = key;
	map->name = name;
}

/* ---- dependencies ------------------------------------------------------ */

static int find_path(unsigned int from, unsigned int to, unsigned short *path)
{
	unsigned short parent[MAX_LOCKDEP_CLASSES], queue[MAX_LOCKDEP_CLASSES];
	bool seen[MAX_LOCKDEP_CLASSES] = { false };
	unsigned int head = 0, tail = 0;
	int n = 0;

	queue[tail++] = from;
	seen[from] = true;
	while (head < tail) {
		unsigned int a = queue[head++];

		for (unsigned int b = 1; b < nr_classes; b++) {
			if (seen[b] || !test_dep(deps, a, b))
				continue;
			seen[b] = true;
			parent[b] = a;
			if (b == to)
				goto found;
			queue[tail++] = b;
		}
	}
	return 0;
found:
	for (unsigned int c = to; c != from; c = parent[c])
		path[n++] = c;
	path[n++] = from;
	/* from first */
	for (int i = 0; i < n / 2; i++) {
		unsigned short t = path[i];

		path[i] = path[n - 1 - i];
		path[n - 1 - i] = t;
	}
	return n;
}

static void report_inversion(const struct held_lock *h, unsigned int c,
			     const unsigned short *path, int n, const char *file, int line)
{
	char what[320];

	snprintf(what, sizeof(what),
		 "possible circular locking dependency: %s taken while holding %s, "
		 "the opposite of an order seen before", CNAME(c), CNAME(h->class_idx));
	rep_begin("possible circular locking dependency detected");
	rep("  this thread takes %s at %s:%d while holding %s, taken at %s:%d\n",
	    CNAME(c), file, line, CNAME(h->class_idx), h->file, h->line);
	rep_held();
	rep_stack();
	rep("  but the opposite order was seen before:\n");
	for (int i = 0; i + 1 < n; i++) {
		const struct lock_edge *e = &edges[edge_of[path[i]][path[i + 1]]];

		if (e == edges) {
			rep("    %s -> %s (not recorded: edge table full)\n",
			    CNAME(path[i]), CNAME(path[i + 1]));
			continue;
		}
		rep("    %s taken at %s:%d while holding %s, taken at %s:%d; that stack:\n",
		    CNAME(e->to), e->to_file, e->to_line, CNAME(e->from), e->from_file,
		    e->from_line);
		rep_frames(e->frames, e->nframes);
	}
	rep_end(file, line, what);
}

static void report_recursive(const struct held_lock *h, unsigned int c, const char *file, int line)
{
	char what[256];

	snprintf(what, sizeof(what), "possible recursive locking: %s taken while holding %s "
		 "(two of one class need a *_nested() subclass)", CNAME(c), CNAME(c));
	rep_begin("possible recursive locking detected");
	rep("  this thread takes %s at %s:%d while holding one, taken at %s:%d\n",
	    CNAME(c), file, line, h->file, h->line);
	rep_held();
	rep_stack();
	rep_end(file, line, what);
}

/* Slow path: a dependency held -> c not seen yet. */
static void add_dep(const struct held_lock *h, unsigned int c, const char *file, int line)
{
	unsigned int a = h->class_idx;
	unsigned short path[MAX_LOCKDEP_CLASSES];
	void *frames[LOCKDEP_TRACE + 2];
	int nframes = backtrace(frames, LOCKDEP_TRACE + 2);
	int n;

	pthread_mutex_lock(&graph_lock);
	if (test_dep(deps, a, c) || test_dep(reported, a, c))
		goto out;
	n = find_path(c, a, path);
	if (n) {
		set_dep(reported, a, c);
		report_inversion(h, c, path, n, file, line);
		goto out;
	}
	if (nr_edges < MAX_LOCKDEP_EDGES) {
		struct lock_edge *e = &edges[nr_edges];

		*e = (struct lock_edge){ .from = a, .to = c, .from_file = h->file,
			.from_line = h->line, .to_file = file, .to_line = line };
		/* Not add_dep() and lock_acquire(). */
		e->nframes = nframes > 2 ? nframes - 2 : 0;
		memcpy(e->frames, frames + 2, e->nframes * sizeof(void *));
		edge_of[a][c] = nr_edges++;
	}
	set_dep(deps, a, c);
out:
	pthread_mutex_unlock(&graph_lock);
}

void lock_acquire(struct lockdep_map *map, unsigned int subclass, bool trylock,
		  bool read, const char *file, int line)
{
	unsigned int c;

	if (unlikely(thread_off))
		return;
	if (unlikely(subclass >= MAX_LOCKDEP_SUBCLASSES)) {
		report_simple(file, line, "lock subclass out of range");
		subclass = MAX_LOCKDEP_SUBCLASSES - 1;
	}
	c = class_of(map, subclass);
	if (unlikely(!c))
		return;
	if (!trylock) {
		for (unsigned int i = 0; i < depth; i++) {
			const struct held_lock *h = &held[i];

			if (h->class_idx == c) {
				if ((read && h->read) || test_dep(reported, c, c))
					continue;
				pthread_mutex_lock(&graph_lock);
				set_dep(reported, c, c);
				report_recursive(h, c, file, line);
				pthread_mutex_unlock(&graph_lock);
				continue;
			}
			if (likely(test_dep(deps, h->class_idx, c)))
				continue;
			if (!test_dep(reported, h->class_idx, c))
				add_dep(h, c, file, line);
		}
	}
	if (unlikely(depth == MAX_LOCK_DEPTH)) {
		report_simple(file, line, "more locks held than lockdep tracks: "
			      "this thread is no longer checked");
		thread_off = true;
		return;
	}
	held[depth++] = (struct held_lock){ map, c, read, trylock, file, line };
}

void lock_release(struct lockdep_map *map, const char *file, int line)
{
	unsigned int i = depth;

	if (unlikely(thread_off) || (!map->key && !map->name))
		return;
	while (i-- > 0) {
		if (held[i].instance == map) {
			memmove(&held[i], &held[i + 1], (depth - i - 1) * sizeof(held[0]));
			depth--;
			return;
		}
	}
	report_simple(file, line, "releasing a lock this thread does not hold");
}

static const struct held_lock *find_held(const struct lockdep_map *map)
{
	for (unsigned int i = depth; i-- > 0;)
		if (held[i].instance == map)
			return &held[i];
	return NULL;
}

bool lock_is_held(const struct lockdep_map *map)
{
	return thread_off || find_held(map);
}

bool lock_is_held_write(const struct lockdep_map *map)
{
	const struct held_lock *h = find_held(map);

	return thread_off || (h && !h->read);
}

#endif
