"""Settings every test directory shares.

Hypothesis's default deadline fails an example that takes over 200 ms, which on a busy
machine is a matter of load, not of the code: no test here may depend on timing, so the
deadline is off for every property test (a test may still set its own settings).
"""

from hypothesis import settings

settings.register_profile("vncards", deadline=None)
settings.load_profile("vncards")
