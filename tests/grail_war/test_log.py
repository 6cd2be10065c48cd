"""The log explains every change of spoils and of total power, once and in English a player reads."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from bouts.core import CHANCE, quiet
from bouts.core.events import visible
from bouts.core.i18n import tr
from bouts.games.grail_war.state import BATTLEFIELDS, GrailState
from tests.grail_war.helpers import GAME, start

SETUPS: list[tuple[int, dict[str, Any]]] = [(3, {}), (4, {}), (5, {}), (7, {}), (4, {"casual": True})]


def games(seats: int, options: dict[str, Any], seeds: range) -> Iterator[tuple[GrailState, int, Any, GrailState]]:
    """Every step of games where each seat plays the heuristic or at random (seat by seat, by seed)."""
    strategy = GAME.strategy()
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.setup(seats, options, None, seed)
        randoms = {s for s in range(seats) if rng.random() < 0.4}
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                action = GAME.sample_chance(state, rng)
            elif seat in randoms:
                action = rng.choice(GAME.legal_actions(state, seat))
            else:
                action = strategy.choose(GAME, state, seat, rng)
            after = GAME.apply(state, seat, action)
            yield state, seat, action, after
            state = after


@pytest.mark.parametrize(("seats", "options"), SETUPS)
def test_dgw_032_every_change_of_spoils_is_a_public_log_line_with_its_amount(seats: int,
                                                                           options: dict[str, Any]) -> None:
    """DGW-032, DGW-093..DGW-095, DGW-052: each change on the spoils track (battles, Recon, 平穏, 刻まれた宿命,
    妄想心音's doubling, 十二の試練, 単独行動, 陣地作成, 自己改造) comes with a public line that names the master,
    says the amount and the new total; the amounts add up to the change."""
    checked = 0
    for before, _seat, _action, after in games(seats, options, range(12)):
        lines = [e for e in GAME.events(after) if "spoils" in e.data]
        for s in range(seats):
            mine = [e for e in lines if e.data.get("seat") == s]
            change = after.players[s].spoils - before.players[s].spoils
            assert sum(e.data["spoils"] for e in mine) == change, [e.text for e in GAME.events(after)]
            for e in mine:
                assert e.is_public and f"P{s + 1} " in e.text
                assert str(abs(e.data["spoils"])) in e.text and f"→ {e.data['total']}" in e.text
                assert "{" not in e.text and "None" not in e.text, e.text  # the reason is said, filled in
            checked += bool(mine)
    assert checked > 20


@pytest.mark.parametrize(("seats", "options"), SETUPS)
def test_dgw_013_every_change_of_total_power_is_a_public_log_line(seats: int, options: dict[str, Any]) -> None:
    """DGW-013, DGW-079, DGW-RUL-16: a fighter's total power is announced when its cards are used, and every
    later change (使用時 and 対決時 effects, command spells, land advantage taken, a move) is a public line
    with the new total; the battle line shows the totals the log last announced, and the table shows them."""
    checked = 0
    for before, _seat, _action, after in games(seats, options, range(12)):
        shown = {s: p["power"] for s, p in enumerate(GAME.view(before, None)["players"])}
        for e in GAME.events(after):
            assert e.is_public or "total_power" not in e.data
            if "total_power" in e.data:
                shown[e.data["seat"]] = e.data["total_power"]
                assert str(e.data["total_power"]) in e.text
                checked += 1
            if e.kind == "battle" and "powers" in e.data:
                for s, power in e.data["powers"].items():
                    assert shown[int(s)] == power, (e.text, shown)
        if after.step != "over" and any(p.location for p in after.players):
            for s, p in enumerate(GAME.view(after, None)["players"]):
                if p["power"] is not None:
                    assert shown[s] == p["power"], [e.text for e in GAME.events(after)]
    assert checked > 20


def test_dgw_095_a_tie_is_one_line_naming_every_winner() -> None:
    """DGW-095, DGW-EX-15, DGW-RUL-25: a tie at 10 at Shinto (event 3) is one battle line that names both
    winners and the split; each winner's gain follows on its own spoils line (3, and 3 + 2 for Use B)."""
    state = start(5, masters=["illya", "rin", "kirei", "shirou", "shinji"],
                  decks={0: ["berserker_05", "berserker_06", "berserker_08"],
                         1: ["archer_06", "archer_07", "archer_01"]},
                  events=["e01", "e03", *[f"e{i:02d}" for i in range(2, 21) if i != 3]])
    from tests.grail_war.helpers import place_all, turn
    state = place_all(state, "shinto", "shinto", "workshop", "workshop", "workshop")
    state = turn(state, cards=["berserker_05 up", "berserker_06 up"])  # 4 + 3 + land 3 = 10
    state = turn(state, cards=["archer_06 up", "archer_07 up"], after=["spell power"])  # 4 + 3 + 1 + 2 = 10
    for _ in range(3):
        state = turn(state)
    battles = [e for e in GAME.events(state) if e.kind == "battle" and e.data.get("place") == "shinto"]
    assert len(battles) == 1
    line = battles[0].text
    assert "P1 Illya" in line and "P2 Tohsaka Rin" in line and "tie" in line, line
    assert re.search(r"\(3 \+ 3\) ÷ 2 = 3", line), line
    gains = {e.data["seat"]: e.data["spoils"] for e in GAME.events(state) if "spoils" in e.data}
    assert gains == {0: 3, 1: 5}
    why = [e.text for e in GAME.events(state) if "spoils" in e.data]
    assert why == ["P1 Illyasviel von Einzbern gains 3 spoils (share at Shinto): 0 → 3",
                   "P2 Tohsaka Rin gains 5 spoils (share at Shinto 3 + command spell x1 2): 0 → 5"], why


def test_log_lines_are_english_sentences() -> None:
    """A piece placed at a battlefield is said once ("places at Miyama"), never "stands to"."""
    state = start(5)
    from tests.grail_war.helpers import place_all
    state = place_all(state, "miyama")
    texts = [e.text for e in visible(GAME.events(state), 1)]
    assert any("places at Miyama" in t for t in texts), texts
    assert not any("stands to" in t for t in texts), texts


CLAUSE_ID = re.compile(r"DGW-(?:[A-Z]+-)?[A-Z]?\d{2,3}")
"""A checklist id as rules/grail_war.md spells it (DGW-032, DGW-M07, DGW-S20, DGW-RUL-42)."""


@pytest.mark.parametrize(("seats", "options"), SETUPS)
def test_every_log_line_is_filled_in_in_both_languages_with_its_kind_seat_and_clauses(
        seats: int, options: dict[str, Any]) -> None:
    """DGW-032, DGW-073, DGW-087, DGW-M07, DGW-M11, DGW-M17, DGW-S20 (the lines the mutation run found unchecked:
    command spells, Rin's jewels, Illya's 秘匿, Kuzuki's moves, 十二の試練, eliminations, Shinji → Sakura): in whole
    games every log line has a kind (a lower-case word), reads whole in English and in Japanese (no placeholder,
    no "None", no English sentence in the Japanese log), names only seats P1..Pn and starts with its own seat's,
    cites checklist ids as the checklist spells them, and a reveal of a servant is news to the other seats; the
    table's power breakdown reads whole too."""
    seen: set[str] = set()
    for _before, _seat, _action, after in games(seats, options, range(8)):
        for e in GAME.events(after):
            assert isinstance(e.kind, str) and re.fullmatch(r"[a-z_]+", e.kind), (e.kind, e.text)
            english, japanese = e.render("en"), e.render("ja")
            for text in (english, japanese):
                assert "{" not in text and "None" not in text, text
            assert not re.search(r"[a-z]{2,} [a-z]{2,} [a-z]{2,}", japanese), japanese
            assert all(1 <= int(n) <= seats for n in re.findall(r"\bP(-?\d+)\b", english)), english
            if (first := re.match(r"P(\d+) ", english)) and e.kind != "battle":
                assert e.data.get("seat") == int(first[1]) - 1, (e.data, english)  # the line is that seat's
            assert all(CLAUSE_ID.fullmatch(c) for c in e.clauses), (e.clauses, english)
            if e.kind == "reveal" and "servant" in e.data:
                assert any(e.is_news_to(s) for s in range(seats) if s != e.data["seat"]), english
            seen.add(e.kind)
        for p in GAME.view(after, None)["players"]:
            for part in p["power_parts"] or ():
                for lang in ("en", "ja"):
                    assert "None" not in tr(part["label"], lang) and "{" not in tr(part["label"], lang), part
    assert {"reveal", "spoils", "battle"} <= seen, seen


@pytest.mark.parametrize(("seats", "options"), SETUPS)
def test_every_log_line_names_its_clauses_and_the_table_has_each(seats: int, options: dict[str, Any]) -> None:
    """DGW-032, DGW-M07, DGW-S25, DGW-S28: in whole games every log line cites at least one clause, and every
    clause cited is in the game's clause table (clauses.toml), so `why` can say the rule behind it (Rin's jewels
    cite DGW-M07; 単独行動's and 自己改造's spoils cite their cards' clauses)."""
    table = GAME.clauses()
    cited: set[str] = set()
    for _before, _seat, _action, after in games(seats, options, range(8)):
        for e in GAME.events(after):
            assert e.clauses, (e.kind, e.render("en"))
            assert all(c in table for c in e.clauses), (e.clauses, e.render("en"))
            cited.update(e.clauses)
    assert len(cited) > 10, cited


def _battles_after_a_quiet_start(seats: int, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]], int]:
    """One seeded random game played twice on the fast path: making events all along, and quiet until the step
    before its first battle, then from a fork of that quiet state (which makes events again); each run's battle
    lines from there on, and how many fighters had used their cards at the fork."""
    rng = random.Random(seed)
    loud = GAME.fork(GAME.setup(seats, {}, None, seed))
    actions: list[tuple[int, Any]] = []
    first = -1  # the step of the first battle
    battles: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])
    while GAME.to_act(loud):
        seat = GAME.to_act(loud)[0]
        action = GAME.sample_chance(loud, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(loud, seat))
        actions.append((seat, action))
        GAME.advance(loud, seat, action)
        found = [e.data for e in GAME.events(loud) if e.kind == "battle"]
        if found and first < 0:
            first = len(actions) - 1
        if first >= 0:
            battles[0].extend(found)
    state = quiet(GAME.fork(GAME.setup(seats, {}, None, seed)))
    for seat, action in actions[:first]:
        GAME.advance(state, seat, action)
    fighters = sum(1 for p in state.players if p.acted and p.location in BATTLEFIELDS)
    assert not state.shown_power, "a quiet state keeps no total as said"
    state = GAME.fork(state)
    for seat, action in actions[first:]:
        GAME.advance(state, seat, action)
        battles[1].extend(e.data for e in GAME.events(state) if e.kind == "battle")
    return battles[0], battles[1], fighters


@pytest.mark.parametrize("seats", [3, 4])
def test_dgw_rul_16_a_fork_of_a_quiet_state_fights_the_same_battles(seats: int) -> None:
    """DGW-079, DGW-RUL-16: a quiet state (a rollout's) announces no total power; a fork of it that makes events
    again fights each battle with the totals the cards, land advantage and bonuses make, as the game that announced
    them all along did (the same battle lines: powers, winners, spoils pool and shares)."""
    compared = 0
    for seed in range(6):
        loud, forked, fighters = _battles_after_a_quiet_start(seats, seed)
        assert fighters and loud, seed
        assert forked == loud, seed
        compared += len(loud)
    assert compared >= 12


@pytest.mark.parametrize("seats", [3, 4])
def test_dgw_rul_16_a_state_that_goes_quiet_after_totals_were_said_fights_with_the_totals_of_now(seats: int) -> None:
    """DGW-079, DGW-RUL-16: a search's tree state has said fighters' totals; its rollout goes on quiet (announcing
    nothing) while those totals change (a card, a command spell, an event). The battles are fought with the
    totals of the moment, as in the game that said each change: from every such point, the quiet game's spoils
    after each step are the loud game's."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        loud = GAME.fork(GAME.setup(seats, {}, None, seed))
        actions: list[tuple[int, Any]] = []
        spoils: list[list[int]] = []
        said: list[int] = []  # steps after which some total stood as said
        while GAME.to_act(loud):
            seat = GAME.to_act(loud)[0]
            action = GAME.sample_chance(loud, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(loud, seat))
            actions.append((seat, action))
            GAME.advance(loud, seat, action)
            spoils.append([p.spoils for p in loud.players])
            if loud.shown_power:
                said.append(len(actions))
        for start_at in said[::7]:
            state = GAME.fork(GAME.setup(seats, {}, None, seed))
            for seat, action in actions[:start_at]:
                GAME.advance(state, seat, action)
            assert state.shown_power
            state = quiet(GAME.fork(state))
            for step in range(start_at, len(actions)):
                seat, action = actions[step]
                GAME.advance(state, seat, action)
                assert [p.spoils for p in state.players] == spoils[step], (seed, start_at, step)
            assert GAME.outcome(state) == GAME.outcome(loud)
            checked += 1
    assert checked >= 8
