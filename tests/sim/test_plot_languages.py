"""Issue 26 for the plots: titles, axis labels and legends in the reader's language; Japanese drawn with a CJK
font picked by name (Debian's fonts-ipafont-gothic), and a clean fall back to English where there is none."""

from __future__ import annotations

import logging
import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import bouts.sim.report as report
from bouts.core.i18n import use_lang
from bouts.sim import SimConfig, simulate, summarize
from bouts.sim.paired import Accumulator
from bouts.sim.runner import play_design
from bouts.sim.sweep import Sweep, parse_vary
from bouts.sim.variants import Design, variant_of
from bouts.sim.workbench_report import plot_compare, plot_sweep
from tests.cli.languages import english_words, has_japanese

CHANGE = "hero.mercenary.base_damage += 2"
IDS = {"mercenary", "gladiator", "random", "hero", "base_damage"}


def cjk_font_or_skip() -> str:
    fonts = report.plot_fonts("ja")
    if fonts is None:
        if os.environ.get("CI") == "true":
            pytest.fail("no CJK font: .ci/run must apt-get install fonts-ipafont-gothic")
        pytest.skip("no CJK font installed (apt-get install fonts-ipafont-gothic)")
    return fonts[0]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, str]]]:
    """Every non-empty text of every figure saved, with the font it is drawn in."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    texts: list[tuple[str, str]] = []
    save = Figure.savefig

    def recording(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.canvas.draw()  # resolve the fonts as the saved file will
        texts.extend((t.get_text(), t.get_fontname()) for t in self.findobj(Text) if t.get_text().strip())
        return save(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", recording)
    yield texts


def words_of(texts: list[tuple[str, str]]) -> str:
    """The texts drawn, but a variant's name (the change itself, maybe wrapped over lines: an id)."""
    return "\n".join(text for text, _font in texts if text.replace("\n", "") not in CHANGE)


def compare_plot(path: Path) -> None:
    design = Design("swordplay", ("random", "random"), (variant_of("base"), variant_of(CHANGE)))
    accumulator = Accumulator(2)
    play_design(design, 30, accumulator, jobs=1)
    plot_compare(path, design, accumulator, 0.95)


def test_japanese_plots_use_a_cjk_font_and_japanese_words(tmp_path: Path, drawn: list[tuple[str, str]]) -> None:
    font = cjk_font_or_skip()
    summary = summarize(simulate(SimConfig("swordplay", ("random", "random"), seed=2), 20, jobs=1))
    with use_lang("ja"), warnings.catch_warnings():
        warnings.simplefilter("error")  # a glyph the font lacks would warn
        report.plot_winrates(tmp_path / "w.png", summary)
        report.plot_lengths(tmp_path / "l.png", summary)
        compare_plot(tmp_path / "c.png")
    text = words_of(drawn)
    for words in ("席別の勝率（20ゲーム）", "勝率（95%ウィルソン区間）", "ゲームの長さ（20ゲーム）",
                  "基準との差（95%区間）", "バリアント別の割合", "基準"):
        assert words in text, words
    assert english_words(text, IDS) == [], text
    titles = [f for t, f in drawn if has_japanese(t)]
    assert titles and set(titles) == {font}
    assert (tmp_path / "c.png").stat().st_size > 10_000


def test_a_sweep_plot_in_japanese(tmp_path: Path, drawn: list[tuple[str, str]]) -> None:
    cjk_font_or_skip()
    base = Design("swordplay", ("random", "random"), (), kind="sweep")
    grid = Sweep.of(base, [parse_vary("hero.mercenary.base_damage=1..3")])
    accumulator = Accumulator(len(grid.design.variants), paired=False)
    play_design(grid.design, 20, accumulator, jobs=1)
    with use_lang("ja"):
        plot_sweep(tmp_path / "s.png", grid, accumulator, 0.95, "auto", {})
    text = words_of(drawn)
    assert "hero.mercenary.base_damage に対する" in text and "パックの値" in text
    assert english_words(text, IDS) == [], text


def test_without_a_cjk_font_japanese_plots_fall_back_to_english(tmp_path: Path, drawn: list[tuple[str, str]],
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(report, "CJK_FONTS", ("No Such Font Gothic",))
    monkeypatch.setattr(report, "_warned", set())
    assert report.plot_fonts("ja") is None and report.plot_fonts("en") == report.LATIN_FONTS
    summary = summarize(simulate(SimConfig("swordplay", ("random", "random"), seed=2), 10, jobs=1))
    with use_lang("ja"), caplog.at_level(logging.WARNING, logger="bouts.sim.report"), warnings.catch_warnings():
        warnings.simplefilter("error")
        report.plot_winrates(tmp_path / "w.png", summary)
        report.plot_lengths(tmp_path / "l.png", summary)
    text = words_of(drawn)
    assert not has_japanese(text)  # no empty boxes: the words are English
    assert "win rate per seat (10 games)" in text and "game length (10 games)" in text
    assert {font for _text, font in drawn} == {"DejaVu Sans"}
    notices = [r.getMessage() for r in caplog.records if r.name == "bouts.sim.report"]
    assert len(notices) == 1 and "fonts-ipafont-gothic" in notices[0]  # said once, in the reader's language
    assert (tmp_path / "w.png").stat().st_size > 5_000 and (tmp_path / "l.png").stat().st_size > 5_000


def test_english_plots_stay_english(tmp_path: Path, drawn: list[tuple[str, str]]) -> None:
    summary = summarize(simulate(SimConfig("swordplay", ("random", "random"), seed=2), 10, jobs=1))
    with use_lang("en"):
        report.plot_winrates(tmp_path / "w.png", summary)
    text = words_of(drawn)
    assert "win rate (95% Wilson interval)" in text and not has_japanese(text)
