"""Helpers shared by the benchmark scripts in this folder (run by hand, not tests)."""
import gc, os, statistics, subprocess, sys, time
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
