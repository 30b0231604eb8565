"""Which backend and encoding a job uses: the one place that decides.

Every default comes from the puzzle's kind record (:mod:`gridsat.kinds`); the front door,
the exporters, the counters, the race and the listings all ask this module.

>>> from gridsat import Sudoku
>>> from gridsat.selection import default_choice, resolve
>>> backend, encoding = resolve(Sudoku.empty(9), None, None)
>>> (backend.name, encoding.name) == default_choice(Sudoku.empty(9)).pair
True
>>> resolve(Sudoku.empty(9), "minisat22", None)[1].name   # a SAT backend: its fallback pair's encoding
'cnf-extended'
"""

from __future__ import annotations

from .backends import Backend, get_backend, list_backends
from .backends.base import BACKENDS
from .encoders import Encoding, catalogued_target, get_encoding, list_encodings
from .errors import UnsupportedError
from .kinds import KINDS, Choice, kind_of
from .limits.caps import TooLarge, check_memory

__all__ = ["resolve", "pick_encoding", "default_choice", "default_roles", "check_limits"]

#: the backend an encoding's target runs on when the kind's default backend takes another target
TARGET_BACKENDS: dict[str, str] = {"cnf": "minisat22", "cpsat": "cpsat"}


def default_choice(puzzle, *, kind=None) -> Choice:
    """The default backend/encoding pair for ``puzzle``, with the reason (see :class:`~gridsat.kinds.Choice`).

    A pair whose backend cannot run here (e.g. the C core was not built), or whose encoding
    does not take the puzzle (a constraint the C core does not propagate: its encodings
    declare the types they read), gives way to its ``fallback``. ``kind``: the puzzle's kind
    record, when the caller has it.
    """
    kind = kind or kind_of(puzzle)
    BACKENDS.fill_kind(kind.name)  # (the kind's own backends are declared, not every kind's)
    choice = kind.default(puzzle)
    while choice.fallback is not None and (_cannot_run(choice.backend) or not _takes(choice, puzzle, kind)):
        choice = choice.fallback
    return choice


def _takes(choice: Choice, puzzle, kind) -> bool:
    """Whether the choice's encoding applies to ``puzzle`` (an unknown name: let :func:`resolve` say so)."""
    try:
        return get_encoding(choice.encoding, kind.name).applies(puzzle)
    except UnsupportedError:
        return True


def _cannot_run(name: str) -> bool:
    try:
        return get_backend(name).unavailable() is not None
    except ImportError:
        return True


def default_roles(what: str) -> dict:
    """What each default serves, for listings: ``"default for ..."`` texts.

    Parameters
    ----------
    what : {"backend", "encoding"}
        Key the texts by backend name, or by ``(kind, encoding name)``.
    """
    roles: dict = {}
    for kind in KINDS.values():
        for choice in kind.choices:
            key = choice.backend if what == "backend" else (kind.name, choice.encoding)
            roles.setdefault(key, []).append(choice.serves)
    return {key: "default for " + ", ".join(labels) for key, labels in roles.items()}


def _chain(choice: "Choice | None"):
    """``choice`` and its fallbacks, in order."""
    while choice is not None:
        yield choice
        choice = choice.fallback


def _first_that_applies(puzzle, target: str) -> Encoding | None:
    return next((e for e in list_encodings(puzzle.kind, target) if e.applies(puzzle)), None)


def _admissible(puzzle, b: Backend, enc: Encoding) -> Encoding:
    """``enc``, or when its memory estimate is over the budget, the first other encoding of the
    backend's target that applies and is within it (``enc`` again when none is: the front door
    then refuses it, naming it). Only for a backend named without an encoding."""
    try:
        check_limits(puzzle, b, enc)
        return enc
    except TooLarge:
        pass
    for other in list_encodings(puzzle.kind, b.target):
        if other.name != enc.name and other.applies(puzzle):
            try:
                check_limits(puzzle, b, other)
            except TooLarge:
                continue
            return other
    return enc


def _checked(enc: Encoding, puzzle) -> Encoding:
    if not enc.applies(puzzle):
        raise UnsupportedError(enc.refusal(puzzle) or f"encoding {enc.name} does not apply to {puzzle!r}")
    return enc


def resolve(puzzle, backend: "str | Backend | None", encoding: "str | Encoding | None", *,
            choice: "Choice | None" = None, kind=None) -> tuple[Backend, Encoding]:
    """The backend and encoding to use: defaults filled in, mismatches explained.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    backend : str or Backend, optional
        ``None``: the kind's default backend, or one of the encoding's target.
    encoding : str or Encoding, optional
        ``None``: the kind's default encoding, or the kind's choice for this backend.
    choice : Choice, optional
        :func:`default_choice` of the puzzle, when the caller has chosen it already.
    kind : Kind, optional
        The puzzle's kind record, when the caller has it.

    Returns
    -------
    (Backend, Encoding)
        A pair of the same target; the encoding applies to the puzzle.

    Raises
    ------
    UnsupportedError
        Unknown names, a backend and an encoding of different targets, or no encoding of the
        backend's target that applies.
    """
    kind = kind or kind_of(puzzle)
    choice = choice or default_choice(puzzle, kind=kind)
    if backend is None and encoding is None:
        return get_backend(choice.backend), _checked(get_encoding(choice.encoding, kind.name), puzzle)
    if backend is None:
        enc = _checked(get_encoding(encoding, kind.name), puzzle)
        b = get_backend(choice.backend)
        if b.target != enc.target:  # the kind's default backend takes another target
            names = list_backends(enc.target)
            if not names:
                raise UnsupportedError(f"encoding {enc.name} needs a {enc.target} backend; none is installed")
            preferred = TARGET_BACKENDS.get(enc.target)
            b = get_backend(preferred if preferred in names else names[0])
        return b, enc
    b = get_backend(backend)
    if encoding is None:
        chain = list(_chain(kind.default(puzzle)))
        # the backend of a default pair or its fallback; else the kind's word; else an encoding
        # of the backend's target in the default pairs
        name = (next((c.encoding for c in chain if c.backend == b.name), None)
                or kind.encoding_for(puzzle, b.name, b.target)
                or next((c.encoding for c in chain if catalogued_target(c.encoding, kind.name) == b.target), None)
                or choice.encoding)
        if catalogued_target(name, kind.name) in (None, b.target):  # (don't load encodings of another target)
            enc = get_encoding(name, kind.name)
            if enc.target == b.target and enc.applies(puzzle):
                return b, _admissible(puzzle, b, enc)
        enc = _first_that_applies(puzzle, b.target)
        if enc is None:
            why = next(filter(None, (e.refusal(puzzle) for e in list_encodings(kind.name, b.target))), None)
            raise UnsupportedError(f"backend {b.name} has no encoding for {kind.name}" + (f": {why}" if why else ""))
        return b, _admissible(puzzle, b, enc)
    enc = get_encoding(encoding, kind.name)
    if enc.target != b.target:
        raise UnsupportedError(f"encoding {enc.name} is for {enc.target} backends, but {b.name} takes {b.target}")
    return b, _checked(enc, puzzle)


def pick_encoding(puzzle, encoding: "str | Encoding | None", target: str) -> Encoding:
    """The encoding of ``target`` to export or count with.

    ``encoding`` if given (checked against ``target`` and the puzzle); else the kind's
    export encoding when it has this target, else the first of this target that applies.
    The board is checked against its size cap and the encoding's memory estimate
    (:func:`check_limits`), since the caller builds it next.
    """
    enc = _pick(puzzle, encoding, target)
    check_limits(puzzle, None, enc)
    return enc


def _pick(puzzle, encoding: "str | Encoding | None", target: str) -> Encoding:
    kind = kind_of(puzzle)
    if encoding is not None:
        enc = get_encoding(encoding, kind.name)
        if enc.target != target:
            raise UnsupportedError(f"encoding {enc.name} is a {enc.target} encoding, not {target}")
        return _checked(enc, puzzle)
    enc = get_encoding(kind.export_encoding, kind.name)
    if enc.target == target and enc.applies(puzzle):
        return enc
    enc = _first_that_applies(puzzle, target)
    if enc is None:
        raise UnsupportedError(f"no {target} encoding for {kind.name}")
    return enc


def check_limits(puzzle, backend: "Backend | None", encoding: Encoding, *, kind=None) -> int:
    """Refuse a board past its kind's size cap or over the memory budget, before building.

    Parameters
    ----------
    puzzle : Sudoku or Hidato
    backend : Backend or None
        Its ``memory_scale(encoding name)`` (or ``memory_factor``) scales the estimate
        (``None``: the formula alone, as exports and model counters build it).
    encoding : Encoding
    kind : Kind, optional
        The puzzle's kind record, when the caller has it.

    Returns
    -------
    int
        The memory estimate in bytes.

    Raises
    ------
    TooLarge
        Past the kind's cap for the encoding (``Kind.cap``), or an estimate above :func:`gridsat.limits.memory_budget`.
    """
    kind = kind or kind_of(puzzle)
    cells = kind.cells(puzzle)
    most, words = kind.cap(encoding.name)
    if most and cells > most:
        extra = "" if most == kind.max_cells else f" for {encoding.name}"
        wider = [f"{name} takes up to {w}" for name, (m, w) in kind.cell_caps.items() if m >= cells]
        raise TooLarge(f"{kind.describe(puzzle)}: {cells} cells is more than the {most} "
                       f"a {kind.name} board may have{extra} ({words}{'; ' if wider else ''}{', '.join(wider)})")
    scale = getattr(backend, "memory_scale", None)  # (a backend of the Backend class, or any object)
    factor = scale(encoding.name) if scale is not None else getattr(backend, "memory_factor", 1.0)
    estimate = int(encoding.estimate(puzzle) * factor)
    who = f"{encoding.name} on {backend.name}" if backend is not None else encoding.name
    check_memory(estimate, lambda: f"{who} for this {kind.describe(puzzle)}")  # (described only on refusal)
    return estimate
