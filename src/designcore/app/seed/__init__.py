"""Seed data for a fresh catalogue: the original starter templates."""
