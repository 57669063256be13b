#!/usr/bin/env python3
"""How fast `sess2dlg` turns a big transcript into a dialog: a benchmark to run by hand, not a test.

    python nbs/bench/bench_dialog.py [--mb 50] [--seed 0] [--reps 5] [--data DIR] [--target 0.5]

It generates a transcript with `mk_transcript.py` beside it (cached in DATA, by default the git-ignored
data/bench/ of this clone, shared with the other bench scripts), links it into a temporary config home
as a session of its own project, and times:

- `sess2dlg(sid, cwd)`: the whole job from a session id (find, load, thread, drop thinking, convert);
- `load_recs` + `sess_thread`: the reading alone, the floor the whole job cannot go below;
- `sess2dlg(recs=recs)`: thread + convert on records already loaded, and `sess_thread(recs)` alone;
- `write_ipynb` of the dialog, for information.

Each figure is the median (and minimum) of `--reps` runs in this one process, with gc.collect()
before each. The machine is shared: treat the wall-clock figures as indicative. The CPU seconds of
the same calls (`time.process_time`, minimum of the runs) hardly move when other processes load the
machine, so the ratios between them hold even on a busy one. Exit status 1 if the median of the
whole job exceeds `--target` seconds.
"""
import argparse, gc, os, shutil, sys, tempfile, time
from pathlib import Path
from benchutil import DATA, transcript, timed  # shared by the bench scripts; puts this clone first on sys.path


def cpu(f, reps):
    "Fewest CPU seconds of `reps` calls of `f`"
    ts = []
    for _ in range(reps):
        gc.collect(); t = time.process_time(); f(); ts.append(time.process_time() - t)
    return min(ts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--mb', type=int, default=50)
    ap.add_argument('--seed', type=int, default=0)
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--data', default=str(DATA), help='where generated transcripts are cached')
    ap.add_argument('--target', type=float, default=0.5)
    a = ap.parse_args()
    src = transcript(a.data, a.mb, a.seed)
    root = Path(tempfile.mkdtemp(prefix='bench-dialog-'))
    os.environ['HOME'], os.environ['CLAUDE_CONFIG_DIR'] = str(root/'home'), str(root/'cfg')
    from llmsurgery.paths import sess_dir
    from llmsurgery.read import load_recs, sess_id
    from llmsurgery.thread import sess_thread
    from llmsurgery.dialog import sess2dlg, write_ipynb
    try:
        proj = root/'proj'; proj.mkdir()
        recs = load_recs(src); sid = sess_id(recs) or 'bench'
        d = sess_dir(proj); d.mkdir(parents=True)
        dst = d/f'{sid}.jsonl'
        os.link(src, dst) if os.stat(src).st_dev == os.stat(d).st_dev else shutil.copy(src, dst)
        whole = timed(lambda: sess2dlg(sid, proj), a.reps)
        read = timed(lambda: sess_thread(load_recs(src)), a.reps)
        conv = timed(lambda: sess2dlg(recs=recs), a.reps)
        thr = timed(lambda: sess_thread(recs), a.reps)
        dlg = whole[2]
        nb = timed(lambda: write_ipynb(dlg, root/'d.ipynb'), a.reps)
        size = src.stat().st_size / 1e6
        print(f'transcript: {src} ({size:.1f} MB, {len(recs)} records, thread {len(read[2])} records)')
        print(f'dialog: {len(dlg)} messages ({sum(m.kind == "prompt" for m in dlg.messages)} prompts), '
              f'notebook {(root/"d.ipynb").stat().st_size/1e6:.1f} MB')
        for name, (med, mn, _) in [('sess2dlg(sid, cwd)', whole), ('load_recs + sess_thread', read),
                                   ('sess2dlg(recs=recs)', conv), ('sess_thread(recs)', thr), ('write_ipynb', nb)]:
            print(f'{name:<26} median {med:.3f}s  min {mn:.3f}s')
        print(f'ratio sess2dlg / (load_recs + sess_thread): {whole[0]/read[0]:.2f} (medians), '
              f'{whole[1]/read[1]:.2f} (minima)')
        c = {k: cpu(f, a.reps) for k, f in [('whole', lambda: sess2dlg(sid, proj)),
                                             ('read', lambda: sess_thread(load_recs(src))),
                                             ('conv', lambda: sess2dlg(recs=recs)), ('thr', lambda: sess_thread(recs))]}
        print(f"CPU seconds (min): sess2dlg(sid, cwd) {c['whole']:.3f}, load_recs + sess_thread {c['read']:.3f}, "
              f"sess2dlg(recs=recs) {c['conv']:.3f}, sess_thread(recs) {c['thr']:.3f}")
        print(f"CPU ratio sess2dlg / (load_recs + sess_thread): {c['whole']/c['read']:.2f}; "
              f"conversion beyond the thread {c['conv']-c['thr']:.3f}s "
              f"({(c['conv']-c['thr'])/c['whole']:.0%} of the whole job)")
        ok = whole[0] <= a.target
        print(f'target {a.target}s: {"met" if ok else "MISSED"}')
        return 0 if ok else 1
    finally: shutil.rmtree(root, ignore_errors=True)


if __name__ == '__main__': sys.exit(main())
