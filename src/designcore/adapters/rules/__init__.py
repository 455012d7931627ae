"""Adapters that answer by the domain's own rules, with no model and no network."""
