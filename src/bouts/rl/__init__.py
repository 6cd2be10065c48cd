"""Researchers' interfaces: every bouts game through PettingZoo, Gymnasium and OpenSpiel (the ``[rl]`` extra).

- ``bouts.rl.env("fgo_duel", seats=2, render_mode="ansi")``: a PettingZoo AEC environment
  (:mod:`bouts.rl.aec`);
- ``gymnasium.make("bouts/swordplay-v0", opponents="heuristic")``: one learning seat, the others
  played by bouts agents (:mod:`bouts.rl.gym`; ids are registered when ``bouts.rl`` is imported);
- ``bouts.rl.openspiel.register()`` then ``pyspiel.load_game("bouts_fgo_duel")`` (:mod:`bouts.rl.openspiel`).

Each game's fixed action index and observation tensor come from the game's own ``encoding`` module
(``game.encoding(seats, options, content)``; docs/encoding.md).
"""

from __future__ import annotations

from typing import Any

from bouts.rl.table import Table, encoded_games

__all__ = ["Table", "encoded_games", "env", "gym_env"]


def env(game: str, seats: int | None = None, options: dict[str, Any] | None = None, content: Any = None,
        render_mode: str | None = None, max_steps: int | None = None, index: str = "flat") -> Any:
    """A PettingZoo AEC environment for ``game`` (see :class:`bouts.rl.aec.BoutsAEC`)."""
    from bouts.rl.aec import BoutsAEC

    return BoutsAEC(game, seats=seats, options=options, content=content, render_mode=render_mode,
                    max_steps=max_steps, index=index)


def gym_env(game: str, **kwargs: Any) -> Any:
    """A Gymnasium single-agent environment for ``game`` (see :class:`bouts.rl.gym.BoutsGym`)."""
    from bouts.rl.gym import BoutsGym

    return BoutsGym(game, **kwargs)


def _register_gymnasium() -> None:
    try:
        from bouts.rl.gym import register_envs
    except ModuleNotFoundError:  # pragma: no cover - the [rl] extra is not installed
        return
    register_envs()


_register_gymnasium()
