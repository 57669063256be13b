"""Helpers shared by the benchmark scripts in this folder (run by hand, not tests)."""
import cProfile, gc, io, os, pstats, statistics, subprocess, sys, time
from pathlib import Path

GEN = Path(__file__).resolve().parents[3]/'shared'/'bench'/'mk_transcript.py'


def transcript(data, mb, seed):
    "Path of the cached generated transcript of `mb` MB, generating it first if needed"
    p = Path(data)/f't{mb}s{seed}.jsonl'
    if not p.exists():
        p.parent.mkdir(parents=True, exist_ok=True)
        tmp = p.with_suffix('.part')
        subprocess.run([sys.executable, str(GEN), str(tmp), '--mb', str(mb), '--seed', str(seed), '--quiet'], check=True)
        os.replace(tmp, p)
    return p


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
