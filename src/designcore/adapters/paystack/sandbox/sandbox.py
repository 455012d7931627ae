"""``PaystackSandbox``: an emulator of the parts of Paystack designcore uses.

It keeps transactions through the ``SandboxTransactionRepository`` port (in the database beside
the rest of the product, so every worker, a restart and the command line see the same sandbox;
in memory for ``memory://``), applies the test-card rules of :mod:`.cards`, and announces every
completed charge with a signed webhook. Each change is a compare-and-set on the transaction's
version, retried from a fresh read, so two processes charging one transaction cannot both win.
Refusals raise :class:`PaystackError` carrying Paystack's HTTP status, wording and a code, so the
HTTP shell answers ``{"status": false, "message": …, "code": …}`` with it and
:class:`~.gateway.SandboxGateway` translates it into the port's errors.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import secrets
import threading
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeVar
from urllib.parse import quote, urlsplit

import attrs

from designcore.adapters.paystack.sandbox.cards import (
    TEST_OTP,
    CardOutcome,
    CardRefused,
    TestCard,
    check_card,
    parse_expiry,
)
from designcore.adapters.paystack.sandbox.webhooks import (
    SignedEvent,
    WebhookDispatcher,
    signed_event,
)
from designcore.domain.errors import Conflict
from designcore.domain.sandbox import SandboxCard, SandboxTransaction
from designcore.ports.payments import SandboxTransactionRepository

SUPPORTED_CURRENCIES = ("NGN", "GHS", "ZAR", "KES", "USD")
"""Currencies the sandbox merchant accepts."""

DEFAULT_CHANNELS = ("card", "bank_transfer", "apple_pay")
"""Payment channels of a transaction that names none."""

KNOWN_CHANNELS = frozenset(
    {"card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "eft", "apple_pay"}
)

OTP_ATTEMPTS = 3
"""Wrong one-time passwords allowed before the charge fails."""

MAX_AMOUNT = 10**12
"""Largest amount (in the minor unit) the sandbox takes: ten billion naira."""

CHANGE_ATTEMPTS = 8
"""How often a change is decided again after another process changed the transaction first."""

_EMAIL = re.compile(r"^[^@\s]{1,64}@[^@\s]+\.[^@\s]+$")
_REFERENCE = re.compile(r"[A-Za-z0-9.=-]{1,100}")
"""Paystack's documented reference alphabet: letters, digits, ``-``, ``.`` and ``=``."""
_T = TypeVar("_T")

ChargeStatus = Literal["success", "failed", "send_otp", "pending"]


class PaystackError(Exception):
    """A refusal, as Paystack words it: the HTTP status, the message and a stable code."""

    def __init__(self, http_status: int, message: str, code: str) -> None:
        super().__init__(message)
        self.http_status = http_status
        self.message = message
        self.code = code


@attrs.frozen(kw_only=True)
class ChargeResult:
    """What a charge attempt did."""

    status: ChargeStatus
    """``success``, ``failed``, ``send_otp`` (enter the OTP next) or ``pending`` (bank
    transfer awaiting the money)."""
    message: str
    """For the customer: the gateway response or the next step."""
    transaction: SandboxTransaction


def _iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + (
        f"{moment.microsecond // 1000:03d}Z"
    )


def _fees(amount: int, currency: str) -> int:
    """Paystack's local card fee: 1.5 %, plus ₦100 from ₦2,500, capped at ₦2,000."""
    if currency != "NGN":
        return round(amount * 0.039)
    fee = round(amount * 0.015) + (10_000 if amount >= 250_000 else 0)
    return min(fee, 200_000)


def _customer(email: str) -> dict[str, Any]:
    digest = hashlib.sha256(email.lower().encode()).hexdigest()
    return {
        "id": int(digest[:8], 16),
        "first_name": None,
        "last_name": None,
        "email": email,
        "customer_code": "CUS_" + digest[:15],
        "phone": None,
        "metadata": None,
        "risk_action": "default",
        "international_format_phone": None,
    }


def _authorization(transaction: SandboxTransaction) -> dict[str, Any]:
    card = transaction.card
    if card is None or transaction.status != "success":
        return {}
    seed = f"{transaction.reference}:{card.last4}".encode()
    return {
        "authorization_code": "AUTH_" + hashlib.sha256(seed).hexdigest()[:10],
        "bin": card.bin,
        "last4": card.last4,
        "exp_month": f"{card.exp_month:02d}",
        "exp_year": str(card.exp_year),
        "channel": "card",
        "card_type": f"{card.brand} ",
        "bank": "TEST BANK",
        "country_code": "NG",
        "brand": card.brand,
        "reusable": True,
        "signature": "SIG_" + hashlib.sha256(card.bin.encode() + seed).hexdigest()[:20],
        "account_name": None,
    }


def transaction_json(transaction: SandboxTransaction) -> dict[str, Any]:
    """The transaction as Paystack's verify answer and webhook events carry it (``data``)."""
    paid = transaction.status == "success"
    return {
        "id": transaction.id,
        "domain": "test",
        "status": transaction.status,
        "reference": transaction.reference,
        "receipt_number": None,
        "amount": transaction.amount,
        "message": None,
        "gateway_response": transaction.gateway_response,
        "paid_at": _iso(transaction.paid_at),
        "created_at": _iso(transaction.created_at),
        "channel": transaction.channel or "card",
        "currency": transaction.currency,
        "ip_address": transaction.ip_address,
        "metadata": copy.deepcopy(dict(transaction.metadata)) if transaction.metadata else "",
        "log": copy.deepcopy(dict(transaction.log)) if transaction.log else None,
        "fees": _fees(transaction.amount, transaction.currency) if paid else None,
        "fees_split": None,
        "authorization": _authorization(transaction),
        "customer": _customer(transaction.email),
        "plan": None,
        "split": {},
        "order_id": None,
        "paidAt": _iso(transaction.paid_at),
        "createdAt": _iso(transaction.created_at),
        "requested_amount": transaction.amount,
        "pos_transaction_data": None,
        "source": None,
        "fees_breakdown": None,
        "transaction_date": _iso(transaction.created_at),
        "plan_object": {},
        "subaccount": {},
    }


class PaystackSandbox:
    """The emulator, over ``transactions`` (the repository every process shares).
    ``public_key``/``secret_key`` must be test keys (``pk_test_…``, ``sk_test_…``).
    ``webhook_url`` receives every ``charge.success``/``charge.failed`` event (``None``: no
    delivery; :meth:`events` still records them). ``checkout_url`` is the checkout page, which
    ``authorization_url`` points at."""

    def __init__(
        self,
        *,
        transactions: SandboxTransactionRepository,
        public_key: str,
        secret_key: str,
        webhook_url: str | None = None,
        checkout_url: str = "http://127.0.0.1:8000/sandbox/checkout/popup",
        merchant_name: str = "designcore (sandbox)",
        clock: Callable[[], datetime] | None = None,
        dispatcher: WebhookDispatcher | None = None,
        keep_events: int = 1000,
    ) -> None:
        if not public_key.startswith("pk_test_") or len(public_key) < 12:
            raise ValueError("the sandbox public key must be a test key: pk_test_…")
        if not secret_key.startswith("sk_test_") or len(secret_key) < 12:
            raise ValueError("the sandbox secret key must be a test key: sk_test_…")
        self.public_key = public_key
        self.secret_key = secret_key
        self.checkout_url = checkout_url
        self.merchant_name = merchant_name
        self._transactions = transactions
        self._clock = clock or (lambda: datetime.now(UTC))
        self._events_lock = threading.Lock()
        self._events: deque[SignedEvent] = deque(maxlen=keep_events)
        if dispatcher is None and webhook_url:
            dispatcher = WebhookDispatcher(webhook_url)
        self.dispatcher = dispatcher

    # -- keys --------------------------------------------------------------------------------

    def check_secret_key(self, authorization: str | None) -> None:
        """Refuse (401) unless ``authorization`` is ``Bearer <secret key>``."""
        self._check_bearer(authorization, self.secret_key)

    def check_public_key(self, authorization: str | None) -> None:
        """Refuse (401) unless ``authorization`` is ``Bearer <public key>`` (the
        ``merchant_key`` the log calls carry)."""
        self._check_bearer(authorization, self.public_key)

    @staticmethod
    def _check_bearer(authorization: str | None, key: str) -> None:
        if not authorization:
            raise PaystackError(401, "Authorization header required", "missing_key")
        scheme, _, token = authorization.strip().partition(" ")
        if scheme.lower() != "bearer" or not secrets.compare_digest(
            token.strip().encode(), key.encode()
        ):
            raise PaystackError(401, "Invalid key", "invalid_key")

    # -- creating and reading ----------------------------------------------------------------

    def initialize(
        self,
        *,
        email: object,
        amount: object,
        currency: object = "NGN",
        reference: object = None,
        callback_url: object = None,
        metadata: object = None,
        channels: object = None,
        label: object = None,
    ) -> SandboxTransaction:
        """Create a transaction (Paystack ``transaction/initialize``). Values are checked
        here, so raw JSON values may be passed; a reference already used is refused with
        ``Duplicate Transaction Reference``, one outside Paystack's alphabet (letters, digits,
        ``-``, ``.``, ``=``) with ``invalid_reference``."""
        checked_email = _check_email(email)
        checked_amount = _check_amount(amount)
        checked_currency = _check_currency(currency)
        checked_metadata = _check_metadata(metadata)
        checked_channels = _check_channels(channels)
        checked_callback = _check_callback_url(callback_url)
        if label is not None and not isinstance(label, str):
            raise PaystackError(400, "Invalid parameter type: label", "invalid")
        checked_label = label if isinstance(label, str) else None
        if (
            reference is not None
            and reference != ""
            and (not isinstance(reference, str) or not _REFERENCE.fullmatch(reference))
        ):
            raise PaystackError(
                400,
                "Invalid transaction reference: only alphanumeric characters, '-', '.' "
                "and '=' are allowed",
                "invalid_reference",
            )
        chosen = reference if isinstance(reference, str) and reference else None
        for _ in range(CHANGE_ATTEMPTS):
            transaction = SandboxTransaction(
                id=_new_id(),
                reference=chosen or secrets.token_hex(5),
                access_code=_new_access_code(),
                amount=checked_amount,
                currency=checked_currency,
                email=checked_email,
                metadata=checked_metadata,
                channels=checked_channels,
                callback_url=checked_callback,
                label=checked_label,
                created_at=self._clock(),
            )
            try:
                self._transactions.add(transaction)
            except Conflict as clash:
                if clash.code == "duplicate_reference" and chosen is not None:
                    raise PaystackError(
                        400, "Duplicate Transaction Reference", "duplicate_reference"
                    ) from None
                continue  # a generated id, access code or reference was taken: draw again
            return transaction
        raise PaystackError(500, "Could not create the transaction; try again", "conflict")

    def authorization_url(self, transaction: SandboxTransaction) -> str:
        """The checkout page of a transaction."""
        return f"{self.checkout_url}?access_code={quote(transaction.access_code)}"

    def by_reference(self, reference: object) -> SandboxTransaction:
        """A transaction by reference (404 ``Transaction reference not found``)."""
        found = self._transactions.by_reference(reference) if isinstance(reference, str) else None
        if found is None:
            raise PaystackError(404, "Transaction reference not found", "unknown_reference")
        return found

    def by_access_code(self, access_code: object) -> SandboxTransaction:
        """A transaction by access code (404 ``Invalid access code``)."""
        found = (
            self._transactions.by_access_code(access_code) if isinstance(access_code, str) else None
        )
        if found is None:
            raise PaystackError(404, "Invalid access code", "unknown_access_code")
        return found

    def by_id(self, transaction_id: object) -> SandboxTransaction:
        """A transaction by id, an integer or its digits (404 ``Transaction not found``)."""
        number: int | None = None
        if isinstance(transaction_id, int) and not isinstance(transaction_id, bool):
            number = transaction_id
        elif isinstance(transaction_id, str) and transaction_id.isdigit():
            number = int(transaction_id)
        found = (
            self._transactions.by_id(number) if number is not None and 0 < number < 2**63 else None
        )
        if found is None:
            raise PaystackError(404, "Transaction not found", "unknown_transaction")
        return found

    def request_inline(self, params: Mapping[str, Any]) -> SandboxTransaction:
        """``checkout/request_inline``: the popup script's transaction parameters (public key
        in ``key``) create a transaction, or name an existing one by ``accessCode``."""
        if params.get("key") != self.public_key:
            raise PaystackError(401, "Invalid key", "invalid_key")
        access_code = params.get("accessCode", params.get("access_code"))
        if access_code is not None:
            return self.by_access_code(access_code)
        return self.initialize(
            email=params.get("email"),
            amount=params.get("amount"),
            currency=params.get("currency") or "NGN",
            reference=params.get("reference", params.get("ref")),
            metadata=params.get("metadata"),
            channels=params.get("channels"),
            label=params.get("label"),
            callback_url=params.get("callback_url"),
        )

    def inline_json(self, transaction: SandboxTransaction) -> dict[str, Any]:
        """What ``request_inline`` and ``verify_access_code`` answer in ``data``."""
        return {
            "id": transaction.id,
            "access_code": transaction.access_code,
            "reference": transaction.reference,
            "transaction_status": transaction.status,
            "channels": list(transaction.channels),
            "merchant_id": 1,
            "merchant_key": self.public_key,
            "merchant_name": self.merchant_name,
            "merchant_logo": "",
            "email": transaction.email,
            "amount": transaction.amount,
            "currency": transaction.currency,
            "label": transaction.label,
            "domain": "test",
            "plan_details": None,
            "link_config": {"enabled": False, "has_payment_instruments": False},
            "log": copy.deepcopy(dict(transaction.log)) if transaction.log else None,
        }

    def update_log(self, transaction_id: object, payload: object) -> SandboxTransaction:
        """``transaction/update_log/{id}``: keep the popup's payment log (``payload`` is the
        log as a JSON string, or an object)."""
        log = payload
        if isinstance(payload, str):
            try:
                log = json.loads(payload)
            except ValueError:
                raise PaystackError(400, "Invalid payload: JSON expected", "invalid") from None
        if not isinstance(log, dict):
            raise PaystackError(400, "Invalid payload: a log object expected", "invalid")
        return self._change(
            lambda: self.by_id(transaction_id),
            lambda current: _same(attrs.evolve(current, log=copy.deepcopy(log))),
        )

    def set_ip(self, transaction_id: object, ip_address: str | None) -> SandboxTransaction:
        """``transaction/set_ip/{id}``: remember the customer's address."""
        return self._change(
            lambda: self.by_id(transaction_id),
            lambda current: _same(attrs.evolve(current, ip_address=ip_address)),
        )

    # -- charging ----------------------------------------------------------------------------

    def charge_card(
        self, access_code: object, *, number: object, cvv: object, expiry: object
    ) -> ChargeResult:
        """Charge a test card: success, declined, insufficient funds, or ``send_otp``."""

        def decide(current: SandboxTransaction) -> tuple[SandboxTransaction, ChargeResult]:
            transaction = self._chargeable(current, "card")
            try:
                card = check_card(number, cvv, expiry, self._clock())
            except CardRefused as refused:
                raise PaystackError(400, str(refused), "invalid_card") from None
            attempted = attrs.evolve(transaction, channel="card", card=_card_of(card, str(expiry)))
            if card.outcome is CardOutcome.OTP:
                updated = attrs.evolve(
                    attempted,
                    status="ongoing",
                    gateway_response="Awaiting OTP",
                    otp_attempts_left=OTP_ATTEMPTS,
                )
                return updated, ChargeResult(
                    status="send_otp",
                    message="Enter the OTP sent to your phone (sandbox: 123456)",
                    transaction=updated,
                )
            if card.outcome is CardOutcome.SUCCESS:
                return self._finish(attempted, success=True, response="Successful")
            response = "Declined" if card.outcome is CardOutcome.DECLINED else "Insufficient Funds"
            return self._finish(attempted, success=False, response=response)

        return self._charge(lambda: self.by_access_code(access_code), decide)

    def submit_otp(self, access_code: object, otp: object) -> ChargeResult:
        """Complete an OTP card's charge: :data:`TEST_OTP` succeeds; a wrong one asks again,
        and the charge fails after :data:`OTP_ATTEMPTS` wrong ones."""

        def decide(transaction: SandboxTransaction) -> tuple[SandboxTransaction, ChargeResult]:
            if transaction.status != "ongoing" or transaction.otp_attempts_left <= 0:
                raise PaystackError(400, "No OTP was requested for this transaction", "no_otp")
            if not isinstance(otp, str) or not otp.strip().isdigit():
                raise PaystackError(400, "Invalid OTP: digits expected", "invalid_otp")
            if secrets.compare_digest(otp.strip().encode(), TEST_OTP.encode()):
                return self._finish(transaction, success=True, response="Approved")
            left = transaction.otp_attempts_left - 1
            if left <= 0:
                return self._finish(
                    attrs.evolve(transaction, otp_attempts_left=0),
                    success=False,
                    response="Token Validation Failed",
                )
            updated = attrs.evolve(transaction, otp_attempts_left=left)
            return updated, ChargeResult(
                status="send_otp",
                message=f"Incorrect OTP: {left} attempt{'s' if left > 1 else ''} left",
                transaction=updated,
            )

        return self._charge(lambda: self.by_access_code(access_code), decide)

    def start_bank_transfer(self, access_code: object) -> ChargeResult:
        """Pay by bank transfer: the transaction becomes ``pending`` until
        :meth:`complete_bank_transfer` says the money arrived (or did not)."""

        def decide(current: SandboxTransaction) -> tuple[SandboxTransaction, ChargeResult]:
            transaction = self._chargeable(current, "bank_transfer")
            account = f"99{transaction.id % 10**8:08d}"
            updated = attrs.evolve(
                transaction,
                status="pending",
                channel="bank_transfer",
                gateway_response="Awaiting transfer",
                transfer_account=account,
                card=None,
            )
            return updated, ChargeResult(
                status="pending",
                message=(
                    f"Transfer {_display_amount(updated.amount, updated.currency)} to "
                    f"Sandbox Bank, account {account}. We will confirm it when it arrives."
                ),
                transaction=updated,
            )

        return self._charge(lambda: self.by_access_code(access_code), decide)

    def complete_bank_transfer(self, reference: object, *, success: bool = True) -> ChargeResult:
        """The sandbox control that settles a pending bank transfer (and sends the webhook)."""

        def decide(transaction: SandboxTransaction) -> tuple[SandboxTransaction, ChargeResult]:
            if transaction.status != "pending":
                raise PaystackError(
                    400, "No bank transfer is pending for this transaction", "not_pending"
                )
            if success:
                return self._finish(transaction, success=True, response="Successful")
            return self._finish(transaction, success=False, response="Transfer not received")

        return self._charge(lambda: self.by_reference(reference), decide)

    def applepay_validate_session(
        self, transaction_id: object, session_url: object, display_name: object, domain: object
    ) -> dict[str, Any]:
        """``applepay/validate-session/``: a stand-in merchant session for an Apple
        validation URL (``https://….apple.com/…``) on a transaction that offers Apple Pay."""
        transaction = self.by_id(transaction_id)
        if "apple_pay" not in transaction.channels:
            raise PaystackError(400, "Apple Pay is not enabled for this transaction", "channel")
        host = urlsplit(session_url).hostname if isinstance(session_url, str) else None
        if (
            not isinstance(session_url, str)
            or urlsplit(session_url).scheme != "https"
            or not host
            or not (host == "apple.com" or host.endswith(".apple.com"))
        ):
            raise PaystackError(400, "Invalid sessionUrl: an Apple validation URL", "invalid")
        if not isinstance(display_name, str) or not isinstance(domain, str) or not domain:
            raise PaystackError(400, "displayName and domainName are required", "invalid")
        now = self._clock()
        return {
            "epochTimestamp": int(now.timestamp() * 1000),
            "expiresAt": int((now + timedelta(minutes=5)).timestamp() * 1000),
            "merchantSessionIdentifier": "SSH_SANDBOX_" + secrets.token_hex(8).upper(),
            "nonce": secrets.token_hex(4),
            "merchantIdentifier": "merchant.sandbox.designcore",
            "domainName": domain,
            "displayName": display_name,
            "signature": "sandbox",
        }

    def applepay_charge(self, transaction_id: object, payment_object: object) -> ChargeResult:
        """``applepay/charge``: a payment object (JSON) with a ``token`` succeeds, unless its
        token says ``"sandbox_outcome": "declined"``."""
        parsed = payment_object
        if isinstance(payment_object, str):
            try:
                parsed = json.loads(payment_object)
            except ValueError:
                raise PaystackError(
                    400, "Invalid paymentObject: JSON expected", "invalid"
                ) from None
        if not isinstance(parsed, dict) or not isinstance(parsed.get("token"), dict):
            raise PaystackError(400, "Invalid paymentObject: a token expected", "invalid")
        declined = parsed["token"].get("sandbox_outcome") == "declined"

        def decide(current: SandboxTransaction) -> tuple[SandboxTransaction, ChargeResult]:
            transaction = self._chargeable(current, "apple_pay")
            attempted = attrs.evolve(transaction, channel="apple_pay", card=None)
            if declined:
                return self._finish(attempted, success=False, response="Declined")
            return self._finish(attempted, success=True, response="Successful")

        return self._charge(lambda: self.by_id(transaction_id), decide)

    # -- webhooks ----------------------------------------------------------------------------

    def events(self) -> list[SignedEvent]:
        """Every webhook event this process produced (latest ``keep_events``), oldest first,
        whether or not it was delivered: tests read them instead of receiving them."""
        with self._events_lock:
            return list(self._events)

    def flush_webhooks(self, timeout: float = 10.0) -> bool:
        """Wait for queued webhook deliveries; ``True`` when none is left."""
        return True if self.dispatcher is None else self.dispatcher.flush(timeout)

    def close(self) -> None:
        """Stop the webhook thread (after it sent what is queued)."""
        if self.dispatcher is not None:
            self.dispatcher.close()

    # -- internals ---------------------------------------------------------------------------

    def _change(
        self,
        find: Callable[[], SandboxTransaction],
        decide: Callable[[SandboxTransaction], tuple[SandboxTransaction, _T]],
    ) -> _T:
        """Read, decide, store over the version read; when another process changed the
        transaction first, read and decide again. ``decide`` may raise a refusal."""
        for _ in range(CHANGE_ATTEMPTS):
            current = find()
            updated, outcome = decide(current)
            if self._transactions.replace(current, updated):
                return outcome
        raise PaystackError(409, "The transaction is busy; try again", "busy")

    def _charge(
        self,
        find: Callable[[], SandboxTransaction],
        decide: Callable[[SandboxTransaction], tuple[SandboxTransaction, ChargeResult]],
    ) -> ChargeResult:
        """A change that may complete the charge: its webhook goes out once it is stored."""
        result = self._change(find, decide)
        if result.status in ("success", "failed"):
            event = signed_event(
                f"charge.{result.status}", transaction_json(result.transaction), self.secret_key
            )
            with self._events_lock:
                self._events.append(event)
            if self.dispatcher is not None:
                self.dispatcher.submit(event)
        return result

    def _chargeable(self, transaction: SandboxTransaction, channel: str) -> SandboxTransaction:
        if transaction.status == "success":
            raise PaystackError(400, "Transaction has already been paid", "already_paid")
        if transaction.status == "pending":
            raise PaystackError(
                400, "A bank transfer for this transaction awaits confirmation", "pending"
            )
        if channel not in transaction.channels:
            raise PaystackError(
                400, f"The {channel} channel is not enabled for this transaction", "channel"
            )
        return attrs.evolve(transaction, otp_attempts_left=0)

    def _finish(
        self, transaction: SandboxTransaction, *, success: bool, response: str
    ) -> tuple[SandboxTransaction, ChargeResult]:
        now = self._clock()
        finished = attrs.evolve(
            transaction,
            status="success" if success else "failed",
            gateway_response=response,
            paid_at=now if success else None,
            otp_attempts_left=0,
        )
        return finished, ChargeResult(
            status="success" if success else "failed", message=response, transaction=finished
        )


def _same(transaction: SandboxTransaction) -> tuple[SandboxTransaction, SandboxTransaction]:
    """A change whose outcome is the changed transaction."""
    return transaction, transaction


def _new_id() -> int:
    """A ten-digit id, like Paystack's (a clash with a stored one is drawn again)."""
    return 1_000_000_000 + secrets.randbelow(9_000_000_000)


def _new_access_code() -> str:
    """Fifteen lowercase letters and digits (a clash with a stored one is drawn again)."""
    return secrets.token_urlsafe(11).replace("-", "x").replace("_", "y").lower()[:15]


def _card_of(card: TestCard, expiry: str) -> SandboxCard:
    month, year = parse_expiry(expiry)
    return SandboxCard(
        bin=card.number[:6],
        last4=card.number[-4:],
        exp_month=month,
        exp_year=year,
        brand=card.brand,
    )


def _check_callback_url(value: object) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or urlsplit(value).scheme not in ("http", "https"):
        raise PaystackError(400, "Invalid callback_url: an http(s) URL expected", "invalid")
    return value


def _display_amount(amount: int, currency: str) -> str:
    major = f"{amount // 100:,}.{amount % 100:02d}"
    return f"₦{major}" if currency == "NGN" else f"{currency} {major}"


def _check_email(value: object) -> str:
    if not isinstance(value, str) or not _EMAIL.match(value.strip()) or len(value) > 254:
        raise PaystackError(400, "Invalid Email Address Passed", "invalid_email")
    return value.strip()


def _check_amount(value: object) -> int:
    amount: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        amount = value
    elif isinstance(value, str) and value.strip().isdigit():
        amount = int(value.strip())
    if amount is None or not 0 < amount <= MAX_AMOUNT:
        raise PaystackError(400, "Invalid Amount Sent", "invalid_amount")
    return amount


def _check_currency(value: object) -> str:
    if not isinstance(value, str) or value.upper() not in SUPPORTED_CURRENCIES:
        raise PaystackError(400, "Currency not supported by merchant", "invalid_currency")
    return value.upper()


def _check_metadata(value: object) -> Mapping[str, Any] | None:
    if value is None or value == "":
        return None
    parsed = value
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            raise PaystackError(
                400, "Invalid metadata: a JSON object expected", "invalid"
            ) from None
    if not isinstance(parsed, dict):
        raise PaystackError(400, "Invalid metadata: a JSON object expected", "invalid")
    return copy.deepcopy(parsed)


def _check_channels(value: object) -> tuple[str, ...]:
    if value is None or value == []:
        return DEFAULT_CHANNELS
    if not isinstance(value, Sequence) or isinstance(value, str):
        raise PaystackError(400, "Invalid parameter type: channels", "invalid")
    channels = tuple(value)
    unknown = [c for c in channels if not isinstance(c, str) or c not in KNOWN_CHANNELS]
    if unknown:
        raise PaystackError(400, f"Invalid channels: {unknown!r}", "invalid")
    return channels
