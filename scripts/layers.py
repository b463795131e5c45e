#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check that the objects of a module refer only down its tiers.

  layers.py [--nm NM] OBJDIR MAKEFILE MODULE HEADER
  layers.py --selftest

MODULE's objects are those of MODULE-y (and MODULE-$(CONFIG_X), if
built) in MAKEFILE, named from its folder; OBJDIR is that folder in a
build directory.  The tiers are the first comment of HEADER with
indented " *   name.c   what it owns" lines: the files, bottom up.  An
undefined symbol of an object (nm) that another object of MODULE
defines is a reference to it; a file may refer only to files listed
before it.  Prints one line per violation and a summary; exits 1 if
there is any.
"""
import io
import os
import re
import subprocess
import sys
import tempfile


def tiers(header):
    text = open(header, encoding='utf-8', errors='replace').read()
    for comment in re.findall(r'/\*.*?\*/', text, re.S):
        files = re.findall(r'^ \*[ \t]{2,}(\S+)\.c(?:\s|$)', comment, re.M)
        if files:
            return files
    return []


def objects(makefile, module):
    text = open(makefile, encoding='utf-8', errors='replace').read().replace('\\\n', ' ')
    objs = {}
    for m in re.finditer(r'^%s-(y|objs|\$\(CONFIG_\w+\))\s*[:+]?=(.*)$'
                         % re.escape(module), text, re.M):
        for o in m.group(2).split('#')[0].split():
            objs[o[:-2]] = m.group(1) in ('y', 'objs')
    return objs


def symbols(nm, path):
    defined, undefined = set(), set()
    out = subprocess.run(nm + [path], check=True, capture_output=True,
                         text=True).stdout
    for f in (line.split() for line in out.splitlines()):
        if len(f) == 2 and f[0] == 'U':
            undefined.add(f[1])
        elif len(f) == 3 and f[1] in 'ABCDGRSTVWi':
            defined.add((f[2], 'calls' if f[1] in 'TWi' else 'refers'))
    return defined, undefined


def circles(graph):
    """The groups of objects that reach each other: each one circle or more."""
    reach = {}
    for v in graph:
        seen, todo = set(), [v]
        while todo:
            new = graph[todo.pop()] - seen
            seen |= new
            todo += new
        reach[v] = seen
    return sorted({tuple(sorted(w for w in reach[v] if v in reach[w]))
                   for v in graph if v in reach[v]})


def check(nm, objdir, makefile, module, header, out=sys.stdout):
    order, objs = tiers(header), objects(makefile, module)
    srcdir, hname = os.path.dirname(makefile), os.path.basename(header)
    rank, bad = {}, []
    for i, f in enumerate(order):
        if f in rank:
            bad.append('%s.c: listed twice in %s' % (f, hname))
        rank[f] = i
        if not os.path.exists(os.path.join(srcdir, f + '.c')):
            bad.append('%s.c: listed in %s, does not exist' % (f, hname))
        elif f not in objs:
            bad.append('%s.c: listed in %s, not an object of %s' % (f, hname, module))
    syms, owner = {}, {}
    for o, required in objs.items():
        path = os.path.join(objdir, o + '.o')
        if not os.path.exists(path):
            if required:
                bad.append('%s.o: not built in %s' % (o, objdir))
            continue
        if o not in rank:
            bad.append('%s.o: an object of %s, not listed in %s' % (o, module, hname))
        syms[o] = symbols(nm, path)
        for s, how in syms[o][0]:
            owner[s] = (o, how)
    graph, up, refs = {o: set() for o in syms}, [], 0
    for o, (_, undefined) in sorted(syms.items()):
        for s in sorted(undefined):
            t, how = owner.get(s, (o, ''))
            if t == o:
                continue
            refs += 1
            graph[o].add(t)
            if o in rank and t in rank and rank[t] > rank[o]:
                up.append((o, '%s.o -> %s.o: %s (%s up)' % (o, t, s, how)))
    bad += [line for _, line in up]
    for c in circles(graph):
        bad.append('circle of %d files: %s' % (len(c), ' '.join(o + '.o' for o in c)))
    for b in bad:
        print(b, file=out)
    print('%s: %d objects, %d references between them; %d upward from %d files,'
          ' %d violations' % (module, len(syms), refs, len(up), len(set(o for o, _ in up)),
                              len(bad)), file=out)
    return 1 if bad else 0


def selftest():
    """A fake module, nm listings for objects: a calls up, a and b circle."""
    files = {'Makefile': 'm-y := a.o \\\n\tb.o c.o\nm-y += d.o\n',
             'h.h': '/* x */\n/*\n *   a.c   low\n * b.c prose\n *   b.c\n'
                    ' *   c.c   top\n *   gone.c\n */\n',
             'a.o': '0 T a_fn\n U b_fn\n', 'b.o': '0 T b_fn\n0 B b_var\n U a_fn\n',
             'c.o': '0 T c_fn\n U b_var\n U printk\n', 'd.o': '0 D d\n U c_fn\n',
             'a.c': '', 'b.c': '', 'c.c': '', 'd.c': ''}
    want = ['gone.c: listed in h.h, does not exist',
            'd.o: an object of m, not listed in h.h',
            'a.o -> b.o: b_fn (calls up)', 'circle of 2 files: a.o b.o',
            'm: 4 objects, 4 references between them; 1 upward from 1 files, 4 violations']
    with tempfile.TemporaryDirectory() as d:
        def run(**change):
            for name, text in dict(files, **change).items():
                with open(os.path.join(d, name), 'w', encoding='latin-1') as f:
                    f.write(text)
            out = io.StringIO()
            rc = check(['cat'], d, os.path.join(d, 'Makefile'), 'm', os.path.join(d, 'h.h'), out)
            return rc, out.getvalue().splitlines()
        rc, got = run()
        # a calling down only, every file listed (a high byte, no newline): clean
        clean = run(**{'a.o': '0 T a_fn\n', 'h.h': '/*\n *   a.c  \xff\n *\n *   b.c\n'
                       ' *   c.c\n *   d.c */'})
    ok = rc == 1 and got == want and clean[0] == 0
    print('\n'.join(got + clean[1]))
    print('1 passed, 0 failed' if ok else '0 passed, 1 failed')
    return 0 if ok else 1


if __name__ == '__main__':
    a = sys.argv[1:]
    nm, a = (a[1].split(), a[2:]) if a[:1] == ['--nm'] and len(a) > 1 else (['nm'], a)
    sys.exit(selftest() if a == ['--selftest'] else
             check(nm, *a) if len(a) == 4 else __doc__)
