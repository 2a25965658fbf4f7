/* widened.cu - GPU widened FWHT (lib/widened.c, DESIGN.md section 4): each
 * block of stages (blocks.cuh) in the next wider format, rounded to the
 * format once at its end. wht__wide<F> is lib/widened_arith.h's
 * arithmetic: f16 and bf16 in f32, f32 in f64, f64 in the same
 * double-double, operation for operation (_rn intrinsics on the device,
 * the host's IEEE operations in the emulation). */
#include "pass_run.cuh"
#include "blocks.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

struct wht__dd_ops {
  struct T { double hi, lo; };
  typedef wht__f64_ops D;
  /* s + err = a + b exactly (TwoSum) */
  static WHT__HD T two_sum(double a, double b)
  {
    const double s = D::add(a, b), bb = D::sub(s, a);
    return T{ s, D::add(D::sub(a, D::sub(s, bb)), D::sub(b, bb)) };
  }
  /* s + err = a + b exactly when |a| >= |b| (FastTwoSum) */
  static WHT__HD T fast_two_sum(double a, double b)
  {
    const double s = D::add(a, b);
    return T{ s, D::sub(b, D::sub(s, a)) };
  }
  static WHT__HD T add(T x, T y)
  {
    T s = two_sum(x.hi, y.hi);
    const T t = two_sum(x.lo, y.lo);
    s = fast_two_sum(s.hi, D::add(s.lo, t.hi));
    return fast_two_sum(s.hi, D::add(s.lo, t.lo));
  }
  static WHT__HD T sub(T x, T y) { return add(x, T{ -y.hi, -y.lo }); }
};

/* The wide type and conversions of each format. */
template <class F> struct wht__wide;
template <> struct wht__wide<wht__f64_ops> {
  typedef wht__dd_ops W;
  static WHT__HD W::T up(double a) { return W::T{ a, 0.0 }; }
  static WHT__HD double down(W::T v) { return wht__f64_ops::add(v.hi, v.lo); }
};
template <> struct wht__wide<wht__f32_ops> {
  typedef wht__f64_ops W;
  static WHT__HD double up(float a) { return (double)a; }
  static WHT__HD float down(double v)
  {
#ifdef __CUDA_ARCH__
    return __double2float_rn(v);
#else
    return (float)v;
#endif
  }
};
template <> struct wht__wide<wht__f16_ops> {
  typedef wht__f32_ops W;
  static WHT__HD float up(__half a) { return __half2float(a); }
  static WHT__HD __half down(float v) { return __float2half_rn(v); }
};
template <> struct wht__wide<wht__bf16_ops> {
  typedef wht__f32_ops W;
  static WHT__HD float up(__nv_bfloat16 a) { return __bfloat162float(a); }
  static WHT__HD __nv_bfloat16 down(float v) { return __float2bfloat16_rn(v); }
};

/* Rounds and registers as kahan-block's (kahan_block.cu), measured on an
 * H100: f32 2^28 2.82 -> 2.51 ms and rows of 2^10 0.897 -> 0.823 ms in
 * rounds of one group at 3 blocks per SM; f16 rows of 2^10 0.470 ms in two
 * groups at 2 against 0.493 in one at 3. */
struct wht__widened_block {
  static constexpr unsigned round_cap(unsigned esz) { return esz >= 4 ? 3 : 0; }
  static constexpr int min_blocks(unsigned esz) { return esz >= 4 ? 3 : 2; }
  template <class F>
  __host__ __device__ static constexpr bool paired() { return false; } /* the f32 arithmetic inside has no pairs */
  template <class F, unsigned S>
  static WHT__HD void run(typename F::T *x)
  {
    typedef wht__wide<F> Wd;
    typedef typename Wd::W W;
    typename W::T w[1u << S];
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) w[j] = Wd::up(x[j]);
WHT__UNROLL
    for (unsigned h = 1; h < (1u << S); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << S); t++)
        if (!(t & h)) {
          const typename W::T a = w[t], b = w[t + h];
          w[t] = W::add(a, b);
          w[t + h] = W::sub(a, b);
        }
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) x[j] = Wd::down(w[j]);
  }
};

WHT__GPU_TABLES(wht__widened, wht__block_alg<wht__widened_block>)
