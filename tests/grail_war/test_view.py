"""What a seat sees: hidden information filtered, the terminal picture, menus and hints."""

from __future__ import annotations

import io
import random
import re
from typing import Any

from rich.console import Console
from rich.panel import Panel

from bouts.cli.session import MENU_LINES, Session
from bouts.core import CHANCE, Match
from bouts.core.i18n import tr, use_lang
from bouts.core.text import cell_width
from bouts.games.grail_war.actions import Act
from tests.grail_war.helpers import CAT, GAME, act, legal, place_all, start, turn
from tests.grail_war.scenario import steer


def screen(view: dict, menu: list[str]) -> list[str]:
    console = Console(width=160, record=True, color_system=None)
    console.print(Panel(GAME.render(view), expand=False))
    for number, line in enumerate(menu, 1):
        console.print(f"{number} {line}", markup=False)
    return console.export_text().splitlines()


def test_view_hides_hands_servants_and_deck_order() -> None:
    """DGW-017, DGW-024, DGW-030: others' hands are counts, hidden servants and face-down cards
    secret, no deck order."""
    state = place_all(start(5), "miyama", "shinto", "workshop", "workshop", "workshop")
    view = GAME.view(state, 1)
    other = view["players"][0]
    assert other["hand"] == 3 and other["servant"] is None and other["np"] == 3
    assert "deck" not in view["players"][0] or isinstance(view["players"][0]["deck"], int)
    for card in state.players[0].hand:
        assert card not in str(view["players"]) and card not in str(view["pending"])
    assert view["you"]["hand"][0]["card"] in state.players[1].hand


def test_seat_names_are_unique() -> None:
    """Every seat has its own name (P1 Illyasviel..., P2 Tohsaka Rin, ...)."""
    state = start(7)
    names = [GAME.seat_name(state, s) for s in range(7)]
    assert len(set(names)) == 7 and tr(names[1]) == "P2 Tohsaka Rin"


def test_render_fits_and_shows_the_numbers() -> None:
    """The board (places, pieces, power, events, round, situation), each seat's mana, spells, spoils, and the
    viewer's cards with cost, power, attributes and text, fit a 160x50 screen with the menu."""
    strategy = GAME.strategy()
    rng = random.Random(3)
    state = start(7)
    seen_decisions = 0
    while GAME.to_act(state) and state.round <= 3:
        seat = GAME.to_act(state)[0]
        view = GAME.view(state, seat)
        menu = [GAME.describe(state, seat, a) + f" [{a}]" for a in GAME.legal_actions(state, seat)]
        lines = screen(view, menu)
        assert len(lines) <= 50, "\n".join(lines)
        assert max(len(line) for line in lines) <= 160
        text = "\n".join(lines)
        assert f"Round {state.round}" in text
        me = state.players[seat]
        assert f"spoils {me.spoils}" in text and f"mana {me.mana}" in text
        for card in me.hand:
            assert CAT.cards[card].name in text
        for p in state.players:
            if not p.exposed and p is not me:
                assert CAT.servants[p.servant].name not in text.split("Your cards")[0]
        assert GAME.advice(state, seat), "hint answers at every decision"
        seen_decisions += 1
        state = GAME.apply(state, seat, strategy.choose(GAME, state, seat, rng))
    assert seen_decisions > 50


def test_render_after_battles_shows_power_and_events() -> None:
    """The power track and the open events appear on the screen."""
    state = place_all(start(5), "miyama", "workshop", "workshop", "workshop", "workshop")
    state = turn(state)
    text = "\n".join(screen(GAME.view(state, 2), []))
    assert "Brawl in the Shopping Street" in text and "Miyama" in text and "P1 Illyasviel von Einzbern" in text


def whole_deck_in_hand() -> Any:
    """A 7-player game through actions: Illya (Archer) uses 無限の剣製 in round 1, taking her whole deck into
    hand; round 2 is at her battle preparation (0 to 4 cards of 11, no draw)."""
    state = start(7, servants=["archer", "saber", "berserker", "lancer", "rider", "caster", "assassin"],
                  decks={0: ["archer_01", "archer_02", "archer_03"]})
    state = place_all(state, *["miyama"] * 7)
    state = act(state, 0, "stay", "play unlimited_blade_works up", "play archer_01 down", "next")
    while state.round == 1:
        state = turn(state)
    state = place_all(state, *["miyama"] * 7)
    while GAME.to_act(state) != (0,):
        state = turn(state)
    state = act(state, 0, "spell mana", "stay")
    assert GAME.view(state, 0)["players"][0]["hand"] == 11
    return state


def test_a_whole_deck_in_hand_still_fits() -> None:
    """無限の剣製 puts the whole deck in hand: the hand is listed compactly (the board stays under 30 lines; the menu
    of some 30 card choices then makes the one decision that does not fit 50 lines)."""
    state = whole_deck_in_hand()
    lines = screen(GAME.view(state, 0), [])
    assert len(lines) <= 30 and max(len(line) for line in lines) <= 160


def test_a_whole_deck_in_hand_decision_fits_the_terminal_with_paging() -> None:
    """DGW-G14 (無限の剣製: the whole deck in hand): the battle-preparation screen of some 30 card choices
    (news, table and the first menu page of at most MENU_LINES featured actions) fits 160 x 50, and
    ``more`` pages reach every legal action."""
    state = whole_deck_in_hand()
    legal = GAME.legal_actions(state, 0)
    assert len(legal) > MENU_LINES
    match = Match(GAME, 7, {}, None, 0)
    match.states[-1] = state
    out = io.StringIO()
    session = Session(match, ["human"] * 7, Console(file=out, width=160, color_system=None), lambda prompt: "")
    session.show_news(0)
    session.draw(0)
    ordered = session.menu(0)
    lines = [*out.getvalue().splitlines(), "prompt> "]
    assert len(lines) <= 50, out.getvalue()
    assert max(cell_width(line) for line in lines) <= 160
    assert sorted(map(str, ordered)) == sorted(map(str, legal))
    featured = GAME.featured_actions(state, 0)
    assert len(featured) <= MENU_LINES and featured[0] == GAME.strategy().choose(GAME, state, 0, random.Random(0))
    assert Act("done") in featured or "done" not in map(str, legal)


def test_help_examples_are_commands_a_player_can_type() -> None:
    """Every ``help`` example is a table zone (``view trash``) or the text form of an action that is legal at
    some point of a game (``play rush up`` once 急行 is in hand)."""
    examples = [text for text, _ in GAME.help_examples()]
    zones = {f"view {name}" for name in GAME.public_zones()}
    wanted = {e for e in examples if e not in zones}
    assert {e for e in examples if e.startswith("view ")} <= zones
    rng = random.Random(1)
    seen: set[str] = set()
    for seed in range(6):
        state = start(5, decks={s: ["rush", "remote_control"] for s in range(5)})
        while GAME.to_act(state) and state.round <= 3 and not wanted <= seen:
            seat = GAME.to_act(state)[0]
            legal = GAME.legal_actions(state, seat)
            seen.update(str(a) for a in legal)
            state = GAME.apply(state, seat, rng.choice(legal) if seed % 2 else
                               GAME.strategy().choose(GAME, state, seat, rng))
    assert wanted <= seen, wanted - seen


def test_dgw_109_climax_rounds_warn_who_is_eliminated_with_the_spoils_standing() -> None:
    """DGW-107, DGW-109, DGW-110, DGW-RUL-36: in round 8 and each climax round the table says who drops out
    after the round with the spoils standing, and a master who would tells it what it must gain to stay in."""
    four = ["illya", "rin", "kirei", "shinji"]
    state = steer(4, four, {7: [9, 7, 5, 3]}).state
    assert state.round == 8
    text = "\n".join(screen(GAME.view(state, 3), []))
    assert "After this round (DGW-109: the fewest spoils drop out): with the spoils standing, P4 Matou Shinji (3) " \
           "would be eliminated" in text
    assert "You are eliminated unless you gain 3 more spoils (you have 3)" in text
    assert "You are eliminated" not in "\n".join(screen(GAME.view(state, 2), []))
    state = steer(4, four, {8: [9, 7, 5, 3]}).state  # round 9: 残り3人, down to 2
    text = "\n".join(screen(GAME.view(state, 2), []))
    assert "DGW-110: keep the 2 with the most" in text and "P3 Kotomine Kirei (5) would be eliminated" in text
    assert "You are eliminated unless you gain 3 more spoils (you have 5)" in text
    assert not GAME.view(start(4), 0)["at_stake"]  # round 1: no elimination follows


def test_dgw_108_with_five_players_round_8_warns_that_the_four_with_the_most_stay() -> None:
    """DGW-108, DGW-107: with 5 players, round 8's table cites DGW-108 (keep the 4 with the most), not the 4-player
    rule, and names who would drop out; only that master is told what it must gain. The stored plan for
    [12, 10, 8, 7, 6] after round 8 is played through its first 7 rounds."""
    from tests.grail_war.scenario import PLANS, _key, replay
    five = ["illya", "rin", "kirei", "shinji", "kuzuki"]
    state, reached, _order = replay(5, five, PLANS[_key(5, five, {8: [12, 10, 8, 7, 6]}, None, None, {})][:7])
    assert state.round == 8 and reached[7] == [12, 10, 8, 3, 5]
    for seat in range(5):
        text = "\n".join(screen(GAME.view(state, seat), []))
        assert "After this round (DGW-108: keep the 4 with the most): with the spoils standing, P4 Matou Shinji (3) " \
               "would be eliminated" in text
        assert ("You are eliminated unless you gain 3 more spoils (you have 3)" in text) == (seat == 3)


def test_dgw_g14_card_power_in_menus_counts_the_situation_and_the_events() -> None:
    """DGW-G14, DGW-G11, DGW-010, DGW-011: the menu and the hand show a card's power where it is used: Archer
    筋力 2 #1 at Miyama under 剛腕の試し (base power 5) and 剛力の夜 (筋力属性+3) is 8."""
    events = ["e08", "e01", *[f"e{i:02d}" for i in range(2, 21) if i != 8]]
    state = start(5, servants=["archer", "berserker", "saber", "lancer", "rider"], events=events,
                  situations=["s05", "s06", "s03", "s01", "s02", "s04", "s07", "s08", "s09", "s10"],
                  decks={0: ["archer_01", "archer_02", "archer_06"]})
    state = act(place_all(state, "miyama", "shinto", "workshop", "workshop", "workshop"), 0, "stay")
    line = GAME.describe(state, 0, GAME.parse_action(state, 0, "play archer_01 up"))
    assert line == "Use Archer Strength 2 #1 face up (power 8 at Miyama (printed 2), cost 0, Strength)"
    text = "\n".join(screen(GAME.view(state, 0), []))
    assert "Archer Strength 2 #1 [archer_01] power 2 (8 here)" in text
    assert "power 2 (" not in GAME.describe(state, 0, GAME.parse_action(state, 0, "play archer_02 up"))


PLACE_WORDS = {"workshop": "Workshop", "miyama": "Miyama", "shinto": "Shinto", "recon": "Recon"}


def _matches(state: Any, seat: int, action: Any, reason: str) -> bool:
    """Whether a hint's reason is about the action it recommends."""
    words = str(action).split()
    verb = words[0]
    if verb in ("place", "move", "goto"):
        return PLACE_WORDS[words[1]] in reason
    if verb == "spell":
        return {"mana": "Use A", "power": "Use B", "move": "Use C"}[words[1]] in reason and (
            words[1] != "move" or PLACE_WORDS[words[2]] in reason)
    if verb == "play":
        return "face down" in reason if words[2] == "down" else CAT.cards[words[1]].name in reason
    if verb == "jewel":
        return "Jewel Magecraft" in reason
    if verb == "discard":
        return CAT.cards[words[1]].name in reason
    if verb == "target":
        return f"P{words[1]}" in reason
    return True


def test_hint_reasons_match_the_action_and_show_no_internal_score() -> None:
    """``hint`` gives the heuristic's pick with a reason about that very action (the place it goes to, the
    card it uses, the command spell's use) and the numbers a player sees, never an internal score."""
    rng = random.Random(4)
    checked = 0
    for seats in (4, 7):
        for game_seed in range(3):
            state = GAME.setup(seats, None, None, game_seed)
            while GAME.to_act(state) and state.round <= 9:
                seat = GAME.to_act(state)[0]
                if seat == CHANCE:
                    state = GAME.apply(state, seat, GAME.sample_chance(state, rng))
                    continue
                action = GAME.strategy().choose(GAME, state, seat, random.Random(0))
                reason = GAME.strategy().explain(GAME, state, seat, action)
                assert reason and not re.search(r"\d\.\d", reason), (action, reason)
                assert _matches(state, seat, action, reason), (str(action), reason)
                checked += 1
                state = GAME.apply(state, seat, action)
    assert checked > 500


def test_hint_after_bellerophon_names_the_battlefield_it_goes_to() -> None:
    """The hint for 騎英の手綱's move names the battlefield chosen and why (its land advantage), not Recon or
    the Workshop."""
    state = start(5, masters=["illya", "rin", "kirei", "shirou", "kuzuki"],
                  servants=["rider", "saber", "berserker", "lancer", "caster"], decks={0: ["rider_01"]})
    state = place_all(state, "shinto", "miyama", "workshop", "workshop", "workshop")
    state = act(state, 0, "spell mana", "stay", "play bellerophon up", "play rider_01 up")
    advice = GAME.advice(state, 0)[0]
    assert "[goto miyama]" in advice and "Miyama" in advice.split("]:", 1)[1] and "land advantage" in advice


def _climax_window(goal: list[int], places: tuple[str, str, str]) -> Any:
    """Round 9 (climax, 残り3人) of a 4-player game steered to ``goal`` after round 8 (P4 Shinji out), placed at
    ``places``, played through actions to P3 Kirei's command-spell window after his cards (face down)."""
    state = steer(4, ["illya", "rin", "kirei", "shinji"], {8: goal}).state
    assert state.round == 9 and state.climax_card == "climax_3" and state.players[2].command_spells == 3
    state = place_all(state, *places)
    state = turn(turn(state))
    state = act(state, 2, "stay")
    while state.stage == "prepare":
        state = act(state, 2, next(a for a in legal(state, 2) if a.endswith(" down")))
    assert GAME.to_act(state) == (2,) and state.stage == "after_prepare"
    return state


def test_dgw_110_climax_hint_names_the_command_spell_that_saves_you() -> None:
    """DGW-110, DGW-089, DGW-052: climax round with 残り3人, Kirei (6) at the Workshop would drop out (Illya 9,
    Rin 7): the hint does not say to keep the command spells; it advises Use C to Recon, whose 2 spoils keep
    him in, with the spoils standing and who would drop out."""
    state = _climax_window([9, 7, 6, 3], ("miyama", "shinto", "workshop"))
    assert GAME.view(state, 2)["at_stake"]["out"] == [2]
    advice = GAME.advice(state, 2)[0]
    assert "keep the command spells" not in advice
    assert "[spell move recon]" in advice and "Use C to Recon: 2 spoils for certain" in advice
    assert "you are eliminated unless you gain 2 more spoils (you have 6" in advice
    with use_lang("ja"):
        assert "令呪" in GAME.advice(state, 2)[0]


def test_dgw_110_climax_hint_says_plainly_when_no_move_saves_you() -> None:
    """DGW-110: the same round, Kirei at 5 needs 3 more; Recon's 2 and Use B (no battle at the Workshop) cannot
    do it: the hint says so plainly with the figures instead of "keep the command spells"."""
    state = _climax_window([9, 7, 5, 3], ("miyama", "shinto", "workshop"))
    advice = GAME.advice(state, 2)[0]
    assert "keep the command spells" not in advice
    assert "no move saves you this round: you are eliminated unless you gain 3 more spoils (you have 5" in advice
    assert "the most spoils you can gain is 2" in advice


def test_dgw_rul_51_the_start_player_marker_is_never_shown_on_an_eliminated_seat() -> None:
    """DGW-RUL-51, DGW-100: 5 players; the marker reaches P4 for round 9, but P4 and P5 drop out after round 8:
    the table shows it on P1, who places first; after round 9 (P3 out) it moves one seat on, to P2, who starts
    round 10 (it stayed on P1 when the engine kept the marker on the eliminated P4)."""
    five = ["illya", "rin", "kirei", "shinji", "kuzuki"]
    state = steer(5, five, {8: [12, 10, 8, 6, 6]}).state
    assert state.round == 9 and [p.eliminated for p in state.players] == [False, False, False, True, True]
    for seat in (0, 3):
        view = GAME.view(state, seat)
        assert view["start"] == 0 and not view["players"][view["start"]]["eliminated"]
        assert "start player P1 Illyasviel von Einzbern" in "\n".join(screen(view, []))
    state = steer(5, five, {8: [12, 10, 8, 6, 6], 9: [14, 12, 8, 6, 6]}).state
    assert state.round == 10 and GAME.view(state, 0)["start"] == 1 and GAME.to_act(state) == (1,)
    assert "start player P2 Tohsaka Rin" in "\n".join(screen(GAME.view(state, 1), []))


def test_dgw_110_a_tie_at_the_cut_needs_one_more_spoil() -> None:
    """DGW-110, DGW-107, DGW-RUL-36: climax round with 残り3人, Rin and Kirei tied at 7 behind Illya's 9: tied players
    drop out together, so both would; one more spoil each is enough to stay in; the table and the hint say 1."""
    state = _climax_window([9, 7, 7, 3], ("miyama", "shinto", "workshop"))
    stake = GAME.view(state, 2)["at_stake"]
    assert stake["out"] == [1, 2] and stake["need"] == [[1, 1], [2, 1]]
    assert "you are eliminated unless you gain 1 more spoils (you have 7" in GAME.advice(state, 2)[0]
