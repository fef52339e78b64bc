"""Running the application: uvicorn on a socket bound before it starts, with an event set once it serves.

:class:`Server` is uvicorn's server whose ``ready`` event is set when its start-up is done, so that a caller (a
test, a thread) waits for that event rather than for a clock. :func:`bind` opens the listening socket first: a port
in use is said at once, in one line, and port 0 gives a free port whose number is known before the server runs.
"""
from __future__ import annotations

import socket
import threading
from typing import Any

import uvicorn

from tcforge.bounds import MAX_CONNECTIONS


class Server(uvicorn.Server):
    """uvicorn's server with a ``ready`` event, set when it serves (in a thread, uvicorn leaves the signals alone)."""

    def __init__(self, config: uvicorn.Config):
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self.ready.set()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (0: any free port); OSError when it cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def make_server(app: Any, *, log_level: str = "warning") -> Server:
    """The server of ``app``: at most MAX_CONNECTIONS connections at once (uvicorn answers more with 503), an idle
    kept-alive connection closed after 5 s."""
    return Server(uvicorn.Config(app, log_level=log_level, access_log=False, lifespan="off",
                                 limit_concurrency=MAX_CONNECTIONS, timeout_keep_alive=5))


def in_thread(app: Any) -> tuple[Server, threading.Thread, int]:
    """The application served on a free port of 127.0.0.1 in a daemon thread, once it serves: (server, thread, port).
    Stop it with ``server.should_exit = True`` and ``thread.join()``."""
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = make_server(app)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="tcforge-serve")
    thread.start()
    while not server.ready.wait(1.0):
        if not thread.is_alive():
            raise RuntimeError("the web server stopped before it served")
    return server, thread, port
