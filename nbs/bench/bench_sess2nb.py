#!/usr/bin/env python3
"""`sess2nb` on a 60 MB session of 10,000 tool calls, against reading it: a benchmark to run by hand, not a test.

    python nbs/bench/bench_sess2nb.py [--calls 10000] [--mb 60] [--reps 5] [--data DIR] [--history]

It generates the session with `mk_transcript.py` beside it
(`--tool-calls 10000 --mb 60 --no-progress --no-api-records`, cached in DATA, by default the git-ignored
data/bench/ of this clone), then runs each job in a fresh Python process, `--reps` times, alternating:

- the floor: `load_recs` + `sess_thread`, reading the file and finding the thread Claude Code resumes;
- the whole of `sess2nb`: `export_sess_nb(path, out)`, from the transcript path to the notebook written.

Each child imports llmsurgery first, notes its resident memory, runs the job once and reports its wall and
CPU seconds and its peak resident memory (`ru_maxrss`). The figures printed are the fewest seconds of the
runs and the least peak, as ratios: `sess2nb` time to the floor's time (target at most 2), and `sess2nb`
peak memory, above the child's memory before the job, to the file's size (target at most 3); the whole
process's peak is printed beside it. Exit status 1 if a target is missed. The machine may be shared: the
CPU seconds move less than the wall-clock ones when other processes load it.
"""
import argparse, json, subprocess, sys
from benchutil import DATA, REPO, transcript  # shared by the bench scripts; puts this clone first on sys.path

CHILD = r'''
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from llmsurgery.read import load_recs
from llmsurgery.thread import sess_thread
from llmsurgery.dialog import export_sess_nb
import nbformat
def rss(): return int(open('/proc/self/status').read().split('VmRSS:')[1].split()[0]) * 1024
job, path, out, history = sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] == '1'
before = rss(); w, c = time.perf_counter(), time.process_time()
if job == 'floor': n = len(sess_thread(load_recs(path)))
else: n = len(export_sess_nb(path, out, force=True, history=history).dlg)
w, c = time.perf_counter() - w, time.process_time() - c
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(dict(wall=w, cpu=c, before=before, peak=peak, n=n)))
'''


def run(job, path, out, history):
    "One fresh process running `job`: its figures"
    r = subprocess.run([sys.executable, '-c', CHILD, str(REPO), job, str(path), str(out), '1' if history else '0'],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--calls', type=int, default=10000)
    ap.add_argument('--mb', type=int, default=60)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    ap.add_argument('--history', action='store_true', help='time `sess2nb --history` instead')
    a = ap.parse_args()
    src = transcript(a.data, a.mb, 0, '--tool-calls', a.calls, '--no-progress', '--no-api-records')
    size = src.stat().st_size
    out = src.with_suffix('.bench.ipynb')
    runs = {'floor': [], 'sess2nb': []}
    try:
        for _ in range(a.reps):
            for job in runs: runs[job].append(run(job, src, out, a.history))
        nb_size = out.stat().st_size
    finally: out.unlink(missing_ok=True)
    best = {job: {k: min(r[k] for r in rs) for k in ('wall', 'cpu')} for job, rs in runs.items()}
    grow = {job: min(r['peak'] - r['before'] for r in rs) for job, rs in runs.items()}
    peak = {job: min(r['peak'] for r in rs) for job, rs in runs.items()}
    print(f'transcript: {src} ({size/1e6:.1f} MB, {a.calls} tool calls); notebook {nb_size/1e6:.1f} MB, '
          f"{runs['sess2nb'][0]['n']} messages{' (--history)' if a.history else ''}")
    for job, label in [('floor', 'load_recs + sess_thread'), ('sess2nb', 'sess2nb (export_sess_nb)')]:
        print(f"{label:<26} wall {best[job]['wall']:.2f}s  cpu {best[job]['cpu']:.2f}s  "
              f"peak +{grow[job]/1e6:.0f} MB (process {peak[job]/1e6:.0f} MB)")
    tr, cr = best['sess2nb']['wall'] / best['floor']['wall'], best['sess2nb']['cpu'] / best['floor']['cpu']
    mr, pr = grow['sess2nb'] / size, peak['sess2nb'] / size
    print(f'time ratio sess2nb / (load_recs + sess_thread): {tr:.2f} wall, {cr:.2f} cpu (target <= 2)')
    print(f'memory ratio sess2nb peak / file size: {mr:.2f} above the process before the job, {pr:.2f} whole process '
          f'(target <= 3)')
    ok = min(tr, cr) <= 2 and mr <= 3
    print(f'targets: {"met" if ok else "MISSED"}')
    return 0 if ok else 1


if __name__ == '__main__': sys.exit(main())
