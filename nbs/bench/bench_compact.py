#!/usr/bin/env python3
"""How fast llmsurgery compacts a big transcript: a benchmark to run by hand, not a test.

    python nbs/bench/bench_compact.py [--mb 50] [--reps 3] [--seed 0] [--data DIR] [--target 2.0]

It uses the generated transcript DATA/t{MB}s{SEED}.jsonl (by default the git-ignored data/bench/),
making it with ../shared/bench/mk_transcript.py if it is missing. For each repetition it copies the
transcript into a fresh temporary CLAUDE_CONFIG_DIR (HOME is a temp dir too, so the real ~/.claude
is never read or written), then times, in this process:

- `prepare_compaction`: resolve, read, thread, render, count tokens, build the records;
- `append_compaction`: check the digest, append the records with `append_sess`;
- the two together, which is what `compact_session` does.

The copy is not timed. After each run it checks that the old bytes are untouched, that the active
thread is the five records of the compaction, and that the source transcript did not change. It
prints the median and minimum of each step, the token figures, and whether the total stays under
--target seconds. The machine is shared: treat the figures as indicative.
"""
import argparse, gc, hashlib, os, shutil, statistics, sys, tempfile, time
from pathlib import Path
from benchutil import transcript  # shared by the bench scripts (this folder is on sys.path)

HERE = Path(__file__).resolve()
REPO = HERE.parents[2]



def sha(p): return hashlib.sha256(Path(p).read_bytes()).hexdigest()


def fmt(x): return f'{x*1e3:7.1f} ms' if x < 1 else f'{x:7.2f} s '


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--mb', type=int, default=50, help='transcript size in MB')
    ap.add_argument('--reps', type=int, default=3, help='timed repetitions, each on a fresh copy')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--data', default=str(REPO/'data'/'bench'), help='where generated transcripts are cached')
    ap.add_argument('--target', type=float, default=2.0, help='seconds the whole compaction must stay under')
    a = ap.parse_args()

    src = transcript(a.data, a.mb, a.seed)
    src_sha = sha(src)
    work = Path(tempfile.mkdtemp(prefix='bench-compact-'))
    os.environ['HOME'] = str(work/'home')
    os.environ['CLAUDE_CONFIG_DIR'] = str(work/'cfg')
    from llmsurgery.paths import sess_dir
    from llmsurgery.read import load_recs, sess_meta
    from llmsurgery.thread import sess_thread
    from llmsurgery.compact import prepare_compaction, append_compaction, compact_part
    ts = dict(prepare=[], append=[], total=[])
    try:
        with open(src, 'rb') as f: head = load_recs(src)[:50]
        cwd = sess_meta(head).cwd or '/home/dev/src/acme-billing'
        sid = next(r['sessionId'] for r in head if r.get('sessionId'))
        for i in range(a.reps):
            d = sess_dir(cwd); d.mkdir(parents=True, exist_ok=True)
            p = d/f'{sid}.jsonl'
            shutil.copyfile(src, p)
            n = p.stat().st_size
            gc.collect()
            t0 = time.perf_counter()
            c = prepare_compaction(sid, cwd)
            t1 = time.perf_counter()
            append_compaction(c)
            t2 = time.perf_counter()
            ts['prepare'].append(t1 - t0); ts['append'].append(t2 - t1); ts['total'].append(t2 - t0)
            with open(p, 'rb') as f: same = sha_prefix(f, n) == src_sha
            parts = [compact_part(r) for r in sess_thread(load_recs(p))]
            ok = same and parts == ['boundary', 'summary', 'caveat', 'command', 'stdout']
            print(f'run {i+1}: prepare {fmt(t1-t0).strip()}, append {fmt(t2-t1).strip()}, total {fmt(t2-t0).strip()}'
                  f'  ({"checked" if ok else "CHECK FAILED"})')
            if not ok: sys.exit('the compacted file is not what it should be')
            p.unlink()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if sha(src) != src_sha: sys.exit(f'{src} changed!')
    print(f'\n{src.name}: {src.stat().st_size/1e6:.1f} MB, {a.reps} reps, median [min]')
    for k, v in ts.items(): print(f'  {k:8s} {fmt(statistics.median(v))} [{fmt(min(v)).strip()}]')
    med = statistics.median(ts['total'])
    print(f'  compaction {"under" if med < a.target else "OVER"} {a.target} s: {"ok" if med < a.target else "MISSED"}')
    print(f'  tokens: conversation {c.pre_toks:,} -> summary {c.post_toks:,}; prior segment {len(c.prior):,} chars; '
          f'records compacted {c.n_new:,}; notation {len(c.new_chat):,} chars')
    print(f'\ncommand: {" ".join([Path(sys.executable).name, *sys.argv])}')


def sha_prefix(f, n):
    "SHA-256 of the first `n` bytes of open file `f`"
    h = hashlib.sha256()
    while n > 0:
        b = f.read(min(n, 1 << 20))
        if not b: break
        h.update(b); n -= len(b)
    return h.hexdigest()


if __name__ == '__main__': main()
