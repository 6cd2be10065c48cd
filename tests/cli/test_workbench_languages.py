"""Issue 26 for the designer's commands: `bouts --lang ja sim|compare|sweep|tournament|results` read in Japanese
(progress, tables, report pages, errors), and in English in English."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bouts
from tests.cli.languages import english_words, game_ids, has_japanese, id_words, page_text

BOUTS = [sys.executable, "-m", "bouts.cli.main"]
CHANGE = "hero.mercenary.base_damage += 2"


def run(*args: str, lang: str = "ja") -> subprocess.CompletedProcess[str]:
    """``bouts --lang LANG ARGS`` as a user runs it (a wide terminal, so tables are not cut)."""
    env = dict(os.environ, COLUMNS="220")
    env.pop("BOUTS_LANG", None)
    return subprocess.run([*BOUTS, "--lang", lang, *args], capture_output=True, text=True, timeout=300, env=env)


def swordplay_ids() -> set[str]:
    """The ids a swordplay report may show: content ids, option names, agent specs."""
    return game_ids("swordplay")


def test_sim_in_japanese_reads_in_japanese_in_the_terminal_and_the_report(tmp_path: Path) -> None:
    result = run("sim", "swordplay", "-n", "20", "--seed", "3", "--jobs", "1", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    allowed = swordplay_ids() | {"sim"}
    out = result.stdout
    for text in ("席別の勝率（95%ウィルソン区間）", "エージェント別の勝率", "ゲームの長さ（手数）", "レポート："):
        assert text in out
    assert english_words(out, allowed) == [], out
    assert has_japanese(result.stderr) or "swordplay" in result.stderr  # the progress bar: the game id and numbers
    assert english_words(result.stderr, allowed) == [], result.stderr
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in page
    text = page_text(page)
    assert "席別の勝率" in text and "95%区間つきの勝率" in text  # a heading and an image's description
    assert english_words(text, allowed) == [], text
    assert json.loads((tmp_path / "summary.json").read_text())["summary"]["games"] == 20  # data: ids and numbers


def test_compare_in_japanese_reads_in_japanese_in_the_terminal_the_summary_and_the_report(tmp_path: Path) -> None:
    result = run("compare", "swordplay", CHANGE, "-n", "40", "--jobs", "1", "-q", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    allowed = swordplay_ids() | id_words(CHANGE) | {"compare", "results", "select"}
    out = result.stdout
    for text in ("各バリアント（各40ゲーム、95%区間）", "基準との比較（双子ゲーム", "有意な差", "基準",
                 "mercenaryの勝率", "高い（有意）"):
        assert text in out, text
    assert english_words(out, allowed) == [], out
    assert result.stderr == ""
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["variants"][0]["name"] == "基準"
    assert all(has_japanese(d["label"]) and has_japanese(d["verdict_text"]) for d in summary["differences"])
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in page
    text = page_text(page)
    assert "有意な差" in text and "比較のグラフ" in text
    assert english_words(text, allowed) == [], text


def test_compare_in_english_has_no_japanese(tmp_path: Path) -> None:
    result = run("compare", "swordplay", CHANGE, "-n", "20", "--jobs", "1", "-q", "--out", str(tmp_path), lang="en")
    assert result.returncode == 0, result.stderr
    assert "What is real" in result.stdout and "baseline" in result.stdout
    assert not has_japanese(result.stdout)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in page and not has_japanese(page_text(page))


def test_sweep_tournament_and_results_in_japanese(tmp_path: Path) -> None:
    folder = tmp_path / "sweep"
    swept = run("sweep", "swordplay", "--vary", "hero.mercenary.base_damage=1..2", "--target", "fair:1.5",
                "-n", "20", "--jobs", "1", "-q", "--out", str(folder))
    assert swept.returncode == 0, swept.stderr
    allowed = swordplay_ids() | id_words("hero.mercenary.base_damage fair") | {"sweep", "results", "select"}
    assert "グリッドの各点（95%区間）" in swept.stdout
    assert english_words(swept.stdout, allowed) == [], swept.stdout
    text = page_text((folder / "report.html").read_text(encoding="utf-8"))
    assert "スイープのグラフ" in text and english_words(text, allowed) == [], text
    queried = run("results", str(folder), "select variant, count(*) as games from games group by variant "
                  "order by variant")
    assert queried.returncode == 0, queried.stderr
    assert "hero.mercenary.base_damage=1" in queried.stdout  # the rows are data
    described = run("results", str(folder))
    assert "ビュー games の列" in described.stdout
    played = run("tournament", "swordplay", "--agents", "random,heuristic", "-n", "4", "--jobs", "1", "-q")
    assert played.returncode == 0, played.stderr
    assert "順位（対戦相手ごとの勝率の平均）" in played.stdout
    assert english_words(played.stdout, swordplay_ids()) == [], played.stdout


BAD_PACK = '[[hero]]\nid = "giant"\nname = "Giant"\nstand_in = true\nlife = "ten"\nbase_damage = 2\n'


@pytest.mark.parametrize("kind", ["content", "toml", "options", "patch", "agent", "game"])
def test_an_error_reads_in_japanese_on_one_line_with_exit_code_2(kind: str, tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "heroes.toml").write_text(BAD_PACK if kind == "content" else "[[hero]\n", encoding="utf-8")
    args = {
        "content": ["sim", "swordplay", "-n", "2", "--content", str(pack)],
        "toml": ["sim", "swordplay", "-n", "2", "--content", str(pack)],
        "options": ["sim", "swordplay", "-n", "2", "--options", "mode=duel,realistic_parries=3"],
        "patch": ["compare", "swordplay", "hero.mercenary.power += 2", "-n", "2"],
        "agent": ["sim", "swordplay", "-n", "2", "--seats", "ismcts:iterations=lots,random"],
        "game": ["compare", "chess", CHANGE],
    }[kind]
    game = bouts.game("swordplay")
    fields = {name for model in game.catalogs.schema.values() for name in model.model_fields}
    allowed = swordplay_ids() | fields | id_words(BAD_PACK, " ".join(args)) | set(bouts.games())
    result = run(*args)
    assert result.returncode == 2, result.stderr
    line = result.stderr.strip()
    assert "\n" not in line and line.startswith("エラー："), line
    assert has_japanese(line.removeprefix("エラー：")), line
    assert english_words(line, allowed) == [], line
    english = run(*args, lang="en")
    assert english.returncode == 2 and english.stderr.startswith("error: ") and not has_japanese(english.stderr)


def test_a_bad_change_names_what_is_wrong_in_both_languages() -> None:
    ja = run("compare", "swordplay", "hero.mercenary.power += 2", "-n", "2").stderr
    en = run("compare", "swordplay", "hero.mercenary.power += 2", "-n", "2", lang="en").stderr
    assert "hero 'mercenary' に項目 'power' はない" in ja
    assert "hero 'mercenary' has no field 'power'" in en


def test_help_texts_of_the_workbench_commands_are_translated() -> None:
    result = run("compare", "--help")
    assert result.returncode == 0
    assert "同じシードと席でバリアントを試す" in result.stdout
    assert "1バリアントあたりのゲーム数。" in result.stdout
    sim_help = run("sim", "--help", lang="en")
    assert "Play N games with the given agents" in sim_help.stdout
