"""whtlab._errors - the package's exception, apart from the library loader so
that reading results files (whtlab.load) needs no libwht."""


class WhtlabError(ValueError):
    """A bad argument or a failed library call, with the library's one-line
    message (an unknown algorithm or format, a wrong dtype or length, a
    non-power-of-two n, a GPU asked for without one, ...)."""
