#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Report non-static C functions that lack a kernel-doc comment.

scripts/kernel-doc checks the comments that exist; this checks that
every function with external linkage has one, as the project requires.
A function is documented when a "/**" comment naming it as "name() -"
stands anywhere in the same file.  Prints one line per missing comment
and exits 1 if there is any.
"""
import re
import sys

# A definition at column 0: return type, name, parameters, then '{'.
DEF = re.compile(r'^(?!static\b|typedef\b|#)([A-Za-z_][\w \t\*]*?)\b(\w+)\s*\(([^;{}]*)\)\s*\{',
                 re.M)
KEYWORDS = {'if', 'for', 'while', 'switch', 'return', 'sizeof'}


def missing(path):
    text = open(path, encoding='utf-8').read()
    documented = set(re.findall(r'/\*\*\s*\n\s*\*\s*(\w+)\(\)\s+-', text))
    lines = text.split('\n')
    for m in DEF.finditer(text):
        name = m.group(2)
        if name in KEYWORDS or name in documented:
            continue
        line = text.count('\n', 0, m.start()) + 1
        # "static __printf(...)" or another attribute on the line before
        if line >= 2 and lines[line - 2].startswith('static'):
            continue
        yield f'{path}:{line}: {name}() has no kernel-doc comment'


def main(paths):
    bad = [msg for p in paths for msg in missing(p)]
    for msg in bad:
        print(msg)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
