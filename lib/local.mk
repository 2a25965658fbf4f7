# lib/ - libwht: formats, registry, plans, CPU algorithms.
lib_LIBRARIES += lib/libwht.a
include_HEADERS += lib/wht.h
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = lib/whtlab.pc
lib_libwht_a_SOURCES = \
  lib/wht.h lib/wht_internal.h lib/arith.h lib/algorithms.h \
  lib/fmt_begin.h lib/fmt_end.h lib/each_format.h \
  lib/format.c lib/names.c lib/strerror.c lib/registry.c lib/plan.c lib/schedule.c \
  lib/folklore.c lib/folklore_body.h \
  lib/kahan.c lib/neumaier.c lib/compensated_body.h \
  lib/alman_rao.c lib/alman_rao_body.h \
  lib/folklore_test.c lib/folklore_test_body.h
lib_libwht_a_CFLAGS = $(AM_CFLAGS) -O2
if !HAVE_CUDA
lib_libwht_a_SOURCES += lib/gpu_none.c
endif
