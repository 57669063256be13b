"""Render nbs/index.ipynb to README.md without quarto (which cannot be installed here).
Markdown cells are copied, code cells become ```python blocks followed by their text outputs,
cells marked `#| hide` (and the `nbdev_export(` cell) are dropped, other `#|` directive lines removed.
Usage: python .ci/mk_readme.py [--check]   (--check exits 1 if README.md is out of date)"""
import json, sys, re
from pathlib import Path

root = Path(__file__).resolve().parent.parent
nb = json.loads((root/'nbs'/'index.ipynb').read_text(encoding='utf-8'))

def src(c): return ''.join(c['source']) if isinstance(c['source'], list) else c['source']
def directives(s): return [l for l in s.splitlines() if l.startswith('#|')]

def out_text(o):
    if o['output_type'] == 'stream': t = o['text']
    elif 'data' in o: t = o['data'].get('text/markdown') or o['data'].get('text/plain', '')
    else: return ''
    return ''.join(t) if isinstance(t, list) else t

parts = []
for c in nb['cells']:
    s = src(c)
    if c['cell_type'] == 'markdown':
        parts.append(s.strip()); continue
    if c['cell_type'] != 'code': continue
    ds = directives(s)
    if any(re.match(r'#\|\s*hide\b', d) for d in ds) or 'nbdev_export(' in s: continue
    code = '\n'.join(l for l in s.splitlines() if not l.startswith('#|')).strip()
    if code: parts.append(f'```python\n{code}\n```')
    outs = ''.join(out_text(o) for o in c.get('outputs', [])).rstrip()
    if outs: parts.append(f'```\n{outs}\n```')
md = '\n\n'.join(p for p in parts if p) + '\n'
md = '<!-- Generated from nbs/index.ipynb by .ci/mk_readme.py: edit the notebook, not this file. -->\n\n' + md
readme = root/'README.md'
if '--check' in sys.argv:
    if readme.read_text(encoding='utf-8') != md: print('README.md is out of date: run python .ci/mk_readme.py'); sys.exit(1)
    print('README.md matches nbs/index.ipynb')
else: readme.write_text(md, encoding='utf-8'); print('wrote', readme)
