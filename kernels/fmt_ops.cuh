/* fmt_ops.cuh - the arithmetic of each format for the GPU kernels and their
 * host emulation (DESIGN.md section 3): every +, -, * is one correctly
 * rounded operation, round to nearest even, subnormals kept, never
 * contracted into an FMA. On the device the _rn intrinsics guarantee that;
 * on the host (emulation) f64/f32 use the native operators (compiled with
 * -ffp-contract=off) and f16/bf16 the headers' host paths (float, rounded
 * once, which is exact rounding for these formats).
 *
 * Each format is a struct: T the arithmetic type, U the raw bit pattern
 * stored in memory (device arrays and shared-memory tiles hold U), and
 * static functions add/sub/mul/neg, mag (|x| as a float or double, exact,
 * for Neumaier's comparisons; NaN compares false), half (0.5) and
 * pow2(e) (2^e, e in the normal range). neg is IEEE negation (the sign
 * flipped, exact, subnormals kept): the operator or __hneg, which the
 * compiler folds into the operand of the add that uses it, where an integer
 * XOR on the bits would cost an instruction of its own. */
#ifndef WHT_KERNELS_FMT_OPS_CUH
#define WHT_KERNELS_FMT_OPS_CUH

#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#include "wht.h" /* wht_format: each format's ID */

#define WHT__HD __host__ __device__ __forceinline__
/* loop unrolling in device code; the host compiler does not know the pragma */
#ifdef __CUDA_ARCH__
#define WHT__UNROLL _Pragma("unroll")
#else
#define WHT__UNROLL
#endif

struct wht__f64_ops {
  static const wht_format ID = WHT_F64;
  typedef double T;
  typedef unsigned long long U;
  static WHT__HD T from_bits(U u)
  {
#ifdef __CUDA_ARCH__
    return __longlong_as_double((long long)u);
#else
    T x; memcpy(&x, &u, sizeof x); return x;
#endif
  }
  static WHT__HD U to_bits(T x)
  {
#ifdef __CUDA_ARCH__
    return (U)__double_as_longlong(x);
#else
    U u; memcpy(&u, &x, sizeof u); return u;
#endif
  }
#ifdef __CUDA_ARCH__
  static WHT__HD T add(T a, T b) { return __dadd_rn(a, b); }
  static WHT__HD T sub(T a, T b) { return __dsub_rn(a, b); }
  static WHT__HD T mul(T a, T b) { return __dmul_rn(a, b); }
#else
  static WHT__HD T add(T a, T b) { return a + b; }
  static WHT__HD T sub(T a, T b) { return a - b; }
  static WHT__HD T mul(T a, T b) { return a * b; }
#endif
  static WHT__HD T neg(T a) { return -a; }
  static WHT__HD double mag(T a) { return fabs(a); }
  static WHT__HD T half() { return 0.5; }
  static WHT__HD T pow2(unsigned e) { return from_bits((U)(1023u + e) << 52); }
};

struct wht__f32_ops {
  static const wht_format ID = WHT_F32;
  typedef float T;
  typedef unsigned int U;
  static WHT__HD T from_bits(U u)
  {
#ifdef __CUDA_ARCH__
    return __uint_as_float(u);
#else
    T x; memcpy(&x, &u, sizeof x); return x;
#endif
  }
  static WHT__HD U to_bits(T x)
  {
#ifdef __CUDA_ARCH__
    return __float_as_uint(x);
#else
    U u; memcpy(&u, &x, sizeof u); return u;
#endif
  }
#ifdef __CUDA_ARCH__
  static WHT__HD T add(T a, T b) { return __fadd_rn(a, b); }
  static WHT__HD T sub(T a, T b) { return __fsub_rn(a, b); }
  static WHT__HD T mul(T a, T b) { return __fmul_rn(a, b); }
#else
  static WHT__HD T add(T a, T b) { return a + b; }
  static WHT__HD T sub(T a, T b) { return a - b; }
  static WHT__HD T mul(T a, T b) { return a * b; }
#endif
  static WHT__HD T neg(T a) { return -a; }
  static WHT__HD float mag(T a) { return fabsf(a); }
  static WHT__HD T half() { return 0.5f; }
  static WHT__HD T pow2(unsigned e) { return from_bits((U)(127u + e) << 23); }
};

struct wht__f16_ops {
  static const wht_format ID = WHT_F16;
  typedef __half T;
  typedef unsigned short U;
  static WHT__HD T from_bits(U u) { return __ushort_as_half(u); }
  static WHT__HD U to_bits(T x) { return __half_as_ushort(x); }
  static WHT__HD T add(T a, T b) { return __hadd_rn(a, b); }
  static WHT__HD T sub(T a, T b) { return __hsub_rn(a, b); }
  static WHT__HD T mul(T a, T b) { return __hmul_rn(a, b); }
  static WHT__HD T neg(T a) { return __hneg(a); }
  static WHT__HD float mag(T a) { return fabsf(__half2float(a)); }
  static WHT__HD T half() { return from_bits(0x3800u); }
  static WHT__HD T pow2(unsigned e) { return from_bits((U)((15u + e) << 10)); }
};

struct wht__bf16_ops {
  static const wht_format ID = WHT_BF16;
  typedef __nv_bfloat16 T;
  typedef unsigned short U;
  static WHT__HD T from_bits(U u) { return __ushort_as_bfloat16(u); }
  static WHT__HD U to_bits(T x) { return __bfloat16_as_ushort(x); }
  static WHT__HD T add(T a, T b) { return __hadd_rn(a, b); }
  static WHT__HD T sub(T a, T b) { return __hsub_rn(a, b); }
  static WHT__HD T mul(T a, T b) { return __hmul_rn(a, b); }
  static WHT__HD T neg(T a) { return __hneg(a); }
  static WHT__HD float mag(T a) { return fabsf(__bfloat162float(a)); }
  static WHT__HD T half() { return from_bits(0x3f00u); }
  static WHT__HD T pow2(unsigned e) { return from_bits((U)((127u + e) << 7)); }
};

/* Two values of a 2-byte format in one register (T, for the packed
 * instructions): add, sub and mul are the format's correctly rounded operations
 * on each lane, so a pair gives the bits of two scalar computations. pack
 * puts a in the first lane and b in the second; RAW is the pair's raw
 * struct (x the first lane). */
template <class F> struct wht__pair_ops;
template <> struct wht__pair_ops<wht__f16_ops> {
  typedef __half2 T;
  typedef __half2_raw RAW;
  static WHT__HD T add(T a, T b) { return __hadd2_rn(a, b); }
  static WHT__HD T sub(T a, T b) { return __hsub2_rn(a, b); }
  static WHT__HD T mul(T a, T b) { return __hmul2_rn(a, b); }
  static WHT__HD T pack(__half a, __half b) { return __halves2half2(a, b); }
  static WHT__HD __half first(T x) { return __low2half(x); }
  static WHT__HD __half second(T x) { return __high2half(x); }
};
template <> struct wht__pair_ops<wht__bf16_ops> {
  typedef __nv_bfloat162 T;
  typedef __nv_bfloat162_raw RAW;
  static WHT__HD T add(T a, T b) { return __hadd2_rn(a, b); }
  static WHT__HD T sub(T a, T b) { return __hsub2_rn(a, b); }
  static WHT__HD T mul(T a, T b) { return __hmul2_rn(a, b); }
  static WHT__HD T pack(__nv_bfloat16 a, __nv_bfloat16 b) { return __halves2bfloat162(a, b); }
  static WHT__HD __nv_bfloat16 first(T x) { return __low2bfloat16(x); }
  static WHT__HD __nv_bfloat16 second(T x) { return __high2bfloat16(x); }
};

#endif
