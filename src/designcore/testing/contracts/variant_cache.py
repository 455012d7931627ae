"""The contract of :class:`~designcore.ports.images.VariantCache`: the resized and re-encoded
images kept beside the storage.

Subclass :class:`VariantCacheContract` and give it a ``cache`` fixture answering a new, empty
cache of your adapter.
"""

from __future__ import annotations

import hashlib
import threading
import time

from designcore.ports.images import Variant, VariantCache

__all__ = ["VariantCacheContract", "key"]


def key(text: str) -> str:
    """A cache key (the SHA-256 of ``text`` in hex)."""
    return hashlib.sha256(text.encode()).hexdigest()


class _VariantCache:
    def test_miss_then_hit(self, cache: VariantCache) -> None:
        """Nothing before a put; the same bytes and type after."""
        assert cache.get(key("o"), key("v")) is None
        cache.put(key("o"), key("v"), Variant(b"\x00AVIF\n bytes", "image/avif"))
        assert Variant(b"\x00AVIF\n bytes", "image/avif") == cache.get(key("o"), key("v"))

    def test_purge_forgets_one_object(self, cache: VariantCache) -> None:
        """purge removes every variant of one object and no other."""
        cache.put(key("o1"), key("a"), Variant(b"a", "image/png"))
        cache.put(key("o1"), key("b"), Variant(b"b", "image/png"))
        cache.put(key("o2"), key("a"), Variant(b"c", "image/png"))
        assert 2 == cache.purge(key("o1"))
        assert (None, None) == (cache.get(key("o1"), key("a")), cache.get(key("o1"), key("b")))
        assert Variant(b"c", "image/png") == cache.get(key("o2"), key("a"))
        assert 0 == cache.purge(key("o1"))

    def test_put_replaces(self, cache: VariantCache) -> None:
        """A second put under the same key replaces the first."""
        cache.put(key("o"), key("v"), Variant(b"1", "image/png"))
        cache.put(key("o"), key("v"), Variant(b"2", "image/webp"))
        assert Variant(b"2", "image/webp") == cache.get(key("o"), key("v"))

    def test_readers_never_see_a_partial_variant(self, cache: VariantCache) -> None:
        """While one thread rewrites a large variant, readers see nothing or a whole one."""
        big = [Variant(bytes([n]) * 2_000_000, "image/png") for n in range(2)]
        seen: list[bool] = []
        done = threading.Event()

        def read() -> None:
            while not done.is_set():
                found = cache.get(key("o"), key("v"))
                seen.append(found is None or found in big)

        reader = threading.Thread(target=read)
        reader.start()
        for n in range(20):
            cache.put(key("o"), key("v"), big[n % 2])
        done.set()
        reader.join()
        assert all(seen)

    def test_trim_drops_the_least_recently_used(self, cache: VariantCache) -> None:
        """trim keeps the most recently used variants that fit the budget: a variant read
        lately survives one written later but never read."""
        for name in ("a", "b", "c"):
            cache.put(key("o"), key(name), Variant(bytes(1000), "image/png"))
            time.sleep(0.02)  # file times have a coarse grain
        assert cache.get(key("o"), key("a")) is not None
        time.sleep(0.02)
        assert 1 == cache.trim(2050)
        assert [True, False, True] == [cache.get(key("o"), key(n)) is not None for n in "abc"]
        assert 2 == cache.trim(0)
        assert 0 == cache.trim(0)


class VariantCacheContract(_VariantCache):
    """Every rule of a variant cache. A subclass gives it a ``cache`` fixture answering a new,
    empty cache."""
