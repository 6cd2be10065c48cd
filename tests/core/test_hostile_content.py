"""Issue 18, "content checked like an enemy wrote it": packs, options, saves and API input from a hostile user.

Each case failed before (a traceback, a hang, a silent acceptance or an IndexError in play) and is now
refused with one line naming what and where.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest

import bouts
from bouts.core import ContentError, Match, MatchFileError, OptionsError, parse_option_text
from bouts.sim import SimConfig, SimError
from bouts.sim.config import resolve_game

BOUTS = [sys.executable, "-m", "bouts.cli.main"]
GAMES = ("swordplay", "sao", "fgo_duel")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BOUTS, *args], capture_output=True, text=True, timeout=120)


def pack(tmp_path: Path, game: str) -> Path:
    """A copy of a game's reference pack to break."""
    folder = tmp_path / f"{game}-pack"
    shutil.copytree(bouts.game(game).catalogs.reference_dir, folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, (name, old)
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def refused(game: str, folder: Path, *pattern: str) -> str:
    with pytest.raises(ContentError) as caught:
        bouts.game(game).load_content(str(folder))
    message = str(caught.value)
    assert "\n" not in message
    for part in pattern:
        assert re.search(part, message), (part, message)
    return message


# -- ids, numbers, bounds ---------------------------------------------------------------------------
@pytest.mark.parametrize("bad_id", ["attack\thigh", "attack high", "Attack_High", "attack/high", ""])
def test_ids_are_lowercase_words(tmp_path: Path, bad_id: str) -> None:
    """A tab or a space in an id broke the text round trip and every save."""
    folder = pack(tmp_path, "swordplay")
    edit(folder, "combat_cards.toml", 'id = "attack_high"', f"id = {json.dumps(bad_id)}")
    refused("swordplay", folder, r"\[a-z0-9_-\]\+")


def test_true_is_not_a_number(tmp_path: Path) -> None:
    folder = pack(tmp_path, "swordplay")
    edit(folder, "heroes.toml", "life = 10", "life = true")
    refused("swordplay", folder, r"heroes\.toml", r"field 'life': true is not a number")


def test_a_huge_count_is_refused_with_the_field_named_before_any_allocation(tmp_path: Path) -> None:
    folder = pack(tmp_path, "swordplay")
    edit(folder, "combat_cards.toml", "count = 2", "count = 100000000")
    refused("swordplay", folder, r"combat_cards\.toml", r"field 'count'", "out of range")


@pytest.mark.parametrize(("game", "file", "old", "new", "field"), [
    ("swordplay", "heroes.toml", "life = 10", "life = 1000", "life"),
    ("swordplay", "combat_cards.toml", "count = 2", "count = 21", "count"),
    ("swordplay", "heroes.toml", "life = 10", "life = 0", "life"),
    ("sao", "scenarios.toml", "hp = 40", "hp = 5000", "hp"),
    ("sao", "items.toml", "count = 2", "count = 0", "count"),
    ("fgo_duel", "servants.toml", "cost = 5", "cost = 500", "cost"),
    ("fgo_duel", "servants.toml", "power = 5", "power = 50", "power"),
])
def test_numbers_have_the_bounds_the_rulebooks_justify(tmp_path: Path, game: str, file: str, old: str,
                                                       new: str, field: str) -> None:
    folder = pack(tmp_path, game)
    edit(folder, file, old, new)
    refused(game, folder, file.replace(".", r"\."), field)


# -- packs that cannot make a legal game ---------------------------------------------------------------
def test_a_deck_with_no_attack_is_refused(tmp_path: Path) -> None:
    """Such a game could never end: no Hero can deal damage."""
    folder = pack(tmp_path, "swordplay")
    edit(folder, "combat_cards.toml", 'type = "attack"', 'type = "defense"\ncounters = ["high"]', count=-1)
    refused("swordplay", folder, "no attack card")


def test_fgo_servants_sharing_one_number_are_refused(tmp_path: Path) -> None:
    folder = pack(tmp_path, "fgo_duel")
    text = re.sub(r"servant_no = \d+", "servant_no = 1", (folder / "servants.toml").read_text(encoding="utf-8"))
    (folder / "servants.toml").write_text(text, encoding="utf-8")
    refused("fgo_duel", folder, "no party can be built", "FGO-014")


def test_fgo_pack_where_no_party_fits_the_cost_cap_is_refused(tmp_path: Path) -> None:
    folder = pack(tmp_path, "fgo_duel")
    text = re.sub(r"cost = \d+", "cost = 9", (folder / "servants.toml").read_text(encoding="utf-8"))
    (folder / "servants.toml").write_text(text, encoding="utf-8")
    refused("fgo_duel", folder, "no party fits the cost limit of 11", "FGO-012")


def test_fgo_map_with_no_path_between_the_masters_is_refused(tmp_path: Path) -> None:
    folder = pack(tmp_path, "fgo_duel")
    lines = (folder / "maps.toml").read_text(encoding="utf-8").splitlines()
    cut = [line for line in lines if not (line.lstrip().startswith('["') and "fuyuki_master1" in line)]
    assert len(cut) < len(lines)
    (folder / "maps.toml").write_text("\n".join(cut) + "\n", encoding="utf-8")
    refused("fgo_duel", folder, "no path links the two master areas")


def test_a_cost_cap_too_low_for_any_party_is_an_options_error() -> None:
    """Today an IndexError in play and sim."""
    with pytest.raises(OptionsError, match="option 'cost_cap': 3 is too low"):
        bouts.game("fgo_duel").setup(2, {"cost_cap": 3})
    played = run("play", "fgo_duel", "--options", "cost_cap=3", "--seats", "random,random", "--json")
    assert played.returncode == 2 and "cost_cap" in played.stderr and "Traceback" not in played.stderr
    simulated = run("sim", "fgo_duel", "--options", "cost_cap=3", "-n", "2", "-q")
    assert simulated.returncode == 2 and "cost_cap" in simulated.stderr


def test_true_is_not_a_number_in_options_either() -> None:
    with pytest.raises(OptionsError, match="option 'cost_cap': true is not a number"):
        bouts.game("fgo_duel").setup(2, {"cost_cap": True})


# -- files and folders ------------------------------------------------------------------------------------
def test_hostile_files_and_folders_are_one_line_and_exit_2(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    file_loop = pack(tmp_path, "swordplay")
    (file_loop / "evil.toml").symlink_to(file_loop / "evil.toml")
    folder_toml = pack(tmp_path / "b", "swordplay")
    (folder_toml / "folder.toml").mkdir()
    latin1 = pack(tmp_path / "c", "swordplay")
    (latin1 / "heroes.toml").write_bytes("name = 'Hélène'".encode("latin-1"))
    nested = pack(tmp_path / "d", "swordplay")
    (nested / "deep.toml").write_text("x = " + "[" * 100_000 + "]" * 100_000, encoding="utf-8")
    cases = ((loop, "symbolic links"), (file_loop, "evil.toml: cannot read it"),
             (folder_toml, "folder.toml: is a directory"), (latin1, "heroes.toml: not UTF-8"), (nested, "deep.toml"))
    for folder, message in cases:
        assert message in refused("swordplay", folder)
    for folder, message in cases[:2]:  # and through the command: one line, exit status 2
        result = run("play", "swordplay", "--content", str(folder), "--seats", "random,random", "--json")
        assert result.returncode == 2, (folder, result.stderr)
        assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_deeply_nested_json_in_options_and_saves_is_one_line(tmp_path: Path) -> None:
    deep = "[" * 10_000 + "]" * 10_000
    with pytest.raises(OptionsError, match="nested too deeply"):
        parse_option_text('{"a": ' + deep + "}")
    with pytest.raises(MatchFileError, match="nested too deeply"):
        Match.loads('{"format": "bouts-match/1", "x": ' + deep + "}")
    save = tmp_path / "deep.json"
    save.write_text('{"format": "bouts-match/1", "x": ' + deep + "}")
    result = run("replay", str(save))
    assert result.returncode == 2 and "nested too deeply" in result.stderr


# -- the API --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(("seats", "options"), [(2.0, None), ("2", None), (True, None), (2, [("mode", "arena")]),
                                                (2, "mode=arena")])
def test_setup_refuses_non_integer_seats_and_non_mapping_options(game_id: str, seats: object,
                                                                 options: object) -> None:
    with pytest.raises(OptionsError):
        bouts.game(game_id).setup(seats, options)  # type: ignore[arg-type]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_object_that_is_not_one_of_the_games_actions_is_refused(game_id: str) -> None:
    """`mock.ANY` passed as any action: its __eq__ says yes to everything."""
    game = bouts.game(game_id)
    match = Match(game, 2, seed=1)
    match.advance()
    seat = match.to_act()[0]
    assert not game.is_legal(match.state, seat, mock.ANY)
    with pytest.raises(ValueError, match="not a legal action"):
        game.apply(match.state, seat, mock.ANY)


def test_sim_module_attr_imports_no_arbitrary_module() -> None:
    marker = "tests.core.never_imported_module"
    with pytest.raises(SimError, match="only registered games"):
        resolve_game(f"{marker}:GAME")
    assert marker not in sys.modules
    assert resolve_game("bouts.games.swordplay:GAME") is bouts.game("swordplay")
    importlib.import_module("tests.agents.toy_games")  # an object of a module already imported may be named
    SimConfig("tests.agents.toy_games:SEALED_DUEL", ("random", "random")).check()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run([*BOUTS, "sim", "antigravity:GAME", "-n", "1"], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 2 and "only registered games" in done.stderr
