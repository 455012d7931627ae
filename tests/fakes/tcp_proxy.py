"""A TCP proxy that can be cut and restored, to take a server away from a process under test.

``TcpProxy(target_port)`` listens on a free loopback port and forwards every connection to
``127.0.0.1:target_port`` with two threads per connection. ``cut()`` closes every forwarded
connection and the listening socket, so the process sees its open connections drop and new ones
refused, as when the server goes down; ``restore()`` listens on the same port again. The real
server is never touched, so other test runs that share it are unaffected.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from types import TracebackType


class TcpProxy:
    """Forwards ``127.0.0.1:port`` to ``127.0.0.1:target_port`` until cut."""

    def __init__(self, target_port: int, target_host: str = "127.0.0.1") -> None:
        self._target = (target_host, target_port)
        self._lock = threading.Lock()
        self._sockets: set[socket.socket] = set()
        self._listener: socket.socket | None = None
        self.port = 0
        """The port the proxy listens on (chosen when it first starts)."""
        self.connections = 0
        """How many connections the proxy has forwarded so far."""
        self.restore()

    @property
    def is_cut(self) -> bool:
        """Whether the proxy refuses connections now."""
        return self._listener is None

    def restore(self) -> None:
        """Listen again (on the same port once chosen) and forward new connections."""
        with self._lock:
            if self._listener is not None:
                return
            listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(("127.0.0.1", self.port))
            listener.listen(128)
            self.port = listener.getsockname()[1]
            self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        """Drop every forwarded connection and refuse new ones until :meth:`restore`."""
        with self._lock:
            listener, self._listener = self._listener, None
            sockets, self._sockets = self._sockets, set()
        if listener is not None:
            _close(listener)
        for sock in sockets:
            _close(sock)

    def close(self) -> None:
        """Cut for good."""
        self.cut()

    def __enter__(self) -> TcpProxy:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # the listener was closed by cut()
            try:
                server = socket.create_connection(self._target, timeout=5)
                server.settimeout(None)
            except OSError:
                _close(client)
                continue
            with self._lock:
                if self._listener is not listener:
                    _close(client)
                    _close(server)
                    return
                self._sockets.update((client, server))
                self.connections += 1
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            with contextlib.suppress(OSError):
                while chunk := source.recv(65536):
                    sink.sendall(chunk)
        finally:
            with self._lock:
                self._sockets.discard(source)
                self._sockets.discard(sink)
            _close(source)
            _close(sink)


def _close(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    sock.close()
