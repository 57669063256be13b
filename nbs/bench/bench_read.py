#!/usr/bin/env python3
"""How fast llmsurgery reads a transcript, against its peers: a benchmark to run by hand, not a test.

    python nbs/bench/bench_read.py [--sizes 50] [--reps 5] [--seed 0] [--data DIR]
                                   [--fc-python PY] [--no-anchors] [--no-mem]

It writes transcripts with `mk_transcript.py` beside it (cached in DATA, by default the git-ignored
data/bench/ of this clone; its docstring gives the recipe), and reports for each size, from one run:

- the median time of `load_recs` + `sess_thread`, this clone's llmsurgery, and its ratio to
  (a) the floor: read the file's bytes, split them into lines and `orjson.loads` every non-empty line,
      with the garbage collector on; any reader that hands back every record pays at least this
      (the floor with the collector off is shown too: the collector's walks are about half of it at 50 MB);
  (b) `claude_agent_sdk.get_session_messages(session_id, directory=cwd)`, the installed SDK's reader
      (it builds the conversation after the last compaction);
  (c) with `--fc-python PY`, `fastclaude.session` load_recs + sess_thread in that interpreter
      (fastclaude needs fastcore 2 while the dev environment pins fastcore<2, so it lives in a venv of
      its own: `pip install fastclaude` there); left out when not given;
- the peak memory of `load_recs` + `sess_thread`, from scratch in its own process, as a
  multiple of the file size (peak RSS minus RSS after imports);
- with several sizes, the time per MB of each size against the next smaller one. 5 MB is a poor base
  for this: a 5 MB buffer is recycled by the allocator while 50 MB ones are fresh pages that fault in,
  so judge growth from 50 MB up.

Timing runs in worker processes with HOME set to a temp dir holding a hard link of the transcript
(CLAUDE_CONFIG_DIR unset), so the SDK never reads the real ~/.claude. Each worker runs its
operations round-robin, `--reps` times, with gc.collect() before each. The machine is shared:
treat the figures as indicative and compare within one run.
"""
import argparse, gc, json, os, re, resource, shutil, statistics, subprocess, sys, tempfile, time
from pathlib import Path
from benchutil import DATA, transcript  # shared by the bench scripts (this folder is on sys.path)

HERE = Path(__file__).resolve()
TARGETS = dict(floor=1.3, fastclaude=3.0, sdk=1.5, mem=3.5, linear=1.3)


# ------------------------------------------------------------------ operations (run in workers)
def make_ops(p, sid, cwd, names):
    "name -> zero-argument callable that does the timed work"
    ops = {}
    def need(n): return n in names
    if need('floor') or need('floor_nogc'):
        import orjson
        def floor(): return [orjson.loads(l) for l in Path(p).read_bytes().split(b'\n') if l]
        def floor_nogc():
            gc.disable()
            try: return floor()
            finally: gc.enable()
        ops.update(floor=floor, floor_nogc=floor_nogc)
    if need('load') or need('ours'):
        from llmsurgery.read import load_recs
        from llmsurgery.thread import sess_thread
        ops['load'] = lambda: load_recs(p)
        ops['ours'] = lambda: sess_thread(load_recs(p))
    if need('fastclaude'):
        import fastclaude.session as fcs
        ops['fastclaude'] = lambda: fcs.sess_thread(fcs.load_recs(p))
    if need('sdk'):
        import claude_agent_sdk as sdk
        ops['sdk'] = lambda: sdk.get_session_messages(sid, directory=cwd)
    return ops


def worker_time(a):
    names = a.ops.split(',')
    ops = make_ops(a.path, a.sid, a.cwd, names)
    ts = {n: [] for n in names}
    for _ in range(a.reps):
        for n in names:
            gc.collect()
            t0 = time.perf_counter()
            res = ops[n]()
            ts[n].append(time.perf_counter() - t0)
            del res
    print(json.dumps({n: dict(median=statistics.median(v), min=min(v), times=v) for n, v in ts.items()}))


def _rss_mb():
    with open('/proc/self/status') as f:
        for l in f:
            if l.startswith('VmRSS:'): return int(l.split()[1]) / 1024
    return float('nan')


def worker_mem(a):
    run = make_ops(a.path, a.sid, a.cwd, [a.ops])[a.ops]
    gc.collect()
    before = _rss_mb()
    run()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(dict(before=before, peak=peak, delta=peak - before)))


# ------------------------------------------------------------------ driver
def head_facts(path):
    "sessionId and cwd from the first records that carry them"
    import orjson
    sid = cwd = None
    with open(path, 'rb') as f:
        for line in f:
            try: d = orjson.loads(line)
            except orjson.JSONDecodeError: continue
            sid, cwd = sid or d.get('sessionId'), cwd or d.get('cwd')
            if sid and cwd: return sid, cwd
    return sid, cwd



def place(p, home, sid, cwd):
    "Hard-link (or copy) transcript `p` where the SDK will look for session `sid` of project `cwd`"
    d = home/'.claude'/'projects'/re.sub(r'[^a-zA-Z0-9]', '-', cwd)
    d.mkdir(parents=True, exist_ok=True)
    dst = d/f'{sid}.jsonl'
    if dst.exists(): dst.unlink()
    try: os.link(p, dst)
    except OSError: shutil.copyfile(p, dst)
    return dst


def run_worker(py, home, args):
    env = {k: v for k, v in os.environ.items() if k != 'CLAUDE_CONFIG_DIR'}
    env['HOME'] = str(home)
    r = subprocess.run([py, str(HERE), *args], env=env, capture_output=True, text=True)
    if r.returncode: return {'error': (r.stderr.strip().splitlines() or ['?'])[-1][:200]}
    return json.loads(r.stdout.strip().splitlines()[-1])


def can_import(py, mod):
    "Whether interpreter `py` exists and imports `mod`"
    try: return subprocess.run([py, '-c', f'import {mod}'], capture_output=True).returncode == 0
    except OSError: return False


def fmt(x): return f'{x*1e3:7.1f} ms' if x < 1 else f'{x:7.2f} s '


def verdict(ok): return 'ok' if ok else 'MISSED'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--sizes', type=int, nargs='+', default=[50], help='transcript sizes in MB, e.g. 5 50 200')
    ap.add_argument('--reps', type=int, default=5, help='timed repetitions per operation (3 above 100 MB)')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    ap.add_argument('--fc-python', default=None, help='interpreter that can import fastclaude (left out if not given)')
    ap.add_argument('--no-anchors', action='store_true', help='skip fastclaude and the SDK')
    ap.add_argument('--no-mem', action='store_true', help='skip the memory measurement')
    ap.add_argument('--worker', choices=['time', 'mem'], help=argparse.SUPPRESS)
    ap.add_argument('--path', help=argparse.SUPPRESS)
    ap.add_argument('--sid', help=argparse.SUPPRESS)
    ap.add_argument('--cwd', help=argparse.SUPPRESS)
    ap.add_argument('--ops', help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker == 'time': return worker_time(a)
    if a.worker == 'mem': return worker_mem(a)

    py, fc_py = sys.executable, a.fc_python
    has_fc = not a.no_anchors and bool(fc_py) and can_import(fc_py, 'fastclaude.session')
    has_sdk = not a.no_anchors and can_import(py, 'claude_agent_sdk')
    import llmsurgery
    print(f'llmsurgery: load_recs + sess_thread from {Path(llmsurgery.__file__).parent}')
    if not a.no_anchors and not fc_py: print('fastclaude: left out (give --fc-python PY to compare with it)')
    elif not a.no_anchors and not has_fc: print(f'fastclaude: left out, {fc_py} cannot import fastclaude.session')
    if not a.no_anchors and not has_sdk: print('claude_agent_sdk: left out, not installed')
    work = Path(tempfile.mkdtemp(prefix='bench-read-'))
    home = work/'home'
    rows = []
    try:
        for mb in a.sizes:
            p = transcript(a.data, mb, a.seed)
            sid, cwd = head_facts(p)
            dst = place(p, home, sid, cwd)
            size = p.stat().st_size
            reps = a.reps if mb <= 100 else min(a.reps, 3)
            wargs = ['--path', str(dst), '--sid', sid, '--cwd', cwd, '--reps', str(reps)]
            ops = ['floor', 'floor_nogc', 'load', 'ours'] + (['sdk'] if has_sdk else [])
            t = run_worker(py, home, ['--worker', 'time', '--ops', ','.join(ops), *wargs])
            if 'error' in t: sys.exit(f'timing worker failed: {t["error"]}')
            if has_fc:
                tf = run_worker(fc_py, home, ['--worker', 'time', '--ops', 'fastclaude', *wargs])
                t['fastclaude'] = tf.get('fastclaude', tf)
            mem = None if a.no_mem else run_worker(py, home, ['--worker', 'mem', '--ops', 'ours', *wargs])
            rows.append(dict(mb=mb, size=size, t=t, mem=mem))
            report(p, size, reps, t, mem)
        if len(rows) > 1: linearity(rows)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f'\ncommand: {" ".join([Path(py).name, *sys.argv])}')


def report(p, size, reps, t, mem):
    ours = t['ours']['median']
    print(f'\n{p.name}: {size/1e6:.1f} MB, {reps} reps, median [min]')
    labels = dict(floor='orjson every line, GC on (floor)', floor_nogc='orjson every line, GC off',
                  load='llmsurgery load_recs', ours='llmsurgery load_recs + sess_thread',
                  fastclaude='fastclaude load_recs + sess_thread', sdk='claude_agent_sdk get_session_messages')
    for k, lab in labels.items():
        o = t.get(k)
        if o is None: continue
        shown = f'{fmt(o["median"])} [{fmt(o["min"]).strip()}]' if 'median' in o else f'failed: {o.get("error")}'
        print(f'  {lab:42s} {shown}')
    r = ours / t['floor']['median']
    print(f'  {"ours / floor":42s} {r:5.2f}   (target <= {TARGETS["floor"]})  {verdict(r <= TARGETS["floor"])}')
    for k, lab in [('fastclaude', 'fastclaude / ours'), ('sdk', 'sdk / ours')]:
        if 'median' in t.get(k, {}):
            r = t[k]['median'] / ours
            print(f'  {lab:42s} {r:5.2f}x  (target >= {TARGETS[k]})  {verdict(r >= TARGETS[k])}')
    if mem:
        if 'delta' in mem:
            x = mem['delta'] * 2**20 / size
            print(f'  {"peak memory, ours":42s} {mem["delta"]:.0f} MB = {x:.2f}x file  (target <= {TARGETS["mem"]})  '
                  f'{verdict(x <= TARGETS["mem"])}')
        else: print(f'  peak memory: failed: {mem.get("error")}')


def linearity(rows):
    print('\nlinearity: time per MB against the next smaller size (median; 5 MB is a poor base, see the docstring)')
    for prev, cur in zip(rows, rows[1:]):
        for k in ('floor', 'ours'):
            a, b = prev['t'][k]['median'] / prev['size'], cur['t'][k]['median'] / cur['size']
            ok = b / a <= TARGETS['linear'] if k == 'ours' else True
            goal = f'  (target <= {TARGETS["linear"]})  {verdict(ok)}' if k == 'ours' else ''
            print(f'  {k:6s} {prev["mb"]:>4} -> {cur["mb"]:>4} MB: {b/a:5.2f}{goal}')


if __name__ == '__main__': main()
