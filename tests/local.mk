# tests/ - the make check programs of libwht (TAP, see tests/tap.h).
LIB_TESTS = tests/test_format_f16 tests/test_format_bf16
check_PROGRAMS += $(LIB_TESTS)
TESTS += $(LIB_TESTS)
EXTRA_DIST += tests/tap.h tests/format_check.h
tests_test_format_f16_LDADD = $(LDADD) $(MPFR_LIBS)
tests_test_format_bf16_LDADD = $(LDADD) $(MPFR_LIBS)
