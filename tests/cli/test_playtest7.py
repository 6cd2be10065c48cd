"""Defects a new player saw in the terminal (playtest 7), each checked on what a 160-column screen prints:

- every game's log said "draws 5 card(s)": counted lines now take the form their count asks for (one in
  Japanese), through the catalogs;
- FGO's end line said "Medusa entered the enemy master area" when both masters field a Medusa: it names the seat;
- Swordplay showed a defeated fighter's life below 0: the table shows 0, the log line tells the overkill;
- Japanese showed "剣闘士 （席1）", a space before the full-width bracket;
- The Gladiator's text cited "(L25)", a rulebook line number the player cannot read.
"""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from rich.text import Text

import bouts
from bouts.agents import make_agent
from bouts.cli.session import Session
from bouts.core import CHANCE, Match
from bouts.core.events import Event
from bouts.core.i18n import use_lang
from tests.bot_games import played

WIDTH, HEIGHT = 160, 50

COUNTED = ("{count} card", "{count} draw")
"""What the message ids of lines counting cards or draws say."""


def end_screen(match: Match, lang: str = "en") -> str:
    """What the terminal prints at the end of ``match`` (the table, how it ended, the seed) for seat 1."""
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, color_system=None, highlight=False)
    with use_lang(lang):
        session = Session(match, ["human"] + ["heuristic"] * (match.seats - 1), console, lambda prompt: "",
                          wait_at_end=False)
        session.game_over()
    return out.getvalue()


def counted_events(match: Match) -> list[Event]:
    return [e for e in match.log(None) if any(word in e.msg for word in COUNTED) and "count" in e.args]


@pytest.mark.parametrize(("game_id", "seats"), [("swordplay", 2), ("fgo_duel", 2), ("kaleido", 3),
                                                ("grail_war", 3)])
def test_counted_log_lines_say_card_or_cards_never_card_s(game_id: str, seats: int) -> None:
    singular = plural = 0
    for seed in (1, 2, 3):
        match = played(game_id, seats, {}, seed)
        for event in counted_events(match):
            english, japanese = event.render("en"), event.render("ja")
            assert "(s)" not in english and "(s)" not in japanese, english
            count = event.args["count"]
            if count == 1:
                assert re.search(r"\b1 (card|draw)\b", english), english
                assert not re.search(r"\b1 cards\b|\b1 draws of\b", english), english
                singular += 1
            else:
                assert f"{count} cards" in english or f"{count} draws" in english, english
                plural += 1
            assert f"{count}枚" in japanese, japanese  # Japanese has one form: the same counter for 1 and 5
        log = "\n".join(e.render("en") for e in match.log(None))
        assert "(s)" not in log
    assert plural, game_id
    if game_id != "fgo_duel":  # FGO draws whole hands: 1 card is rare there
        assert singular, game_id


def test_the_terminal_log_prints_one_card_and_five_cards() -> None:
    match = played("swordplay", 2, {}, 2)
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=HEIGHT, color_system=None, highlight=False)
    session = Session(match, ["human", "heuristic"], console, lambda prompt: "", wait_at_end=False)
    for number, event in enumerate(match.log(0), 1):
        console.print(session.event_line(event, number))
    screen = out.getvalue()
    assert re.search(r"draws 1 card\b", screen) and re.search(r"draws [2-9] cards\b", screen)
    assert "(s)" not in screen


def medusa_mirror_win() -> Match:
    """A game of two parties with a Medusa each that a servant won by entering the enemy master area."""
    party = ("medusa", "artoria", "hassan")
    for seed in range(1, 60):
        match = played("fgo_duel", 2, {"parties": [list(party), list(party)], "turn_limit": 40}, seed)
        outcome = match.outcome()
        if outcome is not None and outcome.winners and "master area" in outcome.reason_text("en"):
            return match
    raise AssertionError("no game won by entering the master area")


def test_fgo_end_line_names_whose_servant_won_when_both_field_it() -> None:
    match = medusa_mirror_win()
    outcome = match.outcome()
    assert outcome is not None
    (winner,) = outcome.winners
    screen = end_screen(match)
    line = next(line for line in screen.splitlines() if line.startswith("Game over"))
    assert f"Seat {winner + 1}" in line and "won" in line, line
    assert outcome.reason_text("en") in line
    table = next(line for line in screen.splitlines() if "Game over:" in line and "Seat" in line)
    assert table
    japanese = end_screen(match, "ja")
    assert any(line.startswith("ゲーム終了") and f"席{winner + 1}" in line for line in japanese.splitlines()), japanese


def test_fgo_table_game_over_line_names_the_winning_seat() -> None:
    match = medusa_mirror_win()
    outcome = match.outcome()
    assert outcome is not None
    with use_lang("en"):
        text = match.game.render(match.view(0))
    line = next(line for line in text.splitlines() if "Game over:" in line)
    assert f"Seat {outcome.winners[0] + 1} wins" in line, line


def overkill_game() -> Match:
    for seed in range(1, 80):
        match = played("swordplay", 2, {}, seed)
        if any(f.life < 0 for f in match.state.fighters):
            return match
    raise AssertionError("no game ended below 0 life")


def test_swordplay_life_never_shows_below_zero_and_the_log_tells_the_overkill() -> None:
    match = overkill_game()
    fallen = next(f for f in match.state.fighters if f.life < 0)
    screen = end_screen(match)
    assert not re.search(r"life -\d", screen), screen
    view = match.view(0)
    assert all(f["life"] >= 0 for f in view["fighters"])
    damage = [e for e in match.log(None) if e.kind == "damage"][-1]
    text = damage.render("en")
    assert f"(now 0, {-fallen.life} past 0)" in text, text
    assert f"{-fallen.life}超過" in damage.render("ja")


def test_japanese_seat_label_has_no_space_before_the_full_width_bracket() -> None:
    match = Match(bouts.game("swordplay"), 2, {"heroes": ["gladiator", "mercenary"]}, None, 4)
    with use_lang("ja"):
        text = Text.from_markup(match.game.render(match.view(0))).plain
    assert "剣闘士（席1）" in text and "傭兵（席2）" in text, text
    assert " （" not in text, text  # nor before the mode, the discard pile's command or "(none)"
    with use_lang("en"):
        text = Text.from_markup(match.game.render(match.view(0))).plain
    assert "The Gladiator (seat 1)" in text, text


def test_the_gladiators_text_says_its_numbers_not_a_rulebook_line() -> None:
    match = Match(bouts.game("swordplay"), 2, {}, None, 4)
    for lang in ("en", "ja"):
        with use_lang(lang):
            seat = match.to_act()[0]
            shown = [match.game.describe(match.state, seat, a) for a in match.game.legal_actions(match.state, seat)]
            shown += match.game.hints(match.state, seat)
        gladiator = next(line for line in shown if "Gladiator" in line or "剣闘士" in line)
        assert not re.search(r"\(L\d+\)|（L\d+）", " ".join(shown)), shown
        assert "10" in gladiator


def test_fgo_last_battle_says_which_side_attacked() -> None:
    """"Last battle: the defender held" over two seats' totals read wrong with the defender first: each side says
    its role, the attacker first."""
    match = next(m for m in (played("fgo_duel", 2, {"turn_limit": 40}, seed) for seed in range(1, 20))
                 if m.view(0).get("last_battle"))
    battle = match.view(0)["last_battle"]
    attacker = battle["attacker"]
    with use_lang("en"):
        text = Text.from_markup(match.game.render(match.view(0))).plain
    lines = [line.strip(" │") for line in text.splitlines()]
    sides = [line[line.index("Seat"):] for line in lines if "(attacker)" in line or "(defender)" in line]
    assert len(sides) == 2, text
    assert sides[0].startswith(f"Seat {attacker + 1} (attacker)") and sides[1].startswith(
        f"Seat {2 - attacker} (defender)"), sides


def test_kaleidos_forced_retreat_hint_reads_in_japanese() -> None:
    """The hint at a forced retreat gave its reason as the English word "stalemate" in Japanese too."""
    game = bouts.game("kaleido")
    seen = 0
    for seed in (1, 2, 3):
        match = Match(game, 3, {}, None, seed)
        agents = [make_agent("heuristic", seed + s) for s in range(3)]
        while match.to_act():
            acting = match.to_act()
            if acting == (CHANCE,):
                match.step_chance()
                continue
            seat = acting[0]
            if match.state.stack and match.state.stack[-1].kind == "forced_retreat":
                with use_lang("ja"):
                    hints = match.game.hints(match.state, seat)
                assert not re.search(r"[A-Za-z]{4,}", re.sub(r"\[[^\]]*\]", "", " ".join(hints))), hints
                seen += 1
            match.apply(agents[seat].act(game, match.state, seat), seat)
    assert seen
