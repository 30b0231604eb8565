"""Sphinx configuration for the gridsat documentation (``make docs``)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT / "src"))

import gridsat  # noqa: E402

project = "gridsat"
author = "the gridsat contributors"
copyright = "the gridsat contributors"
release = version = gridsat.__version__

extensions = [
    "myst_nb",  # Markdown pages (it includes myst_parser) and the notebooks
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
    "numpydoc",
    "sphinxarg.ext",  # the CLI reference, generated from gridsat.cli.build_parser()
]

# .rst first: autosummary writes its generated pages with the first suffix
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints"]
# plain literal blocks (format samples) are not Python
highlight_language = "none"

# -- MyST -------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# A page may go from "##" straight to "####" (benchmark tables under a section): allowed.
suppress_warnings = ["myst.header"]

# -- Notebooks ----------------------------------------------------------------
# The notebooks in notebooks/ are the tutorials. They are executed by the
# test suite (tests/test_notebooks.py, small mode), and committed without
# outputs. The docs build renders them WITHOUT executing them: a full run
# takes minutes (notebook 02 alone about 2 minutes on 2 cores), so the pages
# show the code and the explanations, and the reader runs them.
nb_execution_mode = "off"
NOTEBOOKS_OUT = DOCS / "tutorials" / "notebooks"


def _copy_notebooks() -> None:
    """Copy notebooks/*.ipynb under the source tree (Sphinx reads only docs/)."""
    NOTEBOOKS_OUT.mkdir(parents=True, exist_ok=True)
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        target = NOTEBOOKS_OUT / nb.name
        if not target.exists() or target.read_bytes() != nb.read_bytes():
            shutil.copyfile(nb, target)


_copy_notebooks()

# -- API reference ------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
# ignore-module-all: a package documents what it defines; its re-exports are documented
# where they are defined (no duplicate descriptions)
autodoc_default_options = {"members": True, "show-inheritance": True, "ignore-module-all": True}
autodoc_typehints = "none"  # numpydoc lists the types in the docstrings
autodoc_member_order = "bysource"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False

# -- HTML ---------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"gridsat {release}"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
html_static_path: list[str] = []
