"""Benchmark of the SAO reroll advisor: 4 main + 4 support dice with 2 rerolls left, cold and warm.

Usage: python bench/sao_advisor.py [--pools N] [--menus GAMES]

Cold: every cache cleared before the call. Warm: the same turn context (skills, modifiers, HP left,
Switch value) already computed, e.g. the second reroll decision of a turn or a new pool in the same
situation. Target: <= 50 ms warm.

``--menus GAMES``: instead, the server's work per state (what ``Room`` makes after each action: the acting seat's
menu, whose featured actions and reroll lines are the advisor's, and the three views), CPU milliseconds per
decision over GAMES seeded heuristic 2-seat games (CPU time: the machine may be shared).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bouts.games.sao import advisor, skills
from bouts.games.sao.cards import reference_catalog

REGULAR = (1, 2, 3, 4, 5, 6)


def clear_caches() -> None:
    advisor._SOLVERS.clear()
    advisor._CONTEXTS.clear()
    advisor._sub_multisets.cache_clear()
    skills._triggers.cache_clear()


def timed(pool, known, mods) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    advisor.advise_pool(pool, known, mods, 2, 40, 6)
    return (time.perf_counter() - start) * 1000


def menus(games: int) -> None:
    """CPU ms per decision of the acting seat's menu and of the three views, over seeded heuristic games."""
    from bouts.agents import make_agent
    from bouts.core import CHANCE, Match
    from bouts.core.registry import get_game
    from bouts.core.table import menu

    game = get_game("sao")
    menu_cpu = view_cpu = 0.0
    states = 0
    for seed in range(games):
        match = Match(game, 2, None, None, seed)
        agents = [make_agent("heuristic", seed * 10 + s) for s in range(2)]
        while acting := match.to_act():
            seat = acting[0]
            if seat == CHANCE:
                match.step_chance()
                continue
            state = match.state
            start = time.process_time()
            menu(game, state, seat, with_hint=False)
            middle = time.process_time()
            for viewer in (0, 1, None):
                game.view(state, viewer)
            menu_cpu += middle - start
            view_cpu += time.process_time() - middle
            states += 1
            match.apply(agents[seat].act(game, state, seat), seat)
    print(f"sao, {games} heuristic 2-seat games, {states} decisions: menu {menu_cpu / states * 1000:.1f} ms, "
          f"views {view_cpu / states * 1000:.2f} ms per decision (CPU)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=5)
    parser.add_argument("--menus", type=int, default=0, metavar="GAMES")
    args = parser.parse_args()
    if args.menus:
        menus(args.menus)
        return
    cat = reference_catalog()
    rng = random.Random(7)
    cases = [
        ("kirito lv1, 8 regular dice", "kirito", 1, [REGULAR] * 8),
        ("asuna lv50, 8 regular dice", "asuna", 50, [REGULAR] * 8),
        ("klein lv50, 8 regular dice, Defense 3", "klein", 50, [REGULAR] * 8),
        ("kirito lv50, 6 regular + Kirito's and Asuna's character dice", "kirito", 50,
         [REGULAR] * 6 + [cat.characters["kirito"].die_codes, cat.characters["asuna"].die_codes]),
    ]
    for label, char, level, kinds in cases:
        known = [s for s in cat.characters[char].skills if s.level <= level]
        mods = advisor.Modifiers(defense=3 if "Defense" in label else 0)
        colds, warms, news = [], [], []
        for _ in range(args.pools):
            pool = [(faces, faces[rng.randrange(6)]) for faces in kinds]
            other = [(faces, faces[rng.randrange(6)]) for faces in kinds]
            clear_caches()
            colds.append(timed(pool, known, mods))
            warms.append(timed(pool, known, mods))
            news.append(timed(other, known, mods))
        top = advisor.advise_pool(pool, known, mods, 2, 40, 6)[0]
        print(f"{label}: cold median {statistics.median(colds):.0f} ms (max {max(colds):.0f}); "
              f"warm same pool median {statistics.median(warms):.1f} ms; "
              f"warm new pool median {statistics.median(news):.1f} ms (max {max(news):.1f}); "
              f"e.g. best {top.text([c for _, c in pool])} E[damage] {top.outlook.damage:.2f} "
              f"P(switch) {top.outlook.switch:.1%}")


if __name__ == "__main__":
    main()
