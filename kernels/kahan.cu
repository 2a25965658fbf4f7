/* kahan.cu - GPU Kahan-compensated FWHT: the recovery in Kahan's fixed
 * order, as lib/kahan.c: eA' = ((A' - A) - B) + Es, eB' = ((B' - A) + B) + Ed. */
#include "pass_run.cuh"
#include "compensated.cuh"
#include "compensated_err.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

WHT__GPU_TABLES(wht__kahan, wht__compensated_alg<wht__kahan_err>)

/* wht-bench's pass count of kahan's long rows (single_comp.cuh) */
extern "C" unsigned wht__kahan_single_passes(wht_format f, unsigned k, uint64_t N)
{
  return wht__single_comp_count<wht__kahan_err>(f, k, N);
}
