"""copas_ai: a fast, strong Hearts ("Copas") engine with a C++ core."""

from pathlib import Path as _Path

from copas_ai import _checkout

if _checkout.is_unbuilt(_Path(__file__).resolve().parent):
    # The repository's source folder was found first (see _checkout.py): the installed
    # build takes its place in sys.modules, and nothing more is read from this folder.
    _checkout.installed_instead(_Path(__file__).resolve().parent)
else:
    from copas_ai._api import *  # noqa: F401,F403
    from copas_ai._api import __all__, __version__  # noqa: F401
