/* rows_comp.cuh - the compensated algorithms' (kahan, neumaier) batched
 * rows in a warp's registers, the error terms with them (issue 15:
 * compensation that costs instructions, not memory): the shape of
 * rows_reg.cuh's warp kernel, each element a value x and its error term
 * e (e = 0 at the start, y = x - e stored at the end, as the tiles'
 * first and last passes), f32 rows of 2^7..2^10 and f64 rows of
 * 2^6..2^9 (eight vectors a lane; the error terms double the registers);
 * and, in a block of 2^M warps with one exchange of x and e through
 * shared memory (rows_reg.cuh's block kernel), f32 rows of 2^11..2^14 and
 * f64 rows of 2^10..2^13 where ERR::rows_blk_mask says so.
 *
 * f16 and bf16 rows of 2^8..2^11 run in the warp kernel on lane pairs
 * (tile_packed.cuh's wht__pair_fmt: the packed instructions round each
 * half as the scalar ones, and neumaier's recoveries choose lane by lane)
 * in the pair layout (below): a lane's eight 16-byte vectors become 32
 * pair values, vector i (i < 4) in the low halves and vector i + 4 in the
 * high halves, element v of both in pair slot 8i + v. So element bits 0-2
 * are the slot's low bits, 3-7 the lane, 8-9 the slot's high bits and bit
 * 10 the half: stages 0-9 run on whole pairs, 32 values and 32 error
 * terms a lane (the registers of f32's eight vectors), and
 * stage 10 (rows of 2^11 and longer) transposes the halves of slots 2j,
 * 2j + 1, runs the packed butterfly on (lows, highs) and transposes back.
 * Rows of 2^12..2^15 in a block go back to vectors before the exchange.
 *
 * Stages inside a vector and across vectors are compensated.cuh's
 * butterfly on (A, eA), (B, eB). Across lanes each lane computes its own
 * half from its partner's x and e (two shuffles): the lower lane A', eA',
 * the upper B', eB', in one sequence of operations:
 *   s = y + x'  (lower: x + y = S; upper: y + (-x) = y - x = D)
 *   es = f + e' (lower: Es;         upper: Ed)
 *   p = s - es  (A' or B')
 *   e_new = ERR::a(p, A, B'') + es, with A = the lower lane's x and
 *   B'' = the upper lane's x, negated on the upper lane,
 * where x' and e' are the lane's own x and e, negated on the upper lane.
 * ERR::b(P, A, B) is ERR::a(P, A, -B) bit for bit for both recoveries
 * (kahan: (P - A) + B = (P - A) - (-B); neumaier's three sums likewise,
 * and |-B| = |B|), IEEE addition is commutative and u - v is u + (-v),
 * so every lane's result is the CPU's.
 *
 * The warp's f32, f16 and bf16 rows may instead take the transposed form
 * (wht__rows_comp_xp_body below: no stage across lanes, the tile through
 * shared memory twice), plain or persistent, as ERR::rows_forms says.
 *
 * kahan-block and neumaier-block (kahan_block.cu) run the same kernels
 * with wht__blocked_err<ERR>: after the last stage of each block of the
 * row but the last (DESIGN.md section 4: [0, k mod 3), then threes) every
 * value becomes x - e and its error term +0, the tiles' block end; the
 * stages run in increasing order, so each block sees the CPU's inputs. */
#ifndef WHT_KERNELS_ROWS_COMP_CUH
#define WHT_KERNELS_ROWS_COMP_CUH

#include <utility> /* std::index_sequence */
#include "rows_reg.cuh"

/* ERR for kahan-block / neumaier-block: ERR's recoveries, the folds at
 * each block's end, and the sizes ERR's blocked masks name (bit k - KMIN
 * of the warp's sizes, bit k - LV - 9 of the block's; WHT_GPU_ROWS_BLK=2
 * still sends every block size) */
template <class ERR>
struct wht__blocked_err : ERR {
  static const bool BLOCKED = true; /* ERR's own says false */
  static constexpr unsigned rows_warp_mask(wht_format f) { return ERR::blocked_rows_warp_mask(f); }
  static constexpr unsigned rows_blk_mask(wht_format f) { return ERR::blocked_rows_blk_mask(f); }
  static constexpr unsigned rows_forms(wht_format f) { return ERR::blocked_rows_forms(f); }
  static constexpr unsigned rows_capped(wht_format f) { return ERR::blocked_rows_capped(f); }
  static constexpr unsigned rows_two(wht_format f) { return ERR::blocked_rows_two(f); }
  static constexpr unsigned rows_xp_pad(wht_format f) { return ERR::blocked_rows_xp_pad(f); }
  static constexpr unsigned rows_xp_five(wht_format f) { return ERR::blocked_rows_xp_five(f); }
  static constexpr unsigned few_rows_blk_min(wht_format f, unsigned i) { return ERR::blocked_few_rows_blk_min(f, i); }
};

/* whether a block of a blocked ERR ends after stage s of a row of 2^k,
 * the row's last stage aside (the store's y = x - e ends that one) */
template <class ERR>
__host__ __device__ constexpr bool wht__rows_comp_folds(unsigned k, unsigned s)
{
  return ERR::BLOCKED && s + 1 < k && s + 1 >= k % 3 && (s + 1 - k % 3) % 3 == 0;
}

/* whether every error term is +0 before stage s of a row of 2^k (the
 * row's first stage, or the first after a blocked ERR's fold):
 * compensated.cuh's Z */
template <class ERR>
__host__ __device__ constexpr bool wht__rows_comp_zero(unsigned k, unsigned s)
{
  return s == 0 || wht__rows_comp_folds<ERR>(k, s - 1);
}

/* the end of a block: x - e (one rounding) and e = +0, value by value */
template <class F, unsigned NV>
__device__ __forceinline__ void wht__rows_comp_fold(typename F::T *x, typename F::T *e)
{
#pragma unroll
  for (unsigned j = 0; j < NV; j++) {
    x[j] = F::sub(x[j], e[j]);
    e[j] = F::from_bits(0);
  }
}

/* one 16-byte vector as V values and back, and the V differences x - e of
 * values and error terms as one vector (one rounding each, the last
 * pass's output) */
template <class F>
__device__ __forceinline__ void wht__rows_comp_unpack(uint4 r, typename F::T *x)
{
  typename F::U u[wht__rows_reg_shape<F>::V];
  memcpy(u, &r, sizeof u);
#pragma unroll
  for (unsigned v = 0; v < wht__rows_reg_shape<F>::V; v++) x[v] = F::from_bits(u[v]);
}

template <class F>
__device__ __forceinline__ uint4 wht__rows_comp_pack(const typename F::T *x)
{
  typename F::U u[wht__rows_reg_shape<F>::V];
#pragma unroll
  for (unsigned v = 0; v < wht__rows_reg_shape<F>::V; v++) u[v] = F::to_bits(x[v]);
  uint4 r;
  memcpy(&r, u, sizeof r);
  return r;
}

template <class F>
__device__ __forceinline__ uint4 wht__rows_comp_out(const typename F::T *x, const typename F::T *e)
{
  typename F::T y[wht__rows_reg_shape<F>::V];
#pragma unroll
  for (unsigned v = 0; v < wht__rows_reg_shape<F>::V; v++) y[v] = F::sub(x[v], e[v]);
  return wht__rows_comp_pack<F>(y);
}

/* The values a lane holds for format F: F itself, eight vectors of V;
 * for 2-byte formats the lane pairs, four vectors of V pairs (header) */
template <class F, bool PAIRS = sizeof(typename F::U) == 2>
struct wht__rows_comp_vals {
  typedef F FV;
  static constexpr unsigned NW = 8; /* vectors of values a lane */
};
template <class F>
struct wht__rows_comp_vals<F, true> {
  typedef wht__pair_fmt<F> FV;
  static constexpr unsigned NW = 4;
};

/* The pair layout of a 2-byte format's warp (eight vectors a lane): the
 * lane's vectors i and i + 4
 * (i < 4) as the 8 pair words of slots 8i .. 8i + 7, element v of vector
 * i in the low half of slot 8i + v and of vector i + 4 in its high half
 * (one byte permute per word), and back. Element bits 0-2 are then the
 * slot's low bits, 3-7 the lane, 8-9 the slot's high bits and bit 10 the
 * half, so that every stage but bit 10's runs on whole words in the
 * packed instructions, which round each half as the scalar ones do.
 * folklore's rows in this layout were slower than one element at a time
 * on an H200, measured before wht__pair_fmt's words were reinterpreted
 * (docs/PERFORMANCE.md). rows_reg.cuh's wht__rows_pairs_in and
 * wht__rows_pairs_out make the pair words. */

/* vectors lo (i) and hi (i + 4) as the 8 pairs of slots 8i .. 8i + 7
 * (the pair layout above), and back (the differences x - e of the
 * pairs: the last pass's output) */
template <class F, bool PERM = true>
__device__ __forceinline__ void wht__rows_comp_pairs_in(uint4 lo, uint4 hi, typename wht__pair_fmt<F>::T *x)
{
  unsigned p[8];
  wht__rows_pairs_in<PERM>(lo, hi, p);
#pragma unroll
  for (unsigned j = 0; j < 8; j++) x[j] = wht__pair_fmt<F>::from_bits(p[j]);
}

template <class F>
__device__ __forceinline__ void wht__rows_comp_pairs_out(const typename wht__pair_fmt<F>::T *x,
                                                         const typename wht__pair_fmt<F>::T *e, uint4 &lo, uint4 &hi)
{
  typedef wht__pair_fmt<F> F2;
  unsigned p[8];
#pragma unroll
  for (unsigned j = 0; j < 8; j++) p[j] = F2::to_bits(F2::sub(x[j], e[j]));
  wht__rows_pairs_out(p, lo, hi);
}

/* the stage on the pairs' halves (element bit 10 of a 2-byte warp): slots
 * 2j and 2j + 1 transposed to (lows, highs), one packed butterfly, and
 * transposed back */
template <class F2, class ERR, unsigned NV, bool Z = false, bool PERM = true>
__device__ __forceinline__ void wht__rows_comp_halves(typename F2::T *x, typename F2::T *e)
{
  typedef typename F2::T T2;
#pragma unroll
  for (unsigned j = 0; j < NV; j += 2) {
    const unsigned x0 = F2::to_bits(x[j]), x1 = F2::to_bits(x[j + 1]);
    const unsigned e0 = F2::to_bits(e[j]), e1 = F2::to_bits(e[j + 1]);
    T2 A = F2::from_bits(wht__lows<PERM>(x0, x1)), B = F2::from_bits(wht__highs<PERM>(x0, x1));
    T2 eA = F2::from_bits(wht__lows<PERM>(e0, e1)), eB = F2::from_bits(wht__highs<PERM>(e0, e1));
    wht__compensated_butterfly<F2, ERR, Z>(A, eA, B, eB);
    const unsigned a = F2::to_bits(A), b = F2::to_bits(B), ea = F2::to_bits(eA), eb = F2::to_bits(eB);
    x[j] = F2::from_bits(wht__lows<PERM>(a, b));
    x[j + 1] = F2::from_bits(wht__highs<PERM>(a, b));
    e[j] = F2::from_bits(wht__lows<PERM>(ea, eb));
    e[j + 1] = F2::from_bits(wht__highs<PERM>(ea, eb));
  }
}

/* butterflies between values j and j + h of the NV a thread holds (Z:
 * every e[j] is +0) */
template <class F, class ERR, unsigned NV, bool Z = false>
__device__ __forceinline__ void wht__rows_comp_regs(typename F::T *x, typename F::T *e, unsigned h)
{
#pragma unroll
  for (unsigned j = 0; j < NV; j++)
    if (!(j & h)) wht__compensated_butterfly<F, ERR, Z>(x[j], e[j], x[j + h], e[j + h]);
}

/* one stage across lanes l and l ^ m for each of the NV values (the
 * header's form; upper: this lane holds B) */
template <class F, class ERR, unsigned NV, bool Z = false>
__device__ __forceinline__ void wht__rows_comp_cross(typename F::T *x, typename F::T *e, unsigned m, bool upper)
{
  typedef typename F::T T;
#pragma unroll
  for (unsigned j = 0; j < NV; j++) {
    const T y = __shfl_xor_sync(0xffffffffu, x[j], m);
    const T xs = upper ? F::neg(x[j]) : x[j];
    const T sum = F::add(y, xs);
    const T A = upper ? y : x[j], Bn = upper ? xs : y;
    if constexpr (Z) { /* es = +0 + (+-0) = +0, p = sum, and the recovery is never -0 (compensated.cuh) */
      e[j] = ERR::template az<F>(sum, A, Bn);
      x[j] = sum;
    } else {
      const T f = __shfl_xor_sync(0xffffffffu, e[j], m), es0 = upper ? F::neg(e[j]) : e[j];
      const T es = F::add(f, es0), p = F::sub(sum, es);
      e[j] = F::add(ERR::template a<F>(p, A, Bn, sum), es);
      x[j] = p;
    }
  }
}

/* stage s of wht__rows_comp_warp below (Z: every e +0 before it; PERM:
 * the halves' word permutes, tile_packed.cuh's wht__lows) */
template <class F, class ERR, unsigned KT, unsigned s, bool PERM = true>
__device__ __forceinline__ void wht__rows_comp_warp_stage(typename wht__rows_comp_vals<F>::FV::T *x,
                                                          typename wht__rows_comp_vals<F>::FV::T *e, unsigned lane)
{
  typedef wht__rows_reg_shape<F> S;
  typedef wht__rows_comp_vals<F> VS;
  typedef typename VS::FV FV;
  constexpr unsigned LV = S::LV, V = S::V, NV = VS::NW * V;
  constexpr bool Z = wht__rows_comp_zero<ERR>(KT, s);
  if constexpr (s < LV) {
    wht__rows_comp_regs<FV, ERR, NV, Z>(x, e, 1u << s);
  } else if constexpr (s < LV + 5) {
    wht__rows_comp_cross<FV, ERR, NV, Z>(x, e, 1u << (s - LV), (lane >> (s - LV)) & 1u);
  } else if constexpr ((V << (s - LV - 5)) < NV) {
    wht__rows_comp_regs<FV, ERR, NV, Z>(x, e, V << (s - LV - 5));
  } else {
    wht__rows_comp_halves<FV, ERR, NV, Z, PERM>(x, e); /* 2-byte formats' bit LV + 7 */
  }
  if constexpr (wht__rows_comp_folds<ERR>(KT, s)) wht__rows_comp_fold<FV, NV>(x, e);
}

template <class F, class ERR, unsigned KT, bool PERM, size_t... s>
__device__ __forceinline__ void wht__rows_comp_warp_from(typename wht__rows_comp_vals<F>::FV::T *x,
                                                         typename wht__rows_comp_vals<F>::FV::T *e, unsigned lane,
                                                         std::index_sequence<s...>)
{
  (wht__rows_comp_warp_stage<F, ERR, KT, (unsigned)s, PERM>(x, e, lane), ...);
}

/* stages 0..K-1 of a warp's 2^(LV+8) elements, eight vectors a lane
 * (value i * V + v: vector i, element v; for 2-byte formats the pairs of
 * wht__rows_comp_vals, the top bit the halves), of rows of 2^KT (the
 * blocks) */
template <class F, class ERR, unsigned K, unsigned KT = K, bool PERM = true>
__device__ __forceinline__ void wht__rows_comp_warp(typename wht__rows_comp_vals<F>::FV::T *x,
                                                    typename wht__rows_comp_vals<F>::FV::T *e, unsigned lane)
{
  static_assert(K >= wht__rows_reg_shape<F>::LV + 5, "the register stages and the five across lanes");
  wht__rows_comp_warp_from<F, ERR, KT, PERM>(x, e, lane, std::make_index_sequence<K>{});
}

template <class F, class ERR, unsigned K>
__device__ __forceinline__ void wht__rows_comp_body(const typename F::U *src, typename F::U *dst, uint64_t N)
{
  typedef typename F::T T;
  typedef wht__rows_reg_shape<F> S;
  constexpr unsigned LV = S::LV, V = S::V, W = 8;
  const unsigned lane = threadIdx.x & 31u;
  const uint64_t base = ((blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5) << (LV + 8);
  if (base >= N) return; /* the whole warp */
  if constexpr (sizeof(typename F::U) == 2) {
    typedef typename wht__pair_fmt<F>::T T2;
    constexpr unsigned H = W / 2;
    uint4 r[W];
    wht__rows_load<W, LV>(src, base, N, lane, r);
    T2 x[H * V], e[H * V];
#pragma unroll
    for (unsigned i = 0; i < H; i++) {
      wht__rows_comp_pairs_in<F>(r[i], r[i + H], x + i * V);
#pragma unroll
      for (unsigned v = 0; v < V; v++) e[i * V + v] = wht__pair_fmt<F>::from_bits(0);
    }
    wht__rows_comp_warp<F, ERR, K>(x, e, lane);
#pragma unroll
    for (unsigned i = 0; i < H; i++) wht__rows_comp_pairs_out<F>(x + i * V, e + i * V, r[i], r[i + H]);
    wht__rows_store<W, LV>(dst, base, N, lane, r);
  } else {
    uint4 r[W];
    wht__rows_load<W, LV>(src, base, N, lane, r);
    T x[W * V], e[W * V];
#pragma unroll
    for (unsigned i = 0; i < W; i++) {
      wht__rows_comp_unpack<F>(r[i], x + i * V);
#pragma unroll
      for (unsigned v = 0; v < V; v++) e[i * V + v] = F::from_bits(0);
    }
    wht__rows_comp_warp<F, ERR, K>(x, e, lane);
#pragma unroll
    for (unsigned i = 0; i < W; i++) r[i] = wht__rows_comp_out<F>(x + i * V, e + i * V);
    wht__rows_store<W, LV>(dst, base, N, lane, r);
  }
}

/* stages s0 + i (i in the sequence) of a row of 2^KT on the NV values a
 * thread holds, value bits VW << i for stage s0 + i (HALVES: from i = 5
 * on, the pairs' halves, 2-byte rows of 2^11), each with the blocked
 * ERR's fold after it; e +0 at stage 0 of the row and after a fold (a
 * strided tile's error terms come from memory: s0 > 0) */
template <class FV, class ERR, unsigned NV, unsigned KT, unsigned s0, bool HALVES = false, unsigned VW = 1,
          size_t... i>
__device__ __forceinline__ void wht__rows_comp_regs_from(typename FV::T *x, typename FV::T *e,
                                                         std::index_sequence<i...>)
{
  (
      [&] {
        constexpr unsigned s = s0 + (unsigned)i;
        constexpr bool Z = wht__rows_comp_zero<ERR>(KT, s);
        if constexpr (HALVES && i >= 5) wht__rows_comp_halves<FV, ERR, NV, Z>(x, e);
        else wht__rows_comp_regs<FV, ERR, NV, Z>(x, e, VW << i);
        if constexpr (wht__rows_comp_folds<ERR>(KT, s)) wht__rows_comp_fold<FV, NV>(x, e);
      }(),
      ...);
}

/* the warp's tile from its vectors' slots in sh (element order) to layout
 * B, error terms +0, and stages 0-4 */
template <class F, class ERR, unsigned K, bool PAD = false>
__device__ __forceinline__ void wht__rows_xp_first(const uint4 *sh, unsigned lane,
                                                   typename wht__rows_comp_vals<F>::FV::T *x,
                                                   typename wht__rows_comp_vals<F>::FV::T *e)
{
  typedef typename wht__rows_comp_vals<F>::FV FV;
  constexpr bool P = sizeof(typename F::U) == 2;
  constexpr unsigned NV = 32;
  /* PAD: slot s at s + (s >> 3), one address and constant offsets */
#pragma unroll
  for (unsigned j = 0; j < (P ? 4 : 8); j++) {
    if constexpr (P) /* elements 32 lane + 8j .. + 7 of each half */
      wht__rows_comp_pairs_in<F>(*wht__rows_xp_p<PAD>(sh, lane, j, 0), *wht__rows_xp_p<PAD>(sh, lane, j, 1), x + j * 8);
    else
      wht__rows_comp_unpack<F>(*wht__rows_xp_b<PAD>(sh, lane, j), x + j * 4);
  }
#pragma unroll
  for (unsigned v = 0; v < NV; v++) e[v] = FV::from_bits(0);
  wht__rows_comp_regs_from<FV, ERR, NV, K, 0>(x, e, std::make_index_sequence<5>{});
}

/* one plane (x or e) of the warp's tile from layout B to layout C through
 * sh, which no lane reads any more */
template <class FV, bool PAD>
__device__ __forceinline__ void wht__rows_xp_plane_to_c(uint4 *sh, unsigned lane, typename FV::T *v)
{
#pragma unroll
  for (unsigned j = 0; j < 8; j++) sh[wht__rows_xp_bslot<PAD>(lane, j)] = wht__rows_words_out<FV>(v + 4 * j);
  __syncwarp();
  const unsigned *w = (const unsigned *)sh;
#pragma unroll
  for (unsigned L = 0; L < 32; L++) v[L] = FV::from_bits(w[wht__rows_xp_cword<PAD>(lane, L)]);
}

/* layout B to C through shx (x) and she (e), 256 slots each (PAD: 288), which no
 * lane reads any more; stages 5..K-1 (KT: the row's stages, for the
 * blocked ERR's folds) */
template <class F, class ERR, unsigned K, unsigned KT = K, bool PAD = false, bool SEQ = false>
__device__ __forceinline__ void wht__rows_xp_to_c(uint4 *shx, uint4 *she, unsigned lane,
                                                  typename wht__rows_comp_vals<F>::FV::T *x,
                                                  typename wht__rows_comp_vals<F>::FV::T *e)
{
  typedef typename wht__rows_comp_vals<F>::FV FV;
  constexpr unsigned NV = 32;
  /* layout C: word 32L + lane is word lane ^ 4 (L & 7) of row L (PAD:
   * word 36 L + lane) */
  if constexpr (SEQ) { /* x, then e, through shx alone (she unused) */
    wht__rows_xp_plane_to_c<FV, PAD>(shx, lane, x);
    __syncwarp(); /* every lane has read x */
    wht__rows_xp_plane_to_c<FV, PAD>(shx, lane, e);
  } else { /* both planes at once, one __syncwarp */
    const unsigned *wx = (const unsigned *)shx, *we = (const unsigned *)she;
#pragma unroll
    for (unsigned j = 0; j < 8; j++) {
      const unsigned q = wht__rows_xp_bslot<PAD>(lane, j);
      shx[q] = wht__rows_words_out<FV>(x + 4 * j);
      she[q] = wht__rows_words_out<FV>(e + 4 * j);
    }
    __syncwarp();
#pragma unroll
    for (unsigned L = 0; L < NV; L++) {
      const unsigned o = wht__rows_xp_cword<PAD>(lane, L);
      x[L] = FV::from_bits(wx[o]);
      e[L] = FV::from_bits(we[o]);
    }
  }
  wht__rows_comp_regs_from<FV, ERR, NV, KT, 5, true>(x, e, std::make_index_sequence<K - 5>{});
}

/* A 2-byte tile's y = x - e (layout C's words) stored as 16-byte vectors:
 * each lane's words back to shx at the places layout C read them from
 * (slot s then holds words 4s .. 4s + 3), read back as slots 2g, 2g + 1
 * for g = lane + 32 i (words 8g .. 8g + 7: elements 8g .. 8g + 7 in the
 * low halves, 1024 + 8g .. in the high) and stored as two vectors. Both
 * the word stores (a row's 32 words) and the slot loads (eight lanes'
 * slots at distinct columns: rows 2i', 2i' + 1, columns 2c and 2c + 1
 * moved apart by the XOR or the padding) are free of bank conflicts. It
 * replaced 64 2-byte stores a lane and their 32 shifts: on an H200,
 * with the pair words' permutes (tile_packed.cuh's wht__lows), kahan's
 * and kahan-block's 2-byte rows of 2^8..2^10 took 0.97-0.99x the time
 * and of 2^11 0.91-0.92x (docs/PERFORMANCE.md). */
template <class FV, bool PAD>
__device__ __forceinline__ void wht__rows_xp_store_pairs(uint4 *shx, unsigned lane, const typename FV::T *x,
                                                         const typename FV::T *e, unsigned short *out)
{
  unsigned *w = (unsigned *)shx;
  /* each lane rewrites only the layout-C words it read itself, so this
   * sync is not needed for the values; it is kept (it costs nothing
   * measurable) so that the word stores never depend on that */
  __syncwarp();
#pragma unroll
  for (unsigned L = 0; L < 32; L++) w[wht__rows_xp_cword<PAD>(lane, L)] = FV::to_bits(FV::sub(x[L], e[L]));
  __syncwarp();
  /* slots 2g, 2g + 1 at two addresses and a constant (xp_layout.cuh) */
  const unsigned a = wht__rows_xp_pa<PAD>(lane), b = wht__rows_xp_pb<PAD>(a);
#pragma unroll
  for (unsigned i = 0; i < 4; i++) {
    const uint4 s0 = shx[a + wht__rows_xp_pstep<PAD> * i], s1 = shx[b + wht__rows_xp_pstep<PAD> * i];
    const unsigned p[8] = { s0.x, s0.y, s0.z, s0.w, s1.x, s1.y, s1.z, s1.w };
    uint4 lo, hi;
    wht__rows_pairs_out(p, lo, hi);
    const unsigned g = lane + 32u * i;
    ((uint4 *)out)[g] = lo;
    ((uint4 *)(out + 1024))[g] = hi;
  }
}

/* ... then y = x - e stored to the tile at out (its first 2^T elements,
 * those below n) */
template <class F, class ERR, unsigned K, bool PAD = false, bool SEQ = false>
__device__ __forceinline__ void wht__rows_xp_last(uint4 *shx, uint4 *she, unsigned lane,
                                                  typename wht__rows_comp_vals<F>::FV::T *x,
                                                  typename wht__rows_comp_vals<F>::FV::T *e, typename F::U *out,
                                                  uint64_t n)
{
  typedef typename F::U U;
  typedef typename wht__rows_comp_vals<F>::FV FV;
  constexpr bool P = sizeof(U) == 2;
  constexpr unsigned NV = 32;
  wht__rows_xp_to_c<F, ERR, K, K, PAD, SEQ>(shx, she, lane, x, e);
  if (n >= (P ? 2048u : 1024u)) { /* the whole tile (warp-uniform): no compare per element */
    if constexpr (P) { /* y's words back to shx, then 16-byte vectors */
      wht__rows_xp_store_pairs<FV, PAD>(shx, lane, x, e, out);
      return;
    }
    U *o = out + lane;
#pragma unroll
    for (unsigned L = 0; L < NV; L++) o[L * 32u] = FV::to_bits(FV::sub(x[L], e[L]));
    return;
  }
  const unsigned m = (unsigned)n; /* below the tile's 2^11 */
#pragma unroll
  for (unsigned L = 0; L < NV; L++) {
    const unsigned i = L * 32u + lane, y = FV::to_bits(FV::sub(x[L], e[L]));
    if constexpr (P) {
      if (i < m) out[i] = (U)y;
      if (i + 1024u < m) out[i + 1024u] = (U)(y >> 16);
    } else {
      if (i < m) out[i] = y;
    }
  }
}

/* A warp's rows with no stage across lanes (the transposed form): the
 * lane stages of the form above cost two shuffles and the selects of the
 * upper half on every value (Nsight Compute: about 95 warp instructions
 * an element for kahan f32 rows of 2^10, issue-bound), where a stage in
 * registers costs the butterfly alone. The warp's tile of 2^10 words
 * (f32: the elements; f16 and bf16: 2^11 elements as pairs, element w in
 * the low half of word w and element 1024 + w in its high half, so bit 10
 * is the halves' stage as in the pair layout above) goes through the
 * warp's shared memory twice:
 *   - its 16-byte vectors land in shared memory in element order and are
 *     read back as layout B: lane L holds words 32L .. 32L + 31 (word bits
 *     0-4 in registers; pairs built from the two halves' vectors), error
 *     terms +0 (only x moves);
 *   - stages 0-4; x and e stored, read back as layout C: lane l holds
 *     words 32L + l, L = 0..31 (word bits 5-9 in registers);
 *   - stages 5..K-1 (bit 10 by wht__rows_comp_halves), y = x - e stored:
 *     f32 element by element (a warp's store is 32 consecutive elements),
 *     2-byte words back through shared memory and out as 16-byte vectors
 *     (wht__rows_xp_store_pairs); a whole tile without a compare per
 *     element.
 * Shared memory holds 16-byte slots s (row R = s >> 3 of eight slots,
 * column s & 7) at s ^ (R & 7): the vectors' stores (eight consecutive
 * slots of one row), layout B's 16-byte loads and stores (four or eight
 * rows, distinct columns) and layout C's word loads (one row of 32 words)
 * are all free of bank conflicts. The plain kernel may instead pad the
 * rows (ERR::rows_xp_pad: slot s at s + (s >> 3), rows nine slots
 * apart, 9 KiB a warp): as free of conflicts, and every access of the
 * tile then one address and constant offsets, where the XOR costs its
 * address arithmetic a tile (on an H200 0.93-0.96x the time for kahan's
 * 2-byte rows and neumaier's f32 rows, docs/PERFORMANCE.md). (x and e side by side, one 8-byte load
 * for both in layout C, ran 0.99x the time of this in 2-byte formats and
 * 1.04x in f32 on an H200: docs/PERFORMANCE.md.) The stages run in
 * increasing order on the same operands, so every value is the other
 * forms' bit for bit.
 *
 * The plain kernel copies a tile to shared memory (f32 by cp.async.cg,
 * through L2 only, as rows_wide.cuh: kahan's rows of 2^10 1.54x -> 1.43x
 * the add-one kernel, neumaier's of 2^7 2.33x -> 2.17x; 2-byte formats
 * through registers: by cp.async the kernels their defaults take were
 * up to 5 % slower, kahan's rows of 2^10 1.70x against 1.65x,
 * neumaier-block's bf16 rows of 2^8 4.07-4.12x against 3.90x, where
 * kahan-block's rows of 2^8 and 2^11 gained 2-3 %; H200,
 * docs/PERFORMANCE.md) and transforms it; the persistent one (PF) keeps a
 * ring of two tiles a warp filled by cp.async, the next tile's copy in
 * flight while the current one is transformed; the five blocks' one (SEQ)
 * moves x and then e to layout C through one plane, half the shared
 * memory. */
template <class F>
struct wht__rows_xp_shape {
  static constexpr bool P = sizeof(typename F::U) == 2;
  static constexpr unsigned T = P ? 11 : 10, LEV = P ? 3 : 2; /* log2: a tile's elements, a vector's */
};

template <class F, class ERR, unsigned K, bool PAD = false, bool SEQ = false>
__device__ __forceinline__ void wht__rows_comp_xp_body(const typename F::U *src, typename F::U *dst, uint64_t N,
                                                       uint4 *sh)
{
  typedef wht__rows_xp_shape<F> X;
  typedef typename wht__rows_comp_vals<F>::FV::T TV;
  static_assert((sizeof(typename F::U) == 4 || X::P) && K >= 5 && K <= X::T, "2- and 4-byte rows of 2^5 up to a tile");
  const unsigned lane = threadIdx.x & 31u;
  const uint64_t base = ((blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5) << X::T;
  if (base >= N) return; /* the whole warp */
  if constexpr (X::P) { /* through registers (the header comment) */
    uint4 r[8];
    wht__rows_load<8, X::LEV>(src, base, N, lane, r);
#pragma unroll
    for (unsigned i = 0; i < 8; i++) sh[wht__rows_xp_vslot<PAD>(lane, i)] = r[i];
  } else {
    if (base + ((uint64_t)1 << X::T) <= N) wht__rows_fetch<8, X::LEV, typename F::U, true, PAD>(src, base, N, sh, lane);
    else wht__rows_fetch<8, X::LEV, typename F::U, false, PAD>(src, base, N, sh, lane);
    asm volatile("cp.async.wait_group 0;" ::: "memory");
  }
  __syncwarp();
  TV x[32], e[32];
  wht__rows_xp_first<F, ERR, K, PAD>(sh, lane, x, e);
  __syncwarp(); /* every lane has read its x */
  wht__rows_xp_last<F, ERR, K, PAD, SEQ>(sh, sh + wht__rows_xp_room<PAD>, lane, x, e, dst + base, N - base);
}

template <class F, class ERR, unsigned K>
__device__ __forceinline__ void wht__rows_comp_xp_pf_body(const typename F::U *src, typename F::U *dst, uint64_t N,
                                                          uint4 *sh)
{
  typedef wht__rows_xp_shape<F> X;
  typedef typename wht__rows_comp_vals<F>::FV::T TV;
  const unsigned lane = threadIdx.x & 31u, wpb = blockDim.x >> 5;
  const uint64_t tiles = (N + ((uint64_t)1 << X::T) - 1) >> X::T, stride = (uint64_t)gridDim.x * wpb;
  uint64_t t = (uint64_t)blockIdx.x * wpb + (threadIdx.x >> 5);
  if (t >= tiles) return; /* the whole warp */
  wht__rows_fetch<8, X::LEV>(src, t << X::T, N, sh, lane);
  for (unsigned cur = 0; t < tiles; t += stride, cur ^= 1u) {
    /* the next tile into the other buffer (read by the last iteration,
     * whose loads the __syncwarp at its end ordered); an empty group at
     * the end keeps wait_group 1's count */
    const uint64_t next = (t + stride) << X::T;
    if (next + ((uint64_t)1 << X::T) <= N) /* a whole tile (warp-uniform): no bound a vector */
      wht__rows_fetch<8, X::LEV, typename F::U, true>(src, next, N, sh + (cur ^ 1u) * 256u, lane);
    else if (t + stride < tiles) wht__rows_fetch<8, X::LEV>(src, next, N, sh + (cur ^ 1u) * 256u, lane);
    else asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_group 1;" ::: "memory");
    __syncwarp();
    TV x[32], e[32];
    wht__rows_xp_first<F, ERR, K>(sh + cur * 256u, lane, x, e);
    __syncwarp(); /* every lane has read its x */
    wht__rows_xp_last<F, ERR, K>(sh + cur * 256u, sh + 512, lane, x, e, dst + (t << X::T), N - (t << X::T));
    __syncwarp(); /* every lane has read layout C before the buffers are written */
  }
}

/* four warps a block, 8 KiB of shared memory each (x and e; padded 9
 * KiB), or 12 KiB (the ring of two tiles and e) persistent. An
 * experiment (issue 15, docs/PERFORMANCE.md): CPPFLAGS=-DWHT_XP_MINB=4
 * asks for four blocks a multiprocessor (128 registers) */
#ifdef WHT_XP_MINB
#define WHT__XP_BOUNDS __launch_bounds__(128, WHT_XP_MINB)
#else
#define WHT__XP_BOUNDS __launch_bounds__(128)
#endif
template <class F, class ERR, unsigned K, bool PAD = false>
__global__ void WHT__XP_BOUNDS wht__rows_comp_xp_kernel(const typename F::U *src, typename F::U *dst,
                                                                uint64_t N)
{
  __shared__ uint4 sh[4][2 * wht__rows_xp_room<PAD>];
  wht__rows_comp_xp_body<F, ERR, K, PAD>(src, dst, N, sh[threadIdx.x >> 5]);
}

/* the same at five blocks a multiprocessor, x's and e's transposes to
 * layout C one after the other through one plane (4 KiB a warp, padded
 * 4.5), for the 2-byte sizes ERR::rows_xp_five names (ptxas, CUDA 13.0,
 * sm_90, rows of 2^10: kahan-block's 94 registers against 78 at six
 * blocks, kahan's 96 and a 36-byte spill against 104 at four) */
template <class F, class ERR, unsigned K, bool PAD>
__global__ void __launch_bounds__(128, 5) wht__rows_comp_xp5_kernel(const typename F::U *src, typename F::U *dst,
                                                                    uint64_t N)
{
  __shared__ uint4 sh[4][wht__rows_xp_room<PAD>];
  wht__rows_comp_xp_body<F, ERR, K, PAD, true>(src, dst, N, sh[threadIdx.x >> 5]);
}

template <class F, class ERR, unsigned K>
__global__ void __launch_bounds__(128) wht__rows_comp_xp_pf_kernel(const typename F::U *src, typename F::U *dst,
                                                                   uint64_t N)
{
  __shared__ uint4 sh[4][768];
  wht__rows_comp_xp_pf_body<F, ERR, K>(src, dst, N, sh[threadIdx.x >> 5]);
}

/* A 16-byte vector as the values of wht__rows_comp_vals (V elements, or
 * for 2-byte formats 4 words of two elements each: a stage between two
 * vectors pairs element v of one with element v of the other, so it runs
 * on whole words), and the differences x - e of such values as a vector */
template <class F>
__device__ __forceinline__ void wht__rows_comp_vec_in(uint4 r, typename wht__rows_comp_vals<F>::FV::T *x)
{
  if constexpr (sizeof(typename F::U) == 2) {
    typedef wht__pair_fmt<F> F2;
    x[0] = F2::from_bits(r.x), x[1] = F2::from_bits(r.y), x[2] = F2::from_bits(r.z), x[3] = F2::from_bits(r.w);
  } else {
    wht__rows_comp_unpack<F>(r, x);
  }
}

template <class F>
__device__ __forceinline__ uint4 wht__rows_comp_vec_out(const typename wht__rows_comp_vals<F>::FV::T *x,
                                                        const typename wht__rows_comp_vals<F>::FV::T *e)
{
  if constexpr (sizeof(typename F::U) == 2) {
    typedef wht__pair_fmt<F> F2;
    return make_uint4(F2::to_bits(F2::sub(x[0], e[0])), F2::to_bits(F2::sub(x[1], e[1])),
                      F2::to_bits(F2::sub(x[2], e[2])), F2::to_bits(F2::sub(x[3], e[3])));
  } else {
    return wht__rows_comp_out<F>(x, e);
  }
}

/* x's values as one 16-byte vector, unchanged (values and error terms
 * stored apart: a pass that another follows, single_comp.cuh) */
template <class F>
__device__ __forceinline__ uint4 wht__rows_comp_vec_bits(const typename wht__rows_comp_vals<F>::FV::T *x)
{
  if constexpr (sizeof(typename F::U) == 2) {
    typedef wht__pair_fmt<F> F2;
    return make_uint4(F2::to_bits(x[0]), F2::to_bits(x[1]), F2::to_bits(x[2]), F2::to_bits(x[3]));
  } else {
    return wht__rows_comp_pack<F>(x);
  }
}

/* Rows of 2^(K0+M), K0 = LV+8, over the 2^M warps of a block (M = 1..4:
 * f32 2^11..2^14, f64 2^10..2^13, f16 and bf16 2^12..2^15), as
 * rows_reg.cuh's block kernel with the error terms beside the values:
 * each warp's stages 0..K0-1 as above (2-byte formats in the pair layout,
 * back to vectors before the exchange), one exchange of x and e through
 * shared memory, the top M stages across registers (three) and lanes (the
 * fourth), on whole words in 2-byte formats, y = x - e stored.
 * IO (rows_reg.cuh's wht__blk_io) maps element u to memory: a row, or a
 * strided pass's tile of single_comp.cuh (runs of 2^(LV+5), whose stages
 * are the three across a lane's vectors, then the block's M), which loads
 * its error terms from ein (a row starts at e = +0); EOUT: values and
 * error terms stored to xout and eout (else y = x - e to xout). The
 * blocked ERR's folds run on rows only. */
template <class F, class ERR, unsigned M, bool EOUT = false, class IO = wht__blk_io<>>
__device__ __forceinline__ void wht__rows_comp_blk_row(const typename F::U *xin, const typename F::U *ein,
                                                       typename F::U *xout, typename F::U *eout,
                                                       const IO &io = IO{ 0, 0, 0 })
{
  typedef typename F::T T;
  typedef wht__rows_reg_shape<F> S;
  typedef typename wht__rows_comp_vals<F>::FV FV;
  typedef typename FV::T TV;
  constexpr bool P = sizeof(typename F::U) == 2;
  constexpr unsigned LV = S::LV, V = S::V, W = 8, K0 = LV + 8, NV = W * V;
  constexpr unsigned VW = P ? 4 : V, NX = W * VW; /* values a vector and a lane after the exchange */
  constexpr unsigned MR = M < 3 ? M : 3, ML = M - MR, TT = W >> MR, LL = 5 - ML, NS = 1u << (M + 8);
  static_assert(M >= 1 && ML <= 1, "at most one of the top bits on lanes");
  static_assert(!ERR::BLOCKED || (!IO::STRIDED && !EOUT), "a blocked ERR's folds run on rows only");
  extern __shared__ uint4 wht__rows_comp_sh[]; /* NS vectors of x, then NS of e */
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  if constexpr (IO::STRIDED) {
    static_assert(IO::RUN == LV + 5, "a strided tile's runs are a warp's lanes");
    TV x[NX], e[NX];
#pragma unroll
    for (unsigned i = 0; i < W; i++) {
      const unsigned u = (w << K0) | ((i * 32u + lane) << LV);
      wht__rows_comp_vec_in<F>(io.load(xin, u), x + i * VW);
      wht__rows_comp_vec_in<F>(io.load(ein, u), e + i * VW);
    }
#pragma unroll
    for (unsigned s = 0; s < 3; s++) wht__rows_comp_regs<FV, ERR, NX>(x, e, VW << s);
#pragma unroll
    for (unsigned i = 0; i < W; i++) {
      wht__rows_comp_sh[(w * W + i) * 32u + lane] = wht__rows_comp_vec_bits<F>(x + i * VW);
      wht__rows_comp_sh[NS + (w * W + i) * 32u + lane] = wht__rows_comp_vec_bits<F>(e + i * VW);
    }
  } else if constexpr (P) {
    typedef wht__pair_fmt<F> F2;
    uint4 r[W];
#pragma unroll
    for (unsigned i = 0; i < W; i++) r[i] = io.load(xin, (w << K0) | ((i * 32u + lane) << LV));
    TV x[NV / 2], e[NV / 2];
#pragma unroll
    for (unsigned i = 0; i < W / 2; i++) {
      wht__rows_comp_pairs_in<F, false>(r[i], r[i + W / 2], x + i * V); /* the masks (tile_packed.cuh's wht__lows) */
#pragma unroll
      for (unsigned v = 0; v < V; v++) e[i * V + v] = F2::from_bits(0);
    }
    wht__rows_comp_warp<F, ERR, K0, K0 + M, false>(x, e, lane);
#pragma unroll
    for (unsigned i = 0; i < W / 2; i++) {
      unsigned px[V], pe[V];
#pragma unroll
      for (unsigned v = 0; v < V; v++) px[v] = F2::to_bits(x[i * V + v]), pe[v] = F2::to_bits(e[i * V + v]);
      uint4 lo, hi;
      wht__rows_pairs_out<false>(px, lo, hi);
      wht__rows_comp_sh[(w * W + i) * 32u + lane] = lo;
      wht__rows_comp_sh[(w * W + i + W / 2) * 32u + lane] = hi;
      wht__rows_pairs_out<false>(pe, lo, hi);
      wht__rows_comp_sh[NS + (w * W + i) * 32u + lane] = lo;
      wht__rows_comp_sh[NS + (w * W + i + W / 2) * 32u + lane] = hi;
    }
  } else {
    T x[NV], e[NV];
#pragma unroll
    for (unsigned i = 0; i < W; i++) {
      wht__rows_comp_unpack<F>(io.load(xin, (w << K0) | ((i * 32u + lane) << LV)), x + i * V);
#pragma unroll
      for (unsigned v = 0; v < V; v++) e[i * V + v] = F::from_bits(0);
    }
    wht__rows_comp_warp<F, ERR, K0, K0 + M>(x, e, lane);
#pragma unroll
    for (unsigned i = 0; i < W; i++) {
      wht__rows_comp_sh[(w * W + i) * 32u + lane] = wht__rows_comp_pack<F>(x + i * V);
      wht__rows_comp_sh[NS + (w * W + i) * 32u + lane] = wht__rows_comp_pack<F>(e + i * V);
    }
  }
  __syncthreads();
  TV x[NX], e[NX];
  const unsigned jl = lane >> LL, lo = lane & ((1u << LL) - 1u);
#pragma unroll
  for (unsigned t = 0; t < TT; t++)
#pragma unroll
    for (unsigned jr = 0; jr < (1u << MR); jr++) {
      const unsigned a = (jr | jl << MR) * W * 32u + (((w * TT + t) << LL) | lo), r = t << MR | jr;
      wht__rows_comp_vec_in<F>(wht__rows_comp_sh[a], x + r * VW);
      wht__rows_comp_vec_in<F>(wht__rows_comp_sh[NS + a], e + r * VW);
    }
  /* stages K0..K0+MR-1 across the values, then K0+MR across lanes; e +0
   * before one only after a blocked ERR's fold (a strided tile's came
   * from memory) */
  wht__rows_comp_regs_from<FV, ERR, NX, K0 + M, K0, false, VW>(x, e, std::make_index_sequence<MR>{});
  if constexpr (ML > 0) /* the tile's last stage */
    wht__rows_comp_cross<FV, ERR, NX, wht__rows_comp_folds<ERR>(K0 + M, K0 + MR - 1)>(x, e, 1u << LL, jl & 1u);
#pragma unroll
  for (unsigned t = 0; t < TT; t++)
#pragma unroll
    for (unsigned jr = 0; jr < (1u << MR); jr++) {
      const unsigned j = jr | jl << MR, u = (j << K0) | ((((w * TT + t) << LL) | lo) << LV), r = t << MR | jr;
      if constexpr (EOUT) {
        io.store(xout, u, wht__rows_comp_vec_bits<F>(x + r * VW));
        io.store(eout, u, wht__rows_comp_vec_bits<F>(e + r * VW));
      } else {
        io.store(xout, u, wht__rows_comp_vec_out<F>(x + r * VW, e + r * VW));
      }
    }
}

/* The same rows of 2^14 f32 or 2^15 f16 and bf16 (M = 4) with no stage
 * across lanes, x and e stored (single_comp.cuh's first pass, EOUT):
 * each warp takes its 2^K0 elements (K0 = 10, or 11 as 2^10 words of
 * two, element w and 1024 + w) through the transposed form above (its
 * 16-byte vectors into its own 4 KiB of x in shared memory, 4.5 KiB with
 * PAD's padded slots, the block's e after its x; layout B,
 * stages 0-4, layout C, stages 5..K0-1), puts its words back there in
 * order (lane l's value L is word 32L + l of the warp's), and after the
 * block's barrier each lane takes the 32 words j 2^10 + r 2^9 + 32w + l
 * (j = 0..15 the warp that held it: element bits K0..K0+3, r = 0, 1):
 * the stages on bits K0..K0+3 across its registers (value r + 2j), x and
 * e stored an element a lane and instruction (128 or 64 contiguous
 * bytes). Every shared load and store of one instruction touches 32
 * consecutive words, or slots the layout keeps apart: no bank conflict. The
 * lane form's six stages across lanes (two shuffles and the upper half's
 * selects on every value, about twice a stage in registers) become three
 * trips through shared memory; the stages keep their order and operands,
 * so the values are the lane form's bit for bit. */
template <class F, class ERR, class IO, bool PAD = false>
__device__ __forceinline__ void wht__rows_comp_blk_row_xp(const typename F::U *xin, typename F::U *xout,
                                                          typename F::U *eout, const IO &io)
{
  typedef typename F::U U;
  typedef typename wht__rows_comp_vals<F>::FV FV;
  constexpr bool P = sizeof(U) == 2;
  static_assert((P || sizeof(U) == 4) && !IO::STRIDED && !ERR::BLOCKED, "2- and 4-byte rows, x and e out");
  /* a warp's 2^10 words of x (then of e) in WS slots (PAD: rows of eight
   * slots nine apart), the block's x in NS slots, then its e */
  constexpr unsigned LV = P ? 3 : 2, W = 8, K0 = P ? 11 : 10, WS = wht__rows_xp_room<PAD>, NS = wht__rows_xp_blk_ns<PAD>;
  extern __shared__ uint4 wht__rows_comp_sh[];
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  uint4 *shx = wht__rows_comp_sh + w * WS, *she = wht__rows_comp_sh + NS + w * WS;
#pragma unroll
  for (unsigned i = 0; i < W; i++) shx[wht__rows_xp_vslot<PAD>(lane, i)] = io.load(xin, (w << K0) | ((i * 32u + lane) << LV));
  __syncwarp();
  typename FV::T x[32], e[32];
  wht__rows_xp_first<F, ERR, K0 + 4, PAD>(shx, lane, x, e);
  __syncwarp(); /* every lane has read its x */
  wht__rows_xp_to_c<F, ERR, K0, K0, PAD>(shx, she, lane, x, e);
  __syncwarp(); /* ... and layout C */
  unsigned *wx = (unsigned *)wht__rows_comp_sh, *we = (unsigned *)(wht__rows_comp_sh + NS);
#pragma unroll
  for (unsigned L = 0; L < 32; L++) {
    wx[wht__rows_xp_blk_wput<PAD>(w, lane, L)] = FV::to_bits(x[L]);
    we[wht__rows_xp_blk_wput<PAD>(w, lane, L)] = FV::to_bits(e[L]);
  }
  __syncthreads();
#pragma unroll
  for (unsigned v = 0; v < 32; v++) {
    const unsigned q = wht__rows_xp_blk_wget<PAD>(w, lane, v);
    x[v] = FV::from_bits(wx[q]);
    e[v] = FV::from_bits(we[q]);
  }
#pragma unroll
  for (unsigned s = 0; s < 4; s++) wht__rows_comp_regs<FV, ERR, 32>(x, e, 2u << s);
#pragma unroll
  for (unsigned v = 0; v < 32; v++) {
    const unsigned u = (v >> 1) << K0 | (v & 1u) << 9 | w << 5 | lane, bx = FV::to_bits(x[v]), be = FV::to_bits(e[v]);
    if constexpr (P) { /* the word's elements u and u + 1024 */
      io.store2(xout, u, (unsigned short)bx);
      io.store2(xout, u + 1024u, (unsigned short)(bx >> 16));
      io.store2(eout, u, (unsigned short)be);
      io.store2(eout, u + 1024u, (unsigned short)(be >> 16));
    } else {
      io.store4(xout, u, bx);
      io.store4(eout, u, be);
    }
  }
}

/* a block's row of 2^(K0+M) (the grid: a block a row), asking L2 for the
 * row `ahead` rows on first */
template <class F, class ERR, unsigned M>
__global__ void __launch_bounds__(32u << M)
    wht__rows_comp_blk_kernel(const typename F::U *src, typename F::U *dst, unsigned ahead)
{
  constexpr unsigned K0 = wht__rows_reg_shape<F>::LV + 8;
  wht__rows_blk_prefetch<K0, K0 + M>(src, ahead); /* rows_reg.cuh */
  const uint64_t base = (uint64_t)blockIdx.x << (K0 + M);
  wht__rows_comp_blk_row<F, ERR, M>(src + base, NULL, dst + base, NULL);
}

/* the body under ptxas's own register choice, and capped at 80 registers
 * (three blocks of 256 per multiprocessor); wht__rows_comp_launch
 * chooses */
template <class F, class ERR, unsigned K>
__global__ void __launch_bounds__(256) wht__rows_comp_kernel(const typename F::U *src, typename F::U *dst, uint64_t N)
{
  wht__rows_comp_body<F, ERR, K>(src, dst, N);
}

/* ... at two blocks of 256 a multiprocessor (128 registers), where
 * ERR::rows_two says so */
template <class F, class ERR, unsigned K>
__global__ void __launch_bounds__(256, 2) wht__rows_comp_kernel2(const typename F::U *src, typename F::U *dst,
                                                                 uint64_t N)
{
  wht__rows_comp_body<F, ERR, K>(src, dst, N);
}

template <class F, class ERR, unsigned K>
__global__ void __launch_bounds__(256, 3) wht__rows_comp_kernel3(const typename F::U *src, typename F::U *dst,
                                                                 uint64_t N)
{
  wht__rows_comp_body<F, ERR, K>(src, dst, N);
}

/* Which warp and block kernels the build holds: the forms and sizes that
 * ERR's tables (compensated_err.cuh) choose, or every one where
 * WHT_GPU_ALL_FORMS is defined (CPPFLAGS=-DWHT_GPU_ALL_FORMS: the
 * comparisons of docs/PERFORMANCE.md that force another form or size by
 * WHT_GPU_ROWS_COMP_XP or WHT_GPU_ROWS_BLK=2). The tables' other entries
 * were half of kahan_block.cu's kernels and of its compile time, which
 * CI pays. Without it a forced form or size that is not built runs on the
 * tiles. A form as the launch takes it: f64 rows only in lanes, 2-byte
 * rows not persistent. */
template <class F>
constexpr unsigned wht__rows_comp_eff_form(unsigned form)
{
  return sizeof(typename F::U) == 8 ? 0u : sizeof(typename F::U) == 2 && form == 2 ? 1u : form;
}

template <class F, class ERR>
constexpr bool wht__rows_comp_warp_built(unsigned k, unsigned form)
{
#ifdef WHT_GPU_ALL_FORMS
  (void)k;
  return form == wht__rows_comp_eff_form<F>(form);
#else
  typedef wht__rows_reg_shape<F> S;
  const unsigned i = k - S::KMIN;
  return (ERR::rows_warp_mask(F::ID) >> i & 1u) &&
         wht__rows_comp_eff_form<F>(ERR::rows_forms(F::ID) >> (2 * i) & 3u) == form;
#endif
}

template <class F, class ERR>
constexpr bool wht__rows_comp_blk_built(unsigned M)
{
#ifdef WHT_GPU_ALL_FORMS
  (void)M;
  return true;
#else
  return ERR::rows_blk_mask(F::ID) >> (M - 1) & 1u;
#endif
}

/* Whether the lane form's rows of 2^K run capped at 80 registers: as
 * ERR::rows_capped says, the kernels whose register count under ptxas's
 * own choice exceeds 80 (three blocks of 256 a multiprocessor). Only that
 * kernel is built; with WHT_GPU_ALL_FORMS both, and the launch asks the
 * device for the count (wht__rows_comp_capped), as the table came to be:
 * on an H100 the better of the two at every size but f64 kahan rows of
 * 2^7 (equal), e.g. kahan f32 rows of 2^7 1.08x the add-one kernel at 48
 * registers against 1.17x capped, rows of 2^10 1.71x at 90 against 1.43x
 * (docs/PERFORMANCE.md). Building one of the two halved the lane form's
 * share of kahan.cu's, neumaier.cu's and kahan_block.cu's compile time. */
template <class F, class ERR>
constexpr bool wht__rows_comp_capped_bit(unsigned K)
{
  return ERR::rows_capped(F::ID) >> (K - wht__rows_reg_shape<F>::KMIN) & 1u;
}

/* ... or at two blocks of 256 a multiprocessor (ERR::rows_two) */
template <class F, class ERR>
constexpr bool wht__rows_comp_two_bit(unsigned K)
{
  return ERR::rows_two(F::ID) >> (K - wht__rows_reg_shape<F>::KMIN) & 1u;
}

/* Whether the plain transposed form's rows of 2^K pad their slots
 * (ERR::rows_xp_pad, bit K - KMIN): slot s at s + (s >> 3), rows of
 * eight 16-byte slots nine apart, instead of wht__rows_xp_slot's XOR, so
 * that every access of the tile is one address and constant offsets
 * (none has a bank conflict either way) */
template <class F, class ERR>
constexpr bool wht__rows_comp_xp_pad(unsigned K)
{
  return ERR::rows_xp_pad(F::ID) >> (K - wht__rows_reg_shape<F>::KMIN) & 1u;
}

/* A kernel of the tables below where the build holds it, else NULL (the
 * discarded branch instantiates nothing) */
template <class F, class ERR, unsigned K, bool CAP>
static auto wht__rows_comp_lane_k() -> void (*)(const typename F::U *, typename F::U *, uint64_t)
{
#ifdef WHT_GPU_ALL_FORMS
  constexpr bool form = true;
#else
  constexpr bool form = CAP == wht__rows_comp_capped_bit<F, ERR>(K);
#endif
  if constexpr (form && wht__rows_comp_warp_built<F, ERR>(K, 0)) {
    if constexpr (CAP) return wht__rows_comp_kernel3<F, ERR, K>;
    else if constexpr (wht__rows_comp_two_bit<F, ERR>(K)) return wht__rows_comp_kernel2<F, ERR, K>;
    else return wht__rows_comp_kernel<F, ERR, K>;
  } else {
    return NULL;
  }
}

template <class F, class ERR, unsigned K, unsigned FORM>
static auto wht__rows_comp_xp_k() -> void (*)(const typename F::U *, typename F::U *, uint64_t)
{
  if constexpr (wht__rows_comp_warp_built<F, ERR>(K, FORM)) {
    if constexpr (FORM == 2) return wht__rows_comp_xp_pf_kernel<F, ERR, K>;
    else return wht__rows_comp_xp_kernel<F, ERR, K, wht__rows_comp_xp_pad<F, ERR>(K)>;
  } else {
    return NULL;
  }
}

template <class F, class ERR, unsigned K>
static auto wht__rows_comp_xp5_k() -> void (*)(const typename F::U *, typename F::U *, uint64_t)
{
  if constexpr (sizeof(typename F::U) == 2 && (ERR::rows_xp_five(F::ID) >> (K - wht__rows_reg_shape<F>::KMIN) & 1u) &&
                wht__rows_comp_warp_built<F, ERR>(K, 1))
    return wht__rows_comp_xp5_kernel<F, ERR, K, wht__rows_comp_xp_pad<F, ERR>(K)>;
  else return NULL;
}

template <class F, class ERR, unsigned M>
static auto wht__rows_comp_blk_k() -> void (*)(const typename F::U *, typename F::U *, unsigned)
{
  if constexpr (wht__rows_comp_blk_built<F, ERR>(M)) return wht__rows_comp_blk_kernel<F, ERR, M>;
  else return NULL;
}

/* below: the warp rows' form */
template <class F, class ERR>
static unsigned wht__rows_comp_form(unsigned k);

/* whether rows of 2^k in format F run here: f32 rows of 2^7..2^10, f64
 * rows of 2^6..2^9 and f16/bf16 rows of 2^8..2^11 (lane pairs) in a warp
 * (eight vectors a lane) where ERR::rows_warp_mask says so, and of the four
 * sizes after those the ones ERR::rows_blk_mask names (measured faster
 * than the tiles) in a block; 16-byte aligned pointers. WHT_GPU_ROWS_REG=0
 * sends them all to the tiles, as folklore's; WHT_GPU_ROWS_BLK=0 sends
 * the block's sizes there and =2 all four to the block, for comparisons
 * (any other value: the table); sizes whose shared memory the device does
 * not allow take the tiles, and so do fewer rows (N elements in all) than
 * ERR::few_rows_blk_min says for the size and format (8 of the block's
 * largest, 64 KB a row, and its smallest, 8 KB; more where measured so;
 * WHT_GPU_ROWS_FEW=0 none, for comparisons), whose blocks would be a
 * handful or leave the device idle: on an H200 neumaier's f16 2^15 took 55
 * us in its one block, 21 us in two passes of 8 small tiles (pass_plan.cu,
 * small_tile_log2, whose WHT_GPU_SMALL_TILES=0 keeps them here too), one
 * to four rows of 64 KB 0.33-0.90x and of 8 KB 0.44-0.89x the block's time
 * on the tiles, while one to four rows of 16 or 32 KB took up to 1.68x
 * there (kahan's, kahan-block's, neumaier's; neumaier-block's gained,
 * 0.35-0.72x) (docs/PERFORMANCE.md). */
template <class F, class ERR>
static bool wht__rows_comp_fits(unsigned k, uint64_t N, const void *src, const void *dst)
{
  typedef wht__rows_reg_shape<F> S;
  static int on = -1, blk = -1, few = -1;
  if (on < 0) {
    on = wht__rows_env("WHT_GPU_ROWS_REG", 1) != 0;
    blk = (int)wht__rows_env("WHT_GPU_ROWS_BLK", 1);
    few = wht__rows_env("WHT_GPU_ROWS_FEW", 1) != 0;
  }
  if (!on || k < S::KMIN || (uintptr_t)src % 16 != 0 || (uintptr_t)dst % 16 != 0) return false;
  if (k <= S::LV + 8)
    return (ERR::rows_warp_mask(F::ID) >> (k - S::KMIN) & 1u) &&
           wht__rows_comp_warp_built<F, ERR>(k, wht__rows_comp_eff_form<F>(wht__rows_comp_form<F, ERR>(k)));
  return k <= S::LV + 12 && blk != 0 &&
         ((N >> k) >= ERR::few_rows_blk_min(F::ID, k - S::LV - 9) || !few || !wht__plan_small_tiles()) &&
         (blk == 2 || (ERR::rows_blk_mask(F::ID) >> (k - S::LV - 9)) & 1u) &&
         wht__rows_comp_blk_built<F, ERR>(k - (S::LV + 8)) && wht__rows_smem_fits(2 * (sizeof(typename F::U) << k));
}

template <class F, class ERR>
static wht_status wht__rows_comp_blk_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, unsigned);
  static const kern by_m[4] = { wht__rows_comp_blk_k<F, ERR, 1>(), wht__rows_comp_blk_k<F, ERR, 2>(),
                                wht__rows_comp_blk_k<F, ERR, 3>(), wht__rows_comp_blk_k<F, ERR, 4>() };
  static size_t raised[4][WHT__MAX_DEVICES];
  const unsigned M = k - (S::LV + 8);
  if (!by_m[M - 1]) return WHT_E_CUDA; /* not built: fits said no */
  return wht__rows_blk_run<U>(by_m[M - 1], src, dst, N, k, M, 2 * (sizeof(U) << k), raised[M - 1]);
}

#ifdef WHT_GPU_ALL_FORMS
/* Whether the launch takes the capped kernel, where a build with
 * WHT_GPU_ALL_FORMS holds both: not where the one under ptxas's own
 * choice, own, has at most 80 registers (three blocks of 256 or six of
 * 128 a multiprocessor) or is the two blocks' kernel (two: ERR::rows_two,
 * as the default build takes it); WHT_GPU_ROWS_COMP_MINB=0 forces the
 * first, =3 the second */
static inline int wht__rows_comp_capped(const void *own, bool two)
{
  const unsigned forced = wht__rows_env("WHT_GPU_ROWS_COMP_MINB", 1);
  if (forced == 0 || forced == 3) return forced == 3;
  if (two) return 0;
  cudaFuncAttributes at;
  if (cudaFuncGetAttributes(&at, own) != cudaSuccess) {
    cudaGetLastError(); /* leave no error for the launch check */
    return 1;
  }
  return at.numRegs > 80;
}
#endif

/* Which form the warp kernel's f32, f16 and bf16 rows of 2^k take: 0 the
 * lane form (wht__rows_comp_kernel), 1 the transposed one
 * (wht__rows_comp_xp_kernel), 2 the transposed one persistent
 * (wht__rows_comp_xp_pf_kernel; f32 only, 2-byte rows take 1 for it);
 * WHT_GPU_ROWS_COMP_XP=0|1|2 forces one (read once), by default
 * ERR::rows_forms's (compensated_err.cuh) */
template <class F, class ERR>
static unsigned wht__rows_comp_form(unsigned k)
{
  static int set = -2;
  if (set == -2) {
    const unsigned v = wht__rows_env("WHT_GPU_ROWS_COMP_XP", ~0u); /* unset or empty: ~0u */
    set = v == ~0u ? -1 : (int)(v > 2 ? 1u : v); /* 0..2 (wht_env.h: any other value is refused) */
  }
  if (set >= 0) return (unsigned)set;
  return (ERR::rows_forms(F::ID) >> (2 * (k - wht__rows_reg_shape<F>::KMIN))) & 3u;
}

/* the transposed forms' launch, under ptxas's own register choice (the
 * kernels capped at 80 registers spilled and were slower: 
 * docs/PERFORMANCE.md); the persistent one with as many blocks as are
 * resident at once */
template <class F, class ERR>
static wht_status wht__rows_comp_xp_launch(const void *src, void *dst, uint64_t N, unsigned k, unsigned form)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, uint64_t);
  constexpr unsigned K0 = S::KMIN, T = wht__rows_xp_shape<F>::T; /* log2 of a tile's elements */
  static_assert(T == K0 + 3, "four sizes");
  static const kern plain[4] = { wht__rows_comp_xp_k<F, ERR, K0, 1>(), wht__rows_comp_xp_k<F, ERR, K0 + 1, 1>(),
                                 wht__rows_comp_xp_k<F, ERR, K0 + 2, 1>(), wht__rows_comp_xp_k<F, ERR, K0 + 3, 1>() };
  if constexpr (sizeof(U) == 2) form = 1; /* the persistent form, slower at every 2-byte size, is not built */
  kern f = plain[k - K0];
  if constexpr (sizeof(U) == 4) {
    static const kern pf[4] = { wht__rows_comp_xp_k<F, ERR, K0, 2>(), wht__rows_comp_xp_k<F, ERR, K0 + 1, 2>(),
                                wht__rows_comp_xp_k<F, ERR, K0 + 2, 2>(), wht__rows_comp_xp_k<F, ERR, K0 + 3, 2>() };
    if (form == 2) f = pf[k - K0];
  }
  if constexpr (sizeof(U) == 2) { /* the five blocks' kernel where ERR's table has it */
    static const kern five[4] = { wht__rows_comp_xp5_k<F, ERR, K0>(), wht__rows_comp_xp5_k<F, ERR, K0 + 1>(),
                                  wht__rows_comp_xp5_k<F, ERR, K0 + 2>(), wht__rows_comp_xp5_k<F, ERR, K0 + 3>() };
    static int on = -1; /* WHT_GPU_ROWS_XP_FIVE=0: the six blocks' kernel everywhere (read once) */
    if (on < 0) on = wht__rows_env("WHT_GPU_ROWS_XP_FIVE", 1) != 0;
    if (five[k - K0] && on) f = five[k - K0];
  }
  if (!f) return WHT_E_CUDA; /* not built: fits said no */
  const uint64_t tiles = (N + ((uint64_t)1 << T) - 1) >> T;
  uint64_t blocks = (tiles + 3) / 4;
  if (form == 2) {
    static unsigned resident[4][WHT__MAX_DEVICES];
    const int dev = wht__gpu_current_device();
    if (dev < 0) return WHT_E_CUDA;
    unsigned &r = resident[k - K0][dev];
    if (r == 0) {
      int per_sm = 0, sms = 0;
      if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 128, 0) != cudaSuccess ||
          cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || per_sm < 1) {
        cudaGetLastError();
        return WHT_E_CUDA;
      }
      r = (unsigned)(per_sm * sms);
    }
    static unsigned cap = ~0u; /* WHT_GPU_ROWS_COMP_PF_GRID: at most that many blocks (tests: many tiles a warp) */
    if (cap == ~0u) cap = wht__rows_env("WHT_GPU_ROWS_COMP_PF_GRID", 0);
    if (blocks > r) blocks = r;
    if (cap && blocks > cap) blocks = cap;
  }
  if (blocks > 0x7fffffffu) return WHT_E_SIZE;
  f<<<(unsigned)blocks, 128>>>((const U *)src, (U *)dst, N);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

template <class F, class ERR>
static wht_status wht__rows_comp_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, uint64_t);
  if (k > S::LV + 8) return wht__rows_comp_blk_launch<F, ERR>(src, dst, N, k);
  if constexpr (sizeof(U) != 8)
    if (const unsigned form = wht__rows_comp_form<F, ERR>(k)) return wht__rows_comp_xp_launch<F, ERR>(src, dst, N, k, form);
  static const kern by_k[2][4] = {
    { wht__rows_comp_lane_k<F, ERR, S::KMIN, false>(), wht__rows_comp_lane_k<F, ERR, S::KMIN + 1, false>(),
      wht__rows_comp_lane_k<F, ERR, S::KMIN + 2, false>(), wht__rows_comp_lane_k<F, ERR, S::KMIN + 3, false>() },
    { wht__rows_comp_lane_k<F, ERR, S::KMIN, true>(), wht__rows_comp_lane_k<F, ERR, S::KMIN + 1, true>(),
      wht__rows_comp_lane_k<F, ERR, S::KMIN + 2, true>(), wht__rows_comp_lane_k<F, ERR, S::KMIN + 3, true>() }
  };
  /* the capped kernel or not (wht__rows_comp_capped_bit) */
  static int capped[4] = { -1, -1, -1, -1 };
  int &c = capped[k - S::KMIN];
  if (c < 0) {
#ifdef WHT_GPU_ALL_FORMS
    c = by_k[0][k - S::KMIN]
            ? wht__rows_comp_capped((const void *)by_k[0][k - S::KMIN], wht__rows_comp_two_bit<F, ERR>(k))
            : 0;
#else
    c = by_k[1][k - S::KMIN] != NULL;
#endif
  }
  if (!by_k[c][k - S::KMIN]) return WHT_E_CUDA; /* not built: fits said no */
  const unsigned task = S::LV + 8; /* log2 of a warp's elements */
  const uint64_t warps = (N + ((uint64_t)1 << task) - 1) >> task, blocks = (warps + 7) / 8;
  if (blocks > 0x7fffffffu) return WHT_E_SIZE;
  by_k[c][k - S::KMIN]<<<(unsigned)blocks, 256>>>((const U *)src, (U *)dst, N);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* wht__rows_compensated's members (rows_reg.cuh) for an algorithm whose
 * rows run these kernels with recovery ERR */
template <class ERR>
struct wht__rows_comp_trait {
  static const bool value = true;
  template <class F>
  static bool fits(unsigned k, uint64_t N, const void *src, const void *dst)
  { return wht__rows_comp_fits<F, ERR>(k, N, src, dst); }
  template <class F>
  static wht_status launch(const void *src, void *dst, uint64_t N, unsigned k)
  { return wht__rows_comp_launch<F, ERR>(src, dst, N, k); }
};

#endif
