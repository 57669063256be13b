"""Run every console command with every option exactly as README.md spells them, and check what each did.

The spellings come from the README's section "Console commands" (one `- `command [OPTION ...]`` line per
command), so README and check cannot drift: an option the README lists without a check here, a check for
an option the README does not list, a command of settings.ini the README leaves out, or a `-h` usage that
differs from the README's line is a failure. Each command runs as the console script beside this Python,
in a scratch HOME and CLAUDE_CONFIG_DIR holding the packaged fixtures (llmsurgery/data/cc) and a corpus
transcript (data/corpus), and each check looks at the result: the notebook written, the text printed, the
bytes appended. An option the help also lists under another spelling (`--dry-run` beside `--dry_run`,
`--out` beside `-o`) is checked under each. Beyond the options, each command is also checked on how it
ends: `--mx 0` keeps everything and a negative `--mx` is refused in one line, alike in every command that
takes it; a file holding random bytes (or nothing) is one line and exit status 2 from every command that
reads a session, never an empty notebook or page; Ctrl-C during `sess_index` is one line and status 130;
a session copied into another project is billed once by `sess_index --totals`; and a title pasted back
as `sess_ls` listed it names its session. One line per check; exit status 1 if any failed.

Usage: python .ci/readme_cmds.py   (from a clone installed with `pip install -e .`)"""
import configparser, json, os, re, shutil, signal, subprocess, sys, time
from pathlib import Path
import fastcore, nbformat
from llmsurgery.testing import scratch_home, corpus_dir, split_at_compaction
from llmsurgery.paths import sess_dir
from llmsurgery.read import load_recs, sess_id
from llmsurgery.thread import sess_thread
from llmsurgery.search import show_recs
from llmsurgery.dialog import read_ipynb, sess2dlg
from llmsurgery.doctor import sess_doctor
from llmsurgery.cli import dlg_map

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CORPUS_FILE = 'claude-reliability/python-to-rust-port/transcript.jsonl'
TOKEN = re.compile(r'\[[^\]]*\]|[^\s\[\]]+')

class Failed(Exception): pass

def need(cond, msg):
    "Raise `Failed(msg)` unless `cond`"
    if not cond: raise Failed(msg)

# The README's command lines and the commands settings.ini installs

def readme_cmds(md):
    "`{command: [token, ...]}` from the README's 'Console commands' section, e.g. `['[SESSION]', '[-o OUT]']`"
    need('\n## Console commands\n' in md, "README.md has no '## Console commands' section")
    sec = md.split('\n## Console commands\n', 1)[1].split('\n## ', 1)[0]
    return {m[1]: TOKEN.findall(m[2]) for m in re.finditer(r'^- `([A-Za-z0-9_]+)([^`]*)`', sec, re.M)}

def tok_name(tok):
    "`(spelling, dest)` of a synopsis token: `('-o', None)` for `[-o OUT]`, `(None, 'session')` for `SESSION`"
    word = tok.strip('[]').split()[0]
    return (word, None) if word.startswith('-') else (None, word.lower())

def installed_cmds():
    "Console command names declared in settings.ini"
    cfg = configparser.ConfigParser(delimiters=['=']); cfg.read(ROOT/'settings.ini', encoding='utf-8')
    return [s.split('=')[0] for s in cfg['DEFAULT']['console_scripts'].split()]

def help_opts(text):
    "`{dest: ([option strings], help text)}` of the optional arguments in `-h` output, `-h` itself left out"
    out, lines = {}, text.splitlines() + ['']
    for i, line in enumerate(lines):
        m = re.match(r'  (-\S.*?)(?:\s{2,}(.*)|$)', line)
        if not m: continue
        strs = [s.split()[0] for s in m[1].split(', ')]
        if '-h' in strs: continue
        out[max(strs, key=len).lstrip('-').replace('-', '_')] = strs, (m[2] or lines[i+1]).strip()
    return out

def usage_tokens(text):
    "The usage line's tokens after the program name, `[-h]` left out"
    usage = ' '.join(text.split('\n\n', 1)[0].split())
    return [t for t in TOKEN.findall(usage)[2:] if t != '[-h]']

# A scratch machine with real sessions

W = {}  # the scratch world: project folders, session ids and files

def setup(sh):
    "Place the packaged fixtures and a corpus transcript in projects of the scratch config home, oldest to newest"
    cc = Path(sys.modules['llmsurgery'].__file__).parent/'data'/'cc'
    W.update({k: sh.mkdir(f'proj-{k}') for k in ('fx', 'cp', 'co')}, work=sh.mkdir('work'))
    t0 = time.time() - 1000
    for i, (proj, src) in enumerate([('fx', cc/'deferred.jsonl'), ('fx', cc/'fork.jsonl'), ('fx', cc/'source.jsonl'),
                                     ('cp', cc/'compacted.jsonl'), ('co', corpus_dir()/CORPUS_FILE)]):
        sid = sess_id(load_recs(src))
        d = sess_dir(W[proj]); d.mkdir(parents=True, exist_ok=True)
        shutil.copy(src, d/f'{sid}.jsonl'); os.utime(d/f'{sid}.jsonl', (t0 + 10*i, t0 + 10*i))
        W[src.stem if proj != 'co' else 'corpus'] = sid
        W[f'{proj}:{sid}'] = d/f'{sid}.jsonl'
    W['K'], W['S'], W['F'], W['D'] = W['corpus'], W['source'], W['fork'], W['deferred']
    W['names'] = {W['K']: 'corpus', W['S']: 'source', W['F']: 'fork', W['D']: 'deferred'}

def names(ids): return ', '.join(W['names'].get(i, i) for i in ids)

def path(proj, sid): return W[f'{proj}:{sid}']

def run(cmd, *args, cwd=None, **env):
    "Run console command `cmd` with `args` in the scratch world, with extra environment variables `env`"
    return subprocess.run([str(BIN/cmd), *map(str, args)], capture_output=True, text=True, cwd=cwd or W['work'],
                          env={**os.environ, 'COLUMNS': '200', **env})

def ok(r):
    "`r`, after checking that it exited with status 0"
    need(r.returncode == 0, f'exit status {r.returncode}: {r.stderr.strip()[-400:]}')
    return r

def thread_text(p, mx=500, showall=False):
    "What the library shows for transcript `p`: its active thread (or every record), as `show_recs` renders it"
    recs = load_recs(p)
    return str(show_recs(recs if showall else sess_thread(recs), mx=mx, showall=showall))

def same_as_library(r, p, **kw):
    "Check that `sess_show` printed a note line and then exactly the library's rendering of `p`"
    note, _, body = r.stdout.partition('\n')
    need(body.rstrip('\n') == thread_text(p, **kw).rstrip('\n'), f'output differs from show_recs of {p.name} ({note})')
    return note

def first_prompt(nb):
    "The first prompt of a notebook written by sess2nb, after checking it is a valid notebook"
    nbformat.validate(nbformat.read(nb, as_version=4))
    return read_ipynb(nb).messages[0].content

def short(s, n=40): return s if len(s) <= n else s[:n-1] + '…'

def one_line_fail(r, cmd, status=2):
    "Check that `r` ended with exit `status` and exactly one line on stderr, starting with the command's name"
    need(r.returncode == status, f'exit {r.returncode}, not {status}: {r.stderr[-300:]!r}')
    need(r.stderr.startswith(f'{cmd}: ') and r.stderr.count('\n') == 1, f'not one line: {r.stderr[-300:]!r}')
    return r.stderr.strip()

def mx_refused(cmd, sp, *args):
    "Check that a negative `--mx` is refused by `cmd` in the one line every command gives; what was checked"
    r = run(cmd, W['K'][:8], sp, -5, *args)
    need(one_line_fail(r, cmd) == f'{cmd}: mx must be a whole number >= 0 (0 keeps everything), not -5', r.stderr)
    return f"{sp} -5 refused in the one line every command gives"

# The checks, by command and option: '' is the command with no option

CHECKS, ENDINGS = {}, {}
def check(cmd, opt):
    "Register a check of option `opt` (a parameter name, '' for none) of command `cmd`"
    def deco(f): CHECKS[(cmd, opt)] = f; return f
    return deco

def ending(cmd, what):
    "Register a check of how command `cmd` behaves beyond one option: `what` it is about"
    def deco(f): ENDINGS[(cmd, what)] = f; return f
    return deco

def listed(r):
    "The full session ids a `sess_ls` table lists (it shows their first eight characters), in its order"
    full = {W[k]: None for k in ('K', 'S', 'F', 'D')}
    return [next((s for s in full if s.startswith(l.split()[0])), l.split()[0]) for l in ok(r).stdout.splitlines()[1:]]

def widest(r): return max(map(len, ok(r).stdout.splitlines()))

@check('sess_ls', '')
def _(sp):
    r = run('sess_ls')
    ids, head = listed(r), r.stdout.splitlines()[0]
    need(head.split() == ['sid', 'modified', 'size', 'cwd', 'summary'], f'no header: {head!r}')
    want = [W['K'], W['S'], W['F'], W['D']]  # an id held by two projects is one session, listed once
    need(ids == want, f'listed {ids}, expected {want}')
    need(widest(r) <= 80, f'a line of {widest(r)} characters, wider than 80')
    cwd = load_recs(path('co', W['K']))[1]['cwd']
    cell = re.split('  +', r.stdout.splitlines()[1])[3]
    need(len(cell) > 1 and cwd.endswith(cell.lstrip('…')), f'the cwd column shows {cell!r}, not a cut of {cwd!r}')
    return (f"all {len(ids)} sessions newest first ({names(ids)}) under a header row, every line within 80 "
            f"columns, the corpus session's cwd column {cell!r} cut from the directory it ran in ({cwd!r})")

@check('sess_ls', 'here')
def _(sp):
    ids = listed(run('sess_ls', sp, cwd=W['fx']))
    need(ids == [W['S'], W['F'], W['D']], f'listed {ids}')
    return f"in the fixtures project: only its {len(ids)} sessions ({names(ids)})"

@check('sess_ls', 'project')
def _(sp):
    cwd = load_recs(path('co', W['K']))[1]['cwd']
    part = cwd.rsplit('/', 1)[-1].upper()
    ids, ids2 = listed(run('sess_ls', sp, part)), listed(run('sess_ls', sp, W['fx']))
    need(ids == [W['K']], f'{sp} {part}: listed {ids}')
    need(ids2 == [W['S'], W['F'], W['D']], f'{sp} {W["fx"]}: listed {ids2}')
    return (f"{sp} {part} (a part of a directory, in any case): only the corpus session; {sp} PATH: only the "
            f"{len(ids2)} sessions of that project ({names(ids2)})")

@check('sess_ls', 'since')
def _(sp):
    t = time.strftime('%Y-%m-%dT%H:%M:%S', time.localtime(path('fx', W['S']).stat().st_mtime))
    ids = listed(run('sess_ls', sp, t))
    need(ids == [W['K'], W['S']], f'{sp} {t}: listed {ids}')
    r = ok(run('sess_ls', sp, '2999-01-01'))
    need(r.stdout.startswith('No Claude Code sessions') and r.stdout.rstrip().endswith('that match.'), r.stdout)
    bad = run('sess_ls', sp, 'yesterday')
    need(bad.returncode == 2 and 'ISO date' in bad.stderr, f'a bad date: exit {bad.returncode}, {bad.stderr!r}')
    return (f"{sp} {t}: the {len(ids)} sessions modified since ({names(ids)}); {sp} 2999-01-01: none, saying so; "
            f"{sp} yesterday: one line asking for an ISO date, exit 2")

@check('sess_ls', 'limit')
def _(sp):
    ids = listed(run('sess_ls', sp, 2))
    need(ids == [W['K'], W['S']], f'listed {ids}')
    return f"{sp} 2: the newest 2 sessions only ({names(ids)})"

@check('sess_ls', 'width')
def _(sp):
    r80, r120 = run('sess_ls'), run('sess_ls', sp, 120)
    need(widest(r120) <= 120 and widest(r120) > widest(r80), f'widest lines {widest(r80)} and {widest(r120)}')
    cwd = load_recs(path('co', W['K']))[1]['cwd']
    need(cwd in r120.stdout.splitlines()[1], f"the corpus session's directory {cwd!r} is not whole at 120 columns")
    bad = run('sess_ls', sp, 20)
    need(bad.returncode == 2 and bad.stderr == 'sess_ls: width must be >= 60, not 20\n', f'{sp} 20: exit {bad.returncode}, {bad.stderr!r}')
    return (f"{sp} 120: lines up to {widest(r120)} characters (at most {widest(r80)} by default); {sp} 20: "
            "one line saying the least it takes, exit 2")

@check('sess_ls', 'all')
def _(sp):
    d = sess_dir(W['fx']); bare = d/'b0b0b0b0-0000-4000-8000-0000000000b0.jsonl'
    bare.write_text(json.dumps({'type': 'system', 'subtype': 'informational', 'content': 'hook ran',
                                'uuid': 'b0', 'cwd': str(W['fx'])}) + '\n')
    try:
        plain, every = ok(run('sess_ls', '--here', cwd=W['fx'])).stdout, ok(run('sess_ls', '--here', sp, cwd=W['fx'])).stdout
        row = next((l for l in every.splitlines() if l.startswith(bare.stem[:8])), '')
        need(bare.stem[:8] not in plain and '(no prom' in row, f'{sp}: {every!r}')
        opened = ok(run('sess_show', bare.stem[:8], cwd=W['fx']))
        need(bare.stem in opened.stderr + opened.stdout, 'sess_show does not open it')
    finally: bare.unlink()
    return f"a transcript with no prompt: hidden by default, listed with {sp} as '(no prompt)', opened by sess_show"

@ending('sess_ls', 'a title pasted back')
def _():
    r = ok(run('sess_ls', '--width', '60'))
    cells = [re.split('  +', l) for l in r.stdout.splitlines()[1:]]
    cut = next((c for c in cells if c[-1].endswith('…')), None)
    need(cut, 'no title cut with … at 60 columns')
    full = next(s for s in W['names'] if s.startswith(cut[0]))
    for cmd in ('sess_show', 'sess_doctor'):
        got = ok(run(cmd, cut[-1]))
        need(full in got.stdout.split('\n', 1)[0], f'{cmd} {cut[-1]!r}: {got.stdout[:120]!r}')
    return f"a title pasted back as sess_ls listed it, {cut[-1]!r}, names its session in sess_show and sess_doctor alike"

JUNK = bytes(b for b in os.urandom(8192) if b not in b'{[\n')  # random bytes holding no JSON record

@ending('sess_show', 'garbage and empty files')
def _():
    junk, empty = W['work']/'junk.jsonl', W['work']/'empty.jsonl'
    junk.write_bytes(JUNK); empty.write_bytes(b'')
    said = []
    for cmd, extra in (('sess_show', ()), ('sess2nb', ('-o', 'junk.ipynb')), ('sess2html', ('-o', 'junk.html')),
                       ('sess_doctor', ()), ('claudecompact', ('--dry_run',))):
        for f, why in ((junk, 'it holds no JSON record'), (empty, 'it is empty (0 bytes)')):
            line = one_line_fail(run(cmd, f, *extra), cmd)
            need(line.startswith(f'{cmd}: {f}: {why}'), line)
        said.append(cmd)
    left = sorted(p.name for p in W['work'].glob('junk.*') if p.suffix != '.jsonl')
    need(not left, f'written from garbage: {left}')
    return f"random bytes and an empty file: one line and exit 2 from {', '.join(said)}; nothing written"

@check('sess_show', '')
def _(sp):
    r = ok(run('sess_show', cwd=W['fx']))
    note = same_as_library(r, path('fx', W['S']))
    need(note.startswith('Newest session') and W['S'] in note, f'wrong session: {note}')
    need('Use the fixture-skill skill' in r.stdout, "the thread's prompt is missing")
    return ("in the fixtures project: its newest session (source), the active thread exactly as the library "
            "renders it, prompt 'Use the fixture-skill skill…'")

@check('sess_show', 'session')
def _(sp):
    r = ok(run('sess_show', W['K'][:8]))
    same_as_library(r, path('co', W['K']))
    need('Port this Python project to Rust' in r.stdout, "the thread's prompt is missing")
    return (f"id prefix {W['K'][:8]} (corpus): its active thread exactly as the library renders it, "
            "prompt 'Port this Python project to Rust…'")

@check('sess_show', 'cwd')
def _(sp):
    note = same_as_library(ok(run('sess_show', sp, W['fx'])), path('fx', W['S']))
    need(W['S'] in note, f'wrong session: {note}')
    return f"{sp} fixtures project, run elsewhere: that project's newest session (source), not the machine's (corpus)"

@check('sess_show', 'mx')
def _(sp):
    r = ok(run('sess_show', W['K'][:8], sp, 30))
    same_as_library(r, path('co', W['K']), mx=30)
    cut = next((l for l in r.stdout.splitlines() if l.startswith('Port this')), '')
    need('…[+' in cut, f'prompt not cut: {cut!r}')
    same_as_library(ok(run('sess_show', W['K'][:8], sp, 0)), path('co', W['K']), mx=10**12)
    return (f"{sp} 30: each record cut as show_recs(mx=30) cuts it: {cut!r}; {sp} 0 keeps everything; "
            + mx_refused('sess_show', sp))

@check('sess_show', 'all')
def _(sp):
    same_as_library(ok(run('sess_show', W['K'][:8], sp)), path('co', W['K']), showall=True)
    recs = load_recs(path('co', W['K']))
    n = len(sess_thread(recs))
    return f"every record of the file, bookkeeping included: {len(recs)} records (the active thread has {n})"

@check('sess2nb', '')
def _(sp):
    r = ok(run('sess2nb', cwd=W['fx']))
    nb = W['fx']/f"{W['S']}.ipynb"
    need(nb.exists(), f"no {nb.name} in the current folder: {r.stdout[-200:]}")
    prompt, dlg = first_prompt(nb), read_ipynb(nb)
    need(prompt.startswith('Use the fixture-skill skill'), f'first prompt {prompt[:60]!r}')
    need(r.stdout == f"{dlg_map(dlg, 100)}\nWrote {nb.name}\n", "the output is not the dialog's map and the file name")
    need(max(map(len, r.stdout.splitlines())) <= 100, f'a map line of {max(map(len, r.stdout.splitlines()))} characters')
    head = ' '.join(r.stdout.splitlines()[:2])  # the legend may stand under the column names
    need(head.startswith('id ') and 'p prompt' in head, f'the map has no header: {head!r}')
    empty = W['work']/'empty'; empty.mkdir(exist_ok=True)
    r0 = ok(run('sess2nb', cwd=empty, CLAUDE_CONFIG_DIR=str(empty/'.claude')))
    need('packaged fixture' in r0.stderr and (empty/r0.stdout.split()[-1]).exists(), f'no fallback: {r0.stderr!r}')
    return (f"wrote <session id>.ipynb in the current folder (valid nbformat, {len(dlg.messages)} prompts, first "
            f"{short(prompt)!r}) and printed its map within 100 columns (a header naming the columns, then "
            f"{len(r.stdout.splitlines()) - 2} rows) and name; with no sessions at all, the packaged fixture, "
            "saying so")

@check('sess2nb', 'session')
def _(sp):
    ok(run('sess2nb', W['K'][:8]))
    prompt = first_prompt(W['work']/f"{W['K']}.ipynb")
    need(prompt.startswith('Port this Python project to Rust'), f'first prompt {prompt[:60]!r}')
    return f"id prefix {W['K'][:8]}: wrote {W['K'][:8]}….ipynb, a valid notebook, first prompt {short(prompt)!r}"

@check('sess2nb', 'out')
def _(sp):
    (W['work']/'nbs').mkdir(exist_ok=True)
    ok(run('sess2nb', W['F'][:8], sp, 'fork.ipynb', cwd=W['fx']))
    ok(run('sess2nb', W['F'][:8], sp, W['work']/'nbs', cwd=W['fx']))
    p1, p2 = W['fx']/'fork.ipynb', W['work']/'nbs'/f"{W['F']}.ipynb"
    need(p1.exists() and p2.exists(), 'a notebook is missing')
    need(first_prompt(p1) and p1.read_bytes() == p2.read_bytes(), 'the two notebooks differ')
    return f"{sp} fork.ipynb wrote that file, {sp} FOLDER wrote FOLDER/<session id>.ipynb: the same valid notebook"

@check('sess2nb', 'cwd')
def _(sp):
    ok(run('sess2nb', sp, W['fx'], '-o', 'cwd.ipynb'))
    prompt = first_prompt(W['work']/'cwd.ipynb')
    need(prompt.startswith('Use the fixture-skill skill'), f'first prompt {prompt[:60]!r}')
    return f"{sp} fixtures project, run elsewhere: that project's newest session (source), prompt {prompt[:20]!r}…"

@check('sess2nb', 'mx')
def _(sp):
    ok(run('sess2nb', W['K'][:8], sp, 40, '-o', 'mx40.ipynb'))
    ok(run('sess2nb', W['K'][:8], sp, 0, '-o', 'mx0.ipynb'))
    recs = load_recs(path('co', W['K']))
    def replies(nb): return [m.output for m in read_ipynb(W['work']/nb).messages]
    def lib(mx): return [m.output for m in sess2dlg(recs=recs, mx=mx).messages]
    need(replies('mx40.ipynb') == lib(40) != lib(None), 'replies differ from sess2dlg(mx=40)')
    need(replies('mx0.ipynb') == lib(None), f'{sp} 0 did not keep everything')
    s40, s0 = (W['work']/'mx40.ipynb').stat().st_size, (W['work']/'mx0.ipynb').stat().st_size
    return (f"{sp} 40: tool text cut as sess2dlg(mx=40) cuts it ({s40:,} bytes); {sp} 0 keeps everything ({s0:,} bytes); "
            + mx_refused('sess2nb', sp, '-o', 'neg.ipynb'))

@check('sess2nb', 'history')
def _(sp):
    cp = W['cp']
    ok(run('sess2nb', path('cp', W['compacted']), '-o', 'plain.ipynb', cwd=cp))
    ok(run('sess2nb', path('cp', W['compacted']), sp, '-o', 'hist.ipynb', cwd=cp))
    recs = load_recs(path('cp', W['compacted']))
    def typed(nb): return [m.content for m in read_ipynb(cp/nb).messages if m.kind == 'prompt' and not m.meta.get('label')]
    lib = [m.content for m in sess2dlg(recs=recs, history=True).messages if m.kind == 'prompt' and not m.meta.get('label')]
    need(typed('hist.ipynb') == lib and len(lib) > len(typed('plain.ipynb')), f'prompts {typed("hist.ipynb")!r}')
    marks = [m.meta.get('rec_kind') for m in read_ipynb(cp/'hist.ipynb').messages if m.kind == 'raw']
    need('system:compact_boundary' in marks, 'no compaction marked')
    return (f"on the compacted fixture: {len(lib)} typed prompts (the plain notebook has {len(typed('plain.ipynb'))}), "
            "the prompt before the compaction included and the compaction marked where it fell")

@check('sess2nb', 'lineage')
def _(sp):
    # a conversation continued in a new file at its last compaction, as older releases wrote it (made here by hand)
    cc = Path(sys.modules['llmsurgery'].__file__).parent/'data'/'cc'/'autocompact.jsonl'
    proj = W['work']/'proj-lineage'; proj.mkdir(exist_ok=True); d = sess_dir(proj)
    new_sid = '00000000-0000-4000-8000-00000000005a'
    old, new = split_at_compaction(cc, d, new_sid, time.time() - 20)
    try:
        ok(run('sess2nb', new_sid[:8], sp, '-o', 'lineage.ipynb', cwd=proj))
        ok(run('sess2nb', new_sid[:8], '-o', 'alone.ipynb', cwd=proj))
        lin, alone = read_ipynb(proj/'lineage.ipynb'), read_ipynb(proj/'alone.ipynb')
        from llmsurgery.thread import lineage_recs
        lib = sess2dlg(recs=lineage_recs([old, new]))
        need([m.content for m in lin.messages] == [m.content for m in lib.messages], 'not the dialog of both files read as one')
        need(len(lin.messages) > len(alone.messages), f'{len(lin.messages)} messages, the file alone {len(alone.messages)}')
    finally: shutil.rmtree(d)
    return (f"a conversation continued in a new file: {len(lin.messages)} messages from both files read as one "
            f"(the newer file alone: {len(alone.messages)})")

@check('sess2nb', 'force')
def _(sp):
    nb = W['work']/'forced.ipynb'
    ok(run('sess2nb', sp, '--cwd', W['fx'], '-o', nb))  # a new file needs no force, but takes it
    fresh = nb.read_bytes(); nb.write_bytes(fresh + b' ')
    r = run('sess2nb', '--cwd', W['fx'], '-o', nb)
    need(r.returncode == 2 and nb.read_bytes() == fresh + b' ', f'an edited notebook not kept (exit {r.returncode})')
    need(len(r.stderr.strip().splitlines()) == 1 and '--force' in r.stderr, f'no one line naming --force: {r.stderr!r}')
    ok(run('sess2nb', '--cwd', W['fx'], '-o', nb, sp))
    need(nb.read_bytes() == fresh, f'{sp} did not rewrite the notebook')
    return f"a notebook edited by hand is kept without it (exit 2, one line naming --force) and replaced with {sp}"

@check('claudecompact', 'dry_run')
def _(sp):
    p = path('co', W['K']); before = p.read_bytes()
    r = ok(run('claudecompact', W['K'][:8], sp))
    need(p.read_bytes() == before, f'{sp} changed the transcript')
    need(r.stdout.startswith(f"Would compact session {W['K']}") and 'Nothing was written.' in r.stdout,
         f'report: {r.stdout[:200]!r}')
    return f"{W['K'][:8]} (corpus): reported what it would write, the transcript byte for byte unchanged"

@check('claudecompact', 'session')
def _(sp):
    p = path('fx', W['F']); before = p.read_bytes()
    r = ok(run('claudecompact', W['F'][:8], cwd=W['fx']))
    after, th = p.read_bytes(), sess_thread(load_recs(p))
    need(len(after) > len(before) and after.startswith(before), 'not an append: bytes changed or none written')
    need(th[0].get('subtype') == 'compact_boundary' and th[1].get('isCompactSummary'), 'the library does not see it')
    need(f"claude --resume {W['F']}" in r.stdout, 'no resume command printed')
    return (f"{W['F'][:8]} (fork): appended the compaction, earlier bytes unchanged; the library's "
            "thread now starts at the compact boundary and summary; printed the `claude --resume` line")

@check('claudecompact', 'notes')
def _(sp):
    p, notes = path('fx', W['D']), 'Keep the flux numbers exact'
    ok(run('claudecompact', W['D'], sp, notes, cwd=W['fx']))
    th = sess_thread(load_recs(p))
    need(th[1].get('isCompactSummary') and notes in str(th[1].get('message')), 'the notes are not in the summary')
    return f"{sp} {notes!r}: the text is in the summary record the library reads back"

@check('claudecompact', 'cwd')
def _(sp):
    mine, other = path('cp', W['S']), path('fx', W['S'])
    b_mine, b_other = mine.read_bytes(), other.read_bytes()
    ok(run('claudecompact', W['S'], sp, W['cp']))
    grown = mine.read_bytes()
    need(grown.startswith(b_mine) and len(grown) > len(b_mine), "that project's copy was not compacted")
    need(other.read_bytes() == b_other, 'the same id in another project was changed')
    return f"{sp} project, run elsewhere: compacted that project's session, the same id in another project untouched"

def broken_copy(sid):
    "A copy of the source fixture, filed as session `sid` of project `dr`, whose last turn lost its parent link"
    W.setdefault('dr', W['work'].parent/'proj-dr'); W['dr'].mkdir(exist_ok=True)
    d = sess_dir(W['dr']); d.mkdir(parents=True, exist_ok=True)
    recs = [dict(r) for r in load_recs(path('fx', W['S']))]
    recs[34]['parentUuid'] = None  # the reply after the tool results now starts a new root: the CLI drops the rest
    p = d/f'{sid}.jsonl'
    p.write_text(''.join(json.dumps({**r, 'sessionId': sid} if 'sessionId' in r else r) + '\n' for r in recs))
    need(sess_doctor(p).cut, 'the broken copy has nothing cut')
    return p

@check('sess_doctor', '')
def _(sp):
    p = broken_copy('0d0c7a00-0000-4000-8000-000000000001')
    r = ok(run('sess_doctor', cwd=W['dr']))
    verdict = sess_doctor(p).verdict
    need(verdict in r.stdout and 'break' in r.stdout, f'report: {r.stdout[:300]!r}')
    return f"in a project whose newest session lost a link: the library's verdict, {verdict!r}, and the break"

@check('sess_doctor', 'session')
def _(sp):
    r = ok(run('sess_doctor', W['K'][:8]))
    verdict = sess_doctor(path('co', W['K'])).verdict
    need(verdict in r.stdout and verdict.startswith('healthy'), f'report: {r.stdout[:300]!r}')
    return f"id prefix {W['K'][:8]} (corpus): {verdict!r}"

@check('sess_doctor', 'cwd')
def _(sp):
    p = broken_copy('0d0c7a00-0000-4000-8000-000000000002')
    r = ok(run('sess_doctor', sp, W['dr']))
    need(p.stem in r.stdout.splitlines()[0] and sess_doctor(p).verdict in r.stdout, f'report: {r.stdout[:300]!r}')
    return f"{sp} project, run elsewhere: that project's newest session, the broken copy, diagnosed"

@check('sess_doctor', 'fix')
def _(sp):
    p = broken_copy('0d0c7a00-0000-4000-8000-000000000003'); before = p.read_bytes()
    r = ok(run('sess_doctor', p.stem, sp, cwd=W['dr']))
    new = next((l.split()[-1] for l in r.stdout.splitlines() if l.startswith('Resume it with: cd ') and 'claude --resume ' in l), None)
    need(new and new != p.stem, f'no new session named: {r.stdout[-300:]!r}')
    need(p.read_bytes() == before, 'the original changed')
    fixed = sess_doctor(p.parent/f'{new}.jsonl')
    need(not fixed.cut and fixed.verdict.startswith('healthy'), f'the repair is not healthy: {fixed.verdict}')
    return (f"wrote the repair as session {new[:8]}, which the library calls healthy, and printed its resume line with "
            "its `cd`; the original byte for byte unchanged")

@check('sess_doctor', 'inplace')
def _(sp):
    p = broken_copy('0d0c7a00-0000-4000-8000-000000000004'); before = p.read_bytes()
    ok(run('sess_doctor', p.stem, sp))
    baks = list(p.parent.glob(f'{p.name}.*.bak'))
    need(len(baks) == 1 and baks[0].read_bytes() == before, 'no backup holding the original bytes')
    need(sess_doctor(p).verdict.startswith('healthy'), 'the file was not repaired')
    return "repaired the file itself, which the library now calls healthy, after a backup holding the original bytes"

SECRET = 'sk-ant-api03-' + 'Zq7Xw2Lp9Rt4Vn8Bc3Md6Fh1Jk5Gs0Ty' * 2 + '-AbCdEf'  # shaped like an Anthropic key
EXTERNAL = re.compile(r'(?:src|href)\s*=\s*["\']?(?:https?:)?//')

def page(p):
    "The text of the page at `p`, after checking that it loads nothing from outside the file"
    html = p.read_text(encoding='utf-8')
    need(not EXTERNAL.search(html), f'{p.name} loads something from outside')
    return html

@check('sess2html', '')
def _(sp):
    r = ok(run('sess2html', cwd=W['fx']))
    pg = W['fx']/f"{W['S']}.html"
    need(pg.exists() and r.stdout.startswith('Wrote ') and pg.name in r.stdout, f'no {pg.name} in the current folder: {r.stdout[-200:]!r}')
    need('fixture complete' in page(pg), "the session's final answer is not on the page")
    return "wrote <session id>.html in the current folder (the project's newest session, source), self-contained"

@check('sess2html', 'session')
def _(sp):
    ok(run('sess2html', W['K'][:8]))
    need('Port this Python project to Rust' in page(W['work']/f"{W['K']}.html"), "the prompt is not on the page")
    return f"id prefix {W['K'][:8]}: wrote {W['K'][:8]}….html with the corpus session's prompt"

@check('sess2html', 'out')
def _(sp):
    d = W['work']/'pages'; d.mkdir(exist_ok=True)
    f = d/f'named{sp.strip("-")}.html'
    ok(run('sess2html', W['F'], sp, f)); ok(run('sess2html', W['F'], sp, d))
    need(f.exists() and (d/f"{W['F']}.html").exists(), f'{sp} FILE or {sp} FOLDER wrote nothing')
    need(page(f) == page(d/f"{W['F']}.html"), 'the two pages differ')
    return f"{sp} page.html wrote that file, {sp} FOLDER wrote FOLDER/<session id>.html: the same page"

@check('sess2html', 'cwd')
def _(sp):
    d = W['work']/'cwd'; d.mkdir(exist_ok=True)
    r = ok(run('sess2html', sp, W['fx'], '-o', d))
    need((d/f"{W['S']}.html").exists(), f'not the project newest session: {r.stdout!r}')
    return f"{sp} fixtures project, run elsewhere: that project's newest session (source)"

@check('sess2html', 'mx')
def _(sp):
    d = W['work']/'mx'; d.mkdir(exist_ok=True)
    ok(run('sess2html', W['K'], sp, 40, '-o', d/'cut.html')); ok(run('sess2html', W['K'], sp, 0, '-o', d/'all.html'))
    cut, full = page(d/'cut.html'), page(d/'all.html')
    need(len(cut) < len(full), f'{sp} 40 cut nothing ({len(cut):,} vs {len(full):,} characters)')
    return (f"{sp} 40: tool text cut ({len(cut):,} characters); {sp} 0 keeps everything ({len(full):,}); "
            + mx_refused('sess2html', sp, '-o', d/'neg.html'))

@check('sess2html', 'redact')
def _(sp):
    W.setdefault('dr', W['work'].parent/'proj-dr'); W['dr'].mkdir(exist_ok=True)
    d = sess_dir(W['dr']); d.mkdir(parents=True, exist_ok=True)
    sid = '0d0c7a00-0000-4000-8000-0000000000aa'
    recs = [dict(r) for r in load_recs(path('fx', W['S']))]
    i = next(i for i, r in enumerate(recs) if r.get('type') == 'user' and isinstance(r['message'].get('content'), str))
    recs[i] = {**recs[i], 'message': {**recs[i]['message'], 'content': f'Use this key: {SECRET}'}}
    src = d/f'{sid}.jsonl'
    src.write_text(''.join(json.dumps({**r, 'sessionId': sid} if 'sessionId' in r else r) + '\n' for r in recs))
    before = src.read_bytes()
    ok(run('sess2html', sid, '-o', W['work']/'plain.html')); ok(run('sess2html', sid, sp, '-o', W['work']/'red.html'))
    need(SECRET in page(W['work']/'plain.html'), 'the planted key is not on the plain page')
    red = page(W['work']/'red.html')
    need(SECRET not in red and '[REDACTED:' in red, 'the key is still on the redacted page')
    need(src.read_bytes() == before, 'the transcript changed')
    return "a planted Anthropic key is on the plain page, a placeholder instead on the redacted one; transcript unchanged"

@check('sess2html', 'force')
def _(sp):
    f = W['work']/'mine.html'; f.write_text('<p>my own page</p>')
    r = run('sess2html', W['S'], '-o', f)
    need(r.returncode == 2 and f.read_text() == '<p>my own page</p>', f'replaced without {sp}: {r.returncode}')
    ok(run('sess2html', W['S'], '-o', f, sp))
    need('fixture complete' in page(f), f'{sp} did not write the page')
    return f"a file sess2html did not write is kept without it (exit 2) and replaced with {sp}"


def hit_sids(r):
    "Session ids of the hits `sess_index` printed: each hit line is under its session's resume line"
    out, sid = [], None
    for l in ok(r).stdout.splitlines()[1:]:  # after the count
        if l and not l.startswith('  '): sid = (re.search(r'[0-9a-f]{8}-[0-9a-f-]{27}', l) or [None])[0]
        elif l.startswith('  ') and sid: out.append(sid[:8])
    return out

def proj_sids(proj): return {p.stem for p in sess_dir(W[proj]).glob('*.jsonl')}

@check('sess_index', '')
def _(sp):
    r = ok(run('sess_index'))
    need(' sessions (' in r.stdout and 'messages' in r.stdout and r.stderr.startswith('Index: '), f'summary: {r.stdout[:200]!r}')
    return f"updated the index ({r.stderr.strip()}) and summed it up: {short(r.stdout.strip().split(': ', 1)[-1], 60)!r}"

@check('sess_index', 'pattern')
def _(sp):
    r = ok(run('sess_index', 'fixture complete'))
    need(W['S'][:8] in hit_sids(r) and f"claude --resume {W['S']}" in r.stdout, f'hits: {r.stdout[:300]!r}')
    resumes = [l for l in r.stdout.splitlines() if 'claude --resume ' in l]
    need(len(resumes) == len(set(resumes)) and all(l.startswith('cd ') for l in resumes), f'resume lines: {resumes}')
    return (f"'fixture complete': {len(hit_sids(r))} hits, grouped by session under its one "
            "`cd … && claude --resume` line")

@check('sess_index', 'regex')
def _(sp):
    r = ok(run('sess_index', r'fixture\s+compl', sp))
    need(W['S'][:8] in hit_sids(r), f'hits: {r.stdout[:300]!r}')
    need(hit_sids(run('sess_index', 'fixture\\s+compl')) == [], 'the same text without --regex matched literally')
    return f"a regex found {len(hit_sids(r))} hits; as literal text it finds none"

@check('sess_index', 'project')
def _(sp):
    r = ok(run('sess_index', 'fixture', sp, W['cp'], '--limit', '0'))
    got = {h for h in hit_sids(r)}
    need(got and all(any(s.startswith(h) for s in proj_sids('cp')) for h in got), f'hits outside the project: {got}')
    return f"{sp} PROJECT: {len(hit_sids(r))} hits, all from that project's sessions"

@check('sess_index', 'since')
def _(sp):
    need(hit_sids(run('sess_index', 'fixture complete', sp, '2100-01-01')) == [], 'hits after 2100')
    need(hit_sids(run('sess_index', 'fixture complete', sp, '2000-01-01')), 'no hits after 2000')
    return f"{sp} 2100-01-01: no hits; {sp} 2000-01-01: the same hits as without it"

def total_line(r): return ' '.join(ok(r).stdout.strip().splitlines()[-1].split())

@check('sess_index', 'totals')
def _(sp):
    r = run('sess_index', sp); lines = ok(r).stdout.strip().splitlines(); last = lines[-1]
    need(lines[0].split()[:2] == ['project', 'calls'] and last.startswith('total') and '$' in last, f'table: {lines!r}')
    need(max(map(len, lines)) <= 80, f'a line of {max(map(len, lines))} characters')
    cwds = {load_recs(path('co', W['K']))[1]['cwd']}
    need(any(c in r.stdout or c.replace(os.path.expanduser('~'), '~') in r.stdout for c in cwds), 'no real project path')
    return f"tokens and dollars per project (the directories sessions ran in), a header, lines within 80 columns, then {' '.join(last.split())!r}"

@ending('sess_index', 'a copy billed once')
def _():
    src = path('co', W['K']); before = total_line(run('sess_index', '--totals'))
    other = W['work'].parent/'proj-copy'; other.mkdir(exist_ok=True); d = sess_dir(other); d.mkdir(parents=True, exist_ok=True)
    copy = d/'0d0c7a00-0000-4000-8000-0000000000c0.jsonl'; shutil.copy(src, copy)
    try: after = total_line(run('sess_index', '--totals'))
    finally: copy.unlink(); shutil.rmtree(other)
    need(after == before, f'the copy was billed again: {before!r} then {after!r}')
    return f"the corpus session copied into another project: the total stays {' '.join(after.split())!r}"

@ending('sess_index', 'Ctrl-C')
def _():
    cfg = W['work']/'corpus-home'  # every corpus transcript: an update long enough to interrupt
    for i, f in enumerate(sorted(corpus_dir().rglob('*.jsonl'))):
        d = cfg/'projects'/f'-corpus-{i}'; d.mkdir(parents=True, exist_ok=True)
        shutil.copy(f, d/f'0c0c0c0c-0000-4000-8000-{i:012d}.jsonl')
    for delay in (0.3, 0.1, 0.02, 0):
        ip = W['work']/f'ctrl-c-{delay}.sqlite'
        # as in a terminal, Ctrl-C reaches it even where this script was started ignoring it (`cmd &` in a script)
        p = subprocess.Popen([str(BIN/'sess_index'), '--path', str(ip)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, cwd=W['work'], start_new_session=True, env={**os.environ, 'CLAUDE_CONFIG_DIR': str(cfg)},
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        while not ip.exists() and p.poll() is None: time.sleep(0.01)
        time.sleep(delay)
        if p.poll() is None: os.killpg(p.pid, signal.SIGINT)
        _, err = p.communicate()
        if p.returncode != 0: break
    need(p.returncode == 130 and err == 'sess_index: interrupted\n', f'exit {p.returncode}: {err[-400:]!r}')
    return "Ctrl-C during an update: 'sess_index: interrupted', exit 130, no traceback"

@check('sess_index', 'by')
def _(sp):
    r = run('sess_index', '--totals', sp, 'model')
    need('claude-haiku-4-5' in ok(r).stdout and total_line(r) == total_line(run('sess_index', '--totals')), r.stdout[:300])
    return f"{sp} model: one row per model, the same total as per project"

@check('sess_index', 'limit')
def _(sp):
    r = run('sess_index', 'the', sp, '2')
    need(len(hit_sids(r)) == 2, f'{len(hit_sids(r))} hits')
    return f"{sp} 2: two hits of 'the'"

@check('sess_index', 'json')
def _(sp):
    js = json.loads(ok(run('sess_index', '--totals', sp, '--by', 'model')).stdout)
    need(js['by'] == 'model' and js['total']['calls'] == sum(r['calls'] for r in js['rows']) > 0, str(js)[:300])
    return f"--totals {sp}: rows and total as JSON, tokens exact ({js['total']['calls']:,} calls)"

@check('sess_index', 'path')
def _(sp):
    p = W['work']/'own-index.sqlite'
    ok(run('sess_index', sp, p))
    need(p.exists() and p.stat().st_size > 0, 'no index file there')
    return f"{sp} PATH: the index was built in that file"

@check('sess_index', 'prices')
def _(sp):
    pj = W['work']/'prices.json'
    pj.write_text(json.dumps({'claude-haiku-4-5': dict(input=1000, output=0, cache_write_5m=0, cache_write_1h=0, cache_read=0)}))
    base, mine = total_line(run('sess_index', '--totals')), total_line(run('sess_index', '--totals', sp, pj))
    need(base != mine, f'the same total with other prices: {mine!r}')
    return f"{sp} FILE: another total with its prices ({mine.split()[-1]} instead of {base.split()[-1]})"

def archived_copy(n):
    "A copy of the source fixture filed as session `0d0c7a00-…-<n>` of project `ar`, archived into work/archive; its path"
    W.setdefault('ar', W['work'].parent/'proj-ar'); W['ar'].mkdir(exist_ok=True)
    d = sess_dir(W['ar']); d.mkdir(parents=True, exist_ok=True)
    p = d/f'0d0c7a00-0000-4000-8000-{n:012d}.jsonl'; shutil.copy(path('fx', W['S']), p)
    ok(run('sess_archive', W['work']/'archive'))
    return p

@check('sess_archive', 'dest')
def _(sp):
    p = archived_copy(101); arch = W['work']/'archive'
    need((arch/'manifest.sqlite').exists() and (arch/p.relative_to(p.parents[2])).with_name(p.name + '.gz').exists(), 'no archived copy')
    r = ok(run('sess_archive', arch))
    need('new 0' not in r.stdout or 'same' in r.stdout, r.stdout)
    return f"archived every transcript into DEST; a second run: {r.stdout.strip().split(': ', 1)[-1]}"

@check('sess_archive', 'restore')
def _(sp):
    p = archived_copy(102); before = p.read_bytes(); p.unlink()
    r = ok(run('sess_archive', W['work']/'archive', sp, p.stem))
    need(p.exists() and p.read_bytes() == before and f"claude --resume {p.stem}" in r.stdout, r.stdout)
    return f"{sp} SESSION: the deleted transcript is back byte for byte"

@check('sess_archive', 'report')
def _(sp):
    p = archived_copy(103); before = p.read_bytes(); gone = p.with_name('0d0c7a00-0000-4000-8000-00000000000a.jsonl')
    gone.write_bytes(before); ok(run('sess_archive', W['work']/'archive')); gone.unlink()
    r = ok(run('sess_archive', W['work']/'archive', sp))
    need('Only in the archive (1)' in r.stdout and gone.stem in r.stdout, r.stdout[-400:])
    ok(run('sess_archive', W['work']/'archive', '--restore', gone.stem)); gone.unlink()  # leaves the world as it was
    return f"{sp}: names the one session whose transcript was deleted after it was archived"

@check('sess_archive', 'cwd')
def _(sp):
    p = archived_copy(104); other = W['work'].parent/'proj-restored'; other.mkdir(exist_ok=True)
    ok(run('sess_archive', W['work']/'archive', '--restore', p.stem, sp, other))
    need((sess_dir(other)/p.name).read_bytes() == p.read_bytes(), 'not restored for that project')
    return f"{sp} PROJECT: restored into that project's folder, where `claude --resume` run there finds it"

@check('sess_archive', 'force')
def _(sp):
    p = archived_copy(105); before = p.read_bytes()
    p.write_bytes(before + b'{"type":"summary","summary":"typed later"}\n')
    need(run('sess_archive', W['work']/'archive', '--restore', p.stem).returncode == 2, 'restored over a changed file')
    ok(run('sess_archive', W['work']/'archive', '--restore', p.stem, sp))
    need(p.read_bytes() == before and len(list(p.parent.glob(p.name + '.bak-*'))) == 1, 'no restore, or no backup')
    return f"without {sp} a changed transcript is kept and the restore refused; with it, restored after a backup"

@check('sess_archive', 'install_hook')
def _(sp):
    sf, arch = Path(os.environ['CLAUDE_CONFIG_DIR'])/'settings.json', W['work']/'archive'
    r = ok(run('sess_archive', arch, sp))
    hooks = json.loads(sf.read_text())['hooks']
    need(all(any(str(arch) in h['command'] for g in hooks[ev] for h in g['hooks']) for ev in ('Stop', 'SessionEnd')), sf.read_text())
    need(ok(run('sess_archive', arch, sp)).stdout.strip().endswith('unchanged'), 'a second install changed settings.json')
    ok(run('sess_archive', arch, '--uninstall_hook'))   # leaves the world as it was
    return f"{sp}: archived, and a Stop and a SessionEnd hook archiving into DEST added to settings.json; a second run: unchanged"

@check('sess_archive', 'uninstall_hook')
def _(sp):
    sf, arch = Path(os.environ['CLAUDE_CONFIG_DIR'])/'settings.json', W['work']/'archive'
    ok(run('sess_archive', arch, '--install_hook'))
    r = ok(run('sess_archive', arch, sp))
    need('archive hook removed' in r.stdout and 'llmsurgery.archive' not in sf.read_text(), r.stdout)
    return f"{sp}: the archive hook taken out of settings.json again, nothing else"

# Running them

ORDER = ['sess_ls', 'sess_show', 'sess2nb', 'sess2html', 'claudecompact', 'sess_doctor', 'sess_index', 'sess_archive']  # readers first

def check_help(cmd, toks, report):
    "`(options by name, {name: README token})` after checking `cmd -h` against the README's tokens `toks`"
    h = run(cmd, '-h')
    if h.returncode: report(False, f'{cmd} -h', f'exit status {h.returncode}: {h.stderr.strip()[-300:]}'); return {}, {}
    hopts, named = help_opts(h.stdout), {}
    for t in toks:
        sp, dest = tok_name(t)
        if sp: dest = next((d for d, (strs, _) in hopts.items() if sp in strs), None)
        if dest is None: report(False, f'{cmd} {t}', "the README's spelling is not an option of the command")
        else: named[dest] = t
    bad = sorted(set(usage_tokens(h.stdout)) ^ set(toks))
    metas = [m for m in ('(int)', '(str)') if m in h.stdout]
    mute = [d for d, (_, txt) in hopts.items() if not txt]
    if bad or metas or mute: report(False, f'{cmd} -h', f'README differs: {bad}; metavars {metas}; mute {mute}')
    else: report(True, f'{cmd} -h', f"usage lists what the README lists: {' '.join(toks)}; each option has help text")
    return hopts, named

def check_cmd(cmd, toks, report):
    "Check `cmd -h`, then run each check of `cmd`: with no option (unless one is required) and with each option"
    hopts, named = check_help(cmd, toks, report)
    required = any(not t.startswith(('[', '-')) for t in toks)
    want = ({''} if not required else set()) | set(named)
    for opt in sorted(want | {o for c, o in CHECKS if c == cmd}, key=lambda o: (o != '', o)):
        label = f"{cmd} {named[opt].strip('[]')}" if opt in named else f'{cmd} {opt}'.strip()
        if opt not in want: report(False, label, 'a check exists but the README does not list the option'); continue
        if (cmd, opt) not in CHECKS: report(False, label, 'the README lists it but nothing here checks it'); continue
        sp = tok_name(named[opt])[0] if opt else None
        for spelt in [sp] + [o for o in hopts.get(opt, ([], ''))[0] if sp and o != sp]:
            what = label if spelt == sp else f'{cmd} {spelt} (the other spelling of {sp})'
            try: report(True, what, CHECKS[(cmd, opt)](spelt))
            except Failed as e: report(False, what, str(e))
            except Exception as e: report(False, what, f'{type(e).__name__}: {e}')
    for (c, what), f in ENDINGS.items():
        if c != cmd: continue
        try: report(True, f'{cmd}: {what}', f())
        except Failed as e: report(False, f'{cmd}: {what}', str(e))
        except Exception as e: report(False, f'{cmd}: {what}', f'{type(e).__name__}: {e}')

def main():
    cmds, res = readme_cmds((ROOT/'README.md').read_text(encoding='utf-8')), []
    def report(passed, what, msg):
        res.append(passed); print(f"{'ok  ' if passed else 'FAIL'} {what}: {msg}", flush=True)
    for c in installed_cmds():
        if c not in cmds: report(False, c, "settings.ini installs it but the README's 'Console commands' omits it")
    with scratch_home() as sh:
        setup(sh)
        for cmd in sorted(cmds, key=lambda c: ORDER.index(c) if c in ORDER else len(ORDER)):
            check_cmd(cmd, cmds[cmd], report)
    print(f"readme_cmds: {sum(res)} passed, {len(res) - sum(res)} failed (fastcore {fastcore.__version__}, "
          f"Python {sys.version.split()[0]})")
    return int(not all(res))

if __name__ == '__main__': sys.exit(main())
