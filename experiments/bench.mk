# experiments/bench.mk - wht-bench (GPU speed), built only with CUDA.
if HAVE_CUDA
bin_PROGRAMS += experiments/wht-bench
experiments_wht_bench_SOURCES = experiments/bench.h experiments/bench_main.c experiments/bench_cli.c \
  experiments/bench_output.c experiments/bench_time.c experiments/bench_kernels.cu
experiments_wht_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/experiments -I$(top_builddir)/experiments \
  -I$(top_srcdir)/kernels $(HDF5_CFLAGS)
# its log's first line names the build's git revision (experiments/sweep.mk)
experiments/wht_bench-bench_main.$(OBJEXT): experiments/wht_build_info.h
experiments_wht_bench_CFLAGS = $(AM_CFLAGS) -O2
experiments_wht_bench_LDADD = $(H5STORE_LIBS) experiments/libcli.a lib/libwht.la $(CUDA_LIBS) -lm
experiments/bench_kernels.$(OBJEXT): $(top_srcdir)/experiments/bench.h $(top_srcdir)/lib/wht.h
# the L2 measurement of issue 15 (a tool, not installed: run on the GPU host
# through bench_gpu_host.sh STEPS=l2; figures in docs/PERFORMANCE.md)
check_PROGRAMS += experiments/l2-probe
experiments_l2_probe_SOURCES = experiments/l2_probe.cu experiments/probe_common.cuh
experiments_l2_probe_LDADD = $(CUDA_LIBS)
# ... and what a cluster's exchange through distributed shared memory costs
# (STEPS=dsmem)
check_PROGRAMS += experiments/dsmem-probe
experiments_dsmem_probe_SOURCES = experiments/dsmem_probe.cu experiments/probe_common.cuh
experiments_dsmem_probe_LDADD = $(CUDA_LIBS)
# ... and how many packed additions a scheduler issues a cycle, by form
# (STEPS=pipes)
check_PROGRAMS += experiments/pipe-probe
experiments_pipe_probe_SOURCES = experiments/pipe_probe.cu experiments/probe_common.cuh
experiments_pipe_probe_LDADD = $(CUDA_LIBS)
endif
EXTRA_DIST += experiments/l2_probe.cu experiments/dsmem_probe.cu experiments/pipe_probe.cu experiments/probe_common.cuh
EXTRA_DIST += experiments/bench_gpu_host.sh experiments/sass_hist.sh experiments/ncu_excess.py experiments/ncu_opcodes.py
# static instruction counts and registers of the kernels without a GPU
# (docs/PERFORMANCE.md; tests/test_cubin_text.py)
EXTRA_DIST += experiments/cubin_text.py
