"""FGO Duel at the terminal (issues 24, 25): what a player at a 160x50 screen reads, through a real Rich console,
in English and in Japanese; and the table objects each action names (a browser plays by clicking them)."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console
from rich.markup import render

import bouts
from bouts.agents import make_agent
from bouts.cli.session import Session
from bouts.core import CHANCE, Match
from bouts.core.i18n import use_lang
from bouts.games.fgo_duel.actions import Act
from bouts.games.fgo_duel.state import FgoState, Phase, SkillState
from tests.fgo_duel.helpers import GAME, P1, act, arrange, ready

VARIANTS = [{}, {"advanced": True}, {"map": "orleans"}, {"map": "orleans", "advanced": True}]


def decisions(options: dict[str, Any], seed: int, agents: tuple[str, str] = ("random", "heuristic"),
              limit: int = 400) -> Iterator[tuple[FgoState, int]]:
    """Every decision of a game between two agents: (state, seat to decide)."""
    players = [make_agent(spec, seed=seed * 7 + i) for i, spec in enumerate(agents)]
    rng = random.Random(seed)
    state = GAME.setup(2, options, None, seed)
    steps = 0
    while GAME.to_act(state) and steps < limit:
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
            continue
        yield state, seat
        state = GAME.apply(state, seat, players[seat].act(GAME, state, seat))
        steps += 1


# -- table objects (issue 24) -------------------------------------------------------------------------------


def view_objects(view: dict[str, Any], seat: int) -> tuple[set[str], set[str]]:
    """(every object the acting seat's view shows, the command cards among them that are its own)."""
    found = {f"area:{a['id']}" for a in view["map"]["areas"]}
    for m in view["masters"]:
        for s in m["party"]:
            if s["area"]:
                found.add(f"figure:{s['figure']}")
            if s["skill"] is not None:
                found.add(f"skill:{s['skill']['card']}")
    for s in view["roster"]:
        found.add(f"servant:{s['id']}")
        found |= {f"skill:{s['id']}:{k['id']}" for k in s["skills"]}
    mine = view["masters"][seat]
    own = {f"card:{c['id']}" for zone in ("hand", "trash", "battle") for c in mine.get(zone, [])}
    return found | own, own


@pytest.mark.parametrize("options", VARIANTS)
def test_every_action_names_objects_the_acting_seats_view_shows(options: dict[str, Any]) -> None:
    """Over random and heuristic games, every legal action's objects and selected objects appear in the acting
    seat's view, its command cards among that seat's own cards (never the other seat's hidden hand); a move starts
    on the figure, pays with a card in hand and ends on the area; a battle selects its cards in order."""
    kinds: set[str] = set()
    for seed in range(2):
        for agents in (("random", "heuristic"), ("heuristic", "random")):
            for state, seat in decisions(options, seed, agents):
                view = GAME.view(state, seat)
                shown, own = view_objects(view, seat)
                hand = {f"card:{c}" for c in state.masters[seat].hand}
                for action in GAME.legal_actions(state, seat):
                    parts = GAME.action_parts(state, seat, action)
                    named = set(parts.objects) | set(parts.select)
                    assert named <= shown, (str(action), named - shown)
                    cards = {o for o in named if o.startswith("card:")}
                    assert cards <= own, str(action)
                    assert isinstance(action, Act)
                    kinds.add(action.verb)
                    if action.verb == "move":
                        assert parts.objects[0].startswith("figure:") and parts.objects[-1].startswith("area:")
                        assert parts.objects[1] in hand
                    if action.verb == "battle":
                        assert parts.ordered and set(parts.select) <= hand and not parts.objects
    assert {"pick", "keep", "mulligan", "move", "battle"} <= kinds


def test_no_action_names_the_other_seats_hidden_cards_in_hot_seat_decks() -> None:
    """Both masters field the same servant (FGO-RUL-38): a card object is the acting seat's own card, which the
    view shows in that seat's own zones, never the opponent's hand."""
    state = ready(parties=(("medea", "medusa", "hassan"), ("medea", "cu_chulainn", "emiya")))
    view = GAME.view(state, 0)
    assert "hand" not in view["masters"][1]
    for action in GAME.legal_actions(state, 0):
        parts = GAME.action_parts(state, 0, action)
        assert parts.objects[0] == "figure:0/medea" and parts.objects[1] in {f"card:{c}" for c in state.masters[0].hand}


# -- the terminal (issue 25) ------------------------------------------------------------------------------------


class Screens:
    """A terminal session whose human seat takes the hinted action (Enter) at every prompt, recording each screen
    (what was printed since the previous prompt, the prompt included)."""

    def __init__(self, options: dict[str, Any], seed: int, lang: str = "en", limit: int = 60,
                 commands: tuple[str, ...] = ()) -> None:
        self.out = io.StringIO()
        self.screens: list[str] = []
        self.prompts: list[str] = []
        self.commands = list(commands)
        self.limit = limit
        self.lang = lang
        self.match = Match(bouts.game("fgo_duel"), 2, options, None, seed)
        self.session = Session(self.match, ["human", "heuristic"],
                               Console(file=self.out, width=160, color_system=None), self.ask)
        self.session.wait_at_end = False
        with use_lang(lang):
            self.session.run()

    def ask(self, prompt: str) -> str:
        text = self.out.getvalue()
        self.screens.append(text + prompt)
        self.out.seek(0)
        self.out.truncate()
        self.prompts.append(prompt)
        if len(self.screens) > self.limit:
            raise EOFError
        return self.commands.pop(0) if self.commands else ""


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("options", VARIANTS)
def test_a_decision_fits_a_160_by_50_screen(options: dict[str, Any], lang: str) -> None:
    """Everything printed for a decision (the news since the last one, the table, the menu, the prompt) fits 50 rows
    of 160 columns, so the map and your own servants never scroll away (issue 25: the table was about 28 lines and
    the menu listed every move and payment)."""
    for seed in (1, 2):
        run = Screens(options, seed, lang)
        assert len(run.screens) >= 8
        for screen in run.screens[1:]:  # the first screen also holds the session's greeting
            lines = screen.splitlines()
            assert len(lines) <= 50, "\n".join(lines)
            assert all(len(line) <= 160 for line in lines)


def menu_rows(state: FgoState, seat: int, lang: str) -> tuple[list[str], int]:
    """The menu as the terminal prints it: its printed lines and how many actions it lists."""
    out = io.StringIO()
    match = Match(bouts.game("fgo_duel"), 2, {}, None, 1)
    match.states[-1] = state
    session = Session(match, ["human", "random"], Console(file=out, width=160, color_system=None),
                      lambda prompt: "")
    with use_lang(lang):
        listed = min(len(session.ordered_actions(seat)), len(GAME.featured_actions(state, seat)))
        session.menu(seat)
    lines = [line for line in out.getvalue().splitlines() if "more: type more" not in line
             and "件：more" not in line and line.strip()]
    return lines, listed


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_menu_lines_never_wrap(lang: str) -> None:
    """Every menu line fits one row of 160 columns, in both languages: a wrapped line breaks mid-number (battle
    totals with long Japanese names did). Checked at every decision of games with the longest names."""
    parties = (("jeanne", "hassan", "medea"), ("mash", "cu_chulainn", "medusa"))
    for options in ({"parties": [list(p) for p in parties]}, {"advanced": True}):
        for state, seat in decisions(options, 3, ("heuristic", "heuristic")):
            lines, listed = menu_rows(state, seat, lang)
            assert len(lines) == listed, "\n".join(lines)


def test_a_move_paying_with_an_arts_card_shows_the_np_it_brings() -> None:
    """Advanced rules: a move paid with an Arts card says (+1 NP) (FGO-082: an upright Arts card in the trash is
    NP); other cards, and the basic rules (no NP), say nothing."""
    for advanced in (True, False):
        state = ready({"advanced": advanced})
        if advanced:
            state = act(state, 0, "pass")
        lines, _listed = menu_rows(state, 0, "en")
        text = "\n".join(lines)
        arts = [line for line in lines if "paying A3" in line]
        assert arts, text
        assert all(("paying A3 (+1 NP)" in line) == advanced for line in arts)
        assert not any("(+1 NP)" in line for line in lines if "paying B" in line or "paying Q" in line)
        with use_lang("ja"):
            state_lines, _n = menu_rows(state, 0, "ja")
        assert any("（NP+1）" in line for line in state_lines) == advanced


def test_no_menu_line_carries_markup() -> None:
    """describe() is plain text: the winning move once printed a raw "[bold]and win[/]"."""
    state = arrange(ready(), 0, areas={"artoria": "fuyuki_41"})
    state = arrange(state, 1, areas={"cu_chulainn": "fuyuki_31"})
    lines, _listed = menu_rows(state, 0, "en")
    win = next(line for line in lines if "Win: Altria enters the enemy master area" in line)
    assert "[bold]" not in win and "[/]" not in win
    for options in VARIANTS:
        for state, seat in decisions(options, 4):
            for action in GAME.legal_actions(state, seat):
                line = GAME.describe(state, seat, action)
                assert render(line).plain == line and "[" not in line, line


def test_view_skills_names_the_rules_and_destroyed_servants_right() -> None:
    """`view skills` in an advanced game with no skill card left says so (never "basic rules"); a destroyed
    servant's status line says destroyed (never "at destroyed")."""
    state = ready({"advanced": True})
    for master in state.masters:
        for servant in master.party:
            servant.skill_state = SkillState.REMOVED
    state.masters[1].party[0].area = None
    out = io.StringIO()
    console = Console(file=out, width=160, color_system=None)
    console.print(GAME.render_zone(GAME.view(state, 0), "skills"))
    console.print(GAME.render(GAME.view(state, 0)))
    text = out.getvalue()
    assert "basic rules" not in text.split("Flame")[0]
    assert "(face down" not in text and "at destroyed" not in text
    assert "1 EMIYA (Archer) destroyed: A4 A3 A3 B4 Q3" in text
    hidden = GAME.render_zone(GAME.view(ready({"advanced": True}), 1), "skills")
    assert "skill card (face down)" in hidden and "basic rules" not in hidden
    basic = GAME.render_zone(GAME.view(ready(), 0), "skills")
    assert "advanced rules" in basic


GENERIC = re.compile(r"heuristic's choice|ヒューリスティックが選んだ|score -?\d")


@pytest.mark.parametrize("options", [{"advanced": True}, {}])
def test_hints_give_reasons_at_every_kind_of_decision_and_enter_takes_them(options: dict[str, Any]) -> None:
    """`hint` at every decision names the action Enter takes and says why in facts on the table, never "the
    heuristic's choice among N legal actions" or a score; in both languages."""
    seen: set[str] = set()
    for seed in range(3):
        for state, seat in decisions(options, seed, ("heuristic", "random")):
            hints = GAME.advice(state, seat)
            found = GAME.recommend(state, seat)
            assert found is not None and hints
            action, reason = found
            assert reason and not GENERIC.search(reason), (state.phase, reason)
            assert f"[{action}]" in hints[0]
            with use_lang("ja"):
                assert not GENERIC.search(GAME.advice(state, seat)[0])
            seen.add(state.phase.value)
    expected = {"party", "mulligan", "action", "battle"} | ({"start"} if options else set())
    assert expected <= seen


def test_the_hint_at_the_terminal_says_why_outside_battles() -> None:
    """Through the terminal: `hint` at a move names the move and the steps it gains, at a mulligan the servants
    the hand can move (it said only "heuristic's choice among N legal actions")."""
    run = Screens({"first_player": 0}, 5, commands=("hint",) * 1 + ("",) * 3 + ("hint",) + ("",) * 200, limit=12)
    text = "\n".join(run.screens)
    assert "heuristic's choice" not in text
    assert re.search(r"\[pick [a-z_:]+\]: .+ power on its 5 command cards", text)


def test_use_no_skill_is_skipped_only_when_skipping_tells_nothing() -> None:
    """Issue 25: "use no skill" is not asked when no skill card the face-down cards could be (each servant's public
    pool) could be used now: the opponent learns nothing from the skip. With NP to pay a card of a pool, it is asked,
    even when the card actually prepared is a trigger (skipping would show that)."""
    parties = (("cu_chulainn:battle_continuation", "medusa:mind_eye", "heracles:battle_continuation"), P1)
    state = ready({"advanced": True}, parties=parties)
    assert state.phase is Phase.START and GAME.legal_actions(state, 0) == (Act("pass"),)
    assert GAME.is_trivial(state, 0, Act("pass"))  # NP 0: no card of these pools can be paid
    state = arrange(state, 0, trash=["medusa/4"])  # an Arts card: NP 1 pays Mana Burst A of some pools
    state._legal = {}
    assert GAME.legal_actions(state, 0) == (Act("pass"),)
    assert not GAME.is_trivial(state, 0, Act("pass"))
    run = Screens({"advanced": True, "parties": [list(p) for p in parties], "first_player": 0}, 1, limit=3)
    after_keep = run.screens[1]  # the mulligan was asked first; then the turn begins
    assert "Seat 1 (first player): Use no skill this turn (the only choice)" in after_keep
    assert "Use no skill this turn" not in after_keep.split("╰")[-1]  # not in the menu: not asked


def test_help_examples_parse_at_the_decisions_they_name() -> None:
    """Every example of `help` is a real action text: legal at a decision of the kind it names."""
    examples = dict(GAME.help_examples())
    party = GAME.setup(2, {"first_player": 0})
    assert GAME.is_legal(party, 0, GAME.parse_action(party, 0, "pick artoria"))
    advanced = GAME.setup(2, {"advanced": True, "first_player": 0})
    assert GAME.is_legal(advanced, 0, GAME.parse_action(advanced, 0, "pick scathach:god_slayer"))
    mulligan = GAME.setup(2, {"parties": [["artoria", "medusa", "hassan"], list(P1)], "first_player": 0})
    while GAME.to_act(mulligan) == (CHANCE,):
        mulligan = GAME.apply(mulligan, CHANCE, GAME.sample_chance(mulligan, random.Random(1)))
    assert GAME.is_legal(mulligan, 0, GAME.parse_action(mulligan, 0, "keep"))
    state = arrange(ready(), 0, hand=["artoria/1", "artoria/2", "artoria/4", "medusa/3", "hassan/1"])
    state = arrange(state, 1, areas={"emiya": "fuyuki_11"})
    assert GAME.is_legal(state, 0, GAME.parse_action(state, 0, "move artoria fuyuki_11 artoria/4"))
    state = act(state, 0, "move artoria fuyuki_11 artoria/4")
    assert GAME.is_legal(state, 0, GAME.parse_action(state, 0, "battle artoria/1 artoria/2 medusa/3"))
    skills = ready({"advanced": True}, parties=(("medea", "artoria", "hassan"), P1))
    for text in ("skill medea", "pass"):
        assert GAME.is_legal(skills, 0, GAME.parse_action(skills, 0, text)), text
    assert str(Act.parse("remove artoria/5")) == "remove artoria/5"
    assert "skills" in GAME.zones() and "view skills" in examples
    assert set(examples) == {"pick artoria", "pick scathach:god_slayer", "keep", "move artoria fuyuki_11 artoria/4",
                             "battle artoria/1 artoria/2 medusa/3", "skill medea", "pass", "remove artoria/5",
                             "view skills"}
