"""Common-password checks backed by the frequency lists the ``zxcvbn`` package ships."""

from designcore.adapters.zxcvbn.common_passwords import ZxcvbnCommonPasswords

__all__ = ["ZxcvbnCommonPasswords"]
