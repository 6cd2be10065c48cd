"""News before a decision (issue 25): every event the seat has not seen since its last decision is on screen,
grouped and packed when one line each would push the table and the menu off a 160x50 terminal; "type log" only
when even that cannot fit. Checked through a real rich Console at 160x50, in whole games against bots."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len
from rich.console import Console

import bouts
from bouts.cli.session import Session, group_sizes
from bouts.core import Match
from bouts.core.events import Event

WIDTH, HEIGHT = 160, 50

GAMES = [("swordplay", 2, 40), ("sao", 2, 40), ("fgo_duel", 2, 30), ("kaleido", 3, 40), ("grail_war", 3, 30)]


def squeeze(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def screens(game_id: str, seats: int, decisions: int, seed: int = 9) -> list[tuple[str, list[Event]]]:
    """Each decision's screen (news, table, menu) as printed, with the events the human had not seen before it."""
    out = io.StringIO()
    match = Match(bouts.game(game_id), seats, {}, None, seed)
    found: list[tuple[str, list[Event]]] = []
    seen = [0]

    def ask(prompt: str) -> str:
        if "(Enter" not in prompt and "> " not in prompt:
            return ""
        text = out.getvalue()
        start = text.rfind("\n  → ")
        start = text.index("\n", start + 1) + 1 if start >= 0 else 0
        log = match.log(0)
        found.append((text[start:] + prompt, log[seen[0]:]))
        seen[0] = len(log)
        out.seek(0)
        out.truncate()
        if len(found) >= decisions:
            raise EOFError
        return ""

    Session(match, ["human"] + ["heuristic"] * (seats - 1),
            Console(file=out, width=WIDTH, height=HEIGHT, color_system=None, highlight=False), ask).run()
    return found


@pytest.mark.parametrize(("game_id", "seats", "decisions"), GAMES, ids=[g[0] for g in GAMES])
def test_every_unseen_event_is_on_the_decision_screen_within_160_by_50(game_id: str, seats: int,
                                                                       decisions: int) -> None:
    crowded = 0
    for screen, news in screens(game_id, seats, decisions):
        lines = screen.splitlines()
        assert len(lines) <= HEIGHT, f"{game_id}: {len(lines)} rows\n{screen}"
        assert max(cell_len(line) for line in lines) <= WIDTH
        flat = squeeze(screen)
        if "earlier events: type log" in screen:
            continue  # checked below: only when even the packed news cannot fit
        groups = iter(group_sizes(news))  # a packed run of one seat's events names the seat once
        group, left = "", 0
        for event in news:
            if not left:
                group, left = next(groups)
            left -= 1
            tail = squeeze(event.render())[-25:]
            shown = tail in flat or squeeze(group)[-25:] in flat
            assert shown, f"{game_id}: '{event.render()}' is not on screen\n{screen}"
        crowded += len(news) > 12
    assert crowded or game_id in ("swordplay", "sao", "fgo_duel"), f"{game_id}: no decision after a long bot turn"


def test_a_bots_long_turn_is_grouped_by_seat_and_packed_not_cut() -> None:
    """Grail War after a whole round of bots: some twenty events; before, the last 12 and "type log"."""
    long = [(screen, news) for screen, news in screens("grail_war", 3, 30) if len(news) >= 15]
    assert long, "no decision after a long round"
    screen, news = long[0]
    assert "type log" not in screen and len(screen.splitlines()) <= HEIGHT
    subjects = [text for text, count in group_sizes(news) if count > 1]
    assert subjects and any(squeeze(text)[:30] in squeeze(screen) for text in subjects)


def test_news_that_truly_cannot_fit_keeps_the_newest_and_says_type_log() -> None:
    out = io.StringIO()
    match = Match(bouts.game("swordplay"), 2, {}, None, 3)
    session = Session(match, ["human", "heuristic"], Console(file=out, width=WIDTH, height=HEIGHT), lambda p: "")
    events = [Event("x", f"The Gladiator event number {n} with a long enough text to fill the line well " * 2)
              for n in range(60)]
    lines = session.news_lines(events, 10)
    assert "earlier events: type log" in lines[0]
    assert session.total_rows(lines) <= 10 and "number 59" in lines[-1]
    hidden = int(re.search(r"… (\d+) earlier", lines[0]).group(1))  # type: ignore[union-attr]
    assert hidden + sum(line.count("event number") for line in lines[1:]) // 2 == 60


def test_a_table_line_too_long_for_the_screen_goes_on_indented_under_its_start() -> None:
    """Grail War's face-down Noble Phantasm lines and SAO's dice line were wider than a 160-column panel: their
    rest went back to the frame ("│ base power 0 this round."), reading like a line of its own."""
    out = io.StringIO()
    match = Match(bouts.game("grail_war"), 3, {}, None, 11)
    match.advance()
    session = Session(match, ["human", "heuristic", "heuristic"],
                      Console(file=out, width=WIDTH, height=HEIGHT, color_system=None), lambda p: "")
    session.draw(0)
    rows = out.getvalue().splitlines()
    assert max(cell_len(row) for row in rows) <= WIDTH
    at = next(i for i, row in enumerate(rows) if "Invisible Air" in row)
    follow = rows[at + 1][2:]
    assert follow.startswith("      ") and follow.strip().startswith("base power 0"), rows[at + 1]
    head = rows[at][2:]
    assert len(follow) - len(follow.lstrip()) == len(head) - len(head.lstrip()) + 4


def test_packed_groups_are_told_apart_and_a_long_one_wraps_under_its_text() -> None:
    """Packed side by side, one seat's events and the next seat's were joined by the same " · " and read as one
    seat's; and a news line longer than the screen went on at the margin, under the bullets."""
    from rich.text import Text

    out = io.StringIO()
    match = Match(bouts.game("swordplay"), 2, {}, None, 3)
    session = Session(match, ["human", "heuristic"],
                      Console(file=out, width=WIDTH, height=HEIGHT, color_system=None), lambda p: "")
    lines = session.packed(["P4 Rin: draws 1 card · draws 1 card", "P5 Shirou draws 2 cards"])
    assert len(lines) == 1
    assert "P4 Rin: draws 1 card · draws 1 card  • P5 Shirou draws 2 cards" in Text.from_markup(lines[0]).plain
    session.console.print(session.hung("  [dim]•[/] " + "a long news text " * 20))
    rows = out.getvalue().splitlines()
    assert len(rows) == 3 and all(row.startswith("      ") and row[6] != " " for row in rows[1:]), rows
    assert session.rows("  [dim]•[/] " + "a long news text " * 20) == 3
