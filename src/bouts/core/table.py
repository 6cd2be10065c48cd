"""What every renderer needs of a decision and of a new view, built once in the core.

- :func:`menu` lists a seat's legal actions with what a player reads (in the current language), the table
  objects each involves (:class:`bouts.core.contract.ActionParts`), its group, and whether ``hint`` recommends
  it: the browser lets a player act on the thing itself, and keeps the list as a fallback in words.
- :func:`changed_paths` marks what changed between a seat's previous view and its new one, so renderers can
  highlight it and animate what moved.

Neither is on the fast path: rollouts never call them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bouts.core.contract import Game, Seat
from bouts.core.i18n import tr


def menu(game: Game[Any, Any], state: Any, seat: Seat, *, with_hint: bool = True) -> list[dict[str, Any]]:
    """``seat``'s legal actions as a renderer shows them: text form, words, objects, group, featured, hinted.

    The featured actions come first, in the game's order; ``hint`` marks the action ``hint`` recommends.
    """
    legal = game.legal_actions(state, seat)
    if not legal:
        return []
    featured = list(game.featured_actions(state, seat))
    shown = {str(a) for a in featured}
    ordered = featured + [a for a in legal if str(a) not in shown]
    hinted = None
    if with_hint:
        found = game.recommend(state, seat)
        hinted = str(found[0]) if found is not None else None
    entries = []
    for action in ordered:
        text = str(action)
        parts = game.action_parts(state, seat, action)
        entries.append({"text": text, "label": game.describe(state, seat, action),
                        "group": tr(parts.group), "objects": list(parts.objects), "select": list(parts.select),
                        "ordered": parts.ordered, "featured": text in shown, "hint": text == hinted})
    return entries


def changed_paths(old: Any, new: Any, prefix: str = "") -> list[str]:
    """The paths (``fighters.1.life``) whose values differ between two views; a key or item that appeared or
    went is one path. Lists are compared item by item (a card added at the end changes one path).

    >>> changed_paths({"a": 1, "b": [1, 2], "c": {"x": 1}}, {"a": 2, "b": [1, 2, 3], "c": {"x": 1}})
    ['a', 'b.2']

    A subtree that compares equal (one comparison in C) is not walked, so the cost follows what changed, not
    the size of the view.
    """
    if old == new:
        return []
    if isinstance(old, Mapping) and isinstance(new, Mapping):
        paths: list[str] = []
        for key in list(old) + [k for k in new if k not in old]:
            where = f"{prefix}{key}" if not prefix else f"{prefix}.{key}"
            if key not in old or key not in new:
                paths.append(where)
            else:
                paths += changed_paths(old[key], new[key], where)
        return paths
    if isinstance(old, list) and isinstance(new, list):
        paths = []
        for index in range(max(len(old), len(new))):
            where = f"{prefix}.{index}" if prefix else str(index)
            if index >= len(old) or index >= len(new):
                paths.append(where)
            else:
                paths += changed_paths(old[index], new[index], where)
        return paths
    return [prefix]
