# tests/ - the make check programs of libwht (TAP, see tests/tap.h).
LIB_TESTS = tests/test_format_f16 tests/test_format_bf16 tests/test_format_from_double
check_PROGRAMS += $(LIB_TESTS)
TESTS += $(LIB_TESTS)
EXTRA_DIST += tests/tap.h tests/tap.sh tests/format_check.h tests/dd_check.h tests/metrics_check.h tests/threads_check.h
tests_test_format_f16_LDADD = $(LDADD) $(MPFR_LIBS)
tests_test_format_bf16_LDADD = $(LDADD) $(MPFR_LIBS)
# f16 and bf16 +, -, *, / in float, rounded once (DESIGN.md section 3), against
# the correctly rounded result; every pair under make check-long
check_PROGRAMS += tests/test_format_float_ops
TESTS += tests/test_format_float_ops
tests_test_format_float_ops_LDADD = $(LDADD) $(MPFR_LIBS)
LIB_ALGO_TESTS = tests/test_algorithms_exact
check_PROGRAMS += $(LIB_ALGO_TESTS)
TESTS += $(LIB_ALGO_TESTS)
EXTRA_DIST += tests/algo_check.h
LIB_ALGO_TESTS2 = tests/test_identities tests/test_algorithms_bound
check_PROGRAMS += $(LIB_ALGO_TESTS2)
TESTS += $(LIB_ALGO_TESTS2)
tests_test_algorithms_bound_LDADD = $(LDADD) $(MPFR_LIBS)
LIB_CASE_TESTS = tests/test_compensated_cases tests/test_compensated_zero tests/test_api_misuse tests/test_api_edges tests/test_host_memory
check_PROGRAMS += $(LIB_CASE_TESTS)
TESTS += $(LIB_CASE_TESTS)
# libwht's environment knobs: the table and wht_check_environment
# (test_environment), every getenv of the library in the table and every
# program refusing a value its reader would not take (test_environment.sh,
# which runs the programs and reads the table through test_environment)
check_PROGRAMS += tests/test_environment
TESTS += tests/test_environment tests/test_environment.sh
EXTRA_DIST += tests/test_environment.sh
LIB_REF_TESTS = tests/test_algorithms_reference
check_PROGRAMS += $(LIB_REF_TESTS)
TESTS += $(LIB_REF_TESTS)
# the special values of DESIGN.md section 4's blocks: widened's infinities,
# NaNs and zeros against folklore's, and k = 0 leaving x untouched
check_PROGRAMS += tests/test_widened_special
TESTS += tests/test_widened_special
# the CPU transforms on 1, 2 and 3 threads; the OpenMP flag tells it whether libwht threads
check_PROGRAMS += tests/test_algorithms_threads
TESTS += tests/test_algorithms_threads
tests_test_algorithms_threads_CFLAGS = $(AM_CFLAGS) $(OPENMP_CFLAGS) -O2
# the stage groups' AVX-512 path against their scalar code, byte for byte
check_PROGRAMS += tests/test_groups_simd
TESTS += tests/test_groups_simd
# stored values to doubles: the AVX-512 loads against the scalar ones
check_PROGRAMS += tests/test_format_load
TESTS += tests/test_format_load
# end-to-end expectations of a real sweep (Python: PY_LOG_COMPILER, analysis/local.mk)
TESTS += tests/test_sweep_expectations.py
EXTRA_DIST += tests/test_sweep_expectations.py
# the tensor cores' strided register passes of 8 and of 10 bits: their
# index formulas emulated (no GPU)
TESTS += tests/test_tc8_layout.py tests/test_tc10_layout.py
EXTRA_DIST += tests/test_tc8_layout.py tests/test_tc10_layout.py tests/tc_layout.py
# the transposed compensated warp rows' shared-memory layouts (XOR and
# padded): their closed forms and bank conflicts, emulated (no GPU)
TESTS += tests/test_xp_layout.py
EXTRA_DIST += tests/test_xp_layout.py
# experiments/cubin_text.py against ptxas -v on a probe the build's nvcc
# compiles (WHT_NVCC, TESTS_ENVIRONMENT: empty without CUDA, a skip)
TESTS += tests/test_cubin_text.py
EXTRA_DIST += tests/test_cubin_text.py
# The three tests above check their layout models, and the kernels' own
# index functions (kernels/xp_layout.cuh, kernels/tc_strided_layout.cuh)
# through layout_dump, a host program that prints their values: its path
# reaches them as WHT_LAYOUT_DUMP (TESTS_ENVIRONMENT, Makefile.am), empty
# without CUDA, where they skip that part. The .cu.o rule tracks no
# headers: listed.
if HAVE_CUDA
check_PROGRAMS += tests/layout_dump
tests_layout_dump_SOURCES = tests/layout_dump.cu
tests_layout_dump_LDADD = $(CUDA_LIBS)
tests/layout_dump.$(OBJEXT): $(top_srcdir)/kernels/xp_layout.cuh $(top_srcdir)/kernels/tc_strided_layout.cuh
WHT_LAYOUT_DUMP = $(abs_top_builddir)/tests/layout_dump$(EXEEXT)
WHT_NVCC = $(NVCC)
else
WHT_LAYOUT_DUMP =
WHT_NVCC =
endif
EXTRA_DIST += tests/layout_dump.cu
# quickstart's configure step: WHT_CONFIGURE_FLAGS, reconfigure on a change
TESTS += tests/test_configure_flags.sh
EXTRA_DIST += tests/test_configure_flags.sh
# README's exit statuses, across the programs and scripts
TESTS += tests/test_exit_status.sh
EXTRA_DIST += tests/test_exit_status.sh
