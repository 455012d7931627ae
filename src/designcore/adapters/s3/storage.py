"""The ``Storage`` port over the S3 API, through boto3.

Each of our buckets maps to one S3 bucket: an explicit mapping first, else a configured prefix
plus our name. botocore errors never leave this module: a missing key or bucket becomes
``NotFound``, a failed create-only put ``Conflict``, and anything else from the service or the
network ``Unavailable``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from designcore.domain.errors import Conflict, NotFound, Unavailable, ValidationFailed
from designcore.domain.storage import check_object_name, check_prefix
from designcore.ports.storage import ObjectInfo, StoredObject

if TYPE_CHECKING:
    from mypy_boto3_s3 import S3Client

_MISSING = {"404", "NoSuchKey", "NoSuchBucket", "NotFound"}
_TAKEN = {"PreconditionFailed", "412", "ConditionalRequestConflict", "409"}
_DEFAULT_TYPE = "application/octet-stream"


def create_s3_client(
    *,
    endpoint_url: str | None,
    region: str,
    access_key_id: str | None,
    secret_access_key: str | None,
    timeout_seconds: float = 10.0,
) -> S3Client:
    """A boto3 S3 client. With an endpoint URL (an S3-compatible service) requests use path-style
    addressing, which every such service understands; without one, AWS's own endpoints.
    Without keys, boto3's usual credential chain applies."""
    config = Config(
        region_name=region,
        connect_timeout=timeout_seconds,
        read_timeout=timeout_seconds,
        retries={"max_attempts": 3, "mode": "standard"},
        s3={"addressing_style": "path" if endpoint_url else "auto"},
    )
    client: S3Client = boto3.session.Session().client(
        "s3",
        endpoint_url=endpoint_url or None,
        aws_access_key_id=access_key_id or None,
        aws_secret_access_key=secret_access_key or None,
        config=config,
    )
    return client


def parse_bucket_map(text: str) -> dict[str, str]:
    """``"ours=theirs,other=elsewhere"`` as a dict; raise ``ValueError`` on a malformed entry."""
    found: dict[str, str] = {}
    for entry in (part.strip() for part in text.split(",")):
        if not entry:
            continue
        ours, sep, theirs = (side.strip() for side in entry.partition("="))
        if not sep or not ours or not theirs:
            raise ValueError(f"expected bucket=s3-bucket pairs separated by commas, got {entry!r}")
        found[ours] = theirs
    return found


def _code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", ""))


def _etag(raw: object) -> str:
    return str(raw or "").strip('"')


class S3Storage:
    """Keeps each object as one S3 object (single-part ``PutObject``, so its ETag is the MD5)."""

    def __init__(
        self,
        client: S3Client,
        *,
        bucket_prefix: str = "",
        bucket_map: Mapping[str, str] | None = None,
        create_buckets: bool = False,
    ) -> None:
        """``create_buckets``: create a missing S3 bucket on the first write to it (handy for
        development and emulators; in production make the buckets beforehand)."""
        self._client = client
        self._prefix = bucket_prefix
        self._map = dict(bucket_map or {})
        self._create = create_buckets

    def s3_bucket(self, bucket: str) -> str:
        """The S3 bucket that holds our ``bucket``."""
        return self._map.get(bucket, self._prefix + bucket)

    def _unavailable(self, error: Exception) -> Unavailable:
        return Unavailable(f"object storage did not answer: {error}", code="storage_unavailable")

    def _create_bucket(self, name: str) -> None:
        region = self._client.meta.region_name
        options: dict[str, Any] = {}
        if region and region != "us-east-1":
            options["CreateBucketConfiguration"] = {"LocationConstraint": region}
        try:
            self._client.create_bucket(Bucket=name, **options)
        except ClientError as error:
            if _code(error) not in {"BucketAlreadyOwnedByYou", "BucketAlreadyExists"}:
                raise self._unavailable(error) from None

    def put(
        self, bucket: str, path: str, data: bytes, content_type: str, *, overwrite: bool = True
    ) -> ObjectInfo:
        """Store an object; create-only puts send ``If-None-Match: *``."""
        bucket, path = check_object_name(bucket, path)
        name = self.s3_bucket(bucket)
        options: dict[str, Any] = {} if overwrite else {"IfNoneMatch": "*"}
        for attempt in (1, 2):
            try:
                answer = self._client.put_object(
                    Bucket=name, Key=path, Body=bytes(data), ContentType=content_type, **options
                )
                return ObjectInfo(bucket, path, len(data), content_type, _etag(answer["ETag"]))
            except ClientError as error:
                code = _code(error)
                if code in _TAKEN:
                    raise Conflict(
                        f"object {bucket}/{path} already exists", code="object_exists"
                    ) from None
                if code == "NoSuchBucket" and self._create and attempt == 1:
                    self._create_bucket(name)
                    continue
                if code == "NoSuchBucket":
                    raise NotFound(f"no bucket {bucket}", code="bucket_not_found") from None
                raise self._unavailable(error) from None
            except BotoCoreError as error:
                raise self._unavailable(error) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def get(self, bucket: str, path: str) -> StoredObject:
        """Read an object."""
        bucket, path = check_object_name(bucket, path)
        try:
            answer = self._client.get_object(Bucket=self.s3_bucket(bucket), Key=path)
            data = answer["Body"].read()
        except ClientError as error:
            if _code(error) in _MISSING:
                raise NotFound(f"no object {bucket}/{path}", code="object_not_found") from None
            raise self._unavailable(error) from None
        except BotoCoreError as error:
            raise self._unavailable(error) from None
        return StoredObject(
            data, answer.get("ContentType") or _DEFAULT_TYPE, _etag(answer.get("ETag"))
        )

    def stat(self, bucket: str, path: str) -> ObjectInfo:
        """``HeadObject``."""
        bucket, path = check_object_name(bucket, path)
        try:
            answer = self._client.head_object(Bucket=self.s3_bucket(bucket), Key=path)
        except ClientError as error:
            if _code(error) in _MISSING:
                raise NotFound(f"no object {bucket}/{path}", code="object_not_found") from None
            raise self._unavailable(error) from None
        except BotoCoreError as error:
            raise self._unavailable(error) from None
        return ObjectInfo(
            bucket,
            path,
            int(answer.get("ContentLength", 0)),
            answer.get("ContentType") or _DEFAULT_TYPE,
            _etag(answer.get("ETag")),
        )

    def exists(self, bucket: str, path: str) -> bool:
        """Whether ``HeadObject`` finds it."""
        try:
            self.stat(bucket, path)
        except NotFound:
            return False
        return True

    def delete(self, bucket: str, path: str) -> bool:
        """``HeadObject`` then ``DeleteObject`` (S3's delete does not say whether there was an
        object, so the answer may be stale under a concurrent delete; the removal is not)."""
        existed = self.exists(bucket, path)
        try:
            self._client.delete_object(Bucket=self.s3_bucket(bucket), Key=path)
        except ClientError as error:
            if _code(error) in _MISSING:
                return False
            raise self._unavailable(error) from None
        except BotoCoreError as error:
            raise self._unavailable(error) from None
        return existed

    def list(self, bucket: str, prefix: str = "") -> list[ObjectInfo]:
        """``ListObjectsV2`` pages, then ``HeadObject`` per key for its media type (listings do not
        carry it), so list folders, not whole buckets."""
        bucket, prefix = check_prefix(bucket, prefix)
        keys: list[str] = []
        try:
            pages = self._client.get_paginator("list_objects_v2").paginate(
                Bucket=self.s3_bucket(bucket), Prefix=prefix
            )
            for page in pages:
                keys.extend(item["Key"] for item in page.get("Contents", []) if "Key" in item)
        except ClientError as error:
            if _code(error) in _MISSING:
                return []
            raise self._unavailable(error) from None
        except BotoCoreError as error:
            raise self._unavailable(error) from None
        found: list[ObjectInfo] = []
        for key in sorted(keys):
            try:
                found.append(self.stat(bucket, key))
            except (NotFound, ValidationFailed):
                continue  # deleted meanwhile, or written by another tool under a name we refuse
        return found
