"""Sweeps: one or two fields over a grid of values, the response of a statistic, and an early stop on a target.

``--vary hero.mercenary.life=5..10`` plays the grid ``5, 6, ..., 10`` (``LOW..HIGH:STEP`` for another step,
``A,B,C`` for a list), each value a variant of the base set-up with the same seeds. With a target
(``fair:2``: every content choice within twice its fair share and above half of it; ``seat0<=0.55``;
``length=100..200``) the points are played nearest the pack's own value first, and the sweep stops at the
first point that meets the target with confidence: the smallest change that does it.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bouts.core.patch import Change, Patch, PatchError, field_value
from bouts.sim.config import SimError
from bouts.sim.paired import MIN_PAIRS, Accumulator, StatKey, fair_share
from bouts.sim.variants import Design, Variant

MAX_POINTS = 60
"""Most values on one axis."""
MAX_GRID = 400
"""Most points in a grid."""
STAT_NAMES = ("seats", "content", "seatN", "content:ID", "length", "team", "no_winner", "unfinished")
"""What ``--stat`` may name: a family (every seat, every content choice) or one statistic."""


@dataclass(frozen=True)
class Axis:
    """One varied field and its values."""

    path: str
    """Dotted path (``hero.mercenary.life`` or ``options.hand_size``)."""
    values: tuple[Any, ...]
    """The grid's values, in order."""
    step: float = 1.0
    """The step between values (for ordering by the size of a change)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"path": self.path, "values": list(self.values), "step": self.step}


_RANGE = re.compile(r"^(?P<low>[-+]?[0-9.]+)\.\.(?P<high>[-+]?[0-9.]+)(?::(?P<step>[-+]?[0-9.]+))?$")


def _number(text: str, where: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        pass
    try:
        value = float(text)
    except ValueError:
        raise SimError(f"--vary {where}: '{text}' is not a number") from None
    if not math.isfinite(value):
        raise SimError(f"--vary {where}: '{text}' is not a finite number")
    return value


def parse_vary(text: str) -> Axis:
    """Read ``FIELD=LOW..HIGH[:STEP]`` or ``FIELD=A,B,C``.

    >>> parse_vary("hero.mercenary.life=5..8").values
    (5, 6, 7, 8)
    >>> parse_vary("options.hand_size=4..6:2").values, parse_vary("x.y.z=0.5..1:0.25").values
    ((4, 6), (0.5, 0.75, 1.0))
    """
    path, equals, spec = text.partition("=")
    path, spec = path.strip(), spec.strip()
    if not equals or not path or not spec:
        raise SimError(f"--vary '{text}': write FIELD=LOW..HIGH[:STEP] or FIELD=A,B,C (e.g. hero.mercenary.life=5..10)")
    match = _RANGE.match(spec)
    if match:
        low, high = _number(match["low"], text), _number(match["high"], text)
        step = _number(match["step"], text) if match["step"] else 1
        if step <= 0:
            raise SimError(f"--vary '{text}': the step must be above 0")
        if high < low:
            raise SimError(f"--vary '{text}': {high} is below {low}")
        count = math.floor((high - low) / step + 1e-9) + 1
        if count > MAX_POINTS:
            raise SimError(f"--vary '{text}': {count} values; at most {MAX_POINTS} (use a larger step)")
        whole = all(isinstance(v, int) for v in (low, high, step))
        values = tuple(low + i * step if whole else round(low + i * step, 10) for i in range(count))
        return Axis(path, values, float(step))
    values = tuple(_value(part.strip(), text) for part in spec.split(",") if part.strip())
    if not values:
        raise SimError(f"--vary '{text}': no values")
    if len(values) > MAX_POINTS:
        raise SimError(f"--vary '{text}': {len(values)} values; at most {MAX_POINTS}")
    if len(set(map(repr, values))) != len(values):
        raise SimError(f"--vary '{text}': a value appears twice")
    numbers = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    gaps = [abs(b - a) for a, b in itertools.pairwise(sorted(numbers)) if b != a]
    return Axis(path, values, float(min(gaps)) if gaps else 1.0)


def _value(text: str, where: str) -> Any:
    try:
        return _number(text, where)
    except SimError:
        pass
    if text in ("true", "false"):
        return text == "true"
    return text


def grid_variants(axes: Sequence[Axis]) -> tuple[Variant, ...]:
    """One variant per grid point: every axis's field set to the point's value."""
    if not 1 <= len(axes) <= 2:
        raise SimError("a sweep varies one or two fields (--vary once or twice)")
    if len(axes) == 2 and axes[0].path == axes[1].path:
        raise SimError(f"--vary names {axes[0].path} twice")
    points = list(itertools.product(*(axis.values for axis in axes)))
    if len(points) > MAX_GRID:
        raise SimError(f"the grid has {len(points)} points; at most {MAX_GRID}")
    variants = []
    for point in points:
        changes = []
        for axis, value in zip(axes, point, strict=True):
            try:
                changes.append(Change.parse(f"{axis.path} = {_literal(value)}"))
            except PatchError as exc:
                raise SimError(f"--vary {axis.path}: {exc}") from None
        name = ", ".join(f"{axis.path}={_literal(value)}" for axis, value in zip(axes, point, strict=True))
        variants.append(Variant(name, Patch(tuple(changes), name)))
    return tuple(variants)


def _literal(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return repr(value)


def base_values(design: Design, axes: Sequence[Axis]) -> list[Any]:
    """Each axis's value in the base set-up (the pack's own value; ``None`` when the pack gives none)."""
    config = design.with_variants([Variant("base")]).config(0)
    pack, options = config.pack(), config.base_options()
    return [field_value(pack, options, axis.path) for axis in axes]


def nearest_first(axes: Sequence[Axis], bases: Sequence[Any]) -> list[int]:
    """Grid point numbers ordered by the size of the change from the base values (smallest first)."""
    points = list(itertools.product(*(axis.values for axis in axes)))

    def distance(point: tuple[Any, ...]) -> float:
        total = 0.0
        for axis, base, value in zip(axes, bases, point, strict=True):
            if _is_number(base) and _is_number(value):
                total += abs(value - base) / (axis.step or 1.0)
            elif base is not None and value != base:
                total += 1.0
        return total

    return sorted(range(len(points)), key=lambda i: (distance(points[i]), i))


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# -- statistics by name ---------------------------------------------------------------------------

_SEAT = re.compile(r"^seat:?(\d+)$")


def parse_stat(text: str) -> tuple[str, str] | str:
    """A statistic by name: a family (``"seats"``, ``"content"``) or one key (``("seat", "0")``...).

    >>> parse_stat("seat0"), parse_stat("content:mercenary"), parse_stat("length"), parse_stat("content")
    (('seat', '0'), ('content', 'mercenary'), ('length', ''), 'content')
    """
    word = text.strip()
    if word in ("seats", "content", "auto"):
        return word
    match = _SEAT.match(word)
    if match:
        return ("seat", match[1])
    if word.startswith("content:") and word[8:]:
        return ("content", word[8:])
    if word in ("length", "team", "no_winner", "unfinished"):
        return (word, "")
    raise SimError(f"unknown statistic '{text}' (known: {', '.join(STAT_NAMES)}, where N is a seat number and "
                   "ID a content id)")


def stat_keys(selector: tuple[str, str] | str, accumulator: Accumulator) -> list[StatKey]:
    """The statistics a selector names among those the games had."""
    keys = accumulator.statistics()
    if selector == "auto":
        for family in ("content", "team", "seat"):
            found = [k for k in keys if k[0] == family]
            if found:
                return found
        return [k for k in keys if k[0] == "seat"]
    if selector == "seats":
        return [k for k in keys if k[0] == "seat"]
    if selector == "content":
        return [k for k in keys if k[0] == "content"]
    assert isinstance(selector, tuple)
    return [selector]


# -- targets --------------------------------------------------------------------------------------

_BOUND = re.compile(r"^(?P<stat>[a-z_0-9:\-]+?)\s*(?P<op><=|>=|=)\s*(?P<value>.+)$")


@dataclass(frozen=True)
class Target:
    """What a sweep looks for at each point: met (with confidence), missed (with confidence), or unclear."""

    text: str
    """As written."""
    factor: float = 0.0
    """``fair:K``: every content choice (or seat) within ``[fair/K, K*fair]``."""
    key: StatKey | None = None
    """Otherwise: the statistic bounded."""
    low: float = -math.inf
    high: float = math.inf

    @classmethod
    def parse(cls, text: str) -> Target:
        """Read ``fair:K``, ``STAT<=X``, ``STAT>=X`` or ``STAT=LOW..HIGH``.

        >>> Target.parse("fair:2").factor, Target.parse("seat0<=0.55").high
        (2.0, 0.55)
        """
        word = text.strip()
        if word.startswith("fair:"):
            try:
                factor = float(word[5:])
            except ValueError:
                raise SimError(f"--target '{text}': write fair:K with a number K above 1 (e.g. fair:2)") from None
            if not factor > 1 or not math.isfinite(factor):
                raise SimError(f"--target '{text}': K must be a number above 1")
            return cls(word, factor=factor)
        match = _BOUND.match(word)
        if not match:
            raise SimError(f"--target '{text}': write fair:K, STAT<=X, STAT>=X or STAT=LOW..HIGH "
                           "(e.g. fair:2, seat0<=0.55, length=100..200)")
        key = parse_stat(match["stat"])
        if isinstance(key, str):
            raise SimError(f"--target '{text}': name one statistic (seat0, content:ID, length, team...)")
        value = match["value"].strip()
        try:
            if match["op"] == "<=":
                return cls(word, key=key, high=float(value))
            if match["op"] == ">=":
                return cls(word, key=key, low=float(value))
            low, dots, high = value.partition("..")
            if not dots:
                raise ValueError
            return cls(word, key=key, low=float(low), high=float(high))
        except ValueError:
            raise SimError(f"--target '{text}': '{value}' is not a number (or LOW..HIGH)") from None

    def bands(self, accumulator: Accumulator, variant: int) -> dict[StatKey, tuple[float, float]]:
        """The band each statistic the target checks must lie in, at ``variant``."""
        if self.key is not None:
            return {self.key: (self.low, self.high)}
        fair = fair_share(accumulator, variant)
        keys = [k for k in accumulator.statistics() if k[0] == "content"] or \
               [k for k in accumulator.statistics() if k[0] == "seat"]
        return {k: (fair / self.factor, fair * self.factor) for k in keys}

    def status(self, accumulator: Accumulator, variant: int, confidence: float) -> str:
        """``met``: every checked interval lies inside its band; ``missed``: some interval lies wholly
        outside; ``unclear`` otherwise (or with too few games)."""
        if accumulator.games[variant] < MIN_PAIRS:
            return "unclear"
        verdict = "met"
        bands = self.bands(accumulator, variant)
        if not bands:
            return "unclear"
        for key, (low, high) in bands.items():
            estimate = accumulator.estimate(variant, key, confidence)
            if estimate is None:
                return "unclear"
            if estimate.high < low or estimate.low > high:
                return "missed"
            if not (low <= estimate.low and estimate.high <= high):
                verdict = "unclear"
        return verdict


@dataclass(frozen=True)
class Sweep:
    """A sweep's grid over a base design."""

    design: Design
    """The base set-up with one variant per grid point."""
    axes: tuple[Axis, ...]
    bases: tuple[Any, ...]
    """Each axis's value in the base set-up."""
    target: Target | None = None

    @classmethod
    def of(cls, base: Design, axes: Sequence[Axis], target: Target | None = None) -> Sweep:
        """The sweep of ``axes`` over ``base`` (whose own variants are ignored)."""
        design = base.with_variants(grid_variants(axes))
        design = Design(design.game, design.seats, design.variants, design.options, design.content, design.seed,
                        design.assign, design.max_steps, True, "sweep")
        return cls(design, tuple(axes), tuple(base_values(design, axes)), target)

    def order(self) -> list[int]:
        """The order points are played in: nearest the base values first when there is a target."""
        if self.target is None:
            return list(range(len(self.design.variants)))
        return nearest_first(self.axes, self.bases)

    def point(self, variant: int) -> tuple[Any, ...]:
        """The values of grid point ``variant``."""
        return list(itertools.product(*(axis.values for axis in self.axes)))[variant]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"axes": [a.to_json() for a in self.axes], "bases": list(self.bases),
                "target": self.target.text if self.target else None}


def point_table(sweep: Sweep, accumulator: Accumulator, confidence: float,
                statuses: Mapping[int, str]) -> list[dict[str, Any]]:
    """Per grid point: its values, games, every statistic with its interval, and the target's status."""
    rows = []
    for variant in range(len(sweep.design.variants)):
        if not accumulator.games[variant]:
            continue
        stats = []
        for key in accumulator.statistics():
            estimate = accumulator.estimate(variant, key, confidence)
            if estimate is not None:
                stats.append(estimate.to_json())
        rows.append({"variant": variant, "name": sweep.design.variants[variant].name,
                     "values": list(sweep.point(variant)), "games": accumulator.games[variant],
                     "fair": fair_share(accumulator, variant), "stats": stats,
                     "target": statuses.get(variant)})
    return rows
