"""whtlab_deps - check the third-party modules before importing them, so a
missing one is one clear line naming its Debian package instead of a trace."""

import sys

DEBIAN_PACKAGE = {
    "numpy": "python3-numpy",
    "h5py": "python3-h5py",
    "matplotlib": "python3-matplotlib",
}


def require(prog, *modules):
    """Import each module or exit 1 naming the first missing one's package."""
    for name in modules:
        try:
            __import__(name)
        except ImportError:
            sys.stderr.write(
                "%s: Python module '%s' is missing for %s: install the Debian "
                "package %s (apt-get install %s)\n"
                % (prog, name, sys.executable, DEBIAN_PACKAGE[name], DEBIAN_PACKAGE[name]))
            sys.exit(1)
