"""Build configuration of the optional C extensions ``gridsat._native``, ``gridsat._pathsearch``, ``gridsat._csp``
and the logical solver's filter ``gridsat.kinds.sudoku.logic._logic``.

Project metadata lives in pyproject.toml; setuptools reads both. The extensions are
optional: without a C compiler or Python headers the build prints a warning and the
install goes on without them (the ``native``, ``search`` and ``csp`` backends then report
themselves unavailable and say why, and the logical solver runs every technique in Python).
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NATIVE_SOURCES = ["src/gridsat/native/core.c"]
NATIVE_DEPENDS = ["src/gridsat/native/bits.h", "src/gridsat/native/core.h", "src/gridsat/native/core_base.h", "src/gridsat/native/core_impl.h", "src/gridsat/native/core_gen.h",
                  "src/gridsat/native/core_carve.h", "src/gridsat/native/core_band.h", "src/gridsat/native/core_band_tables.h",
                  "src/gridsat/native/core_band_choose.h", "src/gridsat/native/core_band_search.h",
                  "src/gridsat/native/core_x16.h",
                  "src/gridsat/native/core_batch.h", "src/gridsat/native/core_ext.h",
                  "src/gridsat/native/core_ext_impl.h", "src/gridsat/native/verify9.h"]
PATHSEARCH_SOURCES = ["src/gridsat/native/pathsearch.c"]
PATHSEARCH_DEPENDS = ["src/gridsat/native/bits.h", "src/gridsat/native/pathsearch_state.h", "src/gridsat/native/pathsearch_moves.h", "src/gridsat/native/pathsearch_chain.h",
                      "src/gridsat/native/pathsearch_transport.h", "src/gridsat/native/pathsearch_exact.h",
                      "src/gridsat/native/pathsearch_pair.h", "src/gridsat/native/pathsearch_route.h"]
CSP_SOURCES = ["src/gridsat/native/csp.c"]
CSP_DEPENDS = ["src/gridsat/native/csp.h"]
LOGIC_SOURCES = ["src/gridsat/kinds/sudoku/logic/native/logic.c"]
LOGIC_DEPENDS = ["src/gridsat/native/bits.h", "src/gridsat/kinds/sudoku/logic/native/lg.h", "src/gridsat/kinds/sudoku/logic/native/lg_py.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_registry.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_singles.h", "src/gridsat/kinds/sudoku/logic/native/lg_subsets.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_fish.h", "src/gridsat/kinds/sudoku/logic/native/lg_single_digit.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_wings.h", "src/gridsat/kinds/sudoku/logic/native/lg_uniqueness.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_chains.h", "src/gridsat/kinds/sudoku/logic/native/lg_forcing.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_chain_steps.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_single_digit_steps.h",
                 "src/gridsat/kinds/sudoku/logic/native/lg_search.h"]

#: extension module -> the backend that needs it (for the warning when it cannot be built)
BACKEND_OF = {"gridsat._native": "native", "gridsat._pathsearch": "search", "gridsat._csp": "csp",
              "gridsat.kinds.sudoku.logic._logic": "logic"}


class optional_build_ext(build_ext):
    """build_ext that turns a failed compile into a warning instead of a failed install."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler at all, missing headers, ...
            for ext in self.extensions:
                self._warn(exc, ext.name)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            tuning = [a for a in ext.extra_compile_args if a in TUNING]
            if not tuning:
                self._warn(exc, ext.name)
                return
            # a compiler that does not know a tuning flag: build without it
            print(f"note: building {ext.name} again without {' '.join(tuning)}", file=sys.stderr)
            ext.extra_compile_args = [a for a in ext.extra_compile_args if a not in TUNING]
            self.build_extension(ext)

    @staticmethod
    def _warn(exc, name):
        backend = BACKEND_OF.get(name, "?")
        what = ("the logical solver runs every technique in Python" if backend == "logic"
                else f"the '{backend}' backend is unavailable")
        msg = f"WARNING: could not build {name} ({type(exc).__name__}: {exc}); gridsat works without it, {what}"
        print(msg, file=sys.stderr)


#: flags that only tune speed: an extension is built again without them if they fail
TUNING = ("-fno-tree-slp-vectorize",)


def _compile_args(tuning=()):
    if os.name == "nt":
        return ["/O2"]
    return ["-O3", "-std=c99", "-Wall", "-Wno-unused-function", *tuning]


setup(
    ext_modules=[
        Extension(
            "gridsat._native",
            sources=NATIVE_SOURCES,
            depends=NATIVE_DEPENDS,
            # GCC's straight-line vectorizer packs neighbouring state words of the 9x9 band
            # search into short vectors that wait on the scalar stores just made (2% slower on
            # hard puzzles, docs/benchmarks/sudoku.md); the loop vectorizer stays on
            extra_compile_args=_compile_args(TUNING),
            optional=True,
        ),
        Extension(
            "gridsat._pathsearch",
            sources=PATHSEARCH_SOURCES,
            depends=PATHSEARCH_DEPENDS,
            extra_compile_args=_compile_args(),
            optional=True,
        ),
        Extension(
            "gridsat._csp",
            sources=CSP_SOURCES,
            depends=CSP_DEPENDS,
            extra_compile_args=_compile_args(),
            optional=True,
        ),
        Extension(
            "gridsat.kinds.sudoku.logic._logic",
            sources=LOGIC_SOURCES,
            depends=LOGIC_DEPENDS,
            extra_compile_args=_compile_args(),
            optional=True,
        ),
    ],
    cmdclass={"build_ext": optional_build_ext},
)
