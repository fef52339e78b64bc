"""The Starlette application of ``tcforge serve``: the page, its files and the JSON routes it calls.

Routes (every answer JSON but the page and its two files; every refusal ``{"error": ONE LINE}`` with a 4xx status):

- ``GET /`` and ``GET /watch?log=PATH``: the page (play, or watch a log: the balance and tune reports link here);
- ``GET /static/app.js``, ``GET /static/style.css``: its script and style, from templates/web/;
- ``GET /api/options?lang=``: the page's words, the scenarios and their sides, the saved unfinished games;
- ``POST /api/games`` ``{scenario, side, agent, seed, lang}``: a new game (201);
- ``GET /api/games/ID?lang=``: the game as the person's side sees it;
- ``POST /api/games/ID/decide`` ``{at, choice}``, ``/step`` ``{at}``, ``/undo`` ``{at}``: change it;
- ``POST /api/resume`` ``{log}``: a saved game played on; ``POST /api/watch`` ``{log}``: a log opened;
- ``GET /api/watch/ID/N?lang=``: the watched game after its first N actions.

A POST must say its body is JSON (``Content-Type: application/json``), which a page of another site cannot send
without the browser asking first; the Host header must be the server's own (no DNS rebinding).

What a request may cost is bounded (:mod:`tcforge.bounds`, issue 51): a body of at most 64 KB (refused by its
declared length before it is read, else as it arrives), sent within 30 s, parsed as JSON nesting at most 16 deep; the
work it asks for runs in a worker thread under a time bound (``move_seconds`` for a request that plays the computer's
decisions, ``replay_seconds`` for one that plays a whole game again from its seed), and stops as soon as its client is
gone: a search stopped midway decides nothing and the game is left as it was (503, one line).
"""
from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from tcforge.bounds import (
    BODY_SECONDS,
    MAX_BODY_BYTES,
    MAX_JSON_DEPTH,
    MOVE_SECONDS,
    REPLAY_SECONDS,
    OutOfTime,
    TooDeep,
    json_value,
    time_bound,
)
from tcforge.i18n.words import W, t
from tcforge.paths import templates_dir
from tcforge.web.protocol import LANGS, Act, NewGame, OpenLog, Refusal, lang_of
from tcforge.web.sessions import Store, out_of_time, scenario_choices

MAX_BODY = MAX_BODY_BYTES
# Where a request keeps the language its refusal is said in: a key of the ASGI scope, not an attribute of Starlette's
# request state, which the engine's scan for writes to a game's fields outside the engine would take for one.
LANG_KEY = "tcforge.lang"
STATIC = {"app.js": "text/javascript; charset=utf-8", "style.css": "text/css; charset=utf-8"}
DEFAULT_AGENT = "best"


def _page_dir() -> Path:
    return templates_dir() / "web"


def words(lang: str) -> dict[str, str]:
    """The page's own words (the word table's ``web_`` entries) in ``lang``."""
    return {key: t(key, lang) for key in W if key.startswith("web_")}


def _too_large() -> Refusal:
    return Refusal(413, f"the request body is larger than {MAX_BODY // 1024} KB")


async def _raw_body(request: Request) -> bytes:
    """The body, refused once it passes MAX_BODY (by its declared length before a byte is read, else as it arrives)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.strip().isdigit() or int(declared) > MAX_BODY):
        raise _too_large()
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise _too_large()
    return bytes(raw)


async def _body(request: Request) -> Any:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refusal(415, "send the request body as JSON (Content-Type: application/json)")
    lang = request.query_params.get("lang")
    try:
        raw = await asyncio.wait_for(_raw_body(request), BODY_SECONDS)
    except TimeoutError:
        raise Refusal(408, f"the request body was not all sent within {BODY_SECONDS} s") from None
    except ClientDisconnect:
        raise Refusal(400, "the client went away before its request body was sent") from None
    try:
        body = json_value(raw)
    except TooDeep:
        raise Refusal(400, f"the request body is JSON nested more than {MAX_JSON_DEPTH} deep: no request of this page "
                           "nests more than one object") from None
    except ValueError:
        raise Refusal(400, "the request body is not JSON") from None
    if isinstance(body, dict) and body.get("lang") in LANGS:
        lang = body["lang"]
    request.scope[LANG_KEY] = lang  # the language of a refusal
    return body


async def _gone(request: Request) -> None:
    """Return once the client has gone (its body was read: the next message is the disconnect, or the response's
    end, after which nobody waits)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


async def bounded(request: Request, work: Callable[[], Any], seconds: float) -> Any:
    """``work()`` in a worker thread under a time bound of ``seconds``, stopped as soon as the client is gone: the
    search players check the bound before every playout (:func:`tcforge.bounds.check_time`). What the work changed is
    put back by the session that ran it; a stop that reaches here is said in one line (503)."""
    stop = threading.Event()

    def run() -> Any:
        with time_bound(seconds, stop):
            try:
                return work()
            except OutOfTime as exc:
                raise out_of_time(exc, "the request") from None

    job = asyncio.ensure_future(run_in_threadpool(run))
    watch = asyncio.ensure_future(_gone(request))
    try:
        await asyncio.wait({job, watch}, return_when=asyncio.FIRST_COMPLETED)
        if not job.done():  # the client went away: the work stops at its next check, and nobody reads its answer
            stop.set()
        return await job
    finally:
        watch.cancel()


def create_app(games_dir: Path, *, hosts: tuple[str, ...] = ("127.0.0.1", "localhost"),
               move_seconds: float = MOVE_SECONDS, replay_seconds: float = REPLAY_SECONDS) -> Starlette:
    """The application; games are saved in ``games_dir``; ``hosts`` are the names the server answers to; a request
    that plays the computer's decisions may take ``move_seconds``, one that plays a whole game again
    ``replay_seconds`` (then it is stopped and refused, the game as it was)."""
    store = Store(games_dir)

    async def page(request: Request) -> Response:
        return FileResponse(_page_dir() / "index.html", media_type="text/html; charset=utf-8",
                            headers={"Cache-Control": "no-store"})

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC:
            raise Refusal(404, f"no file {name[:60]!r}")
        return FileResponse(_page_dir() / name, media_type=STATIC[name], headers={"Cache-Control": "no-store"})

    async def no_icon(request: Request) -> Response:  # the browser asks for one: no icon, and no 404 in its console
        return Response(status_code=204)

    async def options(request: Request) -> Response:
        lang = lang_of(request.query_params.get("lang"))
        found = await run_in_threadpool(scenario_choices, lang)
        return JSONResponse({"lang": lang, "words": words(lang), "scenarios": found, "agent": DEFAULT_AGENT,
                             "saved": store.saved(), "games_dir": str(store.games_dir)})

    async def new_game(request: Request) -> Response:
        ask = NewGame.read(await _body(request))

        def work() -> dict[str, Any]:
            session = store.new_game(ask)
            with session.lock, session.kept():
                return session.view(ask.lang)
        return JSONResponse(await bounded(request, work, move_seconds), status_code=201)

    async def show(request: Request) -> Response:
        session = store.play(request.path_params["gid"])
        lang = lang_of(request.query_params.get("lang"))

        def work() -> dict[str, Any]:
            with session.lock, session.kept():
                return session.view(lang)
        return JSONResponse(await bounded(request, work, move_seconds))

    def change(method: str, *, choice: bool = False) -> Callable[[Request], Awaitable[Response]]:
        async def handler(request: Request) -> Response:
            session = store.play(request.path_params["gid"])
            body = await _body(request)
            ask = Act.read(body, choice=choice)
            lang = lang_of(body.get("lang")) if isinstance(body, dict) else "en"

            def work() -> dict[str, Any]:
                with session.lock, session.kept():
                    getattr(session, method)(ask)
                    return session.view(lang)
            return JSONResponse(await bounded(request, work, replay_seconds if method == "undo" else move_seconds))
        return handler

    async def resume(request: Request) -> Response:
        body = await _body(request)
        ask = OpenLog.read(body)
        lang = lang_of(body.get("lang"))

        def work() -> dict[str, Any]:
            session = store.resume(ask.log)
            with session.lock, session.kept():
                return session.view(lang)
        return JSONResponse(await bounded(request, work, replay_seconds))

    async def open_log(request: Request) -> Response:
        body = await _body(request)
        ask = OpenLog.read(body)
        lang = lang_of(body.get("lang"))

        def work() -> dict[str, Any]:
            session = store.open_log(ask.log)
            with session.lock:
                return session.view(0, lang)
        return JSONResponse(await bounded(request, work, replay_seconds))

    async def frame(request: Request) -> Response:
        session = store.watch(request.path_params["wid"])
        lang = lang_of(request.query_params.get("lang"))
        text = request.path_params["n"]
        if not text.isdigit() or len(text) > 9:
            raise Refusal(400, f"action {text[:20]!r}: give a whole number")

        def work() -> dict[str, Any]:
            with session.lock:
                return session.view(int(text), lang)
        return JSONResponse(await bounded(request, work, replay_seconds))

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refusal)
        lang = request.scope.get(LANG_KEY) or request.query_params.get("lang")
        return JSONResponse({"error": exc.text(lang if lang in LANGS else "en")}, status_code=exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        what = {404: f"no such page: {request.url.path[:80]}", 405: f"{request.method} is not accepted here"}
        return JSONResponse({"error": what.get(exc.status_code, str(exc.detail))}, status_code=exc.status_code)

    async def crashed(request: Request, exc: Exception) -> Response:  # one line, never a traceback
        return JSONResponse({"error": f"internal error ({type(exc).__name__}: {str(exc)[:200]}); please report it"},
                            status_code=500)

    routes = [
        Route("/", page), Route("/watch", page), Route("/static/{name}", static),
        Route("/favicon.ico", no_icon),
        Route("/api/options", options),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{gid}", show),
        Route("/api/games/{gid}/decide", change("decide", choice=True), methods=["POST"]),
        Route("/api/games/{gid}/step", change("step"), methods=["POST"]),
        Route("/api/games/{gid}/undo", change("undo"), methods=["POST"]),
        Route("/api/resume", resume, methods=["POST"]),
        Route("/api/watch", open_log, methods=["POST"]),
        Route("/api/watch/{wid}/{n}", frame),
    ]
    return Starlette(routes=routes, middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts))],
                     exception_handlers={Refusal: refused, HTTPException: http_error, Exception: crashed})
