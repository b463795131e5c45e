#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Follow a function's calls through the object files of a module.

    callwalk.py [-v] FUNCTION OBJ.o...

Reads each object's function symbols (readelf) and the relocations in
each function's code (objdump -dr), taken in the order they appear, as
its calls (a call, a tail call or a function pointer handed on).  From
FUNCTION it follows every call to a function of the given objects,
depth first; a function is opened once, a second call to it still
enters its file and comes back.  It prints the files the walk stays in,
one line per stay (consecutive calls inside one file are one stay), and
a summary: stays, files, and returns (stays in a file the walk had
already left).  A return means the data went down and came back up:
a layered module enters each file once per layer it crosses.

Calls to functions outside the given objects (the kernel, sanitizer
hooks) are not followed.
"""
import os
import re
import subprocess
import sys

RELOC = re.compile(r'^\s+[0-9a-f]+:\s+R_\S+\s+([^\s+-]+)([+-]0x[0-9a-f]+)?')
FUNC = re.compile(r'^[0-9a-f]+ <([^>]+)>:$')


def symbols(obj):
    """FUNC symbols of @obj: {name: None}, {(section, offset): name}."""
    out = subprocess.run(['readelf', '-sSW', obj], check=True,
                         capture_output=True, text=True).stdout
    secs, funcs, at = {}, {}, {}
    for line in out.splitlines():
        m = re.match(r'^\s+\[\s*(\d+)\]\s+(\S+)', line)
        if m:
            secs[m.group(1)] = m.group(2)
            continue
        f = line.split()
        if len(f) >= 8 and f[3] == 'FUNC' and f[6].isdigit():
            funcs[f[7]] = f[4] == 'GLOBAL'
            at[(secs.get(f[6]), int(f[1], 16))] = f[7]
    return funcs, at


def calls(obj, at):
    """{function: [callee names in order]} of @obj."""
    out = subprocess.run(['objdump', '-dr', '--no-show-raw-insn', obj],
                         check=True, capture_output=True,
                         text=True).stdout
    res, cur = {}, None
    for line in out.splitlines():
        m = FUNC.match(line)
        if m:
            cur = m.group(1)
            res[cur] = []
            continue
        m = RELOC.match(line)
        if not m or cur is None:
            continue
        name, off = m.group(1), int(m.group(2) or '0', 16)
        if name.startswith('.'):
            # A call to a local function: section + offset (x86
            # PC-relative relocations point 4 bytes short).
            name = at.get((name, off)) or at.get((name, off + 4))
        if name and name != cur:
            res[cur].append(name)
    return res


def main(argv):
    verbose = argv[:1] == ['-v']
    if verbose:
        argv = argv[1:]
    if len(argv) < 2:
        sys.stderr.write(__doc__)
        return 2
    entry, objs = argv[0], argv[1:]
    where, graph = {}, {}
    for obj in objs:
        funcs, at = symbols(obj)
        base = os.path.basename(obj)[:-2]
        for name, glob in funcs.items():
            key = name if glob else (base, name)
            where[key] = base
        for fn, callees in calls(obj, at).items():
            key = fn if funcs.get(fn) else (base, fn)
            graph[key] = [c if funcs.get(c) is not False else (base, c)
                          for c in callees]
    start = entry if entry in where else None
    if start is None:
        sys.stderr.write(f'callwalk: {entry} is defined in none of the objects\n')
        return 2
    trace, opened = [], set()

    def walk(fn):
        trace.append((where[fn], fn))
        if fn in opened:
            return
        opened.add(fn)
        for c in graph.get(fn, []):
            if c in where:
                walk(c)
                trace.append((where[fn], fn))

    walk(start)
    stays = []
    for f, fn in trace:
        if not stays or stays[-1][0] != f:
            stays.append([f, []])
        name = fn if isinstance(fn, str) else fn[1]
        if name not in stays[-1][1]:
            stays[-1][1].append(name)
    seen, returns = set(), 0
    for i, (f, fns) in enumerate(stays, 1):
        back = f in seen
        returns += back
        seen.add(f)
        if verbose:
            print(f'{i:4} {f:16} {"back " if back else "     "}'
                  f'{", ".join(fns)}')
    print(f'{entry}: {len(stays)} stays; {len(seen)} files; '
          f'{returns} returns to a file already left; '
          f'{len(opened)} functions')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
