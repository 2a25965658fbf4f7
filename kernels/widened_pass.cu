/* widened_pass.cu - GPU widened-pass FWHT (lib/widened_pass.c, DESIGN.md
 * section 4): each block of lib/pass_blocks.h is one pass whose shared
 * tile holds the wide values (f16 and bf16 as f32, f32 as f64, f64 as a
 * double-double in two f64 tiles, hi and lo, the way the compensated
 * kernels keep x and e): the load widens each element exactly, the rounds
 * are folklore's butterflies in the wide arithmetic (widened_arith.cuh),
 * the store rounds each value to the format once. Inside a block the
 * order of the butterflies of one stage does not matter and the stages run
 * in increasing order, so any grouping into rounds gives the CPU's bits.
 *
 * The passes are planned from the blocks (wht__plan_one_pass), not by the
 * tile-size search of the other algorithms: a tile of 64 KB of wide values
 * (2^14 f32, 2^13 f64, 2^12 double-doubles) holds the first block (at most
 * 12 stages) and, as a strided tile, a later one (at most 9) with runs of
 * at least 2^(T - 9) elements (64 bytes of the format). Where the tile
 * holds a row (f16/bf16 rows to 2^14, f32 to 2^13) all its blocks run in
 * one pass, the first round of each later block rounding the values it
 * loads (wht__wpass_fresh_alg). No clusters; the first two blocks run as an
 * L2-blocked pair where both fit a chunk (wht__wpass_plan); longer rows
 * (f16/bf16 2^15, f32 2^14, 2^15) take two tile passes, L2-blocked where
 * the pair fits (not more than 8192 chunks). f32 rows of 2^5..2^14 and
 * f16/bf16 rows of 2^5..2^15 run in registers instead (rows_wide.cuh), and
 * so does the first block of longer rows and single vectors
 * (wht__wpass_rows1), each later block of 6 or 9 stages a pass of strided
 * register tiles (wide_strided.cuh, wht__wpass_strided), and the first
 * two as one L2-blocked register pair where the first is a warp's rows
 * (wht__wpass_rpair): on an H200 f32 2^28 takes 1.63-1.69 ms (two
 * passes over device memory) against 2.22 ms as rows and two tile passes
 * and 2.50 ms as the tiles' pair and pass, f16 2^28 0.84 ms (two passes)
 * against 0.91 ms as three and 1.11 ms on the tiles (docs/PERFORMANCE.md). f64
 * (double-double tiles) keeps the tiles. */
#include "pass_run.cuh"
#include "widened_arith.cuh"
#include "rows_wide.cuh"
#include "wide_strided.cuh"
#include "gpu_util.h"
#include "pass_blocks.h"
extern "C" {
#include "algorithms.h"
}

/* The tile's format WF and the tile size of format F's wide values; DD:
 * double-double, hi in the x tile and lo in the e tile. */
template <class F>
struct wht__wpass_fmt {
  typedef typename wht__wide<F>::W WF;
  static const bool DD = false;
  static const unsigned TILE_LOG2 = sizeof(typename WF::U) == 4 ? 14 : 13;
};
template <>
struct wht__wpass_fmt<wht__f64_ops> {
  typedef wht__f64_ops WF;
  static const bool DD = true;
  static const unsigned TILE_LOG2 = 12;
};

/* The rounds' algorithms over the tile (tile.cuh's interface): folklore's
 * butterflies in WF, or the double-double butterflies on (x, e) = (hi, lo). */
struct wht__wpass_plain_alg {
  static const bool COMPENSATED = false, RADIX8_GROUPS = false;
  static const unsigned ROUND_CAP = 0;
  static const int MIN_BLOCKS = 3;
  template <class WF, unsigned C>
  static WHT__HD void butterflies(typename WF::T *v, typename WF::T *)
  {
WHT__UNROLL
    for (unsigned h = 1; h < (1u << C); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << C); t++)
        if (!(t & h)) {
          const typename WF::T a = v[t], b = v[t + h];
          v[t] = WF::add(a, b);
          v[t + h] = WF::sub(a, b);
        }
  }
};

struct wht__wpass_dd_alg {
  static const bool COMPENSATED = true, RADIX8_GROUPS = false;
  static const unsigned ROUND_CAP = 0;
  static const int MIN_BLOCKS = 3;
  template <class WF, unsigned C>
  static WHT__HD void butterflies(double *hi, double *lo)
  {
    typedef wht__dd_ops D;
WHT__UNROLL
    for (unsigned h = 1; h < (1u << C); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << C); t++)
        if (!(t & h)) {
          const D::T a = { hi[t], lo[t] }, b = { hi[t + h], lo[t + h] };
          const D::T s = D::add(a, b), d = D::sub(a, b);
          hi[t] = s.hi;
          lo[t] = s.lo;
          hi[t + h] = d.hi;
          lo[t + h] = d.lo;
        }
  }
};

/* The first round of a block that is not its pass's first (blocks in one
 * tile, wht__wpass_plan): each value is rounded to F and widened again as
 * it is loaded, the end of the block before, then the round as above. Each
 * element is loaded once per round, so this is the CPU's rounding at the
 * block's end without a phase of its own. */
template <class F, class ALG>
struct wht__wpass_fresh_alg : ALG {
  template <class WF, unsigned C>
  static WHT__HD void butterflies(typename WF::T *v, typename WF::T *e)
  {
WHT__UNROLL
    for (unsigned j = 0; j < (1u << C); j++) {
      if constexpr (wht__wpass_fmt<F>::DD) {
        v[j] = wht__wide<F>::down(typename wht__dd_ops::T{ v[j], e[j] });
        e[j] = 0.0;
      } else {
        v[j] = wht__wide<F>::up(wht__wide<F>::down(v[j]));
      }
    }
    ALG::template butterflies<WF, C>(v, e);
  }
};

template <class F> struct wht__wpass_alg {
  typedef wht__wpass_plain_alg type;
  typedef wht__wpass_fresh_alg<F, type> fresh;
};
template <> struct wht__wpass_alg<wht__f64_ops> {
  typedef wht__wpass_dd_alg type;
  typedef wht__wpass_fresh_alg<wht__f64_ops, type> fresh;
};

/* Element bits of F -> the tile at a (exact), and back (one rounding). */
template <class F>
WHT__HD void wht__wpass_put(typename wht__wpass_fmt<F>::WF::U *sx, typename wht__wpass_fmt<F>::WF::U *se,
                            unsigned a, typename F::U bits)
{
  typedef wht__wpass_fmt<F> M;
  const auto w = wht__wide<F>::up(F::from_bits(bits));
  if constexpr (M::DD) {
    sx[a] = M::WF::to_bits(w.hi);
    se[a] = M::WF::to_bits(w.lo);
  } else {
    sx[a] = M::WF::to_bits(w);
  }
}

template <class F>
WHT__HD typename F::U wht__wpass_get(const typename wht__wpass_fmt<F>::WF::U *sx,
                                     const typename wht__wpass_fmt<F>::WF::U *se, unsigned a)
{
  typedef wht__wpass_fmt<F> M;
  if constexpr (M::DD) {
    const typename wht__dd_ops::T w = { M::WF::from_bits(sx[a]), M::WF::from_bits(se[a]) };
    return F::to_bits(wht__wide<F>::down(w));
  } else {
    return F::to_bits(wht__wide<F>::down(M::WF::from_bits(sx[a])));
  }
}

/* Phase ph of tile b: 0 load (from xin) and widen, 1..nrounds the rounds,
 * nrounds+1 round to F and store (to x). VEC: 16-byte device accesses of
 * V = 16 / sizeof(F::U) elements of one run (wht__pass_vectorizable). */
/* The swizzle is linear (tile.cuh) and leaves bits below 2^B alone, and
 * V <= 2^B for every wide tile (V = 8 two-byte elements in 4-byte words,
 * B = 5; 4 in 8-byte words, B = 4; 2 in f64 words): swz(wV + v) = swz(wV) ^ v. */
static_assert(16 / sizeof(wht__f16_ops::U) <= (1u << wht__swz_masks<4>::B) &&
                  16 / sizeof(wht__f32_ops::U) <= (1u << wht__swz_masks<8>::B),
              "a 16-byte run of the format stays inside one swizzle row of the wide tile");

template <class F, bool VEC, bool CG = false, bool HINT = false, bool MB = false>
WHT__HD void wht__wpass_phase(const wht__pass &p, unsigned ph, const typename F::U *xin, typename F::U *x,
                              typename wht__wpass_fmt<F>::WF::U *sx, typename wht__wpass_fmt<F>::WF::U *se,
                              const wht__cta<typename wht__wpass_fmt<F>::WF::U> &cta, uint64_t b, unsigned t,
                              unsigned P, uint64_t lpol = 0, uint64_t spol = 0)
{
  typedef typename F::U U;
  typedef typename wht__wpass_fmt<F>::WF WF;
  typedef typename WF::U WU;
  constexpr unsigned V = 16 / sizeof(U);
  const uint64_t base = wht__tile_base(p, b);
  const unsigned size = 1u << p.Tt;
  if (ph == 0) {
    if constexpr (VEC) {
      /* eight 16-byte loads in flight before their values go to the tile
       * (one at a time left the load phase waiting on each) */
      constexpr unsigned NB = 8;
      const unsigned nv = size / V;
      for (unsigned w0 = t; w0 < nv; w0 += NB * P) {
        uint4 r[NB];
WHT__UNROLL
        for (unsigned i = 0; i < NB; i++) {
          const unsigned w = w0 + i * P;
          const uint64_t gi = base + wht__tile_offset(p, w * V);
          r[i] = w < nv && gi < p.N ? wht__ld16<CG, HINT>(xin + gi, lpol) : make_uint4(0, 0, 0, 0);
        }
WHT__UNROLL
        for (unsigned i = 0; i < NB; i++) {
          const unsigned w = w0 + i * P;
          if (w >= nv) break;
          U part[V];
          memcpy(part, &r[i], sizeof part);
          const unsigned a = wht__swz<WU>(w * V);
WHT__UNROLL
          for (unsigned v = 0; v < V; v++) wht__wpass_put<F>(sx, se, a ^ v, part[v]);
        }
      }
    } else {
      for (unsigned u = t; u < size; u += P) {
        const uint64_t gi = base + wht__tile_offset(p, u);
        wht__wpass_put<F>(sx, se, wht__swz<WU>(u), gi < p.N ? wht__ldg<CG>(xin + gi) : (U)0);
      }
    }
    return;
  }
  if (ph == p.nrounds + 1) {
    if constexpr (VEC) {
      for (unsigned w = t; w < size / V; w += P) {
        const uint64_t gi = base + wht__tile_offset(p, w * V);
        if (gi >= p.N) continue;
        U part[V];
        const unsigned a = wht__swz<WU>(w * V);
WHT__UNROLL
        for (unsigned v = 0; v < V; v++) part[v] = wht__wpass_get<F>(sx, se, a ^ v);
        uint4 r;
        memcpy(&r, part, sizeof r);
        wht__st16<HINT>(x + gi, r, spol);
      }
    } else {
      for (unsigned u = t; u < size; u += P) {
        const uint64_t gi = base + wht__tile_offset(p, u);
        if (gi < p.N) x[gi] = wht__wpass_get<F>(sx, se, wht__swz<WU>(u));
      }
    }
    return;
  }
  /* MB (a pass of several blocks, wht__wpass_multi): a round that begins
   * a block other than the pass's first ends the block before as it loads */
  const unsigned r = ph - 1;
  if (MB && r > 0 && wht__pb_starts(p.k, p.s0 + WHT__ROUND_Q(p, r) - p.R))
    wht__tile_round_of<WF, typename wht__wpass_alg<F>::fresh, false>(p, r, sx, se, cta, base, t, P);
  else
    wht__tile_round_of<WF, typename wht__wpass_alg<F>::type, false>(p, r, sx, se, cta, base, t, P);
}

/* Whether pass p holds more than one block (its kernel then takes MB:
 * the others keep the kernel without the test, 2-3 % faster on an H100). */
static bool wht__wpass_multi(const wht__pass &p) { return wht__pb_end(p.k, p.s0) < p.s0 + p.L; }

template <class F, bool VEC, bool MB>
__global__ void __launch_bounds__(WHT__THREADS, 3)
wht__wpass_kernel(const wht__pass p, const typename F::U *xin, typename F::U *x)
{
  typedef typename wht__wpass_fmt<F>::WF::U WU;
  extern __shared__ uint4 wht__smem[];
  WU *sx = (WU *)wht__smem, *se = sx + ((size_t)1 << p.Tt);
  const wht__cta<WU> cta = { 0, { sx, sx }, { se, se }, { 0, 0 }, { 0, 0 } };
  for (uint64_t b = blockIdx.x; b < p.ntiles; b += gridDim.x)
    for (unsigned ph = 0; ph <= p.nrounds + 1; ph++) {
      wht__wpass_phase<F, VEC, false, false, MB>(p, ph, xin, x, sx, se, cta, b, threadIdx.x, blockDim.x);
      __syncthreads();
    }
}

/* The first two blocks as one persistent kernel, L2-blocked: pass_run.cuh's
 * wht__fused_loop (its ticket queue, lag, chunk counters and eviction
 * hints; the counters are this file's own copy) over this file's tiles,
 * the second block's loaded through L2. */
template <class F, bool VEC>
__global__ void __launch_bounds__(WHT__THREADS, 3)
wht__wpass_fused_kernel(const wht__pass p0, const wht__pass p1, const unsigned lag, const unsigned hints,
                        const typename F::U *xin, typename F::U *x)
{
  typedef typename wht__wpass_fmt<F>::WF::U WU;
  extern __shared__ uint4 wht__smem[];
  WU *sx = (WU *)wht__smem, *se = sx + ((size_t)1 << p0.Tt);
  const wht__cta<WU> cta = { 0, { sx, sx }, { se, se }, { 0, 0 }, { 0, 0 } };
  wht__fused_loop(p0, lag, hints, [&](bool second, uint64_t b, uint64_t lpol, uint64_t spol) {
    const wht__pass &p = second ? p1 : p0;
    for (unsigned ph = 0; ph <= p.nrounds + 1; ph++) {
      if (second) wht__wpass_phase<F, VEC, true, true>(p1, ph, x, x, sx, se, cta, b, threadIdx.x, blockDim.x, lpol, spol);
      else wht__wpass_phase<F, VEC, false, true>(p0, ph, xin, x, sx, se, cta, b, threadIdx.x, blockDim.x, lpol, spol);
      __syncthreads();
    }
  });
}

/* The passes: one per block; the first two L2-blocked (fuse = 1) where
 * both fit a chunk of wht__plan_l2_chunk_log2 elements (8 MiB of the
 * format by default), their tiles are of one size, and the data spans two
 * chunks or more: one pass over device memory less. */
/* The passes of rows of 2^k from stage s1 (a block's first; 0, or the
 * first block's end where wht__wpass_rows1 took it) */
template <class F>
static unsigned wht__wpass_plan(unsigned k, uint64_t batch, wht__pass *out, unsigned s1 = 0)
{
  typedef wht__wpass_fmt<F> M;
  constexpr unsigned cmax = wht__round_cmax(M::DD, WHT__SCHED_RADIX2, sizeof(typename M::WF::U));
  unsigned np = 0, len[WHT__MAX_PASSES], nb = 0;
  for (unsigned s = 0; s < k; s += len[nb++]) len[nb] = wht__pb_len(k, s);
  if (nb >= 2 && k <= M::TILE_LOG2 && s1 == 0) { /* the tile holds a row: its blocks in one pass */
    wht__plan_blocks_pass(k, batch, M::TILE_LOG2, cmax, len, nb, out);
    return 1;
  }
  for (unsigned s = s1; s < k; np++) {
    const unsigned L = wht__pb_len(k, s);
    wht__plan_one_pass(k, batch, s, L, M::TILE_LOG2, cmax, &out[np]);
    s += L;
  }
  if (np >= 2 && s1 == 0) { /* a pair's chunks are 2^C consecutive elements: its first pass starts at stage 0 */
    wht__pass &p0 = out[0];
    const unsigned C = p0.L + out[1].L, chunk = wht__plan_l2_chunk_log2((unsigned)sizeof(typename F::U), 0);
    if (chunk && C <= chunk && out[1].Tt == p0.Tt && C >= p0.Tt && (p0.N >> C) >= 2 &&
        (p0.N >> C) <= WHT__L2_MAX_CHUNKS && (p0.N >> C) << C == p0.N && p0.ntiles < ((uint64_t)1 << 30)) {
      p0.fuse = 1;
      p0.fuse_chunk_tiles_log2 = C - p0.Tt;
    }
  }
  return np;
}

/* The first block of rows of 2^k as rows of its own length on the register
 * kernels (rows_wide.cuh) where those never take the whole row (k > T +
 * 4) and take the block without a device query (at most T + 2 stages: a
 * warp, or a block of up to 32 KB of shared memory), so that the plan is
 * the same on every machine: its length, else 0. A row of 2^L1 (L1 <= 12)
 * is one block, the same stages in the same arithmetic, so the result is
 * the tiles'. The later blocks then take a pass each (strided register
 * tiles, else the tiles), or the second joins the first in the register
 * pair (wht__wpass_rpair): an L2-blocked pair's chunks are 2^C
 * consecutive elements, which only a pair starting at stage 0 keeps to
 * itself (a tiles' pair of blocks 2 and 3 gave wrong results at k = 25,
 * 26). Even with one pass more over device memory than the tiles' pair,
 * the rows and tile passes were faster wherever they applied: on an H200
 * f32 2^28 took 2.216 ms against the tiles' 2.498 (pair and pass), f16
 * 2^28 1.109 against 1.323, f32 rows of 2^16 over 2^28 elements 1.108
 * against 1.454 (docs/PERFORMANCE.md).
 * WHT_GPU_WPASS_ROWS1=0 (read once) keeps the first block (and so the
 * pair) on the tiles, for comparisons; the later blocks then still take
 * the strided register tiles unless WHT_GPU_WPASS_STRIDED=0 too. */
template <class F>
static unsigned wht__wpass_rows1(unsigned k)
{
  if constexpr (sizeof(typename F::U) == 8) {
    return 0;
  } else {
    static unsigned on = ~0u;
    if (on == ~0u) on = wht__rows_env("WHT_GPU_WPASS_ROWS1", 1) != 0; /* rows_reg.cuh */
    constexpr unsigned T = wht__rows_wide_fmt<F>::T;
    const unsigned L1 = k ? wht__pb_len(k, 0) : 0;
    return on && k > T + 4 && L1 < k && L1 >= 5 && L1 <= T + 2 ? L1 : 0;
  }
}

/* ... for data at src, dst: the register kernels take 16-byte aligned data */
template <class F>
static unsigned wht__wpass_rows1_at(unsigned k, const void *src, const void *dst)
{
  return (uintptr_t)src % 16 == 0 && (uintptr_t)dst % 16 == 0 ? wht__wpass_rows1<F>(k) : 0;
}

static bool wht__wpass_strided_on()
{
  static unsigned on = ~0u;
  if (on == ~0u) on = wht__rows_env("WHT_GPU_WPASS_STRIDED", 1) != 0;
  return on != 0;
}

/* Whether pass p (a block of L = 6 or 9 stages from s0, not a pair's)
 * runs on the strided register tiles (wide_strided.cuh) for data at src,
 * dst: 2- and 4-byte formats, 16-byte aligned pointers; the same on every
 * machine. WHT_GPU_WPASS_STRIDED=0 (read once) keeps the tiles' pass, for
 * comparisons. */
template <class F>
static bool wht__wpass_strided(const wht__pass &p, const void *src, const void *dst)
{
  if constexpr (sizeof(typename F::U) == 8) {
    return false;
  } else {
    return wht__wpass_strided_on() && !p.fuse && wht__wstr_shape<F>::fits(p.s0, p.L) && (uintptr_t)src % 16 == 0 &&
           (uintptr_t)dst % 16 == 0;
  }
}

template <class F, unsigned L>
static wht_status wht__wpass_strided_launch(const wht__pass &p, const typename F::U *xin, typename F::U *x)
{
  typedef wht__wstr_shape<F> S;
  static size_t raised[WHT__MAX_DEVICES];
  const wht_status st = wht__rows_raise_smem((const void *)wht__wide_strided_kernel<F, L>, S::SMEM, raised);
  if (st != WHT_OK) return st;
  const uint64_t tiles = p.N >> S::TILE;
  if (tiles > 0x7fffffffu) return WHT_E_SIZE;
  wht__wide_strided_kernel<F, L><<<(unsigned)tiles, S::THREADS, S::SMEM>>>(xin, x, p.s0);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* ... on the device, and on the host (wht__wpass_emulate_out) */
template <class F>
static wht_status wht__wpass_strided_run(const wht__pass &p, const typename F::U *xin, typename F::U *x)
{
  if constexpr (sizeof(typename F::U) == 8) {
    return WHT_E_SIZE; /* wht__wpass_strided says no */
  } else {
    return p.L == 9 ? wht__wpass_strided_launch<F, 9>(p, xin, x) : wht__wpass_strided_launch<F, 6>(p, xin, x);
  }
}

/* The scratch of the host twin of the strided tiles (32 wide words a
 * thread and the exchange), freed by the caller */
template <class F>
static typename wht__wstr_word<F>::WT *wht__wpass_strided_scratch()
{
  typedef typename wht__wstr_word<F>::WT WT;
  return (WT *)malloc(sizeof(WT) * 32 * wht__wstr_shape<F>::THREADS + wht__wstr_shape<F>::SMEM);
}

/* Tile b of the strided pass of stages s0..s0+L-1 on the host */
template <class F>
static void wht__wpass_strided_emulate_tile(unsigned s0, unsigned L, const typename F::U *xin, typename F::U *x,
                                            uint64_t b, typename wht__wstr_word<F>::WT *xs)
{
  if constexpr (sizeof(typename F::U) != 8) {
    typename wht__wstr_word<F>::WT *sh = xs + 32 * wht__wstr_shape<F>::THREADS;
    if (L == 9) wht__wide_strided_emulate_tile<F, 9>(xin, x, b, s0, xs, sh);
    else wht__wide_strided_emulate_tile<F, 6>(xin, x, b, s0, xs, sh);
  }
}

template <class F>
static wht_status wht__wpass_strided_emulate(const wht__pass &p, const typename F::U *xin, typename F::U *x)
{
  if constexpr (sizeof(typename F::U) == 8) {
    return WHT_E_SIZE; /* wht__wpass_strided says no */
  } else {
    typename wht__wstr_word<F>::WT *xs = wht__wpass_strided_scratch<F>();
    if (!xs) return WHT_E_NOMEM;
    for (uint64_t b = 0; b < p.N >> wht__wstr_shape<F>::TILE; b++)
      wht__wpass_strided_emulate_tile<F>(p.s0, p.L, xin, x, b, xs);
    free(xs);
    return WHT_OK;
  }
}

/* The chunk (log2 elements) of widened-pass's first two blocks as one
 * L2-blocked pair on the register kernels (wide_strided.cuh's
 * wht__wide_pair_kernel), else 0: where the first block runs as rows
 * (wht__wpass_rows1) of at most a warp's tile (L1 <= T), the second on
 * the strided tiles, the L2 blocking is on and 2^(L1+L2) elements fit its
 * chunk (wht__plan_l2_chunk_log2: 8 MiB of the format by default), and the
 * data span 2..WHT__L2_MAX_CHUNKS such chunks; by default from 4096
 * tiles of each kind (WHT__WPASS_RPAIR_MIN_TILES). On an H200
 * (docs/PERFORMANCE.md) the f32 pair took 0.92-0.97x the two passes' time
 * from 4096 tiles (2^25, 2^28, rows of 2^16..2^22 over 2^28 elements),
 * but 1.15-1.26x at 512 (2^22, every format); the f16 and bf16 pairs,
 * their first pass's slots padded (no spill), 0.93-0.95x at 2^26, 2^28,
 * 2^29 and 0.89-0.94x for rows of 2^20..2^26 over 2^28 elements, but
 * 1.10-1.19x at 256 and 512 tiles (2^22, 2^23); with the XOR slots
 * (16-32 bytes of spill) they had measured 0.95-1.06x at 2^28 and their
 * rows over 2^28 in two calls, 1.04-1.06x at 2048 tiles (2^25), and were
 * off by default then. First
 * blocks of 11 and 12 stages (block rows) in the f32 pair measured no
 * faster and were not kept. Host code with no device
 * query, so the plan is the same on every machine. WHT_GPU_WPASS_RPAIR
 * (read once): 0 keeps the two passes, 2 takes the pair in every format
 * from two chunks whatever the tiles (the tests' setting), 1 (default) as
 * above. */
#define WHT__WPASS_RPAIR_MIN_TILES 4096u
template <class F>
static unsigned wht__wpass_rpair(unsigned k, uint64_t N)
{
  if constexpr (sizeof(typename F::U) == 8) {
    return 0;
  } else {
    static unsigned mode = ~0u;
    if (mode == ~0u) mode = wht__rows_env("WHT_GPU_WPASS_RPAIR", 1);
    const unsigned L1 = wht__wpass_rows1<F>(k);
    if (!mode || !wht__wpass_strided_on() || !L1 || L1 > wht__rows_wide_fmt<F>::T || L1 >= k) return 0;
    if (mode == 1 && (N >> wht__wstr_shape<F>::TILE) < WHT__WPASS_RPAIR_MIN_TILES)
      return 0;
    const unsigned L2 = wht__pb_len(k, L1), C = L1 + L2;
    const unsigned chunk = wht__plan_l2_chunk_log2((unsigned)sizeof(typename F::U), 0);
    return wht__wstr_shape<F>::fits(L1, L2) && chunk && C <= chunk && (N >> C) >= 2 &&
                   (N >> C) <= WHT__L2_MAX_CHUNKS
               ? C
               : 0;
  }
}

/* ... for data at src, dst (16-byte aligned, as the rows need) */
template <class F>
static unsigned wht__wpass_rpair_at(unsigned k, uint64_t N, const void *src, const void *dst)
{
  return wht__wpass_rows1_at<F>(k, src, dst) ? wht__wpass_rpair<F>(k, N) : 0;
}

/* The pair's queue: 2^(C - TILE) tiles of each kind a chunk */
template <class F>
static wht__pass wht__wpass_rpair_queue(uint64_t N, unsigned C)
{
  return wht__pair_queue(N, wht__wstr_shape<F>::TILE, C);
}

template <class F, unsigned K1, unsigned L2>
static wht_status wht__wpass_rpair_launch(const typename F::U *xin, typename F::U *x, uint64_t N, unsigned C)
{
  typedef wht__wstr_shape<F> S;
  static wht__fused_cache cache;
  const wht__pass p0 = wht__wpass_rpair_queue<F>(N, C);
  unsigned grid, lag;
  const wht_status st = wht__fused_shape((const void *)wht__wide_pair_kernel<F, K1, L2>, S::SMEM_PAIR, p0, &cache,
                                         &grid, &lag, S::THREADS);
  if (st != WHT_OK) return st;
  wht__wide_pair_kernel<F, K1, L2><<<grid, S::THREADS, S::SMEM_PAIR>>>(p0, lag, wht__l2_hints(), xin, x);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* ... by the first block's length K1 (10 for f32; 10, 11 for f16, bf16) and the second's */
template <class F>
static wht_status wht__wpass_rpair_run(unsigned k, const typename F::U *xin, typename F::U *x, uint64_t N, unsigned C)
{
  const unsigned K1 = wht__pb_len(k, 0), L2 = C - K1;
  if (K1 < 10 || K1 > wht__rows_wide_fmt<F>::T || (L2 != 6 && L2 != 9))
    return WHT_E_SIZE; /* wht__wpass_rpair takes no other: the kernels below are these */
  if constexpr (sizeof(typename F::U) == 4) {
    return L2 == 9 ? wht__wpass_rpair_launch<F, 10, 9>(xin, x, N, C) : wht__wpass_rpair_launch<F, 10, 6>(xin, x, N, C);
  } else if constexpr (sizeof(typename F::U) == 2) {
    if (K1 == 10)
      return L2 == 9 ? wht__wpass_rpair_launch<F, 10, 9>(xin, x, N, C) : wht__wpass_rpair_launch<F, 10, 6>(xin, x, N, C);
    return L2 == 9 ? wht__wpass_rpair_launch<F, 11, 9>(xin, x, N, C) : wht__wpass_rpair_launch<F, 11, 6>(xin, x, N, C);
  } else {
    return WHT_E_SIZE; /* wht__wpass_rpair says no */
  }
}

template <class F, bool VEC, bool MB>
static wht_status wht__wpass_launch(const wht__pass &p, const typename F::U *xin, typename F::U *x)
{
  typedef wht__wpass_fmt<F> M;
  const size_t smem = ((size_t)1 << p.Tt) * sizeof(typename M::WF::U) * (M::DD ? 2 : 1);
  if (smem > 48 * 1024) {
    static size_t raised[WHT__MAX_DEVICES];
    const int dev = wht__gpu_current_device();
    if (dev < 0 || smem > raised[dev]) {
      if (cudaFuncSetAttribute((const void *)wht__wpass_kernel<F, VEC, MB>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               (int)smem) != cudaSuccess) {
        cudaGetLastError();
        return WHT_E_CUDA;
      }
      if (dev >= 0) raised[dev] = smem;
    }
  }
  const uint64_t grid = p.ntiles < 0x7fffffffu ? p.ntiles : 0x7fffffffu;
  wht__wpass_kernel<F, VEC, MB><<<(unsigned)grid, WHT__THREADS, smem>>>(p, xin, x);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

template <class F, bool VEC>
static wht_status wht__wpass_launch_fused(const wht__pass &p0, const wht__pass &p1, const typename F::U *xin,
                                          typename F::U *x)
{
  typedef wht__wpass_fmt<F> M;
  static wht__fused_cache cache;
  const size_t smem = ((size_t)1 << p0.Tt) * sizeof(typename M::WF::U) * (M::DD ? 2 : 1);
  unsigned grid, lag;
  const wht_status s =
      wht__fused_shape((const void *)wht__wpass_fused_kernel<F, VEC>, smem, p0, &cache, &grid, &lag);
  if (s != WHT_OK) return s;
  wht__wpass_fused_kernel<F, VEC><<<grid, WHT__THREADS, smem>>>(p0, p1, lag, wht__l2_hints(), xin, x);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

template <class F>
static wht_status wht__wpass_run_out(const void *src, void *dst, uint64_t n, unsigned k, uint64_t batch, void *)
{
  typedef typename F::U U;
  if (wht__rows_wide_fits<F>(k, src, dst)) return wht__rows_wide_launch<F>(src, dst, n * batch, k);
  const U *xin = (const U *)src;
  U *x = (U *)dst;
  const unsigned s1 = wht__wpass_rows1_at<F>(k, src, dst), C = wht__wpass_rpair_at<F>(k, n * batch, src, dst);
  if (C) { /* the first two blocks as one L2-blocked pair */
    const wht_status s = wht__wpass_rpair_run<F>(k, xin, x, n * batch, C);
    if (s != WHT_OK) return s;
    xin = x;
  } else if (s1) { /* the first block as rows of 2^s1 */
    const wht_status s = wht__rows_wide_launch<F>(src, dst, n * batch, s1);
    if (s != WHT_OK) return s;
    xin = x;
  }
  wht__pass passes[WHT__MAX_PASSES];
  const unsigned np = wht__wpass_plan<F>(k, batch, passes, C ? C : s1);
  if (np == 0 && (const void *)xin == src && src != dst) {
    if (cudaMemcpyAsync(dst, src, (size_t)(n * batch * sizeof(U)), cudaMemcpyDeviceToDevice) == cudaSuccess)
      return WHT_OK;
    cudaGetLastError();
    return WHT_E_CUDA;
  }
  for (unsigned i = 0; i < np; i++, xin = x) {
    if (passes[i].fuse) {
      const wht_status s = wht__pair_vectorizable<F>(&passes[i], xin, x, NULL)
                               ? wht__wpass_launch_fused<F, true>(passes[i], passes[i + 1], xin, x)
                               : wht__wpass_launch_fused<F, false>(passes[i], passes[i + 1], xin, x);
      if (s != WHT_OK) return s;
      i++;
      continue;
    }
    if (wht__wpass_strided<F>(passes[i], xin, x)) {
      const wht_status s = wht__wpass_strided_run<F>(passes[i], xin, x);
      if (s != WHT_OK) return s;
      continue;
    }
    const bool vec = wht__pass_vectorizable<F>(passes[i], xin, x, NULL), mb = wht__wpass_multi(passes[i]);
    const wht_status s = vec ? (mb ? wht__wpass_launch<F, true, true>(passes[i], xin, x)
                                   : wht__wpass_launch<F, true, false>(passes[i], xin, x))
                             : (mb ? wht__wpass_launch<F, false, true>(passes[i], xin, x)
                                   : wht__wpass_launch<F, false, false>(passes[i], xin, x));
    if (s != WHT_OK) return s;
  }
  return WHT_OK;
}

/* Tile b of pass p on the host, every phase for all threads in turn. */
template <class F>
static void wht__wpass_emulate_tile(const wht__pass &p, bool vec, const typename F::U *xin, typename F::U *x,
                                    typename wht__wpass_fmt<F>::WF::U *smem, uint64_t b)
{
  typedef typename wht__wpass_fmt<F>::WF::U WU;
  WU *sx = smem, *se = smem + ((size_t)1 << p.Tt);
  const wht__cta<WU> cta = { 0, { sx, sx }, { se, se }, { 0, 0 }, { 0, 0 } };
  const bool mb = wht__wpass_multi(p);
  for (unsigned ph = 0; ph <= p.nrounds + 1; ph++)
    for (unsigned t = 0; t < WHT__THREADS; t++) {
      if (vec && mb) wht__wpass_phase<F, true, false, false, true>(p, ph, xin, x, sx, se, cta, b, t, WHT__THREADS);
      else if (vec) wht__wpass_phase<F, true>(p, ph, xin, x, sx, se, cta, b, t, WHT__THREADS);
      else if (mb) wht__wpass_phase<F, false, false, false, true>(p, ph, xin, x, sx, se, cta, b, t, WHT__THREADS);
      else wht__wpass_phase<F, false>(p, ph, xin, x, sx, se, cta, b, t, WHT__THREADS);
    }
}

template <class F>
static wht_status wht__wpass_emulate_out(const void *src, void *dst, uint64_t n, unsigned k, uint64_t batch, void *);

/* The register pair on the host in its ticket order at the tightest lag,
 * each second-pass tile checked to come after its chunk's first-pass tiles
 * (else WHT_E_CUDA): a first-pass tile as rows of 2^K1 on the tiles'
 * plan (the CPU's bits, as the warp rows are), a second-pass tile by the
 * strided tiles' twin */
template <class F>
static wht_status wht__wpass_rpair_emulate(unsigned K1, const typename F::U *xin, typename F::U *x, uint64_t N,
                                           unsigned C)
{
  constexpr unsigned TILE = wht__wstr_shape<F>::TILE;
  typename wht__wstr_word<F>::WT *xs = wht__wpass_strided_scratch<F>();
  if (!xs) return WHT_E_NOMEM;
  const wht_status st = wht__emulate_pair_queue(wht__wpass_rpair_queue<F>(N, C), [&](bool second, uint64_t b) {
    if (second) {
      wht__wpass_strided_emulate_tile<F>(K1, C - K1, x, x, b, xs);
      return WHT_OK;
    }
    return wht__wpass_emulate_out<F>(xin + (b << TILE), x + (b << TILE), (uint64_t)1 << K1, K1,
                                     (uint64_t)1 << (TILE - K1), NULL);
  });
  free(xs);
  return st;
}

/* The same passes on the host, tile after tile; an L2-blocked pair in its
 * ticket order, each second-block tile checked to come after its chunk's
 * first-block tiles (else WHT_E_CUDA). */
template <class F>
static wht_status wht__wpass_emulate_out(const void *src, void *dst, uint64_t n, unsigned k, uint64_t batch, void *)
{
  typedef typename F::U U;
  typedef typename wht__wpass_fmt<F>::WF::U WU;
  const U *xin = (const U *)src;
  U *x = (U *)dst;
  /* the first block as rows of 2^s1 where the GPU takes it to the
   * register kernels: emulated as the tiles' plan of such rows (both are
   * the CPU's bits), or the register pair (wht__wpass_rpair_emulate), then
   * the passes from s1, or from C after the pair */
  const unsigned s1 = wht__wpass_rows1_at<F>(k, src, dst), C = wht__wpass_rpair_at<F>(k, n * batch, src, dst);
  if (C) {
    const wht_status s = wht__wpass_rpair_emulate<F>(s1, xin, x, n * batch, C);
    if (s != WHT_OK) return s;
    xin = x;
  } else if (s1) {
    const wht_status s = wht__wpass_emulate_out<F>(src, dst, (uint64_t)1 << s1, s1, (n * batch) >> s1, NULL);
    if (s != WHT_OK) return s;
    xin = x;
  }
  wht__pass passes[WHT__MAX_PASSES];
  const unsigned np = wht__wpass_plan<F>(k, batch, passes, C ? C : s1);
  if (np == 0 && (const void *)xin == src && src != dst) memcpy(dst, src, (size_t)(n * batch * sizeof(U)));
  const size_t tile = (size_t)1 << wht__wpass_fmt<F>::TILE_LOG2;
  WU *smem = (WU *)malloc(2 * tile * sizeof(WU));
  if (!smem) return WHT_E_NOMEM;
  wht_status st = WHT_OK;
  for (unsigned i = 0; i < np && st == WHT_OK; i++, xin = x) {
    const wht__pass &p = passes[i];
    if (p.fuse) { /* the pair in its ticket order at the tightest lag */
      const wht__pass &q = passes[i + 1];
      const bool vec = wht__pair_vectorizable<F>(&passes[i], xin, x, NULL);
      const uint64_t M = p.ntiles, cs = p.fuse_chunk_tiles_log2, lag = wht__fused_lag(p, 0);
      unsigned *done = (unsigned *)calloc((size_t)(M >> cs) + 1, sizeof(unsigned));
      if (!done) {
        st = WHT_E_NOMEM;
        break;
      }
      for (uint64_t tk = 0; tk < 2 * M && st == WHT_OK; tk++) {
        bool second;
        uint64_t b;
        wht__fused_ticket(tk, M, lag, &second, &b);
        if (second && done[b >> cs] != (1u << cs)) st = WHT_E_CUDA; /* the kernel would wait on a later ticket */
        else if (second) wht__wpass_emulate_tile<F>(q, vec, x, x, smem, b);
        else wht__wpass_emulate_tile<F>(p, vec, xin, x, smem, b), done[b >> cs]++;
      }
      free(done);
      i++;
      continue;
    }
    if (wht__wpass_strided<F>(p, xin, x)) {
      st = wht__wpass_strided_emulate<F>(p, xin, x);
      continue;
    }
    const bool vec = wht__pass_vectorizable<F>(p, xin, x, NULL);
    for (uint64_t b = 0; b < p.ntiles; b++) wht__wpass_emulate_tile<F>(p, vec, xin, x, smem, b);
  }
  free(smem);
  return st;
}

#define WHT__WPASS_ENTRIES(sfx, F)                                                                      \
  static wht_status wpass_##sfx(void *x, uint64_t n, unsigned k, uint64_t b, void *w)                   \
  { return wht__wpass_run_out<F>(x, x, n, k, b, w); }                                                   \
  static wht_status wpass_out_##sfx(const void *s, void *d, uint64_t n, unsigned k, uint64_t b, void *w) \
  { return wht__wpass_run_out<F>(s, d, n, k, b, w); }                                                   \
  static wht_status wpass_emu_##sfx(void *x, uint64_t n, unsigned k, uint64_t b, void *w)               \
  { return wht__wpass_emulate_out<F>(x, x, n, k, b, w); }                                               \
  static wht_status wpass_emu_out_##sfx(const void *s, void *d, uint64_t n, unsigned k, uint64_t b,     \
                                        void *w)                                                        \
  { return wht__wpass_emulate_out<F>(s, d, n, k, b, w); }

extern "C" {
WHT__WPASS_ENTRIES(f64, wht__f64_ops)
WHT__WPASS_ENTRIES(f32, wht__f32_ops)
WHT__WPASS_ENTRIES(f16, wht__f16_ops)
WHT__WPASS_ENTRIES(bf16, wht__bf16_ops)
extern const wht__gpu_fn wht__widened_pass_gpu[WHT_NFORMATS] = { wpass_f64, wpass_f32, wpass_f16, wpass_bf16 };
extern const wht__gpu_out_fn wht__widened_pass_gpu_out[WHT_NFORMATS] = { wpass_out_f64, wpass_out_f32,
                                                                         wpass_out_f16, wpass_out_bf16 };
extern const wht__gpu_fn wht__widened_pass_gpu_emulated[WHT_NFORMATS] = { wpass_emu_f64, wpass_emu_f32,
                                                                          wpass_emu_f16, wpass_emu_bf16 };
extern const wht__gpu_out_fn wht__widened_pass_gpu_out_emulated[WHT_NFORMATS] = {
  wpass_emu_out_f64, wpass_emu_out_f32, wpass_emu_out_f16, wpass_emu_out_bf16 };

/* passes over device memory: one per block, an L2-blocked pair counting one */
unsigned wht__widened_pass_pass_count(wht_format f, unsigned k, uint64_t batch)
{
  wht__pass ps[WHT__MAX_PASSES];
  static unsigned (*const plan[WHT_NFORMATS])(unsigned, uint64_t, wht__pass *, unsigned) = {
    wht__wpass_plan<wht__f64_ops>, wht__wpass_plan<wht__f32_ops>, wht__wpass_plan<wht__f16_ops>,
    wht__wpass_plan<wht__bf16_ops> };
  if ((unsigned)f >= WHT_NFORMATS) return 0;
  static unsigned (*const rpair[WHT_NFORMATS])(unsigned, uint64_t) = {
    wht__wpass_rpair<wht__f64_ops>, wht__wpass_rpair<wht__f32_ops>, wht__wpass_rpair<wht__f16_ops>,
    wht__wpass_rpair<wht__bf16_ops> };
  const unsigned s1 = wht__widened_pass_first_rows(f, k), C = rpair[f](k, batch << k);
  return (s1 ? 1 : 0) + wht__plan_dram_passes(ps, plan[f](k, batch, ps, C ? C : s1));
}

unsigned wht__widened_pass_first_rows(wht_format f, unsigned k)
{
  static unsigned (*const rows1[WHT_NFORMATS])(unsigned) = { wht__wpass_rows1<wht__f64_ops>, wht__wpass_rows1<wht__f32_ops>,
                                                               wht__wpass_rows1<wht__f16_ops>, wht__wpass_rows1<wht__bf16_ops> };
  return (unsigned)f < WHT_NFORMATS ? rows1[f](k) : 0;
}
}
