#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Fuzz riovoq with random bytes in the files of a fake sysfs tree.

    fuzz.py RIOVOQ SHIM TEMPLATE WORK N SEED

Each of N rounds copies the TEMPLATE tree to WORK and fills its files
(every one, or some) with random bytes, random text, or values that look
right but are not (device names, port numbers, paths, huge numbers).  It
then runs show, show -a, show -j, dot, and a set refused with a random
errno (SHIM, fake-errno.so, injects it), and asserts: no crash and no
sanitizer report (exit status 0 to 3 only), at most one line on stderr,
valid JSON (strict UTF-8) from show -j, a graph Graphviz takes from dot.
A failing round is kept in WORK.fail and its seed printed.
"""

import json
import os
import random
import shutil
import subprocess
import sys

riovoq, shim, template, work = sys.argv[1:5]
rounds, seed = int(sys.argv[5]), int(sys.argv[6])
rnd = random.Random(seed)

ERRNOS = ["EINVAL", "EPERM", "EACCES", "ENOLINK", "EOPNOTSUPP", "EXDEV", "EBUSY",
          "ENODEV", "EHOSTUNREACH", "EIO", "ENOENT", "ENOMEM", "7", "0"]
KEYS = ["generation", "participation", "xoff", "per_vc", "tx_group_size",
        "rx_group_size", "symbol_format", "staging_map", "multiple_ack",
        "pna_recovery"]
WORDS = ["none", "rapidio0", "00:s:0002", "00:e:0003", "00:e:0004", "00:e:0005",
         "root", "null", "rev2", "rev3", "cs48", "cs64", "on", "off", "failed",
         "down", "up", "unavailable", "admin", "partner_cannot_receive",
         "layout_mismatch", "not_rediscovered", "out_of_reach", "no_link",
         "0xe00ee000", "0x40000000", "0xffffffff", "0x00000000", "0xe0c00000",
         "0x", "0xE0000000", "auto", "..", "/", "../../..",
         "0", "1", "7", "255", "256", "4294967296", "-1", "\"", "\\", "\n", " "]


def garbage():
    kind = rnd.randrange(6)
    if kind == 0:
        return os.urandom(rnd.randrange(0, 600))
    if kind == 1:
        return bytes(rnd.randrange(32, 127) for _ in range(rnd.randrange(0, 300)))
    if kind == 2:
        return " ".join(rnd.choice(WORDS) for _ in range(rnd.randrange(1, 6))).encode()
    if kind == 3:
        return ("\n".join(rnd.choice(WORDS) for _ in range(rnd.randrange(1, 20)))).encode()
    if kind == 4:
        return rnd.choice(WORDS).encode() * rnd.randrange(1, 3000)
    return b""


def run(args, env=None):
    p = subprocess.run([riovoq, "-r", work] + args, capture_output=True, timeout=30,
                       env=env)
    return p.returncode, p.stdout, p.stderr


def fail(round_, what, args, rc, out, err):
    kept = work + ".fail"
    shutil.rmtree(kept, ignore_errors=True)
    shutil.copytree(work, kept, symlinks=True)
    print(f"fuzz: seed {seed} round {round_}: riovoq {' '.join(args)}: {what} "
          f"(exit {rc}); tree kept in {kept}")
    sys.stdout.write(err.decode(errors="replace")[-2000:])
    sys.exit(1)


def check(round_, args, rc, out, err, codes):
    if rc not in codes:
        fail(round_, f"exit status not in {codes}", args, rc, out, err)
    if err.count(b"\n") > 1:
        fail(round_, "more than one line on stderr", args, rc, out, err)


for r in range(rounds):
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(template, work, symlinks=True)
    files = [os.path.join(d, f) for d, _, fs in os.walk(work) for f in fs
             if not f.endswith(".errno")]
    share = 1.0 if rnd.random() < 0.2 else rnd.choice([0.05, 0.2, 0.5])
    for f in files:
        if rnd.random() < share:
            with open(f, "wb") as fh:
                fh.write(garbage())

    for args in (["show"], ["show", "-a"], ["show", "00:s:0002"]):
        check(r, args, *run(args), (0, 2, 3))
    args = ["show", "-j"]
    rc, out, err = run(args)
    check(r, args, rc, out, err, (0, 3))
    try:
        json.loads(out.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as e:
        fail(r, f"invalid JSON: {e}", args, rc, out, err)
    args = ["dot"]
    rc, out, err = run(args)
    check(r, args, rc, out, err, (0, 3))
    g = subprocess.run(["dot", "-Tsvg", "-o", os.devnull], input=out,
                       capture_output=True, timeout=60)
    if g.returncode or g.stderr:
        fail(r, "Graphviz refused the DOT: " + g.stderr.decode(errors="replace")[:300],
             args, rc, out, err)

    # A refused set: the explanation reads both ends' (random) files
    dev = rnd.choice(["00:s:0002", "rapidio0", "00:e:0004", "00:e:0005"])
    port = rnd.choice(["0", "1", "3", "4"])
    key = rnd.choice(KEYS)
    val = rnd.choice(["0", "1", "5", "7", "cs48", "0 1 2", "0 9", "x", "", "on", "off",
                      "auto"])
    base = "class/rapidio_port" if dev.startswith("rapidio") else "bus/rapidio/devices"
    target = os.path.join(work, base, dev, "voq", "port" + port, key)
    if os.path.isdir(os.path.dirname(target)):
        with open(target + ".errno", "w") as fh:
            fh.write(rnd.choice(ERRNOS) + "\n")
    env = dict(os.environ, LD_PRELOAD=shim)
    args = ["set", dev, port, f"{key}={val}"]
    check(r, args, *run(args, env), (0, 1, 2, 3))

print(f"fuzz: {rounds} rounds, seed {seed}: no crash, valid output")
