# oracle/ - the certified exact reference (DESIGN.md sections 6 and 8):
# liboracle.a with the MPFR path and the fixed-point fast path, its tests,
# and oracle/oracle-speed (benchmark, not a test: speed is never a test).
noinst_LIBRARIES = oracle/liboracle.a
oracle_liboracle_a_SOURCES = \
  oracle/oracle.h oracle/oracle_internal.h \
  oracle/op_names.c oracle/bounds.c oracle/oracle.c \
  oracle/mpfr_path.c oracle/fixed_path.c oracle/fixed128.c oracle/fixedwide.c \
  oracle/fwht_blocked.c \
  oracle/gpu_fixed.h oracle/fixed_gpu_ops.h oracle/gpu_fixed_pipeline.c oracle/gpu_fixed_emul.c
if HAVE_CUDA
oracle_liboracle_a_SOURCES += oracle/gpu_fixed.cu
oracle/gpu_fixed.$(OBJEXT): $(top_srcdir)/oracle/gpu_fixed.h $(top_srcdir)/oracle/fixed_gpu_ops.h \
  $(top_srcdir)/oracle/oracle_internal.h $(top_srcdir)/oracle/oracle.h
else
oracle_liboracle_a_SOURCES += oracle/gpu_fixed_none.c
endif
oracle_liboracle_a_CFLAGS = $(AM_CFLAGS) -O2
EXTRA_DIST += oracle/testdata.h

ORACLE_LDADD = oracle/liboracle.a lib/libwht.a $(MPFR_LIBS) $(CUDA_LIBS) -lm
ORACLE_TESTS = \
  tests/test_oracle_op_names \
  tests/test_oracle_twoway_identity \
  tests/test_oracle_dense \
  tests/test_oracle_fast_vs_mpfr \
  tests/test_oracle_edge_cases \
  tests/test_oracle_inexact \
  tests/test_oracle_nonfinite \
  tests/test_oracle_gpu
check_PROGRAMS += $(ORACLE_TESTS) oracle/oracle-speed
TESTS += $(ORACLE_TESTS)

tests_test_oracle_op_names_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_op_names_LDADD = $(ORACLE_LDADD)
tests_test_oracle_twoway_identity_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_twoway_identity_LDADD = $(ORACLE_LDADD)
tests_test_oracle_dense_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_dense_CFLAGS = $(AM_CFLAGS) -O2
tests_test_oracle_dense_LDADD = $(ORACLE_LDADD)
tests_test_oracle_fast_vs_mpfr_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_fast_vs_mpfr_LDADD = $(ORACLE_LDADD)
tests_test_oracle_edge_cases_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_edge_cases_LDADD = $(ORACLE_LDADD)
tests_test_oracle_inexact_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_inexact_LDADD = $(ORACLE_LDADD)
tests_test_oracle_nonfinite_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_nonfinite_LDADD = $(ORACLE_LDADD)
tests_test_oracle_gpu_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
tests_test_oracle_gpu_CFLAGS = $(AM_CFLAGS) -O2
tests_test_oracle_gpu_LDADD = $(ORACLE_LDADD)

oracle_oracle_speed_SOURCES = oracle/oracle_speed.c
oracle_oracle_speed_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/oracle
oracle_oracle_speed_CFLAGS = $(AM_CFLAGS) -O2
oracle_oracle_speed_LDADD = $(ORACLE_LDADD)
