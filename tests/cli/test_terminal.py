"""The terminal for every game (issue 25): the end shows how it ended, Enter takes the hint, `why` names the
rule, one language per person (issue 26), and what a hostile user types or forges gets one line and exit 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from rich.console import Console

import bouts
from bouts.cli.session import Session
from bouts.core import Match
from bouts.core.i18n import use_lang


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bouts.cli.main", *args], input=stdin, capture_output=True,
                          text=True, timeout=120, env={"PATH": "/usr/bin:/bin", "BOUTS_LANG": "en"})


def answers(lines: list[str]) -> Iterator[str]:
    yield from lines


def hinted_game(seed: int = 5, wait: bool = False, extra: list[str] | None = None) -> tuple[Session, str]:
    """A swordplay game against the random agent, the human pressing Enter (the hint) at every decision."""
    out = io.StringIO()
    match = Match(bouts.game("swordplay"), 2, {}, None, seed)
    tail = iter(extra or [])

    def ask(prompt: str) -> str:
        if match.is_over:
            return next(tail)
        return ""

    session = Session(match, ["human", "random"], Console(file=out, width=160, color_system=None), ask,
                      wait_at_end=wait)
    assert session.run()
    return session, out.getvalue()


def test_the_end_shows_every_unseen_event_the_standings_the_reason_and_the_seed() -> None:
    session, screen = hinted_game()
    match = session.match
    outcome = match.outcome()
    assert outcome is not None
    last_decision = max(i for i, step in enumerate(match.steps) if step.seat == 0)
    unseen = [e.text for step in match.steps[last_decision:] for e in step.events if e.is_visible_to(0)]
    tail = screen[screen.rindex("•"):] if unseen else screen
    final = screen.split("How the game ended")[0]
    for text in unseen:
        assert text in final  # every one, not "… earlier events: type log"
    assert "earlier events" not in final[final.rfind("> "):]
    assert "How the game ended" in screen and outcome.reason_text("en") in screen
    assert f"Seed: {match.seed}" in screen and ("won" in screen and "lost" in screen)
    assert tail


def test_the_last_screen_waits_and_offers_log_why_save_and_rematch(tmp_path: Path) -> None:
    target = tmp_path / "end.json"
    session, screen = hinted_game(wait=True, extra=["log", "why 3", f"save {target}", "rematch"])
    assert session.rematch and target.is_file()
    assert json.loads(target.read_text())["over"] is True
    assert "   1 " in screen  # the numbered log


def test_enter_takes_the_hinted_action() -> None:
    game = bouts.game("swordplay")
    match = Match(game, 2, {"heroes": ["gladiator", "mercenary"]}, None, 11)
    match.advance()
    seat = match.to_act()[0]
    recommended = game.recommend(match.state, seat)
    assert recommended is not None
    out = io.StringIO()
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) == 1:
            return ""
        raise EOFError

    seats = ["human", "human"]
    Session(match, seats, Console(file=out, width=160, color_system=None), ask).run()
    taken = next(step for step in match.steps if step.seat == seat)
    assert taken.action == str(recommended[0])
    assert "★" in out.getvalue() and "(Enter: ★)" in prompts[0]


def test_why_names_the_rules_behind_a_log_line() -> None:
    out = io.StringIO()
    match = Match(bouts.game("swordplay"), 2, {"heroes": ["gladiator", "mercenary"]}, None, 2)
    match.advance()
    session = Session(match, ["human", "random"], Console(file=out, width=160, color_system=None), lambda p: "")
    log = match.log(0)
    number = next(n for n, e in enumerate(log, start=1) if "SWP-026" in e.clauses)
    session.explain_rules(0, str(number))
    text = out.getvalue()
    assert "SWP-026" in text and "highest roll goes first" in text
    session.explain_rules(0, "999")
    assert "choose a log line from 1 to" in out.getvalue()


def test_the_session_speaks_the_players_language() -> None:
    out = io.StringIO()
    match = Match(bouts.game("swordplay"), 2, {"heroes": ["gladiator", "mercenary"]}, None, 2)
    with use_lang("ja"):
        replies = answers(["help", "quit"])
        session = Session(match, ["human", "random"], Console(file=out, width=160, color_system=None),
                          lambda prompt: next(replies))
        session.run()
    text = out.getvalue()
    assert "コマンド" in text and "剣闘士" in text and "Commands" not in text


def test_lang_option_and_environment() -> None:
    assert "ゲーム" in run("--lang", "ja", "list").stdout
    assert "Games" in run("--lang", "en", "list").stdout
    bad = run("--lang", "fr", "list")
    assert bad.returncode == 2 and "unknown language" in bad.stderr and "Traceback" not in bad.stderr


def _save(tmp_path: Path) -> tuple[Path, dict[str, object]]:
    match = Match(bouts.game("swordplay"), 3, {}, None, 4)
    match.advance()
    path = tmp_path / "save.json"
    data = match.to_json()
    path.write_text(json.dumps(data))
    return path, data


def test_a_save_that_is_not_utf8_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "bouts-match/1", "game": "\xe9"}')
    result = run("replay", str(path))
    assert result.returncode == 2 and "not UTF-8" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_save_whose_content_is_a_list_or_text_is_refused(tmp_path: Path) -> None:
    path, data = _save(tmp_path)
    for content in ([1, 2], "swordplay:reference"):
        path.write_text(json.dumps(dict(data, content=content)))
        result = run("replay", str(path))
        assert result.returncode == 2 and "'content' must be" in result.stderr, result.stderr


def test_a_save_by_a_seat_the_match_does_not_have_is_refused(tmp_path: Path) -> None:
    path, data = _save(tmp_path)
    path.write_text(json.dumps(dict(data, saved_by=5)))
    result = run("replay", str(path))
    assert result.returncode == 2 and "'saved_by' must be a seat" in result.stderr


def test_an_empty_seat_in_the_seat_list_is_refused() -> None:
    result = run("play", "swordplay", "--seats", "random,,random", "--json")
    assert result.returncode == 2 and "empty seat" in result.stderr


def test_terminal_escape_sequences_never_reach_the_terminal(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    source = Path(bouts.game("swordplay").load_content().path or "")
    import shutil

    from bouts.games.swordplay.cards import REFERENCE

    shutil.copytree(REFERENCE if not source.name else source, pack)
    heroes = (pack / "heroes.toml").read_text(encoding="utf-8")
    (pack / "heroes.toml").write_text(heroes.replace('en = "The Gladiator"', 'en = "Evil\\u001b[2J"'),
                                      encoding="utf-8")
    result = run("rules", "swordplay", "--content", str(pack))
    assert result.returncode == 2 and "control character" in result.stderr and "\x1b[2J" not in result.stderr
    path, data = _save(tmp_path)
    actions = list(data["actions"])  # type: ignore[arg-type]
    actions.append([0, "attack \x1b[31mred"])
    path.write_text(json.dumps(dict(data, actions=actions)))
    forged = run("replay", str(path))
    assert forged.returncode == 2 and "\x1b[31m" not in forged.stderr and "\\x1b[31m" in forged.stderr


def test_a_number_given_as_text_in_a_pack_is_refused(tmp_path: Path) -> None:
    import shutil

    from bouts.games.swordplay.cards import REFERENCE

    pack = tmp_path / "pack"
    shutil.copytree(REFERENCE, pack)
    heroes = (pack / "heroes.toml").read_text(encoding="utf-8")
    (pack / "heroes.toml").write_text(heroes.replace("life = 10", 'life = "10"', 1), encoding="utf-8")
    result = run("rules", "swordplay", "--content", str(pack))
    assert result.returncode == 2 and "'10' is text, not a number" in result.stderr


def test_the_help_lists_each_meaning_in_one_column_in_both_languages() -> None:
    """The meanings start in the same screen column whatever the command: ``why [N]`` (escaped markup) and
    テキスト (wide characters) used to push theirs one or more columns off."""
    from rich.cells import cell_len

    for lang in ("en", "ja"):
        out = io.StringIO()
        match = Match(bouts.game("swordplay"), 2, {"heroes": ["gladiator", "mercenary"]}, None, 2)
        with use_lang(lang):
            replies = answers(["help", "quit"])

            def ask(prompt: str, replies: Iterator[str] = replies) -> str:
                return next(replies)

            Session(match, ["human", "random"], Console(file=out, width=160, color_system=None), ask).run()
        screen = out.getvalue().splitlines()
        start = next(i for i, line in enumerate(screen) if line.strip() in ("Commands", "コマンド"))
        rows = screen[start + 1:start + 13]
        assert any(row.lstrip().startswith("why [N]") for row in rows)
        columns = set()
        for row in rows:
            typed = row[2:].split("  ")[0]
            meaning = row[2 + len(typed):].lstrip()
            columns.add(cell_len(row[:len(row) - len(meaning)]))
        assert len(columns) == 1, (lang, rows)


def test_the_japanese_end_screen_has_no_space_before_full_width_brackets_and_colons() -> None:
    """The standings read "敗北 （得点30）" and the last line "ゲーム終了： P3 …": a space the code put after each
    English piece. Each is one message now, and the English screen reads as before."""
    for lang, banner, score in (("ja", "ゲーム終了：", "（得点"), ("en", "Game over: ", " (score ")):
        out = io.StringIO()
        match = Match(bouts.game("grail_war"), 3, {}, None, 4)
        with use_lang(lang):
            Session(match, ["random"] * 3, Console(file=out, width=160, color_system=None), lambda prompt: "",
                    wait_at_end=False).run()
        outcome = match.outcome()
        assert outcome is not None and outcome.scores is not None
        lines = out.getvalue().splitlines()
        last = next(line for line in reversed(lines) if line.startswith(banner.strip()))
        assert last == banner + outcome.reason_text(lang)
        rows = [line for line in lines if score in line]
        assert len(rows) == 3
        if lang == "ja":
            assert all(" （" not in row for row in rows)
