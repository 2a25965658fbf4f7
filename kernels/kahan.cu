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

/* Passes over device memory of kahan's (neumaier = 0) or neumaier's long
 * rows in register passes (single_comp.cuh): 2 where rows of 2^k, N
 * elements in all, take them, else 0 (the tiles') */
extern "C" unsigned wht__single_comp_pass_count(int neumaier, wht_format f, unsigned k, uint64_t N)
{
  typedef bool (*plan_fn)(unsigned, uint64_t, const void *, const void *);
  static const plan_fn plan[2][WHT_NFORMATS] = {
    { wht__single_comp_plan<wht__f64_ops, wht__kahan_err>, wht__single_comp_plan<wht__f32_ops, wht__kahan_err>,
      wht__single_comp_plan<wht__f16_ops, wht__kahan_err>, wht__single_comp_plan<wht__bf16_ops, wht__kahan_err> },
    { wht__single_comp_plan<wht__f64_ops, wht__neumaier_err>, wht__single_comp_plan<wht__f32_ops, wht__neumaier_err>,
      wht__single_comp_plan<wht__f16_ops, wht__neumaier_err>, wht__single_comp_plan<wht__bf16_ops, wht__neumaier_err> }
  };
  return (unsigned)f < WHT_NFORMATS && plan[neumaier != 0][f](k, N, NULL, NULL) ? 2u : 0u;
}
