#!/usr/bin/env python3
"""Synthetic Claude Code session transcripts for the benchmarks in this folder: same arguments, same bytes.

One session (the file Claude Code keeps at `~/.claude/projects/<folder>/<sessionId>.jsonl`):

    python nbs/bench/mk_transcript.py OUT.jsonl [--mb 50] [--seed 0] [--sid UUID] [--cwd PATH]
           [--tool-calls N] [--no-api-records] [--no-progress] [--end-in-task] [--meta META.json] [--quiet]

A tree of sessions (`DIR/projects/<folder>/<sessionId>.jsonl`, several project folders):

    python nbs/bench/mk_transcript.py --sessions 300 --total-mb 1000 --out-dir DIR [--seed 0] [--meta MANIFEST.json]

Options
- `--mb`: size to reach, in MB of 10**6 bytes. The writer stops at the first agent step past it and closes the
  turn, so a file lands a little above (within 1% from 5 MB up); big outputs shrink as the end nears.
- `--seed`: everything random comes from it (session id, text, tree shape). `--sid` and `--cwd` override the id
  and the project directory written in every record (default `/home/dev/src/tidewater-api`).
- `--tool-calls N`: stop after exactly N tool calls instead of at a size, scaling every output so that the file
  still lands near `--mb` (within about 10%). The rows around a call cost a floor whatever the outputs: about
  8.6 KB with every row kind, 4.8 KB with `--no-progress --no-api-records`. So a 60 MB session of 10,000 calls
  is `--tool-calls 10000 --mb 60 --no-progress --no-api-records`; with every row kind the same calls take about
  86 MB, and the writer says so (`note` in `--meta`).
- `--no-api-records`: leave out the `api-request` / `api-request-blob` / `api-request-shape` lines (a quarter
  of the bytes) and the `requestRef` that points at them, as Claude Code wrote files before it kept them.
- `--no-progress`: leave out the `progress` rows (hook and Bash progress) and the Stop-hook summaries.
- `--end-in-task`: end the file as if Claude Code was killed while a Task ran: the last lines are the
  subagent's sidechain rows and the Task call never gets its result.
- `--meta`: write what the writer knows by construction as JSON (lines by type, main-chain messages before
  and after the last compaction, parallel groups, sidechain rows, ...); with `--sessions`, a manifest.
- `--sessions N --total-mb M --out-dir DIR`: N sessions of varied sizes (log-normal, many small and a few
  big) totalling about M MB, filed under a handful of project folders, with start times spread over months
  and each file's mtime set to its last record. A few sessions are written without api records, without
  progress rows, or killed in a Task, as real trees mix them. Python: `write_sessions(...)`.

Python 3.10+, standard library only; orjson is used when installed and the bytes are the same without it.
Writing streams: 50 MB takes a couple of seconds.

The recipe, and why each ingredient is there
- Records have the fields and key order of Claude Code 2.1.332 (the packaged fixtures in `llmsurgery/data/cc`
  were written by that CLI): chained rows start with `{"parentUuid":` and carry the envelope (`userType`,
  `entrypoint`, `cwd`, `sessionId`, `version`, `gitBranch`, then `slug` once the session has one) last;
  bookkeeping rows start with `{"type":`. Readers that sort lines by their first bytes meet the real layout.
- A session is turns. A turn is a typed prompt (now and then with a pasted screenshot, an IDE selection or a
  `/cost` or `/context` command and its output), an agent loop of API calls, and the final reply. Each API
  response is written as one assistant row per content block (thinking with a base64 signature, text,
  tool_use) sharing `message.id`, `requestId` and `requestRef`: readers must merge them back.
- Every tool_use is answered by a user row holding one tool_result and the `toolUseResult` payload the CLI
  keeps beside it (Read's file, Edit's `originalFile` and `structuredPatch`, Bash's stdout, ...), which is
  why results dominate the bytes. Some results are errors, about 4% of Reads return whole files of 20-200 KB,
  and some Reads return base64 images. Tools: Read, Bash, Grep, Glob, Edit, Write, TodoWrite and Task.
- About one step in six calls 2-4 tools at once. Their results are written in the order the tools finish
  (shuffled in half of the groups); each result's `parentUuid` is its own call's row, every other chained row
  hangs off the row written just before it. That is how the CLI's writer makes the tree fork, and why a
  plain walk up from the last row misses parallel results.
- `progress` rows are chained like any other row: PreToolUse hook progress between the tool_use rows of one
  response, PostToolUse and Bash progress before each result, SessionStart progress before the first prompt,
  Stop progress then `stop_hook_summary` then `turn_duration` at the end of each turn. Readers that drop
  progress rows from the chain lose most of the conversation.
- Attachments (environment, model, skill listing, date, token and todo reminders, edited files, IDE
  selections, hook results, files re-read after a compaction) are chained; file-history snapshots,
  queue operations, last-prompt, titles, mode, tools-used, cost-state and the api records are not.
- Compactions: none below 0.5 MB, one below 10 MB, two from 10 MB up (at 35% and 70%: one automatic in the
  middle of a turn, one typed as `/compact`). Each is a `compact_boundary` with `parentUuid` null and
  `logicalParentUuid` pointing back, then the summary row and re-attached files: a reader of the live
  conversation starts at the last one, a reader of the whole history must bridge them.
- Two Task events (at 20% and 60%; the second runs two subagents at once whose rows interleave) write their
  subagents' rows in this file, between the Task call and its result: `isSidechain` true, an `agentId`, and
  a chain of their own rooted at null. (Claude Code 2.1 writes them to `subagents/agent-<id>.jsonl` instead;
  in-file sidechains are the older layout, kept because readers must still skip them.)
- Titles (`ai-title`, `custom-title`) are written again at the end of every turn, so readers that look only
  at the head and tail of a file find them.

Invented, not measured: all text is word salad over a developer vocabulary and the code is synthetic
(with escapes, tabs, arrows and some non-ASCII); values of fields Claude Code's own files did not show for
interactive use (`promptSource`, `thinkingDisplay`) are guesses, and `requestId` is there because real API
replies carry one (the fixtures, written against a mock, have none); thinking, text and output lengths are drawn
near what real sessions show but not fitted to them.
"""
import argparse, base64, json, math, os, random, re, sys, uuid
from datetime import datetime, timezone
from pathlib import Path

try: import orjson
except ImportError: orjson = None

CLI_VERSION = '2.1.332'
MODEL, MODEL_NAME = 'claude-opus-4-6', 'Opus 4.6'
AGENT_MODEL = 'claude-haiku-4-5-20251001'
MB = 10**6
DEFAULT_CWD = '/home/dev/src/tidewater-api'
FIRST_START_MS = 1_780_000_000_000  # sessions start from late May 2026
TOKEN_BUDGET = 15_000_000           # what the total_tokens reminders count down from
CHARS_PER_TOKEN = 3.6

# ---------------------------------------------------------------------------------------------- JSON

_STDLIB_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(',', ':'), check_circular=False)

def dumps_stdlib(obj):
    "Compact UTF-8 JSON, as orjson writes it"
    return _STDLIB_ENCODER.encode(obj).encode()

dumps = orjson.dumps if orjson else dumps_stdlib

def iso(ms):
    "ISO 8601 UTC timestamp with milliseconds, as Claude Code writes them"
    return datetime.fromtimestamp(ms // 1000, timezone.utc).strftime('%Y-%m-%dT%H:%M:%S') + f'.{ms % 1000:03d}Z'

def project_folder(cwd):
    "Name of the folder under `projects/` that Claude Code files sessions of `cwd` in"
    return re.sub(r'[^a-zA-Z0-9]', '-', cwd)

def block_chars(block):
    "Characters a content block adds to the context (a flat guess for images and lists)"
    body = block.get('text', block.get('content'))
    return len(body) if isinstance(body, str) else 1_500

def pick(rng, weighted):
    "A key of `weighted` (key -> weight), drawn with those weights"
    keys = list(weighted)
    return rng.choices(keys, weights=[weighted[k] for k in keys])[0]

# ---------------------------------------------------------------------------------------------- text

VOCAB = """
the a an of to in on for with from by into over under after before between about across this that these those
it its we our you your they their is are was were be been has have had do does did will would should could may
might must can not no if then else when while because so but and or also only just still already now next first
last again instead rather roughly exactly probably clearly carefully quickly slowly here there each every both
function method class module package import export return value type field record reader writer parser loader
cache index buffer stream file path line byte chunk offset length size count total limit error exception warning
test fixture assert result request response client server handler route endpoint query schema table column row
key config setting option flag default environment variable build compile run runner worker job task batch queue
lock thread async retry timeout latency memory pipeline migration database transaction commit rollback branch
merge diff patch review refactor rename extract inline performance allocation copy parse serialize json utf8
check verify validate edge case bug fix issue regression behaviour expected actual output input argument
parameter signature docstring comment log trace frame caller callee look see read open search grep find list
shipment manifest vessel berth port container carrier voyage cargo freight dock crane booking consignee customs
tariff harbour schedule arrival departure lane slot hold pallet tracking waybill quay terminal pilot tide
""".split()
IDENT_PARTS = """
berth cargo carrier cursor dock eta freight manifest port route slot vessel voyage booking crane lane window
quota fee hold leg stop tide quay pilot pallet waybill terminal tracker schedule arrival depart customs tariff
state event handler client session reader writer parser cache index buffer chunk offset limit retry timeout
config path name value result error data row key schema table query conn txn batch job task worker queue lock
""".split()
STDLIB_MODULES = 'os sys re json time math uuid typing logging pathlib datetime decimal functools itertools ' \
                 'collections dataclasses contextlib asyncio sqlite3 hashlib csv io enum'.split()
NON_ASCII = 'é ü ß — → ✓ ✗ … € £ ¥ ñ ø π µs °C 港 日本語 🚢 ⚓ 📦'.split()
PROSE_POOL_WORDS = 450_000   # words of prose to cut texts from
CODE_POOL_LINES = 60_000     # lines of code to cut files and snippets from
B64_POOL_BYTES = 2_400_000   # random bytes behind signatures and images

class Pools:
    "Prose, code lines and base64 built once per seed; texts are slices of them, so a 100 KB text costs a slice"
    def __init__(self, seed):
        rng = random.Random(f'mk_transcript pools {seed}')
        self.prose = self._prose(rng)
        self.code = [self._code_line(rng) for _ in range(CODE_POOL_LINES)]
        self.b64 = base64.b64encode(rng.randbytes(B64_POOL_BYTES)).decode()

    @staticmethod
    def _prose(rng):
        words, out, i = rng.choices(VOCAB, k=PROSE_POOL_WORDS), [], 0
        while i < len(words):
            n = rng.randint(5, 24)
            sentence = ' '.join(words[i:i+n])
            i += n
            roll = rng.random()
            if roll < 0.07: sentence += f' `{rng.choice(IDENT_PARTS)}_{rng.choice(IDENT_PARTS)}()`'
            elif roll < 0.11: sentence += ' ' + rng.choice(NON_ASCII)
            elif roll < 0.13: sentence += f' (see "{rng.choice(IDENT_PARTS)}.py", line {rng.randint(1, 900)})'
            out.append(sentence[0].upper() + sentence[1:] + rng.choice('.......?!:'))
            if rng.random() < 0.1: out.append('\n\n')
        return ' '.join(out).replace(' \n\n ', '\n\n')

    @staticmethod
    def _code_line(rng):
        a, b, c = rng.choice(IDENT_PARTS), rng.choice(IDENT_PARTS), rng.choice(IDENT_PARTS)
        pad = '    ' * rng.choice((0, 1, 1, 1, 2, 2, 3))
        shapes = (
            lambda: f'def {a}_{b}({c}, *, {b}=None):',
            lambda: f'class {a.title()}{b.title()}({c.title()}Base):',
            lambda: f'{pad}return {a}.{b}_{c}({rng.randint(0, 500)})',
            lambda: f'{pad}if {a} is None or not {b}.{c}:',
            lambda: f'{pad}{a}_{b} = {c}.get("{a}", {rng.randint(0, 99)})',
            lambda: f'{pad}for {a} in sorted({b}s, key=lambda x: x.{c}):',
            lambda: f'{pad}raise ValueError(f"bad {a}: {{{b}!r}}\\n(expected {c})")',
            lambda: f'{pad}log.info("%s\\t%s → %s", {a}, {b}, {c})  # {rng.choice(NON_ASCII)}',
            lambda: f'{pad}# {a} {b} before {c}, or the {rng.choice(VOCAB)} is lost',
            lambda: f'import {rng.choice(STDLIB_MODULES)}',
            lambda: '',
            lambda: f'{pad}{a}_re = re.compile(r"^(\\w+)\\s*:\\s*\'([^\']*)\'$")',
            lambda: f'{pad}"""{a.title()} the {b} of each {c}."""',
            lambda: f'{pad}assert {a}.{b} == {c!r}, ({a}, {b})',
            lambda: f'{pad}yield {{"{a}": {b}, "{c}": [{rng.randint(0, 9999)}, {rng.random():.3f}]}}',
            lambda: f'{pad}await {a}.{b}({c}=True, timeout={rng.randint(1, 120)})',
        )
        return rng.choice(shapes)()

class Text:
    "One session's view of the pools: its own random cuts"
    def __init__(self, pools, rng): self.pools, self.rng = pools, rng

    def prose(self, n):
        "About `n` characters of prose (at least a few words), cut at word boundaries"
        p, n = self.pools.prose, max(12, int(n))
        if n >= len(p) - 100: return p
        i = self.rng.randrange(len(p) - n - 50)
        i = p.find(' ', i) + 1
        j = p.find(' ', i + n)
        return p[i:j].strip() or 'Done.'

    def code(self, n, start=None):
        "`n` consecutive lines of code, from `start` or from a random place"
        lines = self.pools.code
        n = max(1, min(int(n), len(lines) - 1))
        if start is None: start = self.rng.randrange(len(lines) - n)
        return lines[start:start+n]

    def b64(self, n):
        "`n` characters (rounded to a multiple of 4) of valid base64"
        p, n = self.pools.b64, max(4, int(n) // 4 * 4)
        parts = []
        while n > 0:
            take = min(n, len(p) - 4)
            i = self.rng.randrange(0, len(p) - take + 1, 4)
            parts.append(p[i:i+take]); n -= take
        return ''.join(parts)

# ---------------------------------------------------------------------------------------------- plan

TOOL_WEIGHTS = dict(Read=28, Bash=24, Edit=15, Grep=11, Glob=6, Write=4, TodoWrite=4, ReadImage=2)
PARALLEL_TOOL_WEIGHTS = dict(Read=5, Grep=3, Glob=2, Bash=2)
SUBAGENT_TOOL_WEIGHTS = dict(Read=5, Grep=3, Glob=2, Bash=2)
WORKING_SET, WIDER_WORKING_SET = 24, 60  # files most edits go to, and the rest
NEW_FILES = 16               # files Write may create
PARALLEL_SHARE = 0.17        # share of agent steps that call several tools at once
ERROR_SHARE = dict(Read=0.04, Edit=0.07, Bash=0.12)
BIG_READ_SHARE = 0.04        # Reads of a whole big file
BIG_FILE_SHARE, BIG_FILE_LINES = 0.1, 500  # a tenth of the project's files have 500 lines or more
TASK_AT = (0.2, 0.6)         # progress fractions of the two Task events (the second runs two subagents)
TITLE_AT = (0.3, 0.8)        # progress fractions where the user names, then renames, the session
FIRST_PROMPT = ('Add a streaming CSV and JSONL export of shipment manifests to tidewater-api, so carriers with '
                'millions of bookings can download them without timeouts. ')
AI_TITLE = 'Stream shipment manifest exports'
CUSTOM_TITLES = ('manifest export', 'manifest export (streaming, v2)')
HOOKS = {'SessionStart': ['~/.claude/hooks/notify.sh start'],
         'PreToolUse': ['~/.claude/hooks/path-guard.py', '${CLAUDE_PLUGIN_ROOT}/bin/audit-log pre'],
         'PostToolUse': ['${CLAUDE_PLUGIN_ROOT}/bin/audit-log post'],
         'PostToolUse:edit': ['ruff format "$CLAUDE_FILE_PATHS"'],
         'Stop': ['~/.claude/hooks/notify.sh stop', '${CLAUDE_PLUGIN_ROOT}/bin/audit-log stop']}
SYSTEM_PROMPT_PARTS = 5
TOOL_NAMES_IN_SHAPE = ('Bash', 'Read', 'Edit', 'Write', 'Glob', 'Grep', 'Task', 'TodoWrite', 'Skill', 'ToolSearch')
ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz123456789'
SIGNATURE_CHARS = (200, 300, 400, 460, 480, 800, 1_400, 3_000)  # median near what real thinking blocks carry
PNG_HEAD = 'iVBORw0KGgoAAAANSUhEUgAA'  # base64 of a PNG signature and IHDR start
# Bytes one tool call costs with everything around it, about FIXED + SCALED * output scale (measured at scales
# 0.01-1 over 3,000 calls): the base, and what progress rows and api records add to each part
CALL_FIXED_BYTES = dict(base=4_800, progress=1_900, api_records=1_900)
CALL_SCALED_BYTES = dict(base=13_500, progress=1_500, api_records=4_500)
MIN_SCALE, MAX_SCALE = 0.01, 20.0
STEER_GAIN = 0.02             # how hard --tool-calls pulls the scale towards its byte budget, per step

def compactions_for(mb):
    "(progress fraction, trigger) of each compaction in a session of `mb` MB"
    if mb < 0.5: return ()
    return ((0.5, 'auto'),) if mb < 10 else ((0.35, 'auto'), (0.7, 'manual'))

# ---------------------------------------------------------------------------------------------- session

class Session:
    "Writes one transcript; `run()` returns the facts known by construction"
    def __init__(self, out, mb=50, seed=0, sid=None, cwd=None, tool_calls=None, api_records=True, progress=True,
                 end_in_task=False, start_ms=None, pools=None):
        self.rng = rng = random.Random(f'mk_transcript session {seed}')
        self.text = Text(pools or Pools(seed), rng)
        self.out, self.byte_target, self.call_target = Path(out), int(mb * MB), tool_calls
        self.api_records, self.progress_rows, self.end_in_task = api_records, progress, end_in_task
        self.sid = sid or self.new_uuid()
        self.cwd = cwd or DEFAULT_CWD
        self.now = start_ms if start_ms is not None else FIRST_START_MS + rng.randrange(10**7) * 1000
        self.started = self.now
        self.envelope = dict(userType='external', entrypoint='cli', cwd=self.cwd, sessionId=self.sid,
                             version=CLI_VERSION, gitBranch=f'feat/manifest-export-{rng.randint(10, 999)}')
        self.slug = None             # set once the first reply is written, as the CLI names sessions
        self.tip = None              # uuid the next main-chain row hangs off
        self.unsent = []             # blocks the next API request adds to the conversation
        self.scale = 1.0             # multiplies output sizes; steered by --tool-calls and near the end
        self.context_tokens = 18_000
        self.files = self._project_files()
        self.new_files = [f'{self.cwd}/src/tidewater/{rng.choice(IDENT_PARTS)}_{rng.choice(IDENT_PARTS)}_{k}.py'
                          for k in range(NEW_FILES)]  # what Write creates (and rewrites)
        self.backups, self.todos, self.tools_used = {}, [], []
        self.prompt_id = self.prompt_uuid = self.last_request = self.shape_hash = None
        self.last_prompt, self.custom_title, self.ai_title = '', None, None
        self.written = self.requests = 0
        self.meta = dict(seed=seed, mb=mb, sessionId=self.sid, cwd=self.cwd, version=CLI_VERSION, by_type={},
                         turns=0, api_calls=0, tool_uses=0, tool_errors=0, parallel_groups=0, parallel_calls=0,
                         compactions=0, main_msgs=0, main_msgs_meta=0, main_msgs_after_last_compact=0,
                         sidechains=0, sidechain_records=0, progress_records=0, images=0, big_reads=0)

    # ------------------------------------------------------------------ basics
    def new_uuid(self): return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
    def hex64(self): return f'{self.rng.getrandbits(256):064x}'
    def api_id(self, prefix, n): return prefix + ''.join(self.rng.choices(ID_CHARS, k=n))

    def tick(self, lo, hi):
        "Move the clock on by lo..hi ms; the new time as a timestamp"
        self.now += self.rng.randint(lo, hi)
        return iso(self.now)

    def done(self):
        "How far the session is, 0 to 1 and beyond: by tool calls with --tool-calls, by bytes otherwise"
        if self.call_target: return self.meta['tool_uses'] / self.loop_calls()
        return self.written / self.byte_target

    def loop_calls(self):
        "Tool calls the agent loop makes: all of --tool-calls, less the Task a killed session ends in"
        return max(1, self.call_target - self.end_in_task)

    def calls_left(self):
        "Tool calls the next step may make"
        return self.loop_calls() - self.meta['tool_uses'] if self.call_target else 4

    def sized(self, n, lo=1):
        "`n` scaled by the current output scale, and capped near the end so the file lands close to its target"
        room = max(2_000, (self.byte_target - self.written) // 4)
        return max(lo, min(int(n * self.scale), room))

    def emit(self, rec):
        line = dumps(rec) + b'\n'
        self.fh.write(line)
        self.written += len(line)
        kinds = self.meta['by_type']
        kinds[rec['type']] = kinds.get(rec['type'], 0) + 1

    def book(self, type_, **fields):
        "A bookkeeping row: outside the chain, `type` first"
        self.emit({'type': type_, **fields})

    def chained(self, rec, parent='tip', side=None, logical_parent=None):
        "Finish and write a chained row: parent first, envelope last; the main-chain (or subagent) tip moves to it"
        head = {'parentUuid': self.tip if parent == 'tip' else parent}
        if logical_parent: head['logicalParentUuid'] = logical_parent
        head['isSidechain'] = side is not None
        rec = {**head, **rec}
        rec.update(self.envelope)
        if side is not None: rec['agentId'] = side['agentId']
        if self.slug: rec['slug'] = self.slug
        self.emit(rec)
        self.count_message(rec)
        if side is None: self.tip = rec['uuid']
        else: side['tip'] = rec['uuid']
        return rec['uuid']

    def count_message(self, rec):
        meta = self.meta
        if rec['isSidechain']: meta['sidechain_records'] += 1
        elif rec['type'] == 'progress': meta['progress_records'] += 1
        elif rec['type'] in ('user', 'assistant'):
            if rec.get('isMeta'): meta['main_msgs_meta'] += 1
            else: meta['main_msgs'] += 1; meta['main_msgs_after_last_compact'] += 1

    # ------------------------------------------------------------------ the fake repository
    def _project_files(self):
        "(path, line count, start in the code pool) of the files the session reads and edits"
        rng, files = self.rng, []
        for i in range(240):
            a, b = rng.choice(IDENT_PARTS), rng.choice(IDENT_PARTS)
            path = pick(rng, {f'src/tidewater/{a}_{b}.py': 55, f'tests/test_{a}_{b}.py': 20,
                              f'web/src/{a.title()}{b.title()}.tsx': 10, f'docs/{a}-{b}.md': 7,
                              f'fixtures/{a}_{b}_{i}.json': 8})
            lines = pick(rng, {(12, 120): 60, (120, BIG_FILE_LINES): 30, (BIG_FILE_LINES, 2500): 100 * BIG_FILE_SHARE})
            files.append((f'{self.cwd}/{path}', rng.randint(*lines), rng.randrange(CODE_POOL_LINES - 2600)))
        return files

    def file_text(self, i):
        path, n, start = self.files[i]
        return self.text.code(n, start)

    def any_file(self): return self.rng.randrange(len(self.files))
    def rel(self, path): return path[len(self.cwd)+1:]

    def working_file(self):
        "Edits stay in a working set of files, as in a real session; a small output scale narrows it further"
        narrow = min(1, math.sqrt(self.scale))  # every file-history snapshot lists each file backed up so far
        size = WORKING_SET if self.rng.random() < 0.9 else WIDER_WORKING_SET
        return self.rng.randrange(max(3, round(size * narrow)))

    # ------------------------------------------------------------------ chained rows by kind
    def user_row(self, content, *, side=None, parent='tip', meta_row=False, extra=None, **tail):
        "A user row: a prompt, a command, a tool result, or a subagent's task"
        rec = {'promptId': self.prompt_id, 'type': 'user', 'message': {'role': 'user', 'content': content}}
        if meta_row: rec['isMeta'] = True
        rec.update(extra or {})
        rec.update(uuid=self.new_uuid(), timestamp=self.tick(5, 4_000), **tail)
        return self.chained(rec, parent, side)

    def attachment(self, body, rendered=None, role='system'):
        rec = {'attachment': body, 'type': 'attachment', 'uuid': self.new_uuid(), 'timestamp': self.tick(0, 30)}
        if rendered is not None:
            rec['rendered'] = [{'content': f'<system-reminder>\n{rendered}\n</system-reminder>'}]
            rec['renderedRole'] = role
            self.unsent.append({'type': 'text', 'text': rec['rendered'][0]['content']})
        return self.chained(rec)

    def system(self, subtype, fields, meta_flag_last=True, parent='tip', logical_parent=None):
        "A system row; `fields` may hold `timestamp` and `uuid` as None to place them where the CLI does"
        rec = {'type': 'system', 'subtype': subtype, **fields}
        rec['timestamp'], rec['uuid'] = self.tick(0, 150), self.new_uuid()  # a placeholder keeps its place
        if meta_flag_last: rec['isMeta'] = False
        return self.chained(rec, parent, logical_parent=logical_parent)

    def progress(self, data, tool_id, tick=None, ms=(0, 4)):
        "A progress row; hook rows name the call twice, Bash rows (`tick` k) point at it with an id of their own"
        if not self.progress_rows: return
        hook = tick is None
        ids = {'parentToolUseID': tool_id, 'toolUseID': tool_id} if hook else \
              {'toolUseID': f'bash-progress-{tick}', 'parentToolUseID': tool_id}
        when = self.tick(*ms)
        rec, row_id = {'type': 'progress', 'data': data, **ids}, self.new_uuid()
        rec.update({'timestamp': when, 'uuid': row_id} if hook else {'uuid': row_id, 'timestamp': when})
        self.chained(rec)

    def hooks(self, event, name, tool_id, group=None):
        for command in HOOKS[group or event]:
            self.progress({'type': 'hook_progress', 'hookEvent': event, 'hookName': name, 'command': command}, tool_id)

    def bash_progress(self, tool_id, output):
        "Long commands report their growing output about once a second"
        if len(output) < 500 or self.rng.random() < 0.5: return
        lines = output.split('\n')
        ticks = self.rng.randint(1, max(1, min(6, len(lines) // 12)))
        for k in range(1, ticks + 1):
            upto = max(1, len(lines) * k // (ticks + 1))
            self.progress({'type': 'bash_progress', 'output': '\n'.join(lines[max(0, upto-5):upto]),
                           'fullOutput': '\n'.join(lines[:upto])[-5_000:], 'elapsedTimeSeconds': k + 1,
                           'totalLines': upto, 'totalBytes': len('\n'.join(lines[:upto]))}, tool_id, tick=k - 1,
                          ms=(800, 1_200))

    # ------------------------------------------------------------------ API calls
    def usage(self, out_tokens):
        made = self.rng.randint(300, 8_000)
        return {'input_tokens': self.rng.randint(1, 9), 'cache_creation_input_tokens': made,
                'cache_read_input_tokens': max(0, int(self.context_tokens) - made), 'output_tokens': out_tokens,
                'output_tokens_details': {'thinking_tokens': 0},
                'server_tool_use': {'web_search_requests': 0, 'web_fetch_requests': 0}, 'service_tier': 'standard',
                'cache_creation': {'ephemeral_1h_input_tokens': 0, 'ephemeral_5m_input_tokens': made},
                'inference_geo': '', 'iterations': [], 'speed': 'standard', 'fallback_credit': None}

    def request(self):
        "The api records of one main-thread request: the new blocks as a blob, then the request; its id"
        blocks, self.unsent = self.unsent or [{'type': 'text', 'text': 'Continue.'}], []
        self.context_tokens += sum(map(block_chars, blocks)) / CHARS_PER_TOKEN
        self.requests += 1
        if not self.api_records: return None
        blob = self.hex64()
        self.book('api-request-blob', sessionId=self.sid, hash=blob, message={'role': 'user', 'content': blocks})
        rid = self.new_uuid()
        rec = {'sessionId': self.sid, 'id': rid, 'timestamp': self.tick(1, 25), 'version': CLI_VERSION,
               'querySource': 'repl_main_thread', 'shapeHash': self.shape_hash,
               'params': {'model': MODEL, 'betas': ['interleaved-thinking-2025-05-14', 'context-management-2025-06-27',
                                                    'claude-code-20250219'],
                          'max_tokens': 32_000, 'thinking': {'budget_tokens': 31_999, 'type': 'enabled'}},
               'thread': {'type': 'none'}, 'echoWireToolInputs': False}
        if self.last_request: rec['base'] = self.last_request
        rec.update(keep=2 * self.requests - 2, tail=[self.hex64(), blob],
                   cacheControl=[{'path': ['system', 0], 'value': {'type': 'ephemeral'}},
                                 {'path': ['messages', 2 * self.requests - 2, 'content', 0],
                                  'value': {'type': 'ephemeral'}}],
                   requestDigest=self.hex64())
        self.book('api-request', **rec)
        self.last_request = rid
        return rid

    def reply(self, blocks, stop, side=None):
        "Write one API response, one assistant row per block; the rows' uuids"
        rng = self.rng
        ref = None
        if side is None:
            ref = self.request()
            self.meta['api_calls'] += 1
            new = [b['name'] for b in blocks if b['type'] == 'tool_use' and b['name'] not in self.tools_used]
            if new:
                self.tools_used += new
                self.book('tools-used', tools=list(self.tools_used), sessionId=self.sid)
        model = MODEL if side is None else AGENT_MODEL
        out_tokens = sum(len(dumps(b)) for b in blocks) // 4 + rng.randint(5, 50)
        usage, msg_id, req_id = self.usage(out_tokens), self.api_id('msg_01', 22), self.api_id('req_011C', 20)
        self.tick(700, 20_000)
        uuids = []
        for i, block in enumerate(blocks):
            rec = {'message': {'id': msg_id, 'type': 'message', 'role': 'assistant', 'model': model, 'content': [block],
                               'stop_reason': stop, 'stop_sequence': None, 'usage': usage, 'stop_details': None},
                   'requestId': req_id}
            if block['type'] == 'thinking':
                rec.update(thinkingDurationMs=rng.randint(200, 20_000), thinkingDisplay='summarized')
            if block['type'] == 'tool_use': rec['toolInputStreamMs'] = rng.randint(1, 3_000)
            rec['apiBlockIndex'] = i
            if ref: rec['requestRef'] = ref
            rec.update(requestedModel=model, promptCacheRequested='5m', type='assistant', uuid=self.new_uuid(),
                       timestamp=self.tick(5, 2_000), perTurnEffort=None, madeBy='model')
            uuids.append(self.chained(rec, 'tip' if side is None else side['tip'], side))
            if side is None and not self.slug: self.slug = '-'.join(rng.choice(VOCAB) for _ in range(3))
            if side is None and block['type'] == 'tool_use':  # PreToolUse hooks run as each call streams in
                self.hooks('PreToolUse', f'PreToolUse:{block["name"]}', block['id'])
        self.context_tokens += out_tokens
        return uuids

    def thinking(self):
        n = self.rng.choice((40, 90, 150, 190, 260, 500, 1_200, 3_500)) * self.rng.uniform(0.7, 1.3)
        return {'type': 'thinking', 'thinking': '' if self.rng.random() < 0.08 else self.text.prose(self.sized(n, 12)),
                'signature': 'Eu' + self.text.b64(self.sized(self.rng.choice(SIGNATURE_CHARS), 80))}

    def prose_block(self, short, long):
        rng = self.rng
        body = self.text.prose(self.sized(rng.choice((short, short, 2 * short, (short + long) // 2, long))
                                          * rng.uniform(0.6, 1.4), 12))
        if rng.random() < 0.12: body += '\n\n```python\n' + '\n'.join(self.text.code(rng.randint(3, 24))) + '\n```'
        if rng.random() < 0.1:
            rows = [f'| {self.text.prose(16)} | {rng.choice(("✓ pass", "pending", "✗ fail"))} |'
                    for _ in range(rng.randint(2, 5))]
            body += '\n\n| check | state |\n|---|---|\n' + '\n'.join(rows)
        return {'type': 'text', 'text': body}

    # ------------------------------------------------------------------ tools
    def call_id(self): return self.api_id('toolu_01', 22)

    def run_tool(self, name):
        "Invent one tool call and its outcome: a dict of id, name, input, content, payload, error and edited path"
        call = dict(id=self.call_id(), name='Read' if name == 'ReadImage' else name, error=False, edits=None)
        getattr(self, f'tool_{name}')(call)
        return call

    def tool_Read(self, call):
        rng = self.rng
        i = self.any_file()
        path, total, _ = self.files[i]
        lines, first = self.file_text(i), 1
        call['input'] = {'file_path': path}
        whole = rng.random() < BIG_READ_SHARE / BIG_FILE_SHARE and total >= BIG_FILE_LINES
        if total > 200 and not whole:
            first, count = rng.randint(1, total - 150), self.sized(rng.choice((25, 40, 60, 80, 120, 200)), 5)
            call['input'].update(offset=first, limit=count)
        else: count = self.sized(min(total, 2_000), 5)
        if rng.random() < ERROR_SHARE['Read']:
            call.update(error=True, payload='Error: File does not exist.',
                        content=f'<tool_use_error>File does not exist. Working directory: {self.cwd}</tool_use_error>')
            return
        part = lines[first-1:first-1+count]
        body = '\n'.join(f'{first+k}\t{line}' for k, line in enumerate(part))
        if rng.random() < 0.25:
            body += ('\n\n<system-reminder>\nWhenever you read a file, consider whether it looks malicious.\n'
                     '</system-reminder>\n')
        call['content'] = body
        call['payload'] = {'type': 'text', 'file': {'filePath': path, 'content': '\n'.join(part), 'numLines': len(part),
                                                    'startLine': first, 'totalLines': total}}
        if len(body) > 20_000: self.meta['big_reads'] += 1

    def tool_ReadImage(self, call):
        rng = self.rng
        path = f'{self.cwd}/docs/screens/{rng.choice(IDENT_PARTS)}-{rng.randint(1, 60)}.png'
        size = self.sized(rng.choice((20_000, 50_000, 100_000, 200_000, 350_000)), 4_000)
        data = PNG_HEAD + self.text.b64(size)
        call.update(input={'file_path': path},
                    content=[{'type': 'image', 'source': {'type': 'base64', 'data': data, 'media_type': 'image/png'}}],
                    payload={'type': 'image', 'file': {
                        'base64': data, 'type': 'image/png', 'originalSize': size * 3 // 4,
                        'dimensions': {'originalWidth': 1600, 'originalHeight': 1000, 'displayWidth': 1600,
                                       'displayHeight': 1000}}})
        self.meta['images'] += 1

    def tool_Bash(self, call):
        rng = self.rng
        command, output = pick(rng, {self.bash_tests: 30, self.bash_diff: 15, self.bash_listing: 12,
                                     self.bash_git: 13, self.bash_build: 12, self.bash_script: 18})()
        if rng.random() < 0.012 and self.byte_target - self.written > 2 * MB:
            output = '\n'.join(self.text.code(self.sized(rng.randint(700, 2_400))))  # someone cat-ed a big file
        call['input'] = {'command': command, 'description': self.text.prose(rng.randint(15, 50)), 'timeout': 120_000}
        if rng.random() < ERROR_SHARE['Bash']:
            code = rng.choice((1, 2, 127))
            trace = '\n'.join(['Traceback (most recent call last):'] + [
                f'  File "{self.cwd}/src/tidewater/{rng.choice(IDENT_PARTS)}.py", line {rng.randint(1, 800)}, in '
                f'{rng.choice(IDENT_PARTS)}' for _ in range(rng.randint(2, 10))] + [
                f'{rng.choice(("KeyError", "TypeError", "ValueError"))}: {self.text.prose(50)}'])
            call.update(error=True, content=f'Exit code {code}\n{trace}\n{output[-2_500:]}',
                        payload=f'Error: Exit code {code}\n{trace}')
            return
        call['content'] = output or '(Bash completed with no output)'
        call['payload'] = {'stdout': output, 'stderr': '', 'interrupted': False, 'isImage': False,
                           'noOutputExpected': False}

    def bash_tests(self):
        rng = self.rng
        n = self.sized(rng.choice((4, 10, 30, 80, 200)))
        lines = [f'tests/test_{rng.choice(IDENT_PARTS)}_{rng.choice(IDENT_PARTS)}.py::test_{rng.choice(IDENT_PARTS)} '
                 + rng.choice(('PASSED', 'PASSED', 'PASSED', 'FAILED', 'SKIPPED')) for _ in range(n)]
        if rng.random() < 0.3:
            lines += ['', '=' * 30 + ' FAILURES ' + '=' * 30] + self.text.code(rng.randint(5, 30)) + [
                f'E       AssertionError: {rng.randint(0, 99)} != {rng.randint(0, 99)}',
                f'{rng.randint(1, 4)} failed, {n} passed in {rng.uniform(0.4, 60):.2f}s']
        else: lines.append(f'{n} passed in {rng.uniform(0.4, 60):.2f}s')
        return 'python -m pytest -x -q tests/ 2>&1 | tail -300', '\n'.join(lines)

    def bash_diff(self):
        lines = self.text.code(self.sized(self.rng.choice((6, 20, 40, 90, 200))))
        return 'git diff src/ | head -500', '\n'.join(self.rng.choice('+-  ') + line for line in lines)

    def bash_listing(self):
        rng = self.rng
        folder = rng.choice(('src/tidewater', 'tests', 'web/src', 'docs', 'fixtures'))
        rows = [f'-rw-r--r-- 1 dev dev {rng.randint(90, 80_000):7d} Oct {rng.randint(1, 30):2d} '
                f'{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d} '
                f'{rng.choice(IDENT_PARTS)}_{rng.choice(IDENT_PARTS)}.py'
                for _ in range(self.sized(rng.randint(3, 40)))]
        return f'ls -la {self.cwd}/{folder}', '\n'.join(rows)

    def bash_git(self):
        rng = self.rng
        changed = '\n'.join(f'\tmodified:   {self.rel(self.files[self.any_file()][0])}'
                            for _ in range(rng.randint(1, 8)))
        log = '\n'.join(f'{rng.getrandbits(28):07x} {self.text.prose(rng.randint(20, 60))}'
                        for _ in range(self.sized(rng.choice((0, 5, 15)), 0)))
        return 'git status && git log --oneline -15', \
               f'On branch {self.envelope["gitBranch"]}\nChanges not staged for commit:\n{changed}\n\n{log}'

    def bash_build(self):
        rng = self.rng
        rows = [f'[{rng.choice(("vite", "tsc", "esbuild"))}] {rng.choice(("✓", "warn", "info"))} '
                f'{self.text.prose(rng.randint(25, 140))}' for _ in range(self.sized(rng.choice((2, 6, 12, 40, 90))))]
        return 'npm run build 2>&1 | tail -150', '\n'.join(rows)

    def bash_script(self):
        rng = self.rng
        script = '\n'.join(self.text.code(rng.randint(3, 25)))
        printed = self.text.prose(self.sized(rng.choice((20, 80, 250, 700, 2_500)))) if rng.random() > 0.1 else ''
        return f"python - <<'EOF'\n{script}\nEOF", printed

    def tool_Grep(self, call):
        rng = self.rng
        pattern = rng.choice(IDENT_PARTS) + rng.choice(('_', r'\w+', r'\(', '.*', ' = ')) + rng.choice(IDENT_PARTS)
        if rng.random() < 0.5:
            names = sorted({self.rel(self.files[self.any_file()][0]) for _ in range(self.sized(rng.randint(0, 25), 0))})
            call.update(input={'pattern': pattern, 'path': self.cwd, 'output_mode': 'files_with_matches'},
                        content=f'Found {len(names)} files\n' + '\n'.join(names) if names else 'No files found',
                        payload={'mode': 'files_with_matches', 'filenames': names, 'numFiles': len(names)})
            return
        hits = [f'{self.rel(self.files[self.any_file()][0])}:{rng.randint(1, 800)}:{self.text.code(1)[0]}'
                for _ in range(self.sized(rng.choice((1, 3, 8, 20, 50, 120, 300))))]
        body = '\n'.join(hits)
        call.update(input={'pattern': pattern, 'path': f'{self.cwd}/src', 'output_mode': 'content', '-n': True,
                           'glob': '*.py'}, content=body,
                    payload={'mode': 'content', 'numFiles': 0, 'filenames': [], 'content': body, 'numLines': len(hits)})

    def tool_Glob(self, call):
        rng = self.rng
        names = sorted({self.files[self.any_file()][0] for _ in range(self.sized(rng.choice((1, 3, 6, 12, 30)), 1))})
        call.update(input={'pattern': rng.choice(('**/*.py', 'src/**/*.py', 'tests/test_*.py', 'web/src/**/*.tsx'))},
                    content='\n'.join(names),
                    payload={'filenames': names, 'durationMs': rng.randint(2, 80), 'numFiles': len(names),
                             'truncated': False})

    def tool_Edit(self, call):
        rng = self.rng
        i = self.working_file()
        path, total, _ = self.files[i]
        lines = self.file_text(i)[:self.sized(total, 12)]  # a small output scale makes files shorter
        at = rng.randrange(max(1, len(lines) - 8))
        old = '\n'.join(lines[at:at + rng.randint(1, 7)]) or 'pass'
        new = old.replace(' = ', ' := ', 1) + '\n' + '\n'.join(self.text.code(rng.randint(1, 10)))
        call['input'] = {'file_path': path, 'old_string': old, 'new_string': new, 'replace_all': False}
        if rng.random() < ERROR_SHARE['Edit']:
            call.update(error=True, content=f'<tool_use_error>String to replace not found in file.\nString: {old[:250]}'
                                            '</tool_use_error>',
                        payload=f'Error: String to replace not found in file.\nString: {old[:250]}')
            return
        shown = lines[max(0, at - 4):at + 9]
        numbered = '\n'.join(f'{max(1, at-3)+k}\t{line}' for k, line in enumerate(shown))
        call['content'] = (f"The file {path} has been updated. Here's the result of running `cat -n` on a snippet of "
                           f'the edited file:\n{numbered}')
        patch = [{'oldStart': at + 1, 'oldLines': old.count('\n') + 1, 'newStart': at + 1,
                  'newLines': new.count('\n') + 1,
                  'lines': [f'-{line}' for line in old.split('\n')] + [f'+{line}' for line in new.split('\n')]}]
        call['payload'] = {'filePath': path, 'oldString': old, 'newString': new, 'originalFile': '\n'.join(lines),
                           'structuredPatch': patch, 'userModified': False, 'replaceAll': False}
        call['edits'] = path

    def tool_Write(self, call):
        rng = self.rng
        path = self.new_files[rng.randrange(max(1, round(NEW_FILES * min(1, math.sqrt(self.scale)))))]
        body = '\n'.join(self.text.code(self.sized(rng.randint(30, 350))))
        call.update(input={'file_path': path, 'content': body},
                    content=f'File created successfully at: {path}',
                    payload={'type': 'create', 'filePath': path, 'content': body, 'structuredPatch': [],
                             'originalFile': None},
                    edits=path)

    def tool_TodoWrite(self, call):
        rng = self.rng
        old = self.todos
        self.todos = [{'content': self.text.prose(rng.randint(20, 70)),
                       'status': rng.choice(('pending', 'in_progress', 'completed')),
                       'activeForm': self.text.prose(rng.randint(20, 60))} for _ in range(rng.randint(2, 8))]
        call.update(input={'todos': self.todos},
                    content='Todos have been modified successfully. Ensure that you continue to use the todo list to '
                            'track your progress. Please proceed with the current tasks if applicable',
                    payload={'oldTodos': old, 'newTodos': self.todos})

    def result_row(self, call, call_uuid, side=None):
        "The user row answering `call`, hung off the row of its own call"
        block = {'tool_use_id': call['id'], 'type': 'tool_result', 'content': call['content']}
        if call['error'] or call['name'] == 'Bash': block['is_error'] = call['error']
        tail = {'toolUseResult': call['payload']}
        if call['name'] == 'Bash' and side is None: tail['sandboxed'] = False
        tail['sourceToolAssistantUUID'] = call_uuid
        if side is None:
            tail['permissionDecision'] = {'decision': 'accept', 'source': 'config', 'reasonType': 'rule',
                                          'ruleSource': 'localSettings'}
        uid = self.user_row([block], side=side, parent=call_uuid, **tail)
        if side is None:
            sent = dict(block)
            if isinstance(sent['content'], str) and self.rng.random() < 0.25:
                sent['content'] += (f'\n\n<system-reminder>\n<total_tokens>{self.tokens_left()} tokens left'
                                    '</total_tokens>\n</system-reminder>')
            self.unsent.append(sent)
        if call['error']: self.meta['tool_errors'] += 1
        return uid

    def tokens_left(self): return TOKEN_BUDGET - self.written // 3

    # ------------------------------------------------------------------ agent steps
    def step(self, final=False):
        "One API call of the main agent: optional thinking and text, then tool calls and their results"
        rng = self.rng
        lead = [self.thinking()] if rng.random() < 0.55 else []
        if final: return self.reply(lead + [self.prose_block(150, 2_500)], 'end_turn')
        if rng.random() < 0.45: lead.append(self.prose_block(40, 400))
        parallel = rng.random() < PARALLEL_SHARE and self.calls_left() >= 2
        names = [pick(rng, PARALLEL_TOOL_WEIGHTS) for _ in range(min(self.calls_left(), rng.randint(2, 4)))] \
                if parallel else [pick(rng, TOOL_WEIGHTS)]
        calls = [self.run_tool(n) for n in names]
        uuids = self.reply(lead + [self.tool_use(c) for c in calls], 'tool_use')[len(lead):]
        self.meta['tool_uses'] += len(calls)
        order = list(range(len(calls)))
        if parallel:
            self.meta['parallel_groups'] += 1; self.meta['parallel_calls'] += len(calls)
            if rng.random() < 0.5: rng.shuffle(order)  # results come in the order the tools finish
        for k in order: self.finish_call(calls[k], uuids[k])
        self.between_steps()

    def tool_use(self, call):
        return {'type': 'tool_use', 'id': call['id'], 'name': call['name'], 'input': call['input']}

    def finish_call(self, call, call_uuid):
        "What the CLI writes as a tool finishes: file snapshot, progress rows, the result, a hook's report"
        if call['edits']: self.snapshot_edit(call['edits'], call_uuid)
        if call['name'] == 'Bash' and not call['error']: self.bash_progress(call['id'], call['payload']['stdout'])
        self.hooks('PostToolUse', f'PostToolUse:{call["name"]}', call['id'])
        if call['edits']: self.hooks('PostToolUse', f'PostToolUse:{call["name"]}', call['id'], 'PostToolUse:edit')
        self.result_row(call, call_uuid)
        if call['edits'] and not call['error'] and self.rng.random() < 0.3:
            self.attachment({'type': 'hook_success', 'hookName': f'PostToolUse:{call["name"]}', 'toolUseID': call['id'],
                             'hookEvent': 'PostToolUse', 'content': '', 'stdout': '1 file reformatted\n', 'stderr': '',
                             'exitCode': 0, 'command': HOOKS['PostToolUse:edit'][0],
                             'durationMs': self.rng.randint(30, 800)})

    def between_steps(self):
        "Reminders and hiccups the CLI slips in between API calls"
        rng = self.rng
        roll = rng.random()
        if roll < 0.1:
            note = f'<total_tokens>{self.tokens_left()} tokens left</total_tokens>'
            self.attachment({'type': 'total_tokens_reminder', 'text': note}, note)
        elif roll < 0.14 and self.todos:
            self.attachment({'type': 'todo_reminder', 'content': self.todos, 'itemCount': len(self.todos)},
                            "The TodoWrite tool hasn't been used recently. " + self.text.prose(180))
        elif roll < 0.16:
            i = self.any_file()
            path = self.files[i][0]
            snippet = '\n'.join(f'{k+1}\t{line}' for k, line in enumerate(self.file_text(i)[:rng.randint(5, 50)]))
            self.attachment({'type': 'edited_text_file', 'filename': path, 'snippet': snippet},
                            f'Note: {path} was modified, either by the user or by a linter. {snippet}')
        elif roll < 0.17:
            self.system('api_error', {'level': 'error', 'error': {'status': 529, 'message': 'Overloaded'},
                                      'retryInMs': rng.randint(500, 8_000), 'retryAttempt': 1, 'maxRetries': 10},
                        meta_flag_last=False)
        if rng.random() < 0.05: self.book('atis-latch', atis='', sessionId=self.sid)

    # ------------------------------------------------------------------ Task and its subagents
    def task_step(self, agents, killed=False):
        "A step calling Task `agents` times; the subagents' rows go in this file before the results"
        rng = self.rng
        lead = [self.thinking()] if rng.random() < 0.5 else []
        calls = [dict(id=self.call_id(), name='Task', error=False, edits=None,
                      input={'description': self.text.prose(rng.randint(20, 45)),
                             'prompt': 'Investigate ' + self.text.prose(rng.randint(300, 1_400)),
                             'subagent_type': rng.choice(('Explore', 'general-purpose'))}) for _ in range(agents)]
        uuids = self.reply(lead + [self.tool_use(c) for c in calls], 'tool_use')[len(lead):]
        self.meta['tool_uses'] += agents
        if agents > 1: self.meta['parallel_groups'] += 1; self.meta['parallel_calls'] += agents
        sides = [self.start_subagent(c) for c in calls]
        running = list(sides)
        while running:  # the subagents run at once: their rows interleave
            side = rng.choice(running)
            if killed and side['steps_done'] >= side['steps'] // 2: return  # the process dies here
            self.subagent_step(side)
            if side['steps_done'] >= side['steps']:
                side['report'] = self.prose_block(900, 4_500)['text']
                self.reply([{'type': 'text', 'text': side['report']}], 'end_turn', side)
                running.remove(side)
        for call, side, call_uuid in zip(calls, sides, uuids):
            self.task_result(call, side)
            self.hooks('PostToolUse', 'PostToolUse:Task', call['id'])
            self.result_row(call, call_uuid)
        self.between_steps()

    def start_subagent(self, call):
        side = {'agentId': f'a{self.rng.getrandbits(24):06x}', 'tip': None, 'steps': self.rng.randint(5, 14),
                'steps_done': 0}
        self.meta['sidechains'] += 1
        self.user_row(call['input']['prompt'], side=side, parent=None)
        return side

    def subagent_step(self, side):
        lead = [self.prose_block(40, 300)] if self.rng.random() < 0.3 else []
        call = self.run_tool(pick(self.rng, SUBAGENT_TOOL_WEIGHTS))
        call_uuid = self.reply(lead + [self.tool_use(call)], 'tool_use', side)[-1]
        self.result_row(call, call_uuid, side)
        side['steps_done'] += 1

    def task_result(self, call, side):
        rng = self.rng
        tokens, ms = rng.randint(15_000, 90_000), rng.randint(15_000, 300_000)
        call['content'] = [{'type': 'text', 'text': side['report']},
                           {'type': 'text', 'text': f"agentId: {side['agentId']} (for resuming to continue this "
                                                    f"agent's work if needed)\n<usage>total_tokens: {tokens}\n"
                                                    f"tool_uses: {side['steps']}\nduration_ms: {ms}</usage>"}]
        call['payload'] = {'status': 'completed', 'prompt': call['input']['prompt'], 'agentId': side['agentId'],
                           'content': [{'type': 'text', 'text': side['report']}], 'totalDurationMs': ms,
                           'totalTokens': tokens, 'totalToolUseCount': side['steps'],
                           'usage': {'input_tokens': rng.randint(1, 40), 'output_tokens': rng.randint(400, 4_000)}}

    # ------------------------------------------------------------------ turns
    def snapshot(self, message_id, update=False):
        backups = {self.rel(p): b for p, b in self.backups.items()}
        self.book('file-history-snapshot', messageId=message_id,
                  snapshot={'messageId': self.prompt_uuid, 'trackedFileBackups': backups, 'timestamp': iso(self.now)},
                  isSnapshotUpdate=update)

    def snapshot_edit(self, path, message_id):
        "The CLI backs a file up the first time a tool changes it in a turn, and logs the grown snapshot"
        if path in self.backed_up: return
        self.backed_up.add(path)
        version = self.backups.get(path, {}).get('version', 0) + 1
        self.backups[path] = {'backupFileName': f'{self.rng.getrandbits(64):016x}@v{version}', 'version': version,
                              'backupTime': iso(self.now)}
        self.snapshot(message_id, update=True)

    def open_turn(self, first=False):
        "Queue, snapshot and the typed prompt with what the CLI attaches to it"
        rng = self.rng
        self.meta['turns'] += 1
        self.backed_up = set()
        self.prompt_id, self.prompt_uuid = self.new_uuid(), self.new_uuid()
        typed = (FIRST_PROMPT + self.text.prose(rng.randint(300, 1_400)) if first
                 else self.text.prose(rng.choice((30, 100, 250, 700, 2_000))))
        if first or rng.random() < 0.3:
            self.book('queue-operation', operation='enqueue', timestamp=self.tick(0, 5), sessionId=self.sid,
                      content=typed)
            self.book('queue-operation', operation='dequeue', timestamp=self.tick(1, 20_000), sessionId=self.sid)
        self.snapshot(self.prompt_uuid)
        if first: self.hooks('SessionStart', 'SessionStart:startup', self.new_uuid())
        content = typed
        if not first and rng.random() < 0.04:  # a pasted screenshot
            content = [{'type': 'text', 'text': typed}, {'type': 'image', 'source': {
                'type': 'base64', 'media_type': 'image/png',
                'data': PNG_HEAD + self.text.b64(self.sized(rng.choice((30_000, 120_000, 280_000)), 4_000))}}]
            self.meta['images'] += 1
        when = self.tick(2_000, 500_000)
        rec = {'promptId': self.prompt_id, 'type': 'user', 'message': {'role': 'user', 'content': content},
               'uuid': self.prompt_uuid, 'timestamp': when,
               'permissionMode': 'acceptEdits' if rng.random() < 0.3 else 'default', 'promptSource': 'typed',
               'sentAtMs': self.now - rng.randint(5, 60), 'rowSource': 'local',
               'turnPosition': {'promptIndex': self.meta['turns'] - 1, 'turnIndex': 1}}
        self.chained(rec)
        self.unsent.extend(content if isinstance(content, list) else [{'type': 'text', 'text': typed}])
        self.last_prompt = typed[:200]
        if first: self.startup_attachments()
        else: self.prompt_attachments()
        self.book('last-prompt', lastPrompt=self.last_prompt, leafUuid=self.tip, sessionId=self.sid)

    def prompt_attachments(self):
        rng = self.rng
        if rng.random() < 0.15:
            self.attachment({'type': 'date', 'date': iso(self.now)[:10]}, f"Today's date is {iso(self.now)[:10]}.")
        if rng.random() < 0.25:
            i = self.any_file()
            path, lines = self.files[i][0], self.file_text(i)[:rng.randint(1, 35)]
            self.attachment({'type': 'selected_lines_in_ide', 'ideName': 'Visual Studio Code', 'lineStart': 1,
                             'lineEnd': len(lines), 'filename': path, 'content': '\n'.join(lines)},
                            f'The user selected the lines 1 to {len(lines)} from {path}:\n' + '\n'.join(lines), 'user')

    def environment(self):
        env = (f'# Environment\nYou have been invoked in the following environment: \n - Primary working directory: '
               f'{self.cwd}\n - Is a git repository: true\n - Platform: linux\n - Shell: bash\n'
               ' - OS Version: Linux 6.8.0-49-generic')
        self.attachment({'type': 'environment', 'snapshot': {'workingDirectory': self.cwd, 'isWorktree': False,
                                                             'isGitRepo': True, 'additionalWorkingDirectories': [],
                                                             'platform': 'linux', 'shell': 'bash',
                                                             'osVersion': 'Linux 6.8.0-49-generic'}}, env)
        said = f'You are powered by the model named {MODEL_NAME}. The exact model ID is {MODEL}.'
        self.attachment({'type': 'model', 'identity': {'modelId': MODEL, 'marketingName': MODEL_NAME,
                                                       'knowledgeCutoff': 'May 2025'}, 'text': said}, said)

    def skill_listing(self):
        skills = self.text.prose(self.sized(10_000, 500))
        self.attachment({'type': 'skill_listing', 'content': skills, 'skillCount': 12, 'isInitial': True},
                        f'The following skills are available for use with the Skill tool:\n\n{skills}')

    def startup_attachments(self):
        "The context the CLI attaches to a session's first prompt, and the request shape of the session"
        self.environment()
        self.skill_listing()
        note = f'<total_tokens>{TOKEN_BUDGET} tokens left</total_tokens>'
        self.attachment({'type': 'total_tokens_reminder', 'text': note}, note)
        self.attachment({'type': 'session_context', 'context': {}})
        self.attachment({'type': 'date', 'date': iso(self.now)[:10]}, f"Today's date is {iso(self.now)[:10]}.")
        if not self.api_records: return
        self.shape_hash = self.hex64()
        system = [{'type': 'text', 'text': self.text.prose(self.sized(self.rng.randint(1_500, 7_000), 200))}
                  for _ in range(SYSTEM_PROMPT_PARTS)]
        tools = [{'name': n, 'description': self.text.prose(self.sized(self.rng.randint(400, 4_500), 100)),
                  'input_schema': {'type': 'object', 'properties': {'file_path': {'type': 'string',
                                                                                  'description': self.text.prose(60)}}}}
                 for n in TOOL_NAMES_IN_SHAPE]
        self.book('api-request-shape', sessionId=self.sid, shapeHash=self.shape_hash, timestamp=iso(self.now),
                  version=CLI_VERSION, shape={'system': system, 'tools': tools})

    def close_turn(self):
        "The final reply, Stop hooks and their summary, the turn's duration and the repeated metadata"
        rng = self.rng
        self.step(final=True)
        if self.progress_rows:
            hook_id = self.new_uuid()
            self.hooks('Stop', 'Stop', hook_id)
            self.system('stop_hook_summary', {'hookCount': len(HOOKS['Stop']),
                                              'hookInfos': [{'command': c} for c in HOOKS['Stop']], 'hookErrors': [],
                                              'preventedContinuation': False, 'stopReason': '',
                                              'hasOutput': rng.random() < 0.5, 'level': 'suggestion',
                                              'timestamp': None, 'uuid': None, 'toolUseID': hook_id},
                        meta_flag_last=False)
        self.system('turn_duration', {'durationMs': self.now - self.turn_started})
        self.book('last-prompt', lastPrompt=self.last_prompt, leafUuid=self.tip, sessionId=self.sid)
        self.repeat_titles()
        if rng.random() < 0.3: self.book('mode', mode='normal', sessionId=self.sid)
        if rng.random() < 0.3: self.book('atis-latch', atis='', sessionId=self.sid)
        if rng.random() < 0.1: self.cost_state()

    def repeat_titles(self):
        "Titles go again near the end of the file, where head-and-tail readers look"
        if self.ai_title: self.book('ai-title', aiTitle=self.ai_title, sessionId=self.sid)
        if self.custom_title: self.book('custom-title', sessionId=self.sid, customTitle=self.custom_title)

    def cost_state(self):
        calls, cost = self.meta['api_calls'], round(self.written / 2e6 + self.rng.random(), 4)
        self.book('cost-state', sessionId=self.sid, totalCostUSD=cost, totalAPIDuration=calls * 4_100,
                  totalAPIDurationWithoutRetries=calls * 3_950, totalToolDuration=self.meta['tool_uses'] * 650,
                  totalLinesAdded=self.meta['tool_uses'] * 3, totalLinesRemoved=self.meta['tool_uses'],
                  totalDuration=self.now - self.started, startTime=self.started,
                  modelUsage={MODEL: {'inputTokens': calls * 8, 'outputTokens': calls * 420, 'thinkingTokens': 0,
                                      'cacheReadInputTokens': calls * 55_000, 'cacheCreationInputTokens': calls * 3_100,
                                      'cacheCreationEphemeral5mInputTokens': calls * 3_100,
                                      'cacheCreationEphemeral1hInputTokens': 0, 'webSearchRequests': 0,
                                      'costUSD': cost}},
                  hasUnknownModelCost=False)

    def local_command(self, name, args, output):
        "A /command the user ran: the caveat, the command and its output, as user rows outside the model's turn"
        self.prompt_id = self.new_uuid()
        self.user_row('<local-command-caveat>The command below was run directly in Claude Code, not sent to you as a '
                      "request, and its output goes straight to the user. It's recorded here as context for later "
                      'messages.</local-command-caveat>', meta_row=True, extra={'rowSource': 'harness'})
        self.user_row(f'<command-name>/{name}</command-name>\n            <command-message>{name}</command-message>\n'
                      f'            <command-args>{args}</command-args>', rowSource='local')
        self.user_row(f'<local-command-stdout>{output}</local-command-stdout>', extra={'rowSource': 'local'})

    # ------------------------------------------------------------------ compaction
    def compact(self, trigger):
        "Boundary (parent null, logical parent the old tip), summary, then the files and context re-attached"
        rng = self.rng
        self.meta['compactions'] += 1
        before = int(self.context_tokens)
        self.system('compact_boundary', {'content': 'Conversation compacted', 'isMeta': False,
                                         'timestamp': None, 'uuid': None, 'level': 'info',
                                         'compactMetadata': {'trigger': trigger, 'preTokens': before,
                                                             'durationMs': rng.randint(20_000, 90_000)}},
                    meta_flag_last=False, parent=None, logical_parent=self.tip)
        self.meta['main_msgs_after_last_compact'] = 0
        summary = self.summary_text()
        self.prompt_id = self.new_uuid()
        self.user_row(summary, extra={'isVisibleInTranscriptOnly': True, 'isCompactSummary': True},
                      turnPosition={'promptIndex': self.meta['turns'] - 1, 'turnIndex': 1},
                      sentAtMs=self.now, rowSource='local')
        self.unsent = [{'type': 'text', 'text': summary}]
        self.context_tokens = 16_000 + len(summary) / CHARS_PER_TOKEN
        return summary

    def after_compaction(self):
        rng = self.rng
        self.hooks('SessionStart', 'SessionStart:compact', self.new_uuid())
        for _ in range(rng.randint(1, 4)):
            i = self.any_file()
            path = self.files[i][0]
            part = self.file_text(i)[:rng.randint(30, 400)]
            shown = '\n'.join(f'{k+1}\t{line}' for k, line in enumerate(part))
            rec = {'type': 'file', 'filename': path, 'content': {'type': 'text', 'file': {
                       'filePath': path, 'content': '\n'.join(part), 'numLines': len(part), 'startLine': 1,
                       'totalLines': self.files[i][1]}}, 'displayPath': self.rel(path),
                   'savedCopyFraming': {'enveloped': False}}
            self.attachment(rec, f'Called the Read tool with the following input: {{"file_path":"{path}"}}\n'
                                 f'Result of calling the Read tool:\n{shown}', 'user')
        self.skill_listing()
        self.environment()

    def summary_text(self):
        "A compaction summary in the sections Claude Code asks the model for"
        rng, t = self.rng, self.text
        concepts = ''.join(f'   - {t.prose(rng.randint(25, 110))}\n' for _ in range(rng.randint(4, 12)))
        files = ''.join(f'   - {self.files[self.any_file()][0]}\n      ```python\n'
                        + '\n'.join(t.code(rng.randint(3, 18))) + '\n      ```\n' for _ in range(rng.randint(2, 8)))
        sections = [('Primary Request and Intent', f'   {t.prose(rng.randint(600, 1_800))}\n'),
                    ('Key Technical Concepts', concepts), ('Files and Code Sections', files),
                    ('Errors and fixes', f'   {t.prose(rng.randint(300, 1_400))}\n'),
                    ('Pending Tasks', f'   {t.prose(rng.randint(100, 450))}\n'),
                    ('Current Work', f'   {t.prose(rng.randint(300, 1_200))}\n')]
        body = '\n'.join(f'{k}. {title}:\n{text}' for k, (title, text) in enumerate(sections, 1))
        return ('This session is being continued from a previous conversation that ran out of context. The summary '
                f'below covers the earlier portion of the conversation.\n\nSummary:\n{body}\nContinue the '
                'conversation from where it left off without asking the user any further questions.')

    # ------------------------------------------------------------------ steering
    def call_bytes(self, costs):
        "Bytes per call from a CALL_*_BYTES table, for the rows this session writes"
        return costs['base'] + costs['progress'] * self.progress_rows + costs['api_records'] * self.api_records

    def planned_scale(self):
        "The output scale at which --tool-calls calls come to about --mb"
        fixed, scaled = self.call_bytes(CALL_FIXED_BYTES), self.call_bytes(CALL_SCALED_BYTES)
        return min(MAX_SCALE, max(MIN_SCALE, (self.byte_target / self.call_target - fixed) / scaled))

    def least_bytes(self):
        "About the fewest bytes --tool-calls calls take with the rows this session writes"
        return self.call_target * (self.call_bytes(CALL_FIXED_BYTES) + MIN_SCALE * self.call_bytes(CALL_SCALED_BYTES))

    def steer(self):
        "With --tool-calls, nudge the output scale towards the straight line from 0 bytes to --mb at the last call"
        if not self.call_target or not self.meta['tool_uses']: return
        on_track = self.byte_target * self.meta['tool_uses'] / self.loop_calls()
        self.scale = min(MAX_SCALE, max(MIN_SCALE, self.scale * (on_track / self.written) ** STEER_GAIN))

    # ------------------------------------------------------------------ the whole session
    def run(self):
        rng = self.rng
        if self.call_target: self.scale = self.planned_scale()
        compactions, tasks, titles = list(compactions_for(self.byte_target / MB)), list(TASK_AT), list(TITLE_AT)
        with open(self.out, 'wb', buffering=1 << 20) as self.fh:
            self.turn_started = self.now
            self.open_turn(first=True)
            self.ai_title = AI_TITLE
            self.book('ai-title', aiTitle=AI_TITLE, sessionId=self.sid)
            steps_left = rng.randint(5, 18)
            while self.done() < 1:
                if compactions and self.done() >= compactions[0][0]:
                    _, trigger = compactions.pop(0)
                    if trigger == 'auto':
                        self.compact('auto'); self.after_compaction()
                        continue
                    self.close_turn()
                    self.book('queue-operation', operation='enqueue', timestamp=self.tick(1_000, 60_000),
                              sessionId=self.sid, content='/compact')
                    self.book('queue-operation', operation='dequeue', timestamp=self.tick(1, 5), sessionId=self.sid)
                    self.compact('manual')
                    self.local_command('compact', '', 'Compacted (ctrl+o to see full summary)')
                    self.after_compaction()
                    self.turn_started = self.now
                    self.open_turn(); steps_left = rng.randint(4, 18)
                    continue
                if titles and self.done() >= titles[0]:
                    titles.pop(0)
                    self.custom_title = CUSTOM_TITLES[len(TITLE_AT) - len(titles) - 1]
                    self.book('custom-title', sessionId=self.sid, customTitle=self.custom_title)
                if tasks and self.done() >= tasks[0] and self.calls_left() >= len(TASK_AT) - len(tasks) + 1:
                    self.task_step(agents=len(TASK_AT) - len(tasks) + 1)
                    tasks.pop(0)
                elif steps_left > 0:
                    self.step(); steps_left -= 1
                else:
                    self.close_turn()
                    if rng.random() < 0.03:
                        self.local_command(rng.choice(('cost', 'context')), '', self.text.prose(rng.randint(80, 1_200)))
                    self.turn_started = self.now
                    self.open_turn(); steps_left = 1 + min(40, int(rng.expovariate(1 / 8)))
                self.steer()
            if self.end_in_task:
                self.task_step(agents=1, killed=True)
                self.meta['ends_in_task'] = True
            else:
                self.close_turn()
                self.cost_state()
                self.book('last-prompt', lastPrompt=self.last_prompt, leafUuid=self.tip, sessionId=self.sid)
                self.repeat_titles()
        self.meta.update(bytes=self.written, last_main_uuid=self.tip, last_ms=self.now)
        if self.call_target and self.least_bytes() > self.byte_target:
            self.meta['note'] = (f'{self.call_target} tool calls take about {self.least_bytes() / MB:.0f} MB at the '
                                 'least with these rows; --no-progress and --no-api-records make them smaller')
        return self.meta

# ---------------------------------------------------------------------------------------------- many sessions

PROJECT_DIRS = ('/home/dev/src/tidewater-api', '/home/dev/src/tidewater-web', '/home/dev/src/berth-planner',
                '/home/dev/work/quay-metrics', '/home/dev/src/manifest-tools', '/home/dev/work/pilot-rostering',
                '/home/dev/src/cargo-ledger', '/home/dev/infra/harbour', '/home/dev/dotfiles', '/home/dev/scratch')
SESSION_SIZE_SIGMA = 1.3     # log-normal spread of session sizes: most small, a few large
MIN_SESSION_MB = 0.15        # about a first prompt with its start-up context and one reply
SPREAD_DAYS = 120            # session start times spread over this many days
SHARE_NO_API_RECORDS, SHARE_NO_PROGRESS, SHARE_KILLED_IN_TASK = 0.15, 0.25, 0.03

def session_sizes(rng, n, total_mb):
    "`n` sizes in MB, log-normally spread, summing to about `total_mb` (none below MIN_SESSION_MB)"
    weights = [rng.lognormvariate(0, SESSION_SIZE_SIGMA) for _ in range(n)]
    sizes = [total_mb * w / sum(weights) for w in weights]
    small = [s < MIN_SESSION_MB for s in sizes]
    rest = total_mb - MIN_SESSION_MB * sum(small)  # what the sessions above the floor share
    big = sum(s for s, low in zip(sizes, small) if not low) or 1
    return [MIN_SESSION_MB if low else max(MIN_SESSION_MB, s * rest / big) for s, low in zip(sizes, small)]

def write_sessions(n:int, total_mb:float, out_dir, seed:int=0, quiet:bool=True) -> list:
    "Write `n` sessions totalling about `total_mb` MB under `out_dir/projects/<folder>/`; one manifest entry each"
    rng, pools = random.Random(f'mk_transcript tree {seed}'), Pools(seed)
    projects = PROJECT_DIRS[:min(len(PROJECT_DIRS), max(3, n // 30))]
    weights = [1 / (k + 1) for k in range(len(projects))]  # a few busy projects, a tail of quiet ones
    starts = sorted(FIRST_START_MS + rng.randrange(SPREAD_DAYS * 86_400_000) for _ in range(n))
    manifest = []
    for i, (mb, start) in enumerate(zip(session_sizes(rng, n, total_mb), starts)):
        cwd = rng.choices(projects, weights)[0]
        flags = dict(api_records=rng.random() >= SHARE_NO_API_RECORDS, progress=rng.random() >= SHARE_NO_PROGRESS,
                     end_in_task=rng.random() < SHARE_KILLED_IN_TASK)
        folder = Path(out_dir)/'projects'/project_folder(cwd)
        folder.mkdir(parents=True, exist_ok=True)
        part = folder/f'.part-{i}'
        meta = Session(part, mb=mb, seed=f'{seed}/{i}', cwd=cwd, start_ms=start, pools=pools, **flags).run()
        path = part.rename(folder/f"{meta['sessionId']}.jsonl")
        os.utime(path, (meta['last_ms'] / 1000,) * 2)  # as if Claude Code wrote its last line then
        manifest.append(dict(path=str(path.relative_to(out_dir)), **flags, **meta))
        if not quiet and (i + 1) % 50 == 0: print(f'{i + 1} sessions written', file=sys.stderr)
    return manifest

# ---------------------------------------------------------------------------------------------- command line

def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('out', nargs='?', help='transcript to write (one-session mode)')
    ap.add_argument('--mb', type=float, default=50, help='size to reach, in MB (10**6 bytes)')
    ap.add_argument('--seed', type=int, default=0, help='everything random derives from it')
    ap.add_argument('--sid', help='session id (default: from the seed)')
    ap.add_argument('--cwd', help=f'project directory written in the records (default {DEFAULT_CWD})')
    ap.add_argument('--tool-calls', type=int, help='stop after this many tool calls, steering sizes towards --mb')
    ap.add_argument('--no-api-records', action='store_true', help='leave out the api-request* lines')
    ap.add_argument('--no-progress', action='store_true', help='leave out progress rows and Stop-hook summaries')
    ap.add_argument('--end-in-task', action='store_true', help='end as if killed while a Task ran')
    ap.add_argument('--meta', help='write the facts known by construction (a manifest with --sessions) here')
    ap.add_argument('--sessions', type=int, help='write this many sessions into --out-dir instead of one file')
    ap.add_argument('--total-mb', type=float, default=1000, help='total size of the --sessions tree, in MB')
    ap.add_argument('--out-dir', help='root of the --sessions tree (sessions go in OUT_DIR/projects/<folder>/)')
    ap.add_argument('--quiet', action='store_true', help='print nothing')
    args = ap.parse_args(argv)
    if args.sessions is None and not args.out: ap.error('give OUT, or --sessions N --out-dir DIR')
    if args.sessions is not None and (args.out or not args.out_dir): ap.error('--sessions needs --out-dir and no OUT')
    return args

def main(argv=None):
    args = parse_args(argv)
    if args.sessions is not None:
        facts = write_sessions(args.sessions, args.total_mb, args.out_dir, args.seed, args.quiet)
        total = sum(m['bytes'] for m in facts)
        summary = (f'{args.out_dir}: {len(facts)} sessions, {total / MB:.1f} MB in '
                   f'{len({Path(m["path"]).parent for m in facts})} project folders')
    else:
        facts = Session(args.out, mb=args.mb, seed=args.seed, sid=args.sid, cwd=args.cwd, tool_calls=args.tool_calls,
                        api_records=not args.no_api_records, progress=not args.no_progress,
                        end_in_task=args.end_in_task).run()
        summary = (f'{args.out}: {facts["bytes"] / MB:.2f} MB, {sum(facts["by_type"].values())} lines, '
                   f'{facts["tool_uses"]} tool calls, session {facts["sessionId"]} of project folder '
                   f'{project_folder(facts["cwd"])}')
    if args.meta: Path(args.meta).write_text(json.dumps(facts, indent=1, sort_keys=True))
    if not args.quiet: print(summary + (f' (note: {facts["note"]})' if 'note' in facts else ''), file=sys.stderr)

if __name__ == '__main__': main()
