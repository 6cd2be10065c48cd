"""What the terminal shows at battle decisions (issue 22, "At the table"): names not ids, current attack and
defence, a damage preview, the servants' Noble Phantasms, and ``view abilities``."""

from __future__ import annotations

import io

from rich.cells import cell_len
from rich.console import Console

from bouts.core.i18n import tr, use_lang
from bouts.games.kaleido.state import KaleidoState
from tests.kaleido.helpers import AVENGER, GAME, RIDER, SABER, act, legal, quiet_until, table, top
from tests.kaleido.test_battle_steps import NEUTRAL, paid, passes


def screen(state: KaleidoState, seat: int, lang: str = "ja") -> str:
    """The table as the terminal prints it for ``seat``, with its menu, in ``lang``."""
    out = io.StringIO()
    with use_lang(lang):
        Console(file=out, width=200, color_system=None).print(GAME.render(GAME.view(state, seat)))
        menu = [GAME.describe(state, seat, a) for a in GAME.legal_actions(state, seat)]
    return out.getvalue() + "\n".join(menu)


def test_the_battle_line_names_the_clashing_noble_phantasm() -> None:
    """KAL-090: the strike line names the clashing NP (斬り抉る戦神の剣), never its id."""
    state = table([SABER, AVENGER], turn_fates=(1, NEUTRAL))
    state = quiet_until(state, "attack", 0)
    state = passes(paid(act(state, "attack excalibur")))
    state = passes(paid(act(state, "clash fragarach")))
    shown = screen(state, 1)
    assert "相殺 斬り抉る戦神の剣" in shown and "fragarach" not in shown.split("\n[")[0]
    if top(state) == ("respond", 1):  # the defender who clashed is not offered "no clash" again
        assert "パス: 相殺しない" not in shown and "パス: 攻撃を受ける" in shown


def test_current_attack_defence_and_damage_preview_at_every_battle_decision() -> None:
    """KAL-088, KAL-089, KAL-095: at 【攻撃】 each method shows its damage; in a window the current 攻/防 (after
    cards) and the damage the attack would do now are on the screen, and change when a card is played."""
    state = table([SABER, RIDER], turn_fates=(1, NEUTRAL), top_cards=("reinforcement/1", "barrier/1"))
    state = quiet_until(state, "attack", 0)
    shown = screen(state, 0)
    assert "現在: P1 攻撃4 防御2  P2 攻撃4 防御2" in shown
    assert "通常攻撃（サーヴァントの攻撃）: 攻撃4 対 防御2 → 2ダメージ" in shown
    assert "攻撃8 対 防御2 → 6ダメージ" in shown  # 約束された勝利の剣
    english = screen(state, 0, "en")
    assert "now: P1 attack 4 defence 2  P2 attack 4 defence 2" in english
    assert "normal attack (servant's attack): attack 4 vs defence 2 → 2 damage" in english
    state = act(state, "attack normal")
    assert "攻撃4 対 防御2 → 2ダメージ" in screen(state, 1)
    assert "パス: 攻撃を受ける（P2に2ダメージ）" in screen(state, 1)
    assert "pass: take the attack (2 damage to P2)" in screen(state, 1, "en")
    state = passes(act(state, "use barrier/1"))
    shown = screen(state, 1)
    assert "P2 攻撃4 防御4" in shown and "攻撃4 対 防御4 → 0ダメージ" in shown


def test_the_defence_np_menu_line_shows_what_remains() -> None:
    """KAL-096: the menu line of a defence NP shows the damage left after it."""
    state = table([SABER, AVENGER], turn_fates=(1, NEUTRAL))
    state = quiet_until(state, "attack", 0)
    state = passes(paid(act(state, "attack excalibur")))
    state = act(state, "pass")  # no clash
    assert top(state) == ("respond", 1)
    assert "偽り写し記す万象（宝具/防御、ダメージ-3、消費1）で防御: → 3ダメージ" in screen(state, 1)
    assert "guard with 偽り写し記す万象 (untranslated) (Noble Phantasm (defence), damage -3, cost 1): → 3 damage" \
        in screen(state, 1, "en")


def test_the_servant_menu_shows_noble_phantasms() -> None:
    """KAL-161, KAL-165: choosing a servant shows its Noble Phantasms (what sets servants apart)."""
    state = GAME.setup(2, None, None, 0)
    from bouts.core import CHANCE

    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(GAME.catalog().fates[n].id for n in range(1, 8)))
    state = act(state, "master kotomine_kirei")
    lines = [GAME.describe(state, 0, a) for a in GAME.legal_actions(state, 0)]
    catalog = GAME.catalog()
    assert any(catalog.abilities["enuma_elish"].name.get_text("en") in line and "(cost 5, clash)" in line
               for line in lines)
    for lang in ("en", "ja"):  # the menu table (number, sentence, text form) fits 160 columns without wrapping
        with use_lang(lang):
            widest = max(cell_len(GAME.describe(state, 0, a)) for a in GAME.legal_actions(state, 0))
        assert 4 + widest + 2 + max(len(f"[{a}]") for a in GAME.legal_actions(state, 0)) <= 160, lang
    assert any(catalog.abilities["gae_bolg"].name.get_text("en") in line for line in lines)


def test_view_abilities_lists_every_seats_abilities() -> None:
    """KAL-017, KAL-157, KAL-161: ``view abilities`` shows every master's and servant's abilities to everyone."""
    state = table([SABER, AVENGER])
    for seat in (0, 1, None):
        with use_lang("ja"):
            text = GAME.render_zone(GAME.view(state, seat), "abilities")
        assert "投影魔術" in text and "偽り写し記す万象（宝具/防御、ダメージ-3、消費1）" in text
    assert "abilities" in GAME.zones()
    assert legal(state)


def test_bouts_rules_says_when_a_seat_is_asked() -> None:
    """KAL-105, KAL-113, KAL-141, KAL-143: where the engine does not interrupt (a bystander's special actions
    mid-battle) ``bouts rules kaleido`` says so and why, and names the KAL-119 option."""
    summary = tr(GAME.info.summary)
    for clause in ("KAL-103", "KAL-105", "KAL-113", "KAL-141", "KAL-143", "KAL-119", "interveners_protected"):
        assert clause in summary
    assert "interveners_protected" in GAME.options_help()
