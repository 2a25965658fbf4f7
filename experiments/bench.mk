# experiments/bench.mk - wht-bench (GPU speed), built only with CUDA.
