"""Ports: the protocols the domain and the use cases need from the world.

Each port has an in-memory implementation in ``designcore.adapters.memory`` and a contract suite
in ``tests/contract`` that every implementation passes.
"""
