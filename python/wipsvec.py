"""From a checkout, PYTHONPATH=python imports the package in python/src
(the one pip installs) through this file."""

import os as _os
import sys as _sys

_src = _os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "src")
if _src not in _sys.path:
    _sys.path.insert(0, _src)
del _sys.modules[__name__]
import wipsvec as _package  # noqa: E402  (the package, from src)

_sys.modules[__name__] = _package
