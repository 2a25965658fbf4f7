# oracle/ - the certified exact reference (DESIGN.md sections 6 and 8), a
# directory of libwht (public header wht_oracle.h): the MPFR path and the
# fixed-point fast paths (CPU, GPU), its tests, and oracle/oracle-speed
# (benchmark, not a test: speed is never a test).
include_HEADERS += oracle/wht_oracle.h
lib_libwht_la_SOURCES += \
  oracle/wht_oracle.h oracle/oracle_internal.h \
  oracle/op_names.c oracle/bounds.c oracle/oracle.c oracle/oracle_resident.c \
  oracle/mpfr_path.c oracle/fixed_path.c oracle/fixed128.c oracle/fixed128_avx512.c oracle/fixedwide.c \
  oracle/fwht_blocked.c \
  oracle/gpu_fixed.h oracle/fixed_gpu_ops.h oracle/gpu_fixed_pipeline.c oracle/gpu_fixed_emul.c
if HAVE_CUDA
lib_libwht_la_SOURCES += oracle/gpu_fixed.cu
oracle/gpu_fixed.lo: $(top_srcdir)/oracle/gpu_fixed.h $(top_srcdir)/oracle/fixed_gpu_ops.h \
  $(top_srcdir)/oracle/oracle_internal.h $(top_srcdir)/oracle/wht_oracle.h
else
lib_libwht_la_SOURCES += oracle/gpu_fixed_none.c
endif
EXTRA_DIST += oracle/testdata.h

# tests that call MPFR themselves name it
ORACLE_LDADD = lib/libwht.la $(MPFR_LIBS) -lm
ORACLE_TESTS = \
  tests/test_oracle_op_names \
  tests/test_oracle_twoway_identity \
  tests/test_oracle_dense \
  tests/test_oracle_fast_vs_mpfr \
  tests/test_oracle_edge_cases \
  tests/test_oracle_fused \
  tests/test_oracle_inexact \
  tests/test_oracle_nonfinite \
  tests/test_oracle_gpu \
  tests/test_oracle_threads \
  tests/test_oracle_store8
check_PROGRAMS += $(ORACLE_TESTS) oracle/oracle-speed
TESTS += $(ORACLE_TESTS)

tests_test_oracle_op_names_LDADD = $(ORACLE_LDADD)
tests_test_oracle_twoway_identity_LDADD = $(ORACLE_LDADD)
tests_test_oracle_dense_CFLAGS = $(AM_CFLAGS) -O2
tests_test_oracle_dense_LDADD = $(ORACLE_LDADD)
tests_test_oracle_fast_vs_mpfr_LDADD = $(ORACLE_LDADD)
tests_test_oracle_edge_cases_LDADD = $(ORACLE_LDADD)
tests_test_oracle_fused_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS) -O2
tests_test_oracle_fused_LDADD = $(ORACLE_LDADD)
tests_test_oracle_inexact_LDADD = $(ORACLE_LDADD)
tests_test_oracle_nonfinite_LDADD = $(ORACLE_LDADD)
tests_test_oracle_gpu_CFLAGS = $(AM_CFLAGS) -O2
tests_test_oracle_gpu_LDADD = $(ORACLE_LDADD)

# the build's OpenMP flag: _OPENMP tells the test whether libwht threads
tests_test_oracle_threads_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS) -O2
tests_test_oracle_threads_LDADD = $(ORACLE_LDADD)
tests_test_oracle_store8_LDADD = $(ORACLE_LDADD)

oracle_oracle_speed_SOURCES = oracle/oracle_speed.c
oracle_oracle_speed_CFLAGS = $(AM_CFLAGS) -O2
# its header line names the build's git revision: the generated header of
# experiments/sweep.mk (the program's alone; libwht does not include it);
# numbers and standard output as the other programs (experiments/libcli.a)
oracle_oracle_speed_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_builddir)/experiments -I$(top_srcdir)/experiments
oracle/oracle_speed-oracle_speed.$(OBJEXT): experiments/wht_build_info.h
oracle_oracle_speed_LDADD = experiments/libcli.a $(ORACLE_LDADD)
