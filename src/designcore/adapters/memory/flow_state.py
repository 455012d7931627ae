"""Provider sign-in flows in memory: the behavioural fake of ``FlowStateStore``."""

from __future__ import annotations

import threading
from collections.abc import Callable

from designcore.domain.accounts import FLOW_STATE_LIFETIME, FlowState


class InMemoryFlowStateStore:
    """Flows by id, found by state hash or auth-code hash; each take removes the flow.

    Adding a flow forgets flows that expired long before it, so abandoned sign-ins do not pile
    up in a long-running process.
    """

    def __init__(self) -> None:
        self._flows: dict[str, FlowState] = {}
        self._lock = threading.Lock()

    def add(self, flow: FlowState) -> None:
        """Store a flow, replacing one with the same id."""
        horizon = flow.created_at - 2 * FLOW_STATE_LIFETIME
        with self._lock:
            for key in [k for k, f in self._flows.items() if f.created_at < horizon]:
                del self._flows[key]
            self._flows[flow.id] = flow

    def take_by_state(self, state_hash: str) -> FlowState | None:
        """Remove and answer the flow waiting for the provider with this state hash."""
        return self._take(lambda f: f.auth_code_hash is None and f.state_hash == state_hash)

    def take_by_auth_code(self, auth_code_hash: str) -> FlowState | None:
        """Remove and answer the flow whose auth code has this hash."""
        return self._take(lambda f: f.auth_code_hash == auth_code_hash)

    def _take(self, match: Callable[[FlowState], bool]) -> FlowState | None:
        with self._lock:
            for key, flow in self._flows.items():
                if match(flow):
                    return self._flows.pop(key)
        return None
