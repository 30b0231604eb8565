"""MiniZinc data files (``.dzn``) for the reference models in ``models/``.

The writer is the ``mzn`` encoding's (:mod:`gridsat.encoders.mzn`), so an exported file
is exactly what the ``minizinc`` backend solves.
"""

from ..encoders.mzn import MODELS_DIR, decode_dzn_solution, model_path, to_dzn

__all__ = ["to_dzn", "decode_dzn_solution", "model_path", "MODELS_DIR"]
