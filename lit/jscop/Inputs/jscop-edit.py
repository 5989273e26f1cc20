#!/usr/bin/env python3
"""Edits a JSCoP file for the import tests: jscop-edit.py IN OUT EDIT...

EDIT is one of
  schedule:S:TEXT      statement S gets the schedule TEXT
  access:S:K:TEXT      access K of statement S (0 is the write) gets the relation TEXT
  rename:S:NEW         statement S is called NEW
  truncate             the file is cut in the middle (not JSON any more)
"""
import json
import sys


def main():
    source, target, edits = sys.argv[1], sys.argv[2], sys.argv[3:]
    text = open(source).read()
    scop = json.loads(text)
    statements = {s["name"]: s for s in scop["statements"]}
    truncate = False
    for edit in edits:
        kind, _, rest = edit.partition(":")
        if kind == "schedule":
            name, _, schedule = rest.partition(":")
            statements[name]["schedule"] = schedule
        elif kind == "access":
            name, _, rest = rest.partition(":")
            index, _, relation = rest.partition(":")
            statements[name]["accesses"][int(index)]["relation"] = relation
        elif kind == "rename":
            name, _, new = rest.partition(":")
            statements[name]["name"] = new
        elif kind == "truncate":
            truncate = True
        else:
            sys.exit("unknown edit " + edit)
    out = json.dumps(scop, indent=2) + "\n"
    if truncate:
        out = out[: len(out) // 2]
    open(target, "w").write(out)


if __name__ == "__main__":
    main()
