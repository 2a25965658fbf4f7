# python/ - the package whtlab over the shared libwht (ctypes: python/whtlab/
# _lib.py says why). make install puts it into Python's package directory
# under the prefix; in a built tree PYTHONPATH=$PWD/python reaches it (the
# package finds ../../lib/.libs/libwht.so.0 beside it).
whtlabdir = $(pythondir)/whtlab
whtlab_PYTHON = python/whtlab/__init__.py python/whtlab/_errors.py python/whtlab/_lib.py python/whtlab/core.py \
  python/whtlab/results.py python/whtlab/sweeper.py python/whtlab/bounds.py
nodist_whtlab_PYTHON = python/whtlab/_config.py
# the installed package's libdir, for _lib.py (make expands $(libdir) fully)
python/whtlab/_config.py: Makefile
	$(AM_V_GEN)$(MKDIR_P) python/whtlab && \
	echo '# written by make (python/local.mk): where libwht is installed' > $@ && \
	echo 'LIBDIR = "$(libdir)"' >> $@ && \
	echo 'VERSION = "$(PACKAGE_VERSION)"' >> $@
CLEANFILES += python/whtlab/_config.py
all-local: python/whtlab/_config.py

TESTS += tests/test_python_api.py tests/test_python_bounds.py tests/test_python_env.py
EXTRA_DIST += tests/test_python_api.py tests/test_python_bounds.py tests/test_python_env.py
