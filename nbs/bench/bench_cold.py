#!/usr/bin/env python3
"""Where a user waits on a machine's worth of sessions, beside ripgrep and ccusage: a benchmark to run by hand.

    python nbs/bench/bench_cold.py [--mb 300] [--n 300] [--seed 0] [--data DIR] [--reps 2]

It generates about `--mb` MB of transcripts over `--n` sessions (`benchutil.session_tree`, cached in DATA) and
times, each step in a fresh process (HOME and CLAUDE_CONFIG_DIR in a temp dir hard-linking the cached files):

- the floor: `load_recs` of every main transcript;
- the first search: `sess_index timeout` from no index (the command builds what search needs, then searches), beside
  the floor; then what it left: the next search (which builds the word index), a warm one, and `sess_index` with
  no pattern (the thread flags and tool calls);
- cross-session search with no index (`proj_search(all_projects=True)`) for a common word, a rare identifier,
  a string found nowhere, a case-insensitive word and a regex, beside `rg` on the same files and, for the common
  word, the floor of any search that reads JSON (`parse_floor`: the lines holding it parsed, nothing built); rg's
  output is read through a pipe (ripgrep stops at the first match when it sees its output is /dev/null); and beside
  another version of the library: the same call on the checkout in $BENCH_BASE, if set (its figures are for the `search`
  extra installed, StringZilla and pysimdjson: without them it finds the same hits, slower);
- totals: the command `sess_index --totals` from no index (cold) and again (warm), beside `ccusage claude daily
  --json --offline` (found through $CCUSAGE or PATH);
- `SessIndex.search(word, limit=None)` on the built index, beside `rg -i -w` (the index matches any case, whole
  words).

"cold" means a fresh process with no index; the transcripts stay in the page cache (dropping it needs root).
Each figure is the wall time of the whole process (interpreter start and imports included, as a user waits: both
are timed alone first), the fastest of `--reps` runs, with the spread (max/min) and the process's peak RSS; for the
searches also the call alone ("call"), timed inside the process after its imports, beside the same ripgrep run. The
library is compiled first (`compileall`), as an installed package is. The machine is shared: compare the ratios,
which come from one run. A missing tool is skipped with one line.

ccusage: the newest release with a native linux-x64 binary was 20.0.24 when this was written (20.0.26's binary
packages were not on the registry; 17.x is plain JavaScript): `npm install --prefix /tmp/ccusage ccusage@20.0.24`,
then `CCUSAGE=/tmp/ccusage/node_modules/.bin/ccusage` (.ci/run installs it under ~/.cache/llmsurgery).
ripgrep: the Debian package (`$RG` or PATH).
"""
import argparse, compileall, importlib.util, os, shutil, subprocess, sys, tempfile, time
from pathlib import Path
from benchutil import session_tree, linked_home, tree_args  # shared by the bench scripts (this folder is on sys.path)

REPO = Path(__file__).resolve().parents[2]
# times ripgrep's, ccusage's or the floor's wall time
TARGETS = dict(literal=3.0, regex=5.0, index_all=2.0, totals=1.5, first_search=1.5)
SEARCHES = [('common word', 'timeout', ['-F']), ('rare identifier', 'test_voyage', ['-F']),
            ('found nowhere', 'zq9xv_nowhere', ['-F']), ('any case', '(?i)timeout', ['-i', '-F']),
            ('regex', r'import\s+hash\w+', [])]
RG = os.environ.get('RG') or shutil.which('rg') or ('/usr/bin/rg' if os.path.exists('/usr/bin/rg') else None)
CCUSAGE = os.environ.get('CCUSAGE') or shutil.which('ccusage')
SIMDJSON = importlib.util.find_spec('simdjson') is not None  # pysimdjson, of the `search` extra: for the parse floor


def run(cmd, env, reps):
    "Fastest wall seconds of `reps` runs of `cmd`, the slowest over the fastest, the largest peak RSS (MB), each stdout"
    ts, rss, outs = [], 0, []
    for _ in range(reps):
        t = time.perf_counter()
        p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        out = p.stdout.read(); p.stdout.close()
        _, status, ru = os.wait4(p.pid, 0)
        ts.append(time.perf_counter() - t)
        assert os.waitstatus_to_exitcode(status) in (0, 1), (cmd, status)  # rg exits 1 when nothing matched
        rss, outs = max(rss, ru.ru_maxrss/1024), outs + [out]
    return min(ts), max(ts)/min(ts), rss, outs


def timed_call(outs):
    "The fastest in-process time and the hit count that children printing `seconds hits` reported"
    got = [o.decode().split() for o in outs]
    return min(float(t) for t, _ in got), got[-1][1]


BASE = os.environ.get('BENCH_BASE')  # a checkout of the code to compare with (e.g. `git archive` of main's commit)


def py(code, repo=REPO): return [sys.executable, '-c', f'import sys; sys.path.insert(0, {str(repo)!r}); ' + code]

NEW = ('import time; from llmsurgery.search import proj_search; t = time.perf_counter(); '
       'n = len(proj_search({pat!r}, all_projects=True, progress=None)); print(time.perf_counter() - t, n)')
FLOOR = ('from llmsurgery.sessions import list_sessions; from llmsurgery.read import load_recs; '
         'print(sum(len(load_recs(s.path)) for s in list_sessions(all_projects=True)))')
INDEX_ALL = ('import time; from llmsurgery.sessindex import SessIndex; ix = SessIndex({db!r}); '
             't = time.perf_counter(); '
             'n = len(ix.search({pat!r}, limit=None)); print(time.perf_counter() - t, n)')
def parse_floor(pat):
    """The least any search that reads JSON pays for literal `pat`: the lines holding it, found in the bytes (read into
    one reused buffer) and parsed by simdjson into nothing (no Python objects, no text). Prints `seconds lines`"""
    import simdjson
    from llmsurgery.sessions import sess_paths
    t = time.perf_counter()
    parse, n, nd, paths = simdjson.Parser().parse, 0, pat.encode(), sess_paths(all_projects=True)
    buf = bytearray(max((os.path.getsize(p) for p in paths), default=0)); mv = memoryview(buf)
    for p in paths:
        with open(p, 'rb', buffering=0) as f: size = f.readinto(mv)
        i = buf.find(nd, 0, size)
        while i >= 0:
            s, e = buf.rfind(b'\n', 0, i) + 1, buf.find(b'\n', i, size)
            e = size if e < 0 else e
            try: parse(mv[s:e]); n += 1
            except ValueError: pass
            i = buf.find(nd, e, size)
    print(time.perf_counter() - t, n)

PARSE_FLOOR = (f'sys.path.insert(0, {str(Path(__file__).parent)!r}); from bench_cold import parse_floor; '
               'parse_floor({pat!r})')
# a console command, as its installed script runs it
COMMAND = 'import sys; sys.argv = {argv!r}; from llmsurgery.cli import {func}; sys.exit({func}.main())'


def cmd(name, *args):
    "A fresh process running console command `name` (e.g. `sess_index`) with `args`, as its installed script does"
    return py(COMMAND.format(argv=[name, *map(str, args)], func=f'{name}_cli'))


def line(name, t, spread, rss, hits=None, ref=None, target=None, call=None, call_ref=None):
    "One printed row: the time, spread, memory, hits, the ratio to `ref` against `target`, and the call alone's"
    r = f'{t/ref:5.2f}x' if ref else '      '
    ok = '' if not (ref and target) else ('  ok' if t/ref <= target else f'  over the {target}x target')
    h = '' if hits is None else f'hits {hits:>8}'
    c = '' if call is None else f'   call {call:6.3f} s' + (f' {call/call_ref:5.2f}x' if call_ref else '') + (
        '' if not (call_ref and target) else ('  ok' if call/call_ref <= target else '  over'))
    print(f'  {name:<36} {t:7.3f} s  (spread {spread:4.2f})  {rss:6.0f} MB  {h:14} {r}{ok}{c}')


def count(outs):
    "The count a child printed last"
    return outs[-1].decode().split()[-1] if outs and outs[-1].strip() else '-'


def main():
    ap = tree_args(argparse.ArgumentParser(description=__doc__.splitlines()[0]), reps=2)
    ap.add_argument('--parts', default='search,totals,index', help='which of search, totals, index to time')
    a = ap.parse_args()
    parts = set(a.parts.split(','))
    src = session_tree(a.data, a.n, a.mb, a.seed)
    compileall.compile_dir(REPO/'llmsurgery', quiet=1)  # as pip leaves an installed package: imports read bytecode
    tmp, cfg = linked_home(src, 'bench-cold-')
    env = {**os.environ, 'HOME': str(tmp/'home'), 'CLAUDE_CONFIG_DIR': str(cfg), 'PYTHONPATH': str(REPO)}
    size = sum(f.stat().st_size for f in (cfg/'projects').rglob('*.jsonl'))/1e6
    print(f'{src.name}: {size:.0f} MB, fastest of {a.reps} runs, each a fresh process; spread = slowest/fastest')
    if not RG: print('  ripgrep: skipped (not installed; put rg on PATH or its path in $RG)')
    if not BASE: print('  before: skipped (no $BENCH_BASE, a checkout of the code to compare with)')
    if not CCUSAGE: print('  ccusage: skipped (not installed; put it on PATH or its path in $CCUSAGE)')
    if not SIMDJSON: print('  the parse floor: skipped (pysimdjson not installed: the `search` extra)')
    floor = run(py(FLOOR), env, a.reps)
    line('load_recs of every transcript', *floor[:3], hits=count(floor[3]))
    # what every figure of a whole process holds before any work: the interpreter's start, then the imports
    line('python -c pass (start alone)', *run([sys.executable, '-c', 'pass'], env, a.reps)[:3])
    line('  + import llmsurgery.search', *run(py('import llmsurgery.search'), env, a.reps)[:3])
    if 'search' in parts:
        print('search with no index (ratio: to ripgrep; "call": the search alone, after the imports)')
    for name, pat, flags in SEARCHES if 'search' in parts else []:
        plain = pat.removeprefix('(?i)')
        rg = run([RG, '--no-config', *flags, '-c', plain, str(cfg/'projects')], env, a.reps) if RG else None
        if rg: line(f'rg {name}', *rg[:3])
        target = TARGETS['regex'] if not flags else TARGETS['literal']
        t, spread, rss, outs = run(py(NEW.format(pat=pat)), env, a.reps)
        call, hits = timed_call(outs)
        line(f'proj_search {name}', t, spread, rss, hits, ref=rg and rg[0], target=target, call=call,
             call_ref=rg and rg[0])
        if name == 'common word' and SIMDJSON:  # where parsing the lines is most of the work: its floor
            t, spread, rss, outs = run(py(PARSE_FLOOR.format(pat=pat)), env, a.reps)
            line('  floor: its lines parsed (simdjson)', t, spread, rss, count(outs), ref=rg and rg[0],
                 call=timed_call(outs)[0], call_ref=rg and rg[0])
        if BASE:
            t, spread, rss, outs = run(py(NEW.format(pat=pat), BASE), {**env, 'PYTHONPATH': BASE}, a.reps)
            line('  before ($BENCH_BASE)', t, spread, rss, count(outs), ref=rg and rg[0], call=timed_call(outs)[0],
                 call_ref=rg and rg[0])
    db = tmp/'index.sqlite'
    def fresh():
        for p in Path(tmp).glob('index.sqlite*'): p.unlink()
    if 'totals' in parts: totals(a, env, db, fresh)
    if 'index' in parts: index(a, env, db, fresh, floor, cfg)
    shutil.rmtree(tmp, ignore_errors=True)


def totals(a, env, db, fresh):
    "Time `sess_index --totals` cold and warm beside ccusage"
    print('totals (ratio: to ccusage)')
    cc = run([CCUSAGE, 'claude', 'daily', '--json', '--offline'], env, a.reps) if CCUSAGE else None
    if cc: line('ccusage claude daily --json --offline', *cc[:3])
    cold = []
    for _ in range(a.reps):  # each a build from nothing
        fresh(); cold.append(run(cmd('sess_index', '--totals', '--path', db), env, 1))
    t0 = min(c[0] for c in cold)
    line('sess_index --totals, cold', t0, max(c[0] for c in cold)/t0, max(c[2] for c in cold), ref=cc and cc[0],
         target=TARGETS['totals'])
    warm = run(cmd('sess_index', '--totals', '--path', db), env, a.reps)
    line('sess_index --totals, warm', *warm[:3], ref=cc and cc[0])


def index(a, env, db, fresh, floor, cfg):
    "Time the first index search from nothing beside the floor, what it left, then every hit beside ripgrep"
    print('the first index search: the command builds what search needs, then searches (ratio: to the floor)')
    first = []
    for _ in range(a.reps):
        fresh(); first.append(run(cmd('sess_index', 'timeout', '--path', db), env, 1))
    t0 = min(c[0] for c in first)
    line('sess_index timeout, cold', t0, max(c[0] for c in first)/t0, max(c[2] for c in first), ref=floor[0],
         target=TARGETS['first_search'])
    # what the first search left: the word index (built by the next search, which has nothing to read), then the
    # thread flags and tool calls (by the first command needing them: `sess_index` with no pattern)
    line('sess_index timeout, second', *run(cmd('sess_index', 'timeout', '--path', db), env, 1)[:3], ref=floor[0])
    line('sess_index timeout, warm', *run(cmd('sess_index', 'timeout', '--path', db), env, a.reps)[:3], ref=floor[0])
    line('sess_index (the analyses left)', *run(cmd('sess_index', '--path', db), env, 1)[:3], ref=floor[0])
    print('index search, every hit (ratio: to ripgrep)')
    rg = run([RG, '--no-config', '-i', '-w', '-F', '-c', 'timeout', str(cfg/'projects')], env, a.reps) if RG else None
    if rg: line('rg -i -w timeout', *rg[:3])
    t, spread, rss, outs = run(py(INDEX_ALL.format(db=str(db), pat='timeout')), env, a.reps)
    call, hits = timed_call(outs)
    line('SessIndex.search(limit=None)', t, spread, rss, hits, ref=rg and rg[0], target=TARGETS['index_all'], call=call,
         call_ref=rg and rg[0])


if __name__ == '__main__': main()
