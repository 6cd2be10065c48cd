"""The HTTP + WebSocket service: lobby, live matches, storage, seat tokens.

``bouts serve`` starts it (see :mod:`bouts.server.app`). The server is generic over
games: it drives every game through the contract and sends each seat only that
seat's ``view`` and log.
"""
