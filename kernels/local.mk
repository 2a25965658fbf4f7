# kernels/ - CUDA implementations, compiled into libwht when configure finds nvcc.
# The .cu files are listed longest compile first: make -j starts them in
# this order, so the longest (kahan_block.cu, about 330 s on one core of
# the 2-core CI machine) does not start last and run alone at the end
# (it did, 97 s with the other core idle; listed so, both cores stay busy
# to the end and the build takes the same 666 s: the sum of the kernels'
# compile times bounds it there).
if HAVE_CUDA
lib_libwht_la_SOURCES += \
  kernels/kahan_block.cu kernels/neumaier.cu kernels/widened.cu kernels/kahan.cu kernels/alman_rao.cu \
  kernels/folklore.cu kernels/widened_pass.cu kernels/ops_gpu.cu kernels/gpu_runtime.cu kernels/pass_plan.cu \
  kernels/gpu_util.h kernels/pass_plan.h \
  kernels/fmt_ops.cuh kernels/tile.cuh kernels/tile_packed.cuh kernels/pass_run.cuh kernels/rows_reg.cuh kernels/rows_prefetch.cuh kernels/single_reg.cuh kernels/single_comp.cuh kernels/rows_comp.cuh \
  kernels/compensated.cuh kernels/compensated_err.cuh kernels/rows_ar.cuh kernels/rows_ar64.cuh kernels/single_ar.cuh kernels/sar_rolled.cuh kernels/single_ar64.cuh kernels/rows_ar_blk.cuh kernels/blocks.cuh \
  kernels/widened_arith.cuh kernels/rows_wide.cuh kernels/wide_strided.cuh kernels/xp_layout.cuh
# the .cu.lo suffix rule tracks no headers: list them
WHT_KERNEL_INCLUDES = $(top_srcdir)/kernels/gpu_util.h $(top_srcdir)/kernels/pass_plan.h \
  $(top_srcdir)/kernels/fmt_ops.cuh $(top_srcdir)/kernels/tile.cuh $(top_srcdir)/kernels/tile_packed.cuh \
  $(top_srcdir)/kernels/pass_run.cuh $(top_srcdir)/kernels/compensated.cuh \
  $(top_srcdir)/kernels/compensated_err.cuh $(top_srcdir)/kernels/blocks.cuh \
  $(top_srcdir)/kernels/widened_arith.cuh $(top_srcdir)/kernels/rows_reg.cuh $(top_srcdir)/kernels/xp_layout.cuh $(top_srcdir)/kernels/rows_prefetch.cuh $(top_srcdir)/kernels/single_reg.cuh $(top_srcdir)/kernels/single_comp.cuh $(top_srcdir)/kernels/rows_comp.cuh $(top_srcdir)/lib/pass_blocks.h \
  $(top_srcdir)/lib/wht.h $(top_srcdir)/lib/wht_internal.h $(top_srcdir)/lib/algorithms.h
kernels/gpu_runtime.lo kernels/pass_plan.lo kernels/folklore.lo \
kernels/kahan.lo kernels/neumaier.lo kernels/alman_rao.lo kernels/kahan_block.lo \
kernels/widened.lo kernels/widened_pass.lo: $(WHT_KERNEL_INCLUDES)
kernels/ops_gpu.lo: $(WHT_KERNEL_INCLUDES) $(top_srcdir)/lib/round_bits.h $(top_srcdir)/lib/gpu_ops.h
# Alman-Rao's register kernels, which the block algorithms take too (blocks.cuh)
kernels/alman_rao.lo kernels/kahan_block.lo kernels/widened.lo: $(top_srcdir)/kernels/rows_ar.cuh $(top_srcdir)/kernels/rows_ar64.cuh \
  $(top_srcdir)/kernels/single_ar.cuh $(top_srcdir)/kernels/sar_rolled.cuh $(top_srcdir)/kernels/single_ar64.cuh $(top_srcdir)/kernels/rows_ar_blk.cuh
kernels/widened_pass.lo: $(top_srcdir)/kernels/rows_wide.cuh $(top_srcdir)/kernels/wide_strided.cuh
endif

# GPU tests: built always; without CUDA (or, for test_gpu_bitident, without
# a device) they print "1..0 # SKIP" (test_ops_gpu runs its emulated part
# without a device). The emulated, CLI, Neumaier-form, widened-pass plan
# single_comp and single_ar plan and small-tiles tests need no device.
GPU_TESTS = tests/test_gpu_emulated_bitident tests/test_gpu_bitident tests/test_gpu_bench_cli \
  tests/test_neumaier_form tests/test_widened_pass_plan tests/test_single_comp_plan tests/test_single_ar_plan \
  tests/test_small_tiles tests/test_ops_gpu
check_PROGRAMS += $(GPU_TESTS)
TESTS += $(GPU_TESTS)
EXTRA_DIST += tests/gpu_check.h
tests_test_gpu_emulated_bitident_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/kernels
tests_test_gpu_bitident_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/kernels
tests_test_gpu_bitident_LDADD = $(LDADD) -lpthread
tests_test_neumaier_form_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/kernels
tests_test_widened_pass_plan_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/kernels
tests_test_single_comp_plan_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/kernels
tests_test_single_ar_plan_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/kernels
tests_test_small_tiles_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/kernels
tests_test_neumaier_form_LDADD = $(LDADD) -lpthread
