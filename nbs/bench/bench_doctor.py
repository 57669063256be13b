#!/usr/bin/env python3
"""How fast the session doctor is: a benchmark to run by hand, not a test.

    python nbs/bench/bench_doctor.py [--mb 50] [--reps 5] [--seed 0] [--data DIR] [--broken]

It generates a transcript with nbs/bench/mk_transcript.py (cached in DATA, by default the git-ignored
data/bench/) and times, in one process and round-robin, `--reps` times each:

- the baseline: `load_recs` + `sess_thread`, what reading a session and rebuilding the thread Claude
  Code resumes costs;
- `sess_doctor(path)`: the same reading (plus the line numbers), the thread, the classification of every
  conversation row and the hazards.

It prints the medians and the fastest runs, and their ratios; the target is at most 1.5 (by the medians).
With --broken it also times the doctor on a copy with one break (a prompt's parent removed, 80% into the file),
which threads the file again for the repair. The machine is shared: compare within one run.
"""
import argparse, gc, json, os, statistics, subprocess, sys, tempfile, time
from pathlib import Path

HERE = Path(__file__).resolve()
REPO = HERE.parents[2]
GEN = HERE.parent/'mk_transcript.py'
TARGET = 1.5


def transcript(data, mb, seed):
    "Path of the cached generated transcript of `mb` MB, generating it first if needed"
    p = Path(data)/f't{mb}s{seed}.jsonl'
    if p.exists(): return p
    if not GEN.exists(): sys.exit(f'{GEN} is missing: it writes the generated transcripts this benchmark reads')
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix('.part')
    subprocess.run([sys.executable, str(GEN), str(tmp), '--mb', str(mb), '--seed', str(seed), '--quiet'], check=True)
    os.replace(tmp, p)
    return p


def broken_copy(p, d):
    "A copy of transcript `p` in folder `d` whose prompt 80% into the file lost its parent; its path"
    lines = Path(p).read_bytes().splitlines(keepends=True)
    for i in range(int(len(lines) * .8), len(lines)):
        r = json.loads(lines[i])
        c = (r.get('message') or {}).get('content')
        if r.get('type') == 'user' and isinstance(c, str) and not r.get('isSidechain') and r.get('parentUuid'):
            r['parentUuid'] = '00000000-0000-4000-8000-000000000000'
            lines[i] = (json.dumps(r) + '\n').encode()
            break
    out = Path(d)/'broken.jsonl'
    out.write_bytes(b''.join(lines))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--mb', type=int, default=50)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--data', default=str(REPO/'data'/'bench'))
    ap.add_argument('--broken', action='store_true')
    a = ap.parse_args()
    sys.path.insert(0, str(REPO))
    from llmsurgery.read import load_recs
    from llmsurgery.thread import sess_thread
    from llmsurgery.doctor import sess_doctor
    p = transcript(a.data, a.mb, a.seed)
    with tempfile.TemporaryDirectory() as d:
        def baseline(): recs = load_recs(p); return recs, sess_thread(recs)  # both kept, as the diagnosis keeps them
        ops = {'load_recs + sess_thread': baseline, 'sess_doctor': lambda: sess_doctor(p)}
        if a.broken: bp = broken_copy(p, d); ops['sess_doctor, one break'] = lambda: sess_doctor(bp)
        ts = {k: [] for k in ops}
        for _ in range(a.reps):
            for k, f in ops.items():
                gc.collect()
                t = time.perf_counter(); res = f(); ts[k].append(time.perf_counter() - t)
                del res
    med, best = {k: statistics.median(v) for k, v in ts.items()}, {k: min(v) for k, v in ts.items()}
    base, bbase = med['load_recs + sess_thread'], best['load_recs + sess_thread']
    print(f'{p.name}: {p.stat().st_size / 1e6:.1f} MB, {a.reps} runs each: median, and fastest')
    for k in ts:
        print(f'  {k:28s} {med[k] * 1000:8.0f} ms  x{med[k] / base:.2f}   '
              f'{best[k] * 1000:8.0f} ms  x{best[k] / bbase:.2f}')
    r = med['sess_doctor'] / base
    print(f'sess_doctor / (load_recs + sess_thread) = {r:.2f} by the medians, '
          f'{best["sess_doctor"] / bbase:.2f} by the fastest runs '
          f'(target <= {TARGET}): {"ok" if r <= TARGET else "SLOW"}')


if __name__ == '__main__': main()
