"""Password hashing with Argon2id (argon2-cffi)."""

from designcore.adapters.argon2.hasher import Argon2PasswordHasher

__all__ = ["Argon2PasswordHasher"]
