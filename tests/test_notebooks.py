"""Every notebook in ``notebooks/`` runs from top to bottom, so none of them rots.

Each notebook has a cell tagged ``parameters`` (papermill style) holding ``SMALL = False``;
the test inserts ``SMALL = True`` right after it (tagged ``injected-parameters``), which
keeps each notebook to seconds, and executes the notebook with nbclient in a kernel that
runs *this* interpreter (a kernel spec written for the test, so a user's own ``python3``
kernel spec cannot point the test at another environment). The notebooks' own check cells
(``assert`` on OEIS figures, statuses, counts) make a regression fail the test.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
EXPECTED = ["01-quickstart", "02-comparing-encodings", "03-counting-and-uniqueness", "04-generating-puzzles",
            "05-more-kinds"]

#: per cell; a cell that runs longer fails the test with its source (CellTimeoutError)
CELL_TIMEOUT_S = 120


def test_every_notebook_is_tested():
    assert [p.stem for p in NOTEBOOKS] == EXPECTED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_is_clean(path):
    """Committed without outputs, with exactly one ``parameters`` cell that sets SMALL = False."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert all(not c.outputs and c.execution_count is None for c in code), "strip the outputs"
    tagged = [c for c in code if "parameters" in c.metadata.get("tags", [])]
    assert len(tagged) == 1 and "SMALL = False" in tagged[0].source
    assert any(c.cell_type == "markdown" for c in nb.cells[:1]), "start with a title cell"


def inject_small(nb) -> None:
    """Insert ``SMALL = True`` after the ``parameters`` cell, as papermill does."""
    for i, cell in enumerate(nb.cells):
        if "parameters" in cell.metadata.get("tags", []):
            injected = new_code_cell("# injected by tests/test_notebooks.py\nSMALL = True")
            injected.metadata["tags"] = ["injected-parameters"]
            nb.cells.insert(i + 1, injected)
            return
    raise AssertionError("the notebook has no cell tagged 'parameters'")


def kernel_manager(tmp_path: Path) -> KernelManager:
    """A kernel running ``sys.executable`` (the virtualenv's Python with gridsat installed)."""
    spec = tmp_path / "kernels" / "gridsat-test"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "gridsat test", "language": "python"}))
    ksm = KernelSpecManager(kernel_dirs=[str(spec.parent)], ensure_native_kernel=False)
    return KernelManager(kernel_name="gridsat-test", kernel_spec_manager=ksm)


@pytest.mark.slow
@pytest.mark.timeout(400)      # above the per-cell limit, so a hung cell is named by nbclient
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path, tmp_path, record_property):
    nb = nbformat.read(path, as_version=4)
    inject_small(nb)
    # first cell: prove the kernel is this interpreter
    probe = new_code_cell("import sys\nprint(sys.executable)")
    nb.cells.insert(0, probe)
    client = NotebookClient(nb, timeout=CELL_TIMEOUT_S, kernel_name="gridsat-test", km=kernel_manager(tmp_path),
                            resources={"metadata": {"path": str(NOTEBOOK_DIR)}})
    t0 = time.perf_counter()
    client.execute()            # raises CellExecutionError on the first failing cell
    elapsed = time.perf_counter() - t0
    record_property("seconds", round(elapsed, 2))

    printed = "".join(o.get("text", "") for o in nb.cells[0].outputs if o.get("name") == "stdout")
    assert printed.strip() == sys.executable, "the kernel must run this interpreter"
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    ran = [c for c in nb.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in ran), "every code cell ran"
