"""Mutations of valid puzzle texts, as hypothesis strategies and as a plain random generator.

An operation is a tuple ``(name, where, payload)``: ``where`` is a fraction of the text (or of
its lines) in ``[0, 1)``, so one operation list applies to any text. :func:`apply_ops` is the
one place that performs them; :func:`ops_strategy` draws them with hypothesis (which shrinks a
failure to few, simple operations) and :func:`random_ops` with :class:`random.Random` (fast
enough for 100,000 inputs).
"""

from __future__ import annotations

import json
import random
import re

from hypothesis import strategies as st

__all__ = ["OPS", "apply_ops", "ops_strategy", "random_ops", "mutated", "random_bytes", "wrong_json",
           "random_wrong_json", "ALPHABET"]

#: characters an insertion or replacement draws from: cell symbols, separators, Unicode digits
#: that ``str.isdigit`` accepts, control characters and line separators other than ``\n``
ALPHABET = ("0123456789.-_#|,/[]{}\" :+-eE\tabcxAZ\n\r"
            "\u00b2\u0663\u0665\uff15\u09e9\u2155\u00bd\x00\x1c\x1d\x85\u2028\u2029\x0b\x0c\ufeff\u200b")
#: numbers a number replacement draws from
NUMBERS = ["0", "-1", "-2", "-0", "+8", "1_0", "00", "010", "999999999", "1000000000", "9" * 12, "9" * 5000,
           "-" + "9" * 40, "1e3", "1.5", "NaN", "Infinity", "\u0663", "\uff11\uff12", "0x10", "null", "true"]
OPS = ("delete", "insert", "replace", "drop_row", "dup_row", "swap_rows", "number", "nest", "cut", "blank_row")
_NUM = re.compile(r"-?\d+")


def _at(where: float, n: int) -> int:
    return min(int(where * n), max(n - 1, 0)) if n else 0


def apply_op(text: str, op: tuple) -> str:
    """``text`` after one operation."""
    name, where, payload = op
    if name == "delete":
        i = _at(where, len(text))
        return text[:i] + text[i + 1 + int(payload) % 3:]
    if name == "insert":
        i = _at(where, len(text) + 1)
        return text[:i] + payload + text[i:]
    if name == "replace":
        i = _at(where, len(text))
        return text[:i] + payload + text[i + 1:]
    if name == "cut":
        return text[:_at(where, len(text) + 1)]
    lines = text.split("\n")
    if name in ("drop_row", "dup_row", "swap_rows", "blank_row"):
        i = _at(where, len(lines))
        if name == "drop_row" and len(lines) > 1:
            del lines[i]
        elif name == "dup_row":
            lines.insert(i, lines[i])
        elif name == "swap_rows" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif name == "blank_row":
            lines.insert(i, "")
        return "\n".join(lines)
    if name == "number":
        nums = list(_NUM.finditer(text))
        if not nums:
            return text + payload
        m = nums[_at(where, len(nums))]
        return text[:m.start()] + payload + text[m.end():]
    if name == "nest":
        depth = int(payload)
        i = _at(where, len(text) + 1)
        return text[:i] + "[" * depth + text[i:] + "]" * depth
    raise ValueError(name)


def apply_ops(text: str, ops) -> str:
    """``text`` after every operation of ``ops`` in turn."""
    for op in ops:
        text = apply_op(text, op)
    return text


# ---------------------------------------------------------------------- hypothesis strategies
_where = st.floats(min_value=0, max_value=1, exclude_max=True, allow_nan=False)
_chars = st.sampled_from(list(ALPHABET))
_op = st.one_of(
    st.tuples(st.just("delete"), _where, st.integers(0, 2)),
    st.tuples(st.just("insert"), _where, st.text(_chars, min_size=1, max_size=3)),
    st.tuples(st.just("replace"), _where, _chars),
    st.tuples(st.sampled_from(["drop_row", "dup_row", "swap_rows", "blank_row"]), _where, st.none()),
    st.tuples(st.just("number"), _where, st.sampled_from(NUMBERS)),
    st.tuples(st.just("nest"), _where, st.sampled_from([1, 2, 40, 5000])),
    st.tuples(st.just("cut"), _where, st.none()),
)


def ops_strategy(max_ops: int = 3):
    """Lists of 1 to ``max_ops`` operations."""
    return st.lists(_op, min_size=1, max_size=max_ops)


def mutated(seeds, max_ops: int = 3):
    """``(seed, ops, text)``: a seed and the text its mutation makes."""
    return st.tuples(st.sampled_from(list(seeds)), ops_strategy(max_ops)).map(
        lambda t: (t[0], t[1], apply_ops(t[0].text, t[1])))


def random_bytes():
    """Arbitrary bytes, decoded as the CLI decodes a file (UTF-8; undecodable bytes replaced)."""
    return st.binary(min_size=0, max_size=200).map(lambda b: b.decode("utf-8", errors="replace"))


_json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10 ** 6, 10 ** 6), st.floats(allow_nan=False),
                       st.text(max_size=5), st.sampled_from([10 ** 40, -1, 0, 1, 2, 9, 81]))
_json_any = st.recursive(_json_leaf, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                             st.dictionaries(st.text(max_size=4), inner, max_size=3)),
                         max_leaves=20)
KEYS = ["kind", "n", "box", "givens", "regions", "solution", "rows", "name", "adjacency", "puzzle", "seed"]
KINDS = ["sudoku", "hidato", "numbrix", "jigsaw", "classic", "nonomino", "kakuro", ""]


def wrong_json():
    """A JSON object with a known (or unknown) ``"kind"`` and fields of any type."""
    return st.tuples(st.sampled_from(KINDS), st.dictionaries(st.sampled_from(KEYS), _json_any, max_size=5)).map(
        lambda t: json.dumps({**t[1], "kind": t[0]} if t[0] else t[1]))


# ---------------------------------------------------------------------- plain random
def random_ops(rng: random.Random, max_ops: int = 3) -> list[tuple]:
    """As :func:`ops_strategy`, drawn from ``rng``."""
    out = []
    for _ in range(rng.randint(1, max_ops)):
        name = rng.choice(OPS)
        where = rng.random()
        payload = None
        if name == "delete":
            payload = rng.randint(0, 2)
        elif name == "insert":
            payload = "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 3)))
        elif name == "replace":
            payload = rng.choice(ALPHABET)
        elif name == "number":
            payload = rng.choice(NUMBERS)
        elif name == "nest":
            payload = rng.choice([1, 2, 40, 5000])
        out.append((name, where, payload))
    return out


def _random_json_value(rng: random.Random, depth: int = 0):
    r = rng.random()
    if depth > 3 or r < 0.5:
        return rng.choice([None, True, False, 0, 1, -1, 2, 9, 81, 10 ** 40, 1.5, "", "x", "1 . #", "12", [], {}])
    if r < 0.8:
        return [_random_json_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return {rng.choice(KEYS): _random_json_value(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def random_wrong_json(rng: random.Random) -> str:
    """As :func:`wrong_json`, drawn from ``rng``."""
    obj = {rng.choice(KEYS): _random_json_value(rng) for _ in range(rng.randint(0, 5))}
    kind = rng.choice(KINDS)
    if kind:
        obj["kind"] = kind
    return json.dumps(obj)


def random_text_bytes(rng: random.Random) -> str:
    """As :func:`random_bytes`, drawn from ``rng``."""
    return bytes(rng.randrange(256) for _ in range(rng.randint(0, 200))).decode("utf-8", errors="replace")
