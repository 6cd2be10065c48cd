"""One package per game. A game package registers itself by defining ``GAME`` in its ``__init__``."""
