"""The terminal at 160x50 (issue 25): one way to name seats, help examples that parse, hints that Enter takes."""

from __future__ import annotations

import io
import random

from rich.cells import cell_len
from rich.console import Console

from bouts.agents import make_agent
from bouts.core import CHANCE
from bouts.core.i18n import tr, use_lang
from bouts.core.text import escape_markup
from tests.kaleido.helpers import ARCHER, GAME, RIDER, SABER, quiet_until, table


def printed(text: str) -> str:
    out = io.StringIO()
    Console(file=out, width=160, color_system=None, highlight=False).print(text)
    return out.getvalue()


def test_seats_are_counted_from_1_in_the_table_the_menu_the_text_forms_and_the_prompt() -> None:
    """Issue 25: kaleido prompted ``P0>`` and typed ``nominate 1`` to nominate the seat printed P1. Now the table,
    the menu line, its text form and the prompt's seat name all say P2 for the second seat."""
    state = quiet_until(table([SABER, RIDER, ARCHER]), "nominate", 0)
    nominations = [a for a in GAME.legal_actions(state, 0) if a.verb == "nominate"]
    assert nominations
    for lang in ("en", "ja"):
        with use_lang(lang):
            screen = printed(GAME.render(GAME.view(state, 0)))
            assert "P0" not in screen and "P1" in screen and "P3" in screen
            assert tr(GAME.seat_name(state, 0)).startswith("P1")
            for action in nominations:
                number = int(action.args[0]) + 1
                line = printed(escape_markup(f" 1. {GAME.describe(state, 0, action)}  [{action}]"))
                assert f"P{number} " in line and line.rstrip().endswith(f"[nominate {number}]"), line
                assert GAME.parse_action(state, 0, f"nominate {number}") == action


def test_help_examples_parse_at_the_decisions_they_name() -> None:
    """Every help example is a real text form: it parses at some decision of a played game."""
    wanted = {text for text, _ in GAME.help_examples() if not text.startswith("view ")}
    found: set[str] = set()
    for seed in range(1, 7):
        state = GAME.setup(3, None, None, seed)
        rng = random.Random(seed)
        agents = [make_agent("heuristic", s) for s in range(3)]
        while GAME.to_act(state) and found != wanted:
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            legal = {str(a) for a in GAME.legal_actions(state, seat)}
            for text in wanted - found:
                if text in legal:
                    assert str(GAME.parse_action(state, seat, text)) == text
                    found.add(text)
            state = GAME.apply(state, seat, agents[seat].act(GAME, state, seat))
    assert found == wanted, wanted - found
    assert {"view discard", "view abilities"} <= {t for t, _ in GAME.help_examples()}
    assert {"discard", "abilities", "strategy"} == set(GAME.zones())


def test_enter_takes_the_hint_and_the_hint_says_why_with_numbers() -> None:
    """Issue 25: ``recommend`` is the action ``hint`` names (Enter takes it), and at an attack the reason gives
    the damage the player can check on the screen, never an internal score."""
    state = quiet_until(table([SABER, RIDER]), "attack", 0)
    action, reason = GAME.recommend(state, 0) or (None, "")
    assert action is not None and GAME.hints(state, 0) == [
        f"{GAME.describe(state, 0, action)} [{action}]: {reason}"]
    assert "damage" in reason and "score" not in reason
    with use_lang("ja"):
        _, reason_ja = GAME.recommend(state, 0) or (None, "")
        assert "ダメージ" in reason_ja


def test_the_table_lines_fit_160_columns_in_both_languages() -> None:
    """Issue 25: at a battle decision with face-up strategy cards, no line of the table is wider than a 160-column
    panel holds (the strategy card and the six steps had made the player and battle lines wrap)."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, 6, 2), top_cards=("reinforcement/1",))
    state = quiet_until(state, "attack", 0)
    for p in state.players:
        p.strategy = p.strategy or "binding_curse/1"
    for lang in ("en", "ja"):
        with use_lang(lang):
            out = io.StringIO()
            Console(file=out, width=400, color_system=None, highlight=False).print(GAME.render(GAME.view(state, 0)))
        widest = max(cell_len(line.rstrip()) for line in out.getvalue().splitlines())
        assert widest <= 156, (lang, widest)
