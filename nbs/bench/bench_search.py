#!/usr/bin/env python3
"""How fast `sess_search` is on a big transcript: a benchmark to run by hand, not a test.

    python nbs/bench/bench_search.py [--mb 50] [--seed 0] [--reps 5] [--data DIR] [--target 0.5] [--profile]

It generates a transcript with `mk_transcript.py` beside it (cached in DATA, by default the git-ignored
data/bench/ of this clone, shared with the other bench scripts), links it into a temporary config home
as a session of its own project, and times, for a few patterns chosen for the generator's vocabulary
(a word on most turns, an identifier on a dozen lines at 50 MB, a case-insensitive regex, and a string
found nowhere, which makes the search read everything):

- `sess_search(pat, sid, cwd)`: the whole job from a session id (find the file, load, search);
- `sess_search(pat, recs=recs)`: the search alone, on records already loaded;
- `load_sess(sid, cwd)`: the loading alone (the end-to-end figure is about the two added).

`--profile` then prints where the search alone spends its time for each pattern (cProfile, top
functions by own time): under load the absolute figures mean little, but the ratios hold.

Each figure is the median (and minimum) of `--reps` runs in this one process, with gc.collect()
before each. The machine is shared: treat the figures as indicative. Exit status 1 if a median of
the end-to-end search exceeds `--target` seconds.
"""
import argparse, os, shutil, sys, tempfile
from pathlib import Path
from benchutil import DATA, transcript, timed, profiled  # shared by the bench scripts (this folder is on sys.path)

PATS = {'common word': r'shipment', 'rare literal': r'berth_cursor',
        'case-insensitive regex': r'(?i)berth(s|ing)?\s+\w+', 'no match (full scan)': r'zq9xv_nowhere'}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--mb', type=int, default=50)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    ap.add_argument('--target', type=float, default=0.5, help='seconds the end-to-end median must stay under')
    ap.add_argument('--profile', action='store_true', help='also print a cProfile of the search alone, per pattern')
    a = ap.parse_args()
    p = transcript(a.data, a.mb, a.seed)
    tmp = Path(tempfile.mkdtemp())
    os.environ['HOME'], os.environ['CLAUDE_CONFIG_DIR'] = str(tmp/'home'), str(tmp/'cfg')
    from llmsurgery.paths import sess_dir
    from llmsurgery.read import load_recs, load_sess
    from llmsurgery.search import sess_search
    cwd, sid = tmp/'proj', 'bench-search-session'
    sess_dir(cwd).mkdir(parents=True)
    try: os.link(p, sess_dir(cwd)/f'{sid}.jsonl')
    except OSError: shutil.copyfile(p, sess_dir(cwd)/f'{sid}.jsonl')
    recs = load_recs(p)
    print(f'{p.name}: {p.stat().st_size/1e6:.1f} MB, {len(recs)} records; median / min of {a.reps} runs')
    load, load_min, _ = timed(lambda: load_sess(sid, cwd), a.reps)
    print(f"  {'load_sess alone':<55} {load:.3f} / {load_min:.3f} s")
    ok = True
    for name, pat in PATS.items():
        e2e, e2e_min, hits = timed(lambda: sess_search(pat, sid, cwd), a.reps)
        alone, alone_min, hits2 = timed(lambda: sess_search(pat, recs=recs), a.reps)
        assert len(hits) == len(hits2)
        ok &= e2e < a.target
        print(f'  {name:<24} {pat!r:<30} hits {len(hits):5}   from sid {e2e:.3f} / {e2e_min:.3f} s   '
              f'search only {alone:.3f} / {alone_min:.3f} s')
    if a.profile:
        for name, pat in PATS.items():
            print(f'--- profile, search alone: {name} {pat!r}\n' + profiled(lambda: sess_search(pat, recs=recs), 8, 'tottime')[1])
    print(f"{'PASS' if ok else 'FAIL'}: end-to-end median {'<' if ok else '>='} {a.target} s for every pattern")
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == '__main__': sys.exit(main())
