#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Export rio-voq as an upstream patch series for the pinned kernel.

  series.py BASE_REPO OUT_DIR

BASE_REPO is a git repository whose tag rio-voq-base is the pristine
pinned tree (scripts/series.sh makes it).  The commits are built with git's plumbing
in a temporary index, so the base repository's checkout is not touched:
each step of scripts/series/plan becomes one commit on top of the base,
then git format-patch writes the whole chain with a cover letter (the
subject and text of scripts/series/cover.txt) into OUT_DIR, and each
submission of the plan (its "series NAME" lines) into OUT_DIR/NAME/,
numbered from 1, with a cover letter of its own: the subject and text
of scripts/series/NAME.cover, then the list of its patches, which of
them go to stable, their diffstat and base-commit:, all generated.  Its
To: and Cc: are those scripts/get_maintainer.pl of the base tree gives
for the files the submission touches (see recipients()).

Author and Signed-off-by come from the git configuration of the
repository this script is run from (user.name, user.email), at export
time.  Every patch of patches/series and every tracked file of the
overlay (drivers/, include/, Documentation/) and of tools/ must appear
in the plan exactly once (or be named by a skip line).  A source with
a LINUX_VERSION_CODE test goes in as the base tree's version gets it
(scripts/kversion.py).
"""

import difflib
import os
import re
import subprocess
import sys
import tempfile
import textwrap

sys.dont_write_bytecode = True  # nothing written into the repository
import kversion  # noqa: E402

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PLAN_DIR = os.path.join(TOP, 'scripts', 'series')
ENTRIES = {
    'voq': 'RAPIDIO VOQ BACKPRESSURE (RIO_VOQ)',
    'sim': 'RAPIDIO SIMULATED FABRIC (RIO-SIM)',
}


def die(msg):
    sys.stderr.write(f'[rio-voq] error: {msg}\n')
    sys.exit(1)


def run(args, cwd=None, env=None, data=None):
    res = subprocess.run(args, cwd=cwd, env=env, input=data,
                         capture_output=True, text=True)
    if res.returncode:
        die(f"{' '.join(args)}: {res.stderr.strip()}")
    return res.stdout


def submitter():
    name = run(['git', 'config', 'user.name'], cwd=TOP).strip()
    email = run(['git', 'config', 'user.email'], cwd=TOP).strip()
    if not name or not email:
        die('set git user.name and user.email: they sign the series')
    return name, email


def core_message(path):
    """Subject and body of a patch of patches/, less its sign-offs."""
    subject, body, in_body = None, [], False
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if line == '---' or line.startswith('diff --git'):
                break
            if not in_body:
                m = re.match(r'Subject: (\[PATCH[^]]*\] )?(.*)', line)
                if m:
                    subject = m.group(2)
                elif subject is not None and line == '':
                    in_body = True
                continue
            if not line.startswith('Signed-off-by:'):
                body.append(line)
    if subject is None:
        die(f'{path}: no Subject')
    while body and body[-1] == '':
        body.pop()
    return subject + '\n\n' + '\n'.join(body) + '\n'


TRAILER = (r'(Fixes|Reported-by|Closes|Link|Cc|Suggested-by|Acked-by|'
           r'Reviewed-by|Tested-by|Co-developed-by): \S')


def signed(msg, signoff):
    """msg with the submitter's Signed-off-by: in the block of tags that
    ends it (Fixes: and the like), or after a blank line if none does."""
    msg = msg.rstrip('\n')
    last = msg.split('\n\n')[-1].split('\n')
    tags = len(msg.split('\n\n')) > 1 and all(
        re.match(TRAILER, line) for line in last)
    return msg + ('\n' if tags else '\n\n') + signoff


def read_plan():
    """The steps of the plan; each core and new step ends with the name
    of the submission it belongs to (None before the first series line)."""
    steps, name = [], None
    with open(os.path.join(PLAN_DIR, 'plan')) as f:
        for line in f:
            words = line.split('#', 1)[0].split()
            if not words:
                continue
            if words[0] == 'series' and len(words) == 2:
                name = words[1]
            elif words[0] == 'core' and (len(words) == 2 or (
                    len(words) > 3 and words[2] == 'needs')):
                steps.append(('core', words[1], words[3:], name))
            elif words[0] == 'new' and len(words) >= 5:
                steps.append(('new', words[1], words[2], words[3],
                              words[4:], name))
            elif words[0] == 'skip' and len(words) >= 2:
                steps.append(('skip', words[1:]))
            elif words[0] == 'hooks' and len(words) >= 2:
                steps.append(('hooks', words[1:]))
            else:
                die(f'plan: cannot read "{line.strip()}"')
    return steps


def tracked(paths):
    """Mode and path of the tracked files under paths."""
    out = run(['git', 'ls-files', '-s', '--'] + paths, cwd=TOP)
    files = []
    for line in out.splitlines():
        meta, path = line.split('\t', 1)
        files.append((meta.split()[0], path))
    return files


def check_coverage(steps):
    with open(os.path.join(TOP, 'patches', 'series')) as f:
        series = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    used = [s[1] for s in steps if s[0] == 'core']
    for s in steps:
        if s[0] == 'core':
            for n in s[2]:
                if n not in used[:used.index(s[1])]:
                    die(f'plan: {s[1]} needs {n}, which is not before it')
    used += [s[3] for s in steps if s[0] == 'new' and s[3] != '-']
    used += [p for s in steps if s[0] == 'hooks' for p in s[1]]
    if sorted(used) != sorted(series):
        die('plan and patches/series differ: '
            f'{sorted(set(used) ^ set(series))}')
    want = {p for _, p in tracked(['drivers', 'include', 'Documentation',
                                   'tools'])}
    got = []
    for s in steps:
        if s[0] == 'new':
            got += [p for _, p in tracked(s[4])]
        elif s[0] == 'skip':
            got += [p for _, p in tracked(s[1])]
    if sorted(got) != sorted(want):
        missing = sorted(want - set(got))
        twice = sorted({p for p in got if got.count(p) > 1})
        die(f'plan does not cover each file once: missing {missing}, '
            f'twice {twice}')


def blob(base, path):
    """The blob of the repository's file path in the series (a source
    resolved for the base tree's version, scripts/kversion.py)."""
    with open(os.path.join(TOP, path), 'rb') as f:
        data = f.read()
    if path.endswith(('.c', '.h')) and b'LINUX_VERSION_CODE' in data:
        data = kversion.resolve(data.decode(), kversion.tree_version(base),
                                path).encode()
    res = subprocess.run(['git', 'hash-object', '-w', '--stdin'], cwd=base,
                         input=data, capture_output=True)
    if res.returncode:
        die(f'git hash-object {path}: {res.stderr.decode().strip()}')
    return res.stdout.decode().strip()


def in_base(base, path):
    """The type of path in the pristine tree (tree, blob) or None"""
    res = subprocess.run(['git', 'cat-file', '-t', f'rio-voq-base:{path}'],
                         cwd=base, capture_output=True, text=True)
    return res.stdout.strip() if res.returncode == 0 else None


def pattern(base, text, path):
    """The F: pattern of MAINTAINERS for a path the series adds: the
    outermost directory of it that the pristine tree does not have, else
    the file itself, unless an entry already names its directory (as
    RAPIDIO SUBSYSTEM does drivers/rapidio/): then None"""
    parts = path.split('/')
    for i in range(1, len(parts) + 1):
        d = '/'.join(parts[:i])
        if i < len(parts) or os.path.isdir(os.path.join(TOP, path)):
            if not in_base(base, d):
                return d + '/'
    if ('F:\t' + os.path.dirname(path) + '/') in text.split('\n'):
        return None
    return path


def maintainers(base, text, entry, paths, name, email):
    """MAINTAINERS with paths added to our entry (created if needed)."""
    title = ENTRIES[entry]
    lines = text.split('\n')
    pats = list(dict.fromkeys(p for p in (pattern(base, text, p)
                                          for p in paths) if p))
    if not pats:
        return text
    if title in lines:
        i = lines.index(title)
        j = i
        while lines[j] != '':
            j += 1
        old = [l[3:] for l in lines[i:j] if l.startswith('F:\t')]
        head = [l for l in lines[i:j] if not l.startswith('F:\t')]
        block = head + ['F:\t' + p for p in sorted(set(old + pats))]
        return '\n'.join(lines[:i] + block + lines[j:])
    block = [title, f'M:\t{name} <{email}>', 'L:\tlinux-kernel@vger.kernel.org',
             'S:\tMaintained'] + ['F:\t' + p for p in sorted(pats)] + ['']
    # Before the first section whose title sorts after ours, as
    # scripts/parse-maintainers.pl sorts them (by_category: upper case,
    # THE REST last), which puts ours beside RAPIDIO SUBSYSTEM
    def key(t):
        return t.upper().replace('THE REST', 'ZZZZZZ')
    for k in range(1, len(lines) - 1):
        if lines[k - 1] == '' and re.match(r'^[A-Z]:\t', lines[k + 1]) \
           and key(lines[k]) > key(title):
            return '\n'.join(lines[:k] + block + lines[k:])
    die('MAINTAINERS: no place for ' + title)


def recipients(base, commits):
    """To: and Cc: of a submission: scripts/get_maintainer.pl of the base
    tree (its MAINTAINERS; --no-git: the tree has no history to weigh)
    on the submission's patches.  Maintainers, supporters and reviewers
    go to To:, lists to Cc:.  Empty if the base tree has no
    get_maintainer.pl."""
    gm = os.path.join(base, 'scripts', 'get_maintainer.pl')
    if not os.path.exists(gm):
        return [], []
    diff = run(['git', 'format-patch', '--stdout', '--no-signature',
                f'{commits[0]}^..{commits[-1]}'], cwd=base)
    with tempfile.NamedTemporaryFile('w', suffix='.patch') as f:
        f.write(diff)
        f.flush()
        res = run(['perl', gm, '--no-git', '--no-git-fallback', '--no-tree',
                   f.name], cwd=base)
    to, cc = [], []
    for line in res.splitlines():
        m = re.match(r'(.*?(?:>|@\S+))\s+\((.*)\)$', line.strip())
        if not m:
            continue
        (cc if 'list' in m.group(2).split(':')[0] else to).append(m.group(1))
    return to, cc


# The submissions of core fixes (series.sh's plan_fixes() also tests
# A3, the enumerator's rewrite, which is not a fix): each of their
# patches has a Fixes: tag or its cover letter says it has none
FIX_SERIES = ('A', 'A2')


def and_list(items):
    """'1, 2 and 3'"""
    return ' and '.join([', '.join(items[:-1]), items[-1]] if len(items) > 1
                        else items)


def submission(base, out, name, commits, first, last):
    """Write the submission name (commits, first..last of the chain) into
    out/name, with its cover letter."""
    sub = os.path.join(out, name)
    os.makedirs(sub, exist_ok=True)
    for f in os.listdir(sub):
        if f.endswith('.patch'):
            os.unlink(os.path.join(sub, f))
    to, cc = recipients(base, commits)
    cover_txt = os.path.join(PLAN_DIR, name + '.cover')
    if os.path.exists(cover_txt):
        with open(cover_txt) as f:
            subject, _, blurb = f.read().partition('\n\n')
    else:
        subject, blurb = f'rapidio: series {name}', ''
    # A cover subject "[RFC] ..." makes every patch of it [RFC PATCH]
    rfc = subject.startswith('[RFC] ')
    subject = subject[len('[RFC] '):] if rfc else subject
    args = ['git', 'format-patch', '-q', '--cover-letter', '--no-signature',
            '--base=rio-voq-base', '-o', sub] + (['--rfc'] if rfc else [])
    args += [f'--to={a}' for a in to] + [f'--cc={a}' for a in cc]
    run(args + [f'{first}..{last}'], cwd=base)
    n = len(commits)
    listing, stable, fixes, unfixed = [], [], [], []
    for i, c in enumerate(commits, 1):
        msg = run(['git', 'log', '-1', '--format=%B', c], cwd=base)
        stat = run(['git', 'diff', '--numstat', f'{c}^', c], cwd=base)
        plus = sum(int(l.split()[0]) for l in stat.splitlines()
                   if l.split()[0].isdigit())
        listing.append(f'  {i:>{len(str(n))}}/{n} {msg.splitlines()[0]} '
                       f'(+{plus})')
        if re.search(r'^Cc: stable@vger\.kernel\.org', msg, re.M):
            stable.append(str(i))
        if re.search(r'^Fixes: ', msg, re.M):
            fixes.append(str(i))
        elif name in FIX_SERIES:
            unfixed.append(str(i))
    blurb = blurb.rstrip('\n') + '\n\nThe patches:\n\n' + '\n'.join(listing)
    if stable:
        blurb += ('\n\nFor stable (Cc: stable@vger.kernel.org): '
                  + ', '.join(stable) + '.')
    if fixes or unfixed:
        wrap = textwrap.TextWrapper(72, fix_sentence_endings=True)
        blurb += '\n\n' + wrap.fill(
            'Fixes: tags name only commits checked against mainline '
            'history' + (': ' + and_list(fixes) +
                         (' have one.' if len(fixes) > 1 else ' has one.')
                         if fixes else '.') +
            (' ' + and_list(unfixed) + (' have' if len(unfixed) > 1
                                        else ' has') +
             ' none yet: the commit that brought the bug could not be '
             'verified.' if unfixed else ''))
    cover = os.path.join(sub, '0000-cover-letter.patch')
    with open(cover) as f:
        text = f.read()
    text = text.replace('*** SUBJECT HERE ***', subject.strip())
    text = text.replace('*** BLURB HERE ***', blurb)
    with open(cover, 'w') as f:
        f.write(text)


# Kbuild files of the directories the series adds, and .kunitconfig:
# written at every step from their final text with what the series has
# not added yet left out (see steps_kbuild())
def generated(path):
    return path.startswith('drivers/') and os.path.basename(path) in (
        'Makefile', 'Kconfig', '.kunitconfig')


def vislen(text):
    return len(text.expandtabs(8))


def makefile_step(path, text, added):
    """The Makefile path (final text) at a step that has added the
    files in added: an object is listed once its source is added, a
    subdirectory once its Makefile is, a module of several objects once
    the object that makes it a module (MODULE_LICENSE) is, or if none
    does, once all its objects are; an assignment left with no object is
    dropped with the comment right above it.  Lines of the final text
    that lose nothing stay as they are."""
    d = os.path.dirname(path)
    groups, cur = [], []
    for line in text.rstrip('\n').split('\n'):
        cur.append(line)
        if not line.endswith('\\'):
            groups.append(cur)
            cur = []
    if cur:
        groups.append(cur)
    assign = re.compile(r'^([\w.-]+?)-(y|m|objs|\$\(CONFIG_\w+\))(\s*(?::=|\+=|=)\s*)(.*)$')
    members = {}
    for g in groups:
        m = assign.match(' '.join(l.rstrip('\\') for l in g))
        if m and m.group(1) != 'obj':
            members.setdefault(m.group(1), []).extend(
                t for t in m.group(4).split('#')[0].split() if t.endswith('.o'))

    def source(obj):
        return os.path.join(d, obj[:-2] + '.c')

    def present(tok):
        if tok.endswith('/'):
            return os.path.join(d, tok, 'Makefile') in added
        if not tok.endswith('.o'):
            return True
        name = tok[:-2]
        if name in members:
            anchor = [o for o in members[name]
                      if os.path.exists(os.path.join(TOP, source(o))) and
                      'MODULE_LICENSE(' in open(os.path.join(TOP, source(o))).read()]
            return all(source(o) in added for o in (anchor or members[name]))
        return source(tok) in added or not os.path.exists(os.path.join(TOP, source(tok)))

    out = []
    for g in groups:
        m = assign.match(' '.join(l.rstrip('\\') for l in g))
        toks = m.group(4).split() if m else []
        objs = [t for t in toks if t.endswith(('.o', '/'))]
        keep = [t for t in toks if present(t)]
        if len(keep) == len(toks):
            out += g
            continue
        if objs and not any(t in keep for t in objs):
            while out and out[-1].startswith('#') and len(out) > 1 and out[-2] != '':
                out.pop()
            continue
        first = g[0][:g[0].index(toks[0])]
        indent = (g[1][:len(g[1]) - len(g[1].lstrip())] if len(g) > 1
                  else ' ' * vislen(first))
        lines, line = [], first
        for i, t in enumerate(keep):
            end = '' if i == len(keep) - 1 else ' \\'
            if line not in (first, indent) and vislen(line + ' ' + t + end) > 80:
                lines.append(line + ' \\')
                line = indent
            line += ('' if line in (first, indent) else ' ') + t
        out += lines + [line]
    text = '\n'.join(out)
    text = re.sub(r'\n{3,}', '\n\n', text).rstrip('\n') + '\n'
    return text


def obj_configs(text):
    """The CONFIG_ symbols of a Makefile's obj- lines"""
    return set(re.findall(r'^obj-\$\(CONFIG_(\w+)\)', text, re.M))


def kconfig_blocks(text):
    """text as [symbol or None, lines] blocks (a block's blank lines at
    its end belong to it)"""
    blocks = [[None, []]]
    for line in text.rstrip('\n').split('\n'):
        m = re.match(r'^(?:menu)?config (\w+)', line)
        if m:
            blocks.append([m.group(1), []])
        elif re.match(r'^(endmenu|menu |if |endif|source |comment )', line):
            blocks.append([None, []])
        blocks[-1][1].append(line)
    return blocks


def kconfig_step(text, live, built):
    """A Kconfig's final text with the symbols whose objects are not
    built yet left out: a symbol named by an obj- line of a Makefile the
    series adds (built) stays only if such a line is there at this step
    (live)"""
    out = []
    for sym, lines in kconfig_blocks(text):
        if sym is None or sym in live or sym not in built:
            out += lines
    return '\n'.join(out).rstrip('\n') + '\n'


def kunitconfig_step(text, ours, kept):
    out = [l for l in text.rstrip('\n').split('\n')
           if not (re.match(r'^#? ?CONFIG_(\w+)', l) and
                   re.match(r'^#? ?CONFIG_(\w+)', l).group(1) in ours - kept)]
    return '\n'.join(out) + '\n'


def hook_ref(path, line):
    """The file an added line of a file of the tree names: a Kconfig
    source, a Makefile's subdirectory, a toctree entry; else None"""
    d = os.path.dirname(path)
    m = re.match(r'^source "([^"]+)"', line)
    if m:
        return m.group(1)
    m = re.match(r'^obj-\S*\s*\+=\s*(\S+)/\s*$', line)
    if m:
        return os.path.join(d, m.group(1), 'Makefile')
    m = re.match(r'^   ([\w-]+)\s*$', line)
    if path.endswith('.rst') and m:
        return os.path.join(d, m.group(1) + '.rst')
    return None


def hook_texts(base, head, patches, env):
    """The files the hooks patches change: {path: (final lines, added
    flags)}"""
    idx = env['GIT_INDEX_FILE'] + '.hooks'
    henv = dict(env, GIT_INDEX_FILE=idx)
    run(['git', 'read-tree', head], cwd=base, env=henv)
    paths = []
    for p in patches:
        f = os.path.join(TOP, 'patches', p)
        run(['git', 'apply', '--cached', '-p1', f], cwd=base, env=henv)
        paths += [l[6:].strip() for l in open(f) if l.startswith('+++ b/')]
    hooks = {}
    for path in dict.fromkeys(paths):
        old = run(['git', 'cat-file', 'blob', f'{head}:{path}'], cwd=base).split('\n')
        new = run(['git', 'cat-file', 'blob', f':{path}'], cwd=base, env=henv).split('\n')
        flags = [False] * len(new)
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
            if op == 'replace' or op == 'delete':
                die(f'{path}: a hooks patch may only add lines')
            if op == 'insert':
                flags[j1:j2] = [True] * (j2 - j1)
        hooks[path] = (new, flags)
    os.unlink(idx)
    return hooks


def hook_step(path, lines, flags, there):
    """A hooked file at a step: its added lines only where what they name
    is there, an added blank line only after a line that stays"""
    out, last = [], True
    for line, add in zip(lines, flags):
        if add:
            ref = hook_ref(path, line)
            keep = last if line == '' else (ref is None or there(ref))
        else:
            keep = True
        if keep:
            out.append(line)
        last = keep
    return '\n'.join(out)


def steps_kbuild(added, finals):
    """The generated files at a step that has added the files in added:
    {path: text}; finals: {path: final text} of every generated file"""
    texts = {}
    for path in sorted((p for p in finals if p in added and
                        os.path.basename(p) == 'Makefile'),
                       key=lambda p: -p.count('/')):
        texts[path] = makefile_step(path, finals[path], added)
    live = set().union(*[obj_configs(t) for t in texts.values()])
    built = set().union(*[obj_configs(t) for p, t in finals.items()
                          if os.path.basename(p) == 'Makefile'])
    kept, ours = set(), set()
    for path in (p for p in finals if os.path.basename(p) == 'Kconfig'):
        ours |= {s for s, _ in kconfig_blocks(finals[path]) if s}
        if path in added:
            texts[path] = kconfig_step(finals[path], live, built)
            kept |= {s for s, _ in kconfig_blocks(texts[path]) if s}
    for path in (p for p in finals if os.path.basename(p) == '.kunitconfig'):
        if path in added:
            texts[path] = kunitconfig_step(finals[path], ours, kept)
    return texts


def main():
    if len(sys.argv) != 3:
        die('usage: series.py BASE_REPO OUT_DIR')
    base, out = sys.argv[1], sys.argv[2]
    name, email = submitter()
    steps = read_plan()
    check_coverage(steps)

    env = dict(os.environ, GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email,
               GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=email)
    signoff = f'Signed-off-by: {name} <{email}>\n'
    head = run(['git', 'rev-parse', 'rio-voq-base^{commit}'], cwd=base).strip()
    subs = []	# [name, first commit's parent, commits]
    with tempfile.TemporaryDirectory() as tmp:
        env['GIT_INDEX_FILE'] = os.path.join(tmp, 'index')
        run(['git', 'read-tree', head], cwd=base, env=env)
        # the patches that hook new files into the tree's own files, and
        # the final text of every generated file (Kbuild, .kunitconfig)
        hooks = hook_texts(base, head, [p for s in steps if s[0] == 'hooks'
                                        for p in s[1]], env)
        finals = {}
        for s in steps:
            if s[0] == 'new':
                for _, p in tracked(s[4]):
                    if generated(p):
                        with open(os.path.join(TOP, p)) as f:
                            finals[p] = f.read()
        added = set()
        for s in steps:
            if s[0] in ('skip', 'hooks'):
                continue
            if s[-1] and (not subs or subs[-1][0] != s[-1]):
                subs.append([s[-1], head, []])
            if s[0] == 'core':
                patches, msg = [s[1]], core_message(
                    os.path.join(TOP, 'patches', s[1]))
            else:
                patches = [] if s[3] == '-' else [s[3]]
                with open(os.path.join(PLAN_DIR, s[1])) as f:
                    msg = f.read()
            for p in patches:
                run(['git', 'apply', '--cached', '-p1',
                     os.path.join(TOP, 'patches', p)], cwd=base, env=env)
            if s[0] == 'new':
                files = tracked(s[4])
                added |= {p for _, p in files}
                shas = [blob(base, p) for _, p in files]
                run(['git', 'update-index', '--add', '--index-info'],
                    cwd=base, env=env, data=''.join(
                        f'{mode} {sha}\t{path}\n'
                        for (mode, path), sha in zip(files, shas)))
                # a step's Kbuild files name only what is there
                for path, text in steps_kbuild(added, finals).items():
                    sha = run(['git', 'hash-object', '-w', '--stdin'],
                              cwd=base, data=text).strip()
                    run(['git', 'update-index', '--cacheinfo',
                         f'100644,{sha},{path}'], cwd=base, env=env)
                for path, (lines, flags) in hooks.items():
                    text = hook_step(path, lines, flags, lambda r: (
                        r in added or in_base(base, r) == 'blob'))
                    sha = run(['git', 'hash-object', '-w', '--stdin'],
                              cwd=base, data=text).strip()
                    run(['git', 'update-index', '--cacheinfo',
                         f'100644,{sha},{path}'], cwd=base, env=env)
                text = run(['git', 'cat-file', 'blob', ':MAINTAINERS'],
                           cwd=base, env=env)
                text = maintainers(base, text, s[2], s[4], name, email)
                sha = run(['git', 'hash-object', '-w', '--stdin'], cwd=base,
                          data=text).strip()
                run(['git', 'update-index', '--cacheinfo',
                     f'100644,{sha},MAINTAINERS'], cwd=base, env=env)
            tree = run(['git', 'write-tree'], cwd=base, env=env).strip()
            head = run(['git', 'commit-tree', tree, '-p', head, '-F', '-'],
                       cwd=base, env=env,
                       data=signed(msg, signoff)).strip()
            if s[-1]:
                subs[-1][2].append(head)
    run(['git', 'update-ref', 'refs/heads/rio-voq-series', head], cwd=base)

    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.endswith('.patch'):
            os.unlink(os.path.join(out, f))
    env.pop('GIT_INDEX_FILE')
    run(['git', 'format-patch', '-q', '--cover-letter', '--no-signature',
         '-o', out, f'rio-voq-base..{head}'], cwd=base, env=env)
    with open(os.path.join(PLAN_DIR, 'cover.txt')) as f:
        subject, _, blurb = f.read().partition('\n\n')
    cover = os.path.join(out, '0000-cover-letter.patch')
    with open(cover) as f:
        text = f.read()
    text = text.replace('*** SUBJECT HERE ***', subject.strip())
    text = text.replace('*** BLURB HERE ***', blurb.rstrip('\n'))
    with open(cover, 'w') as f:
        f.write(text)
    for name, first, commits in subs:
        submission(base, out, name, commits, first, commits[-1])
    print(out)


if __name__ == '__main__':
    main()
