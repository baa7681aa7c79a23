/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * The tree printer of vfsim_tree_render() on any walk of mounts: the
 * scenario engine's kernel backend draws the running kernel's mounts
 * (read from /proc/self/mountinfo) with it, so that `tree` looks the same
 * on both backends.  Inside the library only.
 */
#ifndef VFSIM_TEXT_TREE_WALK_H
#define VFSIM_TEXT_TREE_WALK_H

#include <stdio.h>

#include <vfsim/vfsim.h>

/* Call @cb(desc, @cbarg) for every mount, depth first, each parent before
 * its children (as vfsim_for_each_mount()); 0 or what @cb returned. */
typedef int (*txt_tree_walk_fn)(vfsim_mount_cb cb, void *cbarg, void *arg);

/* vfsim_tree_render() of the mounts @walk gives (@arg its argument);
 * @only: nonzero, the one mount of that ID (--target). */
int txt_tree_render_walk(txt_tree_walk_fn walk, void *arg, unsigned int only,
			 FILE *out, const struct vfsim_tree_opts *o);

#endif /* VFSIM_TEXT_TREE_WALK_H */
