#!/usr/bin/env python3
"""Synthetic Codex CLI rollouts for the benchmarks in this folder: same arguments, same bytes.

One rollout (the file Codex keeps at `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`):

    python nbs/bench/mk_rollout.py OUT.jsonl [--mb 50] [--seed 0] [--cwd PATH] [--meta META.json] [--quiet]

A CODEX_HOME of rollouts (`DIR/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`, in several projects):

    python nbs/bench/mk_rollout.py --rollouts 1000 --total-mb 100 --out-dir DIR [--seed 0] [--meta MANIFEST.json]

Options
- `--mb`: size to reach, in MB of 10**6 bytes; the writer stops at the end of the first turn past it, and outputs
  shrink as the end nears, so a file lands a little above (within about 1% from 5 MB up).
- `--seed`: everything random comes from it (ids, text, sizes). `--cwd` sets the project directory.
- `--meta`: what the writer knows by construction (lines by type, turns, calls, compactions, ...) as JSON.
- `--rollouts N --total-mb M --out-dir DIR`: N rollouts of log-normal sizes (many small, a few big, none under
  about 30 KB) totalling about M MB, started over four months, each filed under its start date with its file's
  mtime set to its last record, as Codex leaves them. Python: `write_rollouts(...)`.

It borrows mk_transcript.py's text pools (prose, code and base64 cut from seeded pools) and helpers, so it is
standard library only too (orjson when installed; the bytes are the same). 50 MB takes a few seconds.

The recipe: each record kind copies a shape Codex 0.171.0 wrote into the packaged fixtures in
`llmsurgery/data/codex` (keys in the same order), with the values a real session has instead of a mock's
- Every line is `{timestamp, ordinal, type, payload}`. The first is `session_meta` (id a UUID v7 of the start
  time, `cli_version` 0.171.0, provider `openai`, about 12 KB of base instructions, `git`); the first turn then
  writes the developer permissions message, the `<environment_context>` user message and a full `world_state`.
- A turn is `thread_settings_applied`, `task_started`, `turn_context`, the typed prompt (a `response_item`
  message and its `item_completed` UserMessage event), an agent loop of model calls, the final answer and
  `task_complete`. Each model call ends with a `token_usage_record` (per response) and an `event_msg`
  `token_count` whose `total_token_usage` is cumulative and `last_token_usage` the call's own.
- A model call may start with `reasoning` (summary text, `content` null and a Fernet-like `encrypted_content` of
  1-12 KB, as OpenAI returns it; its `item_completed` Reasoning event first) and a commentary message, then:
  `exec_command` function calls (one, or 2-3 at once in about a tenth of the calls: all calls, then their
  `item_completed` CommandExecution events with the whole `aggregated_output`, exit code and duration, then the
  outputs in Codex's `Chunk ID / Wall time / Process exited with code N / Original token count / Output:` form,
  cut near 10,000 tokens as Codex cuts them), or an `apply_patch` custom_tool_call with its FileChange event and
  `custom_tool_call_output`, or now and then an MCP call (namespaced function call, output a list of parts).
  Command outputs are drawn log-normal (median near 1.5 KB, a few over 100 KB: test runs, diffs, greps, logs),
  and one command in eight fails.
- Compactions: none under 0.5 MB, one under 10 MB, two from 10 MB up (at 35% and 70%, in the first turn that
  starts past that point: a small rollout of few turns may have none), each before a turn's prompt as Codex's
  automatic compaction writes it: the summary reply (metadata `compaction_output`), then a `compacted` record
  whose `replacement_history` holds the context messages, the prompts so far (the newest, up to about 80 KB) and
  the summary, then `world_state`, `turn_context` and an `item_completed` ContextCompaction.
  A reader of what `codex resume` sends starts at the last one.
- One turn in forty is interrupted: a call is left without its output, then the `<turn_aborted>` user message
  and a `turn_aborted` event (resume sends a synthetic "aborted" output for it).

Invented, not measured: all text is mk_transcript.py's word salad and synthetic code; sizes are guesses near
what real sessions show, not fitted to them; `world_state` and `turn_context` repeat the fixtures' values.
"""
import argparse, json, os, random, sys, uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mk_transcript import (MB, IDENT_PARTS, PROJECT_DIRS, SPREAD_DAYS, FIRST_START_MS, MIN_SESSION_MB, Pools, Text,
                           dumps, iso, pick, session_sizes)

CLI_VERSION = '0.171.0'
MODEL, PROVIDER = 'gpt-5.3-codex', 'openai'
CONTEXT_WINDOW = 258_400
DEFAULT_CWD = '/home/dev/src/tidewater-api'
BASE_INSTRUCTION_CHARS = 12_000
SUMMARY_HEAD = ('Another language model started to solve this problem and produced a summary of its thinking '
                'process. You also have access to the state of the tools that were used by that language model. '
                'Use this to build on the work that has already been done and avoid duplicating work. Here is the '
                'summary produced by the other language model, use the information in this summary to assist with '
                'your own analysis:\n')
PERMISSIONS = ('<permissions instructions>\nFilesystem sandboxing defines which files can be read or written. '
               '`sandbox_mode` is `workspace-write`: The sandbox permits reading files, and editing files in `cwd` '
               'and `writable_roots`. Editing files in other directories requires approval. Network access is '
               'restricted.\nApproval policy is currently on-request.\n</permissions instructions>')
STEP_WEIGHTS = dict(exec=62, parallel=9, patch=22, mcp=3, answer=4)  # what a model call in the agent loop does
REASONING_SHARE, COMMENTARY_SHARE = 0.6, 0.3
EXEC_FAIL_SHARE, ABORT_TURN_SHARE = 0.125, 0.025
OUTPUT_MEDIAN_CHARS, OUTPUT_SIGMA, OUTPUT_MAX_CHARS = 1_500, 1.6, 400_000
SENT_MAX_CHARS = 40_000     # Codex cuts a command's output near 10,000 tokens before it goes to the model
PROMPTS_KEPT_CHARS = 80_000  # the newest typed prompts a compaction keeps, about 20,000 tokens
MIN_ROLLOUT_MB = 0.03
CALL_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
HARNESS = dict(type='harness', hook=False)  # provenance of a message Codex wrote itself
CHARS_PER_TOKEN = 4
ZERO = dict(input_tokens=0, cached_input_tokens=0, cache_write_input_tokens=0, output_tokens=0,
            reasoning_output_tokens=0, total_tokens=0)
COMMANDS = ('pytest -q tests/{a}', 'rg -n "{a}_{b}" src', 'git diff --stat', 'sed -n 1,200p src/tidewater/{a}.py',
            'python -m tidewater.{a} --check', 'ls -la src/tidewater', 'git log --oneline -20', 'cat pyproject.toml',
            'npm test -- {a}', 'make lint', 'git status --short', 'nl -ba src/tidewater/{a}_{b}.py | sed -n 40,160p')


def compactions_for(mb):
    "Progress fractions where a rollout of `mb` MB compacts"
    return () if mb < 0.5 else (0.5,) if mb < 10 else (0.35, 0.7)


def uuid7(rng, ms):
    "A UUID v7 of time `ms`, its random bits from `rng`, as Codex makes session and turn ids"
    return str(uuid.UUID(int=(ms << 80) | (7 << 76) | (rng.getrandbits(12) << 64) | (2 << 62) | rng.getrandbits(62)))


class Rollout:
    "Writes one rollout; `run()` returns the facts known by construction"
    def __init__(self, out, mb=50, seed=0, cwd=None, start_ms=None, pools=None):
        self.rng = rng = random.Random(f'mk_rollout {seed}')
        self.text = Text(pools or Pools(seed), rng)
        self.out, self.byte_target, self.mb = Path(out), int(mb * MB), mb
        self.cwd = cwd or DEFAULT_CWD
        self.now = start_ms if start_ms is not None else FIRST_START_MS + rng.randrange(10**7) * 1000
        self.sid = uuid7(rng, self.now)
        self.ordinal = self.written = self.seq = self.calls = 0
        self.total, self.context = dict(ZERO), 9_000  # cumulative usage, and tokens the next request sends
        self.prompts, self.kept_prompts = [], []      # typed prompts since the last compaction, and before it
        self.compact_at = list(compactions_for(mb))
        self.meta = dict(seed=seed, mb=mb, sid=self.sid, cwd=self.cwd, by_type={}, turns=0, model_calls=0,
                         calls=0, failed=0, aborted=0, compactions=0, start_ms=self.now)

    # ------------------------------------------------------------------ plumbing
    def tick(self, lo, hi):
        self.now += self.rng.randint(lo, hi)
        return self.now

    def emit(self, type_, payload, lo=5, hi=400):
        line = dumps(dict(timestamp=iso(self.tick(lo, hi)), ordinal=self.ordinal, type=type_, payload=payload)) + b'\n'
        self.fh.write(line)
        self.ordinal += 1; self.written += len(line)
        k = type_ if type_ not in ('event_msg', 'response_item') else f"{type_}:{payload.get('type')}"
        self.meta['by_type'][k] = self.meta['by_type'].get(k, 0) + 1

    @staticmethod
    def chars(p): return len(p.get('output') or '') + len(p.get('arguments') or p.get('input') or '') + 200

    def resp_item(self, payload, lo=5, hi=400, **meta):
        "Emit response item `payload` with its metadata"
        self.seq += 1; self.context += self.chars(payload) // CHARS_PER_TOKEN
        md = dict(history_sequence=self.seq, sampled_through_sequence=max(0, self.seq - 1), client_authored=False,
                  **meta, model_search_state='unused')
        line = dumps(dict(timestamp=iso(self.tick(lo, hi)), ordinal=self.ordinal, type='response_item',
                          payload=payload, metadata=md)) + b'\n'
        self.fh.write(line)
        self.ordinal += 1; self.written += len(line)
        k = f"response_item:{payload.get('type')}"
        self.meta['by_type'][k] = self.meta['by_type'].get(k, 0) + 1

    def event(self, payload, lo=5, hi=400): self.emit('event_msg', payload, lo, hi)

    def completed(self, item, lo=5, hi=400, took=None):
        "An `item_completed` event for thread item `item`"
        end = self.now + (took or self.rng.randint(50, 3_000))
        self.event(dict(type='item_completed', thread_id=self.sid, turn_id=self.tid, item=item,
                        started_at_ms=self.now, completed_at_ms=end), lo, hi)
        self.now = max(self.now, end)

    def api_id(self, prefix): return prefix + f'{self.rng.getrandbits(192):048x}'
    def call_id(self): return 'call_' + ''.join(self.rng.choices(CALL_ID_CHARS, k=24))
    def msg_id(self): return f'msg_{uuid7(self.rng, self.now)}'
    def done(self): return self.written / self.byte_target

    def sized(self, n, lo=1):
        "`n`, capped near the end so the file lands close to its target"
        return max(lo, min(int(n), max(2_000, (self.byte_target - self.written) // 4)))

    def passthrough(self, kinds=None, create=True, **more):
        d = dict(turn_id=self.tid)
        if create: d['create_time'] = round(self.now / 1000, 3)
        if kinds: d.update(content_item_kinds=kinds, content_item_metadata=[dict(provenance=more.pop('prov'))])
        return d

    # ------------------------------------------------------------------ context
    def base_instructions(self):
        return ('You are Codex, based on GPT-5. You are running as a coding agent in the Codex CLI on a user\'s '
                'computer.\n\n' + self.text.prose(BASE_INSTRUCTION_CHARS))

    def session_meta(self):
        t = self.now
        self.emit('session_meta', dict(
            account_scoped=True, session_id=self.sid, id=self.sid, timestamp=iso(t), cwd=self.cwd,
            runtime_workspace_roots=[self.cwd], originator='codex_cli_rs', cli_version=CLI_VERSION, source='cli',
            thread_source='user', model_provider=PROVIDER,
            base_instructions=dict(text=self.base_instructions(), provenance=dict(type='model', model=MODEL)),
            history_mode='paginated', context_window=dict(window_id=uuid7(self.rng, t)),
            git=dict(commit_hash=f'{self.rng.getrandbits(160):040x}',
                     branch=f'feat/manifest-export-{self.rng.randint(10, 999)}',
                     repository_url=f'git@github.com:tidewater/{Path(self.cwd).name}.git')), 0, 0)

    def dev_msg(self, create=True):
        return dict(type='message', id=self.msg_id(), role='developer',
                    content=[dict(type='input_text', text=PERMISSIONS)],
                    internal_chat_message_metadata_passthrough=self.passthrough(
                        ['permissions.instructions'], create, prov=HARNESS))

    def filesystem(self):
        return (f'<filesystem><workspace_roots><root>{self.cwd}</root></workspace_roots><permission_profile '
                f'type="workspace-write"><network>restricted</network></permission_profile></filesystem>')

    def env_text(self):
        return (f'<environment_context>\n  <cwd>{self.cwd}</cwd>\n  <shell>bash</shell>\n  <current_date>'
                f'{iso(self.now)[:10]}</current_date>\n  <timezone>Europe/Berlin</timezone>\n  {self.filesystem()}\n'
                f'</environment_context>')

    def env_msg(self, create=True):
        return dict(type='message', id=self.msg_id(), role='user',
                    content=[dict(type='input_text', text=self.env_text())],
                    internal_chat_message_metadata_passthrough=self.passthrough(
                        ['environments.environment_context'], create, prov=HARNESS))

    def world_state(self):
        h = lambda: f'{self.rng.getrandbits(160):040x}'
        self.emit('world_state', dict(full=True, state=dict(
            agents_md={}, apps_instructions=False,
            collaboration_mode=dict(mode='default', model=MODEL, instructions=h()), context_window_guidance='',
            environments=dict(environments=dict(local=dict(cwd=self.cwd, status='available', shell='bash')),
                              current_date=iso(self.now)[:10], timezone='Europe/Berlin',
                              filesystem=self.filesystem()),
            environments_instructions=False, git_attribution=False, host_skills=dict(includeInstructions=False),
            managed_developer_instructions={}, model=MODEL, model_catalog=h(), multi_agent_mode={},
            permissions=dict(instructions=h(), approved_command_prefixes=[['pytest'], ['rg']]), persistent_mode={},
            plugins_instructions=False, realtime=dict(active=False), skills=dict(includeInstructions=False))))

    def turn_context(self):
        self.emit('turn_context', dict(
            turn_id=self.tid, root_turn_id=self.tid, disabled_plugin_ids=[], cwd=self.cwd, approval_policy='on-request',
            approvals_reviewer='user', permission_profile=dict(type='workspace-write'), model=MODEL,
            comp_hash='default',
            collaboration_mode=dict(mode='default', settings=dict(model=MODEL, reasoning_effort='medium',
                                                                  developer_instructions=None)),
            multi_agent_version='disabled', realtime_active=False, summary='auto',
            sandbox_policy=dict(type='workspace-write', writable_roots=[], network_access=False)))

    def settings(self):
        self.event(dict(type='thread_settings_applied', thread_id=self.sid, thread_settings=dict(
            model=MODEL, model_provider_id=PROVIDER, approval_policy='on-request', approvals_reviewer='user',
            requested_approvals_reviewer='user', permission_profile=dict(type='workspace-write'), cwd=self.cwd,
            runtime_workspace_roots=[self.cwd], collaboration_mode=dict(mode='default', settings=dict(
                model=MODEL, reasoning_effort='medium', developer_instructions=None)), disabled_plugin_ids=[])))

    # ------------------------------------------------------------------ usage
    def usage(self, out_tokens, reasoning=0):
        "Write a model call's `token_usage_record`; the `token_count` follows once its items are written"
        inp = self.context
        cached = int(inp * self.rng.uniform(0.7, 0.95)) if self.meta['model_calls'] else 0
        last = dict(input_tokens=inp, cached_input_tokens=cached, cache_write_input_tokens=0,
                    output_tokens=out_tokens + reasoning, reasoning_output_tokens=reasoning,
                    total_tokens=inp + out_tokens + reasoning)
        self.total = {k: self.total[k] + v for k, v in last.items()}
        self.turn_total = {k: self.turn_total[k] + v for k, v in last.items()}
        self.last = last
        self.meta['model_calls'] += 1
        self.emit('token_usage_record', dict(
            thread_id=self.sid, turn_id=self.tid, session_id=self.sid, root_turn_id=self.tid,
            response_id=self.api_id('resp_'), usage=last, turn_token_usage=dict(self.turn_total),
            thread_token_usage=dict(self.total)))

    def token_count(self):
        self.event(dict(type='token_count', info=dict(total_token_usage=dict(self.total), last_token_usage=self.last,
                                                       last_usage_includes_reasoning=False,
                                                       model_context_window=CONTEXT_WINDOW),
                        rate_limits=dict(limit_id='codex', limit_name=None, primary=dict(
                            used_percent=round(self.rng.uniform(1, 60), 1), window_minutes=300,
                            resets_at=self.now // 1000 + 9_000), secondary=dict(
                            used_percent=round(self.rng.uniform(1, 40), 1), window_minutes=10_080,
                            resets_at=self.now // 1000 + 400_000), credits=None, individual_limit=None,
                            spend_control_reached=None, plan_type='pro', rate_limit_reached_type=None)))

    # ------------------------------------------------------------------ items
    def reasoning(self):
        rid = self.api_id('rs_')
        summary = [self.text.prose(self.rng.randint(80, 600)) for _ in range(self.rng.choice((1, 1, 2, 3)))]
        self.completed(dict(type='Reasoning', id=rid, summary_text=summary, raw_content=[]), 300, 9_000)
        self.resp_item(dict(type='reasoning', id=rid, summary=[dict(type='summary_text', text=s) for s in summary],
                            content=None, encrypted_content='gAAAAAB' + self.text.b64(self.rng.randint(1_000, 12_000)),
                            internal_chat_message_metadata_passthrough=dict(turn_id=self.tid)))
        return self.rng.randint(50, 1_500)

    def say(self, text):
        "An assistant message and its AgentMessage event"
        mid = self.api_id('msg_')
        self.completed(dict(type='AgentMessage', id=mid, content=[dict(type='Text', text=text)]), 200, 6_000)
        self.resp_item(dict(type='message', id=mid, role='assistant',
                            content=[dict(type='output_text', text=text, annotations=[])],
                            internal_chat_message_metadata_passthrough=dict(turn_id=self.tid,
                                                                            content_item_kinds=['unknown'])),
                       retained_source=dict(id=dict(message_id=mid, turn_id=self.tid, role='assistant'),
                                            revision=f'retained_{uuid7(self.rng, self.now)}', complete=True))

    def command(self):
        return self.rng.choice(COMMANDS).format(a=self.rng.choice(IDENT_PARTS), b=self.rng.choice(IDENT_PARTS))

    def output_text(self, cmd):
        n = self.sized(min(OUTPUT_MAX_CHARS, self.rng.lognormvariate(0, OUTPUT_SIGMA) * OUTPUT_MEDIAN_CHARS), 20)
        if cmd.startswith(('sed', 'nl', 'cat', 'rg')):
            out, size = [], 0
            while size < n:
                out.append(line := self.rng.choice(self.text.code(1)) or ''); size += len(line) + 1
            return '\n'.join(out) + '\n'
        return self.text.prose(n) + '\n'

    def exec_calls(self, k):
        calls = []
        for _ in range(k):
            cmd, cid = self.command(), self.call_id()
            calls.append((cid, cmd))
            args = json.dumps(dict(cmd=cmd, workdir=self.cwd, yield_time_ms=10_000), separators=(',', ':'))
            self.resp_item(dict(type='function_call', id=self.api_id('fc_'), name='exec_command', arguments=args,
                                call_id=cid, internal_chat_message_metadata_passthrough=dict(turn_id=self.tid)),
                           user_input_order=self.seq)
        outs = []
        for cid, cmd in calls:
            out, fail = self.output_text(cmd), self.rng.random() < EXEC_FAIL_SHARE
            code, secs = (self.rng.choice((1, 1, 2, 124)) if fail else 0), self.rng.lognormvariate(0, 1.2)
            self.completed(dict(type='CommandExecution', id=cid, process_id=str(self.rng.randint(1000, 99999)),
                                command=['/bin/bash', '-lc', cmd], cwd=f'file://{self.cwd}',
                                parsed_cmd=[dict(type='unknown', cmd=cmd)], source='unified_exec_startup',
                                status='failed' if fail else 'completed', aggregated_output=out, exit_code=code,
                                duration=dict(secs=int(secs), nanos=int(secs % 1 * 1e9))), 100, int(secs * 1000) + 200)
            outs.append((cid, out, code, secs))
            self.meta['failed'] += fail
        self.meta['calls'] += k
        return outs

    def exec_outputs(self, outs):
        for cid, out, code, secs in outs:
            sent = out if len(out) <= SENT_MAX_CHARS else (
                out[:SENT_MAX_CHARS // 2] + f'\n…{(len(out) - SENT_MAX_CHARS) // CHARS_PER_TOKEN} tokens '
                'truncated…\n' + out[-SENT_MAX_CHARS // 2:])
            chunk = f'{self.rng.getrandbits(24):06x}'
            body = (f'Chunk ID: {chunk}\nWall time: {secs:.4f} seconds\nProcess exited with code {code}\n'
                    f'Original token count: {len(out) // CHARS_PER_TOKEN}\nOutput:\n{sent}')
            self.resp_item(dict(type='function_call_output', id=f'fco_{uuid7(self.rng, self.now)}', call_id=cid,
                                output=body, internal_chat_message_metadata_passthrough=self.passthrough()),
                           fallback_token_limit_override=12000)

    def patch(self):
        path = f'src/tidewater/{self.rng.choice(IDENT_PARTS)}_{self.rng.choice(IDENT_PARTS)}.py'
        old, new = self.text.code(self.rng.randint(2, 30)), self.text.code(self.rng.randint(2, 60))
        body = '\n'.join(['*** Begin Patch', f'*** Update File: {path}', f'@@ {new[0][:40]}',
                          *(' ' + l for l in old[:3]), *('-' + l for l in old[3:]), *('+' + l for l in new),
                          '*** End Patch', ''])
        cid = self.call_id()
        self.resp_item(dict(type='custom_tool_call', id=self.api_id('ctc_'), call_id=cid, name='apply_patch',
                            input=body, internal_chat_message_metadata_passthrough=dict(turn_id=self.tid)))
        diff = '\n'.join(['@@ -1,%d +1,%d @@' % (len(old), len(new)), *('-' + l for l in old), *('+' + l for l in new)])
        self.completed(dict(type='FileChange', id=cid, changes={f'{self.cwd}/{path}': dict(
            type='update', unified_diff=diff, move_path=None)}, status='completed',
            stdout=f'Success. Updated the following files:\nM {path}\n', stderr=''), 20, 300)
        self.meta['calls'] += 1
        return cid, path

    def patch_output(self, cid, path):
        self.resp_item(dict(type='custom_tool_call_output', id=f'ctco_{uuid7(self.rng, self.now)}', call_id=cid,
                            output=f'Exit code: 0\nWall time: 0.1 seconds\nOutput:\nSuccess. Updated the following '
                                   f'files:\nM {path}\n',
                            internal_chat_message_metadata_passthrough=self.passthrough()),
                       fallback_token_limit_override=12000)

    def mcp(self):
        cid, q = self.call_id(), self.text.prose(40)
        self.resp_item(dict(type='function_call', id=self.api_id('fc_'), name='search_issues', namespace='mcp__tracker',
                            arguments=json.dumps(dict(query=q), separators=(',', ':')), call_id=cid,
                            internal_chat_message_metadata_passthrough=dict(turn_id=self.tid)))
        res = self.text.prose(self.sized(self.rng.randint(300, 6_000)))
        self.completed(dict(type='McpToolCall', id=cid, server='tracker', tool='search_issues', arguments=dict(query=q),
                            status='completed', result=dict(content=[dict(type='text', text=res)]),
                            duration=dict(secs=0, nanos=self.rng.randint(10**7, 9 * 10**8))), 100, 2_000)
        self.meta['calls'] += 1
        return cid, res

    def mcp_output(self, cid, res):
        self.resp_item(dict(type='function_call_output', id=f'fco_{uuid7(self.rng, self.now)}', call_id=cid,
                            output=[dict(type='input_text', text='Wall time: 0.4120 seconds\nOutput:'),
                                    dict(type='input_text', text=res)],
                            internal_chat_message_metadata_passthrough=self.passthrough()),
                       fallback_token_limit_override=12000,
                       mcp_attribution=dict(status='complete', sources=[dict(
                           server_name='tracker', tool_name='search_issues', first_turn_id=self.tid)]))

    # ------------------------------------------------------------------ turns
    def prompt(self, text):
        m = dict(type='message', id=self.msg_id(), role='user', content=[dict(type='input_text', text=text)],
                 internal_chat_message_metadata_passthrough=self.passthrough(['user.text'], prov=dict(type='user')))
        self.resp_item(m, 2_000, 60_000, retained_source=dict(
                       id=dict(message_id=m['id'], turn_id=self.tid, role='user'),
                       revision=f'retained_{uuid7(self.rng, self.now)}', complete=True), user_input_order=0)
        self.completed(dict(type='UserMessage', id=str(uuid.UUID(int=self.rng.getrandbits(128), version=4)),
                            content=[dict(type='text', text=text, text_elements=[])]), 5, 50, took=1)
        self.prompts.append(m)

    def compact(self):
        "Codex's automatic compaction before a turn's prompt"
        self.token_count()
        summary = 'Summary of the work so far:\n' + self.text.prose(self.rng.randint(2_000, 6_000))
        self.resp_item(dict(type='message', id=self.api_id('msg_'), role='assistant',
                            content=[dict(type='output_text', text=summary, annotations=[])],
                            internal_chat_message_metadata_passthrough=dict(turn_id=self.tid,
                                                                            content_item_kinds=['unknown'])),
                       3_000, 30_000, compaction_output=True, mcp_attribution=dict(status='none'))
        self.usage(len(summary) // CHARS_PER_TOKEN); self.token_count()
        kept, size = [], 0
        for m in reversed(self.prompts):
            size += len(m['content'][0]['text'])
            if size > PROMPTS_KEPT_CHARS: break
            kept.insert(0, m)
        note = SUMMARY_HEAD + summary
        sm = dict(type='message', id=self.msg_id(), role='user', content=[dict(type='input_text', text=note)],
                  internal_chat_message_metadata_passthrough=self.passthrough(['compaction.summary'], prov=HARNESS))
        history = [*self.kept_prompts, self.dev_msg(False), self.env_msg(False), *kept, sm]
        self.emit('compacted', dict(message=note, replacement_history=history))
        self.kept_prompts, self.prompts = kept, []
        self.context = sum(len(json.dumps(x)) for x in history) // CHARS_PER_TOKEN
        self.world_state(); self.turn_context(); self.settings()
        self.last = dict(ZERO, total_tokens=self.context); self.token_count()
        self.completed(dict(type='ContextCompaction', id=str(uuid.UUID(int=self.rng.getrandbits(128), version=4))))
        self.meta['compactions'] += 1

    def step(self):
        "One model call of the agent loop; False once it answers"
        out = self.reasoning() if self.rng.random() < REASONING_SHARE else 0
        if self.rng.random() < COMMENTARY_SHARE: self.say(self.text.prose(self.rng.randint(60, 400)))
        kind = pick(self.rng, STEP_WEIGHTS)
        if kind == 'answer': return False
        if kind in ('exec', 'parallel'):
            outs = self.exec_calls(1 if kind == 'exec' else self.rng.randint(2, 3))
            self.usage(self.rng.randint(40, 400), out); self.exec_outputs(outs)
        elif kind == 'patch':
            got = self.patch(); self.usage(self.rng.randint(200, 2_000), out); self.patch_output(*got)
        else:
            got = self.mcp(); self.usage(self.rng.randint(30, 200), out); self.mcp_output(*got)
        self.token_count()
        return True

    def turn(self, first=False):
        self.meta['turns'] += 1
        self.tid = uuid7(self.rng, self.now)
        self.turn_total, start = dict(ZERO), self.now
        if not first: self.settings()
        self.event(dict(type='task_started', turn_attribution=dict(
            turn_id=self.tid, turn_trigger='user', parent_turn_id=None, initiating_agent_path=None,
            root_turn_id=self.tid),
            turn_id=self.tid, root_turn_id=self.tid, started_at=self.now // 1000, model_context_window=CONTEXT_WINDOW,
            collaboration_mode_kind='default'), 1_000, 90_000)
        if first:
            self.resp_item(self.dev_msg(), mcp_attribution=dict(status='none'))
            self.resp_item(self.env_msg())
            self.world_state(); self.turn_context(); self.settings()
        elif self.compact_at and self.done() >= self.compact_at[0]:
            self.compact_at.pop(0); self.compact()
        else: self.turn_context()
        self.prompt(self.text.prose(self.rng.choice((60, 150, 300, 600, 1_500, 4_000))))
        steps, aborts = self.rng.randint(2, 40), not first and self.rng.random() < ABORT_TURN_SHARE
        for k in range(steps):
            if aborts and k == steps // 2: return self.abort(start)
            if not self.step() or self.done() >= 1: break
        self.say(self.text.prose(self.rng.randint(200, 2_500)))
        self.usage(self.rng.randint(100, 900)); self.token_count()
        self.event(dict(type='task_complete', root_turn_id=self.tid, turn_id=self.tid,
                        last_agent_message=self.text.prose(80), started_at=start // 1000,
                        completed_at=self.now // 1000, duration_ms=self.now - start,
                        time_to_first_token_ms=self.rng.randint(400, 4_000)))

    def abort(self, start):
        "The user interrupts the turn: a command left without output"
        self.exec_calls(1); self.usage(self.rng.randint(40, 200)); self.token_count()
        self.resp_item(dict(type='message', id=self.msg_id(), role='user', content=[dict(
            type='input_text', text='<turn_aborted>\nThe user interrupted the previous turn on purpose. Any running '
            'unified exec processes may still be running in the background.\n</turn_aborted>')],
            internal_chat_message_metadata_passthrough=self.passthrough(['turn_aborted'], prov=HARNESS)))
        self.event(dict(type='turn_aborted', root_turn_id=self.tid, turn_id=self.tid, reason='interrupted',
                        started_at=start // 1000, completed_at=self.now // 1000, duration_ms=self.now - start))
        self.meta['aborted'] += 1

    def run(self):
        self.out.parent.mkdir(parents=True, exist_ok=True)
        with open(self.out, 'wb') as self.fh:
            self.session_meta()
            self.turn(first=True)
            while self.done() < 1: self.turn()
        self.meta.update(bytes=self.written, lines=self.ordinal, last_ms=self.now)
        return self.meta


def rollout_name(sid, ms):
    "Where Codex files a rollout started at `ms`: `YYYY/MM/DD/rollout-YYYY-MM-DDTHH-MM-SS-<id>.jsonl`"
    t = iso(ms)[:19].replace(':', '-')
    return f'{t[:4]}/{t[5:7]}/{t[8:10]}/rollout-{t}-{sid}.jsonl'


def write_rollouts(n:int, total_mb:float, out_dir, seed:int=0, quiet:bool=True) -> list:
    "Write `n` rollouts totalling about `total_mb` MB under `out_dir/sessions/YYYY/MM/DD/`; one manifest entry each"
    rng, pools = random.Random(f'mk_rollout tree {seed}'), Pools(seed)
    projects = PROJECT_DIRS[:min(len(PROJECT_DIRS), max(3, n // 30))]
    weights = [1 / (k + 1) for k in range(len(projects))]
    starts = sorted(FIRST_START_MS + rng.randrange(SPREAD_DAYS * 86_400_000) for _ in range(n))
    k = MIN_SESSION_MB / MIN_ROLLOUT_MB  # mk_transcript's sizes, scaled to floor at MIN_ROLLOUT_MB instead
    sizes = [s / k for s in session_sizes(rng, n, total_mb * k)]
    root, manifest = Path(out_dir)/'sessions', []
    root.mkdir(parents=True, exist_ok=True)
    for i, (mb, start) in enumerate(zip(sizes, starts)):
        part = root/f'.part-{i}'
        meta = Rollout(part, mb=mb, seed=f'{seed}/{i}', cwd=rng.choices(projects, weights)[0], start_ms=start,
                       pools=pools).run()
        path = root/rollout_name(meta['sid'], start)
        path.parent.mkdir(parents=True, exist_ok=True)
        part.rename(path)
        os.utime(path, (meta['last_ms'] / 1000,) * 2)  # as if Codex wrote its last line then
        manifest.append(dict(path=str(path.relative_to(out_dir)), **meta))
        if not quiet and (i + 1) % 100 == 0: print(f'{i + 1} rollouts written', file=sys.stderr)
    return manifest


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('out', nargs='?', help='rollout to write (one-rollout mode)')
    ap.add_argument('--mb', type=float, default=50, help='size to reach, in MB (10**6 bytes)')
    ap.add_argument('--seed', type=int, default=0, help='everything random derives from it')
    ap.add_argument('--cwd', help=f'project directory written in the records (default {DEFAULT_CWD})')
    ap.add_argument('--meta', help='write the facts known by construction (a manifest with --rollouts) here')
    ap.add_argument('--rollouts', type=int, help='write this many rollouts under --out-dir instead of one file')
    ap.add_argument('--total-mb', type=float, default=100, help='total size of the --rollouts tree, in MB')
    ap.add_argument('--out-dir', help='the CODEX_HOME to fill (rollouts go in OUT_DIR/sessions/YYYY/MM/DD/)')
    ap.add_argument('--quiet', action='store_true', help='print nothing')
    a = ap.parse_args(argv)
    if a.rollouts is None and not a.out: ap.error('give OUT, or --rollouts N --out-dir DIR')
    if a.rollouts is not None and (a.out or not a.out_dir): ap.error('--rollouts needs --out-dir and no OUT')
    return a


def main(argv=None):
    a = parse_args(argv)
    if a.rollouts is not None:
        facts = write_rollouts(a.rollouts, a.total_mb, a.out_dir, a.seed, a.quiet)
        summary = f'{a.out_dir}: {len(facts)} rollouts, {sum(m["bytes"] for m in facts) / MB:.1f} MB'
    else:
        facts = Rollout(a.out, mb=a.mb, seed=a.seed, cwd=a.cwd).run()
        summary = (f'{a.out}: {facts["bytes"] / MB:.2f} MB, {facts["lines"]} lines, {facts["turns"]} turns, '
                   f'{facts["calls"]} tool calls, {facts["compactions"]} compactions, session {facts["sid"]}')
    if a.meta: Path(a.meta).write_text(json.dumps(facts, indent=1, sort_keys=True))
    if not a.quiet: print(summary, file=sys.stderr)


if __name__ == '__main__': main()
