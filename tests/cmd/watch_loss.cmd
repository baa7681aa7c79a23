# SPDX-License-Identifier: LGPL-2.1-or-later
# a scenario that overflows the queue: -- LOSS --; only the sample's output
watch
-q
watch_loss.scn
