"""The advisor against brute force on small cases (exact assignment and exact reroll values)."""

from __future__ import annotations

import itertools
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st
from sao_helpers import GAME, act, roll, start

from bouts.games.sao.actions import Act
from bouts.games.sao.advisor import advise_pool, best_assignment, hint_lines, reroll_advice
from bouts.games.sao.cards import FACE, SYMBOL, SwordSkill, reference_catalog
from bouts.games.sao.skills import Modifiers, triggers

CAT = reference_catalog()
REGULAR = (1, 2, 3, 4, 5, 6)
KIRITO_DIE = CAT.characters["kirito"].die_codes
ASUNA_DIE = CAT.characters["asuna"].die_codes
SKILL_SETS = [
    list(CAT.characters["kirito"].skills[:3]),
    list(CAT.characters["asuna"].skills[:4]),
    list(CAT.characters["klein"].skills[:3]),
    list(CAT.characters["agil"].skills[:3]),
]


def brute_assignment(dice, skills, mods, full=False):
    """Every labelling of dice with a group number (0 = unused): the best legal total."""
    n = len(dice)
    best = None
    for labels in itertools.product(range(n + 1), repeat=n):
        if full and 0 in labels:
            continue
        groups: dict[int, list[int]] = {}
        for d, g in zip(dice, labels, strict=True):
            if g:
                groups.setdefault(g, []).append(d)
        total = 0
        for group in groups.values():
            values = [mods.dealt(s) for s in skills if triggers(s, group)]
            if not values:
                break
            total += max(values)
        else:
            best = total if best is None else max(best, total)
    return best


dice_codes = st.lists(st.sampled_from([1, 2, 3, 4, 5, 6, FACE, SYMBOL]), min_size=1, max_size=5)


@settings(max_examples=60, deadline=None)
@given(dice=dice_codes, which=st.integers(0, 3), defense=st.sampled_from([0, 3, 6]),
       boost=st.sampled_from([None, "+2", "x2"]))
def test_best_assignment_matches_brute_force(dice, which, defense, boost):
    skills = SKILL_SETS[which]
    mods = Modifiers(defense=defense, boost=boost)
    advice = best_assignment(dice, skills, mods)
    assert advice.damage == brute_assignment(dice, skills, mods)
    full = brute_assignment(dice, skills, mods, full=True)
    assert advice.can_switch == (full is not None)
    if full is not None:
        assert advice.best_switch is not None and advice.best_switch.damage == full
    # the groups really trigger their skills and use each die once
    by_id = {s.id: s for s in skills}
    used = sorted(d for _, g in advice.best.groups for d in g)
    assert all(triggers(by_id[k], g) for k, g in advice.best.groups)
    assert not (set(used) - set(dice)) and len(used) <= len(dice)


def brute_value(pool, skills, mods, left, remaining, switch_value, loss=0):
    """Expected objective under optimal play, by enumerating ordered outcomes of every reroll subset;
    ``loss`` is subtracted when the counterattack is not avoided (no Switch)."""

    @cache
    def final(codes):
        a = best_assignment(codes, skills, mods)
        options = [a.best] + ([a.best_switch] if a.best_switch else [])
        return max(min(x.damage, remaining) + (switch_value if x.switch else -loss) for x in options)

    @cache
    def value(state, r):
        best = final(tuple(sorted(c for _, c in state)))
        if r == 0:
            return best
        n = len(state)
        for mask in range(1, 1 << n):
            idx = [i for i in range(n) if mask >> i & 1]
            faces = [state[i][0] for i in idx]
            total = 0.0
            for outcome in itertools.product(range(6), repeat=len(idx)):
                new = list(state)
                for i, f, o in zip(idx, faces, outcome, strict=True):
                    new[i] = (f, f[o])
                total += value(tuple(new), r - 1)
            best = max(best, total / 6 ** len(idx))
        return best

    return value(tuple(pool), left)


@settings(max_examples=12, deadline=None)
@given(values=st.lists(st.integers(1, 6), min_size=3, max_size=3), which=st.integers(0, 3),
       remaining=st.sampled_from([3, 6, 40]), char=st.booleans())
def test_reroll_advice_matches_brute_force_one_reroll(values, which, remaining, char):
    pool = [(REGULAR, v) for v in values]
    if char:
        pool[0] = (KIRITO_DIE, KIRITO_DIE[values[0] - 1])
    skills, mods = SKILL_SETS[which], Modifiers()
    ranked = advise_pool(pool, skills, mods, 1, remaining, 3)
    assert abs(ranked[0].outlook.value - brute_value(pool, skills, mods, 1, remaining, 3)) < 1e-9
    assert ranked == sorted(ranked, key=lambda c: -c.outlook.value)


def test_reroll_advice_matches_brute_force_two_rerolls():
    pool = [(REGULAR, 1), (ASUNA_DIE, SYMBOL), (REGULAR, 5)]
    for skills in (SKILL_SETS[0], SKILL_SETS[1]):
        ranked = advise_pool(pool, skills, Modifiers(), 2, 40, 3)
        assert abs(ranked[0].outlook.value - brute_value(pool, skills, Modifiers(), 2, 40, 3)) < 1e-9
        # every listed choice's value is the brute-force value of that choice followed by best play
        for choice in ranked[:4]:
            if not choice.dice:
                continue
            total = 0.0
            for outcome in itertools.product(range(6), repeat=len(choice.dice)):
                new = list(pool)
                for i, o in zip(choice.dice, outcome, strict=True):
                    new[i] = (pool[i][0], pool[i][0][o])
                total += brute_value(new, skills, Modifiers(), 1, 40, 3)
            assert abs(choice.outlook.value - total / 6 ** len(choice.dice)) < 1e-9


def test_probabilities_are_exact_fractions():
    """Switch and finish probabilities of 'reroll everything' for one die: exact sixths."""
    spike = SwordSkill(id="s", name="S", pattern="equal", size=1, values=(6,), damage=1, stand_in=True)
    ranked = advise_pool([(REGULAR, 1)], [spike], Modifiers(), 1, 1, 5)
    reroll = next(c for c in ranked if c.dice == (0,))
    assert abs(reroll.outlook.switch - 1 / 6) < 1e-12 and abs(reroll.outlook.finish - 1 / 6) < 1e-12
    assert abs(reroll.outlook.damage - 1 / 6) < 1e-12


def test_reroll_advice_in_a_game_and_hint_lines():
    """reroll_advice reads the state (rerolls left, skills, step); hint_lines only for the roll decision."""
    s = roll(start(2), 2, 3, 6, 1, 2, 3)
    advice = reroll_advice(s)
    assert advice[0].outlook.value >= max(c.outlook.value for c in advice)
    assert any(not c.dice for c in advice)
    lines = hint_lines(s, 0, top=3)
    assert len(lines) >= 3 and lines[0].startswith("1. ") and "Switch" in lines[0]
    assert hint_lines(s, 1) == []  # not seat 1's decision
    assert hint_lines(act(s, "finalize"), 0) == []
    s2 = roll(act(roll(act(s, "reroll 1"), 2), "reroll 1"), 2)
    assert all(not c.dice for c in reroll_advice(s2))  # no rerolls left: only finalize


@settings(max_examples=10, deadline=None)
@given(values=st.lists(st.integers(1, 6), min_size=3, max_size=3), which=st.integers(0, 3),
       remaining=st.sampled_from([3, 40]))
def test_lethal_counterattack_objective_matches_brute_force(values, which, remaining):
    """The advisor's objective is the player's: when the counterattack would lose the game, every plan is
    valued with the loss (LOSS) unless it Switches: exact against brute force, and the ranking puts the
    probability of not losing first."""
    from bouts.games.sao.advisor import LOSS

    pool = [(REGULAR, v) for v in values]
    skills = SKILL_SETS[which]
    ranked = advise_pool(pool, skills, Modifiers(), 1, remaining, 3, loss=LOSS)
    assert abs(ranked[0].outlook.value - brute_value(pool, skills, Modifiers(), 1, remaining, 3, LOSS)) < 1e-6
    assert ranked[0].outlook.safe >= max(c.outlook.safe for c in ranked) - 1e-9
    for c in ranked:
        assert abs(c.outlook.safe - c.outlook.switch) < 1e-9  # outside the final ordeal only a Switch saves


def lethal_turn():
    """Kirito (2 HP left) and Asuna on the Ambush (3 damage, AoE); the dice 4 4 5 | 2 2 6, no rerolls left."""
    s = roll(start(2), 4, 4, 5, 2, 2, 6)
    s.characters[0].damage = s.hp(0) - 2
    s.rerolls_used = 2
    return s


def test_lethal_hint_warns_and_includes_dual_edge_that_guarantees_the_switch():
    """A counterattack that would kill loses the game (SAO-114): the hint says so, and Dual edge turning the
    5 into a 6 (a certain Switch) comes first with its survival chance; the finalize line warns."""
    from bouts.games.sao.game import Sao

    s = lethal_turn()
    lines = hint_lines(s, 0)
    assert lines[0].startswith("LETHAL") and "Kirito (2 HP)" in lines[0]
    assert "finalizing now: survive 0%" in lines[1]  # finalizing as they lie loses
    edge = [line for line in lines if "[ability kirito edge 3 6]" in line]
    assert edge and edge[0] == lines[1] and "survive 100%" in edge[0] and "Switch 100%" in edge[0]
    assert str(Sao().recommend(s, 0)[0]) == "ability kirito edge 3 6"  # Enter takes what the hint says
    menu = {str(a): Sao().describe(s, 0, a) for a in Sao().legal_actions(s, 0)}
    assert "LETHAL" in menu["finalize"]
    view = Sao().view(s, 0)
    assert [k["en"] for k in view["counterattack"]["kills"]] == ["Kirito"] and "LETHAL" in Sao().render(view)


def test_heuristic_takes_the_life_saving_ability_when_the_counterattack_is_lethal():
    """The heuristic follows the same objective: Dual edge for the certain Switch, then every die used."""
    import random

    from bouts.games.sao.game import Sao
    from bouts.games.sao.strategy import choose

    s = lethal_turn()
    game = Sao()
    choice = choose(game, s, 0, random.Random(0))
    assert str(choice) == "ability kirito edge 3 6"
    s = act(act(s, str(choice)), "finalize")
    while s.pending[-1].kind == "assign":
        s = game.apply(s, 0, choose(game, s, 0, random.Random(0)))
    assert s.result is None and s.characters[0].damage == s.hp(0) - 2  # the Switch: no counterattack


def test_lethal_assign_prefers_the_switch_over_damage():
    """At the assign step the heuristic takes a Switch over more damage when the counterattack would kill."""
    import random

    from bouts.games.sao.game import Sao
    from bouts.games.sao.strategy import choose

    game = Sao()
    s = roll(start(2), 4, 4, 6, 2, 2, 6)  # 44 22 66: all pairs (12 damage) or spikes; every die usable
    s.characters[0].damage = s.hp(0) - 2
    s = act(s, "finalize")
    while s.pending and s.pending[-1].kind == "assign":
        s = game.apply(s, 0, choose(game, s, 0, random.Random(0)))
    assert s.result is None and any(e.kind == "switch" for e in s.events)


def test_reroll_choices_are_the_first_mask_of_each_distinct_reroll() -> None:
    """The advisor lists one reroll per distinct (dice kept, dice rerolled), the first in mask order (die ``i`` is
    bit ``i``), as trying every mask does: on random pools of 1-8 dice with repeated codes and several kinds."""
    import random

    from bouts.games.sao.advisor import _distinct_rerolls

    def every_mask(encoded: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
        n = len(encoded)
        seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        out = []
        for mask in range(1, 1 << n):
            picked = tuple(i for i in range(n) if mask >> i & 1)
            kept = tuple(sorted(encoded[i] for i in range(n) if not mask >> i & 1))
            rolled = tuple(sorted(encoded[i] >> 4 for i in picked))
            if (kept, rolled) not in seen:
                seen.add((kept, rolled))
                out.append((picked, kept, rolled))
        return out

    rng = random.Random(7)
    for _ in range(2000):
        n = rng.randint(1, 8)
        encoded = tuple(rng.randint(0, 2) << 4 | rng.randint(1, 6) for _ in range(n))
        assert _distinct_rerolls(encoded) == every_mask(encoded)


def test_kept_reroll_choices_are_those_of_the_pool() -> None:
    """The rerolls kept per pattern of equal dice (what the heuristic reads) are exactly the pool's own, codes and
    kinds mapped back from the ranks: on random pools of 1-8 dice with repeated codes and several kinds."""
    import random

    from bouts.games.sao.advisor import _distinct_rerolls, _distinct_rerolls_of

    rng = random.Random(11)
    for _ in range(2000):
        n = rng.randint(1, 8)
        encoded = tuple(rng.randint(0, 2) << 4 | rng.randint(1, 6) for _ in range(n))
        assert _distinct_rerolls_of(encoded) == tuple(_distinct_rerolls(encoded))


def test_the_heuristics_reroll_is_the_advisors_first_choice() -> None:
    """``best_reroll`` (the heuristic's roll decision) is the choice ``reroll_advice`` ranks first, ties included,
    at every roll decision of seeded heuristic games, for every lookahead."""
    import random

    import bouts
    from bouts.core import CHANCE
    from bouts.games.sao import strategy
    from bouts.games.sao.advisor import best_reroll

    game = bouts.game("sao")
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.setup(2 + seed % 3, {}, None, seed)
        while game.to_act(state) and checked < 400:
            seat = game.to_act(state)[0]
            if seat != CHANCE and state.pending[-1].kind == "roll_window":
                for lookahead in (1, None):
                    assert best_reroll(state, lookahead) == reroll_advice(state, lookahead)[0]
                checked += 1
            action = game.sample_chance(state, rng) if seat == CHANCE else strategy.choose(game, state, seat, rng)
            state = game.apply(state, seat, action)
    assert checked > 50


def test_each_reroll_menu_line_shows_the_outlook_of_the_equal_ranked_choice() -> None:
    """A reroll's menu line names its exact outlook (SAO-059, SAO-RUL-04): its own when the advisor ranks it, else
    that of the ranked reroll of the same dice values (two dice showing 2 are equal choices); finalizing too."""
    from bouts.games.sao.advisor import outlook_text, roll_options

    s = roll(start(2), 2, 2, 6, 1, 2, 3)
    menu = {a: GAME.describe(s, 0, a) for a in GAME.legal_actions(s, 0)}
    ranked = {str(o.action): o for o in roll_options(s, 0)}
    values = [d.value for d in s.pool]
    for action, line in menu.items():
        if action.verb not in ("reroll", "finalize"):
            continue
        wanted = sorted(values[int(n) - 1] for n in action.args)
        equal = [o for o in ranked.values() if o.action.verb == action.verb
                 and sorted(values[int(n) - 1] for n in o.action.args) == wanted]
        assert equal, action
        assert line.endswith(": " + outlook_text(s, equal[0].outlook)), (action, line)
    # "reroll 2" rerolls a die showing 2, as the ranked "reroll 1" does
    assert "reroll 2" not in ranked and "reroll 1" in ranked
    assert menu[Act.parse("reroll 2")].split(": ", 1)[1] == menu[Act.parse("reroll 1")].split(": ", 1)[1]


PIERCING_SET = [
    SwordSkill(id="pair", name="Pair", pattern="equal", size=2, damage=8, stand_in=True),
    SwordSkill(id="pierce", name="Pierce", pattern="equal", size=1, values=(1,), damage=3, piercing=3, stand_in=True),
    SwordSkill(id="lance", name="Lance", pattern="equal", size=1, values=(6,), damage=5, piercing=6, stand_in=True),
]


def brute_added_up(dice, skills, mods):
    """SAO-122, SAO-RUL-29 by enumeration: every labelling of dice into groups and every triggered skill per group;
    the turn deals the separate total (Defense per skill) or the added-up one (Defense once, none if every skill in
    it pierces), whichever is more."""
    n = len(dice)
    best = 0
    for labels in itertools.product(range(n + 1), repeat=n):
        groups: dict[int, list[int]] = {}
        for d, g in zip(dice, labels, strict=True):
            if g:
                groups.setdefault(g, []).append(d)
        choices = [[s for s in skills if triggers(s, group)] for group in groups.values()]
        if not all(choices):
            continue
        for picked in itertools.product(*choices):
            separate = sum(mods.dealt(s) for s in picked)
            added = sum(mods.boosted(s) for s in picked)
            if picked and not all(mods.pierces(s) for s in picked):
                added = max(0, added - mods.defense)
            best = max(best, separate, added)
    return best


@settings(max_examples=80, deadline=None)
@given(dice=st.lists(st.sampled_from([1, 2, 3, 4, 5, 6]), min_size=1, max_size=5),
       which=st.integers(0, 4), defense=st.sampled_from([0, 2, 3, 6]), boost=st.sampled_from([None, "+2", "x2"]))
def test_adding_up_in_the_final_battle_matches_brute_force(dice, which, defense, boost):
    """SAO-122, SAO-RUL-29: the final battle's best turn, skills added up or not, equals the enumeration (with
    skills that pierce some Defenses and not others)."""
    skills = [*SKILL_SETS, PIERCING_SET][which]
    mods = Modifiers(defense=defense, boost=boost)
    advice = best_assignment(dice, skills, mods, add_up=True)
    assert advice.damage == brute_added_up(dice, skills, mods)
    assert advice.damage >= best_assignment(dice, skills, mods).damage


def test_reroll_splits_are_the_distinct_rerolls() -> None:
    """The heuristic's reroll scan (``_reroll_splits``: counts of equal dice, packed arithmetically) goes through
    exactly the pool's distinct rerolls, each with its first mask in mask order, what it keeps and what it rolls:
    on random pools of 1-8 dice with repeated codes and several kinds."""
    import random

    from bouts.games.sao.advisor import _distinct_rerolls, _pack, _pack_kinds, _reroll_splits

    rng = random.Random(12)
    for _ in range(1500):
        n = rng.randint(1, 8)
        encoded = tuple(rng.randint(0, 2) << 4 | rng.randint(1, 8) for _ in range(n))
        whole = _pack(encoded)
        expected = sorted((whole - _pack(kept), _pack_kinds(rolled), len(picked), sum(1 << i for i in picked))
                          for picked, kept, rolled in _distinct_rerolls(encoded))
        assert sorted(_reroll_splits(encoded)) == expected


def test_pool_scorer_is_best_pool_outlook() -> None:
    """Scoring changed faces in one advice context (the heuristic's die changes) gives ``best_pool_outlook``'s value
    of the changed pool, to the last bit, on random pools, faces and facts."""
    import random

    from bouts.games.sao.advisor import LOSS, best_pool_outlook, pool_scorer

    rng = random.Random(13)
    for _ in range(120):
        kinds = [REGULAR, KIRITO_DIE, ASUNA_DIE]
        pool = [(faces, rng.choice(faces)) for faces in (rng.choice(kinds) for _ in range(rng.randint(1, 6)))]
        facts = (SKILL_SETS[rng.randint(0, 3)], Modifiers(defense=rng.choice([0, 3]), boost=rng.choice([None, "x2"])),
                 rng.choice([0, 1]), rng.choice([3, 10, 40]), rng.choice([-1, 0, 4]), rng.random() < 0.2,
                 rng.choice([0, LOSS]))
        score = pool_scorer(pool, *facts)
        for _ in range(5):
            codes = [rng.choice(faces) for faces, _ in pool]
            changed = [(faces, code) for (faces, _), code in zip(pool, codes, strict=True)]
            assert score(codes) == best_pool_outlook(changed, *facts).value


def test_roll_facts_kept_per_state_are_the_states_own() -> None:
    """The facts the advisor keeps per state (beside its cached legal actions) are those worked out afresh, at every
    roll decision of seeded heuristic games played in place (the search's fast path), for every lookahead."""
    import random

    import bouts
    from bouts.core import CHANCE
    from bouts.games.sao import strategy
    from bouts.games.sao.advisor import FACTS_SLOT, _arguments

    game = bouts.game("sao")
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = game.fork(game.setup(2 + seed % 2, {}, None, seed))
        while game.to_act(state) and checked < 200:
            seat = game.to_act(state)[0]
            if seat != CHANCE and state.pending[-1].kind in ("roll_window", "ability_window"):
                for lookahead in (None, 0, 1, 2):
                    kept = _arguments(state, lookahead)
                    saved = state._legal.pop(FACTS_SLOT)
                    assert _arguments(state, lookahead) == kept
                    state._legal[FACTS_SLOT] = saved
                checked += 1
            action = game.sample_chance(state, rng) if seat == CHANCE else strategy.choose(game, state, seat, rng)
            game.advance(state, seat, action)
    assert checked > 50
