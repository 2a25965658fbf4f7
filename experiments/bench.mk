# experiments/bench.mk - wht-bench (GPU speed), built only with CUDA.
if HAVE_CUDA
bin_PROGRAMS += experiments/wht-bench
experiments_wht_bench_SOURCES = experiments/bench.h experiments/bench_main.c experiments/bench_cli.c \
  experiments/bench_time.c experiments/bench_kernels.cu
experiments_wht_bench_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/experiments -I$(top_srcdir)/kernels $(HDF5_CFLAGS)
experiments_wht_bench_CFLAGS = $(AM_CFLAGS) -O2
experiments_wht_bench_LDADD = $(H5STORE_LIBS) experiments/libexperiments.a lib/libwht.a $(CUDA_LIBS) -lm
experiments/bench_kernels.$(OBJEXT): $(top_srcdir)/experiments/bench.h $(top_srcdir)/lib/wht.h
endif
EXTRA_DIST += experiments/bench_gpu_host.sh
