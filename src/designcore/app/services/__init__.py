"""Use cases: orchestrate ports and domain rules. They import ports and the domain, never adapters."""

from designcore.app.services.catalogue import CatalogueService
from designcore.app.services.site_settings import SiteSettingsService

__all__ = ["CatalogueService", "SiteSettingsService"]
