/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * A tree difference taken apart into rows: one field of one mount, with
 * the model's and the kernel's value.  An era entry excuses rows, never a
 * whole tree (docs/kernel-diff.md, "Era differences").
 */
#ifndef VFSIM_KDIFF_ROWS_H
#define VFSIM_KDIFF_ROWS_H

#include "kdiff.h"

/*
 * MOUNT is the canonical chain with its blanks taken out (`/a>/a/x[2]`);
 * FIELD is a canonical field's key (`source`, `mnt`, `shared`,
 * `unbindable`, ...) or `mount` for the mount itself.  A value is what
 * follows the key's `=` or `:`, `yes` for a flag, and `-` when the field
 * is not there.  A mount only one side has is one row `mount`: `absent`
 * on the other side, and on its own all its fields, `|` for the blanks
 * (`fstype=tmpfs|source=x|root=/|mnt=rw,relatime|sb=rw`), so that an era
 * entry pins those too.
 */
struct kd_row {
	char *mount, *field;
	char *model, *kernel;
};

struct kd_rows {
	struct kd_row *v;
	size_t nr;
};

/* The rows in which the canonical trees @model and @kernel differ. */
void kd_tree_rows(const struct kd_lines *model, const struct kd_lines *kernel,
		  struct kd_rows *rows);
void kd_rows_free(struct kd_rows *rows);

#endif /* VFSIM_KDIFF_ROWS_H */
