"""Issue 18, "nobody can predict a game": fresh secret seeds, keyed chance, exact resumes, checked replays."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import bouts
from bouts.core import CHANCE, Match, MatchFileError
from bouts.core.match import chance_rng
from tests.core.toy import TOY

BOUTS = [sys.executable, "-m", "bouts.cli.main"]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*BOUTS, *args], input=stdin, capture_output=True, text=True, timeout=120)


def test_a_match_without_a_seed_draws_a_fresh_secret_one() -> None:
    seeds = {Match(TOY, 2).seed for _ in range(5)}
    assert len(seeds) == 5 and 0 not in seeds


def test_chance_is_keyed_by_the_seed_not_a_linear_mix_of_seed_and_step() -> None:
    """The old RNG was Random(seed * 1000003 + step): seed 1 at step 0 replayed seed 0 at step 1000003."""
    draws = [chance_rng(seed, step).random() for seed, step in ((0, 1_000_003), (1, 0), (0, 0), (0, 1))]
    assert len(set(draws)) == 4
    assert chance_rng(42, 7).random() == chance_rng(42, 7).random()  # still a pure function


def test_the_seed_appears_in_no_view_or_log_and_only_shows_when_the_game_is_over() -> None:
    match = Match(bouts.game("swordplay"), 2, seed=987_654_321_123)
    match.advance()
    for seat in (0, 1, None):
        assert "987654321123" not in json.dumps(match.view(seat))
        assert all("987654321123" not in e.text for e in match.log(seat))
    assert match.revealed_seed() is None


def _play(match: Match, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        match.advance()
        acting = match.to_act()
        if not acting:
            return
        match.apply(rng.choice(match.legal_actions(acting[0])), acting[0])


@pytest.mark.parametrize("game_id", ["swordplay", "fgo_duel"])
def test_a_mid_game_save_resumes_exactly(game_id: str) -> None:
    game = bouts.game(game_id)
    original = Match(game, 2)
    _play(original, 15, random.Random(1))
    loaded = Match.loads(original.dumps(saved_by=0))
    assert loaded.to_json() == original.to_json() and loaded.seed == original.seed
    _play(original, 40, random.Random(2))
    _play(loaded, 40, random.Random(2))
    assert loaded.to_json() == original.to_json()
    assert loaded.states[-1] == original.states[-1]


def test_a_forged_roll_is_refused_with_the_step_named() -> None:
    match = Match(TOY, 2, seed=11)
    match.advance()
    data = match.to_json()
    assert data["actions"][0][0] == CHANCE
    honest = data["actions"][0][1]
    data["actions"][0][1] = "roll 6 6" if honest != "roll 6 6" else "roll 1 1"
    with pytest.raises(MatchFileError, match=r"action #1 \(chance: 'roll .*'\) is not what the seed gives"):
        Match.from_json(data, TOY)
    assert Match.from_json(match.to_json(), TOY).to_json() == match.to_json()


def test_forced_chance_steps_are_recorded_and_replay_bit_exact() -> None:
    match = Match(TOY, 2, seed=5)
    match.apply("roll 2 3", CHANCE)
    data = match.to_json()
    assert data["forced"] == [0]
    assert Match.from_json(data, TOY).to_json() == data


def test_play_without_seed_deals_differently_and_shows_the_seed_at_the_end() -> None:
    """Today every `bouts play` started from seed 0: the same deal each time."""
    outs = [run("play", "swordplay", "--seats", "random,random", "--json") for _ in range(2)]
    assert all(o.returncode == 0 for o in outs), outs[0].stderr
    seeds = [json.loads(o.stdout)["seed"] for o in outs]
    assert seeds[0] != seeds[1] and 0 not in seeds


def test_replay_of_an_unfinished_match_shows_only_the_saving_seat(tmp_path: Path) -> None:
    save = tmp_path / "mid.json"
    result = run("play", "swordplay", "--seats", "human,random", stdin=f"1\nsave {save}\nquit\n")
    assert result.returncode == 0, result.stderr
    data = json.loads(save.read_text())
    assert data["saved_by"] == 0 and data["over"] is False
    other = run("replay", str(save), "--seat", "2")
    assert other.returncode == 2 and "saved by seat 1" in other.stderr
    own = run("replay", str(save))
    assert own.returncode == 0 and "Your hand" in own.stdout and "seed" not in own.stdout
    del data["saved_by"]
    save.write_text(json.dumps(data))
    anonymous = run("replay", str(save))
    assert anonymous.returncode == 2 and "unfinished" in anonymous.stderr


def _sao_match(forced_at: set[int]) -> Match:
    """An SAO match of 30 steps whose chance steps are drawn from the seed, except those at ``forced_at``
    (history indices), which are applied as forced outcomes (as a test or a tool does)."""
    match = Match(bouts.game("sao"), 2, seed=21)
    rng = random.Random(4)
    while len(match.steps) < 30:
        acting = match.to_act()
        if acting == (CHANCE,):
            if len(match.steps) in forced_at:
                match.apply(match.draw_chance(), CHANCE)
            else:
                match.step_chance()
        else:
            match.apply(rng.choice(match.legal_actions(acting[0])), acting[0])
    return match


def test_replay_names_the_chance_steps_that_were_forced_not_drawn_from_the_seed(tmp_path: Path) -> None:
    """A forced step is not checked against the seed, so a hand-edited file can pass a chosen roll off as
    forced: `bouts replay` says which steps were forced before it shows the match."""
    from typer.testing import CliRunner

    from bouts.cli.main import app

    honest = _sao_match(set())
    chance = [i for i, step in enumerate(honest.steps) if step.seat == CHANCE]
    assert len(chance) >= 3 and honest.forced_steps() == []
    save = tmp_path / "match.json"
    save.write_text(honest.dumps(saved_by=0))
    shown = CliRunner().invoke(app, ["replay", str(save)])
    assert shown.exit_code == 0, shown.output
    assert "forced" not in shown.stdout

    tool_made = _sao_match({chance[0], chance[2]})
    assert tool_made.forced_steps() == [chance[0] + 1, chance[2] + 1]
    save.write_text(tool_made.dumps(saved_by=0))
    shown = CliRunner().invoke(app, ["replay", str(save)])
    assert shown.exit_code == 0, shown.output
    warning = f"steps {chance[0] + 1}, {chance[2] + 1} were forced, not drawn from the seed"
    assert warning in " ".join(shown.stdout.split())
    assert shown.stdout.index("forced") < shown.stdout.index(f"{chance[0] + 1:>4} chance")

    # the forgery: an honest save whose roll is changed and marked forced loads, and replay says so
    data = honest.to_json(saved_by=0)
    game = bouts.game("sao")
    k = next(i for i in chance if game.legal_actions(honest.states[i], CHANCE))  # the first roll
    rolls = [str(a) for a in game.legal_actions(honest.states[k], CHANCE)]
    data["actions"][k][1] = next(r for r in rolls if r != data["actions"][k][1])
    unmarked = json.loads(json.dumps(data))
    with pytest.raises(MatchFileError, match=f"action #{k + 1}"):
        Match.from_json({**unmarked, "actions": data["actions"][:k + 1]})
    data["actions"] = data["actions"][:k + 1]
    data["forced"], data["over"] = [k], False
    save.write_text(json.dumps(data))
    shown = CliRunner().invoke(app, ["replay", str(save)])
    assert shown.exit_code == 0, shown.output
    assert f"step {k + 1} was forced, not drawn from the seed" in " ".join(shown.stdout.split())
