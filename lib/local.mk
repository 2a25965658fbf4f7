# lib/ - libwht's core: formats, registry, plans, CPU algorithms. The one
# installed library libwht (static and shared, libtool) also takes the CUDA
# kernels (kernels/local.mk), the exact oracle (oracle/local.mk) and the
# input distributions, operations and metrics (measure/local.mk), each
# directory appending its sources here. The arrows run one way: kernels,
# oracle and measure use the core; the programs use the library.
lib_LTLIBRARIES += lib/libwht.la
include_HEADERS += lib/wht.h
pkgconfigdir = $(libdir)/pkgconfig
pkgconfig_DATA = lib/whtlab.pc
lib_libwht_la_SOURCES = \
  lib/wht.h lib/wht_internal.h lib/gpu_ops.h lib/arith.h lib/algorithms.h \
  lib/fmt_begin.h lib/fmt_end.h lib/each_format.h \
  lib/format.c lib/round_bits.h lib/names.c lib/strerror.c lib/environment.c lib/wht_env.h lib/registry.c lib/error_bound.c lib/plan.c \
  lib/schedule.c lib/format_arrays.c lib/format_load_avx512.c lib/wht_parallel.h lib/parallel.c lib/host_memory.c lib/device_memory.c \
  lib/folklore.c lib/folklore_body.h \
  lib/kahan.c lib/neumaier.c lib/compensated_body.h \
  lib/groups_simd.h lib/groups_avx512.c lib/groups_simd_body.h \
  lib/simd_formats_avx512.h lib/simd_formats_end.h lib/simd_avx512.h lib/simd_each_format.h \
  lib/widened_avx512.c lib/widened_simd_body.h lib/simd_wide_avx512.h lib/simd_wide_end.h \
  lib/alman_rao.c lib/alman_rao_body.h \
  lib/widened.c lib/widened_body.h lib/widened_arith.h \
  lib/widened_pass.c lib/pass_blocks.h \
  lib/folklore_test.c lib/folklore_test_body.h
lib_libwht_la_CPPFLAGS = $(AM_CPPFLAGS) $(GSL_CFLAGS)
lib_libwht_la_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS) -O2
# its own LDFLAGS, so not the programs' -static (Makefile.am); the
# interface version is libtool's current:revision:age (5: WHT_E_ALIGN and
# WHT_E_OVERLAP added; 6: wht_check_environment and WHT_E_ENVIRONMENT)
# (libtool records -fopenmp in libwht.la, so the programs' static links get libgomp)
lib_libwht_la_LDFLAGS = $(SAN_FLAGS) $(OPENMP_CFLAGS) -version-info 6:0:6 -no-undefined
lib_libwht_la_LIBADD = $(GSL_LIBS) $(MPFR_LIBS) $(CUDA_LIBS) -lm
if !HAVE_CUDA
lib_libwht_la_SOURCES += lib/gpu_none.c
endif
