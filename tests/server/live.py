"""A real server process for tests that need one (recovery, browsers): start, wait, kill."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A free TCP port on the loopback address."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """``bouts serve`` in a child process on 127.0.0.1."""

    def __init__(self, db: str, port: int | None = None, bot_workers: int = 0, message_rate: float = 1000,
                 extra: tuple[str, ...] = ()) -> None:
        self.db, self.port, self.bot_workers = db, port or free_port(), bot_workers
        self.extra = extra
        self.message_rate = message_rate
        self.process: subprocess.Popen[bytes] | None = None
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 (closed with the process)

    @property
    def base(self) -> str:
        """The server's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        """Start it and wait until it answers."""
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   BOUTS_MESSAGE_RATE=str(self.message_rate), BOUTS_CREATE_RATE=str(self.message_rate))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bouts.cli.main", "serve", "--port", str(self.port), "--db", self.db,
             "--bot-workers", str(self.bot_workers), *self.extra],
            env=env, stdout=subprocess.DEVNULL, stderr=self.errors)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.stderr()}")
            try:
                urllib.request.urlopen(self.base + "/api/games", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("server did not start in 60 s")

    @property
    def pid(self) -> int:
        """The server's process id."""
        assert self.process is not None
        return self.process.pid

    def rss(self) -> float:
        """The server's resident memory, MiB."""
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Stop it politely (then firmly)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def stderr(self) -> str:
        """What the server wrote to its standard error."""
        self.errors.seek(0)
        return self.errors.read().decode(errors="replace")

    def post(self, path: str, body: Any) -> Any:
        """POST JSON; the decoded answer."""
        request = urllib.request.Request(self.base + path, data=json.dumps(body).encode(), method="POST",
                                         headers={"content-type": "application/json"})
        return json.load(urllib.request.urlopen(request, timeout=10))

    def get(self, path: str) -> Any:
        """GET; the decoded JSON answer."""
        return json.load(urllib.request.urlopen(self.base + path, timeout=10))
