"""Test-wide configuration: hypothesis profiles ('ci' by default, 'long' for deep runs).

Pick a profile with the environment variable ``HYPOTHESIS_PROFILE``, e.g.
``HYPOTHESIS_PROFILE=long pytest tests/rules/test_properties.py``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("long", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
