"""Per-game heuristics: module ``<game id>`` defines ``choose(game, state, seat, rng)``."""
