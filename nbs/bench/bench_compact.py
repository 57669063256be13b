#!/usr/bin/env python3
"""How fast llmsurgery compacts a big transcript: a benchmark to run by hand, not a test.

    python nbs/bench/bench_compact.py [--mb 50] [--reps 3] [--seed 0] [--data DIR] [--target 2.0] [--profile N]

It uses the transcript `mk_transcript.py` beside it generates for MB and SEED, cached in DATA (by
default the git-ignored data/bench/ of this clone) and made if missing. For each repetition it copies the
transcript into a fresh temporary CLAUDE_CONFIG_DIR (HOME is a temp dir too, so the real ~/.claude
is never read or written), then times, in this process:

- `prepare_compaction`: resolve, read, thread, render, count tokens, build the records;
- `append_compaction`: under the lock, check the digest (size and SHA-256) and append the lines
  built from what the preparation read;
- the two together, which is what `compact_session` does.

The copy is not timed, and it is flushed to disk (`fsync`) before the clock starts: the append
ends with an `fsync` of the transcript, which for a real session flushes only the new lines
(Claude Code wrote the rest long ago), but for a fresh 50 MB copy would time writing all of it
to disk. After each run it checks that the old bytes are untouched, that the active
thread is the five records of the compaction, and that the source transcript did not change. It
prints the median and minimum of each step, the CPU time of the two together (`cpu`: what this
process spent, which other load on a shared machine inflates much less than the wall-clock
figures), the token figures, and whether the total stays under --target seconds. The machine is
shared: treat the figures as indicative.

With --profile N it then runs once more, untimed, under cProfile, and prints the N most expensive
calls of each step (cumulative time); the ratios between them hold even on a loaded machine.
"""
import argparse, gc, hashlib, itertools, json, os, shutil, statistics, sys, tempfile, time
from pathlib import Path
from benchutil import DATA, transcript, profiled  # shared by the bench scripts; puts this clone first on sys.path


def sha(p): return hashlib.sha256(Path(p).read_bytes()).hexdigest()


def fmt(x): return f'{x*1e3:7.1f} ms' if x < 1 else f'{x:7.2f} s '


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--mb', type=int, default=50, help='transcript size in MB')
    ap.add_argument('--reps', type=int, default=3, help='timed repetitions, each on a fresh copy')
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    ap.add_argument('--target', type=float, default=2.0, help='seconds the whole compaction must stay under')
    ap.add_argument('--profile', type=int, default=0, metavar='N',
                    help='then profile one more run; print its N costliest calls')
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
    ts = dict(prepare=[], append=[], total=[], cpu=[])
    try:
        with open(src, 'rb') as f: head = [json.loads(l) for l in itertools.islice(f, 50) if l.strip()]
        cwd = sess_meta(head).cwd or '/home/dev/src/tidewater-api'
        sid = next(r['sessionId'] for r in head if r.get('sessionId'))
        def fresh():
            "A copy of the transcript filed as session `sid`, flushed to disk; its path and size"
            d = sess_dir(cwd); d.mkdir(parents=True, exist_ok=True)
            p = d/f'{sid}.jsonl'
            shutil.copyfile(src, p)
            fd = os.open(p, os.O_RDONLY)
            try: os.fsync(fd)
            finally: os.close(fd)
            return p, p.stat().st_size
        for i in range(a.reps):
            p, n = fresh()
            gc.collect()
            t0, c0 = time.perf_counter(), time.process_time()
            c = prepare_compaction(sid, cwd)
            t1 = time.perf_counter()
            append_compaction(c)
            t2, c2 = time.perf_counter(), time.process_time()
            ts['prepare'].append(t1 - t0); ts['append'].append(t2 - t1)
            ts['total'].append(t2 - t0); ts['cpu'].append(c2 - c0)
            with open(p, 'rb') as f: same = sha_prefix(f, n) == src_sha
            parts = [compact_part(r) for r in sess_thread(load_recs(p))]
            ok = same and parts == ['boundary', 'summary', 'caveat', 'command', 'stdout']
            print(f'run {i+1}: prepare {fmt(t1-t0).strip()}, append {fmt(t2-t1).strip()}, total {fmt(t2-t0).strip()}'
                  f'  ({"checked" if ok else "CHECK FAILED"})')
            if not ok: sys.exit('the compacted file is not what it should be')
            p.unlink()
        if a.profile:
            p, n = fresh()
            gc.collect()
            cp, tp = profiled(lambda: prepare_compaction(sid, cwd), a.profile)
            _, ta = profiled(lambda: append_compaction(cp), a.profile)
            for name, table in (('prepare_compaction', tp), ('append_compaction', ta)):
                print(f'\nprofile of {name} (one untimed run):\n{table}')
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
