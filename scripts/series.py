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
    listing, stable = [], []
    for i, c in enumerate(commits, 1):
        msg = run(['git', 'log', '-1', '--format=%B', c], cwd=base)
        listing.append(f'  {i:>{len(str(n))}}/{n} {msg.splitlines()[0]}')
        if re.search(r'^Cc: stable@vger\.kernel\.org', msg, re.M):
            stable.append(str(i))
    blurb = blurb.rstrip('\n') + '\n\nThe patches:\n\n' + '\n'.join(listing)
    if stable:
        blurb += ('\n\nFor stable (Cc: stable@vger.kernel.org): '
                  + ', '.join(stable) + '.')
    cover = os.path.join(sub, '0000-cover-letter.patch')
    with open(cover) as f:
        text = f.read()
    text = text.replace('*** SUBJECT HERE ***', subject.strip())
    text = text.replace('*** BLURB HERE ***', blurb)
    with open(cover, 'w') as f:
        f.write(text)


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
        for s in steps:
            if s[0] == 'skip':
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
