/* registry.c - the algorithm registry: one row per algorithm. Adding an
 * algorithm is its CPU files (lib/<name>.c and its body), a GPU file where
 * there is one, their declarations in algorithms.h and sources in local.mk,
 * and one row here (README.md lists the steps); drivers, tables and plots
 * find it by name. */
#include <string.h>
#include "wht_internal.h"
#include "algorithms.h"

#define ALL_FORMATS ((1u << WHT_F64) | (1u << WHT_F32) | (1u << WHT_F16) | (1u << WHT_BF16))
#define TC_FORMATS ((1u << WHT_F16) | (1u << WHT_BF16))
#define CPU (1u << WHT_BACKEND_CPU)
#ifdef WHT_HAVE_CUDA
#define GPU (1u << WHT_BACKEND_GPU)
#define GPU_TABLE(t) (t)
#else
#define GPU 0u
#define GPU_TABLE(t) NULL
#endif
/* The facts of a row's forward error bound (wht.h, wht_algorithm_info; the
 * arguments in DESIGN.md section 4, "Error bounds"): m = a k + b roundings,
 * normwise 1 where the normwise bound holds too. tests/test_algorithms_bound.c
 * checks every CPU algorithm against them and fails for one without. */
#define BOUND(a, b, normwise) (a), (b), (normwise), 0, 0
/* the same with c more roundings per block of three stages (m = a k + b + c ceil(k/3)) */
#define BLOCK_BOUND(a, b, c, normwise) (a), (b), (normwise), (c), 0
/* ... and per block, at most ceil(k/B) blocks (m = a k + b + c ceil(k/B)) */
#define LONG_BLOCK_BOUND(a, b, c, normwise, B) (a), (b), (normwise), (c), (B)
#define NO_BOUND 0, 0, 0, 0, 0

static const wht__algorithm registry[] = {
  { { "folklore", ALL_FORMATS, CPU | GPU,
      "radix-2 butterflies (a+b, a-b), stages in increasing half-width",
      BOUND(1, 0, 1) }, /* one rounding per stage */
    0, wht__folklore_cpu, GPU_TABLE(wht__folklore_gpu), 0 },
  { { "kahan", ALL_FORMATS, CPU | GPU,
      "per-element error term, Kahan-order recovery; y = x - e at the end",
      BOUND(2, 1, 0) }, /* a stage's value is S - Es (2 roundings), then the final x - e */
    1, wht__kahan_cpu, GPU_TABLE(wht__kahan_gpu), 0 },
  { { "neumaier", ALL_FORMATS, CPU | GPU,
      "as kahan, the smallest-magnitude term subtracted last",
      BOUND(2, 1, 0) }, /* as kahan: the recovery order changes only e */
    1, wht__neumaier_cpu, GPU_TABLE(wht__neumaier_gpu), 0 },
  { { "kahan-block", ALL_FORMATS, CPU | GPU,
      "kahan's butterflies in blocks of stages (k mod 3, then threes): e starts at 0 and "
      "y = x - e ends each block, e stays on chip",
      BLOCK_BOUND(2, 0, 1, 0) }, /* kahan's 2 per stage, and x - e once per block */
    0, wht__kahan_block_cpu, GPU_TABLE(wht__kahan_block_gpu), 0 },
  { { "neumaier-block", ALL_FORMATS, CPU | GPU,
      "neumaier's butterflies in kahan-block's blocks",
      BLOCK_BOUND(2, 0, 1, 0) }, /* as kahan-block */
    0, wht__neumaier_block_cpu, GPU_TABLE(wht__neumaier_block_gpu), 0 },
  { { "widened", ALL_FORMATS, CPU | GPU,
      "blocks of stages (k mod 3, then threes) in the next wider format (f16, bf16: f32; f32: f64; "
      "f64: double-double), rounded to the format once per block",
      BLOCK_BOUND(0, 1, 1, 1) }, /* one rounding per block, the wide ones below one more (DESIGN.md) */
    0, wht__widened_cpu, GPU_TABLE(wht__widened_gpu), 0 },
  { { "widened-pass", ALL_FORMATS, CPU | GPU,
      "widened's arithmetic in long blocks, one GPU pass each (at most 12 stages, then at most 9: "
      "pass_blocks.h), rounded to the format once per block",
      LONG_BLOCK_BOUND(0, 1, 1, 1, 9) }, /* as widened, with at most ceil(k/9) blocks (DESIGN.md) */
    0, wht__widened_pass_cpu, GPU_TABLE(wht__widened_pass_gpu), 2 },
  { { "alman-rao", ALL_FORMATS, CPU | GPU,
      "radix-8 with shared half-sum after k mod 3 folklore stages and 2^c prescaling",
      BOUND(3, 3, 0) }, /* at most 8 roundings per radix-8 group of 3 stages, below 9 (DESIGN.md section 4) */
    0, wht__alman_rao_cpu, GPU_TABLE(wht__alman_rao_gpu), 0 },
  { { "tensor-core", TC_FORMATS, GPU,
      "mma.sync 16x16 Hadamard tiles on 4-bit index groups, f32 accumulation, rounded to the format "
      "between stages (GPU only; checked against bounds: lib/tensor_core_model.c)",
      NO_BOUND }, /* its own bound: lib/tensor_core_model.c */
    0, NULL, GPU_TABLE(wht__tensor_core_gpu), 0 },
  { { "tensor-core-f16acc", 1u << WHT_F16, GPU,
      "as tensor-core with f16 accumulation, like HadaCore's f16 path (GPU only)",
      NO_BOUND },
    0, NULL, GPU_TABLE(wht__tensor_core_f16acc_gpu), 0 },
#ifdef WHT_TEST_ALGORITHM
  /* configure --enable-test-algorithm: an algorithm only the tests know */
  { { "folklore-test", ALL_FORMATS, CPU, "test-only: folklore computed in the next wider format, narrowed per operation",
      BOUND(1, 0, 1) }, /* folklore's result bit for bit */
    0, wht__folklore_test_cpu, NULL, 0 },
#endif
};

#define NREG (sizeof registry / sizeof registry[0])

size_t wht_algorithm_count(void) { return NREG; }

const wht_algorithm_info *wht_algorithm_at(size_t i)
{
  return i < NREG ? &registry[i].info : NULL;
}

const wht__algorithm *wht__algorithm_lookup(const char *name)
{
  if (!name) return NULL;
  for (size_t i = 0; i < NREG; i++)
    if (strcmp(registry[i].info.name, name) == 0) return &registry[i];
  return NULL;
}

const wht_algorithm_info *wht_algorithm_find(const char *name)
{
  const wht__algorithm *a = wht__algorithm_lookup(name);
  return a ? &a->info : NULL;
}
