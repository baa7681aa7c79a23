// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * fsopen(), fspick() and fsconfig() (fs/fsopen.c): a filesystem context
 * behind an fd of anon_inodefs, "[fscontext]", which read() drains of its
 * messages and whose last close frees the context.  Argument checks and
 * their order are Linux 6.18's (FSCONFIG_CMD_CREATE_EXCL is 6.6's); the
 * objects are 5.8's.  The context's uapi_mutex is outermost: fsconfig()
 * holds it across get_tree and reconfigure_super().
 */
#include <fcntl.h>
#include <string.h>

#include <linux/slab.h>
#include <linux/uaccess.h>
#include <uapi/linux/mount.h>
#include <vfs/anon_inodes.h>
#include <vfs/fs_context.h>
#include <vfs/mount_api.h>
#include <vfs/namei.h>

#define PAGE_SIZE 4096

/* ---- the fs_context fd --------------------------------------------------- */

/* The oldest message, if @len holds it (else it stays, -EMSGSIZE). */
static const char *fetch_message_locked(struct fc_log *log, size_t len,
					bool *need_free)
{
	const char *p;
	int index;

	if (unlikely(log->head == log->tail))
		return ERR_PTR(-ENODATA);
	index = log->tail & (ARRAY_SIZE(log->buffer) - 1);
	p = log->buffer[index];
	if (unlikely(strlen(p) > len))
		return ERR_PTR(-EMSGSIZE);
	log->buffer[index] = NULL;
	*need_free = log->need_free & (1 << index);
	log->need_free &= ~(1 << index);
	log->tail++;
	return p;
}

static long fscontext_read(struct file *file, void __user *buf, size_t len)
{
	struct fs_context *fc = file->private_data;
	bool need_free = false;
	const char *message;
	long n;

	mutex_lock(&fc_file(fc)->uapi_mutex);
	message = fetch_message_locked(fc->log, len, &need_free);
	mutex_unlock(&fc_file(fc)->uapi_mutex);
	if (IS_ERR(message))
		return PTR_ERR(message);
	n = (long)strlen(message);
	if (copy_to_user(buf, message, (unsigned long)n))
		n = -EFAULT;
	if (need_free)
		kfree(message);
	return n;
}

static int fscontext_release(struct file *file)
{
	struct fs_context *fc = file->private_data;

	if (fc) {
		put_fs_context(fc);
		file->private_data = NULL;
	}
	return 0;
}

const struct file_operations fscontext_fops = {
	.read = fscontext_read,
	.release = fscontext_release,
};

/* The context belongs to the fd once this succeeds; freed if it fails. */
static long fscontext_create_fd(struct fs_context *fc)
{
	struct file *f;
	int fd;

	f = anon_inode_getfile("[fscontext]", &fscontext_fops, fc, O_RDWR);
	if (IS_ERR(f)) {
		put_fs_context(fc);
		return PTR_ERR(f);
	}
	fd = fd_install_new(f, 0);
	if (fd < 0)
		fput(f);
	return fd;
}

/* ---- fsopen, fspick ------------------------------------------------------ */

long ksys_fsopen(const char __user *_fs_name, unsigned int flags)
{
	struct file_system_type *fs_type;
	struct fs_context *fc;
	char *fs_name;
	int ret;

	if (!may_mount())
		return -EPERM;
	if (flags & ~FSOPEN_CLOEXEC)
		return -EINVAL;
	fs_name = strndup_user(_fs_name, PAGE_SIZE);
	if (IS_ERR(fs_name))
		return PTR_ERR(fs_name);
	fs_type = get_fs_type(current_kernel(), fs_name);
	kfree(fs_name);
	if (!fs_type)
		return -ENODEV;

	fc = fs_context_for_mount(fs_type, 0);
	if (IS_ERR(fc))
		return PTR_ERR(fc);
	fc->phase = FS_CONTEXT_CREATE_PARAMS;
	ret = fscontext_alloc_log(fc);
	if (ret < 0) {
		put_fs_context(fc);
		return ret;
	}
	return fscontext_create_fd(fc);
}

long ksys_fspick(int dfd, const char __user *path, unsigned int flags)
{
	unsigned int lookup_flags;
	struct fs_context *fc;
	struct path target;
	int ret;

	if (!may_mount())
		return -EPERM;
	if (flags & ~(FSPICK_CLOEXEC | FSPICK_SYMLINK_NOFOLLOW |
		      FSPICK_NO_AUTOMOUNT | FSPICK_EMPTY_PATH))
		return -EINVAL;

	lookup_flags = LOOKUP_FOLLOW | LOOKUP_AUTOMOUNT;
	if (flags & FSPICK_SYMLINK_NOFOLLOW)
		lookup_flags &= ~LOOKUP_FOLLOW;
	if (flags & FSPICK_NO_AUTOMOUNT)
		lookup_flags &= ~LOOKUP_AUTOMOUNT;
	if (flags & FSPICK_EMPTY_PATH)
		lookup_flags |= LOOKUP_EMPTY;
	ret = user_path_at(dfd, path, lookup_flags, &target);
	if (ret < 0)
		return ret;

	ret = -EINVAL;
	if (target.mnt->mnt_root != target.dentry)
		goto err_path;
	fc = fs_context_for_reconfigure(target.dentry);
	if (IS_ERR(fc)) {
		ret = (int)PTR_ERR(fc);
		goto err_path;
	}
	fc->phase = FS_CONTEXT_RECONF_PARAMS;
	ret = fscontext_alloc_log(fc);
	if (ret < 0) {
		put_fs_context(fc);
		goto err_path;
	}
	path_put(&target);
	return fscontext_create_fd(fc);

err_path:
	path_put(&target);
	return ret;
}

/* ---- fsconfig ------------------------------------------------------------ */

/* A context left waiting after fsmount() or a reconfiguration is made
 * ready for new parameters (the kernel reinitialises its private part). */
static void finish_clean_context(struct fs_context *fc)
{
	if (fc->phase == FS_CONTEXT_AWAITING_RECONF)
		fc->phase = FS_CONTEXT_RECONF_PARAMS;
}

static int vfs_cmd_create(struct fs_context *fc, bool exclusive)
{
	int ret;

	if (fc->phase != FS_CONTEXT_CREATE_PARAMS)
		return -EBUSY;
	if (!mount_capable(fc))
		return -EPERM;
	fc->phase = FS_CONTEXT_CREATING;
	fc->exclusive = exclusive;
	/* get_tree_bdev()'s first check, for the model's block filesystems. */
	if ((fc->fs_type->fs_flags & FS_REQUIRES_DEV) && !fc->source)
		ret = invalf(fc, "No source specified");
	else
		ret = vfs_get_tree(fc);
	if (ret) {
		fc->phase = FS_CONTEXT_FAILED;
		return ret;
	}
	fc->phase = FS_CONTEXT_AWAITING_MOUNT;
	return 0;
}

static int vfs_cmd_reconfigure(struct fs_context *fc)
{
	struct super_block *sb;
	int ret;

	if (fc->phase != FS_CONTEXT_RECONF_PARAMS)
		return -EBUSY;
	fc->phase = FS_CONTEXT_RECONFIGURING;
	sb = fc->root->d_sb;
	if (!ns_capable(sb->s_user_ns, CAP_SYS_ADMIN)) {
		fc->phase = FS_CONTEXT_FAILED;
		return -EPERM;
	}
	fc->data = fc->fc_data;
	down_write(&sb->s_umount);
	ret = reconfigure_super(fc);
	up_write(&sb->s_umount);
	if (ret) {
		fc->phase = FS_CONTEXT_FAILED;
		return ret;
	}
	vfs_clean_context(fc);
	return 0;
}

static int vfs_fsconfig_locked(struct fs_context *fc, unsigned int cmd,
			       struct fs_parameter *param)
{
	finish_clean_context(fc);
	switch (cmd) {
	case FSCONFIG_CMD_CREATE:
		return vfs_cmd_create(fc, false);
	case FSCONFIG_CMD_CREATE_EXCL:
		return vfs_cmd_create(fc, true);
	case FSCONFIG_CMD_RECONFIGURE:
		return vfs_cmd_reconfigure(fc);
	default:
		if (fc->phase != FS_CONTEXT_CREATE_PARAMS &&
		    fc->phase != FS_CONTEXT_RECONF_PARAMS)
			return -EBUSY;
		return vfs_parse_fs_param(fc, param);
	}
}

/* memdup_user_nul(): @len bytes of user memory and a NUL after them. */
static void *memdup_user_nul(const void __user *src, size_t len)
{
	char *p = kmalloc(len + 1, GFP_KERNEL);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	p[len] = '\0';
	return p;
}

/* Fetch the value of a parameter command into @param. */
static int fsconfig_get_value(unsigned int cmd, const void __user *_value, int aux,
			      struct fs_parameter *param)
{
	void *v;

	switch (cmd) {
	case FSCONFIG_SET_FLAG:
		param->type = fs_value_is_flag;
		return 0;
	case FSCONFIG_SET_STRING:
		param->type = fs_value_is_string;
		v = strndup_user(_value, 256);
		if (IS_ERR(v))
			return (int)PTR_ERR(v);
		param->string = v;
		param->size = strlen(param->string);
		return 0;
	case FSCONFIG_SET_BINARY:
		param->type = fs_value_is_blob;
		param->size = (size_t)aux;
		v = memdup_user_nul(_value, (size_t)aux);
		if (IS_ERR(v))
			return (int)PTR_ERR(v);
		param->blob = v;
		return 0;
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		param->type = fs_value_is_filename;
		v = getname_flags(_value, cmd == FSCONFIG_SET_PATH_EMPTY ?
				  LOOKUP_EMPTY : 0, NULL);
		if (IS_ERR(v))
			return (int)PTR_ERR(v);
		param->name = v;
		param->dirfd = aux;
		param->size = strlen(param->name->name);
		return 0;
	case FSCONFIG_SET_FD:
		param->type = fs_value_is_file;
		param->file = fget((unsigned int)aux);
		if (!param->file)
			return -EBADF;
		param->dirfd = aux;
		return 0;
	default:
		return 0;
	}
}

static void fsconfig_put_value(struct fs_parameter *param)
{
	switch (param->type) {
	case fs_value_is_string:
		kfree(param->string);
		break;
	case fs_value_is_blob:
		kfree(param->blob);
		break;
	case fs_value_is_filename:
		putname(param->name);
		break;
	case fs_value_is_file:
		fput(param->file);
		break;
	default:
		break;
	}
}

long ksys_fsconfig(int fd, unsigned int cmd, const char __user *_key,
		   const void __user *_value, int aux)
{
	struct fs_parameter param = { .type = fs_value_is_undefined };
	struct fs_context *fc;
	struct file *f;
	char *key = NULL;
	long ret;

	if (fd < 0)
		return -EINVAL;

	switch (cmd) {
	case FSCONFIG_SET_FLAG:
		if (!_key || _value || aux)
			return -EINVAL;
		break;
	case FSCONFIG_SET_STRING:
		if (!_key || !_value || aux)
			return -EINVAL;
		break;
	case FSCONFIG_SET_BINARY:
		if (!_key || !_value || aux <= 0 || aux > 1024 * 1024)
			return -EINVAL;
		break;
	case FSCONFIG_SET_PATH:
	case FSCONFIG_SET_PATH_EMPTY:
		if (!_key || !_value || (aux != AT_FDCWD && aux < 0))
			return -EINVAL;
		break;
	case FSCONFIG_SET_FD:
		if (!_key || _value || aux < 0)
			return -EINVAL;
		break;
	case FSCONFIG_CMD_CREATE:
	case FSCONFIG_CMD_CREATE_EXCL:
	case FSCONFIG_CMD_RECONFIGURE:
		if (_key || _value || aux)
			return -EINVAL;
		break;
	default:
		return -EOPNOTSUPP;
	}

	f = fget((unsigned int)fd);
	if (!f)
		return -EBADF;
	ret = -EINVAL;
	if (f->f_op != &fscontext_fops)
		goto out_f;

	fc = f->private_data;
	if (!fc->fs_type->parse_param) {
		/* The legacy context takes strings and flags only. */
		switch (cmd) {
		case FSCONFIG_SET_BINARY:
		case FSCONFIG_SET_PATH:
		case FSCONFIG_SET_PATH_EMPTY:
		case FSCONFIG_SET_FD:
		case FSCONFIG_CMD_CREATE_EXCL:
			ret = -EOPNOTSUPP;
			goto out_f;
		}
	}

	if (_key) {
		key = strndup_user(_key, 256);
		if (IS_ERR(key)) {
			ret = PTR_ERR(key);
			goto out_f;
		}
		param.key = key;
	}
	ret = fsconfig_get_value(cmd, _value, aux, &param);
	if (ret)
		goto out_key;

	mutex_lock(&fc_file(fc)->uapi_mutex);
	ret = vfs_fsconfig_locked(fc, cmd, &param);
	mutex_unlock(&fc_file(fc)->uapi_mutex);

	fsconfig_put_value(&param);
out_key:
	kfree(key);
out_f:
	fput(f);
	return ret;
}
