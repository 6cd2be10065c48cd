"""The core's value classes (actions, decisions, chance outcomes, messages) behave as the frozen dataclasses
they replaced: equal by class and fields, hashed as ``hash(tuple of fields)``, shown alike, and they pickle;
the interning helper gives one object per value. Compiled, they are native classes (tests/build)."""

from __future__ import annotations

import copy
import pickle

import pytest

from bouts.core.actions import Command, Interned
from bouts.core.chance import Roll, Shuffle
from bouts.core.decisions import Decision
from bouts.core.i18n import BOUTS, N_, Message
from bouts.games.fgo_duel.actions import Act as FgoAct
from bouts.games.grail_war.actions import Act as GrailAct
from bouts.games.grail_war.actions import act as grail_act
from bouts.games.kaleido.actions import Act as KaleidoAct
from bouts.games.kaleido.actions import act as kaleido_act
from bouts.games.sao.actions import Act as SaoAct


def test_commands_are_equal_by_class_and_words_and_hash_as_the_dataclass_did() -> None:
    a, b = FgoAct("move", ("medusa", "fuyuki_11")), FgoAct("move", ("medusa", "fuyuki_11"))
    assert a == b and a is not b and (a != b) is False
    assert hash(a) == hash(b) == hash(("move", ("medusa", "fuyuki_11")))
    assert hash(a) == hash(a)  # the kept hash, read twice
    assert a != FgoAct("move", ("medusa", "fuyuki_12")) and a != FgoAct("moved", ("medusa", "fuyuki_11"))
    # another game's action with the same words is another value, as with the dataclass (same class only)
    assert FgoAct("pass") != SaoAct("pass") and FgoAct("pass") != Command("pass") and Command("pass") != "pass"
    assert KaleidoAct("pass") == KaleidoAct("pass", ()) and hash(KaleidoAct("pass")) == hash(("pass", ()))
    assert len({a, b, SaoAct("move", ("medusa", "fuyuki_11"))}) == 2


def test_commands_show_parse_and_pickle_as_before() -> None:
    assert repr(SaoAct.parse("skill vertical_arc 0 4")) == "Act(verb='skill', args=('vertical_arc', '0', '4'))"
    assert repr(Command("finalize")) == "Command(verb='finalize', args=())"
    assert str(KaleidoAct("nominate", ("1",))) == "nominate 2"  # the subclass's own text form is kept
    for value in (FgoAct("battle", ("a/1", "b/2")), SaoAct("done"), KaleidoAct("use", ("x/1", "0"))):
        for again in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
            assert again == value and type(again) is type(value) and hash(again) == hash(value)


def test_interned_gives_one_object_per_value_with_defaults_filled() -> None:
    act = Interned(FgoAct, ())
    assert act("keep") is act("keep", ()) and act("keep") == FgoAct("keep")
    assert act("move", ("a", "b")) is act("move", ("a", "b")) and act("move", ("a", "c")) is not act("move", ("a", "b"))
    assert kaleido_act("pass") is kaleido_act("pass", ()) and type(kaleido_act("pass")) is KaleidoAct
    assert grail_act("done") is grail_act("done", None, None) is grail_act("done", None)
    assert grail_act("play", "saber/a01", "up") == GrailAct("play", "saber/a01", "up")
    with pytest.raises(TypeError):
        act("keep", args=())


def test_decisions_are_equal_hashed_and_shown_as_the_dataclass() -> None:
    d = Decision.make(1, "defend", card="x", at=2)
    assert d.data == (("at", 2), ("card", "x")) and d.get("card") == "x" and d.get("none", 5) == 5
    assert d == Decision(1, "defend", (("at", 2), ("card", "x"))) and d != Decision.make(0, "defend")
    assert hash(d) == hash((1, "defend", (("at", 2), ("card", "x"))))
    assert repr(Decision(0, "roll")) == "Decision(seat=0, kind='roll', data=())"
    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d


def test_rolls_and_shuffles_are_equal_hashed_and_shown_as_the_dataclass() -> None:
    assert Roll((2, 6)) == Roll.parse("roll 2 6") and hash(Roll((2, 6))) == hash(((2, 6),))
    assert Roll((2, 6)) != Roll((6, 2)) and Roll((1,)) != Shuffle(("1",))
    assert repr(Roll((2, 6))) == "Roll(values=(2, 6))" and repr(Shuffle(("a/1",))) == "Shuffle(order=('a/1',))"
    assert Shuffle.parse("shuffle b/1 a/1") == Shuffle(("b/1", "a/1")) and hash(Shuffle(("b",))) == hash((("b",),))
    for value in (Roll((3, 4)), Shuffle(("a/1", "b/2"))):
        assert pickle.loads(pickle.dumps(value)) == value and copy.deepcopy(value) == value


def test_a_domains_message_is_made_now_and_rendered_when_read() -> None:
    made = BOUTS.message("{who} attacks", who="Saber")
    assert made == Message("{who} attacks", {"who": "Saber"}, "bouts") and made.domain == "bouts"
    assert made.render("en") == "Saber attacks" and str(made) == "Saber attacks"
    assert BOUTS.message("no chance step is pending").args == {}
    again = pickle.loads(pickle.dumps(made))
    assert again == made and again.render("en") == made.render("en")
    assert Message.from_json(made.to_json()) == made
    assert N_("a message id") == "a message id"
