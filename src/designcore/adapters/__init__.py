"""Adapters: one package per technology. Only ``designcore.app`` imports them."""
