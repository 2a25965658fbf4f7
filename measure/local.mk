# measure/ - what a measurement of an algorithm needs besides the transform
# and the oracle, a directory of libwht: the input distributions with their
# per-cell streams (wht_dist.h, DESIGN.md section 7), the operations
# (wht_ops.h, section 6) and the error metrics (wht_metrics.h, section 9).
include_HEADERS += measure/wht_dist.h measure/wht_ops.h measure/wht_metrics.h
lib_libwht_la_SOURCES += \
  measure/wht_dist.h measure/dist.c \
  measure/wht_ops.h measure/ops.c measure/ops_steps.h measure/ops_steps.c \
  measure/wht_metrics.h measure/metrics.c measure/metrics_simd.h measure/metrics_avx512.c

MEASURE_TESTS = tests/test_dist_laws tests/test_dist_streams tests/test_dist_names tests/test_metrics_cases \
  tests/test_ops_steps tests/test_ops_pipeline tests/test_metrics_threads tests/test_metrics_simd tests/test_metrics_stored
check_PROGRAMS += $(MEASURE_TESTS)
TESTS += $(MEASURE_TESTS)
# the tests that draw with GSL or compute in MPFR themselves name them
tests_test_dist_laws_CPPFLAGS = $(AM_CPPFLAGS) $(GSL_CFLAGS)
tests_test_dist_laws_LDADD = $(LDADD) $(GSL_LIBS)
tests_test_dist_streams_CPPFLAGS = $(AM_CPPFLAGS) $(GSL_CFLAGS)
tests_test_dist_streams_LDADD = $(LDADD) $(GSL_LIBS)
tests_test_metrics_cases_LDADD = $(LDADD) $(MPFR_LIBS)
tests_test_ops_pipeline_LDADD = $(LDADD) $(MPFR_LIBS)

# measure/host-speed: the host side of a sweep cell, step by step, on N
# threads (benchmark, not a test: speed is never a test)
check_PROGRAMS += measure/host-speed
measure_host_speed_SOURCES = measure/host_speed.c
measure_host_speed_CFLAGS = $(AM_CFLAGS) -O2
# its header line names the build's git revision: the generated header of
# experiments/sweep.mk (the program's alone; libwht does not include it);
# numbers and standard output as the other programs (experiments/libcli.a)
measure_host_speed_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir)/experiments -I$(top_srcdir)/experiments
measure/host_speed-host_speed.$(OBJEXT): experiments/wht_build_info.h
measure_host_speed_LDADD = experiments/libcli.a $(LDADD)
