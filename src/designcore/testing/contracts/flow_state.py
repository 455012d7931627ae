"""The contract of :class:`~designcore.ports.oidc.FlowStateStore`: the sign-in flows with an
OpenID provider between the redirect and the callback.

Subclass :class:`FlowStateContract` and give it a ``flows`` fixture answering a new, empty
store of your adapter.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import attrs

from designcore.domain.accounts import FLOW_STATE_LIFETIME, FlowState
from designcore.ports.oidc import FlowStateStore
from designcore.testing.builders import EPOCH

__all__ = ["FlowStateContract"]


def a_flow(n: int = 1, **changes: object) -> FlowState:
    flow = FlowState(
        id=f"00000000-0000-4000-8000-{n:012d}",
        provider="google",
        state_hash=f"{n:064x}",
        provider_verifier="verifier-" + "v" * 40,
        redirect_to="http://127.0.0.1:8000/auth/callback",
        code_challenge="c" * 43,
        code_challenge_method="s256",
        created_at=EPOCH,
    )
    return attrs.evolve(flow, **changes)  # type: ignore[arg-type]


class _Flows:
    def test_a_flow_is_taken_once_by_its_state(self, flows: FlowStateStore) -> None:
        """The callback finds the flow by state hash, once; every field comes back."""
        flow = a_flow(linking_user_id="00000000-0000-4000-8000-00000000000a")
        flows.add(flow)
        assert flows.take_by_state("f" * 64) is None
        assert flow == flows.take_by_state(flow.state_hash)
        assert flows.take_by_state(flow.state_hash) is None

    def test_after_the_callback_only_the_auth_code_finds_it(self, flows: FlowStateStore) -> None:
        """A flow stored again with its auth code (and the provider's tokens) is found by the
        code's hash once, and no longer by its state."""
        flow = a_flow()
        flows.add(flow)
        taken = flows.take_by_state(flow.state_hash)
        assert taken is not None
        answered = attrs.evolve(
            taken,
            auth_code_hash="a" * 64,
            user_id="00000000-0000-4000-8000-00000000000b",
            provider_access_token="ya29.token",
            provider_refresh_token="1//refresh",
            created_at=EPOCH + timedelta(seconds=30),
        )
        flows.add(answered)
        assert flows.take_by_state(flow.state_hash) is None
        assert answered == flows.take_by_auth_code("a" * 64)
        assert flows.take_by_auth_code("a" * 64) is None

    def test_adding_again_replaces(self, flows: FlowStateStore) -> None:
        """Storing a flow with a known id replaces it."""
        flows.add(a_flow())
        replaced = a_flow(redirect_to="http://127.0.0.1:8000/elsewhere")
        flows.add(replaced)
        assert replaced == flows.take_by_state(replaced.state_hash)

    def test_long_abandoned_flows_are_forgotten(self, flows: FlowStateStore) -> None:
        """Adding a flow deletes flows created more than two lifetimes before it."""
        old = a_flow(1)
        flows.add(old)
        flows.add(a_flow(2, created_at=EPOCH + 2 * FLOW_STATE_LIFETIME + timedelta(seconds=1)))
        assert flows.take_by_state(old.state_hash) is None

    def test_racing_takes_hand_the_flow_to_one(self, flows: FlowStateStore) -> None:
        """Eight concurrent takes of one auth code: exactly one gets the flow."""
        flows.add(a_flow(auth_code_hash="b" * 64, user_id="00000000-0000-4000-8000-00000000000c"))
        with ThreadPoolExecutor(8) as pool:
            taken = list(pool.map(lambda _: flows.take_by_auth_code("b" * 64), range(8)))
        assert 1 == sum(flow is not None for flow in taken)


class FlowStateContract(_Flows):
    """Every rule of a flow state store. A subclass gives it a ``flows`` fixture answering a
    new, empty store."""
