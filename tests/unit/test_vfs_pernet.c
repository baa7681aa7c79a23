/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * Subsystems of an instance (vfs/pernet.h): kernel_init() sets them up in
 * the order of its table, each with its state allocated and zeroed and
 * its filesystem types registered after its init(); kernel_teardown()
 * calls pre_exit() and exit() in the reverse order; an init() or a
 * registration that fails unwinds the subsystems before it.  The built-in
 * table (fs/builtin.c) survives a failure at every allocation of its
 * setup with nothing leaked.
 *
 * The instances here are made by hand around kernel_init(), as
 * api/instance.c makes them, so that a test can hand it a table of its
 * own and arm a fault before the first allocation.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include <vfs/fs.h>
#include <vfs/kernel.h>
#include <vfsim/testing.h>

static char trace[256];

static void note(const char *what, const char *name)
{
	size_t len = strlen(trace);

	snprintf(trace + len, sizeof(trace) - len, "%s%s%s", len ? " " : "", what, name);
}

static struct vfsim *kernel_new(const struct pernet_operations *const *ops, size_t nr,
				unsigned long fail_nth, int *err)
{
	struct vfsim *v = calloc(1, sizeof(*v));

	cr_assert_not_null(v);
	cr_assert_eq(ksim_ctx_init(&v->ctx, KSIM_ALLOC_LIBC), 0);
	if (fail_nth)
		ksim_heap_fail_nth(&v->ctx.heap, fail_nth);
	*err = kernel_init(v, 4, 1000000000ULL, ops, nr);
	return v;
}

/* After kernel_init() failed, or after kernel_teardown(): nothing may be
 * left on the heap, and nothing may have warned. */
static void kernel_free(struct vfsim *v, const char *what)
{
	vfsim_rcu_barrier();
	cr_assert_eq(ksim_heap_report(&v->ctx.heap, stderr), 0, "%s: leaked", what);
	cr_assert_eq(atomic_long_read(&v->ctx.warnings), 0, "%s: warned", what);
	ksim_ctx_fini(&v->ctx);
	free(v);
}

static void kernel_end(struct vfsim *v)
{
	kernel_teardown(v);
	kernel_free(v, "teardown");
}

/* ---- a table of test subsystems ------------------------------------------ */

static int fail_init_of;	/* the ID whose init() fails, with -EIO */

/* Each test subsystem by the ID it borrows; "d" has no callbacks.  The IDs
 * are the filesystems', whose code nothing reaches without a mount; every
 * table has the real key model, whose state an instance's tasks reach
 * whatever the table (exit_keys()). */
extern const struct pernet_operations key_net_ops;

static const char *const t_name[PERNET_MAX] = {
	[PERNET_NFS] = "a", [PERNET_AFS] = "b", [PERNET_RAMFS] = "c",
	[PERNET_EXT4] = "e",
};

/* The state each sized test subsystem finds: allocated and zeroed. */
struct t_state {
	long zero[4];
};

static int t_init(struct vfsim *v, enum pernet_id id)
{
	struct t_state *s = net_generic(v, id);

	note("i", t_name[id]);
	if (id != PERNET_EXT4) {
		cr_assert_not_null(s);
		for (size_t i = 0; i < ARRAY_SIZE(s->zero); i++)
			cr_assert_eq(s->zero[i], 0);
	}
	return fail_init_of == (int)id ? -EIO : 0;
}

static void t_pre_exit(struct vfsim *v, enum pernet_id id)
{
	(void)v;
	note("p", t_name[id]);
}

/* The state is still there for exit(), and freed after it. */
static void t_exit(struct vfsim *v, enum pernet_id id)
{
	cr_assert(id == PERNET_EXT4 || net_generic(v, id), "%s's state", t_name[id]);
	note("x", t_name[id]);
}

#define T_OPS(NAME, ID, SIZE)						\
	static int t_init_##NAME(struct vfsim *v) { return t_init(v, ID); } \
	static void t_pre_exit_##NAME(struct vfsim *v) { t_pre_exit(v, ID); } \
	static void t_exit_##NAME(struct vfsim *v) { t_exit(v, ID); }	\
	static const struct pernet_operations t_##NAME = {		\
		.name = #NAME, .id = ID, .size = SIZE,			\
		.init = t_init_##NAME, .pre_exit = t_pre_exit_##NAME,	\
		.exit = t_exit_##NAME,					\
	}

T_OPS(a, PERNET_NFS, sizeof(struct t_state));
T_OPS(b, PERNET_AFS, sizeof(struct t_state));
T_OPS(c, PERNET_RAMFS, sizeof(struct t_state));

/* No state, no callbacks: only a filesystem type. */
static struct file_system_type t_fs = { .name = "pernettestfs" };
static struct file_system_type *const t_fs_types[] = { &t_fs };
static const struct pernet_operations t_d = {
	.name = "d", .id = PERNET_PROC,
	.fs_types = t_fs_types, .nr_fs_types = ARRAY_SIZE(t_fs_types),
};

/* Callbacks, no state, and the type "d" registers already. */
static int t_init_e(struct vfsim *v) { return t_init(v, PERNET_EXT4); }
static void t_exit_e(struct vfsim *v) { t_exit(v, PERNET_EXT4); }
static const struct pernet_operations t_e = {
	.name = "e", .id = PERNET_EXT4, .init = t_init_e, .exit = t_exit_e,
	.fs_types = t_fs_types, .nr_fs_types = ARRAY_SIZE(t_fs_types),
};

static void setup(void)
{
	trace[0] = '\0';
	fail_init_of = -1;
}

TestSuite(vfs_pernet, .init = setup);

/* init() in table order; pre_exit() then exit() in reverse. */
Test(vfs_pernet, order)
{
	static const struct pernet_operations *const ops[] = { &key_net_ops, &t_a, &t_b, &t_c, &t_d };
	struct vfsim *v;
	int err;

	v = kernel_new(ops, ARRAY_SIZE(ops), 0, &err);
	cr_assert_eq(err, 0);
	cr_assert_str_eq(trace, "ia ib ic");
	cr_assert_eq(v->nr_pernet, 5);
	cr_assert_null(net_generic(v, PERNET_PROC), "size 0: no state");
	cr_assert_null(net_generic(v, PERNET_WATCH_QUEUE), "not in the table");
	cr_assert_neq(net_generic(v, PERNET_NFS), net_generic(v, PERNET_AFS));
	cr_assert_not_null(get_fs_type(v, "pernettestfs"), "d's type is registered");
	cr_assert_null(get_fs_type(v, "ramfs"), "only the table's types are");
	trace[0] = '\0';
	kernel_end(v);
	cr_assert_str_eq(trace, "pc pb pa xc xb xa");
}

/* A failing init() undoes the ones before it, and none after it runs. */
Test(vfs_pernet, failed_init_unwinds)
{
	static const struct pernet_operations *const ops[] = { &key_net_ops, &t_a, &t_b, &t_c };
	struct vfsim *v;
	int err;

	fail_init_of = PERNET_AFS;
	v = kernel_new(ops, ARRAY_SIZE(ops), 0, &err);
	cr_assert_eq(err, -EIO);
	cr_assert_str_eq(trace, "ia ib pa xa");
	cr_assert_eq(v->nr_pernet, 0);
	cr_assert_eq(v->pernet_ids, 0);
	for (unsigned int id = 0; id < PERNET_MAX; id++)
		cr_assert_null(net_generic(v, id));
	kernel_free(v, "failed init");
}

/* A type that cannot be registered (its name is taken) fails its
 * subsystem after init(): its exit() runs, then the others are undone. */
Test(vfs_pernet, failed_registration_unwinds)
{
	static const struct pernet_operations *const ops[] = { &key_net_ops, &t_a, &t_d, &t_e, &t_c };
	struct vfsim *v;
	int err;

	v = kernel_new(ops, ARRAY_SIZE(ops), 0, &err);
	cr_assert_eq(err, -EBUSY);
	cr_assert_str_eq(trace, "ia ie xe pa xa");
	cr_assert(list_empty(&v->filesystems), "d's type is gone again");
	kernel_free(v, "failed registration");
}

/* A table that names an ID twice is a broken build: refused, and warned. */
Test(vfs_pernet, id_twice_refused)
{
	static const struct pernet_operations *const ops[] = { &key_net_ops, &t_a, &t_b, &t_a };
	struct vfsim *v;
	int err;

	v = kernel_new(ops, ARRAY_SIZE(ops), 0, &err);
	cr_assert_eq(err, -EINVAL);
	cr_assert_str_eq(trace, "ia ib pb pa xb xa");
	cr_assert_eq(atomic_long_read(&v->ctx.warnings), 1);
	atomic_long_set(&v->ctx.warnings, 0);
	kernel_free(v, "ID twice");
}

/*
 * The built-in table, with its n-th allocation failed for n = 1, 2, ...
 * until one runs unfaulted: each failure is -ENOMEM and leaves nothing
 * (no object, no warning); then every subsystem is set up, the stateful
 * ones with their state, and every built-in filesystem type registered.
 */
Test(vfs_pernet, builtin_alloc_sweep)
{
	static const char *const types[] = {
		"rootfs", "tmpfs", "ramfs", "proc", "ext4", "nfs", "nfs4", "afs",
		"sysfs", "devpts", "cgroup2", "mqueue",
	};
	static const enum pernet_id stateful[] = {
		PERNET_WATCH_QUEUE, PERNET_FSNOTIFY, PERNET_KEYS, PERNET_NFS, PERNET_AFS,
	};
	struct file_system_type *fs;
	struct vfsim *v;
	unsigned long n;
	size_t i = 0;
	int err;

	for (n = 1;; n++) {
		v = kernel_new(builtin_pernet_ops, nr_builtin_pernet_ops, n, &err);
		if (!v->ctx.heap.fault_fired)
			break;
		cr_assert_eq(err, -ENOMEM, "failing allocation %lu gave %d", n, err);
		cr_assert_eq(v->nr_pernet, 0);
		kernel_free(v, "failed create");
	}
	cr_log_info("kernel_init: %lu failure points", n - 1);
	/* The hash tables and their charge (4), a state each (5), a copy of
	 * each filesystem type (8), the init task (at least 1). */
	cr_assert_geq(n - 1, 4 + ARRAY_SIZE(stateful) + ARRAY_SIZE(types) + 1);
	cr_assert_eq(err, 0);
	cr_assert_eq(v->nr_pernet, nr_builtin_pernet_ops);
	cr_assert_eq(v->pernet_ids, (1U << PERNET_MAX) - 1, "every ID, once");
	for (size_t s = 0; s < ARRAY_SIZE(stateful); s++)
		cr_assert_not_null(net_generic(v, stateful[s]));
	cr_assert_null(net_generic(v, PERNET_RAMFS));
	list_for_each_entry(fs, &v->filesystems, fs_list) {
		cr_assert(i < ARRAY_SIZE(types));
		cr_assert_str_eq(fs->name, types[i], "registered in the table's order");
		i++;
	}
	cr_assert_eq(i, ARRAY_SIZE(types));
	kernel_end(v);
}

/*
 * A type registered by hand, outside any subsystem (a test's own
 * filesystem), is freed with the instance; unregistering one that is not
 * there is a bug in the caller: a warning, and nothing changes.
 */
Test(vfs_pernet, types_by_hand)
{
	static const struct pernet_operations *const ops[] = { &key_net_ops, &t_d };
	static struct file_system_type other = { .name = "pernetother" };
	struct vfsim_entry e;
	struct vfsim *v;
	int err;

	v = kernel_new(ops, ARRAY_SIZE(ops), 0, &err);
	cr_assert_eq(err, 0);
	vfsim_enter_kernel(&e, v);
	cr_assert_eq(register_filesystem(v, &other), 0);
	cr_assert_eq(register_filesystem(v, &other), -EBUSY);
	unregister_filesystem(v, &(struct file_system_type){ .name = "nonesuch" });
	vfsim_leave(&e);
	cr_assert_eq(atomic_long_read(&v->ctx.warnings), 1);
	atomic_long_set(&v->ctx.warnings, 0);
	cr_assert_not_null(get_fs_type(v, "pernetother"));
	cr_assert_not_null(get_fs_type(v, "pernettestfs"));
	kernel_end(v);
}
