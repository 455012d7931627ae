"""The Storage contract: memory, local directory and S3 (against a local emulator) alike."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from designcore.adapters.local_storage import LocalDirectoryStorage
from designcore.adapters.memory import InMemoryStorage
from designcore.adapters.s3 import S3Storage, create_s3_client
from designcore.ports.storage import Storage
from designcore.testing.contracts import StorageContract
from s3_emulator import ACCESS_KEY, REGION, SECRET_KEY, running_s3_emulator


@pytest.fixture(name="s3_endpoint", scope="session")
def fixture_s3_endpoint() -> Iterator[str]:
    """moto's S3 server on a free local port, for the whole session."""
    with running_s3_emulator() as endpoint:
        yield endpoint


@pytest.fixture(name="storage", params=["memory", "local", "s3"])
def fixture_storage(request: pytest.FixtureRequest, tmp_path: Path) -> Storage:
    """Every implementation of the storage port; each S3 test gets buckets of its own."""
    if request.param == "memory":
        return InMemoryStorage()
    if request.param == "local":
        return LocalDirectoryStorage(tmp_path / "storage")
    endpoint: str = request.getfixturevalue("s3_endpoint")
    client = create_s3_client(
        endpoint_url=endpoint,
        region=REGION,
        access_key_id=ACCESS_KEY,
        secret_access_key=SECRET_KEY,
    )
    return S3Storage(client, bucket_prefix=f"t{uuid.uuid4().hex[:10]}-", create_buckets=True)


class TestStorage(StorageContract):
    """The suite of designcore.testing.contracts on each implementation of the port."""
