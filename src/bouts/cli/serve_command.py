"""The ``bouts serve`` command: the browser lobby and match server."""

from __future__ import annotations

from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the ``bouts`` command."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: your whole network).")]
        = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
        db: Annotated[str, typer.Option(
            "--db", help="Database: a SQLite file path, or a URL such as postgresql://user:pass@host/db.")]
        = "bouts.sqlite",
        bot_workers: Annotated[int, typer.Option(
            "--bot-workers", help="Worker processes for heuristic and IS-MCTS bots (0: threads).")] = 1,
        send_timeout: Annotated[float, typer.Option(
            "--send-timeout", help="Seconds a client may take to accept a message before it is disconnected.")]
        = 10.0,
        unload_after: Annotated[float, typer.Option(
            "--unload-after", help="Seconds an unfinished match nobody watches stays in memory (it reloads "
                                   "from the database when someone returns).")] = 300.0,
        expire_after: Annotated[float, typer.Option(
            "--expire-after", help="Seconds without a change after which a match nobody joined is deleted.")]
        = 3600.0,
    ) -> None:
        """Serve the lobby and matches to browsers: friends and bots, any game."""
        try:
            import uvicorn

            from bouts.server.app import create_app
        except ModuleNotFoundError as exc:
            raise typer.BadParameter(f"the server needs its extra packages ({exc.name}): "
                                     "pip install -e '.[web]'") from None
        shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
        print(f"bouts: open http://{shown}:{port}/ in your browser (database: {db})", flush=True)
        if min(send_timeout, unload_after, expire_after) <= 0:
            raise typer.BadParameter("--send-timeout, --unload-after and --expire-after must be above 0")
        app = create_app(db, bot_workers, send_timeout=send_timeout, unload_after=unload_after,
                         expire_after=expire_after)
        uvicorn.run(app, host=host, port=port, log_level="warning",
                    ws_max_size=64 * 1024, timeout_graceful_shutdown=3)
