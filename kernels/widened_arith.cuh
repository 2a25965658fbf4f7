/* widened_arith.cuh - the wider arithmetic of widened and widened-pass
 * (lib/widened_arith.h, DESIGN.md section 4) on the device and in the host
 * emulation: wht__wide<F>::W the wide format (f16 and bf16 in f32, f32 in
 * f64, f64 in the double-double wht__dd_ops), up (exact) and down (one
 * rounding to F), operation for operation as the CPU's (_rn intrinsics on
 * the device, the host's IEEE operations in the emulation). */
#ifndef WHT_KERNELS_WIDENED_ARITH_CUH
#define WHT_KERNELS_WIDENED_ARITH_CUH
#include "fmt_ops.cuh"

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

/* A pair of f16 or bf16 (first lane low) to two floats and back, each lane
 * converted exactly as wht__wide<F>::up / down convert one value (the
 * pair conversion rounds each lane as cvt.rn of one value does: one
 * F2FP instruction for two values where the scalar path takes two). */
template <class F> struct wht__wide_pair_cvt;
template <> struct wht__wide_pair_cvt<wht__f16_ops> {
  static WHT__HD float2 up(__half2 a) { return __half22float2(a); }
  static WHT__HD __half2 down(float2 v) { return __float22half2_rn(v); }
};
template <> struct wht__wide_pair_cvt<wht__bf16_ops> {
  static WHT__HD float2 up(__nv_bfloat162 a) { return __bfloat1622float2(a); }
  static WHT__HD __nv_bfloat162 down(float2 v) { return __float22bfloat162_rn(v); }
};

#endif
