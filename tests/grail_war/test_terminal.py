"""Issue 25 for Grail War: decision screens as a terminal prints them (a real ``rich.Console`` at 160 columns),
in English and in Japanese."""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console

from bouts.cli.session import Session
from bouts.core import Match
from bouts.core.i18n import use_lang
from bouts.core.text import cell_width
from tests.conformance.test_languages import ALLOWED_LATIN
from tests.grail_war.helpers import GAME, act, place_all, start

JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]")


def decision_screen(state: Any, seat: int, lang: str = "en") -> list[str]:
    """What a 160-column terminal shows at ``seat``'s decision: the table, the menu and a line for the prompt."""
    match = Match(GAME, state.seats, {}, None, 0)
    match.states[-1] = state
    out = io.StringIO()
    with use_lang(lang):
        session = Session(match, ["human"] * state.seats, Console(file=out, width=160, color_system=None),
                          lambda prompt: "")
        session.draw(seat)
        session.menu(seat)
    return [*out.getvalue().splitlines(), "> "]


def test_placement_menu_shows_what_each_place_gives() -> None:
    """DGW-045, DGW-048, DGW-049, DGW-RUL-43: the Outpost menu shows the mana the Workshop gives now (2 first,
    then 1), the land advantage token a battlefield still has (+3, then +1, then none), and 平穏's spoils."""
    state = start(5, masters=["illya", "rin", "kirei", "shirou", "kuzuki"])
    text = "\n".join(decision_screen(state, 0))
    assert "Place your piece at Workshop (+2 mana)" in text
    assert "Place your piece at Miyama (land advantage +3)" in text
    state = place_all(state, "workshop", "miyama", "miyama")
    text = "\n".join(decision_screen(state, 3))
    assert "Place your piece at Workshop (+1 mana)" in text
    assert "Place your piece at Miyama (no land advantage left)" in text
    assert "Place your piece at Shinto (land advantage +3)" in text
    state = place_all(state, "shinto")
    text = "\n".join(decision_screen(state, 4))
    assert "Place your piece at Workshop (+1 spoils: Tranquility)" in text  # Kuzuki's 平穏
    assert "Place your piece at Shinto (land advantage +1)" in text
    ja = "\n".join(decision_screen(state, 4, "ja"))
    assert "マスター駒を魔術工房に置く（戦果+1：平穏）" in ja and "マスター駒を新都に置く（地の利+1）" in ja


def test_battle_preparation_screen_fits_and_speaks_one_language() -> None:
    """A battle-preparation decision (7 masters, the fullest table) fits 160 x 50 in both languages; the English
    screen holds no Japanese, and the Japanese one no English word but the typed forms (``[play ...]``), card
    ids in brackets and the abbreviations players use."""
    state = start(7)
    state = place_all(state, "miyama", "miyama", "shinto", "shinto", "workshop", "workshop", "workshop")
    state = act(state, 0, "stay")
    for lang in ("en", "ja"):
        lines = decision_screen(state, 0, lang)
        assert len(lines) <= 50, "\n".join(lines)
        assert max(cell_width(line) for line in lines) <= 160
    english = "\n".join(decision_screen(state, 0, "en"))
    assert not JAPANESE.search(english), JAPANESE.findall(english)[:5]
    japanese = "\n".join(decision_screen(state, 0, "ja"))
    plain = re.sub(r"\[[^\]\n]*\]", " ", japanese)
    plain = re.sub(r"\b[\w/.-]*[_/0-9][\w/.-]*\b", " ", plain)
    words = {w for w in re.findall(r"[A-Za-z]{2,}", plain)} - ALLOWED_LATIN
    assert words == set(), sorted(words)


def test_events_show_their_spoils_once() -> None:
    """DGW-011: an open event is printed with its name and its text (which carries the spoils), not the spoils
    twice."""
    state = start(4)
    text = "\n".join(decision_screen(state, 0))
    assert "events: Brawl in the Shopping Street: Spoils 3." in text, text


def test_chosen_cards_show_their_cost_and_the_mana_left() -> None:
    """DGW-072: the cards chosen so far are paid together, so the table shows their total cost and the mana it
    leaves (the number the next card choice turns on), in both languages."""
    state = start(5, servants=["saber", "berserker", "archer", "lancer", "rider"],
                  decks={0: ["saber_01", "saber_02", "saber_03"]})
    state = place_all(state, "miyama", "shinto", "workshop", "workshop", "workshop")
    mana = state.players[0].mana
    state = act(state, 0, "stay", "play saber_01 up")
    cost = GAME.catalog().cards["saber_01"].cost
    text = "\n".join(decision_screen(state, 0))
    assert f"chosen: Saber Strength 4 #1 (up) · cost {cost}: mana {mana} → {mana - cost}" in text, text
    ja = "\n".join(decision_screen(state, 0, "ja"))
    assert f"選択中：セイバー 筋力 4 #1（表） · 消費魔力{cost}：魔力{mana} → {mana - cost}" in ja, ja
