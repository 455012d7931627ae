"""What every request pays for: nothing on the way in or out of a handler leaves the event
loop for a worker thread."""

from __future__ import annotations

from litestar.utils.sync import AsyncCallable

from designcore.app import Container
from designcore.app.http import create_app


class TestHotPath:
    def test_before_send_hooks_run_on_the_event_loop(self, memory_container: Container) -> None:
        """Every before-send hook is a coroutine function: Litestar runs a plain function hook
        in a worker thread, twice per answer (its start and its body)."""
        app = create_app(container=memory_container)
        assert app.before_send
        assert [] == [hook for hook in app.before_send if isinstance(hook, AsyncCallable)]
