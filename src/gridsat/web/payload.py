"""Request bodies of the workbench's JSON API: reading them, their limits, and the puzzle they hold.

Every way a request can be wrong ends in :class:`BadRequest` (status 400, or 413 for a body
past :data:`MAX_BODY`), whose JSON answer carries the same ``file:line:col: message`` the
command line prints for the same text. Nothing here opens a file: a puzzle "path" is read
as puzzle text like any other.
"""

from __future__ import annotations

import json
import math
import re
import sys
from dataclasses import dataclass
from typing import Any

from ..errors import GridsatError, ParseError
from ..kinds import kind_of

__all__ = ["BadRequest", "Limits", "Loaded", "parse_body", "load_puzzle", "number", "flag", "choice",
           "time_limit", "shown", "SOURCE"]

#: the source name a request's puzzle text is given in error locations
SOURCE = "<puzzle>"
#: the most digits an integer in a request body may have (Python's own limit for ``int()``)
MAX_DIGITS = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 4300


@dataclass(frozen=True)
class Limits:
    """What the server allows one request.

    Attributes
    ----------
    max_body : int
        Bytes of a request body (a larger one answers 413).
    max_cells : int
        Cells of a board (a larger one answers 400); the front door's own caps also apply.
    default_time : float
        Seconds a job runs when the request names no ``time_limit``.
    max_time : float
        The largest ``time_limit`` (and improve budget) a request may ask for.
    max_count : int
        The largest ``limit`` of a count.
    max_workers : int
        The most worker processes an improve may ask for.
    max_queue : int
        Jobs that may wait for a worker; past it a request answers 429 with ``Retry-After``.
    worker_memory : int, optional
        Each worker process's address-space limit in bytes (``None``: the engine's default
        budget plus its baseline, or the server's own limit when lower).
    """

    max_body: int = 256 * 1024
    max_cells: int = 1600
    default_time: float = 10.0
    max_time: float = 60.0
    max_count: int = 1_000_000
    max_workers: int = 4
    max_queue: int = 64
    worker_memory: int | None = None

    def __post_init__(self) -> None:
        if self.worker_memory is None:
            from ..limits import BASELINE, DEFAULT_BUDGET, memory_limit

            own = memory_limit()
            object.__setattr__(self, "worker_memory", min(DEFAULT_BUDGET + BASELINE, own or DEFAULT_BUDGET + BASELINE))


class BadRequest(GridsatError):
    """A request the server will not run: the answer is ``status`` with a JSON error body.

    Parameters
    ----------
    message : str
        What is wrong, in one line.
    line, col : int, optional
        Where in the puzzle text (1-based), when it is about the text.
    status : int
        The HTTP status (400, or 413 for a body that is too large).
    located : str, optional
        The ``file:line:col: message`` line (default: the message).
    """

    def __init__(self, message: str, line: int | None = None, col: int | None = None, status: int = 400,
                 located: str | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.col, self.status = message, line, col, status
        self.located = located or message

    @classmethod
    def from_parse(cls, err: ParseError) -> "BadRequest":
        """The answer to a puzzle text the readers refused (as the command line words it)."""
        return cls(err.message, err.line, err.col, 400, err.located() if (err.file or err.line) else err.message)

    def to_dict(self) -> dict[str, Any]:
        """The JSON error body: ``error`` (located), ``message``, ``line``, ``col``."""
        return {"status": "error", "error": self.located, "message": self.message, "line": self.line,
                "col": self.col}


def parse_body(raw: bytes, limits: Limits) -> dict[str, Any]:
    """A request body as a JSON object, within ``limits.max_body``.

    Raises
    ------
    BadRequest
        413 for a body that is too large; 400 for one that is not a JSON object.
    """
    if len(raw) > limits.max_body:
        raise BadRequest(f"request body too large: {len(raw):,} bytes; the limit is {limits.max_body:,}", status=413)
    if not raw.strip():
        return {}
    try:
        body = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise BadRequest("request body is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise BadRequest(f"request body is not JSON: {e.msg}", e.lineno, e.colno,
                         located=f"<body>:{e.lineno}:{e.colno}: not JSON: {e.msg}") from None
    except RecursionError:
        raise BadRequest("request body is nested too deeply") from None
    except ValueError:  # an integer past Python's digit limit for int()
        raise BadRequest(f"request body holds a number with more than {MAX_DIGITS:,} digits") from None
    if not isinstance(body, dict):
        raise BadRequest("request body must be a JSON object, e.g. {\"puzzle\": \"...\"}")
    return body


def shown(value: Any, width: int = 40) -> str:
    """``value`` as JSON, cut to ``width`` characters (a number too long to write is named so)."""
    try:
        text = json.dumps(value)
    except (ValueError, TypeError, RecursionError):
        return "a value too large to show"
    return text if len(text) <= width else text[: width - 3] + "..."


#: a number written as a string: sign, digits, fraction, exponent (at most 40 characters)
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,4})?")


def number(body: dict, key: str, default: Any, *, cast=float, low: float | None = None,
           high: float | None = None) -> Any:
    """``body[key]`` as a number from ``low`` to ``high`` (``default`` when absent or null).

    ``cast=int`` takes integers only: ``2.5`` (or ``"2.5"``) is refused, never rounded.

    Raises
    ------
    BadRequest
        Not a number, not an integer when one is wanted, or out of range.
    """
    value = body.get(key)
    if value is None:
        return default
    want = "an integer" if cast is int else "a number"
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise BadRequest(f"{key}: expected {want}, got {shown(value)}")
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 40 or not _NUMBER.fullmatch(text):
            raise BadRequest(f"{key}: expected {want}, got {shown(value)}")
        value = float(text) if any(ch in text for ch in ".eE") else int(text)
    if isinstance(value, float) and not math.isfinite(value):
        raise BadRequest(f"{key}: expected a finite number, got {shown(value)}")
    if cast is int and isinstance(value, float):
        if not value.is_integer():
            raise BadRequest(f"{key}: expected an integer, got {shown(value)}")
        value = int(value)
    if low is not None and value < low:
        raise BadRequest(f"{key}: must be at least {low:g}, got {shown(value)}")
    if high is not None and value > high:
        raise BadRequest(f"{key}: must be at most {high:g}, got {shown(value)}")
    return cast(value)


def flag(body: dict, key: str) -> bool:
    """``body[key]`` as a boolean (absent: False)."""
    value = body.get(key, False)
    if not isinstance(value, bool) and value is not None:
        raise BadRequest(f"{key}: expected true or false, got {shown(value)}")
    return bool(value)


def choice(body: dict, key: str, options, default: str | None = None) -> str | None:
    """``body[key]``, which must be one of ``options`` (absent: ``default``)."""
    value = body.get(key)
    if value is None or value == "":
        return default
    if value not in options:
        raise BadRequest(f"{key}: {shown(value)} is not one of {', '.join(map(str, options))}")
    return value


def time_limit(body: dict, limits: Limits, key: str = "time_limit") -> float:
    """The job's time limit in seconds: ``body[key]``, default ``limits.default_time``, capped."""
    return number(body, key, limits.default_time, low=0.001, high=limits.max_time)


@dataclass
class Loaded:
    """The one puzzle of a request, the format that read it and a solution stored with it."""

    puzzle: Any
    format: str | None
    solution: tuple | None


def _text(body: dict, key: str = "puzzle") -> str:
    value = body.get(key)
    if value is None:
        raise BadRequest(f"missing \"{key}\": the puzzle as text in any format gridsat reads")
    if not isinstance(value, str):
        raise BadRequest(f"\"{key}\" must be a string of puzzle text, got {type(value).__name__}")
    return value


def load_puzzle(body: dict, limits: Limits, key: str = "puzzle") -> Loaded:
    """Read ``body[key]`` with ``body["format"]``, ``body["kind"]`` and ``body["box"]`` as the
    command line reads a file, and apply the board-size cap.

    Raises
    ------
    BadRequest
        The text does not read (located as the command line locates it), holds no puzzle,
        or the board is larger than ``limits.max_cells``.
    """
    from ..formats.detect import read_told

    text = _text(body, key)
    opts = {name: body.get(name) or None for name in ("format", "kind", "box")}
    for name, value in opts.items():
        if value is not None and not isinstance(value, str):
            raise BadRequest(f"{name}: expected a string, got {shown(value)}")
    try:
        entries, told = read_told(text, SOURCE, **opts)  # (read once, its format told once)
    except ParseError as e:
        raise BadRequest.from_parse(e) from None
    except GridsatError as e:
        raise BadRequest(str(e)) from None
    if not entries:
        raise BadRequest.from_parse(ParseError("empty input: no puzzle found", SOURCE, 1, 1))
    first = entries[0]
    if not first.ok:
        err = first.error if isinstance(first.error, ParseError) else ParseError(str(first.error), SOURCE)
        raise BadRequest.from_parse(err)
    puzzle = first.puzzle
    kind = kind_of(puzzle)
    cells = kind.cells(puzzle)
    if cells > limits.max_cells:
        raise BadRequest(f"board too large for the workbench: {cells:,} cells; the limit is {limits.max_cells:,}")
    fmt = first.format or opts["format"] or told.name
    return Loaded(puzzle, fmt, first.solution)
