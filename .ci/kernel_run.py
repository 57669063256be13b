"""Run one notebook whole in a real Jupyter kernel (nbclient and ipykernel), as a reader's Run All does, and keep the
executed copy. Only the cells nbdev_test skips are skipped: those with a test flag of settings.ini (`#| live` spends
tokens, `#| notest`, `#| rebuild`), `#| eval: false`, and the `nbdev_export(` cell.
Usage: python .ci/kernel_run.py NOTEBOOK OUT_DIR   (exits 1, with the failing cell's error, if a cell raises)"""
import re, sys
from pathlib import Path
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbdev.config import get_config

FLAGS = set(get_config().get('tst_flags', '').split())

def skipped(src):
    "Does nbdev_test skip a code cell with source `src`?"
    ds = [l[3:].strip() for l in src.splitlines() if l.startswith('#|')]
    return ('nbdev_export(' in src or any(d.split()[0] in FLAGS for d in ds if d)
            or any(re.fullmatch(r'eval:\s*false', d) for d in ds))

nb_path, out_dir = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
nb = nbformat.read(nb_path, as_version=4)
for c in nb.cells:
    if c.cell_type == 'code' and skipped(c.source): c.metadata.setdefault('tags', []).append('skip-execution')
def run(nb):
    "Execute `nb` in place in a fresh kernel; a slow machine gets three minutes for the kernel to start"
    NotebookClient(nb, timeout=1200, startup_timeout=180, kernel_name='python3',
                   resources={'metadata': {'path': str(nb_path.parent)}}).execute()

try:
    try: run(nb)
    except CellExecutionError: raise
    except Exception as e:  # the kernel did not start, or died: the machine's doing, not a cell's; once more, saying so
        print(f'{nb_path.name}: the kernel failed ({type(e).__name__}: {str(e)[:300]}); running the notebook again')
        for c in nb.cells:
            if c.cell_type == 'code': c.outputs = []
        run(nb)
except CellExecutionError as e:
    print(str(e)[-3000:]); sys.exit(1)
finally:
    out_dir.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, out_dir/nb_path.name)
