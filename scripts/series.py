#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Export rio-voq as an upstream patch series for the pinned kernel.

  series.py BASE_REPO OUT_DIR

BASE_REPO is a git repository whose tag rio-voq-base is the pristine
pinned tree (scripts/series.sh makes it).  The commits are built with git's plumbing
in a temporary index, so the base repository's checkout is not touched:
each step of scripts/series/plan becomes one commit on top of the base,
then git format-patch writes the series with a cover letter (the
subject and text of scripts/series/cover.txt) into OUT_DIR.

Author and Signed-off-by come from the git configuration of the
repository this script is run from (user.name, user.email), at export
time.  Every patch of patches/series and every tracked file of the
overlay (drivers/, include/, Documentation/) and of tools/ must appear
in the plan exactly once (or be named by a skip line).  A source with
a LINUX_VERSION_CODE test goes in as the base tree's version gets it
(scripts/kversion.py).
"""

import os
import re
import subprocess
import sys
import tempfile

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
    steps = []
    with open(os.path.join(PLAN_DIR, 'plan')) as f:
        for line in f:
            words = line.split('#', 1)[0].split()
            if not words:
                continue
            if words[0] == 'core' and len(words) == 2:
                steps.append(('core', words[1]))
            elif words[0] == 'new' and len(words) >= 5:
                steps.append(('new', words[1], words[2], words[3],
                              words[4:]))
            elif words[0] == 'skip' and len(words) >= 2:
                steps.append(('skip', words[1:]))
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
    used += [s[3] for s in steps if s[0] == 'new' and s[3] != '-']
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


def maintainers(text, entry, paths, name, email):
    """MAINTAINERS with paths added to our entry (created if needed)."""
    title = ENTRIES[entry]
    lines = text.split('\n')
    pats = [p + '/' if os.path.isdir(os.path.join(TOP, p)) else p
            for p in paths]
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
    # Before the first section whose title sorts after ours
    for k in range(1, len(lines) - 1):
        if lines[k - 1] == '' and re.match(r'^[A-Z]:\t', lines[k + 1]) \
           and lines[k] > title:
            return '\n'.join(lines[:k] + block + lines[k:])
    die('MAINTAINERS: no place for ' + title)


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
    with tempfile.TemporaryDirectory() as tmp:
        env['GIT_INDEX_FILE'] = os.path.join(tmp, 'index')
        run(['git', 'read-tree', head], cwd=base, env=env)
        for s in steps:
            if s[0] == 'skip':
                continue
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
                shas = [blob(base, p) for _, p in files]
                run(['git', 'update-index', '--add', '--index-info'],
                    cwd=base, env=env, data=''.join(
                        f'{mode} {sha}\t{path}\n'
                        for (mode, path), sha in zip(files, shas)))
                text = run(['git', 'cat-file', 'blob', ':MAINTAINERS'],
                           cwd=base, env=env)
                text = maintainers(text, s[2], s[4], name, email)
                sha = run(['git', 'hash-object', '-w', '--stdin'], cwd=base,
                          data=text).strip()
                run(['git', 'update-index', '--cacheinfo',
                     f'100644,{sha},MAINTAINERS'], cwd=base, env=env)
            tree = run(['git', 'write-tree'], cwd=base, env=env).strip()
            head = run(['git', 'commit-tree', tree, '-p', head, '-F', '-'],
                       cwd=base, env=env,
                       data=signed(msg, signoff)).strip()
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
    print(out)


if __name__ == '__main__':
    main()
