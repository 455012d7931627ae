"""The payment sandbox over HTTP, mounted only when ``DESIGNCORE_PAYMENTS_BACKEND=sandbox``.

Paystack-shaped endpoints under ``/sandbox/paystack`` and the checkout page
(``controller``), their typed bodies and answers (``schemas``), the checkout page's HTML
(``page``, from ``checkout.html``/``.js``/``.css`` beside it), and the sandbox shop at
``/sandbox/merchant`` (``merchant``, from ``merchant.html``/``.js``/``.css``).
"""

from designcore.app.http.sandbox.common import API_PREFIX, CHECKOUT_PATH
from designcore.app.http.sandbox.controller import SandboxController
from designcore.app.http.sandbox.merchant import MerchantController

__all__ = ["API_PREFIX", "CHECKOUT_PATH", "MerchantController", "SandboxController"]
