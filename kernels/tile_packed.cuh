/* tile_packed.cuh - a butterfly round of a 2-byte format (f16, bf16) on two
 * groups at once, one in each lane of the packed f16x2/bf16x2
 * instructions: half the arithmetic instructions and half the shared
 * memory accesses of tile.cuh's scalar round, and no 16-bit moves in and
 * out of 32-bit registers. Each lane runs the scalar round's operations on
 * the same operands in the same order (__hadd2_rn/__hsub2_rn round each
 * lane as __hadd_rn/__hsub_rn do, subnormals kept), so the result is
 * bit-identical to it; only algorithms whose butterflies (or Alman-Rao's
 * radix-8 groups) use nothing but F::add, F::sub and F::mul by F::half()
 * (A::PAIRS) take this round. Rounds whose lanes would need different
 * operands (Alman-Rao's head: a scale per row) stay scalar.
 *
 * Which two groups: those that differ in the lowest tile bit outside the
 * round. For q >= 1 that is bit 0, and the swizzle leaves bit 0 alone
 * (tile.cuh), so the two elements of a lane pair share one aligned 32-bit
 * word: one load, no shuffling. For q = 0 it is bit C, and a word holds two
 * elements of one group (bit 0): the words of both groups are transposed
 * in registers (one byte permute per word each way).
 *
 * Included by tile.cuh after the swizzle and before the scalar round, which
 * hands its work here (wht__tile_round). */
#ifndef WHT_KERNELS_TILE_PACKED_CUH
#define WHT_KERNELS_TILE_PACKED_CUH

/* A::PAIRS, false when A does not say */
template <class A, class = void>
struct wht__pairs_ok {
  static const bool value = false;
};
template <class A>
struct wht__pairs_ok<A, decltype((void)A::PAIRS)> {
  static const bool value = A::PAIRS;
};

/* The pair of a 2-byte format F as a format of its own: T the packed type,
 * U its 32-bit word (first lane in the low half, the element at the lower
 * address), add and sub lane by lane. */
template <class F>
struct wht__pair_fmt {
  typedef wht__pair_ops<F> P;
  typedef typename P::T T;
  typedef typename P::RAW RAW;
  typedef unsigned U;
  /* the word as the pair and back: on the GPU the same 32-bit register
   * reinterpreted (cuda_fp16's own idiom); through the raw struct's two
   * halves the compiler split and joined the word with a shift and a byte
   * permute each way (static SASS of the rows kernels,
   * docs/PERFORMANCE.md). The host emulation takes the raw struct. */
  static WHT__HD T from_bits(U u)
  {
#ifdef __CUDA_ARCH__
    return *reinterpret_cast<const T *>(&u);
#else
    RAW r;
    r.x = (unsigned short)u;
    r.y = (unsigned short)(u >> 16);
    return T(r);
#endif
  }
  static WHT__HD U to_bits(T x)
  {
#ifdef __CUDA_ARCH__
    return *reinterpret_cast<const U *>(&x);
#else
    const RAW r = x;
    return (U)r.x | (U)r.y << 16;
#endif
  }
  static WHT__HD T add(T a, T b) { return P::add(a, b); }
  static WHT__HD T sub(T a, T b) { return P::sub(a, b); }
  static WHT__HD T mul(T a, T b) { return P::mul(a, b); }
  static WHT__HD T half() { return P::pack(F::half(), F::half()); }
  /* for Neumaier's recoveries (compensated_err.cuh): IEEE negation and
   * |x| per lane (exact sign operations), a <= b per lane as a mask of
   * 0xffff halves (false where either is NaN), and the lanes of x where
   * mask m is set, else of y */
  static const bool PAIR = true;
  static WHT__HD T neg(T a) { return __hneg2(a); }
  static WHT__HD T mag(T a) { return __habs2(a); }
  static WHT__HD unsigned le(T a, T b) { return __hle2_mask(a, b); }
  static WHT__HD T min(T a, T b) { return __hmin2(a, b); }
  static WHT__HD T select(unsigned m, T x, T y) { return from_bits((to_bits(x) & m) | (to_bits(y) & ~m)); }
};

/* a 32-bit word of the tile at byte offset a (the host emulation copies:
 * the tile's elements are 16-bit) */
WHT__HD unsigned wht__ld32(const char *b, unsigned a)
{
#ifdef __CUDA_ARCH__
  return *(const unsigned *)(b + a);
#else
  unsigned w;
  memcpy(&w, b + a, sizeof w);
  return w;
#endif
}
WHT__HD void wht__st32(char *b, unsigned a, unsigned w)
{
#ifdef __CUDA_ARCH__
  *(unsigned *)(b + a) = w;
#else
  memcpy(b + a, &w, sizeof w);
#endif
}

/* the low halves of words a, b as one word (a's first), and the high
 * halves. PERM: on the device one byte permute each, where ptxas (CUDA
 * 13.0, sm_90) often made the masks and shifts two instructions (LOP3 and
 * PRMT for the lows, LOP3 and LEA.HI for the highs); in the compensated
 * block rows (rows_comp.cuh's wht__rows_comp_blk_row) it did better with
 * the masks: there PERM = false (H200: kahan's f16 and bf16 rows of
 * 2^12..2^15 1.3-1.9 % slower with the permutes, docs/PERFORMANCE.md) */
template <bool PERM = true>
WHT__HD unsigned wht__lows(unsigned a, unsigned b)
{
#ifdef __CUDA_ARCH__
  if (PERM) return __byte_perm(a, b, 0x5410u);
#endif
  return (a & 0xffffu) | (b << 16);
}
template <bool PERM = true>
WHT__HD unsigned wht__highs(unsigned a, unsigned b)
{
#ifdef __CUDA_ARCH__
  if (PERM) return __byte_perm(a, b, 0x7632u);
#endif
  return (a >> 16) | (b & 0xffff0000u);
}

template <class F2, class A, unsigned C, int KIND>
WHT__HD void wht__pairs_apply(typename F2::T *v, typename F2::T *e)
{
  if constexpr (KIND == WHT__ROUND_BFLY) A::template butterflies<F2, C>(v, e);
  else A::template radix8_rounds<F2, C>(v);
}

/* The round of C stages on tile bits q.. for groups 2pi and 2pi + 1,
 * pi = t, t + P, ... (the tile has at least two groups: p.Tt > C): KIND
 * WHT__ROUND_BFLY (butterflies) or WHT__ROUND_AR_RADIX8 (Alman-Rao's
 * radix-8 groups: adds and the product by 1/2, exact per lane too). */
template <class F, class A, unsigned C, int KIND>
WHT__HD void wht__tile_round_pairs(const wht__pass &p, unsigned q, typename F::U *sx,
                                   typename F::U *se, unsigned t, unsigned P)
{
  typedef wht__pair_fmt<F> F2;
  typedef typename F2::T T2;
  typedef typename F::U U;
  constexpr unsigned R = 1u << C, W = R / 2, CW = C > 1 ? C - 1 : 1;
  const unsigned npairs = 1u << (p.Tt - C - 1), lomask = (1u << q) - 1u;
  char *bx = (char *)sx, *be = (char *)se;
  if (q > 0) {
    unsigned step[C]; /* byte offset of a step along bit q+b */
WHT__UNROLL
    for (unsigned b = 0; b < C; b++) step[b] = wht__swz<U>(1u << (q + b)) << 1;
    for (unsigned pi = t; pi < npairs; pi += P) {
      const unsigned gi = 2 * pi, first = ((gi & ~lomask) << C) | (gi & lomask);
      unsigned a[R];
      a[0] = wht__swz<U>(first) << 1;
WHT__UNROLL
      for (unsigned j = 1; j < R; j++) a[j] = a[j & (j - 1)] ^ step[wht__ctz_const(j)];
      T2 v[R], e[R];
WHT__UNROLL
      for (unsigned j = 0; j < R; j++) {
        v[j] = F2::from_bits(wht__ld32(bx, a[j]));
        if constexpr (A::COMPENSATED) e[j] = F2::from_bits(wht__ld32(be, a[j]));
      }
      wht__pairs_apply<F2, A, C, KIND>(v, e);
      a[0] = wht__opaque(a[0]); /* as tile.cuh: keep values live, not addresses */
WHT__UNROLL
      for (unsigned j = 1; j < R; j++) a[j] = a[j & (j - 1)] ^ step[wht__ctz_const(j)];
WHT__UNROLL
      for (unsigned j = 0; j < R; j++) {
        wht__st32(bx, a[j], F2::to_bits(v[j]));
        if constexpr (A::COMPENSATED) wht__st32(be, a[j], F2::to_bits(e[j]));
      }
    }
  } else {
    unsigned step[CW]; /* byte offset of a step along bit 1+b (a word's) */
WHT__UNROLL
    for (unsigned b = 0; b + 1 < C; b++) step[b] = wht__swz<U>(1u << (1 + b)) << 1;
    const unsigned other = wht__swz<U>(1u << C) << 1; /* group 2pi -> 2pi + 1 */
    for (unsigned pi = t; pi < npairs; pi += P) {
      unsigned a[W];
      a[0] = wht__swz<U>((2 * pi) << C) << 1;
WHT__UNROLL
      for (unsigned j = 1; j < W; j++) a[j] = a[j & (j - 1)] ^ step[wht__ctz_const(j)];
      T2 v[R], e[R];
WHT__UNROLL
      for (unsigned j = 0; j < W; j++) {
        const unsigned x0 = wht__ld32(bx, a[j]), x1 = wht__ld32(bx, (a[j] ^ other));
        v[2 * j] = F2::from_bits(wht__lows(x0, x1));
        v[2 * j + 1] = F2::from_bits(wht__highs(x0, x1));
        if constexpr (A::COMPENSATED) {
          const unsigned e0 = wht__ld32(be, a[j]), e1 = wht__ld32(be, (a[j] ^ other));
          e[2 * j] = F2::from_bits(wht__lows(e0, e1));
          e[2 * j + 1] = F2::from_bits(wht__highs(e0, e1));
        }
      }
      wht__pairs_apply<F2, A, C, KIND>(v, e);
      a[0] = wht__opaque(a[0]);
WHT__UNROLL
      for (unsigned j = 1; j < W; j++) a[j] = a[j & (j - 1)] ^ step[wht__ctz_const(j)];
WHT__UNROLL
      for (unsigned j = 0; j < W; j++) {
        const unsigned y0 = F2::to_bits(v[2 * j]), y1 = F2::to_bits(v[2 * j + 1]);
        wht__st32(bx, a[j], wht__lows(y0, y1));
        wht__st32(bx, (a[j] ^ other), wht__highs(y0, y1));
        if constexpr (A::COMPENSATED) {
          const unsigned f0 = F2::to_bits(e[2 * j]), f1 = F2::to_bits(e[2 * j + 1]);
          wht__st32(be, a[j], wht__lows(f0, f1));
          wht__st32(be, (a[j] ^ other), wht__highs(f0, f1));
        }
      }
    }
  }
}

#endif
