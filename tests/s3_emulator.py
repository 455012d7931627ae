"""A local S3 emulator for tests: moto's server on a free port, in a thread of the test process.

No network leaves the machine: the server listens on 127.0.0.1 and clients get dummy keys.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from moto.server import ThreadedMotoServer

ACCESS_KEY = "test-access-key"
SECRET_KEY = "test-secret-key"
REGION = "us-east-1"


@contextmanager
def running_s3_emulator() -> Iterator[str]:
    """Start moto's server on a port the OS picks; yield its endpoint URL; stop it."""
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    try:
        yield f"http://{host}:{port}"
    finally:
        server.stop()
