"""One package per game. ``BUILTIN`` maps each game id to its game object."""

BUILTIN: dict[str, str] = {
    "swordplay": "bouts.games.swordplay:GAME",
}
