"""Whole games of Fate/kaleido grail and Dominate Grail War in Debian's chromium against bots, acting only on the
table (the things themselves, their popovers, the decision bar's plain controls), never the fallback list; the
hint at each decision (advice with its reason, the recommended objects glowing); what each table shows.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page

from bouts.server.room import localize
from tests.server.live import LiveServer
from tests.web.clicking import act_on_table, new_page, play_to_the_end, state
from tests.web.decisions import Decision, decisions
from tests.web.test_tables import draw, table_page

pytestmark = pytest.mark.browser

MATCHES = {
    "kaleido": {"game": "kaleido", "options": {"turn_limit": 12},
                "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "heuristic"},
                          {"kind": "bot", "agent": "heuristic"}]},
    "grail_war": {"game": "grail_war", "options": {},
                  "seats": [{"kind": "reserved"}, {"kind": "bot", "agent": "heuristic"},
                            {"kind": "bot", "agent": "heuristic"}]},
}
"""Each game's match: one person against two bots, options keeping a game to a couple of minutes."""
CLAUSE = {"kaleido": "KAL-", "grail_war": "DGW-"}


def open_seat(browser: Browser, server: LiveServer, game: str, errors: list[str]) -> Page:
    made = server.post("/api/matches", MATCHES[game])
    page = new_page(browser)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + made["seats"][0]["link"])
    page.wait_for_selector("body[data-step]")
    return page


@pytest.mark.parametrize("game", ["kaleido", "grail_war"])
def test_a_whole_game_against_bots_by_clicking_the_table(browser: Browser, server: LiveServer, game: str) -> None:
    errors: list[str] = []
    page = open_seat(browser, server, game, errors)
    decisions = play_to_the_end([page], random.Random(5), limit=200)
    assert decisions >= 5
    status = page.locator("#status").inner_text()
    assert "Game over" in status and "Winners" in status
    outcome = page.locator("#board .banner.outcome")
    assert outcome.count() == 1  # the table shows how it ended too, with the same reason
    reason = outcome.inner_text().split(" — ", 1)[1].strip()
    assert reason and reason in status
    if game == "grail_war":  # an eliminated master's board says so, the viewer's own too
        for board in page.locator("#board .seats .master.out").all():
            assert "eliminated" in board.locator("h3").inner_text()
    assert page.locator("#log .turn-group").count() >= 2  # the log by turn
    assert page.locator("#log details.why").count() > 0  # with the rule behind its lines
    page.locator("#log details.why summary").first.click()
    why = page.locator("#log details.why[open]").first.inner_text()
    assert CLAUSE[game] in why and len(why) > 12
    assert not errors
    page.context.close()


def hint_here(page: Page) -> tuple[str, str, int, int]:
    """Press the hint control at this decision: the advice's action, its reason, the objects glowing on the table
    and the plain controls glowing."""
    step = state(page)[0]
    page.click("#hint")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert state(page)[0] == step
    box = page.locator("#hint-box")
    main = box.locator(".hint-main b")
    reason = box.locator(".hint-reason")
    return (main.inner_text() if main.count() else box.inner_text(),
            reason.inner_text() if reason.count() else "",
            page.locator("#board [data-obj].hinted").count(), page.locator("#plain button.act.hinted").count())


@pytest.mark.parametrize("game", ["kaleido", "grail_war"])
def test_the_hint_answers_at_every_decision_with_a_reason_and_glowing_objects(browser: Browser, server: LiveServer,
                                                                              game: str) -> None:
    errors: list[str] = []
    page = open_seat(browser, server, game, errors)
    rng = random.Random(3)
    asked = 0
    deadline = time.monotonic() + 150
    while state(page)[2] != "true" and asked < 40:
        assert time.monotonic() < deadline, f"{asked} hints in 150 s"
        if state(page)[1] != "true" or page.locator("body[data-pending]").count():
            page.wait_for_timeout(50)
            continue
        advice, reason, glowing, plain = hint_here(page)
        assert advice.startswith("★ "), f"no recommended action: {advice!r}"
        assert reason.startswith("Why: ") and len(reason) > len("Why: ") + 3, f"no reason for {advice!r}"
        assert glowing + plain >= 1, f"nothing glows for {advice!r}"
        assert not (glowing and plain), advice  # on the table or in the decision bar, not both
        asked += 1
        act_on_table(page, rng)
    assert asked >= 10
    assert not errors
    page.context.close()


# -- what each table shows, drawn from the views of seeded bot games (tests/web/decisions.py) as the page draws them

def shown(browser: Browser, game: str, want: Callable[[dict[str, Any]], bool], lang: str = "en",
          seed: int = 1) -> tuple[Page, Decision]:
    """A bare page with the first decision of a seeded game whose view satisfies ``want`` drawn, localized as
    the server's frame localizes it."""
    found = next((d for d in decisions(game, seed=seed) if want(d.view)), None)
    assert found is not None, f"no {game} decision of seed {seed} fits"
    found = dataclasses.replace(found, view=localize(found.view, lang))
    page = table_page(browser, lang=lang)
    draw(page, found)
    return page, found


def text_at(page: Page, path: str) -> str:
    return " ".join(page.locator(f'#table [data-path="{path}"]').first.inner_text().split())


def test_grail_war_shows_the_npcs_power_where_it_stands(browser: Browser) -> None:
    page, d = shown(browser, "grail_war", lambda v: bool(v["npc"]))
    place = d.view["npc"]
    assert d.view["npc_power"] == {place: 11}  # DGW-RUL-12's NPC power, public
    assert text_at(page, f"npc_power.{place}") == "11"
    assert "NPC" in page.locator(f'#table [data-obj="place:{place}"] .npc-piece').inner_text()
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_grail_war_shows_each_total_power_with_its_parts(browser: Browser) -> None:
    page, d = shown(browser, "grail_war", lambda v: any(p["power_parts"] and len(p["power_parts"]) > 1
                                                       for p in v["players"]))
    for p in d.view["players"]:
        if p["power"] is None:
            assert p["power_parts"] is None
            continue
        assert sum(x["value"] for x in p["power_parts"]) == p["power"]
        assert text_at(page, f"players.{p['seat']}.power") == str(p["power"])
        parts = page.locator(f'#table [data-obj="place:{p["location"]}"] .power-parts').inner_text()
        for x in p["power_parts"]:
            assert f"{x['label']} ({x['value']})" in parts
    page.context.close()


def test_grail_war_previews_the_power_of_the_chosen_cards_before_they_are_paid(browser: Browser) -> None:
    page, d = shown(browser, "grail_war", lambda v: bool(v["you"] and v["you"]["selected"]
                                                        and v["you"]["power_preview"] is not None))
    you = d.view["you"]
    me = d.view["players"][you["seat"]]
    assert me["power"] is None  # not yet public
    assert text_at(page, "you.power_preview") == str(you["power_preview"])
    banner = page.locator("#table .banner.preview").inner_text()
    assert "with the chosen cards" in banner and "situation, events and land advantage" in banner
    page.context.close()
    page, d = shown(browser, "grail_war", lambda v: bool(v["you"] and not v["you"]["selected"]
                                                        and v["you"]["power_preview"] is not None))
    assert text_at(page, "you.power_preview") == str(d.view["you"]["power_preview"])
    assert "before choosing cards" in page.locator("#table .banner.preview").inner_text()
    page.context.close()


def test_grail_war_shows_who_is_eliminated_unless_something_changes(browser: Browser) -> None:
    page, d = shown(browser, "grail_war", lambda v: bool(v["at_stake"] and v["at_stake"]["need"]))
    stake = d.view["at_stake"]
    banner = " ".join(page.locator("#table .banner.stake").inner_text().split())
    for seat, more in stake["need"]:
        board = page.locator(f'#table .seats [data-seat="{seat}"]')
        assert "danger" in (board.get_attribute("class") or "")
        assert f"unless {more} more spoils" in board.locator(".at-stake").inner_text()
        assert f"{more} more spoils" in banner
    for p in d.view["players"]:
        if p["seat"] not in stake["out"] and p["master_name"]:
            assert not page.locator(f'#table .seats [data-seat="{p["seat"]}"] .at-stake').count()
    page.context.close()


def test_grail_war_the_start_player_marker_never_sits_on_an_eliminated_seat(browser: Browser) -> None:
    """DGW-RUL-51: after the round-8 elimination the marker passes over the eliminated; on the table the marker is
    on the master the view names, who is still in."""
    page = table_page(browser)
    checked = 0
    for seed in (1, 2):
        for d in decisions("grail_war", seed=seed):
            if not any(p["eliminated"] for p in d.view["players"]):
                continue
            assert not d.view["players"][d.view["start"]]["eliminated"]
            draw(page, dataclasses.replace(d, view=localize(d.view, "en")))
            boards = page.locator("#table .seats .master:has(.start-marker)")
            assert boards.count() == 1
            assert boards.first.get_attribute("data-seat") == str(d.view["start"])
            assert "out" not in (boards.first.get_attribute("class") or "").split()
            checked += 1
    assert checked >= 5
    page.context.close()


def test_kaleido_shows_the_battles_six_steps_with_attack_defence_and_the_damage_preview(browser: Browser) -> None:
    page, d = shown(browser, "kaleido", lambda v: bool(v.get("battle") and v["battle"].get("strike")))
    battle = d.view["battle"]
    steps = page.locator("#table .battle-steps li")
    assert steps.count() == 6
    assert page.locator("#table .battle-steps li.now").inner_text() == {
        "介入": "Intervention", "攻撃": "Attack", "防御": "Defence", "ダメージ決定": "Damage",
        "死亡判定": "Death check", "撤退": "Retreat"}[battle["step"]]
    for i, fighter in enumerate(battle["now"]):
        assert text_at(page, f"battle.now.{i}.attack") == str(fighter["attack"])
        assert text_at(page, f"battle.now.{i}.defence") == str(fighter["defence"])
    strike = battle["strike"]
    preview = " ".join(page.locator("#table .battle .preview").inner_text().split())
    assert f"attack {strike['power']} \N{MINUS SIGN} defence {strike['defence']} = damage {strike['damage']}" in preview
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_kaleido_shows_every_servants_abilities_and_noble_phantasms(browser: Browser, lang: str) -> None:
    page, d = shown(browser, "kaleido", lambda v: sum(1 for p in v["players"] if p.get("abilities")) >= 2, lang)
    for p in d.view["players"]:
        for ability_id, text in zip(p.get("ability_ids") or [], p.get("abilities") or [], strict=True):
            card = page.locator(f'#table [data-obj="ability:{ability_id}"]')
            assert card.count() == 1
            assert card.get_attribute("title") == text  # the whole text on hover
            name = card.locator(".n").inner_text()
            assert name and name != text and text.startswith(name)  # the name, then its numbers under it
            assert card.locator(".t").inner_text()
        if p.get("servant_id") and p.get("abilities"):
            hover = page.locator(f'#table [data-obj="servant:{p["servant_id"]}"]').get_attribute("title") or ""
            assert all(a in hover for a in p["abilities"])  # the servant's card lists all of them on hover
    page.context.close()


def test_grail_war_the_start_player_marker_passes_over_the_masters_eliminated_after_round_8(browser: Browser) -> None:
    """DGW-RUL-51, DGW-100: 5 players; round 9 would start at P4, but P4 and P5 dropped out after round 8: the
    view names P1 as the start player and the table puts the marker on P1's board, not on an eliminated one."""
    from tests.grail_war.helpers import GAME
    from tests.grail_war.scenario import steer

    state = steer(5, ["illya", "rin", "kirei", "shinji", "kuzuki"], {8: [12, 10, 8, 6, 6]}).state
    assert state.round == 9 and [p.eliminated for p in state.players] == [False, False, False, True, True]
    assert state.start == 0  # the marker passed over the eliminated P4 and P5 (DGW-RUL-51)
    view = json.loads(json.dumps(GAME.view(state, 0)))
    assert view["start"] == 0
    page = table_page(browser)
    draw(page, Decision("grail_war", 0, 0, localize(view, "en"), []))
    marked = page.locator("#table .seats .master:has(.start-marker)")
    assert marked.count() == 1 and marked.first.get_attribute("data-seat") == "0"
    assert "Player 1 starts" in page.locator("#table .starts").inner_text()
    page.context.close()


def test_kaleido_says_where_each_effect_in_play_comes_from_and_how_long_it_lasts(browser: Browser) -> None:
    page, d = shown(browser, "kaleido", lambda v: len({e["source"] for e in v.get("effects") or []}) >= 2)
    line = " ".join(page.locator("#table .effects").inner_text().split())
    duration = {"turn": "turn", "battle": "battle", "action": "combat action"}
    for e in d.view["effects"]:
        assert e["source_name"], e["source"]
        sign = "+" if e["value"] >= 0 else ""
        assert f"{e['stat']} {sign}{e['value']} ({e['source_name']}, {duration[e['scope']]}" in line
    page.context.close()


def test_kaleido_set_up_shows_the_numbers_each_master_and_servant_brings(browser: Browser) -> None:
    """KAL-011..KAL-013: choosing a master, then a servant, on the cards still free, each with what it brings."""
    page, d = shown(browser, "kaleido", lambda v: bool(v.get("open") and v["open"]["masters"]))
    opened = d.view["open"]
    for m in opened["masters"]:
        card = " ".join(page.locator(f'#table [data-obj="master:{m["id"]}"]').inner_text().split())
        assert f"max mana {m['max_mana']} · mana rank {m['mana_rank']}" in card
        assert all(a.split(" (")[0] in card for a in m["abilities"])
    for s in opened["servants"]:
        node = page.locator(f'#table [data-obj="servant:{s["id"]}"]')
        assert f"HP {s['hp']} · attack {s['attack']} · defence {s['defence']}" in " ".join(node.inner_text().split())
        assert (node.get_attribute("title") or "") == "\n".join(s["abilities"])  # the whole texts on hover
        assert s["abilities"]
    page.context.close()
