# experiments/ - experiment building blocks and programs.

# libcli: what the programs share on their command lines (--log2n lists,
# the check of an output file's name, numbers and standard output), their
# environment's knobs, their progress lines and log files;
# the distributions, operations and metrics moved to libwht (measure/).
noinst_LIBRARIES = experiments/libcli.a
experiments_libcli_a_SOURCES = experiments/log2n_list.h experiments/log2n_list.c \
  experiments/output_path.h experiments/output_path.c experiments/cli_util.h experiments/cli_util.c experiments/cli_env.c \
  experiments/sweep_knobs.h experiments/sweep_knobs.c experiments/sweep_progress.h experiments/sweep_progress.c \
  experiments/run_log.h experiments/run_log.c

check_PROGRAMS += tests/test_log2n_list
TESTS += tests/test_log2n_list
tests_test_log2n_list_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/experiments
tests_test_log2n_list_LDADD = experiments/libcli.a $(LDADD)

# wht-sweep, the HDF5 store, sweep scripts and tests (issue 4)
include $(top_srcdir)/experiments/sweep.mk
