"""``tcforge serve``: the local web page to play a scenario against the computer and to watch logged games."""
from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tcforge.bounds import MOVE_SECONDS, MOVE_SECONDS_OPTION, bounded
from tcforge.cli.common import err, fail

PORT = 8765


def serve(
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port to listen on (0: any free port).")] = PORT,
    host: Annotated[str, typer.Option(
        "--host",
        help="The address to listen on. The default keeps the page on this "
             "computer; another address lets others on your network play your games.")] = "127.0.0.1",
    saves: Annotated[Path, typer.Option(
        "--saves",
        metavar="DIR",
        help="Where the games played on the page are saved, one log each (made when needed).")] = Path("tcforge-games"),
    move_seconds: Annotated[int, typer.Option(
        "--move-seconds",
        metavar="SECONDS",
        callback=bounded(MOVE_SECONDS_OPTION),
        help="The longest the computer may think for one request of the page (its move "
             "and its answers); a player that takes longer is stopped, the game left as "
             "it was, and the page told so. A page that gives up stops it at once.")] = MOVE_SECONDS,
) -> None:
    """Play a scenario against the computer, or step through a game log, on a web page on this computer.

    Any scenario, bundled or your own (tcforge --data DIR serve); one side yours, the other played by the agent spec
    you give on the page (best by default); watch any game log (/watch?log=PATH). Every game is saved as a log that
    'scenario replay' and 'scenario audit' check. Ctrl-C stops."""
    from tcforge.web.app import create_app
    from tcforge.web.server import bind, make_server
    if saves.exists() and not saves.is_dir():
        fail(f"--saves {saves}: not a folder", 2)
    try:
        sock = bind(host, port)
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    shown = sock.getsockname()[1]
    hosts = tuple(dict.fromkeys((host, "127.0.0.1", "localhost")))
    server = make_server(create_app(saves.resolve(), hosts=hosts, move_seconds=move_seconds))
    where = f"[{host}]" if ":" in host else host
    err.print(f"tcforge serve: http://{where}:{shown}/ (games saved in {saves}; Ctrl-C stops)", markup=False)
    server.run(sockets=[sock])
