# kernels/tensor_core.mk - tensor-core (HadaCore-class) f16/bf16 FWHT (issue 7):
# the CPU model of its numerics (always built: the tests use it), the CUDA
# kernels and their benchmark (with CUDA), and the tests (GPU ones skip).
lib_libwht_la_SOURCES += lib/tensor_core_model.c lib/tensor_core_model.h
if HAVE_CUDA
lib_libwht_la_SOURCES += kernels/tensor_core.cu kernels/tensor_core_mma.cuh \
  kernels/tensor_core_w2.cuh kernels/tensor_core_tile.cuh kernels/tensor_core_strided.cuh \
  kernels/tensor_core_strided10.cuh kernels/tc_strided_layout.cuh kernels/tensor_core_bulk.cuh kernels/bulk_copy.cuh
# speed of the tensor-core kernels against memcpy and an in-place add-one
# (a tool, not installed): kernels/tensor_core_bench --help
check_PROGRAMS += kernels/tensor_core_bench
kernels_tensor_core_bench_SOURCES = kernels/tensor_core_bench.cu
# the .cu.lo suffix rule tracks no headers: list them
kernels/tensor_core.lo: $(top_srcdir)/kernels/tensor_core_mma.cuh \
  $(top_srcdir)/kernels/tensor_core_w2.cuh $(top_srcdir)/kernels/tensor_core_tile.cuh \
  $(top_srcdir)/kernels/tensor_core_strided.cuh $(top_srcdir)/kernels/tensor_core_strided10.cuh \
  $(top_srcdir)/kernels/tc_strided_layout.cuh $(top_srcdir)/kernels/xp_layout.cuh \
  $(top_srcdir)/kernels/tensor_core_bulk.cuh $(top_srcdir)/kernels/bulk_copy.cuh $(top_srcdir)/kernels/pass_run.cuh \
  $(top_srcdir)/kernels/pass_plan.h $(top_srcdir)/kernels/tile.cuh $(top_srcdir)/kernels/tile_packed.cuh \
  $(top_srcdir)/kernels/fmt_ops.cuh $(top_srcdir)/kernels/rows_reg.cuh $(top_srcdir)/kernels/rows_prefetch.cuh \
  $(top_srcdir)/kernels/single_reg.cuh \
  $(top_srcdir)/lib/algorithms.h $(top_srcdir)/lib/wht_internal.h $(top_srcdir)/lib/wht.h $(top_srcdir)/lib/tensor_core_model.h \
  $(top_srcdir)/kernels/gpu_util.h
kernels/tensor_core_bench.$(OBJEXT): $(top_srcdir)/lib/wht.h
endif

TC_TESTS = tests/test_tensor_core_model tests/test_tensor_core_gpu tests/test_tensor_core_gpu10
check_PROGRAMS += $(TC_TESTS)
# the same test on the 10-bit strided pass (tests/test_tensor_core_gpu.c)
tests_test_tensor_core_gpu10_SOURCES = tests/test_tensor_core_gpu.c
tests_test_tensor_core_gpu10_CPPFLAGS = $(AM_CPPFLAGS) -DWHT_TEST_STRIDED10
TESTS += $(TC_TESTS)
EXTRA_DIST += tests/tensor_core_check.h
