"""Secrets sealed at rest with Fernet (the ``cryptography`` package), with key rotation."""

from designcore.adapters.fernet.secret_box import FernetSecretBox, load_or_create_key_file

__all__ = ["FernetSecretBox", "load_or_create_key_file"]
