# SPDX-License-Identifier: LGPL-2.1-or-later
# the same with the v17 quirks and only the sample's lines, to lay beside the patches' examples (watch IDs in info bits 24-31)
watch
--v17
-q
--check
