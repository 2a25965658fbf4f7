"""whtlab._lib - loads libwht (the shared library of the C harness) through
ctypes and declares the functions the package calls.

Why ctypes and not a C extension: the package then needs no Python headers
and no compiler step of its own, the build tree's libwht.so is the one the
programs and tests use (the same bits by construction), and a researcher's
`PYTHONPATH=$PWD/python` in a built tree is all it takes. The price, a
Python-level call per array, is nothing against an O(n log n) transform.

Where the library is looked for, in order: $WHTLAB_LIBWHT (a path to
libwht.so*), the build tree the package sits in (../../lib/.libs), the
libdir it was installed for (_config.py, written by configure), then the
loader's own search path."""

import ctypes
import os

try:
    from . import _config
    _LIBDIR = _config.LIBDIR
except ImportError:  # the source tree of an out-of-tree build
    _LIBDIR = None


from ._errors import WhtlabError  # noqa: F401 - re-exported


def _candidates():
    env = os.environ.get("WHTLAB_LIBWHT")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    yield os.path.join(here, "..", "..", "lib", ".libs", "libwht.so.0")
    if _LIBDIR:
        yield os.path.join(_LIBDIR, "libwht.so.0")
    yield "libwht.so.0"


def _load():
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            errors.append("%s: no such file" % path)
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(str(e))
    raise ImportError("whtlab: libwht not found (%s); build the C library "
                      "(./quickstart or make) or set WHTLAB_LIBWHT" % "; ".join(errors))


lib = _load()

c_u64, c_dbl, c_int, c_uns, c_ptr, c_str = (ctypes.c_uint64, ctypes.c_double, ctypes.c_int,
                                             ctypes.c_uint, ctypes.c_void_p, ctypes.c_char_p)


class DD(ctypes.Structure):
    _fields_ = [("hi", c_dbl), ("lo", c_dbl)]


class OracleInfo(ctypes.Structure):
    _fields_ = [("prec", ctypes.c_long), ("fast_path", c_int), ("seconds", c_dbl),
                ("on_gpu", c_int), ("fallback", ctypes.c_char * 160)]


class Metrics(ctypes.Structure):
    _fields_ = [("max_abs", c_dbl), ("mean_abs", c_dbl), ("mean_rel", c_dbl), ("max_rel", c_dbl),
                ("norm_rel", c_dbl), ("max_ulp", c_dbl), ("n_zero", ctypes.c_int64),
                ("zero_miss", ctypes.c_int64), ("n_nonfinite", ctypes.c_int64), ("status", c_int)]


class AlgorithmInfo(ctypes.Structure):
    _fields_ = [("name", c_str), ("formats", c_uns), ("backends", c_uns), ("notes", c_str),
                ("bound_stage_factor", c_uns), ("bound_extra", c_uns), ("bound_normwise", c_uns),
                ("bound_block_factor", c_uns), ("bound_block_stages", c_uns)]


# wht_status values the package tells apart (lib/wht.h)
E_ALGORITHM, E_NO_BOUND = 3, 15


def _declare(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_declare("wht_strerror", c_str, c_int)
_declare("wht_format_from_name", c_int, c_str, ctypes.POINTER(c_int))
_declare("wht_round_to_format", c_dbl, c_dbl, c_int)
_declare("wht_store_doubles", c_int, c_int, c_ptr, c_ptr, ctypes.c_size_t)
_declare("wht_load_doubles", c_int, c_int, c_ptr, c_ptr, ctypes.c_size_t)
_declare("wht_algorithm_count", ctypes.c_size_t)
_declare("wht_algorithm_at", ctypes.POINTER(AlgorithmInfo), ctypes.c_size_t)
_declare("wht_format_unit_roundoff", c_dbl, c_int)
_declare("wht_format_precision", c_int, c_int)
_declare("wht_format_emax", c_int, c_int)
_declare("wht_error_bound", c_int, c_str, c_int, c_uns, c_int, ctypes.POINTER(c_dbl))
_declare("wht_plan_create_batched", c_ptr, c_u64, c_u64, c_int, c_str, c_int, c_uns, ctypes.POINTER(c_int))
_declare("wht_execute", c_int, c_ptr, c_ptr)
_declare("wht_plan_destroy", None, c_ptr)
_declare("wht_op_from_name", c_int, c_str, ctypes.POINTER(c_int))
_declare("wht_op_inputs", c_uns, c_int)
TRANSFORM_FN = ctypes.CFUNCTYPE(c_int, c_ptr, c_ptr, c_u64)
_declare("wht_op_execute_fn", c_int, c_int, c_int, c_uns, c_dbl, c_ptr, c_ptr, TRANSFORM_FN, c_ptr,
         ctypes.POINTER(c_int))
_declare("mpfr_get_version", c_str)
_declare("wht_oracle_run", c_int, c_int, c_uns, c_ptr, c_ptr, c_dbl, ctypes.POINTER(DD),
         ctypes.POINTER(OracleInfo), ctypes.c_char_p, ctypes.c_size_t)
_declare("wht_dist_from_name", c_int, c_str, ctypes.POINTER(c_int))
_declare("wht_cell_stream", c_u64, c_u64, c_int, c_int, c_uns, c_uns, c_uns)
_declare("wht_dist_fill", c_int, c_int, c_u64, c_ptr, c_u64)
_declare("wht_metrics_compute", None, c_int, c_ptr, c_ptr, c_u64, c_int, ctypes.POINTER(Metrics))
_declare("wht_run_status_name", c_str, c_int)
_declare("wht_check_environment", c_int, ctypes.c_char_p, ctypes.c_size_t)


def _check_environment():
    """libwht's environment knobs (lib/environment.c): a value the library
    would silently replace by its default is refused at the first use of the
    library, as the C programs refuse it at their start."""
    why = ctypes.create_string_buffer(512)
    if lib.wht_check_environment(why, len(why)) != 0:
        raise WhtlabError("whtlab: " + why.value.decode("utf-8", "replace"))


_check_environment()
