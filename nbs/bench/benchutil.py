"""Helpers shared by the benchmark scripts in this folder (run by hand, not tests).

Importing this module puts the clone's root first on `sys.path`, so the scripts time this checkout's llmsurgery
whatever copy is installed. Generated data is cached in `data/bench/` (git-ignored), under names that carry a hash
of the generator (`mk_transcript.py`; for rollouts `mk_rollout.py`, which borrows from it, too): editing a generator
makes the scripts write fresh files instead of reusing stale ones.
"""
import cProfile, gc, hashlib, io, json, os, pstats, shutil, statistics, subprocess, sys, tempfile, time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
GEN = HERE/'mk_transcript.py'
ROLLOUT_GEN = HERE/'mk_rollout.py'
DATA = REPO/'data'/'bench'
if str(REPO) not in sys.path: sys.path.insert(0, str(REPO))


def gen_version(*gens):
    "Short hash of the generators' sources (`mk_transcript.py` if none given)"
    return hashlib.sha256(b''.join(Path(g).read_bytes() for g in gens or (GEN,))).hexdigest()[:10]


def _cached(data, stem, suffix, make, gens=(GEN,)):
    "Path `data/<stem>.<hash of gens><suffix>`, made by `make(tmp_path)` if missing; other versions are removed"
    data = Path(data)
    p = data/f'{stem}.{gen_version(*gens)}{suffix}'
    if p.exists(): return p
    data.mkdir(parents=True, exist_ok=True)
    for old in data.glob(f'{stem}.*{suffix}'): shutil.rmtree(old) if old.is_dir() else old.unlink()
    tmp = data/f'{stem}.part{suffix}'
    make(tmp)
    os.replace(tmp, p)
    return p


def generate(*args, gen=GEN):
    "Run the generator `gen` with `args` (quietly), in this interpreter"
    subprocess.run([sys.executable, str(gen), *map(str, args), '--quiet'], check=True)


def transcript(data, mb, seed, *flags):
    "Path of the cached generated transcript of `mb` MB (generator `flags` too, e.g. '--no-progress'), made if needed"
    stem = f't{mb:g}s{seed}' + ''.join(str(f).replace('--', '-') for f in flags)
    return _cached(data, stem, '.jsonl', lambda tmp: generate(tmp, '--mb', mb, '--seed', seed, *flags))


def session_tree(data, sessions, total_mb, seed=0):
    "Folder holding `projects/<folder>/<sessionId>.jsonl` for `sessions` generated sessions of about `total_mb` MB"
    def make(tmp): generate('--sessions', sessions, '--total-mb', total_mb, '--seed', seed, '--out-dir', tmp)
    return _cached(data, f'tree{sessions}x{total_mb:g}s{seed}', '', make)


def tree_args(ap, mb=300, reps=3):
    "Parser `ap` with the options of a bench over a generated tree of sessions: --mb, --n, --seed, --reps, --data"
    ap.add_argument('--mb', type=int, default=mb, help='about this many MB of transcripts')
    ap.add_argument('--n', type=int, default=300, help='in this many sessions')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--reps', type=int, default=reps)
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    return ap


KEEP_DAYS = 100_000  # the config home's `cleanupPeriodDays`: the generated sessions are dated months back, and a
# config holding them keeps its history; at the default 30 days every one would be due for deletion, and the index
# would read each whole on a first search (`AT_RISK_DAYS` in 15_sessindex)

def linked_home(src, prefix, copied=()):
    "`(tmp, cfg)`: a temp dir and its config home `tmp/cfg`, the transcripts hard links to `src`'s (`copied` copied)"
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    cfg = tmp/'cfg'
    cfg.mkdir(parents=True)
    (cfg/'settings.json').write_text(json.dumps({'cleanupPeriodDays': KEEP_DAYS}))
    for f in (Path(src)/'projects').rglob('*.jsonl'):
        d = cfg/f.relative_to(src)
        d.parent.mkdir(parents=True, exist_ok=True)
        if f in copied: shutil.copy2(f, d); continue  # a file a bench grows: its own copy
        try: os.link(f, d)
        except OSError: shutil.copyfile(f, d)
    return tmp, cfg


def rollout(data, mb, seed):
    "Path of the cached generated Codex rollout of `mb` MB (`mk_rollout.py`), made if needed"
    def make(tmp): generate(tmp, '--mb', mb, '--seed', seed, gen=ROLLOUT_GEN)
    return _cached(data, f'r{mb:g}s{seed}', '.jsonl', make, (ROLLOUT_GEN, GEN))


def rollout_tree(data, rollouts, total_mb, seed=0):
    "A CODEX_HOME holding `sessions/YYYY/MM/DD/rollout-*.jsonl`: `rollouts` generated ones of about `total_mb` MB"
    def make(tmp):
        generate('--rollouts', rollouts, '--total-mb', total_mb, '--seed', seed, '--out-dir', tmp, gen=ROLLOUT_GEN)
    return _cached(data, f'codex{rollouts}x{total_mb:g}s{seed}', '', make, (ROLLOUT_GEN, GEN))


def timed(f, reps):
    "Median and minimum seconds of `reps` calls of `f`, and its last result"
    ts, res = [], None
    for _ in range(reps):
        res = None; gc.collect()
        t = time.perf_counter(); res = f(); ts.append(time.perf_counter() - t)
    return statistics.median(ts), min(ts), res


def profiled(f, n, sort='cumulative'):
    "Run `f` once under cProfile: its result, and the table of its `n` costliest calls ordered by `sort`"
    pr = cProfile.Profile(); pr.enable()
    try: res = f()
    finally: pr.disable()
    out = io.StringIO(); pstats.Stats(pr, stream=out).sort_stats(sort).print_stats(n)
    return res, '   ncalls' + out.getvalue().split('ncalls', 1)[-1].rstrip()
