"""uvicorn's HTTP/1.1 protocol (h11) with two guards that uvicorn lacks.

* **A deadline for each request's head.** uvicorn closes an idle kept-alive
  connection, but waits for ever on one that opens and sends nothing, or
  trickles a request's line and headers a byte at a time: enough of those
  lock every real client out. Here a connection that has not sent a whole
  head ``header_timeout`` seconds after it opened, or after the first byte
  of its next request, is closed.
* **A cap on connections per client address.** A connection beyond
  ``per_address`` from one address is closed at once. The addresses of
  trusted proxies (``serve --forwarded-allow-ips``) are exempt: their
  clients' connections all come from them.

A WebSocket leaves this protocol once upgraded; the table service counts
sockets itself (:meth:`~raise_the_sum.server.service.TableService.open_socket`).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Collection
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["guarded_protocol"]


def guarded_protocol(
    *, header_timeout: float, per_address: int, trusted: Collection[str] = ()
) -> type[H11Protocol]:
    """An h11 protocol class for ``uvicorn.Config(http=...)``, with its own count of connections."""
    open_by_address: Counter[str] = Counter()
    exempt = frozenset(trusted)

    class GuardedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            if host is not None and host not in exempt:
                open_by_address[host] += 1
                self._counted = host
                if open_by_address[host] > per_address:
                    transport.close()
                    return
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is h11.IDLE:  # a head is on its way (or none yet)
                if self._deadline is None:
                    self._arm()
            else:
                self._disarm()

        def handle_websocket_upgrade(self, event: Any) -> None:
            self._disarm()
            self._uncount()  # the socket's protocol takes over; the service counts sockets
            super().handle_websocket_upgrade(event)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._deadline = self.loop.call_later(header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            if self._counted is not None:
                open_by_address[self._counted] -= 1
                if open_by_address[self._counted] <= 0:
                    del open_by_address[self._counted]
                self._counted = None

        def _too_slow(self) -> None:
            self._deadline = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return GuardedH11Protocol
