"""TOTP with pyotp."""

from designcore.adapters.pyotp.totp import PyOtpTotp

__all__ = ["PyOtpTotp"]
