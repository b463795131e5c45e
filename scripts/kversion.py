#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Give a source of the overlay the code of one pinned kernel only.

  kversion.py KERNEL_TREE FILE    FILE as KERNEL_TREE's version gets it,
                                  on standard output
  kversion.py --check FILE...     the code that compiles differently on
                                  the pinned trees or on newer kernels
                                  (below) but is not in a version test,
                                  one line each; exit status 1 if any
  kversion.py --report FILE...    every version test, one line each:
                                  FILE:LINE and the test

rio-voq's sources build on every pinned tree (scripts/common.sh,
RIO_VOQ_KERNELS).  Where an API of the kernel changed between them and
no code is valid on both, a source says so with

    #if LINUX_VERSION_CODE >= KERNEL_VERSION(a, b, c)
    ...
    #else
    ...
    #endif

(any comparison, either way round; #else optional; other conditionals
may nest inside).  The tree a version's overlay is copied into
(scripts/tree.sh), and the patch series for it (scripts/series.py),
get the branch of their version alone, without the conditional and
without <linux/version.h>: code for the version it is merged into, as
checkpatch asks.  Any other use of LINUX_VERSION_CODE is an error.

What --check knows to differ, and so wants in a version test (a Makefile
has none: there it is an error):

  MODULE_IMPORT_NS(NS)            a string literal from 6.13 on
                                  (MODULE_IMPORT_NS("NS")), a bare
                                  identifier before
  class_interface callbacks       add_dev/remove_dev lost their
                                  struct class_interface * in 6.4
  UBSAN_SANITIZE in a Makefile    a test-only flag: the KUnit run passes
                                  it on the command line
"""

import operator
import re
import sys

OPS = {'<': operator.lt, '<=': operator.le, '>': operator.gt,
       '>=': operator.ge, '==': operator.eq, '!=': operator.ne}
SWAP = {'<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!='}
KV = r'KERNEL_VERSION\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)'
CMP = r'(<=|>=|==|!=|<|>)'
VERSION_IF = [
    re.compile(r'^#\s*if\s+LINUX_VERSION_CODE\s*' + CMP + r'\s*' + KV + r'\s*$'),
    re.compile(r'^#\s*if\s+' + KV + r'\s*' + CMP + r'\s*LINUX_VERSION_CODE\s*$'),
]
VERSION_H = re.compile(r'^#\s*include\s*<linux/version\.h>\s*$')


def die(msg):
    sys.stderr.write(f'[rio-voq] error: {msg}\n')
    sys.exit(1)


def code(a, b, c):
    """LINUX_VERSION_CODE of a.b.c, as <linux/version.h> computes it."""
    return (a << 16) + (b << 8) + min(c, 255)


def tree_version(tree):
    """The version code of the kernel tree at tree, from its Makefile."""
    v = {}
    with open(f'{tree}/Makefile') as f:
        for line in f:
            m = re.match(r'^(VERSION|PATCHLEVEL|SUBLEVEL)\s*=\s*(\d+)', line)
            if m:
                v[m.group(1)] = int(m.group(2))
            if len(v) == 3:
                return code(v['VERSION'], v['PATCHLEVEL'], v['SUBLEVEL'])
    die(f'{tree}/Makefile: no kernel version')


def version_if(line):
    """Whether line is a version test, and its value for version."""
    m = VERSION_IF[0].match(line)
    if m:
        op, kv = m.group(1), m.groups()[1:]
    else:
        m = VERSION_IF[1].match(line)
        if not m:
            return None
        op, kv = SWAP[m.group(4)], m.groups()[:3]
    return lambda version: OPS[op](version, code(*map(int, kv)))


def resolve(text, version, name='<source>'):
    """text with each version test replaced by its branch for version."""
    lines = text.split('\n')
    out = []
    # One entry per open conditional: None for one that is not a version
    # test (kept), else [taken, in_else] for a version test (dropped)
    stack = []
    seen = False

    def keeping():
        return all(s is None or s[0] != s[1] for s in stack)

    for n, line in enumerate(lines, 1):
        d = line.lstrip()
        test = version_if(line)
        if test:
            seen = True
            stack.append([test(version), False])
            continue
        if 'LINUX_VERSION_CODE' in line:
            die(f'{name}:{n}: LINUX_VERSION_CODE other than in '
                '"#if LINUX_VERSION_CODE <op> KERNEL_VERSION(a, b, c)"')
        if re.match(r'#\s*if', d):
            stack.append(None)
        elif re.match(r'#\s*(else|elif)', d) and stack and stack[-1] is not None:
            if re.match(r'#\s*elif', d) or stack[-1][1]:
                die(f'{name}:{n}: #elif or a second #else in a version test')
            stack[-1][1] = True
            continue
        elif re.match(r'#\s*endif', d):
            if not stack:
                die(f'{name}:{n}: #endif without #if')
            if stack.pop() is not None:
                continue
        if keeping():
            out.append(line)
    if stack:
        die(f'{name}: a conditional is not closed')
    if seen:
        out = [line for line in out if not VERSION_H.match(line)]
    return '\n'.join(out)


# Code that needs a version test: (name, pattern, why)
DIFFERS = [
    ('MODULE_IMPORT_NS', re.compile(r'\bMODULE_IMPORT_NS\s*\('),
     'takes a string literal from 6.13 on, an identifier before'),
    ('class_interface callback',
     re.compile(r'\(\s*struct device \*\w*\s*,\s*struct class_interface \*'),
     'add_dev/remove_dev take no struct class_interface * from 6.4 on'),
]
MAKEFILE_BANNED = [
    ('UBSAN_SANITIZE', re.compile(r'^\s*UBSAN_SANITIZE\w*\s*[:+?]?='),
     'a test-only flag: pass it on the command line (make UBSAN_SANITIZE_x.o=y)'),
]


def walk(text, name='<source>'):
    """Each line of text that is not a directive of a version test, with
    its number and the version tests around it (their conditions)."""
    stack = []
    for n, line in enumerate(text.split('\n'), 1):
        d = line.lstrip()
        if version_if(line):
            stack.append(line.strip())
            continue
        if re.match(r'#\s*if', d):
            stack.append(None)
        elif re.match(r'#\s*(else|elif)', d) and stack and stack[-1] is not None:
            continue
        elif re.match(r'#\s*endif', d):
            if not stack:
                die(f'{name}:{n}: #endif without #if')
            if stack.pop() is not None:
                continue
        yield n, line, [s for s in stack if s is not None]


def check(paths):
    """Lines of paths that differ between versions outside a version test."""
    bad = []
    for path in paths:
        with open(path) as f:
            text = f.read()
        if path.rsplit('/', 1)[-1] in ('Makefile', 'Kbuild'):
            for n, line in enumerate(text.split('\n'), 1):
                for what, pat, why in MAKEFILE_BANNED:
                    if pat.search(line):
                        bad.append(f'{path}:{n}: {what} in a Makefile: {why}')
            continue
        resolve(text, 0, path)      # dies on a malformed version test
        for n, line, tests in walk(text, path):
            for what, pat, why in DIFFERS:
                if pat.search(line) and not tests:
                    bad.append(f'{path}:{n}: {what} outside a version test: {why}')
    return bad


def report(paths):
    """Each version test of paths, and the versions its first branch is for."""
    out = []
    for path in paths:
        with open(path) as f:
            for n, line in enumerate(f.read().split('\n'), 1):
                if version_if(line):
                    out.append(f'{path}:{n}: {line.strip()[3:].strip()}')
    return out


def main():
    if len(sys.argv) >= 2 and sys.argv[1] in ('--check', '--report'):
        if sys.argv[1] == '--report':
            print('\n'.join(report(sys.argv[2:])))
            return
        bad = check(sys.argv[2:])
        for b in bad:
            sys.stderr.write(f'[rio-voq] {b}\n')
        sys.exit(1 if bad else 0)
    if len(sys.argv) != 3:
        die('usage: kversion.py KERNEL_TREE FILE | --check FILE... | --report FILE...')
    with open(sys.argv[2]) as f:
        text = f.read()
    sys.stdout.write(resolve(text, tree_version(sys.argv[1]), sys.argv[2]))


if __name__ == '__main__':
    main()
