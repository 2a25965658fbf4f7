/* tile.cuh - the work of one thread block on one tile, as phases separated
 * by barriers: load (device memory -> shared tile), one phase per round,
 * store. The same functions run in the kernel (one thread each, barrier
 * between phases) and in the host emulation (every thread of a phase in
 * turn), so the emulation checks the tiling on machines without a GPU.
 *
 * Shared memory holds raw bit patterns (F::U) under an XOR swizzle: bits
 * B..B+5 of an element's tile index select masks XORed into its low bits
 * (B = log2 of the elements per 128-byte bank row; for f16 the masks leave
 * bit 0 alone, two elements sharing a word). The masks were found by a
 * GF(2) rank search so that every round of 2..6 stages on any tile bits,
 * and the vector loads and stores, are free of bank conflicts for 4- and
 * 8-byte elements (a one-stage round may conflict two-way; the planner
 * uses those only for passes of one stage); for 2-byte elements see
 * wht__swz_masks<2>. The swizzle is linear over
 * GF(2): the address of element a|b (disjoint bits) is swz(a) ^ swz(b). */
#ifndef WHT_KERNELS_TILE_CUH
#define WHT_KERNELS_TILE_CUH

#include "fmt_ops.cuh"
#include "pass_plan.h"

/* Algorithm A's round cap and blocks per multiprocessor in format F: its
 * ROUND_CAP and MIN_BLOCKS; the block algorithms choose them per element
 * size (blocks.cuh specializes this). */
template <class A, class F>
struct wht__limits {
  static const unsigned round_cap = A::ROUND_CAP;
  static const int min_blocks = A::MIN_BLOCKS;
};

/* A thread block's place in a tile spread over a cluster (pass_plan.h,
 * cl = 1): its rank, and both blocks' x and e tiles: on the GPU as 32-bit
 * shared::cluster addresses (distributed shared memory; 64-bit generic
 * pointers made the round spill registers), in the host emulation as
 * pointers. Without a cluster: rank 0, own tiles. */
template <class U>
struct wht__cta {
  unsigned rank;
  U *sx[2], *se[2];      /* host emulation */
  unsigned dx[2], de[2]; /* GPU */
};

/* One element at byte offset a of block r's tile (x: X = 1, e: X = 0):
 * ld/st.shared::cluster on the GPU. Volatile, so that they stay between
 * the cluster barriers around the round. */
template <class U>
WHT__HD U wht__dsm_load(const wht__cta<U> &c, bool x, unsigned r, unsigned a)
{
#ifdef __CUDA_ARCH__
  const unsigned addr = (x ? c.dx[r] : c.de[r]) + a;
  if constexpr (sizeof(U) == 2) {
    unsigned short v;
    asm volatile("ld.shared::cluster.u16 %0, [%1];" : "=h"(v) : "r"(addr));
    return (U)v;
  } else if constexpr (sizeof(U) == 4) {
    unsigned v;
    asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(v) : "r"(addr));
    return (U)v;
  } else {
    unsigned long long v;
    asm volatile("ld.shared::cluster.u64 %0, [%1];" : "=l"(v) : "r"(addr));
    return (U)v;
  }
#else
  return *(const U *)((const char *)(x ? c.sx[r] : c.se[r]) + a);
#endif
}

template <class U>
WHT__HD void wht__dsm_store(const wht__cta<U> &c, bool x, unsigned r, unsigned a, U v)
{
#ifdef __CUDA_ARCH__
  const unsigned addr = (x ? c.dx[r] : c.de[r]) + a;
  if constexpr (sizeof(U) == 2)
    asm volatile("st.shared::cluster.u16 [%0], %1;" ::"r"(addr), "h"((unsigned short)v) : "memory");
  else if constexpr (sizeof(U) == 4)
    asm volatile("st.shared::cluster.u32 [%0], %1;" ::"r"(addr), "r"((unsigned)v) : "memory");
  else
    asm volatile("st.shared::cluster.u64 [%0], %1;" ::"r"(addr), "l"((unsigned long long)v) : "memory");
#else
  *(U *)((char *)(x ? c.sx[r] : c.se[r]) + a) = v;
#endif
}

/* Whether phase ph of pass p is the round on the tile's top bit of a
 * cluster tile (it reads and writes both blocks' tiles). */
WHT__HD bool wht__phase_crosses(const wht__pass &p, unsigned ph)
{
  if (!p.cl || ph == 0 || ph > p.nrounds) return false;
  return WHT__ROUND_Q(p, ph - 1) + WHT__ROUND_C(p, ph - 1) == p.Tt;
}

template <unsigned ESZ> struct wht__swz_masks;
template <> struct wht__swz_masks<8> { enum { B = 4, M0 = 5, M1 = 10, M2 = 12, M3 = 8, M4 = 15, M5 = 10 }; };
template <> struct wht__swz_masks<4> { enum { B = 5, M0 = 10, M1 = 21, M2 = 25, M3 = 17, M4 = 30, M5 = 20 }; };
/* 2-byte: the 4-byte masks doubled, so that the tile's 32-bit words are
 * swizzled as 4-byte elements are and the packed rounds' word accesses
 * (tile_packed.cuh) are as free of conflicts as 4-byte rounds; a scalar
 * 2-byte round is conflict-free too but for two stages on bits 0-1
 * (two-way). The earlier masks (22, 26, 18, 28, 32, 0) left packed rounds
 * of 2-4 stages two-way conflicts; no masks free of both were found
 * (random search of 200000). */
template <> struct wht__swz_masks<2> { enum { B = 6, M0 = 20, M1 = 42, M2 = 50, M3 = 34, M4 = 60, M5 = 40 }; };

/* XOR of masks a, b, c selected by the bits of i (0..7), as the byte i of
 * an 8-byte table. */
__host__ __device__ constexpr uint64_t wht__swz_table(unsigned a, unsigned b, unsigned c, unsigned i = 0)
{
  return i == 8 ? 0
                : ((uint64_t)(((i & 1) ? a : 0) ^ ((i & 2) ? b : 0) ^ ((i & 4) ? c : 0)) << (8 * i)) |
                      wht__swz_table(a, b, c, i + 1);
}

WHT__HD unsigned wht__table_byte(uint64_t table, unsigned i)
{
#ifdef __CUDA_ARCH__
  return __byte_perm((unsigned)table, (unsigned)(table >> 32), i) & 0xffu;
#else
  return (unsigned)(table >> (8 * i)) & 0xffu;
#endif
}

template <class U>
WHT__HD unsigned wht__swz(unsigned pos)
{
  typedef wht__swz_masks<sizeof(U)> S;
  constexpr uint64_t lo = wht__swz_table(S::M0, S::M1, S::M2), hi = wht__swz_table(S::M3, S::M4, S::M5);
  const unsigned h = pos >> S::B;
  return pos ^ wht__table_byte(lo, h & 7u) ^ wht__table_byte(hi, (h >> 3) & 7u);
}

WHT__HD unsigned wht__opaque(unsigned v)
{
#ifdef __CUDA_ARCH__
  asm volatile("mov.b32 %0, %0;" : "+r"(v));
#endif
  return v;
}

__host__ __device__ constexpr unsigned wht__ctz_const(unsigned j) { return (j & 1u) ? 0u : 1u + wht__ctz_const(j >> 1); }
__host__ __device__ constexpr unsigned wht__log2_const(unsigned v) { return v <= 1 ? 0u : 1u + wht__log2_const(v >> 1); }

#include "tile_packed.cuh"

/* First element of tile b in device memory (the (hi, mid) part of g). */
WHT__HD uint64_t wht__tile_base(const wht__pass &p, uint64_t b)
{
  const unsigned mb = p.s0 - p.R;
  return ((b >> mb) << (p.s0 + p.Tt - p.R)) + ((b & (((uint64_t)1 << mb) - 1)) << p.R);
}

/* Offset of tile element u from the tile base. */
WHT__HD uint64_t wht__tile_offset(const wht__pass &p, unsigned u)
{
  return ((uint64_t)(u >> p.R) << p.s0) + (u & ((1u << p.R) - 1u));
}

/* CG: through L2 only (ld.global.cg), for data other blocks of the same
 * kernel wrote (the L2-blocked second pass, pass_run.cuh): an L1 line
 * loaded earlier by this multiprocessor could be stale. */
template <bool CG = false, bool HINT = false>
WHT__HD uint4 wht__ld16(const void *src, [[maybe_unused]] uint64_t pol = 0)
{
#ifdef __CUDA_ARCH__
#if __CUDA_ARCH__ >= 800
  if constexpr (HINT) {
    uint4 v;
    if constexpr (CG)
      asm volatile("ld.global.cg.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
                   : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(src), "l"(pol) : "memory");
    else
      asm volatile("ld.global.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
                   : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(src), "l"(pol) : "memory");
    return v;
  }
#endif
  if constexpr (CG) return __ldcg((const uint4 *)src);
  return *(const uint4 *)src;
#else
  uint4 v;
  memcpy(&v, src, sizeof v);
  return v;
#endif
}

template <bool CG, class U>
WHT__HD U wht__ldg(const U *src)
{
#ifdef __CUDA_ARCH__
  if constexpr (CG) {
    if constexpr (sizeof(U) == 2) return (U)__ldcg((const unsigned short *)src);
    else if constexpr (sizeof(U) == 4) return (U)__ldcg((const unsigned *)src);
    else return (U)__ldcg((const unsigned long long *)src);
  }
#endif
  return *src;
}

/* HINT: with the L2 eviction policy pol (createpolicy; sm_80 and later) */
template <bool HINT = false>
WHT__HD void wht__st16(void *dst, uint4 v, [[maybe_unused]] uint64_t pol = 0)
{
#ifdef __CUDA_ARCH__
#if __CUDA_ARCH__ >= 800
  if constexpr (HINT) {
    asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;"
                 ::"l"(dst), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w), "l"(pol) : "memory");
    return;
  }
#endif
  *(uint4 *)dst = v;
#else
  memcpy(dst, &v, sizeof v);
#endif
}

/* one 4-byte word, as wht__st16 */
template <bool HINT = false>
__device__ __forceinline__ void wht__st4(void *dst, unsigned v, [[maybe_unused]] uint64_t pol = 0)
{
#if __CUDA_ARCH__ >= 800
  if constexpr (HINT) {
    asm volatile("st.global.L2::cache_hint.u32 [%0], %1, %2;" ::"l"(dst), "r"(v), "l"(pol) : "memory");
    return;
  }
#endif
  *(unsigned *)dst = v;
}

/* one 2-byte element, as wht__st16 */
template <bool HINT = false>
__device__ __forceinline__ void wht__st2(void *dst, unsigned short v, [[maybe_unused]] uint64_t pol = 0)
{
#if __CUDA_ARCH__ >= 800
  if constexpr (HINT) {
    asm volatile("st.global.L2::cache_hint.u16 [%0], %1, %2;" ::"l"(dst), "h"(v), "l"(pol) : "memory");
    return;
  }
#endif
  *(unsigned short *)dst = v;
}

/* Whether a thread's vectors are evenly spaced in device memory: every
 * thread has the same number of them (nv a multiple of P) and P vectors
 * span whole runs, so vector i of thread t sits at offset(tV) + i * inc. */
template <class U>
WHT__HD bool wht__tile_regular(const wht__pass &p, unsigned P)
{
  const unsigned V = 16 / sizeof(U), nv = (1u << p.Tt) / V;
  return nv % P == 0 && (P * V) % (1u << p.R) == 0;
}

/* The 16 bytes r of device memory into the tile at element a (swizzled;
 * the V elements go to a ^ v, v < V): 2-byte elements as four 32-bit
 * words (a is even and the swizzle keeps bit 0, so a word's two elements
 * stay side by side), wider ones one by one. */
template <class U>
WHT__HD void wht__tile_put16(U *s, unsigned a, uint4 r)
{
  if constexpr (sizeof(U) == 2) {
    const unsigned w[4] = { r.x, r.y, r.z, r.w };
WHT__UNROLL
    for (unsigned h = 0; h < 4; h++) wht__st32((char *)s, (a ^ 2 * h) * 2, w[h]);
  } else {
    constexpr unsigned V = 16 / sizeof(U);
    U part[V];
    memcpy(part, &r, sizeof part);
WHT__UNROLL
    for (unsigned v = 0; v < V; v++) s[a ^ v] = part[v];
  }
}

/* One stored element: the tile's, or with DIFF (compensated, last pass)
 * x - e, one more rounding. */
template <class F, bool DIFF>
WHT__HD typename F::U wht__tile_out(const typename F::U *s, const typename F::U *se, unsigned a)
{
  if constexpr (DIFF) return F::to_bits(F::sub(F::from_bits(s[a]), F::from_bits(se[a])));
  else return s[a];
}

/* The 16 bytes of device memory of tile elements a ^ v, v < V (as
 * wht__tile_put16), each wht__tile_out: 2-byte elements as four words, the
 * differences two at a time in the packed subtraction (each lane rounded
 * as the scalar one). */
template <class F, bool DIFF>
WHT__HD uint4 wht__tile_get16(const typename F::U *s, const typename F::U *se, unsigned a)
{
  typedef typename F::U U;
  if constexpr (sizeof(U) == 2) {
    typedef wht__pair_fmt<F> F2;
    unsigned w[4];
WHT__UNROLL
    for (unsigned h = 0; h < 4; h++) {
      w[h] = wht__ld32((const char *)s, (a ^ 2 * h) * 2);
      if constexpr (DIFF)
        w[h] = F2::to_bits(F2::sub(F2::from_bits(w[h]), F2::from_bits(wht__ld32((const char *)se, (a ^ 2 * h) * 2))));
    }
    return make_uint4(w[0], w[1], w[2], w[3]);
  } else {
    constexpr unsigned V = 16 / sizeof(U);
    U part[V];
WHT__UNROLL
    for (unsigned v = 0; v < V; v++) part[v] = wht__tile_out<F, DIFF>(s, se, a ^ v);
    uint4 r;
    memcpy(&r, part, sizeof r);
    return r;
  }
}

/* Device memory -> tile for 1 or 2 arrays (x, and e of a compensated
 * pass), elements past N read as zero. VEC: 16-byte accesses, a run of
 * V = 16/sizeof(U) elements each (the plan checked that runs, N and the
 * pointers allow it), up to 8 per array in flight per thread; in the
 * regular case (above) the addresses advance by constants. */
template <class U, bool VEC, bool TWO, bool CG = false, bool HINT = false>
WHT__HD void wht__tile_load(const wht__pass &p, const U *g, U *s, const U *g2, U *s2,
                            uint64_t base, unsigned t, unsigned P, uint64_t pol = 0)
{
  const unsigned size = 1u << p.Tt;
  if (VEC && wht__tile_regular<U>(p, P)) {
    constexpr unsigned V = 16 / sizeof(U), B = TWO ? 4 : 8;
    const unsigned per = size / V / P, a0 = wht__swz<U>(t * V);
    const uint64_t first = base + wht__tile_offset(p, t * V);
    const uint64_t inc = (uint64_t)((P * V) >> p.R) << p.s0;
    for (unsigned i0 = 0; i0 < per; i0 += B) {
      uint4 r[B], r2[B];
WHT__UNROLL
      for (unsigned i = 0; i < B; i++) {
        const uint64_t gi = first + (uint64_t)(i0 + i) * inc;
        r[i] = r2[i] = make_uint4(0, 0, 0, 0);
        if (i0 + i < per && gi < p.N) {
          r[i] = wht__ld16<CG, HINT>(g + gi, pol);
          if (TWO) r2[i] = wht__ld16<CG, HINT>(g2 + gi, pol);
        }
      }
WHT__UNROLL
      for (unsigned i = 0; i < B; i++) {
        if (i0 + i >= per) break;
        /* swz((t + iP)V + v) = swz(tV) ^ swz(iPV) ^ v: disjoint bits, v < 2^B */
        const unsigned a = a0 ^ wht__swz<U>((i0 + i) * P * V);
        wht__tile_put16(s, a, r[i]);
        if (TWO) wht__tile_put16(s2, a, r2[i]);
      }
    }
  } else if (VEC) {
    const unsigned V = 16 / sizeof(U), nv = size / V;
    for (unsigned w = t; w < nv; w += P) {
      const uint64_t gi = base + wht__tile_offset(p, w * V);
      uint4 r = make_uint4(0, 0, 0, 0), r2 = r;
      if (gi < p.N) {
        r = wht__ld16<CG, HINT>(g + gi, pol);
        if (TWO) r2 = wht__ld16<CG, HINT>(g2 + gi, pol);
      }
      const unsigned a = wht__swz<U>(w * V); /* swz(wV + v) = swz(wV) ^ v: v < 2^B */
      wht__tile_put16(s, a, r);
      if (TWO) wht__tile_put16(s2, a, r2);
    }
  } else {
    for (unsigned u = t; u < size; u += P) {
      const uint64_t gi = base + wht__tile_offset(p, u);
      s[wht__swz<U>(u)] = gi < p.N ? wht__ldg<CG>(g + gi) : (U)0;
      if (TWO) s2[wht__swz<U>(u)] = gi < p.N ? wht__ldg<CG>(g2 + gi) : (U)0;
    }
  }
}

template <class U>
WHT__HD void wht__tile_zero(const wht__pass &p, U *s, unsigned t, unsigned P)
{
  for (unsigned u = t; u < (1u << p.Tt); u += P) s[u] = 0;
}

/* Tile -> device memory (elements past N are not stored). */
template <class F, bool VEC, bool DIFF, bool HINT = false>
WHT__HD void wht__tile_store(const wht__pass &p, typename F::U *g, const typename F::U *s,
                             const typename F::U *se, uint64_t base, unsigned t, unsigned P, uint64_t pol = 0)
{
  typedef typename F::U U;
  const unsigned size = 1u << p.Tt;
  if (VEC && wht__tile_regular<U>(p, P)) {
    constexpr unsigned V = 16 / sizeof(U);
    const unsigned per = size / V / P, a0 = wht__swz<U>(t * V);
    const uint64_t first = base + wht__tile_offset(p, t * V);
    const uint64_t inc = (uint64_t)((P * V) >> p.R) << p.s0;
    for (unsigned i = 0; i < per; i++) {
      const uint64_t gi = first + (uint64_t)i * inc;
      if (gi >= p.N) continue;
      const unsigned a = a0 ^ wht__swz<U>(i * P * V);
      wht__st16<HINT>(g + gi, wht__tile_get16<F, DIFF>(s, se, a), pol);
    }
  } else if (VEC) {
    const unsigned V = 16 / sizeof(U), nv = size / V;
    for (unsigned w = t; w < nv; w += P) {
      const uint64_t gi = base + wht__tile_offset(p, w * V);
      if (gi >= p.N) continue;
      const unsigned a = wht__swz<U>(w * V);
      wht__st16<HINT>(g + gi, wht__tile_get16<F, DIFF>(s, se, a), pol);
    }
  } else {
    for (unsigned u = t; u < size; u += P) {
      const uint64_t gi = base + wht__tile_offset(p, u);
      if (gi < p.N) g[gi] = wht__tile_out<F, DIFF>(s, se, wht__swz<U>(u));
    }
  }
}

/* Number of nonzero 3-bit digits of d (Alman-Rao's prescaling exponent). */
WHT__HD unsigned wht__octal_nonzero_digits(uint64_t d)
{
  const uint64_t any = d | (d >> 1) | (d >> 2);
#ifdef __CUDA_ARCH__
  return (unsigned)__popcll(any & 0x9249249249249249ull);
#else
  return (unsigned)__builtin_popcountll(any & 0x9249249249249249ull);
#endif
}

/* One round of C stages on tile bits q..q+C-1: each thread takes groups of
 * 2^C elements (gi = t, t+P, ...), loads them, lets the algorithm A apply
 * the round, and writes them back. KIND selects butterflies, Alman-Rao's
 * head (folklore stages 0..f-1, the prescaling, then the first radix-8
 * group when C = f + 3; it needs each element's row index) or radix-8
 * groups on C/3 bit triples. Addresses are byte offsets: the group's first
 * element swizzled once, then one XOR per element (linearity).
 * X: the round on the top bit of a cluster tile (p is the block's half
 * pass, q + C - 1 = p.Tt): bit C-1 of a group's element selects the
 * block whose tile holds it (wht__dsm_load/store), the other C-1 bits are
 * tile bits q.. of that block; block r takes the upper or lower half of
 * the groups. */
template <class F, class A, unsigned C, int KIND, bool X>
WHT__HD void wht__tile_round(const wht__pass &p, unsigned q, typename F::U *sx,
                             typename F::U *se, const wht__cta<typename F::U> &cta, uint64_t base,
                             unsigned t, unsigned P)
{
  typedef typename F::T T;
  typedef typename F::U U;
  constexpr unsigned R = 1u << C, CB = X ? C - 1 : C, RB = 1u << CB, ESH = wht__log2_const(sizeof(U));
  const unsigned ngroups = 1u << (p.Tt - CB), lomask = (1u << q) - 1u;
  const unsigned g0 = X ? cta.rank * (ngroups / 2) : 0, g1 = X ? g0 + ngroups / 2 : ngroups;
  /* two groups at a time in the packed instructions; not Alman-Rao's
   * rounds of two radix-8 groups (2 x 64 values spilled registers) */
  if constexpr (sizeof(U) == 2 && wht__pairs_ok<A>::value &&
                (KIND == WHT__ROUND_BFLY || (KIND == WHT__ROUND_AR_RADIX8 && C == 3))) {
    /* the cluster tile's top-bit round (X) stays scalar: on lane pairs it
     * spilled 296 bytes at 3 blocks per SM, and at 2 (no spills) f16 rows
     * of 2^16 took 0.519 ms against 0.480 ms scalar (H100,
     * docs/PERFORMANCE.md) */
    if (!X && p.Tt > C) {
      wht__tile_round_pairs<F, A, C, KIND>(p, q, sx, se, t, P);
      return;
    }
  }
  unsigned step[CB > 0 ? CB : 1]; /* byte offset of a single-bit step along bit q+b */
  if constexpr (CB > 0) {
WHT__UNROLL
    for (unsigned b = 0; b < CB; b++) step[b] = wht__swz<U>(1u << (q + b)) << ESH;
  }
  char *bx = (char *)sx, *be = (char *)se;
  for (unsigned gi = g0 + t; gi < g1; gi += P) {
    const unsigned first = ((gi & ~lomask) << CB) | (gi & lomask);
    unsigned a[RB];
    a[0] = wht__swz<U>(first) << ESH;
WHT__UNROLL
    for (unsigned j = 1; j < RB; j++) a[j] = a[j & (j - 1)] ^ step[wht__ctz_const(j)];
    T v[R], e[R];
WHT__UNROLL
    for (unsigned j = 0; j < R; j++) {
      if constexpr (X) {
        v[j] = F::from_bits(wht__dsm_load(cta, true, j >> CB, a[j & (RB - 1)]));
        if constexpr (A::COMPENSATED) e[j] = F::from_bits(wht__dsm_load(cta, false, j >> CB, a[j & (RB - 1)]));
      } else {
        v[j] = F::from_bits(*(const U *)(bx + a[j]));
        if constexpr (A::COMPENSATED) e[j] = F::from_bits(*(const U *)(be + a[j]));
      }
    }
    if constexpr (KIND == WHT__ROUND_BFLY) {
      A::template butterflies<F, C>(v, e);
    } else if constexpr (KIND == WHT__ROUND_AR_HEAD) {
      /* f = C mod 3 head stages; the group's row indices share every octal
       * digit of (i mod n) >> f but the lowest, which is (j >> f) */
      constexpr unsigned f = C % 3;
      const uint64_t row_index = (base + wht__tile_offset(p, first)) & (((uint64_t)1 << p.k) - 1);
      A::template head<F, C>(v, wht__octal_nonzero_digits(row_index >> f));
    } else {
      A::template radix8_rounds<F, C>(v);
    }
    /* the store addresses again from an opaque copy of the first, so the
     * compiler keeps 2^C values live, not 2^C addresses as well */
    a[0] = wht__opaque(a[0]);
WHT__UNROLL
    for (unsigned j = 1; j < RB; j++) a[j] = a[j & (j - 1)] ^ step[wht__ctz_const(j)];
WHT__UNROLL
    for (unsigned j = 0; j < R; j++) {
      if constexpr (X) {
        wht__dsm_store(cta, true, j >> CB, a[j & (RB - 1)], F::to_bits(v[j]));
        if constexpr (A::COMPENSATED) wht__dsm_store(cta, false, j >> CB, a[j & (RB - 1)], F::to_bits(e[j]));
      } else {
        *(U *)(bx + a[j]) = F::to_bits(v[j]);
        if constexpr (A::COMPENSATED) *(U *)(be + a[j]) = F::to_bits(e[j]);
      }
    }
  }
}

/* Round r of a pass with C stages on bits from q, of kind KIND, local or
 * (X) the cluster tile's top-bit round. */
template <class F, class A, bool X>
WHT__HD void wht__tile_round_of(const wht__pass &p, unsigned r, typename F::U *sx, typename F::U *se,
                                const wht__cta<typename F::U> &cta, uint64_t base, unsigned t, unsigned P)
{
  const unsigned q = WHT__ROUND_Q(p, r), c = WHT__ROUND_C(p, r);
  if constexpr (A::RADIX8_GROUPS) {
    if (WHT__ROUND_KIND(p, r) == WHT__ROUND_AR_RADIX8) {
      /* f64 rounds hold one radix-8 group, and so do those of a round cap of 3 */
      if constexpr (sizeof(typename F::U) != 8 &&
                    (wht__limits<A, F>::round_cap == 0 || wht__limits<A, F>::round_cap >= 6))
        if (c == 6) {
          wht__tile_round<F, A, 6, WHT__ROUND_AR_RADIX8, X>(p, q, sx, se, cta, base, t, P);
          return;
        }
      wht__tile_round<F, A, 3, WHT__ROUND_AR_RADIX8, X>(p, q, sx, se, cta, base, t, P);
    } else if constexpr (!X) { /* the planner keeps the head off a cluster tile's top bit */
      switch (c) {
      case 1: wht__tile_round<F, A, 1, WHT__ROUND_AR_HEAD, X>(p, q, sx, se, cta, base, t, P); break;
      case 2: wht__tile_round<F, A, 2, WHT__ROUND_AR_HEAD, X>(p, q, sx, se, cta, base, t, P); break;
      case 3: wht__tile_round<F, A, 3, WHT__ROUND_AR_HEAD, X>(p, q, sx, se, cta, base, t, P); break;
      case 4: wht__tile_round<F, A, 4, WHT__ROUND_AR_HEAD, X>(p, q, sx, se, cta, base, t, P); break;
      default: wht__tile_round<F, A, 5, WHT__ROUND_AR_HEAD, X>(p, q, sx, se, cta, base, t, P); break;
      }
    }
  } else {
    switch (c) {
    case 1: wht__tile_round<F, A, 1, WHT__ROUND_BFLY, X>(p, q, sx, se, cta, base, t, P); break;
    case 2: wht__tile_round<F, A, 2, WHT__ROUND_BFLY, X>(p, q, sx, se, cta, base, t, P); break;
    case 3: wht__tile_round<F, A, 3, WHT__ROUND_BFLY, X>(p, q, sx, se, cta, base, t, P); break;
    case 4:
      if constexpr (wht__round_cmax(A::COMPENSATED, WHT__SCHED_RADIX2, sizeof(typename F::U)) >= 4)
        wht__tile_round<F, A, 4, WHT__ROUND_BFLY, X>(p, q, sx, se, cta, base, t, P);
      break;
    default:
      if constexpr (wht__round_cmax(A::COMPENSATED, WHT__SCHED_RADIX2, sizeof(typename F::U)) >= 5)
        wht__tile_round<F, A, 5, WHT__ROUND_BFLY, X>(p, q, sx, se, cta, base, t, P);
      break;
    }
  }
}

/* Phase ph of tile b: 0 load (from xin: the source of an out-of-place
 * first pass, else x), 1..nrounds the rounds, nrounds+1 store (to x).
 * CL: a cluster tile (p.cl = 1); the block loads, stores and runs the
 * rounds below the top bit on its half (a pass of Tt - 1 tile bits whose
 * base is that of tile element rank * 2^(Tt-1)), and the round on the top
 * bit over both halves. */
template <class F, class A, bool VEC, bool CL, bool CG = false, bool HINT = false>
WHT__HD void wht__tile_phase(const wht__pass &pp, unsigned ph, const typename F::U *xin,
                             typename F::U *x, typename F::U *e, typename F::U *sx,
                             typename F::U *se, const wht__cta<typename F::U> &cta, uint64_t b,
                             unsigned t, unsigned P, uint64_t lpol = 0, uint64_t spol = 0)
{
  wht__pass p = pp;
  uint64_t base = wht__tile_base(pp, b);
  if constexpr (CL) {
    p.Tt = pp.Tt - 1;
    base += wht__tile_offset(pp, cta.rank << p.Tt);
  }
  if (ph == 0) {
    if constexpr (A::COMPENSATED) {
      if (p.first) {
        wht__tile_load<typename F::U, VEC, false, CG, HINT>(p, xin, sx, NULL, NULL, base, t, P, lpol);
        wht__tile_zero(p, se, t, P);
      } else {
        wht__tile_load<typename F::U, VEC, true, CG, HINT>(p, xin, sx, e, se, base, t, P, lpol);
      }
    } else {
      wht__tile_load<typename F::U, VEC, false, CG, HINT>(p, xin, sx, NULL, NULL, base, t, P, lpol);
    }
    return;
  }
  if (ph == p.nrounds + 1) {
    if constexpr (A::COMPENSATED) {
      if (p.last) {
        wht__tile_store<F, VEC, true, HINT>(p, x, sx, se, base, t, P, spol);
      } else {
        wht__tile_store<F, VEC, false, HINT>(p, x, sx, sx, base, t, P, spol);
        wht__tile_store<F, VEC, false, HINT>(p, e, se, se, base, t, P, spol);
      }
    } else {
      wht__tile_store<F, VEC, false, HINT>(p, x, sx, sx, base, t, P, spol);
    }
    return;
  }
  if constexpr (CL) {
    if (wht__phase_crosses(pp, ph)) {
      wht__tile_round_of<F, A, true>(p, ph - 1, sx, se, cta, base, t, P);
      return;
    }
  }
  wht__tile_round_of<F, A, false>(p, ph - 1, sx, se, cta, base, t, P);
}

#endif
