// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * An instance's subsystems set up and taken down in order (Linux's
 * net/core/net_namespace.c: ops_init(), setup_net()'s unwinding,
 * ops_pre_exit_list(), ops_exit_list(), ops_free_list()).  vfs/pernet.h
 * says what a subsystem provides.
 */
#include <linux/bug.h>
#include <linux/slab.h>
#include <vfs/fs.h>
#include <vfs/kernel.h>

static int ops_init(struct vfsim *v, const struct pernet_operations *ops)
{
	void *data = NULL;
	int err;

	/* A table that names an ID twice (or none) is a broken build. */
	if (WARN(ops->id >= PERNET_MAX || v->pernet_ids & (1U << ops->id),
		 "pernet: a subsystem's ID is out of range or taken"))
		return -EINVAL;
	if (ops->size) {
		data = kzalloc(ops->size, GFP_KERNEL);
		if (!data)
			return -ENOMEM;
		v->net_generic[ops->id] = data;
	}
	err = ops->init ? ops->init(v) : 0;
	if (!err) {
		err = register_filesystems(v, ops->fs_types, ops->nr_fs_types);
		if (err && ops->exit)
			ops->exit(v);
	}
	if (err) {
		v->net_generic[ops->id] = NULL;
		kfree(data);
		return err;
	}
	v->pernet_ids |= 1U << ops->id;
	return 0;
}

static void ops_exit(struct vfsim *v, const struct pernet_operations *ops)
{
	unregister_filesystems(v, ops->fs_types, ops->nr_fs_types);
	if (ops->exit)
		ops->exit(v);
	kfree(v->net_generic[ops->id]);
	v->net_generic[ops->id] = NULL;
	v->pernet_ids &= ~(1U << ops->id);
}

/*
 * pernet_init - allocate and init() each subsystem of @ops in order; on a
 * failure, the ones already set up are taken down (pre_exit(), exit(),
 * their state freed, in reverse) and the error returned.
 */
int pernet_init(struct vfsim *v, const struct pernet_operations *const *ops, size_t nr)
{
	size_t i;
	int err;

	v->pernet_ops = ops;
	v->nr_pernet = 0;
	for (i = 0; i < nr; i++) {
		err = ops_init(v, ops[i]);
		if (err) {
			pernet_pre_exit(v);
			pernet_exit(v);
			return err;
		}
		v->nr_pernet = (unsigned int)i + 1;
	}
	return 0;
}

/* pernet_pre_exit - every subsystem's pre_exit(), last set up first. */
void pernet_pre_exit(struct vfsim *v)
{
	unsigned int i;

	for (i = v->nr_pernet; i-- > 0;)
		if (v->pernet_ops[i]->pre_exit)
			v->pernet_ops[i]->pre_exit(v);
}

/* pernet_exit - every subsystem's filesystem types unregistered and its
 * exit() called, last first, and its state freed. */
void pernet_exit(struct vfsim *v)
{
	unsigned int i;

	for (i = v->nr_pernet; i-- > 0;)
		ops_exit(v, v->pernet_ops[i]);
	v->nr_pernet = 0;
}
