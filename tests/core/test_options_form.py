"""The lobby's option forms: help in words a player reads, never the checklists' clause ids (issue 24)."""

from __future__ import annotations

import pytest

from bouts.core.clauses import CLAUSE_ID
from bouts.core.i18n import use_lang
from bouts.core.options import in_words
from bouts.core.registry import game_ids, get_game


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", game_ids())
def test_every_options_help_in_the_form_is_words_without_clause_ids(game_id: str, lang: str) -> None:
    game = get_game(game_id)
    with use_lang(lang):
        form = game.options_form()
        terminal = game.options_help()
    for control in form:
        assert control["help"].strip(), control["name"]
        assert not CLAUSE_ID.search(control["help"]), (control["name"], control["help"])
        # the same help the terminal prints, less only its clause ids
        assert control["help"] == in_words(terminal.get(control["name"], ""))


def test_grail_wars_rulings_keep_their_meaning_without_their_ids() -> None:
    with use_lang("en"):
        form = {c["name"]: c["help"] for c in get_game("grail_war").options_form()}
        terminal = get_game("grail_war").options_help()
    assert terminal["npc_counts_for_contested_bonus"].startswith("DGW-RUL-13")
    assert form["npc_counts_for_contested_bonus"].startswith("beating only the NPC is contested")


def test_options_of_plain_scalars_are_validated_once_and_refused_every_time() -> None:
    """Options of plain scalars are validated once and the frozen model shared; the value's type is part of what
    is remembered (``1`` is not ``True``), and options that fail are refused again on every call."""
    from bouts.core.contract import OptionsError
    from bouts.core.options import validate_options
    from bouts.games.sao.options import SaoOptions

    first = validate_options(SaoOptions, {"difficulty": "easy", "turn_limit": 5})
    assert validate_options(SaoOptions, {"turn_limit": 5, "difficulty": "easy"}) is first
    assert validate_options(SaoOptions, None) is validate_options(SaoOptions, {})
    assert validate_options(SaoOptions, {}).difficulty == "normal"
    assert validate_options(SaoOptions, {"character_dice": True}).character_dice is True
    assert validate_options(SaoOptions, {"turn_limit": 1}).turn_limit == 1  # remembered: True must not find it
    for _ in range(2):
        with pytest.raises(OptionsError):
            validate_options(SaoOptions, {"turn_limit": 0})
        with pytest.raises(OptionsError):
            validate_options(SaoOptions, {"turn_limit": True})
        with pytest.raises(OptionsError):
            validate_options(SaoOptions, {"no_such_option": 1})
