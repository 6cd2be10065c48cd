"""Content pack, views, rendering and presentation (KAL-005, KAL-157..KAL-172; hidden information)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from bouts.core import CHANCE
from bouts.core.content import ContentError
from bouts.core.i18n import use_lang
from bouts.games.kaleido.cards import REFERENCE, Catalog
from tests.kaleido.helpers import ARCHER, GAME, RIDER, SABER, act, quiet_until, table


def test_reference_pack_is_complete_and_marked() -> None:
    """The pack: 8 masters, the 10 servants of the pairing table, 50 magic cards covering every 発動 and 持続,
    fate cards 1-8 (8 = 柳洞寺大空洞); every stand-in says why."""
    catalog: Catalog = GAME.catalog()
    assert len(catalog.masters) == 8 and len(catalog.servants) == 10 and len(catalog.deck) == 50
    assert {c.timing for c in catalog.magic.values()} == {"strategy", "battle", "counter", "auto", "special"}
    assert {c.duration for c in catalog.magic.values()} == {"turn", "battle", "action", "instant"}
    assert sorted(catalog.fates) == list(range(1, 9)) and catalog.fates[8].name.get_text("ja") == "柳洞寺大空洞"
    assert len(catalog.pairs) == 10
    for entries in catalog.pack.sections.values():
        for entry in entries:
            assert entry.source or (entry.stand_in and getattr(entry, "reason", "")), entry.id
    abilities = catalog.abilities.values()
    assert any(a.offset for a in abilities) and any(a.intervene for a in abilities)
    assert {a.kind for a in abilities} >= {"special_attack", "np_attack", "np_defence", "np_special", "passive"}
    assert "ancient_magus" in catalog.servants["caster"].abilities


def test_content_dir_loads_and_bad_entries_are_named(tmp_path: Path) -> None:
    """``--content DIR`` goes through the core loader; an out-of-bounds number names file, entry and field."""
    pack = tmp_path / "pack"
    shutil.copytree(REFERENCE, pack)
    state = GAME.setup(3, None, str(pack), 0)
    assert GAME.to_act(state) == (CHANCE,)
    text = (pack / "servants.toml").read_text().replace("hp = ", "hp = 9", 1)
    (pack / "servants.toml").write_text(text)
    with pytest.raises(ContentError, match=r"servants\.toml.*saber.*hp"):
        GAME.setup(3, None, str(pack), 0)


def test_view_hides_hands_and_deck_and_shows_counts() -> None:
    """KAL-025, KAL-026: another seat's hand is a count; the deck order never appears."""
    state = table([SABER, RIDER, ARCHER], top_cards=("gandr/1", "counter_magic/1", "ambush/1"))
    view = GAME.view(state, 0)
    text = str(view)
    assert "counter_magic" not in text and "ambush" not in text and "gandr" in text
    assert [p["hand"] for p in view["players"]] == [1, 1, 1]
    assert view["deck"] == 47 and "deck_order" not in text


def test_determinize_keeps_the_view_and_reshuffles_the_unseen() -> None:
    """determinize: same view for the observer, other hands and the deck reshuffled."""
    state = quiet_until(table([SABER, RIDER, ARCHER]), "attack", 0)
    rng = random.Random(3)
    changed = False
    for _ in range(5):
        det = GAME.determinize(state, 0, rng)
        assert GAME.view(det, 0) == GAME.view(state, 0)
        assert det.players[0].hand == state.players[0].hand
        changed |= det.players[1].hand != state.players[1].hand or det.deck != state.deck
    assert changed


def render(view: dict[str, object], lang: str = "ja") -> str:
    console = Console(width=160, record=True, color_system=None)
    with use_lang(lang):
        console.print(GAME.render(view))
    return console.export_text()


def test_render_shows_every_number_a_decision_turns_on() -> None:
    """The terminal shows fate order, HP and spells of every seat, strategy cards, hand counts, the
    battlefield and the loop step, and one's own hand with 発動/持続/消費/効果."""
    state = table([SABER, RIDER, ARCHER], turn_fates=(1, 6, 2), top_cards=("gandr/1",))
    state = quiet_until(state, "attack", 0)
    state.players[2].strategy = "barrier/1"
    text = render(GAME.view(state, 0))
    for needle in ("運命の順番 1:P1  2:P3  6:P2", "HP 10/10", "令呪2", "手札", "戦略 防御魔術", "戦場 6 言峰教会",
                   "【介入】→【攻撃】", "ガンド", "発動 戦闘", "持続 瞬間", "効果 相手のHP-1", "【攻撃】"):
        assert needle in text, needle
    english = render(GAME.view(state, 0), "en")
    for needle in ("fate order 1:P1  2:P3  6:P2", "HP 10/10", "command spells 2", "【Intervention】→【Attack】",
                   "activation battle", "duration instant", "effect opponent's HP -1"):
        assert needle in english, needle
    assert max(len(line) for line in text.splitlines()) <= 160


def test_every_decision_fits_160_by_50() -> None:
    """Every decision of a 7-player heuristic game fits a 160x50 screen with its menu."""
    from bouts.agents import make_agent

    for seed in (1,):
        state = GAME.setup(7, None, None, seed)
        agents = [make_agent("heuristic", s) for s in range(7)]
        rng = random.Random(seed)
        worst = 0
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            lines = render(GAME.view(state, seat)).splitlines()
            menu = GAME.legal_actions(state, seat)
            for lang in ("en", "ja"):  # the terminal's menu (a table: number, sentence, text form) never wraps
                with use_lang(lang):
                    widest = max(cell_len(GAME.describe(state, seat, a)) for a in menu)
                    assert 4 + widest + 2 + max(cell_len(f"[{a}]") for a in menu) <= 160, (lang, widest)
            worst = max(worst, len(lines) + len(menu) + 2)
            state = GAME.apply(state, seat, agents[seat].act(GAME, state, seat))
        assert worst <= 50, worst


def test_seat_names_unique_and_hints_give_a_reason() -> None:
    """seat_name is unique per seat; hint answers with the heuristic's choice and a reason."""
    state = quiet_until(table([SABER, RIDER, ARCHER]), "attack", 0)
    names = {GAME.seat_name(state, s) for s in range(3)}
    assert len(names) == 3
    hints = GAME.hints(state, 0)
    action, reason = GAME.recommend(state, 0) or (None, "")
    assert hints and reason and hints[0].endswith(f"[{action}]: {reason}")
    assert GAME.hints(act(state, "attack normal"), 1)


def test_content_choices_are_pairs() -> None:
    """``bouts sim`` reports per master-servant pair (the pairing table's row)."""
    state = table([SABER, RIDER])
    assert GAME.content_choices(state) == {0: "emiya_shirou-saber", 1: "matou_sakura-rider"}
    state = GAME.setup(2, {"shuffle_mode": True}, None, 0)
    state = GAME.apply(state, CHANCE, "shuffle " + " ".join(GAME.catalog().fates[n].id for n in range(1, 8)))
    for text in ("master emiya_shirou", "master matou_sakura", "servant saber", "servant rider"):
        state = act(state, text)
    assert GAME.content_choices(state) == {0: ["emiya_shirou", "rider"], 1: ["matou_sakura", "saber"]}


def test_heuristic_uses_no_hidden_information() -> None:
    """The heuristic chooses the same on any determinization of its seat's view."""
    from bouts.games.kaleido import strategy

    for seed in (1, 2, 3):
        state = GAME.setup(3, None, None, seed)
        rng = random.Random(seed)
        checked = 0
        while GAME.to_act(state) and checked < 60:
            seat = GAME.to_act(state)[0]
            if seat == CHANCE:
                state = GAME.apply(state, CHANCE, GAME.sample_chance(state, rng))
                continue
            choice = strategy.choose(GAME, state, seat, random.Random(0))
            for _ in range(3):
                det = GAME.determinize(state, seat, rng)
                assert strategy.choose(GAME, det, seat, random.Random(0)) == choice
            checked += 1
            state = GAME.apply(state, seat, choice)
        values = strategy.evaluate(GAME, state)
        assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)


def test_texts_match_the_data() -> None:
    """Issue 22: every master's text gives its 最大魔力 and 魔力ランク, every servant's its HP, 攻撃 and 防御, and
    each names its abilities with their 【消費】 (a text that says 6/3 while the data says 5/2 misleads)."""
    catalog: Catalog = GAME.catalog()
    for master in catalog.masters.values():
        ja, en = master.text.get_text("ja"), master.text.get_text("en")
        assert f"最大魔力{master.max_mana}" in ja and f"魔力ランク{master.mana_rank}" in ja, master.id
        assert f"Max mana {master.max_mana}, mana rank {master.mana_rank}" in en, master.id
    for servant in catalog.servants.values():
        assert f"HP{servant.hp}, 攻撃{servant.attack}, 防御{servant.defence}" in servant.text.get_text("ja"), servant.id
        assert f"HP {servant.hp}, attack {servant.attack}, defence {servant.defence}" in servant.text.get_text("en")
    for owner in (*catalog.masters.values(), *catalog.servants.values()):
        for ability_id in owner.abilities:
            ability = catalog.abilities[ability_id]
            for lang, cost, none, power in (("ja", "消費{}", "消費なし", "攻撃力{}"),
                                            ("en", "cost {}", "no cost", "attack {}")):
                text = ability.text.get_text(lang)
                assert text in owner.text.get_text(lang), (owner.id, ability_id, lang)
                assert text.startswith(f"{ability.name.get_text(lang)} (")
                assert cost.format(ability.cost) in text if ability.cost else \
                    cost.format("") not in text.replace(none, ""), (ability_id, lang)
                if ability.kind in ("special_attack", "np_attack"):
                    assert power.format(ability.power) in text, (ability_id, lang)


def test_the_reference_pack_exercises_every_rule_the_rulebook_names() -> None:
    """Issue 22: content for every timing and duration (KAL-124..KAL-132), every attack and NP kind (KAL-084..
    KAL-096, KAL-165), 相殺可 and 介入可能, a master's NP (KAL-151), Caster's summon (KAL-152), 古代の魔術士 (KAL-043),
    healing abilities (KAL-163), a 特殊 card that changes who goes first (KAL-073) and one that stops a
    nomination (KAL-RUL-18), 霊地効果 of each kind, masters that differ in max mana and mana rank."""
    catalog: Catalog = GAME.catalog()
    cards = {c.id: c for c in catalog.magic.values()}.values()
    assert {c.timing for c in cards} == {"strategy", "battle", "counter", "auto", "special"}
    assert {c.duration for c in cards} == {"turn", "battle", "action", "instant"}
    assert {"ambush", "evade", "counter", "damage", "heal", "draw"} <= {c.effect for c in cards}
    abilities = catalog.abilities.values()
    assert {"special_attack", "np_attack", "np_defence", "np_special", "boost", "support", "passive"} == \
        {a.kind for a in abilities}
    assert any(a.offset and a.intervene for a in abilities) and any(a.kind == "np_attack" and a.intervene
                                                                    for a in abilities)
    assert any(a.effect == "heal" for a in abilities) and any(a.effect == "summon" for a in abilities)
    assert any(a.effect == "ancient_magus" for a in abilities)
    assert any(catalog.abilities[a].kind == "np_attack" for m in catalog.masters.values() for a in m.abilities)
    assert len({m.mana_rank for m in catalog.masters.values()}) >= 2
    assert len({m.max_mana for m in catalog.masters.values()}) >= 3
    assert len({(s.hp, s.attack, s.defence) for s in catalog.servants.values()}) >= 5
    assert len({tuple(sorted(s.abilities)) for s in catalog.servants.values()}) == 9  # the two Lancers alike
    assert {f.effect for f in catalog.fates.values()} == {"attack_bonus", "defence_bonus", "attack_malus",
                                                          "np_discount", "heal", "draw"}
