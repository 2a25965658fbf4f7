# kernels/tensor_core.mk - tensor-core (HadaCore-class) f16/bf16 FWHT (issue 7).
