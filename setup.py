"""Build configuration of the optional C extension ``gridsat._native``.

Project metadata lives in pyproject.toml; setuptools reads both. The extension is
optional: without a C compiler or Python headers the build prints a warning and the
install goes on without it (the ``native`` backend then reports itself unavailable and
says why).
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NATIVE_SOURCES = ["src/gridsat/native/core.c"]
NATIVE_DEPENDS = ["src/gridsat/native/core_impl.h"]


class optional_build_ext(build_ext):
    """build_ext that turns a failed compile into a warning instead of a failed install."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler at all, missing headers, ...
            self._warn(exc)

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._warn(exc, ext.name)

    @staticmethod
    def _warn(exc, name="the C extension"):
        msg = (f"WARNING: could not build {name} ({type(exc).__name__}: {exc}); "
               "gridsat works without it, the 'native' backend is unavailable")
        print(msg, file=sys.stderr)


def _compile_args():
    if os.name == "nt":
        return ["/O2"]
    return ["-O3", "-std=c99", "-Wall", "-Wno-unused-function"]


setup(
    ext_modules=[
        Extension(
            "gridsat._native",
            sources=NATIVE_SOURCES,
            depends=NATIVE_DEPENDS,
            extra_compile_args=_compile_args(),
            optional=True,
        )
    ],
    cmdclass={"build_ext": optional_build_ext},
)
