#!/usr/bin/env python3
"""`page_html` on a tool input nested 50,000 deep, and on the largest corpus session: a benchmark to run by hand.

    python nbs/bench/bench_page_deep.py [--depth 50000] [--reps 3] [--against /work/main] [--data DIR]

The deep session is the packaged fixture with one tool call's input replaced by `{"a": {"a": ... 1}}` nested
`--depth` deep (written once to DATA, by default the git-ignored data/bench/ of this clone). Each job runs in a
fresh Python process, `--reps` times, and reports the fewest wall and CPU seconds and the peak resident memory
(the machine may be shared: CPU seconds move less than wall-clock ones when other processes load it):

- `deep`: `load_recs` + `page_html` of the deep session (target: under 2 s; the whole input written as indented JSON
  before the cut took 549 s and 5.1 GB at this depth);
- `corpus`: `load_recs` + `agent_recs` + `page_html` of the spotter session (3 MB, 183 calls, a subagent), the
  ordinary page.

With `--against CLONE` the same jobs run on that clone too (e.g. the main checkout, before this change; give a
smaller `--depth` there, or it runs for minutes), and the ratio of this clone's fewest seconds to that clone's is
printed. Exit status 1 if the deep page misses its target.
"""
import argparse, json, subprocess, sys
from benchutil import DATA, REPO  # shared by the bench scripts; puts this clone first on sys.path

CHILD = r'''
import json, resource, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from llmsurgery.read import load_recs
from llmsurgery.webpage import page_html, agent_recs
from llmsurgery.redact import agent_files
job, path = sys.argv[2], Path(sys.argv[3])
w, c = time.perf_counter(), time.process_time()
recs = load_recs(path)
n = len(page_html(recs, agent_recs(recs, agent_files(path)) if job == 'corpus' else None, path=path))
w, c = time.perf_counter() - w, time.process_time() - c
print(json.dumps(dict(wall=w, cpu=c, peak=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024, n=n)))
'''


def deep_session(data, depth):
    "The fixture with its first tool call's input nested `depth` deep, written once"
    from llmsurgery.paths import FIXTURE
    p = data/f'deep{depth}.jsonl'
    if p.exists(): return p
    data.mkdir(parents=True, exist_ok=True)
    lines, done = [], False
    for l in FIXTURE.read_text().splitlines():
        r = json.loads(l)
        content = (r.get('message') or {}).get('content') or []
        calls = [b for b in content if isinstance(b, dict) and b.get('type') == 'tool_use']
        if not done and r.get('type') == 'assistant' and calls:
            calls[0].update(name='Odd', input='@DEEP@'); done = True
            l = json.dumps(r).replace('"@DEEP@"', '{"a":' * depth + '1' + '}' * depth)
        lines.append(l)
    p.write_text('\n'.join(lines) + '\n')
    return p


def run(repo, job, path):
    "One fresh process running `job` on `repo`'s llmsurgery: its figures"
    r = subprocess.run([sys.executable, '-c', CHILD, str(repo), job, str(path)],
                       capture_output=True, text=True, check=True)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--depth', type=int, default=50_000)
    ap.add_argument('--reps', type=int, default=3)
    ap.add_argument('--against', help='another clone to time the same jobs on')
    ap.add_argument('--against-depth', type=int, default=3_000, help='nesting of the deep input for --against')
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    a = ap.parse_args()
    from pathlib import Path
    from llmsurgery.testing import corpus_dir
    data, corpus = Path(a.data), corpus_dir()/'spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl'
    jobs = {'deep': deep_session(data, a.depth), 'corpus': corpus}
    best = {}
    clones = [('this', REPO, a.depth)] + ([('against', a.against, a.against_depth)] if a.against else [])
    for name, repo, depth in clones:
        for job, path in dict(jobs, deep=deep_session(data, depth)).items():
            rs = [run(repo, job, path) for _ in range(a.reps)]
            best[name, job], cpu = min(r['wall'] for r in rs), min(r['cpu'] for r in rs)
            best[name, job, 'cpu'] = cpu
            print(f'{name:8} {job:7} depth {depth if job == "deep" else "-":>7}: {best[name, job]:7.2f} s '
                  f'({cpu:.2f} s CPU) fewest of {a.reps}, peak {max(r["peak"] for r in rs)/2**20:6.0f} MB, '
                  f'page {rs[0]["n"]:,} characters')
    if a.against:
        print(f'corpus page, this clone / {a.against}: {best["this", "corpus"]/best["against", "corpus"]:.2f} wall, '
              f'{best["this", "corpus", "cpu"]/best["against", "corpus", "cpu"]:.2f} CPU')
        if a.depth == a.against_depth:
            print(f'deep page, this clone / {a.against}: {best["this", "deep"]/best["against", "deep"]:.3f}')
    ok = best['this', 'deep'] < 2
    print(f'deep page ({a.depth:,} deep) in {best["this", "deep"]:.2f} s: target under 2 s {"met" if ok else "MISSED"}')
    sys.exit(0 if ok else 1)


if __name__ == '__main__': main()
