"""Test-suite settings.

Hypothesis's per-example deadline is a timing assertion, and speed is
measured in ``benchmarks/``, never asserted by a test; on a loaded CI
machine a deadline only makes property tests flaky. So it is off.
"""

from hypothesis import settings

settings.register_profile("raise-the-sum", deadline=None, print_blob=True)
settings.load_profile("raise-the-sum")
