"""Statistics of variants played on common random numbers: rates with intervals, and paired differences.

Every variant of a comparison plays game ``i`` with the same seed and seats, so game ``i`` of variant
``B`` is the twin of game ``i`` of the baseline ``A``: same deal, same dice, same agent seeds, until the
change makes them part. A difference is then estimated from the twins (a paired design), which removes
most of the luck the two share and gives a much narrower interval than two independent batches of the
same size.

Every statistic is a ratio of per-game sums ``sum(w) / sum(g)``: a seat's win rate (``w`` = 1 when it
won, ``g`` = 1), a content choice's win rate (``w`` = the seats holding it that won, ``g`` = the seats
holding it), the game length (``w`` = steps, ``g`` = 1). The difference of two ratios has the
delta-method variance ``var(u) / n`` with ``u_i = (w_Bi - R_B g_Bi) / mean(g_B) - (w_Ai - R_A g_Ai) /
mean(g_A)``; the running sums of the products of ``(w_A, g_A, w_B, g_B)`` are all it needs, so memory does
not grow with the games. The test is the matching z test; a difference is *real* when its p-value, after
Holm's correction for the number of differences in the report, is below ``1 - confidence``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from bouts.sim.play import GameRecord
from bouts.sim.stats import wilson

StatKey = tuple[str, str]
"""``(kind, name)``: ``("seat", "0")``, ``("content", "mercenary")``, ``("length", "")``, ``("team", "")``,
``("no_winner", "")``, ``("unfinished", "")``."""

PROPORTIONS = ("seat", "content", "team", "no_winner", "unfinished")
"""Statistics that are rates (the rest, game length, are means)."""
OCCASIONAL = ("team", "no_winner", "unfinished")
"""Statistics shown only when some variant has one such game (a team clear, a game with no winner...)."""
MIN_PAIRS = 20
"""Fewest games per variant for a verdict: below it the normal approximation is not to be trusted."""
DEFAULT_CONFIDENCE = 0.95
"""The confidence of intervals and verdicts unless the designer asks for another."""


def z_of(confidence: float) -> float:
    """The two-sided normal quantile of ``confidence`` (1.96 for 0.95)."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


@dataclass(frozen=True)
class GameOutcome:
    """What the statistics need of one game: who won, what each seat held, how long it took."""

    won: tuple[bool, ...]
    """Per seat: whether it won."""
    content: tuple[tuple[str, ...], ...]
    """Per seat: its content choices."""
    length: int
    """Steps, chance steps included."""
    finished: bool
    """False when the step limit stopped the game."""

    @classmethod
    def of(cls, record: GameRecord) -> GameOutcome:
        """The outcome of a played game."""
        winners = set(record.winners)
        return cls(tuple(s in winners for s in range(len(record.agents))), record.content, record.length,
                   record.finished)

    def values(self) -> dict[StatKey, tuple[float, float]]:
        """``(w, g)`` of every statistic this game has a value for."""
        seats = len(self.won)
        found: dict[StatKey, tuple[float, float]] = {("seat", str(s)): (float(self.won[s]), 1.0)
                                                     for s in range(seats)}
        found[("length", "")] = (float(self.length), 1.0)
        found[("team", "")] = (float(seats > 1 and all(self.won)), 1.0)
        found[("no_winner", "")] = (float(not any(self.won)), 1.0)
        found[("unfinished", "")] = (float(not self.finished), 1.0)
        for seat, choices in enumerate(self.content):
            for choice in choices:
                w, g = found.get(("content", choice), (0.0, 0.0))
                found[("content", choice)] = (w + self.won[seat], g + 1.0)
        return found


@dataclass
class Moments:
    """Running sums of one statistic of one variant: games, ``sum w``, ``sum g``, ``sum w^2``, ``sum g^2``,
    ``sum wg``."""

    n: int = 0
    w: float = 0.0
    g: float = 0.0
    ww: float = 0.0
    gg: float = 0.0
    wg: float = 0.0

    def add(self, w: float, g: float) -> None:
        """Count one game."""
        self.n += 1
        self.w += w
        self.g += g
        self.ww += w * w
        self.gg += g * g
        self.wg += w * g

    def pad(self, games: int) -> None:
        """Count games that had no value (``w = g = 0``) up to ``games``."""
        self.n = max(self.n, games)

    @property
    def ratio(self) -> float:
        """``sum w / sum g`` (0 with no ``g``)."""
        return self.w / self.g if self.g else 0.0

    def u_square_sum(self) -> float:
        """``sum (w - R g)^2 / mean(g)^2`` (the delta-method numerator)."""
        if not self.g:
            return 0.0
        r, mean_g = self.ratio, self.g / self.n
        return max(0.0, self.ww - 2 * r * self.wg + r * r * self.gg) / (mean_g * mean_g)


@dataclass
class PairMoments:
    """Running sums of products of ``x = (w_A, g_A, w_B, g_B)`` over paired games."""

    n: int = 0
    sums: list[float] = field(default_factory=lambda: [0.0] * 4)
    products: list[float] = field(default_factory=lambda: [0.0] * 16)

    def add(self, a: tuple[float, float], b: tuple[float, float]) -> None:
        """Count one pair of twin games."""
        x = (a[0], a[1], b[0], b[1])
        self.n += 1
        for i in range(4):
            self.sums[i] += x[i]
            row = 4 * i
            for j in range(4):
                self.products[row + j] += x[i] * x[j]

    def quadratic(self, c: Sequence[float]) -> float:
        """``c^T M c`` with ``M`` the sum of ``x x^T``."""
        return sum(c[i] * c[j] * self.products[4 * i + j] for i in range(4) for j in range(4))

    def identical(self) -> bool:
        """Whether every pair had the same ``w`` and ``g`` (the change did not change one game)."""
        return self.quadratic((1, 0, -1, 0)) <= 1e-9 and self.quadratic((0, 1, 0, -1)) <= 1e-9


@dataclass(frozen=True)
class Estimate:
    """A statistic of one variant: its value and interval."""

    key: StatKey
    value: float
    """The rate or mean."""
    low: float
    high: float
    wins: float
    """``sum w`` (wins, or total steps for the length)."""
    count: float
    """``sum g`` (seat-games, or games)."""
    games: int
    """Games counted."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"kind": self.key[0], "name": self.key[1], "value": self.value, "low": self.low, "high": self.high,
                "wins": self.wins, "count": self.count, "games": self.games}


@dataclass(frozen=True)
class Difference:
    """A variant's statistic minus the baseline's, from twin games (or independent ones), with its test."""

    variant: int
    """The variant's number (0 is the baseline)."""
    key: StatKey
    base: float
    """The baseline's value."""
    value: float
    """The variant's value."""
    low: float
    """Lower end of the interval of ``value - base``."""
    high: float
    """Upper end."""
    p: float
    """Two-sided p-value of the z test of no difference."""
    p_adjusted: float
    """``p`` after Holm's correction over every difference of the report."""
    games: int
    """Pairs (or games per variant) used."""
    verdict: str
    """``higher`` or ``lower`` (real), ``unclear`` (no clear difference), ``identical`` (every twin game the
    same), ``few`` (too few games for a verdict)."""
    width_unpaired: float = 0.0
    """The width the interval would have had from independent games (for the paired/unpaired ratio)."""

    @property
    def diff(self) -> float:
        """``value - base``."""
        return self.value - self.base

    @property
    def is_real(self) -> bool:
        """Whether the difference is real at the report's confidence (after Holm's correction)."""
        return self.verdict in ("higher", "lower")

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"variant": self.variant, "kind": self.key[0], "name": self.key[1], "base": self.base,
                "value": self.value, "diff": self.diff, "low": self.low, "high": self.high, "p": self.p,
                "p_adjusted": self.p_adjusted, "games": self.games, "verdict": self.verdict,
                "real": self.is_real}


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the given order.

    >>> [round(p, 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


class Accumulator:
    """Running statistics of ``variants`` variants; with ``paired``, also of each variant against variant 0.

    Games are added per variant (:meth:`add`) in any order; in paired mode a game counts once every variant
    has played it (the twins wait in a small buffer: a few chunks, however many games there are).
    """

    def __init__(self, variants: int, *, paired: bool = True) -> None:
        self.variants = variants
        self.paired = paired and variants > 1
        """Twin games (common random numbers): differences from the pairs. Otherwise the variants played
        independent seeds and differences use the variance of independent batches."""
        self.moments: list[dict[StatKey, Moments]] = [{} for _ in range(variants)]
        self.pairs: list[dict[StatKey, PairMoments]] = [{} for _ in range(variants)]
        self.games = [0] * variants
        self.pending: dict[int, dict[int, GameOutcome]] = {}
        self.complete = 0
        """Games every variant has played and that are counted in :attr:`pairs`."""

    def add(self, variant: int, index: int, outcome: GameOutcome) -> None:
        """Count game ``index`` of ``variant``."""
        values = outcome.values()
        self._marginal(variant, values)
        if not self.paired:
            return
        waiting = self.pending.setdefault(index, {})
        waiting[variant] = outcome
        if len(waiting) == self.variants:
            del self.pending[index]
            self._pair([waiting[v].values() if v != variant else values for v in range(self.variants)])

    def _marginal(self, variant: int, values: Mapping[StatKey, tuple[float, float]]) -> None:
        self.games[variant] += 1
        table = self.moments[variant]
        for key, (w, g) in values.items():
            moments = table.get(key)
            if moments is None:
                moments = table[key] = Moments()
                moments.pad(self.games[variant] - 1)
            moments.add(w, g)

    def _pair(self, values: Sequence[Mapping[StatKey, tuple[float, float]]]) -> None:
        self.complete += 1
        base = values[0]
        for variant in range(1, self.variants):
            mine = values[variant]
            table = self.pairs[variant]
            for key in set(base) | set(mine):
                pair = table.get(key)
                if pair is None:
                    pair = table[key] = PairMoments()
                    pair.n = self.complete - 1
                pair.add(base.get(key, (0.0, 0.0)), mine.get(key, (0.0, 0.0)))

    # -- reading -----------------------------------------------------------------------------------
    def statistics(self) -> list[StatKey]:
        """Every statistic some variant has, in report order: seats, occasional ones that happened, length,
        content choices."""
        seen: set[StatKey] = set()
        for table in self.moments:
            for key, moments in table.items():
                if key[0] in OCCASIONAL and not moments.w:
                    continue
                seen.add(key)
        order = {"seat": 0, "team": 1, "no_winner": 2, "unfinished": 3, "length": 4, "content": 5}
        return sorted(seen, key=lambda k: (order[k[0]], int(k[1]) if k[0] == "seat" else 0, k[1]))

    def estimate(self, variant: int, key: StatKey, confidence: float = DEFAULT_CONFIDENCE) -> Estimate | None:
        """``key`` of ``variant`` with its interval (``None`` if the variant never had it)."""
        moments = self.moments[variant].get(key)
        if moments is None or not moments.g:
            return None
        moments.pad(self.games[variant])
        z = z_of(confidence)
        if key[0] in PROPORTIONS:
            wins = round(moments.w)
            low, high = wilson(wins, round(moments.g), z)
            return Estimate(key, moments.ratio, low, high, moments.w, moments.g, moments.n)
        n = moments.n
        mean = moments.ratio
        spread = math.sqrt(max(0.0, moments.ww / n - mean * mean) * n / (n - 1)) if n > 1 else 0.0
        half = z * spread / math.sqrt(n) if n else 0.0
        return Estimate(key, mean, mean - half, mean + half, moments.w, moments.g, n)

    def differences(self, confidence: float = DEFAULT_CONFIDENCE) -> list[Difference]:
        """Every variant's statistics against the baseline's (variant 0), Holm-corrected together."""
        if self.variants < 2:
            return []
        z = z_of(confidence)
        raw: list[tuple[int, StatKey, float, float, float, float, float, int, str, float]] = []
        for variant in range(1, self.variants):
            for key in self.statistics():
                row = self._difference(variant, key, z)
                if row is not None:
                    raw.append((variant, key, *row))
        tested = [i for i, row in enumerate(raw) if row[8] == "test"]
        adjusted = holm([raw[i][6] for i in tested])
        p_adjusted = {i: a for i, a in zip(tested, adjusted, strict=True)}
        alpha = 1 - confidence
        found = []
        for i, (variant, key, base, value, low, high, p, games, state, unpaired) in enumerate(raw):
            if state == "test":
                adj = p_adjusted[i]
                verdict = ("higher" if value > base else "lower") if adj < alpha else "unclear"
            else:
                adj = 1.0
                verdict = state
            found.append(Difference(variant, key, base, value, low, high, p, adj, games, verdict, unpaired))
        return found

    def _difference(self, variant: int, key: StatKey, z: float
                    ) -> tuple[float, float, float, float, float, int, str, float] | None:
        mine, base = self.moments[variant].get(key), self.moments[0].get(key)
        if mine is None or base is None or not mine.g or not base.g:
            return None
        if self.paired:
            pair = self.pairs[variant].get(key)
            if pair is None or not pair.n:
                return None
            n = pair.n
            ga, gb = pair.sums[1], pair.sums[3]
            if not ga or not gb:
                return None
            ra, rb = pair.sums[0] / ga, pair.sums[2] / gb
            ma, mb = ga / n, gb / n
            c = (-1 / ma, ra / ma, 1 / mb, -rb / mb)
            var_paired = pair.quadratic(c) / (n * (n - 1)) if n > 1 else 0.0
            var_a = pair.quadratic((-1 / ma, ra / ma, 0, 0)) / (n * (n - 1)) if n > 1 else 0.0
            var_b = pair.quadratic((0, 0, 1 / mb, -rb / mb)) / (n * (n - 1)) if n > 1 else 0.0
            se = math.sqrt(max(0.0, var_paired))
            unpaired = 2 * z * math.sqrt(max(0.0, var_a + var_b))
            same = pair.identical()
        else:
            base.pad(self.games[0])
            mine.pad(self.games[variant])
            n = min(base.n, mine.n)
            ra, rb = base.ratio, mine.ratio
            va = base.u_square_sum() / (base.n * (base.n - 1)) if base.n > 1 else 0.0
            vb = mine.u_square_sum() / (mine.n * (mine.n - 1)) if mine.n > 1 else 0.0
            se = math.sqrt(va + vb)
            unpaired = 2 * z * se
            same = False
        diff = rb - ra
        low, high = diff - z * se, diff + z * se
        if same:
            return ra, rb, 0.0, 0.0, 1.0, n, "identical", unpaired
        if n < MIN_PAIRS:
            return ra, rb, low, high, 1.0, n, "few", unpaired
        p = (1.0 if diff == 0 else 0.0) if se == 0 else 2 * (1 - NormalDist().cdf(abs(diff) / se))
        return ra, rb, low, high, p, n, "test", unpaired


def fair_share(accumulator: Accumulator, variant: int) -> float:
    """A content choice's fair win rate in ``variant``: wins per seat-game over every choice together
    (1/seats when every game has one winner)."""
    table = accumulator.moments[variant]
    content = [m for k, m in table.items() if k[0] == "content"]
    if content:
        total = sum(m.g for m in content)
        return sum(m.w for m in content) / total if total else 0.0
    seats = [m for k, m in table.items() if k[0] == "seat"]
    total = sum(m.g for m in seats)
    return sum(m.w for m in seats) / total if total else 0.0


def outcomes_of(records: Iterable[GameRecord]) -> list[GameOutcome]:
    """The outcomes of played games."""
    return [GameOutcome.of(r) for r in records]
