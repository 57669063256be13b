#!/usr/bin/env python3
"""Where a user waits on a machine's worth of sessions, beside ripgrep and ccusage: a benchmark to run by hand.

    python nbs/bench/bench_cold.py [--mb 300] [--n 300] [--seed 0] [--data DIR] [--reps 2]

It generates about `--mb` MB of transcripts over `--n` sessions (`benchutil.session_tree`, cached in DATA) and
times, each step in a fresh process (HOME and CLAUDE_CONFIG_DIR in a temp dir hard-linking the cached files):

- the floor: `load_recs` of every main transcript;
- cross-session search with no index (`proj_search(all_projects=True)`) for a common word, a rare identifier,
  a string found nowhere, a case-insensitive word and a regex, beside `rg` on the same files (its output read
  through a pipe: ripgrep stops at the first match when it sees its output is /dev/null), and beside another
  version of the library: the same call on the checkout in $BENCH_BASE, if set;
- totals: `sess_index --totals` from no index (cold) and again (warm), beside `ccusage claude daily --json
  --offline` (found through $CCUSAGE or PATH);
- `SessIndex.search(word, limit=None)` on the built index, beside `rg -i -w` (the index matches any case, whole
  words).

"cold" means a fresh process with no index; the transcripts stay in the page cache (dropping it needs root).
Each figure is the wall time of the whole process (interpreter start and imports included, as a user waits),
the fastest of `--reps` runs, with the spread (max/min) and the process's peak RSS. The machine is shared:
compare the ratios, which come from one run. A missing tool is skipped with one line.

ccusage: the newest release with a native linux-x64 binary was 20.0.24 when this was written (20.0.26's binary
packages were not on the registry; 17.x is plain JavaScript): `npm install --prefix /tmp/ccusage ccusage@20.0.24`,
then `CCUSAGE=/tmp/ccusage/node_modules/.bin/ccusage` (.ci/run installs it under ~/.cache/llmsurgery). ripgrep: the Debian package (`$RG` or PATH).
"""
import argparse, os, shutil, subprocess, sys, tempfile, time
from pathlib import Path
from benchutil import DATA, session_tree  # shared by the bench scripts (this folder is on sys.path)

REPO = Path(__file__).resolve().parents[2]
TARGETS = dict(literal=3.0, regex=5.0, index_all=2.0, totals=1.5)  # times ripgrep's or ccusage's wall time
SEARCHES = [('common word', 'timeout', ['-F']), ('rare identifier', 'test_voyage', ['-F']),
            ('found nowhere', 'zq9xv_nowhere', ['-F']), ('any case', '(?i)timeout', ['-i', '-F']),
            ('regex', r'import\s+hash\w+', [])]
RG = os.environ.get('RG') or shutil.which('rg') or ('/usr/bin/rg' if os.path.exists('/usr/bin/rg') else None)
CCUSAGE = os.environ.get('CCUSAGE') or shutil.which('ccusage')


def run(cmd, env, reps):
    "Fastest wall seconds of `reps` runs of `cmd`, the slowest over the fastest, the largest peak RSS (MB), last stdout"
    ts, rss, out = [], 0, b''
    for _ in range(reps):
        t = time.perf_counter()
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        out = p.stdout.read(); p.stdout.close()
        _, status, ru = os.wait4(p.pid, 0)
        ts.append(time.perf_counter() - t)
        assert os.waitstatus_to_exitcode(status) in (0, 1), (cmd, status)  # rg exits 1 when nothing matched
        rss = max(rss, ru.ru_maxrss/1024)
    return min(ts), max(ts)/min(ts), rss, out


BASE = os.environ.get('BENCH_BASE')  # a checkout of the code to compare with (e.g. `git archive` of main's commit)


def py(code, repo=REPO): return [sys.executable, '-c', f'import sys; sys.path.insert(0, {str(repo)!r}); ' + code]

NEW = ('from llmsurgery.search import proj_search; '
       'print(len(proj_search({pat!r}, all_projects=True, progress=None)))')
FLOOR = ('from llmsurgery.sessions import list_sessions; from llmsurgery.read import load_recs; '
         'print(sum(len(load_recs(s.path)) for s in list_sessions(all_projects=True)))')
INDEX_ALL = ('from llmsurgery.sessindex import SessIndex; ix = SessIndex({db!r}); '
             'print(len(ix.search({pat!r}, limit=None)))')


def line(name, t, spread, rss, hits=None, ref=None, target=None):
    "One printed row: the time, spread, memory, hits, and the ratio to `ref` against `target`"
    r = f'{t/ref:5.2f}x' if ref else '      '
    ok = '' if not (ref and target) else ('  ok' if t/ref <= target else f'  over the {target}x target')
    h = '' if hits is None else f'hits {hits.decode().strip().splitlines()[-1] if hits.strip() else "-":>8}'
    print(f'  {name:<34} {t:7.3f} s  (spread {spread:4.2f})  {rss:6.0f} MB  {h:14} {r}{ok}')


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--mb', type=int, default=300)
    ap.add_argument('--n', type=int, default=300)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--reps', type=int, default=2)
    ap.add_argument('--data', default=str(DATA))
    a = ap.parse_args()
    src = session_tree(a.data, a.n, a.mb, a.seed)
    tmp = Path(tempfile.mkdtemp(prefix='bench-cold-'))
    cfg = tmp/'cfg'
    for f in (src/'projects').rglob('*.jsonl'):
        d = cfg/f.relative_to(src); d.parent.mkdir(parents=True, exist_ok=True)
        try: os.link(f, d)
        except OSError: shutil.copyfile(f, d)
    env = {**os.environ, 'HOME': str(tmp/'home'), 'CLAUDE_CONFIG_DIR': str(cfg), 'PYTHONPATH': str(REPO)}
    size = sum(f.stat().st_size for f in (cfg/'projects').rglob('*.jsonl'))/1e6
    print(f'{src.name}: {size:.0f} MB, fastest of {a.reps} runs, each a fresh process; spread = slowest/fastest')
    if not RG: print('  ripgrep: skipped (not installed; put rg on PATH or its path in $RG)')
    if not BASE: print('  before: skipped (no $BENCH_BASE, a checkout of the code to compare with)')
    if not CCUSAGE: print('  ccusage: skipped (not installed; put it on PATH or its path in $CCUSAGE)')
    floor = run(py(FLOOR), env, a.reps)
    line('load_recs of every transcript', *floor)
    print('search with no index (ratio: to ripgrep)')
    for name, pat, flags in SEARCHES:
        plain = pat.removeprefix('(?i)')
        rg = run([RG, '--no-config', *flags, '-c', plain, str(cfg/'projects')], env, a.reps) if RG else None
        if rg: line(f'rg {name}', *rg[:3])
        target = TARGETS['regex'] if not flags else TARGETS['literal']
        line(f'proj_search {name}', *run(py(NEW.format(pat=pat)), env, a.reps), ref=rg and rg[0], target=target)
        if BASE: line(f'  before ($BENCH_BASE)', *run(py(NEW.format(pat=pat), BASE), {**env, 'PYTHONPATH': BASE}, a.reps),
                      ref=rg and rg[0])
    print('totals (ratio: to ccusage)')
    cc = run([CCUSAGE, 'claude', 'daily', '--json', '--offline'], env, a.reps) if CCUSAGE else None
    if cc: line('ccusage claude daily --json --offline', *cc[:3])
    db = str(tmp/'index.sqlite')
    cold = []
    for _ in range(a.reps):  # each a build from nothing
        for p in Path(tmp).glob('index.sqlite*'): p.unlink()
        cold.append(run(py(f'from llmsurgery.cli import sess_index_cli; print(sess_index_cli(totals=True, path={db!r}))'), env, 1))
    t0 = min(c[0] for c in cold)
    line('sess_index --totals, cold', t0, max(c[0] for c in cold)/t0, max(c[2] for c in cold), ref=cc and cc[0],
         target=TARGETS['totals'])
    line('sess_index --totals, warm', *run(py(f'from llmsurgery.cli import sess_index_cli; '
                                              f'print(sess_index_cli(totals=True, path={db!r}))'), env, a.reps)[:3],
         ref=cc and cc[0])
    print('index search, every hit (ratio: to ripgrep)')
    rg = run([RG, '--no-config', '-i', '-w', '-F', '-c', 'timeout', str(cfg/'projects')], env, a.reps) if RG else None
    if rg: line('rg -i -w timeout', *rg[:3])
    line('SessIndex.search(limit=None)', *run(py(INDEX_ALL.format(db=db, pat='timeout')), env, a.reps),
         ref=rg and rg[0], target=TARGETS['index_all'])
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__': main()
