# kernels/ - CUDA implementations, compiled into libwht when configure finds nvcc.
if HAVE_CUDA
endif
