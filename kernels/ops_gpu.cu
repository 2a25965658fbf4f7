/* ops_gpu.cu - the operations' element-wise steps (measure/ops_steps.c) and
 * their inf/NaN scan on device arrays, so that an operation on the GPU
 * backend keeps its data on the device from its first transform to its
 * last (measure/ops.c): one copy in and one out per operation instead of
 * one each per transform, and no host pass between the transforms.
 *
 * Each step is the host's, element by element: the element as a double
 * (exact), one correctly rounded double operation (__dmul_rn, __dsub_rn,
 * __dadd_rn: never contracted), then rounded to the format as
 * wht_store_doubles rounds (f32: round to nearest even, subnormals kept,
 * overflow to inf; f16 and bf16: lib/round_bits.h itself, compiled for the
 * device). So every finite or infinite result has the host's bits; a NaN
 * result is a NaN (its sign and payload may differ, as they may between
 * the CPU and GPU transforms: no metric looks at them). The host
 * emulation below runs the same element functions on host arrays for
 * tests/test_ops_gpu, which compares them with ops_steps.c in make check.
 *
 * The scan ORs a flag in device memory; measure/ops.c reads it once, after
 * the last step, where the host path looked after each one: the same "any
 * intermediate was inf or NaN". */
#include <cuda_runtime.h>
#include "fmt_ops.cuh"
#define WHT__RB_HD __host__ __device__
#include "round_bits.h"
extern "C" {
#include "wht_internal.h"
#include "gpu_ops.h"
}

/* A format's storage as doubles: load exact, store correctly rounded.
 * M: the all-ones exponent of its bits (inf and NaN). */
struct wht__ops_f64 {
  typedef unsigned long long U;
  static const U M = 0x7ff0000000000000ull;
  static WHT__HD double load(U u) { return wht__f64_ops::from_bits(u); }
  static WHT__HD U store(double x) { return wht__f64_ops::to_bits(x); }
};
struct wht__ops_f32 {
  typedef unsigned int U;
  static const U M = 0x7f800000u;
  static WHT__HD double load(U u) { return (double)wht__f32_ops::from_bits(u); }
  static WHT__HD U store(double x)
  {
#ifdef __CUDA_ARCH__
    return __float_as_uint(__double2float_rn(x));
#else
    return wht__f32_ops::to_bits((float)x);
#endif
  }
};
/* 2-byte formats: s sign, e exponent, m fraction bits of the storage; the
 * double built from the fields (exact; a NaN keeps its sign, as the
 * host's conversion does, so that a NaN the threshold passes through is
 * stored with the host's bits) */
template <unsigned EB, unsigned MB>
WHT__HD double wht__ops_small_load(unsigned u)
{
  const unsigned e = (u >> MB) & ((1u << EB) - 1u), m = u & ((1u << MB) - 1u);
  const int bias = (1 << (EB - 1)) - 1;
  const bool neg = (u >> (EB + MB)) & 1u;
  const double s = neg ? -1.0 : 1.0;
  if (e == (1u << EB) - 1u)
    return m ? wht__f64_ops::from_bits(neg ? 0xfff8000000000000ull : 0x7ff8000000000000ull) : s * (double)INFINITY;
  /* value = m 2^(1 - bias - MB) (subnormal) or (2^MB + m) 2^(e - bias - MB):
   * an integer below 2^(MB+1) times a power of two, exact in double */
  const int ex = (e ? (int)e : 1) - bias - (int)MB;
  const double sig = (double)(e ? m | (1u << MB) : m);
  return s * ldexp(sig, ex);
}
struct wht__ops_f16 {
  typedef unsigned short U;
  static const U M = 0x7c00u;
  static WHT__HD double load(U u) { return wht__ops_small_load<5, 10>(u); }
  static WHT__HD U store(double x) { return wht__f16_from_double(x); }
};
struct wht__ops_bf16 {
  typedef unsigned short U;
  static const U M = 0x7f80u;
  static WHT__HD double load(U u) { return wht__ops_small_load<8, 7>(u); }
  static WHT__HD U store(double x) { return wht__bf16_from_double(x); }
};

#ifdef __CUDA_ARCH__
#define WHT__OPS_MUL(a, b) __dmul_rn(a, b)
#define WHT__OPS_ADD(a, b) __dadd_rn(a, b)
#define WHT__OPS_SUB(a, b) __dsub_rn(a, b)
#else
#define WHT__OPS_MUL(a, b) ((a) * (b))
#define WHT__OPS_ADD(a, b) ((a) + (b))
#define WHT__OPS_SUB(a, b) ((a) - (b))
#endif

/* One element of step S (ops_steps.c's scale_block, threshold_block,
 * mul_block; arg: 2^-k or tau; y: the other factor). */
template <class FM, int S>
WHT__HD typename FM::U wht__ops_elem(typename FM::U xu, typename FM::U yu, double arg)
{
  const double v = FM::load(xu);
  double r;
  if constexpr (S == WHT__OPS_SCALE) {
    r = WHT__OPS_MUL(v, arg);
  } else if constexpr (S == WHT__OPS_THRESHOLD) {
    r = v != v ? v : v > arg ? WHT__OPS_SUB(v, arg) : v < -arg ? WHT__OPS_ADD(v, arg) : 0.0;
  } else {
    r = WHT__OPS_MUL(v, FM::load(yu));
  }
  return FM::store(r);
}

template <class FM>
WHT__HD bool wht__ops_nonfinite(typename FM::U u)
{
  return (u & FM::M) == FM::M;
}

/* step S over x (and y), then the scan of the result into *flag (when
 * not null); S = WHT__OPS_SCAN: the scan alone */
template <class FM, int S>
__global__ void wht__ops_kernel(typename FM::U *x, const typename FM::U *y, uint64_t n, double arg,
                                unsigned *flag)
{
  bool bad = false;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
    typename FM::U u = x[i];
    if constexpr (S != WHT__OPS_SCAN) {
      u = wht__ops_elem<FM, S>(u, S == WHT__OPS_MUL ? y[i] : u, arg);
      x[i] = u;
    }
    bad |= wht__ops_nonfinite<FM>(u);
  }
  if (flag && __syncthreads_or(bad) && threadIdx.x == 0) atomicOr(flag, 1u);
}

template <class FM, int S>
static void wht__ops_host(typename FM::U *x, const typename FM::U *y, uint64_t n, double arg, unsigned *flag)
{
  bool bad = false;
  for (uint64_t i = 0; i < n; i++) {
    typename FM::U u = x[i];
    if constexpr (S != WHT__OPS_SCAN) {
      u = wht__ops_elem<FM, S>(u, S == WHT__OPS_MUL ? y[i] : u, arg);
      x[i] = u;
    }
    bad |= wht__ops_nonfinite<FM>(u);
  }
  if (flag && bad) *flag |= 1u;
}

typedef void (*wht__ops_launch_fn)(void *x, const void *y, uint64_t n, double arg, unsigned *flag, int device);

template <class FM, int S>
static void wht__ops_run(void *x, const void *y, uint64_t n, double arg, unsigned *flag, int device)
{
  typedef typename FM::U U;
  if (!device) {
    wht__ops_host<FM, S>((U *)x, (const U *)y, n, arg, flag);
    return;
  }
  /* memory-bound: enough blocks to fill the device, each looping */
  const unsigned threads = 256;
  const uint64_t want = (n + threads - 1) / threads;
  const unsigned blocks = (unsigned)(want < 4096 ? want : 4096);
  wht__ops_kernel<FM, S><<<blocks, threads>>>((U *)x, (const U *)y, n, arg, flag);
}

/* [format][step] (wht_format order; WHT__OPS_* order) */
#define WHT__OPS_ROW(FM)                                                                                  \
  { wht__ops_run<FM, WHT__OPS_SCALE>, wht__ops_run<FM, WHT__OPS_THRESHOLD>, wht__ops_run<FM, WHT__OPS_MUL>, \
    wht__ops_run<FM, WHT__OPS_SCAN> }
static const wht__ops_launch_fn wht__ops_table[WHT_NFORMATS][WHT__OPS_NSTEPS] = {
  WHT__OPS_ROW(wht__ops_f64),  /* WHT_F64 */
  WHT__OPS_ROW(wht__ops_f32),  /* WHT_F32 */
  WHT__OPS_ROW(wht__ops_f16),  /* WHT_F16 */
  WHT__OPS_ROW(wht__ops_bf16), /* WHT_BF16 */
};

extern "C" wht_status wht__gpu_ops_step(int step, wht_format f, void *dx, const void *dy, uint64_t n, double arg,
                                        unsigned *dflag)
{
  if ((unsigned)f >= WHT_NFORMATS || step < 0 || step >= WHT__OPS_NSTEPS) return WHT_E_FORMAT;
  if (n == 0) return WHT_OK;
  wht__ops_table[f][step](dx, dy, n, arg, dflag, 1);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

extern "C" wht_status wht__gpu_ops_step_emulated(int step, wht_format f, void *x, const void *y, uint64_t n,
                                                 double arg, unsigned *flag)
{
  if ((unsigned)f >= WHT_NFORMATS || step < 0 || step >= WHT__OPS_NSTEPS) return WHT_E_FORMAT;
  wht__ops_table[f][step](x, y, n, arg, flag, 0);
  return WHT_OK;
}
