"""The game-independent core: contract, match, chance, events, content, options."""

from bouts.core.chance import Roll, Shuffle
from bouts.core.content import ContentError, ContentPack, Entry, load_pack
from bouts.core.contract import (
    CHANCE,
    Game,
    GameInfo,
    IllegalAction,
    OptionsError,
    Outcome,
    Seat,
    State,
    Variant,
)
from bouts.core.decisions import Decision, SealedChoices
from bouts.core.events import Event, visible
from bouts.core.match import Match, MatchFileError
from bouts.core.options import Options, parse_option_text, validate_options
from bouts.core.stepping import quiet

__all__ = [
    "CHANCE",
    "ContentError",
    "ContentPack",
    "Decision",
    "Entry",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Match",
    "MatchFileError",
    "Options",
    "OptionsError",
    "Outcome",
    "Roll",
    "SealedChoices",
    "Seat",
    "Shuffle",
    "State",
    "Variant",
    "load_pack",
    "parse_option_text",
    "quiet",
    "validate_options",
    "visible",
]
