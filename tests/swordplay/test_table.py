"""Swordplay at the table (issue 13): what a decision turns on is on screen, names tell seats apart,
undo is fair, `hint` explains, and the two stand-in Heroes differ."""

from __future__ import annotations

import io
import random
import shutil
from pathlib import Path

import pytest
from rich.console import Console
from rich.panel import Panel

from bouts.cli.session import Session
from bouts.core import CHANCE, IllegalAction, Match, Shuffle
from bouts.games.swordplay.cards import REFERENCE
from bouts.games.swordplay.state import Phase
from tests.swordplay.helpers import CAT, G, act, arrange, at, start, take


def printed(markup: str, width: int = 160) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(Panel(markup, expand=False))
    return " ".join(out.getvalue().replace("│", " ").split())


def describe(state, seat: int, text: str) -> str:  # type: ignore[no-untyped-def]
    return G.describe(state, seat, G.parse_action(state, seat, text))


def attack_on_seat_1(hand_1: list[str], card: str = "attack_high/1", **items: object):  # type: ignore[no-untyped-def]
    state = start(2)
    at(state, 0, Phase.COMBAT)
    arrange(state, 0, hand=[card], weapons=["broadsword/1"])
    arrange(state, 1, hand=hand_1, **items)  # type: ignore[arg-type]
    return act(state, 0, f"attack {card} 2")


def test_the_defend_prompt_shows_damage_armour_and_lethality_of_a_hero_attack() -> None:
    """Base 1 + Broadsword 2 = 3 damage; Leather Armor absorbs 2, 1 to life; at life 1 the hit is lethal."""
    state = attack_on_seat_1(["jump/1"], armor="leather_armor/1")
    answer = describe(state, 1, "take")
    assert "3 damage: Armor absorbs 2, 1 to life -> life 9" in answer and "LETHAL" not in answer
    assert "3 damage: Armor absorbs 2, 1 to life -> life 9" in printed(G.render(G.view(state, 1)))
    weak = attack_on_seat_1(["jump/1"], life=1)
    assert "3 damage: 3 to life -> life 0 LETHAL" in describe(weak, 1, "take")  # never below 0 on screen (playtest 7)
    assert "LETHAL" in printed(G.render(G.view(weak, 1)))
    pick = start(2)
    at(pick, 0, Phase.COMBAT)
    arrange(pick, 0, hand=["attack_high/1"], weapons=["war_pick/1"])
    arrange(pick, 1, hand=["jump/1"], armor="leather_armor/1")
    pick = act(pick, 0, "attack attack_high/1 2")
    assert "pierces Armor" in describe(pick, 1, "take")  # War Pick: armour piercing (SWP-017)


def test_the_defend_prompt_shows_a_monster_attack_too() -> None:
    """The Cave Troll (base 2) with a Dagger (+1) hits for 3; Armor absorbs; a Hero at 3 life would fall."""
    state = start(1, mode="solo")
    state.fighters[1].weapons.append("dagger/1")
    take(state, "dagger/1")
    arrange(state, 0, hand=["jump/1"], armor="leather_armor/1", life=3)
    take(state, "attack_right/1")
    state.deck.insert(0, "attack_right/1")
    at(state, 0, Phase.COMBAT)
    state = act(state, 0, "end")
    assert state.phase is Phase.DEFEND and G.to_act(state) == (0,)
    assert "3 damage: Armor absorbs 2, 1 to life -> life 2" in describe(state, 0, "take")
    state.fighters[0].armor, state.fighters[0].armor_value = None, 0
    state._legal.clear()
    assert "3 damage: 3 to life -> life 0 LETHAL" in describe(state, 0, "take")


def test_the_attack_menu_shows_the_hit_chance_against_the_monster() -> None:
    """SWP-061: the Troll counters High on 6+, so a High attack lands on 1-5: 50%; Dodge Only 8+: 70%."""
    state = start(1, mode="solo")
    arrange(state, 0, hand=["attack_high/1", "lunge/1"])
    at(state, 0, Phase.COMBAT)
    assert "lands 50%: it counters on d10 6+" in describe(state, 0, "attack attack_high/1 monster")
    assert "lands 70%: it counters on d10 8+" in describe(state, 0, "attack lunge/1 monster")
    hint = " ".join(G.advice(state, 0))
    assert "%" in hint and ": " in hint


def test_hand_cards_show_their_rules_text_and_items_that_cannot_be_readied_say_why() -> None:
    state = start(2, heroes=["mercenary", "gladiator"])
    arrange(state, 0, hand=["lunge/1", "jump/1", "great_axe/1", "war_pick/1", "parry_high/1"])
    at(state, 0, Phase.READY)
    screen = printed(G.render(G.view(state, 0)))
    assert "Lunge: Attack, Dodge Only: only a Dodge counters it, never a Shield" in screen
    assert "Jump: Defense: counters Low" in screen
    assert "armor piercing" in screen and "(a parry)" in screen
    assert "Great Axe: Weapon: +3 damage on every attack, 2-handed (cannot ready: needs 2 hands, your Hero has 1)" \
        in screen
    assert "ready great_axe/1" not in {str(a) for a in G.legal_actions(state, 0)}
    # Another seat sees none of it (SWP hidden hands).
    assert "Great Axe" not in printed(G.render(G.view(state, 1)))


def test_view_discard_shows_the_public_discard_pile() -> None:
    """SWP-036: the discard pile is face up; `view discard` lists it with each card's text."""
    state = start(2)
    at(state, 0, Phase.DISCARD)
    arrange(state, 0, hand=["jump/1", "attack_low/1"])
    state = act(state, 0, "discard jump/1")
    assert "discard" in G.zones()
    pile = printed(G.render_zone(G.view(state, 1), "discard"))
    assert "1 x Jump: Defense: counters Low" in pile
    match = Match(G, 2, {}, None, 3)
    out = io.StringIO()
    answers = iter(["view discard", "view hand", "quit"])
    Session(match, ["human", "random"], Console(file=out, width=160), lambda prompt: next(answers)).run()
    assert "Discard pile" in out.getvalue() and "no view named 'hand'" in out.getvalue()


def test_two_seats_with_the_same_hero_are_told_apart_everywhere() -> None:
    """Logs, menus and the table say "The Gladiator (seat 2)"."""
    state = G.setup(3, {"heroes": ["gladiator", "mercenary", "gladiator"]})
    names = [f.name for f in state.fighters]
    assert [n.get_text("en") for n in names] == ["The Gladiator (seat 1)", "The Mercenary", "The Gladiator (seat 3)"]
    state = G.apply(state, CHANCE, "roll 10 1 1")
    state = G.apply(state, CHANCE, Shuffle(CAT.deck))
    arrange(state, 0, hand=["attack_high/1"])
    at(state, 0, Phase.COMBAT)
    assert "Attack The Gladiator (seat 3) with Attack - High" in describe(state, 0, "attack attack_high/1 3")
    after = act(state, 0, "attack attack_high/1 3")
    assert any("on The Gladiator (seat 3)" in e.text for e in G.events(after))
    assert "The Gladiator (seat 3)" in printed(G.render(G.view(after, None)))


def test_a_bots_take_the_hit_refuses_undo_of_the_attack() -> None:
    """Fair undo: the defender's answer told the attacker it held no counter, so the attack stands."""
    state = start(2)
    at(state, 0, Phase.COMBAT)
    arrange(state, 0, hand=["attack_high/1"])
    arrange(state, 1, hand=["attack_low/1"])  # no counter in hand
    match = Match(G, 2, {}, None, 0)
    match.states[-1] = state
    match.apply("attack attack_high/1 2", 0)
    match.apply("take", 1)
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction, match="has decided since your last decision"):
        match.undo(0)
    # Even before the answer the attack stands: the Attack card was played face up (the defender saw it).
    before = Match(G, 2, {}, None, 0)
    ready = start(2)
    at(ready, 0, Phase.COMBAT)
    arrange(ready, 0, hand=["attack_high/1"])
    before.states[-1] = ready
    before.apply("attack attack_high/1 2", 0)
    assert not before.can_undo(0)
    with pytest.raises(IllegalAction, match="showed something hidden"):
        before.undo(0)
    # Readying nothing shows nobody anything: that decision can be taken back.
    passing = Match(G, 2, {}, None, 0)
    ready = start(2)
    at(ready, 0, Phase.READY)
    arrange(ready, 0, hand=["attack_high/1", "dagger/1"])
    passing.states[-1] = ready
    passing.apply("pass", 0)
    assert passing.can_undo(0)
    passing.undo(0)
    assert passing.state is ready


def test_an_attack_on_the_monster_cannot_be_undone_after_its_defense_roll() -> None:
    match = Match(G, 1, {"mode": "solo"}, None, 4)
    state = start(1, mode="solo")
    arrange(state, 0, hand=["attack_high/1"])
    at(state, 0, Phase.COMBAT)
    match.states[-1] = state
    match.apply("attack attack_high/1 monster", 0)
    match.step_chance()
    assert not match.can_undo(0)


def test_take_the_hit_is_never_skipped_but_a_lone_end_is() -> None:
    """Skipping "take the hit" in hot-seat would show the defender held no counter; ending a turn without an
    Attack card tells nobody anything."""
    state = attack_on_seat_1(["attack_low/1"])
    (only,) = G.legal_actions(state, 1)
    assert str(only) == "take" and not G.is_trivial(state, 1, only)
    turn = start(2)
    arrange(turn, 0, hand=["jump/1"])
    at(turn, 0, Phase.COMBAT)
    (end,) = G.legal_actions(turn, 0)
    assert G.is_trivial(turn, 0, end)


def test_hint_explains_the_choice_at_every_phase() -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(6):
        state = G.setup(3, {})
        while G.to_act(state):
            seat = G.to_act(state)[0]
            if seat == CHANCE:
                state = G.apply(state, CHANCE, G.sample_chance(state, rng))
                continue
            (line,) = G.advice(state, seat)
            assert "heuristic's choice" not in line, line
            seen.add(state.phase.value)
            state = G.apply(state, seat, rng.choice(G.legal_actions(state, seat)))
    assert {"choose_hero", "discard", "ready", "combat", "defend"} <= seen


def test_the_two_stand_in_heroes_differ() -> None:
    """The hero choice means something: life, damage and hands differ (balance: bench/swordplay_balance.py)."""
    gladiator, mercenary = CAT.heroes["gladiator"], CAT.heroes["mercenary"]
    assert (gladiator.life, gladiator.base_damage, gladiator.hands) == (10, 1, 2)  # the typical Hero (L25)
    assert (mercenary.life, mercenary.base_damage, mercenary.hands) == (7, 2, 1)
    assert gladiator.stand_in and mercenary.stand_in


def test_a_name_with_markup_is_printed_as_written(tmp_path: Path) -> None:
    """No markup eats the text: a Hero called "[bold]and win[/]" is shown literally."""
    for f in REFERENCE.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    heroes = (tmp_path / "heroes.toml").read_text().replace('"The Mercenary"', '"[bold]and win[/]"')
    (tmp_path / "heroes.toml").write_text(heroes)
    state = G.setup(2, {"heroes": ["gladiator", "mercenary"]}, G.load_content(str(tmp_path)))
    view = G.view(state, 0)
    assert "[bold]and win[/]" in printed(G.render(view))
    for value in G.shown_values(view):
        assert " ".join(value.split()) in printed(G.render(view))


def test_a_crowded_arena_menu_lists_the_best_few_and_accepts_any_attack_by_text() -> None:
    """Eight Heroes, five Attack cards: 36 legal actions; the menu features 16 (the heuristic's pick first)."""
    from bouts.games.swordplay import strategy

    state = start(8)
    arrange(state, 0, hand=["attack_high/1", "attack_low/1", "attack_left/1", "attack_right/1", "lunge/1"])
    at(state, 0, Phase.COMBAT)
    state.fighters[5].life = 2
    legal = G.legal_actions(state, 0)
    featured = G.featured_actions(state, 0)
    assert len(legal) == 36 and len(featured) == 16
    assert featured[0] == strategy.choose(G, state, 0, random.Random(0))
    assert any(str(a).endswith(" 6") for a in featured[1:4])  # the weakest Hero's (seat 6) attacks come first
    unlisted = next(a for a in legal if a not in featured)
    assert G.is_legal(state, 0, G.parse_action(state, 0, str(unlisted)))


SHOWN_KEYS = {"mode", "realistic_parries", "phase", "turns", "deck_size", "discard", "fighters", "attack", "heroes"}
"""View keys whose values the table shows (checked value by value by the conformance table test)."""
NOT_ON_THE_TABLE = {
    "game": "the panel's title says it",
    "seat": "whose eyes: the prompt names the seat",
    "turn": "shown as the > marker before the fighter whose turn it is",
    "to_act": "the prompt names who decides",
    "readied": "readying an Item ends the turn at once (SWP-039), so it is never seen mid-turn",
}


def test_every_view_key_is_shown_or_has_a_reason_not_to_be() -> None:
    """The render test covers every view key: each is on the table, or listed here with why not."""
    for seats, mode in ((1, "solo"), (2, "arena"), (3, "coop")):
        state = start(seats, mode=mode)
        for seat in [*range(seats), None]:
            assert set(G.view(state, seat)) == SHOWN_KEYS | set(NOT_ON_THE_TABLE)
    state = start(2)
    fighter_keys = set(G.view(state, 0)["fighters"][0])
    assert fighter_keys == {"index", "card", "name", "monster", "life", "max_life", "base_damage", "hands",
                            "defeated", "weapons", "shields", "armor", "hand_size", "free_hands", "hand"}
    screen = printed(G.render(G.view(state, 0)))
    assert "> The Gladiator (seat 1)" in screen  # the turn marker


def test_an_arena_duel_is_no_cooperative_game_but_co_op_mode_is() -> None:
    """SWP-003 / SWP-RUL-34: a concession in an arena duel gives the other Hero the win; co-op Heroes share."""
    assert not G.is_cooperative(G.setup(2, {}))
    assert G.is_cooperative(G.setup(2, {"mode": "coop"})) and G.is_cooperative(G.setup(1, {"mode": "solo"}))


def test_choosing_heroes_comes_before_turn_1_and_the_header_says_no_turn_0() -> None:
    """Issue 25 (as kaleido's "turn 0"): the hero choice was headed "turn 0"; turn 1 is the first turn."""
    from bouts.core.i18n import use_lang

    state = G.setup(2, {}, None, 4)
    assert state.turns == 0
    for lang, zero in (("en", "turn 0"), ("ja", "手番0")):
        with use_lang(lang):
            screen = printed(G.render(G.view(state, 0)))
        assert zero not in screen, screen
    assert "turn 0" not in printed(G.render(G.view(state, 0)))
