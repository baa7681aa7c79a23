# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim demo: the default tree, the event stream, then vfsim watch
demo
