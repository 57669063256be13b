#!/usr/bin/env python3
"""How fast llmsurgery reads, lists and indexes Codex rollouts: a benchmark to run by hand, not a test.

    python nbs/bench/bench_codex.py [--mb 50] [--reps 5] [--rollouts 1000] [--tree-mb 100] [--list-reps 5]
                                    [--claude-sessions 100] [--claude-mb 100] [--index-lib DIR] [--seed 0]
                                    [--data DIR] [--only read,list,index] [--prove]

It writes rollouts with `mk_rollout.py` beside it (`benchutil.rollout` and `rollout_tree`, cached in DATA, by
default the git-ignored data/bench/ of this clone; its docstring gives the recipe) and reports, from one run:

- read: a generated rollout of `--mb` MB (Codex 0.171 shapes, two compactions, reasoning, exec and patch calls).
  First, once, with warnings turned into errors: `load_recs` + `codex_msgs` + `codex_chat` + `codex_calls`, and
  their counts. Then in one worker process, round-robin, `--reps` times each, gc.collect() before each: the
  floor (read the file's bytes, split them into lines and `orjson.loads` every non-empty line, the collector on;
  as bench_read.py's floor, and with the collector off beside it), `load_recs`, `load_recs` + `codex_thread`,
  and `load_recs` + `codex_msgs` (what `codex resume` sends); median and minimum of each, and each one's ratio to
  the floor. Then the peak memory of `load_recs` + `codex_msgs`, from scratch in a process of its own, as a
  multiple of the file size (peak RSS minus RSS after imports).
- list: a CODEX_HOME of `--rollouts` generated rollouts (about `--tree-mb` MB, log-normal sizes, dated folders).
  Each measurement is a fresh process (imports done, then timed; the import of `llmsurgery.codex` is shown
  apart), the two alternating `--list-reps` times: the floor (`os.walk` of `sessions/`, then read the first line
  of every `rollout-*.jsonl` and `orjson.loads` it) against `codex_sessions(home)` (which reads each rollout's
  head up to its first typed prompt). Cold-ish: the process is new, the page cache is warm (clearing it needs
  root).
- index: a Claude Code tree (`--claude-sessions` sessions of about `--claude-mb` MB, `benchutil.session_tree`)
  and the CODEX_HOME above, indexed together by `SessIndex(path, cfg, codex=home).update(workers=0)`, in a fresh
  process, against its floor: `load_recs` of every transcript and rollout, in a fresh process just before. Runs
  only where `SessIndex` indexes Codex rollouts (it takes `codex=`, and the built index holds Codex sessions);
  otherwise one line says why it is skipped. `--index-lib DIR` runs this step (only) with the llmsurgery of
  another checkout, e.g. a branch that adds Codex to the index before it is merged here.
- `--prove`: a 2 MB generated rollout (a compaction and an interrupted turn) is resumed by the real Codex CLI
  against the offline mock (`codex_harness.resume_rollout`, its provider set to the mock's): our `codex_msgs`
  must equal the first items of the `input` Codex sends. Skipped with one line where the Codex binary is missing.

Targets printed beside the ratios: read and memory as bench_read.py's, the index build as bench_index.py's (there
met with worker processes; here `workers=0`, one process, against a one-process floor); the listing's 3x is a guess.

Workers run with HOME, CLAUDE_CONFIG_DIR and CODEX_HOME pointing into a temp dir or the generated trees, so no
step reads the real ~/.claude or ~/.codex. The machine is shared: treat the figures as indicative and compare the
ratios within one run.
"""
import argparse, gc, json, os, resource, shutil, statistics, subprocess, sys, tempfile, time, warnings
from pathlib import Path
from benchutil import DATA, rollout, rollout_tree, session_tree  # this folder is on sys.path

HERE = Path(__file__).resolve()
TARGETS = dict(read=1.3, mem=3.5, list=3.0, index=2.0)
PROVE_MB, PROVE_SEED = 2, 9  # a rollout with a compaction and an interrupted turn


# ------------------------------------------------------------------ operations (run in workers)
def read_ops(p):
    "name -> zero-argument callable reading rollout `p`"
    import orjson
    from llmsurgery.read import load_recs
    from llmsurgery.codex import codex_thread, codex_msgs
    def floor(): return [orjson.loads(l) for l in Path(p).read_bytes().split(b'\n') if l]
    def floor_nogc():
        gc.disable()
        try: return floor()
        finally: gc.enable()
    return dict(floor=floor, floor_nogc=floor_nogc, load=lambda: load_recs(p),
                thread=lambda: codex_thread(load_recs(p)), msgs=lambda: codex_msgs(load_recs(p)))


def list_floor(home):
    "The first record of every rollout under `home/sessions`: what any listing must at least read"
    import orjson
    out = []
    for d, _, fs in os.walk(Path(home)/'sessions'):
        for f in fs:
            if f.startswith('rollout-') and f.endswith('.jsonl'):
                with open(os.path.join(d, f), 'rb') as fh: out.append(orjson.loads(fh.readline()))
    return out


def _rss_mb():
    with open('/proc/self/status') as f:
        for l in f:
            if l.startswith('VmRSS:'): return int(l.split()[1]) / 1024
    return float('nan')


def _peak_mb(who=resource.RUSAGE_SELF): return resource.getrusage(who).ru_maxrss / 1024


def worker_read(a):
    names = a.ops.split(',')
    ops = read_ops(a.path)
    ts = {n: [] for n in names}
    for _ in range(a.reps):
        for n in names:
            gc.collect()
            t = time.perf_counter(); res = ops[n](); ts[n].append(time.perf_counter() - t)
            del res
    return {n: dict(median=statistics.median(v), min=min(v), times=v) for n, v in ts.items()}


def worker_mem(a):
    run = read_ops(a.path)['msgs']
    gc.collect()
    before = _rss_mb(); run()
    return dict(before=before, peak=_peak_mb(), delta=_peak_mb() - before)


def worker_list(a):
    t = time.perf_counter()
    import orjson  # noqa: F401  (both sides pay for it; the floor uses it)
    from llmsurgery.codex import codex_sessions
    imp = time.perf_counter() - t
    f = (lambda: list_floor(a.home)) if a.ops == 'floor' else (lambda: codex_sessions(a.home))
    t = time.perf_counter(); rows = f(); secs = time.perf_counter() - t
    return dict(secs=secs, n=len(rows), imp=imp)


def index_support():
    "Why `SessIndex` cannot index Codex rollouts here, or None if it can"
    import inspect
    from llmsurgery.sessindex import SessIndex
    if 'codex' not in inspect.signature(SessIndex).parameters: return 'SessIndex takes no Codex home (no codex=)'
    return None


def worker_index_check(a):
    import llmsurgery
    return dict(skip=index_support(), lib=str(Path(llmsurgery.__file__).parent))


def worker_index_base(a):
    from llmsurgery.read import load_recs
    fs = sorted(Path(a.cfg, 'projects').rglob('*.jsonl')) + sorted(Path(a.home, 'sessions').rglob('rollout-*.jsonl'))
    t = time.perf_counter(); n = sum(len(load_recs(f)) for f in fs); secs = time.perf_counter() - t
    return dict(secs=secs, files=len(fs), recs=n, mb=sum(f.stat().st_size for f in fs) / 1e6)


def worker_index_build(a):
    import llmsurgery
    why = index_support()
    if why: return dict(skip=why, lib=str(Path(llmsurgery.__file__).parent))
    from llmsurgery.sessindex import SessIndex
    for p in Path(a.index).parent.glob(Path(a.index).name + '*'): p.unlink()
    imp = _peak_mb()
    t = time.perf_counter()
    ix = SessIndex(a.index, a.cfg, codex=a.home)
    st = ix.update(progress=False, workers=0)
    secs = time.perf_counter() - t
    cols = [r[1] for r in ix.db.execute('pragma table_info(sessions)')]
    agents = dict(ix.db.execute('select agent, count(*) from sessions group by agent').fetchall()) if 'agent' in cols \
        else {'?': ix.db.execute('select count(*) from sessions').fetchone()[0]}
    return dict(secs=secs, stats=dict(st), agents=agents, peak_mb=_peak_mb(), import_mb=imp,
                lib=str(Path(llmsurgery.__file__).parent),
                db_mb=sum(p.stat().st_size for p in Path(a.index).parent.glob(Path(a.index).name + '*')) / 1e6)


WORKERS = dict(read=worker_read, mem=worker_mem, list=worker_list, index_check=worker_index_check,
               index_base=worker_index_base, index_build=worker_index_build)


# ------------------------------------------------------------------ driver
def run_worker(kind, env_extra, lib=None, **args):
    "Run worker `kind` in a fresh interpreter; its JSON answer"
    env = {k: v for k, v in os.environ.items() if k not in ('CLAUDE_CONFIG_DIR', 'CODEX_HOME')}
    env.update(env_extra)
    argv = [sys.executable, str(HERE), '--worker', kind, *(['--lib', str(lib)] if lib else [])]
    for k, v in args.items(): argv += [f'--{k}', str(v)]
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    if r.returncode: return {'error': (r.stderr.strip().splitlines() or ['?'])[-1][:300]}
    return json.loads(r.stdout.strip().splitlines()[-1])


def fmt(x): return f'{x*1e3:8.1f} ms' if x < 1 else f'{x:8.2f} s '


def verdict(ok): return 'ok' if ok else 'MISSED'


def check_rollout(p):
    "Read rollout `p` once with warnings as errors: its counts"
    from llmsurgery.read import load_recs
    from llmsurgery.codex import codex_msgs, codex_chat, codex_calls, codex_thread
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        recs = load_recs(p); th = codex_thread(recs); msgs = codex_msgs(recs)
        chat, calls = codex_chat(th), codex_calls(recs)
    return dict(recs=len(recs), thread=len(th), msgs=len(msgs), chat=len(chat), calls=len(calls),
                compactions=sum(r.get('type') == 'compacted' for r in recs),
                aborted=sum(x.get('output') == 'aborted' for x in th))


def bench_read(a, env):
    p = rollout(a.data, a.mb, a.seed)
    size = p.stat().st_size
    c = check_rollout(p)
    print(f'\nread: {p.name}, {size/1e6:.1f} MB, {c["recs"]:,} records; read with warnings as errors: '
          f'{c["thread"]:,} thread items after {c["compactions"]} compactions ({c["aborted"]} aborted calls answered), '
          f'{c["msgs"]:,} items sent on resume, {c["chat"]:,} messages, {c["calls"]:,} tool calls')
    ops = ['floor', 'floor_nogc', 'load', 'thread', 'msgs']
    t = run_worker('read', env, path=p, ops=','.join(ops), reps=a.reps)
    if 'error' in t: sys.exit(f'read worker failed: {t["error"]}')
    labels = dict(floor='orjson every line, GC on (floor)', floor_nogc='orjson every line, GC off',
                  load='load_recs', thread='load_recs + codex_thread', msgs='load_recs + codex_msgs')
    print(f'  {a.reps} reps, round-robin in one process, median [min], ratio to the floor')
    fl = t['floor']['median']
    for k in ops:
        o = t[k]
        print(f'  {labels[k]:36s} {fmt(o["median"])} [{fmt(o["min"]).strip()}]  {o["median"]/fl:5.2f}x')
    r = t['thread']['median'] / fl
    print(f'  {"load + thread / floor":36s} {r:5.2f}   (target <= {TARGETS["read"]})  {verdict(r <= TARGETS["read"])}')
    if a.no_mem: return
    m = run_worker('mem', env, path=p)
    if 'delta' not in m: return print(f'  peak memory: failed: {m.get("error")}')
    x = m['delta'] * 2**20 / size
    print(f'  {"peak memory, load + codex_msgs":36s} {m["delta"]:.0f} MB = {x:.2f}x file  (target <= {TARGETS["mem"]})'
          f'  {verdict(x <= TARGETS["mem"])}')


def bench_list(a, env):
    home = rollout_tree(a.data, a.rollouts, a.tree_mb, a.seed)
    fs = list((home/'sessions').rglob('rollout-*.jsonl'))
    print(f'\nlist: {len(fs):,} rollouts, {sum(f.stat().st_size for f in fs)/1e6:.0f} MB in {home.name}; '
          f'a fresh process per run, {a.list_reps} runs each, alternating; median [min]')
    got = dict(floor=[], ours=[])
    for _ in range(a.list_reps):
        for k in got:
            r = run_worker('list', dict(env, CODEX_HOME=str(home)), home=home, ops=k)
            if 'error' in r: sys.exit(f'list worker failed: {r["error"]}')
            got[k].append(r)
    for k, lab in [('floor', 'os.walk + first line of each (floor)'), ('ours', 'codex_sessions(home)')]:
        v = [r['secs'] for r in got[k]]
        n = got[k][-1]['n']
        print(f'  {lab:40s} {fmt(statistics.median(v))} [{fmt(min(v)).strip()}]  {n:,} rows, '
              f'{statistics.median(v)/n*1e6:.0f} µs a rollout')
    r = statistics.median(x['secs'] for x in got['ours']) / statistics.median(x['secs'] for x in got['floor'])
    imp = statistics.median(x['imp'] for x in got['ours'])
    print(f'  {"codex_sessions / floor":40s} {r:5.2f}   (target <= {TARGETS["list"]})  {verdict(r <= TARGETS["list"])}')
    print(f'  {"import llmsurgery.codex (not timed above)":40s} {fmt(imp)}')


def bench_index(a, env):
    ok = run_worker('index_check', env, a.index_lib)
    if ok.get('skip') or 'error' in ok:
        return print(f'\nindex: skipped: {ok.get("skip") or ok["error"]} in {ok.get("lib")}')
    home = rollout_tree(a.data, a.rollouts, a.tree_mb, a.seed)
    cfg = session_tree(a.data, a.claude_sessions, a.claude_mb, a.seed)
    work = Path(tempfile.mkdtemp(prefix='bench-codex-index-'))
    no_cfg, no_home = work/'no-claude', work/'no-codex'
    (no_cfg/'projects').mkdir(parents=True); (no_home/'sessions').mkdir(parents=True)
    parts = [('both agents', cfg, home), ('Claude Code only', cfg, no_home), ('Codex only', no_cfg, home)]
    try:
        rows = []
        for name, c, h in parts:
            e = dict(env, CLAUDE_CONFIG_DIR=str(c), CODEX_HOME=str(h))
            base = run_worker('index_base', e, a.index_lib, cfg=c, home=h)
            if 'error' in base: return print(f'\nindex: floor failed: {base["error"]}')
            b = run_worker('index_build', e, a.index_lib, cfg=c, home=h, index=work/'index.sqlite')
            if 'skip' in b: return print(f'\nindex: skipped: {b["skip"]} in {b["lib"]}')
            if 'error' in b: return print(f'\nindex: build failed: {b["error"]}')
            if h == home and not b['agents'].get('codex'):
                return print(f'\nindex: skipped: the index built by {b["lib"]} holds no Codex sessions ({b["agents"]})')
            rows.append((name, base, b))
        print(f'\nindex: {a.claude_sessions} Claude Code sessions and {a.rollouts:,} Codex rollouts, indexed together '
              f'and apart by SessIndex(path, cfg, codex=home).update(workers=0), each step a fresh process, floor '
              f'(load_recs of every file) just before its build; llmsurgery from {rows[0][2]["lib"]}')
        for name, base, b in rows:
            r = b['secs'] / base['secs']
            print(f'  {name:17s} {base["files"]:5,} files {base["mb"]:5.0f} MB  floor {fmt(base["secs"])}  build '
                  f'{fmt(b["secs"])}  {r:5.2f}x  (target <= {TARGETS["index"]})  {verdict(r <= TARGETS["index"])}')
            print(f'  {"":17s} sessions by agent {b["agents"]}, index {b["db_mb"]:.0f} MB, peak RSS '
                  f'{b["peak_mb"]:.0f} MB (imports {b["import_mb"]:.0f} MB)')
    finally: shutil.rmtree(work, ignore_errors=True)


def prove(a):
    from llmsurgery.codex_harness import codex_skip, resume_rollout
    from llmsurgery.read import load_recs
    from llmsurgery.codex import codex_msgs
    if (why := codex_skip()): return print(f'\nprove: skipped: {why}')
    work = Path(tempfile.mkdtemp(prefix='bench-codex-prove-'))
    try:
        src = work/'gen.jsonl'
        subprocess.run([sys.executable, str(HERE.parent/'mk_rollout.py'), src, '--mb', str(PROVE_MB),
                        '--seed', str(PROVE_SEED), '--quiet'], check=True)
        lines = src.read_text(encoding='utf-8').splitlines(True)
        head = json.loads(lines[0]); head['payload']['model_provider'] = 'mock'  # Codex resumes only its provider's
        lines[0] = json.dumps(head, separators=(',', ':'), ensure_ascii=False) + '\n'
        src.write_text(''.join(lines), encoding='utf-8')
        ours, c = codex_msgs(load_recs(src)), check_rollout(src)
        big = dict(context_window=2_000_000, max_context_window=2_000_000)  # no compaction on resume
        sent = resume_rollout(src, root=work/'run', model=big).input
        same = sent[:len(ours)] == ours
        print(f'\nprove: real Codex resumed a {PROVE_MB} MB generated rollout ({c["compactions"]} compactions, '
              f'{c["aborted"]} calls left unanswered): it sent {len(sent)} items, ours '
              f'predicts the first {len(ours)}: {"equal" if same else "DIFFERENT"}; the rest are the new turn\'s '
              f'{[x.get("role") or x.get("type") for x in sent[len(ours):]]}')
    finally: shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--mb', type=float, default=50, help='size of the rollout read, in MB')
    ap.add_argument('--reps', type=int, default=5, help='timed repetitions of each read operation')
    ap.add_argument('--rollouts', type=int, default=1000, help='rollouts in the CODEX_HOME listed and indexed')
    ap.add_argument('--tree-mb', type=float, default=100, help='their total size, in MB')
    ap.add_argument('--list-reps', type=int, default=5, help='fresh-process runs of each listing')
    ap.add_argument('--claude-sessions', type=int, default=100, help='Claude Code sessions indexed beside them')
    ap.add_argument('--claude-mb', type=float, default=100, help='their total size, in MB')
    ap.add_argument('--index-lib', help='checkout whose llmsurgery the index step runs (default: this one)')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--data', default=str(DATA), help='where generated rollouts and trees are cached')
    ap.add_argument('--only', default='read,list,index', help='steps to run, comma-separated')
    ap.add_argument('--no-mem', action='store_true', help='skip the memory measurement of the read step')
    ap.add_argument('--prove', action='store_true', help='also resume a generated rollout with the real Codex')
    for k in ('worker', 'lib', 'path', 'ops', 'home', 'cfg', 'index'):
        ap.add_argument(f'--{k}', help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        if a.lib: sys.path.insert(0, a.lib)
        return print(json.dumps(WORKERS[a.worker](a)))
    import llmsurgery
    print(f'llmsurgery from {Path(llmsurgery.__file__).parent}; machine shared (2 cores, other jobs running: '
          f'load average {os.getloadavg()[0]:.1f}), so compare ratios within this run')
    work = Path(tempfile.mkdtemp(prefix='bench-codex-'))
    env = dict(HOME=str(work), CLAUDE_CONFIG_DIR=str(work/'.claude'), CODEX_HOME=str(work/'.codex'))
    steps = a.only.split(',')
    try:
        if 'read' in steps: bench_read(a, env)
        if 'list' in steps: bench_list(a, env)
        if 'index' in steps: bench_index(a, env)
        if a.prove: prove(a)
    finally: shutil.rmtree(work, ignore_errors=True)
    print(f'\nload average at the end {os.getloadavg()[0]:.1f}')
    print(f'command: {" ".join([Path(sys.executable).name, *sys.argv])}')


if __name__ == '__main__': main()
