#!/usr/bin/env python3
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Every JSON form of the vfsim command against its schema
(docs/vfsim-json.schema.json), with the standard library alone: each
output goes through `python3 -m json.tool` as a script would take it,
then a checker of the draft-07 keywords the schema uses (type,
properties, required, additionalProperties, items, enum, minimum,
pattern, $ref).  ctest cmd.json_schema.

  json_schema.py VFSIM SCHEMA
"""
import json
import os
import re
import subprocess
import sys

TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def check(value, schema, root, where, errors):
    if "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        schema = root["definitions"][name]
    t = schema.get("type")
    if t is not None:
        types = t if isinstance(t, list) else [t]
        if not any(TYPES[x](value) for x in types):
            errors.append("%s: %r is not %s" % (where, value, t))
            return
    if "enum" in schema and value not in schema["enum"]:
        errors.append("%s: %r not in %s" % (where, value, schema["enum"]))
    if "minimum" in schema and isinstance(value, int) and value < schema["minimum"]:
        errors.append("%s: %r under %r" % (where, value, schema["minimum"]))
    if "pattern" in schema and isinstance(value, str) and not re.search(schema["pattern"], value):
        errors.append("%s: %r does not match %s" % (where, value, schema["pattern"]))
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                errors.append("%s: no %r" % (where, key))
        for key, v in value.items():
            if key in props:
                check(v, props[key], root, where + "." + key, errors)
            elif schema.get("additionalProperties", True) is False:
                errors.append("%s: unexpected %r" % (where, key))
    if isinstance(value, list) and "items" in schema:
        for i, v in enumerate(value):
            check(v, schema["items"], root, "%s[%d]" % (where, i), errors)


HERE = os.path.dirname(os.path.abspath(__file__))

# (definition, arguments, JSON lines?)
FORMS = [
    ("tree", ["tree", "-J"], False),
    ("tree", ["tree", "-lJ", "--output-all"], False),
    ("tree", ["tree", "-JbD"], False),
    ("tree", ["tree", "-J", "-t", "noext4", "-o", "id,parent,target,opt-fields"], False),
    ("tree", ["tree", "--tree", "empty", "-J", os.path.join(HERE, "tree_bytes.scn")], False),
    ("statmount", ["statmount", "-J", "/tmp"], False),
    ("statmount", ["statmount", "-J", "/home", "mnt_basic", "sb_source"], False),
    ("statmount", ["statmount", "-J", "0x80000001"], False),
    ("listmount", ["listmount", "-J"], False),
    ("listmount", ["listmount", "-J", "-r", "-n", "2"], False),
    ("mntinfo", ["mntinfo", "-J"], False),
    ("mntinfo", ["mntinfo", "-J", "-M", "7"], False),
    ("fsinfo", ["fsinfo", "-J", "/home"], False),
    ("fsinfo", ["fsinfo", "-J", "/net/fileserver"], False),
    ("fsinfo", ["fsinfo", "-J", "-M", "7"], False),
    ("watch_line", ["watch", "-J"], True),
    ("watch_line", ["watch", "-J", "-q", "--v17"], True),
    ("run_line", ["run", "-J", os.path.join(HERE, "run_json.scn")], True),
    ("run_line", ["run", "--json", "--trace", os.path.join(HERE, "run_json.scn")], True),
]


def main():
    vfsim, schema_path = sys.argv[1], sys.argv[2]
    with open(schema_path) as f:
        root = json.load(f)
    failed = 0
    # The checker itself: a document that breaks the schema is caught.
    bad = []
    check({"filesystems": [{"id": "1", "nope": 0, "children": [{"id": -0.5}]}]},
          root["definitions"]["tree"], root, "self", bad)
    if len(bad) != 3:
        print("FAILED: the checker found %r in a bad document" % bad)
        failed += 1
    for name, args, lines in FORMS:
        p = subprocess.run([vfsim] + args, capture_output=True, text=True)
        errors = []
        if p.returncode != 0 or p.stderr:
            errors.append("exit %d, stderr %r" % (p.returncode, p.stderr[:200]))
        docs = p.stdout.splitlines() if lines else [p.stdout]
        for i, doc in enumerate(docs):
            tool = subprocess.run([sys.executable, "-m", "json.tool"], input=doc,
                                  capture_output=True, text=True)
            if tool.returncode != 0:
                errors.append("line %d: json.tool: %s" % (i + 1, tool.stderr.strip()))
                continue
            check(json.loads(doc), root["definitions"][name], root,
                  "%s:%d" % (name, i + 1), errors)
        print("%s: vfsim %s (%d document%s)" % ("ok" if not errors else "FAILED",
              " ".join(args), len(docs), "" if len(docs) == 1 else "s"))
        for e in errors[:10]:
            print("  " + e)
        failed += bool(errors)
    print("%d forms, %d failed" % (len(FORMS), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
