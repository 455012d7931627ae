"""Object storage in any S3-compatible service (AWS S3, MinIO, Ceph, R2, moto's server)."""

from designcore.adapters.s3.storage import S3Storage, create_s3_client, parse_bucket_map

__all__ = ["S3Storage", "create_s3_client", "parse_bucket_map"]
