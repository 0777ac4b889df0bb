"""Mutations of JSON-like input for the fuzzer (canasta_tools/fuzz.py): wrong types, huge
numbers, Infinity and NaN, deep nesting, missing and unknown keys, bogus cards,
markup in text. Each mutation copies only the containers on its path, so the input
it starts from (a real state's position, save or rule set) is never changed and a
nested value it plants is never walked whole."""

from __future__ import annotations

import random
from typing import Any

from canasta.game.cards import ALL_CARDS, RANKS

_DEPTH = 12  # paths are looked for this deep at most (a planted deep value is not walked)
_PATHS = 400  # and at most this many are collected

Path = tuple[Any, ...]


def _nested(depth: int, inner: Any, as_dict: bool) -> Any:
    value = inner
    for _ in range(depth):
        value = {"a": value} if as_dict else [value]
    return value


HUGE = 10**4400  # more digits than Python turns into text by default (4300)
DEEP_LIST = _nested(1000, "KD", as_dict=False)
DEEP_DICT = _nested(1000, 1, as_dict=True)
DEEPER_LIST = _nested(20_000, None, as_dict=False)

NASTY: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 2, 7, 100, 2**31, 2**63, -(2**63), 10**30, -(10**30),
    HUGE, -HUGE, float("inf"), float("-inf"), float("nan"), 0.5, 4.0, -0.0, 1e308,
    "", "4", "true", "KD", "JK", "XX", "3H", "2C", "draw", "classic", "K", "W",
    'AS"><img src=x onerror=alert(1)>', "<script>alert(1)</script>", "a" * 5000,
    "\u0000", "\ud800", [], {}, [None], [[]], ["KD"], ["KD", "KD", "KD"], ["XX"], [1, 2],
    [[0, 15]], [[1e400, 1]], [["0", "15"]], [0] * 3000, ["KD"] * 3000,
    {"type": "draw"}, {"cards": ["KD"]}, DEEP_LIST, DEEP_DICT, DEEPER_LIST,
)


def nasty(rng: random.Random) -> Any:
    return rng.choice(NASTY)


def paths(root: Any) -> list[Path]:
    """Paths (keys and indices) to the values inside `root`, root first; breadth first,
    bounded in depth and number."""
    out: list[Path] = [()]
    queue: list[tuple[Path, Any]] = [((), root)]
    while queue and len(out) < _PATHS:
        path, value = queue.pop(0)
        if len(path) >= _DEPTH:
            continue
        if isinstance(value, dict):
            items: list[tuple[Any, Any]] = list(value.items())
        elif isinstance(value, list):
            items = list(enumerate(value))
        else:
            continue
        for key, child in items[:60]:
            out.append((*path, key))
            queue.append(((*path, key), child))
    return out


def get_at(root: Any, path: Path) -> Any:
    for key in path:
        root = root[key]
    return root


def _rebuilt(root: Any, path: Path, change: Any) -> Any:
    """`root` with the container at the end of `path` replaced by `change(container)`,
    copying only the containers along the path."""
    if not path:
        return change(root)
    head, rest = path[0], path[1:]
    copy: Any = dict(root) if isinstance(root, dict) else list(root)
    copy[head] = _rebuilt(root[head], rest, change)
    return copy


def set_at(root: Any, path: Path, value: Any) -> Any:
    if not path:
        return value

    def put(parent: Any) -> Any:
        new = dict(parent) if isinstance(parent, dict) else list(parent)
        new[path[-1]] = value
        return new

    return _rebuilt(root, path[:-1], put)


def delete_at(root: Any, path: Path) -> Any:
    if not path:
        return None

    def drop(parent: Any) -> Any:
        new = dict(parent) if isinstance(parent, dict) else list(parent)
        del new[path[-1]]
        return new

    return _rebuilt(root, path[:-1], drop)


def _tweaked(rng: random.Random, value: Any) -> Any:
    """A value near `value`, or of another type that looks alike."""
    if isinstance(value, bool):
        return rng.choice((not value, int(value), str(value).lower(), None))
    if isinstance(value, int):
        if abs(value) > 10**100:
            return rng.choice((0, 1, -1, "", float("inf")))
        return rng.choice((value + 1, value - 1, -value, value * 1000, 0, str(value),
                           float(value), value + 10**rng.randrange(1, 40), HUGE, True))
    if isinstance(value, str):
        if value in ALL_CARDS:
            return rng.choice((rng.choice(ALL_CARDS), rng.choice(ALL_CARDS), value.lower(),
                               value[::-1], value + "S", value[0], [value], "1" + value[1:]))
        if len(value) == 1 and value in RANKS:
            return rng.choice((rng.choice(RANKS), value.lower(), "*", "W", "10"))
        return rng.choice((value + "x", value.upper(), "", value * 50, [value], value[:1]))
    if isinstance(value, list):
        if not value:
            return rng.choice(([None], [rng.choice(ALL_CARDS)], {}, "", [[]]))
        choice = rng.randrange(6)
        if choice == 0:
            return [*value, rng.choice(value)]  # a duplicate
        if choice == 1:
            return value[:-1]
        if choice == 2:
            return list(reversed(value))
        if choice == 3:
            return {str(i): v for i, v in enumerate(value)}
        if choice == 4:
            return value * rng.choice((2, 10))
        return [value]
    if isinstance(value, dict):
        return rng.choice((list(value.values()), list(value), [value], {}))
    return nasty(rng)


def mutate(rng: random.Random, root: Any, times: int = 0) -> tuple[Any, list[str]]:
    """`root` with 1-3 (or `times`) mutations; the list says what each did."""
    done: list[str] = []
    for _ in range(times or rng.choice((1, 1, 1, 2, 2, 3))):
        where = rng.choice(paths(root))
        op = rng.randrange(10)
        target = get_at(root, where)
        if op <= 2:
            value = nasty(rng)
            root = set_at(root, where, value)
            done.append(f"{list(where)} = nasty {_label(value)}")
        elif op <= 6:
            root = set_at(root, where, _tweaked(rng, target))
            done.append(f"{list(where)} tweaked")
        elif op == 7 and where:
            root = delete_at(root, where)
            done.append(f"{list(where)} deleted")
        elif op == 8 and isinstance(target, dict):
            key = rng.choice(("extra", "type", "cards", "rules", "__proto__", "", "onto"))
            root = set_at(root, (*where, key), nasty(rng))
            done.append(f"{list(where)}[{key!r}] added")
        elif op == 9 and isinstance(target, list):
            root = set_at(root, where, [*target, nasty(rng)])
            done.append(f"{list(where)} appended")
        else:
            root = set_at(root, where, nasty(rng))
            done.append(f"{list(where)} = nasty")
    return root, done


def _label(value: Any) -> str:
    from canasta.game.errors import shown

    return shown(value)
