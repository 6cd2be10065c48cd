"""What a comparison or a sweep plays: one base set-up and its variants, each a patch over it.

A :class:`Design` is the base batch (game, seats, options, content, seed, design study or not) and a list
of :class:`Variant` s. Every variant plays the same seeds and seats (common random numbers), unless the
design is unpaired, when each variant draws its own seeds. A design's results are a pure function of the
design and the number of games.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bouts.core.patch import Patch, PatchError, field_value
from bouts.sim.config import DEFAULT_MAX_STEPS, SimConfig, SimError, derive_seed, resolve_game

BASELINE_WORDS = ("base", "baseline", "-")
"""What names the unchanged set-up on the command line."""


@dataclass(frozen=True)
class Variant:
    """A named patch: one arm of a comparison, one point of a sweep."""

    name: str
    """What reports call it."""
    patch: Patch = field(default_factory=Patch)
    """The changes over the base set-up (none for the baseline)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"name": self.name, "patch": self.patch.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Variant:
        """Read :meth:`to_json`'s form back."""
        return cls(str(data["name"]), Patch.from_json(data.get("patch", {})))


def variant_of(text: str) -> Variant:
    """A variant from a command-line word: ``base`` (no change), a patch file (``*.toml``) or changes.

    >>> variant_of("base").patch.changes, variant_of("hero.mercenary.life = 8").name
    ((), 'hero.mercenary.life = 8')
    """
    word = text.strip()
    if word.lower() in BASELINE_WORDS:
        return Variant("baseline")
    if word.endswith(".toml"):
        path = Path(word)
        if not path.is_file():
            raise PatchError(f"patch file '{word}' does not exist")
        patch = Patch.load(path)
        return Variant(patch.name, patch)
    patch = Patch.parse(word)
    if not patch.changes:
        raise PatchError(f"'{text}' holds no change (write 'base' for the unchanged game)")
    return Variant(patch.name, patch)


@dataclass(frozen=True)
class Design:
    """A base set-up and its variants."""

    game: str
    seats: tuple[str, ...]
    """The agent spec at each seat (the same in every variant)."""
    variants: tuple[Variant, ...]
    """Variant 0 is the baseline every other is compared with."""
    options: Mapping[str, Any] = field(default_factory=dict)
    content: str | None = None
    """A content pack directory (``None``: the reference pack)."""
    seed: int = 0
    assign: str = "choose"
    """``random``: a design study (content dealt uniformly, the same deal in every variant)."""
    max_steps: int = DEFAULT_MAX_STEPS
    paired: bool = True
    """Common random numbers (the same seeds in every variant); False: each variant its own seeds."""
    kind: str = "compare"
    """``compare`` or ``sweep``."""

    def config(self, variant: int) -> SimConfig:
        """The batch of variant number ``variant``."""
        seed = self.seed if self.paired else derive_seed("variant", self.seed, variant)
        return SimConfig(self.game, self.seats, dict(self.options), self.content, seed, self.max_steps,
                         self.assign, self.variants[variant].patch)

    def configs(self) -> list[SimConfig]:
        """Every variant's batch."""
        return [self.config(v) for v in range(len(self.variants))]

    def check(self) -> None:
        """Raise a clear error now if any variant cannot run (bad patch, options, seats or agents)."""
        if not self.variants:
            raise SimError("no variants to play")
        names = [v.name for v in self.variants]
        for name in names:
            if names.count(name) > 1:
                raise SimError(f"two variants are both called '{name}': give them different changes or names")
        keys = [v.patch.key() for v in self.variants]
        for i, key in enumerate(keys):
            if keys.index(key) != i:
                raise SimError(f"variants '{names[keys.index(key)]}' and '{names[i]}' make the same changes")
        for config in self.configs():
            config.check()

    def columns(self) -> list[str]:
        """The parameters some variant changes (dotted paths), in order: the Parquet columns of the variants."""
        found: list[str] = []
        for variant in self.variants:
            found += [p for p in variant.patch.fields() if p not in found]
        return found

    def params(self, variant: int) -> dict[str, Any]:
        """The value each parameter of :meth:`columns` has in ``variant`` (``None`` when it has none)."""
        config = self.config(variant)
        pack = config.pack()
        options = config.base_options()
        return {path: field_value(pack, options, path) for path in self.columns()}

    def pack_ids(self) -> list[str]:
        """Each variant's content pack id (names the exact base files and the changes)."""
        return [config.pack().id for config in self.configs()]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"kind": self.kind, "game": self.game, "seats": list(self.seats), "options": dict(self.options),
                "content": self.content, "seed": self.seed, "assign": self.assign, "max_steps": self.max_steps,
                "paired": self.paired, "variants": [v.to_json() for v in self.variants]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Design:
        """Read :meth:`to_json`'s form back."""
        try:
            return cls(str(data["game"]), tuple(str(s) for s in data["seats"]),
                       tuple(Variant.from_json(v) for v in data["variants"]), dict(data.get("options", {})),
                       data.get("content"), int(data.get("seed", 0)), str(data.get("assign", "choose")),
                       int(data.get("max_steps", DEFAULT_MAX_STEPS)), bool(data.get("paired", True)),
                       str(data.get("kind", "compare")))
        except (KeyError, TypeError, ValueError) as exc:
            raise SimError(f"not a bouts run description: {exc}") from None

    def identity(self) -> dict[str, Any]:
        """What makes two runs the same run (the games they play): everything but the variants' names."""
        data = self.to_json()
        data["variants"] = [v.patch.key() for v in self.variants]
        data["content"] = str(Path(self.content).resolve()) if self.content else None
        return data

    def digest(self) -> str:
        """A short hash of :meth:`identity` (names a run's default folder)."""
        text = json.dumps(self.identity(), sort_keys=True, default=str)
        return hashlib.blake2b(text.encode(), digest_size=5).hexdigest()

    def with_variants(self, variants: Sequence[Variant]) -> Design:
        """The same set-up with other variants."""
        return replace(self, variants=tuple(variants))


def default_seats(game: str) -> tuple[str, ...]:
    """Random agents at the game's usual number of seats (2, or its fewest)."""
    info = resolve_game(game).info
    return ("random",) * min(info.max_seats, max(2, info.min_seats))
