#!/usr/bin/env python3
"""What a listing row costs: `sess_info` over a machine's worth of sessions, a benchmark to run by hand, not a test.

    python nbs/bench/bench_info.py [--n 300] [--mb 300] [--seed 0] [--reps 5] [--data DIR] [--base CHECKOUT]

It generates `--n` sessions of about `--mb` MB in all (`benchutil.session_tree`, cached in DATA) and times, in one
process after its imports, the garbage collector on, the median of `--reps` passes over every transcript:

- every line of both 64 KiB windows parsed (`read_ends` + `text_recs`), what `sess_info` did before it parsed
  only the lines a field may be on; each row below shows its ratio to this;
- `sess_info`: every field of a listing row;
- what the index's usage phase reads: `SessEnds`' `listed`, `cwd`, `title` or `summary`, and `first_prompt`;
- `sess_listed`: would Claude Code's picker list the file (what a search asks of a file it has hits in);
- with `--base`, the `sess_info` of that checkout (e.g. /work/main), timed the same way in a process of its own.

The machine is shared: compare the ratios, which come from one run.
"""
import argparse, gc, statistics, subprocess, sys, time
from benchutil import session_tree, tree_args  # shared by the bench scripts (this folder is on sys.path)

BASE_RUN = '''import sys, time, statistics
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from llmsurgery.sessions import sess_info
fs, ts = [Path(l) for l in sys.stdin.read().splitlines()], []
for _ in range(int(sys.argv[2])):
    t = time.perf_counter()
    for f in fs: sess_info(f)
    ts.append(time.perf_counter() - t)
print(statistics.median(ts))'''


def timed(fn, files, reps):
    "Median seconds of `reps` passes of `fn` over `files`"
    ts = []
    for _ in range(reps):
        t = time.perf_counter()
        for f in files: fn(f)
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def main():
    ap = tree_args(argparse.ArgumentParser(description=__doc__.splitlines()[0]), reps=5)
    ap.add_argument('--base', help='a checkout of the library to compare with, e.g. /work/main')
    a = ap.parse_args()
    from llmsurgery.paths import read_ends
    from llmsurgery.records import text_recs
    from llmsurgery.sessions import sess_info, sess_listed, SessEnds
    files = sorted((session_tree(a.data, a.n, a.mb, a.seed)/'projects').rglob('*.jsonl'))
    for f in files: f.read_bytes()  # in the page cache, as for every row below
    def every_line(f):
        head, tail = read_ends(f)
        return text_recs(head), text_recs(tail) if tail is not head else None
    def usage_fields(f):
        e = SessEnds(f)
        return e.listed and (e.cwd, e.title or e.summary, e.first_prompt)
    assert gc.isenabled()
    rows = [('every line of both windows parsed', every_line), ('sess_info', sess_info),
            ("the index's usage phase fields (SessEnds)", usage_fields), ('sess_listed', sess_listed)]
    mb = sum(f.stat().st_size for f in files)/1e6
    print(f'{len(files)} transcripts, {mb:.0f} MB; median of {a.reps} passes over all of them')
    base = timed(every_line, files, a.reps)
    for name, fn in rows:
        t = base if fn is every_line else timed(fn, files, a.reps)
        print(f'  {name:<45} {t*1e3:7.1f} ms  {base/t:5.1f}x')
    if a.base:
        out = subprocess.run([sys.executable, '-c', BASE_RUN, a.base, str(a.reps)], input='\n'.join(map(str, files)),
                             capture_output=True, text=True, check=True).stdout
        t = float(out)
        print(f"  {'sess_info of ' + a.base:<45} {t*1e3:7.1f} ms  {base/t:5.1f}x")


if __name__ == '__main__': sys.exit(main())
