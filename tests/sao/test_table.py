"""SAO at the table (issues 25 and 24): what a decision turns on is on screen, hints are right and Enter takes
them, the log says what changed, seats count from 1, and every action names the table objects it is about.

Screens are checked through a real Rich console, as the terminal prints them.
"""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from rich.panel import Panel
from tests.sao.sao_helpers import GAME, act, kind, roll, start

from bouts.cli.session import Session
from bouts.core import CHANCE, Match
from bouts.core.i18n import tr, use_lang
from bouts.core.text import cell_width
from bouts.games.sao import advisor, strategy


def printed(markup: str, width: int = 160) -> str:
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(Panel(markup, expand=False))
    return " ".join(out.getvalue().replace("│", " ").split())


def screen(state: Any, seat: int, seats: int = 2, lang: str = "en") -> str:
    """News, table and menu of ``seat``'s decision, as the terminal prints them at 160 columns."""
    match = Match(GAME, seats, {}, None, 0)
    match.states[-1] = state
    out = io.StringIO()
    with use_lang(lang):
        session = Session(match, ["human"] * seats, Console(file=out, width=160, color_system=None), lambda p: "")
        session.recommended = session.recommend(seat)
        session.show_news(seat)
        session.draw(seat)
        session.menu(seat)
    return out.getvalue()


def assign_on_defense_5() -> Any:
    """Kirito and Asuna at the Large dragon's Scales (Defense 5), the dice 5 5 4 | 2 1 3 final."""
    def prep(state: Any) -> None:
        state.section = 1

    s = start(2, prep=prep, scenarios=("ambush", "dragon", "giant", "final_battle"))
    s = roll(s, 1, 1, 1, 1, 1, 1, 1, 1)
    s.step = 2  # Scales: 40 HP, counterattack 8, Defense 5
    s.pool = [type(d)(d.kind, d.char, v) for d, v in zip(s.pool, (5, 5, 4, 6, 2, 1, 3, 6), strict=True)]
    s._legal.clear()
    return act(s, "finalize")


def test_the_skill_menu_shows_damage_after_defense_and_what_is_queued() -> None:
    """Issue 25: "Vertical Arc with 5 5 (4 damage)" against Defense 5 dealt 0. The menu line says 4 → 0, and
    the queued total against the step's HP; the table shows the line "Queued N / HP M; dice left ..."."""
    s = assign_on_defense_5()
    assert kind(s) == "assign" and s.current_step.defense == 5
    text = screen(s, 0)
    arc = next(line for line in text.splitlines() if "[skill vertical_arc 1 2]" in line)
    assert "Vertical Arc with dice 1, 2 (showing 5 5): 4 → 0 damage; then queued 0 / HP 40" in arc
    assert "Sword Skills (damage after Defense 5):" in text and "Vertical Arc (2 equal): 4 → 0" in text
    assert "Queued 0 damage / HP 40 left; dice left: 1:5 2:5 3:4 4:6 5:2 6:1 7:3 8:6" in text
    s = act(s, "skill vertical_arc 4 8")
    text = printed(GAME.render(GAME.view(s, 0)))
    assert "Queued 0 damage / HP 40 left; Vertical Arc 4 8: 0; dice left: 1:5 2:5 3:4 5:2 6:1 7:3" in text
    done = GAME.describe(s, 0, GAME.parse_action(s, 0, "done"))
    assert done.startswith("Deal 0 damage to Scales (HP 40 → 40); 6 dice unused: counterattack 8 to Kirito")


def test_unrolled_dice_are_shown_as_not_rolled_yet() -> None:
    """Issue 25: before the first roll (a character die offered) the dice showed as ``0``."""
    def prep(state: Any) -> None:
        for c in state.characters:
            c.level, c.has_die = 1, True

    s = start(2, prep=prep)
    assert kind(s) == "exchange"
    text = printed(GAME.render(GAME.view(s, 0)))
    assert "Main dice: 1:? 2:? 3:?" in text and "? not rolled yet" in text
    assert not re.search(r"\b\d:0\b", text)


def test_the_reroll_log_says_which_dice_and_what_they_became() -> None:
    """Issue 25: "Reroll 1: dice 6" was ambiguous. The log names each die by its number as printed, what it
    showed, and what it shows now."""
    s = roll(start(2), 2, 3, 6, 1, 2, 3)
    s = act(s, "reroll 3 4")
    reroll = [e.render("en") for e in s.events]
    assert reroll == ["Reroll 1 of 2: die 3 (showing 6), die 4 (showing 1) rolled again together"]
    s = roll(s, 5, 4)
    landed = [e.render("en") for e in s.events if e.kind == "roll"]
    assert landed == ["Reroll 1: die 3: 6 → 5, die 4: 1 → 4; the dice now show 1:2 2:3 3:5 | 4:4 5:2 6:3"]
    with use_lang("ja"):
        assert [e.render() for e in s.events if e.kind == "roll"] == [
            "振り直し1回目の結果： ダイス3： 6 → 5、ダイス4： 1 → 4。ダイスは 1:2 2:3 3:5 | 4:4 5:2 6:3"]


def partner_flip() -> Any:
    """Kirito (seat 1) rolled 6 2 6 | 6 1 5; only Asuna (seat 2) can make it a certain Switch: flip 2 → 5 and
    1 → 6 (four 6s and a pair of 5s)."""
    return roll(start(2), 6, 2, 6, 6, 1, 5)


def text_forms(lines: list[str]) -> list[str]:
    return [m for line in lines for m in re.findall(r"\[([a-z_]+(?: [a-z0-9_/+]+)*)\]", line)]


def test_the_partner_hint_names_what_the_human_can_type_and_the_bot_partner_does_it() -> None:
    """Issue 25: the hint named Asuna's flip, which Kirito's player cannot type, and the bot partner then
    flipped another die. Now every action the hint names is the player's own, the best one is to ask the
    partner (saying which flip), Enter takes it, and the partner's bot makes exactly that flip."""
    s = partner_flip()
    lines = GAME.advice(s, 0)
    legal = {str(a) for a in GAME.legal_actions(s, 0)}
    assert text_forms(lines) and set(text_forms(lines)) <= legal
    assert "[ask_partner]" in lines[0] and "Asuna: Flashing flip: die 2: 2 → 5, die 5: 1 → 6" in lines[0]
    assert "Switch 100%" in lines[0]
    found = GAME.recommend(s, 0)
    assert found is not None and str(found[0]) == "ask_partner"
    asked = act(s, "ask_partner")
    assert GAME.to_act(asked) == (1,)
    bot = strategy.choose(GAME, asked, 1, random.Random(0))
    assert str(bot) == "ability asuna flip 2 5"
    after = GAME.apply(asked, 1, bot)
    assert [d.value for d in after.pool] == [6, 5, 6, 6, 6, 5]


def roll_decisions(seeds: range, seats: int = 2) -> Iterator[tuple[Any, int]]:
    """(state, seat) at roll decisions along heuristic games."""
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.setup(seats, {"turn_limit": 12}, None, seed)
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            if seat == CHANCE:
                s = GAME.apply(s, seat, GAME.sample_chance(s, rng))
                continue
            if kind(s) in ("roll_window", "ability_window"):
                yield s, seat
            s = GAME.apply(s, seat, strategy.choose(GAME, s, seat, rng))


def test_the_bot_partner_makes_the_use_the_hint_named_whenever_it_says_ask() -> None:
    checked = 0
    for s, seat in roll_decisions(range(8)):
        if kind(s) != "roll_window" or not any(a.verb == "ask_partner" for a in GAME.legal_actions(s, seat)):
            continue
        options = advisor.roll_options(s, seat)
        if not options or options[0].via is None:
            continue
        asked = GAME.apply(s, seat, options[0].action)
        partner = GAME.to_act(asked)[0]
        assert str(strategy.choose(GAME, asked, partner, random.Random(0))) == str(options[0].via)
        checked += 1
        if checked >= 4:
            break
    assert checked


def test_enter_takes_what_hint_says_first() -> None:
    """Issue 25: `recommend` comes from the exact reroll advisor, so Enter takes the first line of `hint`."""
    for s, seat in list(roll_decisions(range(3)))[:12]:
        lines = GAME.advice(s, seat)
        first = text_forms([line for line in lines if not line.startswith("LETHAL")])[0]
        found = GAME.recommend(s, seat)
        assert found is not None and str(found[0]) == first
        match = Match(GAME, 2, {}, None, 0)
        match.states[-1] = s
        session = Session(match, ["human", "human"], Console(file=io.StringIO(), width=160), lambda prompt: "")
        assert session.human_turn(seat)
        assert str(match.steps[-1].action) == first


def test_hints_give_facts_never_internal_scores_and_every_decision_has_a_reason() -> None:
    """Issue 25: "(score -6647.75)" is gone; every kind of decision has a reason that is not the generic one."""
    seen: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.setup(3, {"turn_limit": 10}, None, seed)
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            if seat == CHANCE:
                s = GAME.apply(s, seat, GAME.sample_chance(s, rng))
                continue
            legal = GAME.legal_actions(s, seat)
            if (len(legal) > 1 and kind(s) not in seen | {"roll_window", "ability_window"}) or rng.random() < 0.05:
                seen.add(kind(s))
                for lang in ("en", "ja"):
                    with use_lang(lang):
                        lines = GAME.advice(s, seat)
                        assert lines and not any("score" in line or "スコア" in line for line in lines)
                        found = GAME.recommend(s, seat)
                        assert found is not None and found[1] and "heuristic" not in found[1]
                        assert "ヒューリスティック" not in found[1]
            s = GAME.apply(s, seat, strategy.choose(GAME, s, seat, rng))
    assert {"chain_partner", "assign", "roll_window"} <= seen


def test_seats_are_counted_from_1_in_names_tables_and_prompts() -> None:
    """Issue 25: SAO named seats from 0 (``seat 0 (Kirito)``) while text forms number dice from 1."""
    s = start(3)
    assert tr(GAME.seat_name(s, 0), "en") == "Seat 1 (Kirito)"
    assert tr(GAME.seat_name(s, 2), "ja") == "席3（クライン）"
    text = printed(GAME.render(GAME.view(s, 0)))
    assert "Kirito (seat 1)" in text and "Klein (seat 3)" in text and "Waiting for seat 1 (Kirito)" in text
    assert "(seat 0)" not in text


def test_help_examples_parse_at_the_decision_they_name() -> None:
    examples = dict(GAME.help_examples())
    solo = roll(start(1), 2, 3, 6, 1, 2, 3)
    for text in ("reroll 1 3 4", "finalize", "ability kirito edge 2 6", "ability asuna flip 2 5"):
        assert GAME.parse_action(solo, 0, text), text
    assert GAME.parse_action(partner_flip(), 0, "ask_partner")
    s = act(roll(start(2), 2, 3, 6, 2, 4, 4), "finalize")
    for text in ("skill vertical_arc 1 4", "done"):
        assert GAME.parse_action(s, 0, text), text
    assert GAME.parse_action(start(3), 0, "partner asuna")
    assert set(examples) == {"reroll 1 3 4", "finalize", "ability kirito edge 2 6", "ability asuna flip 2 5",
                             "ask_partner", "skill vertical_arc 1 4", "done", "partner asuna", "hint"}


def sampled_decisions(seats: int, seeds: range, every: int = 3) -> Iterator[tuple[Any, int]]:
    for seed in seeds:
        rng = random.Random(seed)
        s = GAME.setup(seats, {"turn_limit": 14}, None, seed)
        n = 0
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            if seat == CHANCE:
                s = GAME.apply(s, seat, GAME.sample_chance(s, rng))
                continue
            n += 1
            if n % every == 0:
                yield s, seat
            legal = GAME.legal_actions(s, seat)
            s = GAME.apply(s, seat, strategy.choose(GAME, s, seat, rng) if rng.random() < 0.8 else rng.choice(legal))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_menu_lines_never_wrap_mid_number_and_the_screen_fits_160_by_50(lang: str) -> None:
    """Every number a menu line holds is printed whole, and news + table + menu fit 160 x 50, in both languages."""
    for s, seat in sampled_decisions(4, range(2), every=4):
        text = screen(s, seat, seats=4, lang=lang)
        lines = [*text.splitlines(), "prompt> "]
        assert len(lines) <= 50 and max(cell_width(line) for line in lines) <= 160, text
        with use_lang(lang):
            described = [GAME.describe(s, seat, a) for a in GAME.featured_actions(s, seat)]
        wanted = Counter(n for d in described for n in re.findall(r"\d+(?:\.\d+)?%?", d))
        got = Counter(re.findall(r"\d+(?:\.\d+)?%?", text))
        assert not wanted - got, (wanted - got, text)
        assert not any(re.search(r"\[/?(bold|dim|red|cyan|yellow|green)", d) for d in described)


def view_objects(view: dict[str, Any]) -> set[str]:
    """Every table object the view carries, named as actions name them."""
    found = {f"die:{d['number']}" for d in view["pool"]}
    for c in view["characters"]:
        found.add(f"card:{c['id']}")
        found |= {f"card:{e['id']}" for e in c["equipment"]}
        if c["id"] == view["turn_player"]:
            found |= {f"skill:{s['id']}" for s in c["skills"]}
    found |= {f"card:{i['id']}" for i in view["consumables"]}
    if view.get("support"):
        found.add(f"card:{view['support']['id']}")
    decision = view.get("decision") or {}
    if decision.get("item"):
        found.add(f"card:{decision['item']['id']}")
    return found


def test_every_action_names_table_objects_the_acting_seat_sees() -> None:
    """Issue 24: over random and heuristic games, each legal action's objects and selected dice are in the acting
    seat's view (the item deck's cards never are); dice are ``die:<n>`` as printed, rerolls and skills select
    dice, abilities and items name their card; a browser could play by clicking table objects only."""
    kinds: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        seats = 1 + seed % 4
        s = GAME.setup(seats, {"turn_limit": 16}, None, seed)
        while GAME.to_act(s):
            seat = GAME.to_act(s)[0]
            if seat == CHANCE:
                s = GAME.apply(s, seat, GAME.sample_chance(s, rng))
                continue
            view = GAME.view(s, seat)
            objects = view_objects(view)
            deck = {f"card:{i}" for i in s.items}
            for action in GAME.legal_actions(s, seat):
                parts = GAME.action_parts(s, seat, action)
                named = set(parts.objects) | set(parts.select)
                assert named <= objects, (str(action), named - objects)
                assert not named & deck
                assert tr(parts.group)
                if action.verb in ("reroll", "skill"):
                    assert parts.select and all(o.startswith("die:") for o in parts.select)
                if action.verb in ("ability", "use"):
                    assert parts.objects[0].startswith("card:")
                if action.verb not in ("finalize", "done", "back", "ask_partner", "keep", "endure", "finish",
                                       "support"):
                    assert named, str(action)
                kinds.add(action.verb)
            legal = GAME.legal_actions(s, seat)
            s = GAME.apply(s, seat, strategy.choose(GAME, s, seat, rng) if seed % 2 else rng.choice(legal))
    assert {"reroll", "skill", "ability", "partner", "finalize", "done"} <= kinds
    roll_state = roll(start(2), 2, 3, 6, 1, 2, 3)
    parts = GAME.action_parts(roll_state, 0, GAME.parse_action(roll_state, 0, "reroll 1 3 4"))
    assert parts.select == ("die:1", "die:3", "die:4") and not parts.objects
    parts = GAME.action_parts(roll_state, 0, GAME.parse_action(roll_state, 0, "ability kirito edge 2 6"))
    assert parts.objects == ("card:kirito", "die:2")


def test_the_japanese_table_reads_in_the_games_terms() -> None:
    """Issue 26: the same decision in Japanese, with the official names."""
    s = assign_on_defense_5()
    text = screen(s, 0, lang="ja")
    assert "キリト（席1）" in text and "ソードスキル（防御5を引いたダメージ）：" in text
    assert "バーチカル・アーク（同じ目2個）：4 → 0" in text
    assert "予定ダメージ 0 ／ 残りHP 40" in text


def test_a_roll_decisions_menu_page_is_best_first_below_its_closing_lines() -> None:
    """Every reroll line prints its outlook, so the first page reads as a ranking: below the advisor's best eight and
    the closing lines (finalize, ask the partner), the rest of the page is best first too, by the same value the hint
    ranks by, and the twin of a listed reroll (the same kinds of dice showing the same values) sits beside it. It
    was filled in menu order: `reroll 6` (expected damage 11.5) printed below `reroll 2` (9.2)."""
    checked = 0
    for s, seat in sampled_decisions(2, range(4), every=1):
        if s.pending[-1].kind != "roll_window":
            continue
        featured = GAME.featured_actions(s, seat)
        ranked = [o.action for o in advisor.roll_options(s, seat)[:8]]
        rest = [a for a in featured[len(ranked):] if a.verb == "reroll" and a not in ranked]
        values = [advisor.option_for(s, seat, a).outlook.value for a in rest]
        assert values == sorted(values, reverse=True), screen(s, seat)
        best_left = max((advisor.option_for(s, seat, a).outlook.value for a in GAME.legal_actions(s, seat)
                         if a.verb == "reroll" and a not in featured), default=None)
        assert best_left is None or not values or best_left <= values[-1] + 1e-9
        checked += len(rest) > 1
    assert checked >= 20
