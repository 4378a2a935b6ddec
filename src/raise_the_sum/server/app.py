"""The ASGI application: the protocol's routes on Starlette.

Each route does the same few things in the same order: find the seat from
the token and the table (:meth:`TableService.authenticate
<raise_the_sum.server.service.TableService.authenticate>`), read the body
(:mod:`raise_the_sum.server.bodies`), and hand over to the table service.
The bodies it sends are the table service's documents and error objects,
byte for byte.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, HTTPConnection, Request
from starlette.responses import FileResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from raise_the_sum.server._json import dumps
from raise_the_sum.server.bodies import (
    MAX_BODY,
    MAX_ID,
    parse_action_body,
    parse_check_body,
    parse_create_body,
    parse_json,
    parse_leave_body,
    parse_name_body,
    parse_since,
)
from raise_the_sum.server.errors import ProtocolError, bad_input
from raise_the_sum.server.limits import Limits, TokenBucket
from raise_the_sum.server.lobby import page, parse_cursor, parse_limit
from raise_the_sum.server.service import Table, TableService
from raise_the_sum.server.spectators import read_only
from raise_the_sum.server.store import SQLiteStore, Store, StoreUnavailable

__all__ = [
    "FREEZE_EVERY",
    "FULL_COLLECTION_EVERY",
    "GC_THRESHOLDS",
    "WEB",
    "collect_garbage",
    "create_app",
]

_log = logging.getLogger("raise_the_sum.server")

#: The page's files: ``raise_the_sum/web/`` in the installed package.
WEB: Final = Path(__file__).resolve().parent.parent / "web"

#: The API's documents: ``raise_the_sum/server/api/`` (OpenAPI 3.1 and AsyncAPI 3).
API: Final = Path(__file__).resolve().parent / "api"

_JSON: Final = "application/json"

#: The WebSocket close code for a refused socket (policy violation).
_REFUSED: Final = 1008


def _json_response(
    body: bytes, status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    return Response(body, status_code=status, media_type=_JSON, headers=headers)


def _error_response(error: ProtocolError) -> Response:
    return _json_response(error.encoded(), error.status, error.headers)


def _unavailable(error: StoreUnavailable) -> ProtocolError:
    _log.error("%s", error)
    return ProtocolError(
        503,
        "unavailable",
        f"the server cannot store or read tables now: {error.reason}; nothing was changed, "
        "try again later",
        headers={"Retry-After": "5"},
    )


def _one(connection: HTTPConnection, name: str) -> str | None:
    """The query parameter ``name``, or None; a 400 when it comes more than once."""
    values = connection.query_params.getlist(name)
    if len(values) > 1:
        raise bad_input(f"/{name}", f"the query parameter {name!r} is given {len(values)} times")
    return values[0] if values else None


def _flag(connection: HTTPConnection, name: str) -> bool:
    """A query parameter of ``0`` or ``1`` (absent: false); a 400 for anything else."""
    value = _one(connection, name)
    if value not in (None, "0", "1"):
        raise bad_input(f"/{name}", f"{name}: 0 or 1, got {value[:40]!r}")
    return value == "1"


def _bearer(request: Request) -> str | None:
    headers = request.headers.getlist("authorization")
    if len(headers) > 1:
        raise bad_input("", f"the Authorization header is given {len(headers)} times")
    if not headers:
        return None
    scheme, _, token = headers[0].partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None


async def _read_json(request: Request) -> Any:
    media = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if media != _JSON:
        raise bad_input("", f"the body must be JSON, sent as Content-Type: {_JSON}")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise bad_input("", f"the body is over {MAX_BODY} bytes")
    limits: Limits = request.app.state.limits
    body = bytearray()
    try:
        async with asyncio.timeout(limits.body_timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_BODY:
                    raise bad_input("", f"the body is over {MAX_BODY} bytes")
    except TimeoutError:
        raise ProtocolError(
            408, "timeout", f"the body did not arrive within {limits.body_timeout:g} seconds"
        ) from None
    return parse_json(bytes(body))


Handler = Callable[[Request, TableService], Awaitable[Response]]


def _route(handler: Handler) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request, request.app.state.service)
        except ProtocolError as error:
            return _error_response(error)
        except StoreUnavailable as error:
            return _error_response(_unavailable(error))
        except ClientDisconnect:  # nobody is left to answer: one line, no traceback
            _log.info("%s %s: the client hung up mid-body", request.method, request.url.path)
            return Response(status_code=400)

    endpoint.__name__ = handler.__name__
    endpoint.__doc__ = handler.__doc__
    return endpoint


def _client_address(request: HTTPConnection) -> str:
    """The client's address (the proxy's forwarded one when ``serve`` trusts the proxy)."""
    return request.client.host if request.client is not None else "unknown"


def _too_many(wait: float, what: str) -> ProtocolError:
    seconds = max(1, int(wait + 0.999))
    return ProtocolError(
        429,
        "rate_limited",
        f"too many {what}: try again in {seconds} s",
        headers={"Retry-After": str(seconds)},
    )


class RequestLimit:
    """ASGI middleware: each client address may make ``limits.request_burst`` requests (or
    open as many sockets) at once, then ``limits.request_rate`` a second.

    Beyond, a request gets 429 ``rate_limited`` with ``Retry-After`` at once,
    before any work; a socket is accepted, told so, and closed (1008). The
    addresses in ``limits.exempt`` are not limited.
    """

    def __init__(self, app: Any, limits: Limits) -> None:
        self.app = app
        self.exempt = frozenset(limits.exempt)
        self.bucket = TokenBucket(burst=limits.request_burst, rate=limits.request_rate)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            client = scope.get("client")
            host = client[0] if client else "unknown"
            if host not in self.exempt:
                wait = self.bucket.take(host, now=asyncio.get_running_loop().time())
                if wait > 0:
                    error = _too_many(wait, "requests from this address")
                    if scope["type"] == "http":
                        await _error_response(error)(scope, receive, send)
                        return
                    await receive()  # the socket's connect
                    await send({"type": "websocket.accept"})
                    await send({"type": "websocket.send", "text": error.encoded().decode()})
                    await send(
                        {"type": "websocket.close", "code": _REFUSED, "reason": "rate_limited"}
                    )
                    return
        await self.app(scope, receive, send)


def _take_a_seat(request: Request, what: str) -> None:
    """Count a new table or a seat claimed in the lobby against the address's bucket of them.

    Both give out seats' tokens: one bucket (``limits.create_burst`` at
    once, then ``limits.create_rate`` a second) keeps a script from taking
    them by the thousand. Beyond, a 429 ``rate_limited`` with ``Retry-After``.
    """
    bucket: TokenBucket = request.app.state.creates
    address = _client_address(request)
    if address not in request.app.state.limits.exempt:
        wait = bucket.take(address, now=asyncio.get_running_loop().time())
        if wait > 0:
            raise _too_many(wait, f"{what} from this address")


@_route
async def create_table(request: Request, service: TableService) -> Response:
    """``POST /api/tables``: 201 with the table's id, its tokens and the seed's commitment.

    Each client address may create ``limits.create_burst`` tables at once,
    then ``limits.create_rate`` a second: beyond, a 429 ``rate_limited``
    with ``Retry-After``.
    """
    _take_a_seat(request, "new tables")
    body = parse_create_body(await _read_json(request))
    created = await service.create(
        body.seats,
        body.rules,
        tutorial=body.tutorial,
        public=body.public,
        turn_seconds=body.turn_seconds,
        name=body.name,
    )
    answer = {
        "table": created.table,
        "tokens": {str(seat): token for seat, token in created.tokens.items()},
        "seed_commitment": created.seed_commitment,
        "spectator_token": created.spectator_token,
    }
    return _json_response(dumps(answer), 201)


@_route
async def get_table(request: Request, service: TableService) -> Response:
    """``GET /api/tables/{id}?since=N&scores=1``: the seat's document."""
    table, seat = await service.authenticate(request.path_params["table"], _bearer(request))
    since = parse_since(_one(request, "since"))
    scores = _flag(request, "scores")
    return _json_response(await service.document(table, seat, since, scores=scores))


@_route
async def post_action(request: Request, service: TableService) -> Response:
    """``POST /api/tables/{id}/actions``: the new document once the action is durable."""
    table, seat = await service.authenticate(request.path_params["table"], _bearer(request))
    body = parse_action_body(await _read_json(request))
    outcome = await service.act(table, seat, body.action, body.version, body.id)
    return _json_response(outcome.answer.body, outcome.answer.status)


@_route
async def post_check(request: Request, service: TableService) -> Response:
    """``POST /api/tables/{id}/check``: the encoded verdict, acting on nothing."""
    table, seat = await service.authenticate(request.path_params["table"], _bearer(request))
    action = parse_check_body(await _read_json(request))
    return _json_response(await service.check(table, seat, action))


@_route
async def post_name(request: Request, service: TableService) -> Response:
    """``POST /api/tables/{id}/name``: the seat's display name; the seat's document after."""
    table, seat = await service.authenticate(request.path_params["table"], _bearer(request))
    name = parse_name_body(await _read_json(request))
    return _json_response(await service.name(table, seat, name))


@_route
async def post_leave(request: Request, service: TableService) -> Response:
    """``POST /api/tables/{id}/leave``: the seat leaves (rule R5.5); its document after."""
    table, seat = await service.authenticate(request.path_params["table"], _bearer(request))
    body = parse_leave_body(await _read_json(request))
    return _json_response(await service.leave(table, seat, body))


@_route
async def get_record(request: Request, service: TableService) -> Response:
    """``GET /api/tables/{id}/record``: the match record, with the seed, once it is over.

    A seat's token or the spectators' (who check the deal at the end too).
    """
    table_id, token = request.path_params["table"], _bearer(request)
    try:
        table, _ = await service.authenticate(table_id, token)
    except ProtocolError as error:
        if error.body["error"] != "read_only":
            raise
        table = await service.spectate(table_id, token)
    return _json_response(service.record(table))


@_route
async def get_spectator(request: Request, service: TableService) -> Response:
    """``GET /api/tables/{id}/spectator?since=N``: the spectators' document (their token)."""
    table = await service.spectate(request.path_params["table"], _bearer(request))
    since = parse_since(_one(request, "since"))
    return _json_response(service.spectator_document(table, since))


@_route
async def get_lobby(request: Request, service: TableService) -> Response:
    """``GET /api/lobby?limit=N&cursor=C``: a page of the open public tables, the newest first."""
    limit = parse_limit(_one(request, "limit"))
    after = parse_cursor(_one(request, "cursor"))
    since = time.time() - service.limits.archive_after
    return _json_response(await page(service.store, limit=limit, after=after, since=since))


@_route
async def claim_seat(request: Request, service: TableService) -> Response:
    """``POST /api/lobby/{table}/seats/{seat}``: take a free seat; 201 with its token.

    Claims count with the table creations of the address (the same burst and rate).
    """
    _take_a_seat(request, "seats claimed")
    claimed = await service.claim(request.path_params["table"], request.path_params["seat"])
    return _json_response(claimed, 201)


def _not_found(what: str) -> Response:
    return _error_response(ProtocolError(404, "not_found", what))


async def openapi(request: Request) -> Response:
    """``GET /openapi.json``: the OpenAPI 3.1 document of the HTTP API, as shipped."""
    document = API / "openapi.json"
    if not document.is_file():
        return _not_found("the OpenAPI document is not installed")
    return FileResponse(document, media_type=_JSON)


async def index(request: Request) -> Response:
    """``GET /``: the web game's page."""
    page = WEB / "index.html"
    if not page.is_file():
        return _not_found("the web page is not installed")
    return FileResponse(page)


async def static(request: Request) -> Response:
    """``GET /static/<path>``: a file of the page, from ``raise_the_sum/web/``."""
    root = WEB.resolve()
    asked = request.path_params["path"]
    try:
        wanted = (root / asked).resolve()
        found = wanted.is_relative_to(root) and wanted.is_file()
    except (OSError, ValueError):  # a NUL byte, a name too long: no such file either
        found = False
    if not found:
        return _not_found(f"no file {asked[:100]!r}")
    return FileResponse(wanted)


def _check_origin(websocket: WebSocket) -> None:
    """Refuse a socket opened by a page of another origin, unless ``--cors-origin`` allows it.

    Browsers send ``Origin`` with every socket and do not apply CORS to them,
    so the server checks it: the page's own origin (the ``Host`` it asked)
    and the allowed ones pass; a client that sends no ``Origin`` (not a
    browser) passes too.
    """
    origin = websocket.headers.get("origin")
    if origin is None:
        return
    allowed: frozenset[str] = websocket.app.state.cors_origins
    host = websocket.headers.get("host", "")
    if origin in allowed or "*" in allowed or origin.partition("://")[2] == host:
        return
    raise ProtocolError(
        403,
        "forbidden_origin",
        f"pages of {origin[:100]!r} may not open this server's sockets "
        "(serve --cors-origin allows an origin)",
    )


def _reply_to(value: Any) -> str | None:
    """The client id of an action body, when it has a well-formed one."""
    if isinstance(value, dict):
        client_id = value.get("id")
        if type(client_id) is str and 1 <= len(client_id) <= MAX_ID:
            return client_id
    return None


def _replying(body: bytes, client_id: str | None) -> bytes:
    """``body``, a JSON object, with ``"reply_to": client_id`` first (unchanged for None)."""
    if client_id is None:
        return body
    return b'{"reply_to":' + dumps(client_id) + b"," + body[1:]


async def table_socket(websocket: WebSocket) -> None:
    """``/api/tables/{id}/ws?token=...&since=N``: the seat's documents as they change.

    A wrong token, an unknown table, a page of an origin not allowed, or
    any other refusal gets no document: the socket is accepted, gets the
    error object (as an HTTP request would), and is closed with code 1008,
    so that a browser can tell why. Then the seat's document comes at once,
    and again after every change; an action sent on the socket is answered on it exactly as the
    POST would answer it, with ``"reply_to"``: the action's ``id``, first.
    A message that is not an action gets a ``bad_input`` error, and the
    socket stays open.
    """
    service: TableService = websocket.app.state.service
    try:
        _check_origin(websocket)
        token = _one(websocket, "token")
        table, seat = await service.authenticate(websocket.path_params["table"], token)
        since = parse_since(_one(websocket, "since"))
        scores = _flag(websocket, "scores")
        await service.document(table, seat, since, scores=scores)  # since's bounds, checked
        # The seat is present first: the first document shows it, and the notices up to it.
        service.open_socket(table, seat)
        try:
            first_version = table.version  # the version ``first`` shows
            noticed = table.last_notice()  # ``first`` shows the notices up to this one
            first = await service.document(table, seat, since, scores=scores)
        except BaseException:
            service.close_socket(table, seat)
            raise
    except (ProtocolError, StoreUnavailable) as failure:
        await _refuse_socket(websocket, failure)
        return
    try:
        await websocket.accept()
        await _serve_socket(
            websocket, service, table, seat, first, (first_version, noticed), scores
        )
    finally:
        service.close_socket(table, seat)


async def _serve_socket(
    websocket: WebSocket,
    service: TableService,
    table: Table,
    seat: int,
    first: bytes,
    shown: tuple[int, int],
    scores: bool,
) -> None:
    """Serve a seat's socket: ``shown`` is the version and the last notice ``first`` shows."""
    first_version, noticed = shown
    wake = service.watch(table)
    # The sends, one at a time and in order: the reader answers an action itself, at once (a
    # turn of the event loop sooner than handing it to the writer below), and the writer sends
    # the documents of the changes made by others (the bots, the next round).
    sending = asyncio.Lock()
    seen = first_version  # the latest version the client was sent

    async def send(body: bytes, version: int | None) -> None:
        nonlocal seen
        async with sending:
            await websocket.send_text(body.decode())
            if version is not None:
                seen = max(seen, version)

    async def answer(data: str | bytes) -> None:
        client_id = None
        try:
            value = parse_json(data)
            client_id = _reply_to(value)
            body = parse_action_body(value)
            outcome = await service.act(table, seat, body.action, body.version, body.id)
        except ProtocolError as error:
            await send(_replying(error.encoded(), client_id), None)
        except StoreUnavailable as error:
            await send(_replying(_unavailable(error).encoded(), client_id), None)
        else:
            # No await between the commit and this send: the writer, woken by the commit,
            # finds the answer sent (``seen`` at its version) and sends nothing.
            answer = outcome.answer.body
            if scores and outcome.answer.status == 200 and outcome.version == table.version:
                # The same document with its legal actions' scores. The writer leaves this
                # version to the answer (``seen``), even if building it awaits a thread.
                nonlocal seen
                seen = max(seen, table.version)
                answer = await service.document(table, seat, body.version, scores=True)
            await send(_replying(answer, body.id), outcome.version)

    async def read() -> None:
        try:
            async for wait, data in _messages(websocket):
                if wait > 0:  # refused before any work; the socket stays open
                    await send(_too_many(wait, "messages on this socket").encoded(), None)
                else:
                    await answer(data)
        finally:
            wake.set()

    reader = asyncio.get_running_loop().create_task(read())
    try:
        await send(first, None)
        while not reader.done():
            for number, notice in table.notices_after(noticed):
                await send(notice, None)
                noticed = number
            if table.version > seen:  # also a change while the handshake went on
                version = table.version
                document = await service.document(table, seat, seen, scores=scores)
                async with sending:
                    if version > seen:
                        await websocket.send_text(document.decode())
                        seen = version
            await wake.wait()
            wake.clear()
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    finally:
        await _stop_watching(service, table, wake, reader)


async def _refuse_socket(websocket: WebSocket, failure: ProtocolError | StoreUnavailable) -> None:
    """Refuse a socket: accept it, send the error object, and close it with code 1008."""
    error = _unavailable(failure) if isinstance(failure, StoreUnavailable) else failure
    await websocket.accept()  # a browser sees only close codes of an accepted socket
    await websocket.send_text(error.encoded().decode())
    await websocket.close(code=_REFUSED, reason=error.body["error"])


async def _messages(websocket: WebSocket) -> AsyncIterator[tuple[float, str | bytes]]:
    """The socket's messages until it closes, each as ``(0.0, data)``; one over the socket's
    limit of messages comes as ``(wait, b"")``, ``wait`` the seconds until the next is let in
    (an address in ``limits.exempt`` has no limit)."""
    limits: Limits = websocket.app.state.limits
    limited = _client_address(websocket) not in limits.exempt
    bucket = TokenBucket(burst=limits.message_burst, rate=limits.message_rate)
    loop = asyncio.get_running_loop()
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        wait = bucket.take("", now=loop.time()) if limited else 0.0
        if wait > 0:
            yield wait, b""
            continue
        text = message.get("text")
        yield 0.0, text if text is not None else message.get("bytes") or b""


async def _stop_watching(
    service: TableService, table: Table, wake: asyncio.Event, reader: asyncio.Task[None]
) -> None:
    """A socket's end: stop hearing of the table's changes, and stop reading."""
    service.unwatch(table, wake)
    reader.cancel()
    with contextlib.suppress(BaseException):
        await reader


async def spectator_socket(websocket: WebSocket) -> None:
    """``/api/tables/{id}/spectator/ws?token=...&since=N``: the spectators' documents.

    Refused as a seat's socket is (the error object, then close code 1008).
    Then the spectators' document comes at once, and again after every
    change, with the table's notices; a message sent gets 403
    ``read_only`` (the socket stays open).
    """
    service: TableService = websocket.app.state.service
    try:
        _check_origin(websocket)
        table = await service.spectate(websocket.path_params["table"], _one(websocket, "token"))
        since = parse_since(_one(websocket, "since"))
        first = service.spectator_document(table, since)
        shown = (table.version, table.last_notice())  # what ``first`` shows
        service.open_spectator(table)
    except (ProtocolError, StoreUnavailable) as failure:
        await _refuse_socket(websocket, failure)
        return
    try:
        await websocket.accept()
        await _watch(websocket, service, table, first, shown)
    finally:
        service.close_spectator(table)


async def _watch(
    websocket: WebSocket,
    service: TableService,
    table: Table,
    first: bytes,
    shown: tuple[int, int],
) -> None:
    """Serve a spectator's socket: ``shown`` is the version and the last notice ``first`` shows."""
    seen, noticed = shown
    wake = service.watch(table)
    refusal = read_only().encoded().decode()
    sending = asyncio.Lock()

    async def read() -> None:
        try:
            async for wait, _ in _messages(websocket):
                if wait > 0:
                    answer = _too_many(wait, "messages on this socket").encoded().decode()
                else:
                    answer = refusal
                async with sending:
                    await websocket.send_text(answer)
        finally:
            wake.set()

    reader = asyncio.get_running_loop().create_task(read())
    try:
        async with sending:
            await websocket.send_text(first.decode())
        while not reader.done():
            async with sending:
                for number, notice in table.notices_after(noticed):
                    await websocket.send_text(notice.decode())
                    noticed = number
                if table.version > seen:
                    version = table.version
                    await websocket.send_text(service.spectator_document(table, seen).decode())
                    seen = version
            await wake.wait()
            wake.clear()
    except (WebSocketDisconnect, RuntimeError, OSError):
        pass
    finally:
        await _stop_watching(service, table, wake, reader)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    codes = {404: "not_found", 405: "method_not_allowed"}
    code = codes.get(error.status_code, "bad_input")
    headers = dict(error.headers or {})  # a 405's Allow
    return _error_response(
        ProtocolError(error.status_code, code, str(error.detail), headers=headers)
    )


async def _server_error(request: Request, error: Exception) -> Response:
    _log.exception("unexpected error on %s %s", request.method, request.url.path, exc_info=error)
    body = json.dumps({"error": "internal", "message": "the server failed; the table is unchanged"})
    return Response(body, status_code=500, media_type=_JSON)


#: Seconds between two freezes of the objects that have lived that long (:func:`collect_garbage`).
#: A freeze is cheap (it moves the collector's lists whole) and starts the count of
#: allocations before a young collection again: under load the server allocates fewer than
#: ``GC_THRESHOLDS[0]`` lasting objects in this time, so young collections (a pause of 5 to
#: 35 ms each, two or three a second, at a freeze a second) almost never come.
FREEZE_EVERY: Final = 0.1

#: Seconds between two full collections, which unfreeze everything (:func:`collect_garbage`).
FULL_COLLECTION_EVERY: Final = 300.0

#: The collector's thresholds while the server runs (Python's are 700, 10, 10): a young
#: collection after 10,000 allocations, not 700, costs half as much in all under load.
GC_THRESHOLDS: Final = (10_000, 10, 10)


async def collect_garbage(
    freeze_every: float = FREEZE_EVERY, full_every: float = FULL_COLLECTION_EVERY
) -> None:
    """Keep the garbage collector's pauses short: freeze the old objects, collect them rarely.

    Python's collector scans every object it tracks at each full
    collection, and a full collection comes each time the tracked objects
    grew by a quarter. A server holds many long-lived objects (the
    library's memos of legal plays: hundreds of thousands of tuples and
    plays), so that those pauses took 0.2 to 0.35 s, every few seconds
    under load: the whole p99. So every ``freeze_every`` seconds this
    freezes (:func:`gc.freeze`) every object alive then, which the
    collector then leaves alone; objects that die later are freed by
    their reference counts as usual. A freeze also starts the count of
    allocations towards a young collection again, so that at the default
    tenth of a second young collections seldom come: their pauses, 5 to
    35 ms (the new memos' tuples point at many old objects), went into
    the p99 when they came two or three times a second. Only garbage in reference cycles
    among frozen objects waits (a closed connection's asyncio transport
    is one, about 1 KiB): every ``full_every`` seconds this unfreezes
    everything and runs one full collection, a pause of about the old
    ones' length, once in a while instead of every few seconds. Runs until
    cancelled; the collector's thresholds are :data:`GC_THRESHOLDS` meanwhile.
    """
    loop = asyncio.get_running_loop()
    last_full = loop.time()
    before = gc.get_threshold()
    gc.set_threshold(*GC_THRESHOLDS)
    gc.freeze()  # the modules, the resumed tables: they live as long as the server
    try:
        while True:
            await asyncio.sleep(freeze_every)
            if loop.time() - last_full >= full_every:
                gc.unfreeze()
                gc.collect()
                last_full = loop.time()
            gc.freeze()
    finally:
        gc.set_threshold(*before)


def create_app(
    store: Store | str | Path,
    *,
    pace: float = 1.0,
    synchronous: str = "FULL",
    limits: Limits | None = None,
    cors_origins: Sequence[str] = (),
) -> Starlette:
    """The game server as an ASGI application, on ``store``.

    ``store`` is a :class:`~raise_the_sum.server.store.Store`, or the path of
    an SQLite database (opened with ``synchronous``) when the application
    starts. ``pace`` is the pause in seconds before each bot action and
    between rounds; ``limits`` are the server's
    :class:`~raise_the_sum.server.limits.Limits`. ``cors_origins`` are the
    origins of the pages on other sites that may call the API and open its
    sockets (``"*"`` for any). Unfinished tables whose
    bots are to act resume when the application starts (its lifespan), and
    the store is closed when it stops; serve it with uvicorn.
    """
    limits = Limits() if limits is None else limits

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        opened = (
            store
            if not isinstance(store, str | Path)
            else SQLiteStore(store, synchronous=synchronous)
        )
        service = TableService(opened, pace=pace, limits=limits)
        app.state.service = service
        app.state.limits = limits
        app.state.creates = TokenBucket(burst=limits.create_burst, rate=limits.create_rate)
        app.state.cors_origins = frozenset(cors_origins)
        await service.start()
        collector = asyncio.get_running_loop().create_task(collect_garbage())
        try:
            yield
        finally:
            collector.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await collector
            await service.close()
            await opened.close()

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
        Route("/static/{path:path}", static, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table}", get_table, methods=["GET"]),
        Route("/api/tables/{table}/actions", post_action, methods=["POST"]),
        Route("/api/tables/{table}/check", post_check, methods=["POST"]),
        Route("/api/tables/{table}/record", get_record, methods=["GET"]),
        Route("/api/tables/{table}/spectator", get_spectator, methods=["GET"]),
        Route("/api/lobby", get_lobby, methods=["GET"]),
        Route("/api/lobby/{table}/seats/{seat}", claim_seat, methods=["POST"]),
        Route("/api/tables/{table}/name", post_name, methods=["POST"]),
        Route("/api/tables/{table}/leave", post_leave, methods=["POST"]),
        WebSocketRoute("/api/tables/{table}/ws", table_socket),
        WebSocketRoute("/api/tables/{table}/spectator/ws", spectator_socket),
    ]
    middleware = [Middleware(RequestLimit, limits=limits)]
    if cors_origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=list(cors_origins),
                allow_methods=["GET", "POST"],
                allow_headers=["Authorization", "Content-Type"],
                expose_headers=["Retry-After"],
                max_age=600,
            )
        )
    return Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=middleware,
        exception_handlers={HTTPException: _http_error, Exception: _server_error},
    )
