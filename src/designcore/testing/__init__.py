"""designcore for other programs' tests: values, fakes and the ports' contract suites.

- :mod:`designcore.testing.strategies`: hypothesis strategies of every public domain value
  (extra ``testing``).
- :mod:`designcore.testing.fakes`: in-memory adapters, a fixed clock, the sandbox payment
  gateway and :func:`~designcore.testing.fakes.memory_container`.
- :mod:`designcore.testing.contracts`: each port's contract suite as a base test class (extra
  ``testing``).
- :mod:`designcore.testing.builders`: plain builders of valid values.

Importing this package imports none of them.
"""

__all__: list[str] = []
