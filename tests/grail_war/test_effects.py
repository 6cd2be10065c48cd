"""NP/skill card and shared special card effects (DGW-S01..S29, facts/grail_war.md), played through actions.

Each duel is round 1 from a forced set-up: seats 0 and 1 hold the cards the test names (their servant decks'
order) and stand on one battlefield; seat 0 (Illya, 8 mana) takes command spell Use A for 12 before moving.
"""

from __future__ import annotations

from typing import Any

from tests.grail_war.helpers import GAME, act, legal, place_all, spoils, start

FIVE = ["illya", "rin", "kirei", "shirou", "kuzuki"]
OTHERS = ["saber", "archer", "berserker", "lancer", "rider", "caster"]


def duel(servants: list[str], hands: list[list[str]], place: str = "miyama", other: str | None = None,
         masters: list[str] | None = None) -> Any:
    """Seats 0 and 1 at ``place`` (``other`` for seat 1; seat 0 places first), the others at the Workshop;
    seat 0 has used Use A (12 mana) and stayed: it is at its battle preparation."""
    rest = [s for s in OTHERS if s not in servants]
    state = start(5, masters=masters or FIVE, servants=[*servants, *rest][:5],
                  decks={seat: hand for seat, hand in enumerate(hands)})
    state = place_all(state, place, other or place, "workshop", "workshop", "workshop")
    return act(state, 0, "spell mana", "stay")


def end(state: Any, seat: int) -> Any:
    """End ``seat``'s preparation (``done`` if it waits for it) and its action (``next``)."""
    for text in ("done", "next"):
        if GAME.to_act(state) == (seat,) and text in legal(state, seat):
            state = act(state, seat, text)
    return state


def finish(state: Any, after: int = 1) -> Any:
    """The other seats' turns (stay, face down), through the battle."""
    from tests.grail_war.helpers import turn
    while state.round == 1 and GAME.to_act(state):
        state = turn(state)
    return state


def power(state: Any, seat: int) -> int:
    """``seat``'s total power as the table shows it."""
    value = GAME.view(state, None)["players"][seat]["power"]
    assert value is not None
    return int(value)


def battle_line(state: Any, place: str = "Miyama") -> str:
    return next(e.text for e in GAME.events(state) if e.kind == "battle" and place in e.text)


def test_saber_nullifies_strength() -> None:
    """DGW-S01, DGW-S02, DGW-S03: 風王結界 makes opponents' 筋力 cards there power 0 in the battle (対決時)."""
    state = duel(["saber", "berserker"], [["saber_01"], ["berserker_01", "berserker_03"]])
    state = act(state, 0, "play invisible_air up", "play saber_01 up", "next")
    state = end(act(state, 1, "stay", "play berserker_01 up", "play berserker_03 up"), 1)
    assert power(state, 1) == 6 + 5 + 1
    state = finish(state)
    assert "P2 Tohsaka Rin 1" in battle_line(state)  # the +1 token only


def test_dgw_s03_nullify_spares_its_owners_cards() -> None:
    """DGW-S03: 風王結界 nullifies the *opponents'* 筋力 cards: Illya's own Saber Strength 4 #1 (筋力) keeps its 4
    after the clash, so she fights with 4 + 4 + 3 (land advantage) while Rin's two Strength cards drop to 0."""
    state = duel(["saber", "berserker"], [["saber_01"], ["berserker_01", "berserker_03"]])
    state = act(state, 0, "play invisible_air up", "play saber_01 up", "next")
    assert power(state, 0) == 4 + 4 + 3
    state = finish(end(act(state, 1, "stay", "play berserker_01 up", "play berserker_03 up"), 1))
    assert "P1 Illyasviel von Einzbern 11, P2 Tohsaka Rin 1 " in battle_line(state)
    assert not [e for e in GAME.events(state) if e.kind == "power" and "P1 " in e.text.split(":")[0]]


def test_archer_ubw_and_caladbolg() -> None:
    """DGW-S04, DGW-S05, DGW-S06: 無限の剣製 takes the whole deck into hand; 偽・螺旋剣 triples land advantage."""
    state = duel(["archer", "saber"], [["archer_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play unlimited_blade_works up", "play archer_01 up")
    assert GAME.view(state, 1)["players"][0]["hand"] == 12 - 1 and GAME.view(state, 1)["players"][0]["deck"] == 0
    state = duel(["archer", "saber"], [["archer_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play caladbolg up", "play archer_01 up")
    assert power(state, 0) == 4 + 2 + 3 * 3


def test_rider_bellerophon_takes_land_advantage() -> None:
    """DGW-S14, DGW-S15, DGW-S16, DGW-S17: 騎英の手綱 moves Rider anywhere, then takes every land advantage token
    of that battlefield, even from another player, whose power drops."""
    state = duel(["rider", "saber"], [["rider_01"], ["saber_01", "saber_02"]], place="shinto", other="miyama")
    state = act(state, 0, "play bellerophon up", "play rider_01 up")
    assert "goto miyama" in legal(state) and "goto workshop" in legal(state)
    state = act(state, 0, "goto miyama")
    view = GAME.view(state, 2)
    assert view["players"][0]["location"] == "miyama" and view["tokens"]["miyama3"] == 0
    assert power(state, 0) == 8 + 5 + 3 + 1  # both of Miyama's tokens, the free +1 too
    taken = [e.text for e in GAME.events(state) if "land advantage of Miyama" in e.text]
    assert len(taken) == 2 and "takes the +3" in taken[0] and taken[0].endswith("from P2 Tohsaka Rin")  # P2's
    lines = [e for e in GAME.events(state) if "land advantage of Miyama" in e.text]
    assert all(e.kind == "effect" and e.text.startswith("P1 Illyasviel von Einzbern takes") for e in lines)
    assert "takes the +1" in taken[1] and " from " not in taken[1]  # nobody held it
    state = end(act(end(state, 0), 1, "stay", "play saber_01 up", "play saber_02 up"), 1)
    assert power(state, 1) == 4 + 4  # no token left to it


def test_caster_rule_breaker() -> None:
    """DGW-S11, DGW-S12, DGW-S13, DGW-G17: 破戒すべき全ての符 on a rival there with 1 command spell (Rin used one of
    her 2): it loses, its command spells drop to 0, it can play no more cards, and the user gets +10 power. The
    choice is typed with the seat number the table prints: the menu's "Target P1" is ``target 1``."""
    state = start(5, masters=["rin", "illya", "kirei", "shirou", "shinji"],
                  servants=["saber", "caster", "berserker", "lancer", "rider"],
                  decks={0: ["saber_01", "saber_02", "saber_03"], 1: ["caster_08", "caster_09", "caster_07"]})
    state = place_all(state, "miyama", "miyama", "workshop", "workshop", "workshop")
    state = act(state, 0, "spell mana", "stay", "play saber_01 down", "play saber_02 down", "done", "next")
    assert state.players[0].command_spells == 1
    state = act(state, 1, "stay", "play rule_breaker up", "play caster_08 down")
    assert legal(state) == ["target 1"]
    assert GAME.describe(state, 1, GAME.parse_action(state, 1, "target 1")).startswith("Target P1 ")
    state = act(state, 1, "target 1")
    rin, illya = state.players[0], state.players[1]
    assert rin.lost and rin.command_spells == 0 and rin.blocked and illya.power_bonus == 10
    assert GAME.view(state, 2)["players"][1]["power"] == 0 + 0 + 1 + 10  # cards 0, land +1, 破戒すべき全ての符 +10


def test_berserker_god_hand() -> None:
    """DGW-S18, DGW-S19, DGW-S20: 十二の試練 in a lost battle: its user gains 3, the winner 3 fewer; the card leaves
    the game."""
    state = duel(["berserker", "saber"], [["berserker_09"], ["saber_01", "saber_05"]])
    before = spoils(state)
    state = act(state, 0, "play god_hand_1 up", "play berserker_09 down", "next")
    state = end(act(state, 1, "stay", "play saber_01 up", "play saber_05 up"), 1)
    state = finish(state)
    assert [a - b for a, b in zip(spoils(state), before, strict=True)][:2] == [3, 3 + 2 - 3]
    assert {n["card"]: n["status"] for n in GAME.view(state, 2)["players"][0]["np"]}["god_hand_1"] == "removed"
    assert [line[1:] for line in _spoils_lines(state)] == [  # the winner's line says what 十二の試練 took
        ("P2 Tohsaka Rin gains 2 spoils (battle at Miyama 5 - God Hand 3): 0 → 2",
         "P2 遠坂凛が戦果2を得る（深山町の戦闘 5 - 十二の試練 3）：0 → 2"),
        ("P1 Illyasviel von Einzbern gains 3 spoils (God Hand after a lost battle): 0 → 3",
         "P1 イリヤスフィール・フォン・アインツベルンが戦果3を得る（敗北した戦闘の十二の試練）：0 → 3")]


def test_assassin_agility() -> None:
    """DGW-S22: most Assassin attack cards are 敏捷."""
    cat = GAME.catalog()
    own = [cat.cards[c] for c in cat.decks["assassin"] if cat.owner.get(c) == "assassin"]
    assert sum("agility" in c.attributes for c in own) > len(own) / 2


def test_gilgamesh_and_true_assassin() -> None:
    """DGW-S25, DGW-S26, DGW-S27, DGW-S28, DGW-S29: 王の財宝 doubles land advantage; 自己改造 hides the name
    again and gains 2."""
    state = duel(["gilgamesh", "saber"], [["gilgamesh_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play gate_of_babylon up", "play gilgamesh_01 up")
    assert power(state, 0) == 4 + 5 + 2 * 3
    state = duel(["true_assassin", "saber"], [["true_assassin_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play self_modification up", "play true_assassin_01 up")
    assert not GAME.view(state, 1)["players"][0]["revealed"] and state.players[0].spoils == 2
    hidden = [e for e in GAME.events(state) if e.text.endswith("hides the true name again")]
    assert len(hidden) == 1 and hidden[0].kind == "effect" and hidden[0].text.startswith("P1 Illyasviel von Einzbern: ")


def test_shared_luck_cancels_losing() -> None:
    """幸運 (facts, shared special cards): cancels the effects that would make its user lose this battle
    (刺し穿つ死棘の槍 on the only rival)."""
    state = duel(["saber", "lancer"], [["luck", "saber_01"], ["lancer_08", "lancer_09"]])
    state = act(state, 0, "play luck up", "play saber_01 up", "next")
    state = end(act(state, 1, "spell mana", "stay", "play gae_bolg_thrust up", "play lancer_08 down"), 1)
    state = finish(state)
    assert not state.players[0].lost
    luck = [e for e in GAME.events(state) if "is protected by Luck" in e.text]
    assert len(luck) == 1 and luck[0].data["seat"] == 0  # the line belongs to the seat it protects
    assert luck[0].text.startswith("P1 Illyasviel von Einzbern is protected by Luck from ")
    assert "P1 Illyasviel von Einzbern wins" in battle_line(state)


def test_kirei_executor_bonus() -> None:
    """DGW-M26: Kirei's servant revealed (約束された勝利の剣, 真名解放) gives +2 total power."""
    state = duel(["saber", "berserker"], [["saber_01"], ["berserker_08", "berserker_09"]],
                 masters=["kirei", "rin", "illya", "shirou", "kuzuki"])
    state = act(state, 0, "play excalibur up", "play saber_01 down")
    assert GAME.view(state, 1)["players"][0]["revealed"]
    assert power(state, 0) == 12 + 0 + 3 + 2
    assert any("Executor: 2" in e.text for e in GAME.events(state))


def test_dgw_s23_second_sword_silences_the_cards_played_after_it_at_its_battlefield() -> None:
    """DGW-S21, DGW-S23 (二の太刀, on use: the cards the other players here play afterwards have no 使用時 or 対決時
    effects): Assassin uses 二の太刀 at Miyama; Lancer then plays 刺し穿つ死棘の槍 there, which would make the only
    rival lose (see the 幸運 test), and Assassin does not lose."""
    state = duel(["assassin", "lancer"], [["assassin_08"], ["lancer_08", "lancer_09"]])
    state = end(act(state, 0, "play second_sword up", "play assassin_08 up"), 0)
    state = end(act(state, 1, "spell mana", "stay", "play gae_bolg_thrust up", "play lancer_08 down"), 1)
    state = finish(state)
    assert not state.players[0].lost
    assert not any("is made to lose" in e.text for e in GAME.events(state))


def _spoils_lines(state: Any) -> list[tuple[tuple[str, ...], str, str]]:
    """The last step's spoils lines: (clauses, English, Japanese)."""
    return [(e.clauses, e.render("en"), e.render("ja")) for e in GAME.events(state) if "spoils" in e.data]


def test_zabaniya_doubles_the_spoils_before_the_battle_and_says_so() -> None:
    """DGW-S28: 妄想心音 used face up (the true name still hidden), then 自己改造 (+2 spoils, hidden again): the
    win at Miyama first doubles the 2 spoils, on a line of its own that names the card in each language and
    cites DGW-S28, then adds the battle's 5."""
    state = duel(["true_assassin", "saber"], [["true_assassin_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play zabaniya up", "play self_modification up", "next")
    assert spoils(state)[0] == 2
    state = finish(state)
    assert spoils(state)[0] == 2 * 2 + 5
    assert _spoils_lines(state) == [
        (("DGW-S28",), "P1 Illyasviel von Einzbern gains 2 spoils (Zabaniya doubles the spoils before this "
                       "battle's): 2 → 4",
         "P1 イリヤスフィール・フォン・アインツベルンが戦果2を得る（妄想心音でこの戦闘の戦果の前に戦果を2倍）：2 → 4"),
        (("DGW-094",), "P1 Illyasviel von Einzbern gains 5 spoils (battle at Miyama): 4 → 9",
         "P1 イリヤスフィール・フォン・アインツベルンが戦果5を得る（深山町の戦闘）：4 → 9")]


def test_a_win_says_each_part_of_its_spoils() -> None:
    """DGW-094, DGW-088, DGW-RUL-25, 遠隔操作 (facts, shared special cards): the winner's spoils line adds up the
    battle's 5, the command spell's 2 and 遠隔操作's 2, each named in both languages."""
    state = duel(["saber", "archer"], [["remote_control", "saber_01"], ["archer_01", "archer_02"]])
    state = act(state, 0, "play remote_control up", "play saber_01 up", "spell power", "next")
    state = finish(state)
    assert _spoils_lines(state) == [
        (("DGW-094",), "P1 Illyasviel von Einzbern gains 9 spoils (battle at Miyama 5 + command spell x1 2 + "
                       "Remote Control 2): 0 → 9",
         "P1 イリヤスフィール・フォン・アインツベルンが戦果9を得る（深山町の戦闘 5 + 令呪×1 2 + 遠隔操作 2）：0 → 9")]  # noqa: RUF001


def test_the_power_line_says_each_part_and_cites_its_clauses() -> None:
    """DGW-079, DGW-RUL-16, DGW-088: with Use B taken before the cards, the first power line names each part
    (the cards, the land advantage, the command spell) in both languages and cites DGW-079 and DGW-RUL-16; 遠隔操作's
    doubled land advantage follows on a line of its own."""
    state = duel(["saber", "archer"], [["remote_control", "saber_01"], ["archer_01", "archer_02"]])
    state = act(state, 0, "spell power", "play remote_control up", "play saber_01 up")
    lines = [(e.clauses, e.render("en"), e.render("ja")) for e in GAME.events(state) if e.kind == "power"]
    assert lines == [
        (("DGW-079", "DGW-RUL-16"), "P1 Illyasviel von Einzbern: total power 11 at Miyama (Remote Control: 2, Saber "
                                    "Strength 4 #1: 4, land advantage: 3, command spell x1: 2)",
         "P1 イリヤスフィール・フォン・アインツベルン：深山町で合計パワー11"
         "（遠隔操作：2、セイバー 筋力 4 #1：4、地の利：3、令呪×1：2）"),  # noqa: RUF001
        (("DGW-079", "DGW-RUL-16"), "P1 Illyasviel von Einzbern: total power 11 → 14 (P1 Illyasviel von Einzbern's "
                                    "Remote Control (on use))",
         "P1 イリヤスフィール・フォン・アインツベルン：合計パワー11 → 14"
         "（P1 イリヤスフィール・フォン・アインツベルンの遠隔操作（使用時））")]


def test_ubw_residual_plays_up_to_four_draws_none_and_returns_when_the_hand_is_empty() -> None:
    """DGW-S05, DGW-S06, DGW-077: after 無限の剣製 (round 1) Illya holds her whole deck (11 in round 2) and, from the
    next round, may use up to 4 cards and draws none in preparation: 4 face down in round 2 (7 left), 4 in round
    3 (3 left), her last 3 in round 4; at round 5's preparation, her hand empty, the card returns beside the
    servant tarot, on a line that says so in both languages and cites DGW-S06."""
    from tests.grail_war.helpers import place_all, turn
    from tests.grail_war.test_view import whole_deck_in_hand
    state = whole_deck_in_hand()
    hands: dict[int, int] = {}
    returned: list[tuple[int, tuple[str, ...], str, str]] = []
    while not returned:
        seat = GAME.to_act(state)[0]
        if state.step == "place":
            hands[state.round] = len(state.players[0].hand)
            state = place_all(state, *["miyama"] * 7)
        elif seat == 0 and state.stage == "prepare":
            downs = [o for o in legal(state, 0) if o.endswith(" down")]
            state = act(state, 0, downs[0] if downs else "done")
        elif seat == 0:
            state = act(state, 0, next(o for o in ("stay", "next") if o in legal(state, 0)))
        else:
            state = turn(state)
        returned = [(state.round, e.clauses, e.render("en"), e.render("ja")) for e in GAME.events(state)
                    if e.kind == "effect" and "returns beside" in e.render("en")]
    assert hands == {3: 7, 4: 3}  # no draw while residual; 4 cards a round
    assert returned == [(5, ("DGW-S06",), "P1 Illyasviel von Einzbern: Unlimited Blade Works returns beside the "
                                          "servant tarot",
                         "P1 イリヤスフィール・フォン・アインツベルン：無限の剣製がサーヴァントタロットの隣に戻る")]
    assert state.players[0].np["unlimited_blade_works"] == "up"


def test_independent_action_pays_three_on_use_and_says_so() -> None:
    """DGW-S25: 単独行動 used face up gains 3 spoils at once, on a line that names the card in both languages and
    cites DGW-S25 (then the win at Miyama adds its 5)."""
    state = duel(["gilgamesh", "saber"], [["gilgamesh_01"], ["saber_01", "saber_02"]])
    state = act(state, 0, "play independent_action up", "play gilgamesh_01 up")
    assert _spoils_lines(state) == [
        (("DGW-S25",), "P1 Illyasviel von Einzbern gains 3 spoils (Independent Action (on use)): 0 → 3",
         "P1 イリヤスフィール・フォン・アインツベルンが戦果3を得る（単独行動（使用時））：0 → 3")]
    state = finish(act(state, 0, "next"))
    assert spoils(state)[0] == 3 + 5


def test_independent_action_only_in_the_top_half_of_the_spoils() -> None:
    """DGW-S25 (単独行動: usable only in the top half of the spoils ranking, rounded down): 5 players, round 2, Illya
    (Gilgamesh) with 0 spoils at Shinto: with one master ahead (Rin's 3 from Miyama) she is in the top half and may
    use it; with two ahead (Kuzuki's Tranquility too) she is not."""
    from tests.grail_war.helpers import turn
    offered = []
    for fifth in ("shinji", "kuzuki"):
        state = start(5, masters=["illya", "rin", "kirei", "shirou", fifth],
                      servants=["gilgamesh", "saber", "archer", "lancer", "rider"])
        state = place_all(state, "workshop", "miyama", "workshop", "workshop", "workshop")
        while state.round == 1:
            state = turn(state)
        while state.step == "place":
            seat = GAME.to_act(state)[0]
            state = GAME.apply(state, seat, "place shinto" if seat == 0 else "place workshop")
        while GAME.to_act(state) != (0,):
            state = turn(state)
        state = act(state, 0, "stay")
        assert state.players[0].mana >= 8 and state.players[0].spoils == 0
        ahead = sum(1 for p in state.players if p.spoils > 0)
        offered.append((ahead, "play independent_action up" in legal(state, 0)))
    assert offered == [(1, True), (2, False)]
