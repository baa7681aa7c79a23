# SPDX-License-Identifier: LGPL-2.1-or-later
# vfsim watch -J: JSON lines, one object per step, read and record
watch
-J
watch_json.scn
