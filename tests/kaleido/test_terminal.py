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


def _clash_decision(attack_np: int, answer_np: int, defender_def: int) -> object:
    """The defender's 【防御】 decision with Bellerophon able to clash Excalibur, tuned to these numbers."""
    from bouts.games.kaleido.state import Effect
    from tests.kaleido.helpers import act, unanswered
    from tests.kaleido.test_battle_part import duel

    state = duel()
    state.players[0].hand = [f"gandr/{i}" for i in (1, 2, 3)]
    state.players[1].hand = [f"healing/{i}" for i in (1, 2, 3)]
    for card in (*state.players[0].hand, *state.players[1].hand):
        state.drawn_in[card] = 0
    state.effects += [Effect(0, "attack", attack_np - 8, "turn", "fixture"),
                      Effect(1, "attack", answer_np - 8, "turn", "fixture"),
                      Effect(1, "defence", defender_def - 2, "turn", "fixture")]
    return unanswered(act(state, "attack excalibur"))


def test_the_clash_preview_shows_the_attack_left_after_the_clash() -> None:
    """Issue 25: the clash line said only "→ 1 damage"; it now shows the attack, the clash, what is left of the
    attack against the defence, and the damage, in the menu and (once clashed) on the table's attack line."""
    from tests.kaleido.helpers import act

    state = _clash_decision(10, 6, 3)
    clash = GAME.parse_action(state, 1, "clash bellerophon")  # type: ignore[arg-type]
    line = printed(escape_markup(GAME.describe(state, 1, clash)))  # type: ignore[arg-type]
    assert "attack 10 - clash 6 = 4 vs defence 3 → 1 damage" in line, line
    clashed = act(state, "clash bellerophon")  # type: ignore[arg-type]
    while clashed.stack[-1].kind == "counter":
        clashed = act(clashed, "pass")
    assert "attack 10 - clash 6 = 4 vs defence 3 → 1 damage" in printed(GAME.render(GAME.view(clashed, 1)))
    with use_lang("ja"):
        assert "攻撃10 - 相殺6 = 4 対 防御3 → " in printed(escape_markup(GAME.describe(state, 1, clash)))  # type: ignore[arg-type]


def test_no_round_0_and_no_turn_0_on_the_table() -> None:
    """Issue 25: the header said "turn 0" at set-up and the battle line "round 0" while the nomination awaited
    the nominated player's answer; now set-up has no turn and the battle says it is not established yet."""
    from bouts.games.kaleido.state import KaleidoState

    setup = GAME.setup(3, None, None, 3)
    while GAME.to_act(setup) == (CHANCE,):
        setup = GAME.apply(setup, CHANCE, GAME.sample_chance(setup, random.Random(1)))
    screen = printed(GAME.render(GAME.view(setup, 0)))
    assert "turn 0" not in screen and "set-up" in screen
    state: KaleidoState = quiet_until(table([SABER, RIDER]), "nominated")
    for card in ("ambush/1",):
        state.players[state.stack[-1].seat].hand.append(card)
    screen = printed(GAME.render(GAME.view(state, 0)))
    assert "round 0" not in screen and "nominated, not yet established" in screen, screen
    with use_lang("ja"):
        assert "第0巡" not in printed(GAME.render(GAME.view(state, 0)))


def _kaleido_session(seats: list[str], seed: int, decisions: int) -> tuple[list[tuple[str, list[str]]], object]:
    """Play a kaleido game at the terminal, Enter at every prompt; each prompt's decision kind and legal actions."""
    from bouts.cli.session import Session
    from bouts.core import Match

    match = Match(GAME, len(seats), {}, None, seed)
    asked: list[tuple[str, list[str]]] = []

    def ask(prompt: str) -> str:
        if len(asked) >= decisions or match.is_over:
            raise EOFError
        seat = match.to_act()[0]
        frame = match.state.stack[-1]
        kind = frame.kind if frame.kind != "respond" else f"respond {frame.get('step')}"
        asked.append((kind, [str(a) for a in match.legal_actions(seat)]))
        return ""

    session = Session(match, seats, Console(file=io.StringIO(), width=160, height=50), ask)
    session.run()
    return asked, session


def test_windows_where_only_a_command_spell_could_be_used_are_not_asked() -> None:
    """Issue 25: every card a bot used asked the human "counter?" with only pass, command spells and HP
    conversion on offer. Such a window is passed for a player nobody else watches, unless a spell changes the
    attack about to hit (【ダメージ決定】 of an attack on or by that seat) or the servant is at HP 0 or less."""
    specials = ("pass", "spell", "convert")
    for seed in (21, 4):
        asked, session = _kaleido_session(["human", "heuristic", "heuristic"], seed, 60)
        for kind, legal_now in asked:
            if all(text.split()[0] in specials for text in legal_now):
                assert kind in ("last", "respond ダメージ決定"), (kind, legal_now)
        passed = [session.match.steps[i] for i in session.auto_steps]  # type: ignore[attr-defined]
        assert any(step.action == "pass" for step in passed), seed


def test_hot_seat_still_asks_every_window() -> None:
    """Passing a window by itself would tell the other player at the keyboard that this hand holds no counter."""
    asked, _session = _kaleido_session(["human", "human", "heuristic"], 21, 40)
    specials = ("pass", "spell", "convert")
    assert any(kind == "counter" and all(t.split()[0] in specials for t in legal_now) for kind, legal_now in asked)


def test_the_last_screen_shows_no_battle_still_under_way() -> None:
    """The table at the end had shown the last battle as if it went on ("now: …", the attack with its damage
    preview against an eliminated servant); the blow is in the news, the table shows the standings."""
    state = GAME.setup(3, None, None, 21)
    rng = random.Random(21)
    agents = [make_agent("heuristic", s) for s in range(3)]
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
        else:
            state = GAME.apply(state, seat, agents[seat].act(GAME, state, seat))
    assert state.phase == "over" and state.battle is not None
    screen = printed(GAME.render(GAME.view(state, 0)))
    assert "now:" not in screen and "battle P" not in screen and "last master standing" in screen, screen


def test_undo_never_takes_back_a_window_passed_for_the_player_nor_what_others_did_since() -> None:
    """After a window was passed for the player (no command spell could change anything) and others went on,
    ``undo`` is refused: the passed window comes back by itself and the others' decisions stay."""
    from bouts.cli.session import Session
    from bouts.core import Match

    match = Match(GAME, 3, {}, None, 21)
    out = io.StringIO()
    tried: list[tuple[int, list[str]]] = []
    session: Session | None = None

    def ask(prompt: str) -> str:
        assert session is not None
        steps = match.steps
        passed = [i for i in session.auto_steps if steps[i].action == "pass"]
        if not tried and passed and any(s.seat not in (0, CHANCE) for s in steps[max(passed) - 1:max(passed)]):
            tried.append((len(steps), [s.action for s in steps]))
            return "undo"
        if tried or len(steps) > 400:
            raise EOFError
        return ""

    session = Session(match, ["human", "heuristic", "heuristic"], Console(file=out, width=160, height=50), ask)
    session.run()
    assert tried, "no window was passed after another seat's move"
    count, actions = tried[0]
    assert [s.action for s in match.steps][:count] == actions
    assert "Undone." not in out.getvalue()
