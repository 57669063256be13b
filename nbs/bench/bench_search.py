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

    python nbs/bench/bench_search.py --tree [--tree-mb 300] [--n 300] [--base DIR] [--reps 3] [--process] [--no-index]

`--tree` times the searches across sessions instead, on `--n` generated sessions of about `--tree-mb` MB
(`benchutil.session_tree`), beside ripgrep on the same files (`$RG` or PATH; skipped with one line if absent)
and beside another checkout of the library (`--base`, e.g. /work/main; skipped if not given):
`proj_search(all_projects=True)` for a word found nowhere, a rare identifier, a common word, the common word
in any case and a regex; then `SessIndex.search(word, limit=None)` on an index each checkout built once, fetched
(`len`) and with every preview read, beside `rg -i -w`.
Each call is timed inside a fresh process, imports and interpreter start left out (`rg`'s wall time,
its start included, is the reference: a user waits for either); with `--process`, the fresh process's
whole wall time instead, interpreter start and imports included, as a console command would take. The
rounds interleave rg, this checkout and the base, so a drift of the machine's speed weighs on all three
alike. Each figure is the fastest of `--reps`; the ratios are to ripgrep, and ours to the base's.
`--no-index` leaves out the index's rows (and the index each checkout builds, a while at 1 GB).
"""
import argparse, os, shutil, subprocess, sys, tempfile, time
from pathlib import Path
# shared by the bench scripts (this folder is on sys.path)
from benchutil import DATA, REPO, transcript, session_tree, timed, profiled, linked_home

PATS = {'common word': r'shipment', 'rare literal': r'berth_cursor',
        'case-insensitive regex': r'(?i)berth(s|ing)?\s+\w+', 'no match (full scan)': r'zq9xv_nowhere'}


TREE_SEARCHES = [('found nowhere', 'zq9xv_nowhere', ['-F']), ('rare identifier', 'test_voyage', ['-F']),
                 ('common word', 'timeout', ['-F']), ('common word, any case', '(?i)timeout', ['-i', '-F']),
                 ('regex', r'import\s+hash\w+', [])]
RG = os.environ.get('RG') or shutil.which('rg')
# timed in the child: the call alone, after the imports; prints "seconds hits"
PROJ = ('import time; from llmsurgery.search import proj_search; t = time.perf_counter(); '
        'n = len(proj_search({pat!r}, all_projects=True, progress=None)); print(time.perf_counter() - t, n)')
INDEX = ('import time; from llmsurgery.sessindex import SessIndex; ix = SessIndex({db!r}); t = time.perf_counter(); '
         'hs = ix.search({pat!r}, limit=None); n = len(hs); {read}print(time.perf_counter() - t, n)')


def child(code, repo, env, whole=False):
    "Seconds and hits a fresh process with `repo` first on its path reports for `code` (`whole`: its wall time)"
    t = time.perf_counter()
    r = subprocess.run([sys.executable, '-c', f'import sys; sys.path.insert(0, {str(repo)!r}); ' + code],
                       env={**env, 'PYTHONPATH': str(repo)}, capture_output=True, text=True)
    if r.returncode: raise RuntimeError(f'{repo}: {code}\n{r.stderr[-2000:]}')
    wall = time.perf_counter() - t
    t, n = r.stdout.split()[-2:]
    return wall if whole else float(t), int(n)


def rg_run(args, env):
    "Wall seconds of `rg args` and its count of matching lines"
    t = time.perf_counter()
    out = subprocess.run([RG, '--no-config', *args], env=env, capture_output=True, text=True).stdout
    return time.perf_counter() - t, sum(int(l.rpartition(':')[2]) for l in out.splitlines() if l.strip())


def tree_main(a):
    "The cross-session searches beside ripgrep and `--base`: fastest of `a.reps` interleaved rounds"
    src = session_tree(a.data, a.n, a.tree_mb, a.seed)
    tmp, cfg = linked_home(src, 'bench-search-')
    env = {**os.environ, 'HOME': str(tmp/'home'), 'CLAUDE_CONFIG_DIR': str(cfg)}
    size = sum(f.stat().st_size for f in cfg.rglob('*.jsonl'))/1e6
    timed = ('whole process for ours and base (interpreter start and imports included)' if a.process else
            'the call alone for ours and base (no interpreter start)')
    print(f'{src.name}: {size:.0f} MB in {a.n} sessions; fastest of {a.reps} interleaved rounds; {timed}, '
          'wall time for rg')
    if not RG: print('  ripgrep: skipped (not installed; put rg on PATH or its path in $RG)')
    if not a.base: print('  base: skipped (no --base, a checkout of the code to compare with)')
    dbs = {}  # an index built by each checkout: their schemas may differ
    for who, repo in (('ours', REPO), ('base', a.base)):
        if not repo or a.no_index: continue
        dbs[who] = db = str(tmp/f'index-{who}.sqlite')
        subprocess.run([sys.executable, '-c', f'import sys; sys.path.insert(0, {str(repo)!r}); '
                        'from llmsurgery.sessindex '
                        f'import SessIndex; SessIndex({db!r}).update(progress=False)'],
                       env={**env, 'PYTHONPATH': str(repo)}, check=True)
    cases = [(name, {k: PROJ.format(pat=pat) for k in ('ours', 'base')},
              [*flags, '-c', pat.removeprefix('(?i)'), str(cfg)]) for name, pat, flags in TREE_SEARCHES]
    if dbs: cases += [(f'index, every hit{what}', {k: INDEX.format(db=db, pat='timeout', read=read)
                                                  for k, db in dbs.items()},
                       ['-i', '-w', '-F', '-c', 'timeout', str(cfg)])
                      for what, read in (('', ''), (', previews read', 'sum(len(h.preview) for h in hs); '))]
    print(f"  {'':34} {'rg':>8} {'ours':>8} {'base':>8}   {'ours/rg':>7} {'base/rg':>7} {'ours/base':>9}   hits")
    for name, code, rg_args in cases:
        best = dict(rg=[], ours=[], base=[])
        for _ in range(a.reps):
            if RG: best['rg'].append(rg_run(rg_args, env))
            best['ours'].append(child(code['ours'], REPO, env, a.process))
            if a.base: best['base'].append(child(code['base'], a.base, env, a.process))
        t = {k: min(v)[0] if v else None for k, v in best.items()}
        hits = {k: v[0][1] for k, v in best.items() if v}
        if a.base: assert hits['ours'] == hits['base'], (name, hits)
        r = lambda x, y: f'{x/y:7.2f}' if x and y else f"{'-':>7}"
        f = lambda x: f'{x:8.3f}' if x is not None else f"{'-':>8}"
        print(f"  {name:<34} {f(t['rg'])} {f(t['ours'])} {f(t['base'])}   "
              f"{r(t['ours'], t['rg'])} {r(t['base'], t['rg'])} "
              f"{r(t['ours'], t['base']):>9}   {hits['ours']} (rg lines {hits.get('rg', '-')})")
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--mb', type=int, default=50)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    ap.add_argument('--target', type=float, default=0.5, help='seconds the end-to-end median must stay under')
    ap.add_argument('--profile', action='store_true', help='also print a cProfile of the search alone, per pattern')
    ap.add_argument('--tree', action='store_true', help='time the searches across sessions (see above) instead')
    ap.add_argument('--tree-mb', type=int, default=300)
    ap.add_argument('--n', type=int, default=300)
    ap.add_argument('--base', help='a checkout of the library to compare with, e.g. /work/main')
    ap.add_argument('--process', action='store_true', help='time whole processes (start and imports included)')
    ap.add_argument('--no-index', action='store_true', help="leave out the index's rows")
    a = ap.parse_args()
    if a.tree: return tree_main(a)
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
            top = profiled(lambda: sess_search(pat, recs=recs), 8, 'tottime')[1]
            print(f'--- profile, search alone: {name} {pat!r}\n' + top)
    print(f"{'PASS' if ok else 'FAIL'}: end-to-end median {'<' if ok else '>='} {a.target} s for every pattern")
    shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == '__main__': sys.exit(main())
