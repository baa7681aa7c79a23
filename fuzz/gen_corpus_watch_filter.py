#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Write the seed corpus of fuzz_watch_filter (fuzz/corpus/watch_filter/).

Each seed is one meaningful situation of the filter and queue paths; the
input layout is described at the top of fuzz/fuzz_watch_filter.c.  Run it
from anywhere; it replaces the files it writes and leaves others alone:

    python3 fuzz/gen_corpus_watch_filter.py [OUTDIR]
"""
import os
import struct
import sys

# ---- the input layout (fuzz_watch_filter.c) ---------------------------------

RING = {1: 0, 2: 1, 3: 2, 5: 3, 16: 4, 32: 5, 100: 6, 512: 7}
READ = {4096: 0, 128: 1, 24: 2, 8: 3}

META, KEY, MOUNT, SB = 0, 1, 2, 3
FLAG0, FLAG1, FLAG2, FLAG3 = 0x10000, 0x20000, 0x40000, 0x80000
ALL = [0xffffffff] * 8


def config(text=False, ring=16, read=4096, drain_each=False, late=False):
    return bytes([(1 if text else 0) | RING[ring] << 1 | READ[read] << 4 |
                  (0x40 if drain_each else 0) | (0x80 if late else 0)])


def header(text=False, ids=(1, 2, 3, 4), **kw):
    return config(text=text, **kw) + bytes(ids)


def rule(type_, info_filter=0, info_mask=0, words=None):
    words = ALL if words is None else list(words) + [0] * (8 - len(words))
    return struct.pack("<3I8I", type_, info_filter, info_mask, *words)


def raw_filter(rules, nr=None, reserved=0, cut=None):
    data = struct.pack("<II", len(rules) if nr is None else nr, reserved)
    data += b"".join(rules)
    return data if cut is None else data[:cut]


def filt(data):
    """The 2-byte length and the filter bytes (raw or text)."""
    if isinstance(data, str):
        data = data.encode()
    return struct.pack("<H", len(data)) + data


def post(obj, type_, subtype=0, flags=0, length=16, payload=None):
    """Op: post a record of `length` bytes (its info field says so)."""
    info = (length & 0x7f) | flags | 0xab00   # ID bits: the kernel's to set
    rec = struct.pack("<II", type_ | subtype << 24, info)
    if length >= 8:
        body = payload if payload is not None else bytes(range(8, length))
        rec += body[:length - 8].ljust(length - 8, b"\0")
    return bytes([obj & 3]) + rec


def drain(obj=0):
    return bytes([obj | 4 << 2])


def watch(obj):
    return bytes([obj | 5 << 2])


def unwatch(obj):
    return bytes([obj | 6 << 2])


def destroy(obj):
    return bytes([obj | 7 << 2])


# ---- the seeds ----------------------------------------------------------------

# watch_test's filter (docs/vfsim-command.md) and records on either side of it.
WATCH_TEST = raw_filter([
    rule(KEY, words=[0xffffffff]),
    rule(MOUNT, words=[0xffffffff & ~(1 << 5)]),
    rule(SB, FLAG0, FLAG0, words=[1 << 0]),
])
WATCH_TEST_POSTS = (post(0, KEY, 2) + post(1, MOUNT, 0, FLAG0) + post(2, MOUNT, 5) +
                    post(3, MOUNT, 6) + post(0, SB, 0, FLAG0) + post(1, SB, 0) +
                    post(2, SB, 1, FLAG0, 24) + drain())

SEEDS = {
    "watch_test_raw": header() + filt(WATCH_TEST) + WATCH_TEST_POSTS,
    "watch_test_text": header(text=True) +
        filt("key mount:~move_from sb:readonly/flags=is_now_ro") + WATCH_TEST_POSTS,
    "issue_examples_text": header(text=True) +
        filt("mount:~move_from sb:readonly/flags=0x10000") +
        post(0, MOUNT, 5) + post(0, MOUNT, 4) + post(1, SB, 0, FLAG0) + post(1, SB, 0),

    # §1.5: each EINVAL and EFAULT of SET_FILTER, then posts that pass unfiltered.
    "einval_no_rules": header() + filt(raw_filter([], nr=0)) + post(0, KEY),
    "einval_17_rules": header() + filt(raw_filter([rule(KEY)] * 17)) + post(0, KEY),
    "ok_16_rules": header() + filt(raw_filter([rule(KEY, words=[1 << i]) for i in range(16)]))
        + post(0, KEY, 3) + post(0, KEY, 16),
    "einval_reserved": header() + filt(raw_filter([rule(KEY)], reserved=1)) + post(0, KEY),
    "einval_filter_outside_mask": header() +
        filt(raw_filter([rule(MOUNT), rule(SB, FLAG0, 0)])) + post(0, SB),
    "einval_mask_length": header() + filt(raw_filter([rule(KEY, 0, 0x7f)])) + post(0, KEY),
    "einval_unknown_type_checked": header() +
        filt(raw_filter([rule(KEY), rule(9, 1, 0)])) + post(0, KEY),
    "efault_header": header() + filt(raw_filter([rule(KEY)], cut=5)) + post(0, MOUNT),
    "efault_rules": header() + filt(raw_filter([rule(KEY), rule(SB)], cut=8 + 44 + 20)) +
        post(0, SB),
    "null_filter": header() + filt(b"") + post(0, META, 1, 0, 8) + post(1, 77, 3) +
        post(2, 0xffffff, 255, 0xffff0000, 127),

    # §1.5.5/6: types >= 4 dropped; only subtype word 0 kept.
    "types_ge4": header() +
        filt(raw_filter([rule(4), rule(127), rule(128), rule(1023), rule(0xffffffff),
                         rule(KEY, words=[1])])) +
        post(0, 4) + post(0, 128) + post(0, 1023) + post(0, KEY, 0) + post(0, KEY, 1),
    "subtype_words_1_to_7": header() +
        filt(raw_filter([rule(KEY, words=[0] + [0xffffffff] * 7), rule(MOUNT, words=[1 << 31])])) +
        post(0, KEY, 32) + post(0, KEY, 64) + post(0, KEY, 255) + post(0, KEY, 0) +
        post(1, MOUNT, 31) + post(1, MOUNT, 63),

    # §1.6: the watch ID is in info before the match.
    "id_masks": header(ids=(0, 1, 0x7f, 0xff)) +
        filt(raw_filter([rule(MOUNT, 0x7f00, 0xff00), rule(KEY, 0xff00, 0xff00),
                         rule(SB, 0, 0xff00)])) +
        b"".join(post(k, t) for k in range(4) for t in (KEY, MOUNT, SB)),
    "info_flags": header() +
        filt(raw_filter([rule(MOUNT, FLAG1 | FLAG3, FLAG0 | FLAG1 | FLAG3)])) +
        post(0, MOUNT, 0, FLAG1 | FLAG3) + post(0, MOUNT, 0, FLAG0 | FLAG1 | FLAG3) +
        post(0, MOUNT, 0, FLAG1) + post(0, MOUNT, 0, FLAG1 | FLAG2 | FLAG3),

    # §1.8/§1.9: loss placement, partial reads, ENOBUFS.
    "loss_ring1": header(ring=1) + filt(b"") + post(0, KEY, 0) + post(0, KEY, 1) +
        post(0, KEY, 2) + drain() + post(0, KEY, 3) + drain(),
    "loss_ring3_read24": header(ring=3, read=24) + filt(b"") +
        b"".join(post(k % 4, KEY, k) for k in range(7)) + drain() + post(1, KEY, 9),
    "enobufs_read8": header(read=8) + filt(b"") + post(0, KEY, 0, 0, 8) +
        post(1, KEY, 1, 0, 16) + post(2, KEY, 2, 0, 127) + post(3, KEY, 3, 0, 8),
    "size_late": header(ring=2, late=True) + filt(b"") + post(0, KEY) + post(1, KEY) +
        unwatch(2) + drain() + post(0, KEY) + post(0, KEY) + post(0, KEY),
    "drain_each_ring2": header(ring=2, read=24, drain_each=True) +
        filt(raw_filter([rule(KEY), rule(META)])) +
        post(0, KEY) + post(1, META, 1, 0, 8) + post(2, KEY, 1, 0, 120),
    "no_loss_ring100": header(ring=100) + filt(b"") +
        b"".join(post(k % 4, KEY, k % 8, 0, 8 + 3 * k) for k in range(40)) + drain(),
    "post_bad_length": header() + filt(b"") + post(0, KEY, 0, 0, 0) +
        post(1, KEY, 0, 0, 7) + post(2, KEY, 0, 0, 8) + post(3, KEY, 0, 0, 127),

    # §1.7: removal records (8 bytes for object 0, 16 otherwise) bypass the filter.
    "removal_records": header() + filt(raw_filter([rule(KEY)])) + unwatch(0) + unwatch(1) +
        destroy(2) + destroy(2) + unwatch(2) + watch(2) + watch(2) + post(2, KEY) +
        destroy(3) + watch(3) + post(3, MOUNT) + drain(),

    # The parser: flags, ids, numbers, errors, more rules than the kernel takes.
    "text_flags_ids": header(text=True, ids=(7, 7, 8, 9)) +
        filt("mount/flags=is_recursive|is_submount,noflags=in_subtree,id=7 "
             "sb:~error/noflags=is_now_ro key:instantiated,0x1f/id=8") +
        post(0, MOUNT, 1, FLAG1 | FLAG3) + post(2, MOUNT, 1, FLAG1 | FLAG3) +
        post(1, SB, 0) + post(1, SB, 1) + post(2, KEY, 31) + post(3, KEY, 0),
    "text_numeric": header(text=True) +
        filt("7:3,200/mask=0xff00,filter=0x100\t0x10:*\nmeta:loss,removal 2:~0,5") +
        post(0, META, 1, 0, 8) + post(1, META, 0) + post(2, MOUNT, 0) + post(3, MOUNT, 6),
    "text_error": header(text=True) + filt("key mount:~move_frm") + post(0, MOUNT, 5),
    "text_too_many_for_kernel": header(text=True) + filt(" ".join(["key"] * 17)) + post(0, KEY),
    "text_64_rules": header(text=True) + filt(" ".join(str(i) for i in range(64))),
    "text_raw_bad_on_purpose": header(text=True) + filt("key/filter=0x10000 sb/mask=0x7f"),
}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "corpus", "watch_filter")
    os.makedirs(out, exist_ok=True)
    for name, data in sorted(SEEDS.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    print(f"{len(SEEDS)} seeds in {out}")


if __name__ == "__main__":
    main()
