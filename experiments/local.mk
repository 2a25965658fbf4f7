# experiments/ - experiment building blocks and programs.

# libexperiments: input distributions, operations, metrics (issue 3).
noinst_LIBRARIES += experiments/libexperiments.a
experiments_libexperiments_a_SOURCES = \
  experiments/dist.h experiments/dist.c \
  experiments/ops.h experiments/ops.c experiments/ops_steps.h experiments/ops_steps.c \
  experiments/metrics.h experiments/metrics.c \
  experiments/log2n_list.h experiments/log2n_list.c
experiments_libexperiments_a_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle -I$(top_srcdir)/experiments $(GSL_CFLAGS)
experiments_libexperiments_a_CFLAGS = $(AM_CFLAGS) -O2

EXP_TESTS = tests/test_dist_laws tests/test_dist_streams tests/test_dist_names tests/test_metrics_cases \
  tests/test_ops_steps tests/test_ops_pipeline tests/test_log2n_list
check_PROGRAMS += $(EXP_TESTS)
TESTS += $(EXP_TESTS)
EXP_TEST_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle -I$(top_srcdir)/experiments $(GSL_CFLAGS)
EXP_TEST_LDADD = experiments/libexperiments.a oracle/liboracle.a lib/libwht.a $(GSL_LIBS) $(MPFR_LIBS) $(CUDA_LIBS) -lm
tests_test_dist_laws_CPPFLAGS = $(EXP_TEST_CPPFLAGS)
tests_test_dist_laws_LDADD = $(EXP_TEST_LDADD)
tests_test_dist_streams_CPPFLAGS = $(EXP_TEST_CPPFLAGS)
tests_test_dist_streams_LDADD = $(EXP_TEST_LDADD)
tests_test_dist_names_CPPFLAGS = $(EXP_TEST_CPPFLAGS)
tests_test_dist_names_LDADD = $(EXP_TEST_LDADD)
tests_test_metrics_cases_CPPFLAGS = $(EXP_TEST_CPPFLAGS)
tests_test_metrics_cases_LDADD = $(EXP_TEST_LDADD)
tests_test_ops_steps_CPPFLAGS = $(EXP_TEST_CPPFLAGS)
tests_test_ops_steps_LDADD = $(EXP_TEST_LDADD)
tests_test_ops_pipeline_CPPFLAGS = $(EXP_TEST_CPPFLAGS)
tests_test_ops_pipeline_LDADD = $(EXP_TEST_LDADD)
tests_test_log2n_list_CPPFLAGS = $(EXP_TEST_CPPFLAGS)
tests_test_log2n_list_LDADD = $(EXP_TEST_LDADD)

# wht-sweep, the HDF5 store, sweep scripts and tests (issue 4)
include $(top_srcdir)/experiments/sweep.mk
