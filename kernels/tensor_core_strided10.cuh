/* tensor_core_strided10.cuh - the tensor cores' strided pass of 10 row bits
 * (three stage groups: 4, 4 and 2 bits) in registers, so that single
 * vectors of 2^29 and 2^30 take two passes over device memory after the
 * L2-blocked pair instead of three (issue 16: 2^30 at most 3x a memcpy).
 *
 * Tile: 2^15 elements, 2^10 runs of 32 contiguous elements (64 bytes);
 * tile bits 0-4 the run's elements (element bits e0-e2 = q, the element in
 * a 16-byte vector, e3-e4 = eb, the vector), tile bit 5 + j the run
 * index's bit j (row bit s0 + j, or a filler row bit where the row ends
 * first, left out of the stage masks). One block of 8 warps a tile, 64 KB
 * of shared memory as 2^14 32-bit words, each two elements that differ in
 * one run bit. Lane 4g + t; mma operands as tensor_core_mma.cuh (B reg 0 =
 * B[2t..2t+1][g], reg 1 = B[2t+8..][g], D rows g and g + 8, columns 2t,
 * 2t + 1 in the halves). Bits named rJ are run bits.
 *
 * Group a (k = r0..r3), straight from the loads: warp w = (r5, r6, r7),
 * lane g = (eb0, eb1, r8) the mma column, t = (r1, r2); iterations
 * s1 = r9 (outer) and s0 = r4; the lane's four 16-byte loads (r0, r3) give
 * the operands by byte permutes, eight mma (q). Each load instruction
 * reads 8 whole runs of 64 bytes. The results of s0 = 0 and 1 pair up into
 * words (halves r4) written to X1.
 * Group b (k = r4..r7) from X1: warp w = (r1, r2, r3), iterations
 * sp = (r0, r9); lane g = (r8, eb0, eb1), t = (r5, r6), reg 1 r7 = 1; the
 * results (halves r8; rows r4..r7 on g and the register) are written back
 * as X2 words into the words the iteration read: every word a warp reads
 * in group b and writes for group c lies in its own region (r1..r3), and
 * the words of one iteration in a sub-region (r0, r9), so no barrier but
 * the warp's is needed.
 * Group c (k = r8, r9 and the identity fillers r5, r6) from X2: iterations
 * (r0, r7); lane g = (r4, eb0, eb1), t = (r9, r5), reg 1 r6 = 1; the
 * results (columns r4 and eb on the halves and t) become, by byte permutes
 * across q, 16-byte vectors whose lane quads store 64 contiguous bytes
 * (whole sectors).
 * Word addresses: bits 0-1 q0, q1, so that a lane's words of q = 4 q2 +
 * 0..3 are one 16-byte access (every phase holds all eight q of its
 * words); bits 2-4 X1: r8, eb1^r5, r0^r6; X2: r4, eb0^r9, eb1^r5 (in every
 * phase a bijection of the quarter warp's lane bits t0, t1, g0, so each
 * of its 16-byte accesses hits eight distinct groups of four banks: no
 * conflict); bit 5 q2; bits 6-8 X1: eb0, r5, r7; X2: r5, r6, r7; bits
 * 9-13 the region (r1, r2, r3, r0, r9) in both layouts. The 32-bit words
 * of the first layout (q in bits 5-7) took four times the shared-memory
 * instructions and were slower (below).
 *
 * The stage groups, their order and their rounding are the model's
 * (lib/tensor_core_model.c: groups [s0, s0 + 4), [s0 + 4, s0 + 8),
 * [s0 + 8, s0 + 10) of a pass starting at a multiple of 4).
 *
 * On an H200 (docs/PERFORMANCE.md) f16 2^30 took 3.23 ms (3.22x a memcpy)
 * against 4.05 in three passes, 2^29 1.61 against 2.02; as the last pass
 * of 8 bits at 2^28 as fast as the 8-bit pass, below 2^21 slower (half
 * its tiles). With the loads issued at once (wht__tc10_early) and the
 * 16-byte exchange: f16 2^30 3.070-3.074 ms (3.04x; f16acc 2.966-2.971,
 * 2.93-2.94x) against 3.171-3.185 (f16acc 3.061-3.074) with neither, and
 * as the pair's second pass f16 rows of 2^21 over 2^28 elements 2.10x a
 * memcpy against 2.54-2.56x (f16acc 1.85-1.86x against 2.37-2.39x; its
 * kernel's spills 188 -> 60 bytes). Its indices were checked by an
 * emulation before its first run; they live in tc_strided_layout.cuh
 * (wht__tc10_*), whose values tests/test_tc10_layout.py emulates in make
 * check. */
#ifndef WHT_KERNELS_TENSOR_CORE_STRIDED10_CUH
#define WHT_KERNELS_TENSOR_CORE_STRIDED10_CUH

#include "tensor_core_strided.cuh"

#define WHT__TC10_R 5u /* log2 of a run's elements */

/* One tile of the pass p at x + tb (st[j]: run bit j's offset); sw: its
 * 64 KB; each group's fragment made where the group starts (from
 * p.masks: held from the start they cost the L2-blocked pair's kernel
 * 8 more registers than it has). L2P: as the L2-blocked
 * pair's second pass (loads through L2 only, the pair's policies lpol,
 * spol). EARLY: group a's two halves (s1) of loads issued at once, else
 * one half after the other's mma. One barrier, after which the warps' own
 * shared reads follow: a caller that reuses sw first needs another. */
template <class M, bool L2P, bool EARLY = false>
__device__ __forceinline__ void wht__tc10_tile(const wht__tc_pass &p, uint16_t *x, uint64_t tb, uint32_t *sw,
                                               uint64_t lpol, uint64_t spol)
{
  const unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u, w = threadIdx.x >> 5;
  const uint64_t *st = p.stride + WHT__TC10_R;
  const unsigned g0 = g & 1u, g1 = g >> 1 & 1u, g2 = g >> 2, t0 = t & 1u, t1 = t >> 1, w0 = w & 1u,
                 w1 = w >> 1 & 1u, w2 = w >> 2;
  uint4 *const s4 = (uint4 *)sw; /* 16-byte vectors: word address / 4 */
  {
    /* group a: loads of runs (h = r0, t = r1 r2, b = r3, s0 = r4, w = r5..r7,
     * g2 = r8, s1 = r9), vector eb = g & 3 */
    const uint64_t ol = WHT__TC10_OL(tb, st, g, g2, t0, t1, w0, w1, w2);
    /* X1 words written: r0..r2 = g, r3 = r, eb0 = hp, eb1 = t0, r8 = t1,
     * r5..r7 = w, r9 = s1 */
    const unsigned xa = WHT__TC10_XA(g0, g1, g2, t0, t1, w0, w1, w2);
    uint32_t aa[4];
    wht__tc_afrag<M>(aa, p.masks & 15u);
#pragma unroll(EARLY ? 2 : 1)
    for (unsigned s1 = 0; s1 < 2; s1++) {
      uint32_t d0[8][2];
#pragma unroll
      for (unsigned s0 = 0; s0 < 2; s0++) {
        uint4 v[2][2]; /* [h][b] */
#pragma unroll
        for (unsigned h = 0; h < 2; h++)
#pragma unroll
          for (unsigned b = 0; b < 2; b++)
            v[h][b] = wht__tc_ld16<L2P>(wht__tc10_ld(x, ol, st, h, b, s0, s1), lpol);
        /* the words of q = 4 q2 + 0..3 go out as one vector once q2's last is made */
        uint32_t wq[4][2][2];
        wht__tc_loaded_group<M>(v, aa, s0 != 0, d0, [&](unsigned q, unsigned r, unsigned hp, uint32_t word) {
          wq[q & 3u][r][hp] = word;
          if ((q & 3u) == 3u && r && hp)
#pragma unroll
            for (unsigned rr = 0; rr < 2; rr++)
#pragma unroll
              for (unsigned hh = 0; hh < 2; hh++)
                s4[wht__tc10_a_put(xa, q >> 2, hh, rr, s1) >> 2] =
                    make_uint4(wq[0][rr][hh], wq[1][rr][hh], wq[2][rr][hh], wq[3][rr][hh]);
        });
      }
    }
  }
  __syncthreads();
  /* group b: warp w = r1..r3; X1 words read: r8 = g0, eb0 = g1, eb1 = g2,
   * r5 = t0, r6 = t1, r7 = the register; X2 words written: r4..r6 = g,
   * r7 = r, eb = t */
  const unsigned xb = WHT__TC10_XB(g0, g1, g2, t0, t1, w);
  const unsigned x2 = WHT__TC10_X2(g0, g1, g2, t0, t1, w);
  uint32_t ab[4];
  wht__tc_afrag<M>(ab, p.masks >> 4 & 15u);
#pragma unroll
  for (unsigned sp = 0; sp < 4; sp++) {
    const unsigned r0 = sp & 1u, r9 = sp >> 1;
    uint4 in[2][2]; /* [q2][the register] */
#pragma unroll
    for (unsigned i = 0; i < 4; i++) in[i >> 1][i & 1u] = s4[wht__tc10_b_get(xb, r0, r9, i >> 1, i & 1u) >> 2];
    uint32_t e[8][2];
#pragma unroll
    for (unsigned q = 0; q < 8; q++)
      M::stage(e[q], ab, wht__tc_word(in[q >> 2][0], q & 3u), wht__tc_word(in[q >> 2][1], q & 3u));
    __syncwarp();
#pragma unroll
    for (unsigned i = 0; i < 4; i++) {
      const unsigned q2 = i >> 1, r = i & 1u;
      s4[wht__tc10_b_put(x2, r0, r9, q2, r) >> 2] =
          make_uint4(e[4 * q2][r], e[4 * q2 + 1][r], e[4 * q2 + 2][r], e[4 * q2 + 3][r]);
    }
  }
  __syncwarp();
  /* group c: X2 words read: r4 = g0, eb0 = g1, eb1 = g2, r9 = t0, r5 = t1,
   * r6 = the register; results: r8 = g0, r9 = g1, r5 = g2, r6 = r, r4 =
   * the half, eb = t */
  const unsigned xc = WHT__TC10_XC(g0, g1, g2, t0, t1, w);
  uint32_t ac[4];
  wht__tc_afrag<M>(ac, p.masks >> 8 & 15u);
  const uint64_t os = WHT__TC10_OS(tb, st, t, g0, g1, g2, w0, w1, w2);
#pragma unroll
  for (unsigned sc = 0; sc < 4; sc++) {
    const unsigned r0 = sc & 1u, r7 = sc >> 1, rc = wht__tc10_rc(xc, r0, r7);
    uint4 in[2][2]; /* [q2][the register] */
#pragma unroll
    for (unsigned i = 0; i < 4; i++) in[i >> 1][i & 1u] = s4[wht__tc10_c_get(rc, i >> 1, i & 1u) >> 2];
    uint32_t f[8][2];
#pragma unroll
    for (unsigned q = 0; q < 8; q++)
      M::stage(f[q], ac, wht__tc_word(in[q >> 2][0], q & 3u), wht__tc_word(in[q >> 2][1], q & 3u));
#pragma unroll
    for (unsigned r = 0; r < 2; r++)
#pragma unroll
      for (unsigned hv = 0; hv < 2; hv++) {
        const unsigned sel = hv ? 0x7632u : 0x5410u;
        uint16_t *o = wht__tc10_st(x, os, st, r, hv, r0, r7);
        wht__tc_st16<L2P>(o, make_uint4(__byte_perm(f[0][r], f[1][r], sel), __byte_perm(f[2][r], f[3][r], sel),
                                        __byte_perm(f[4][r], f[5][r], sel), __byte_perm(f[6][r], f[7][r], sel)),
                          spol);
      }
  }
}

template <class M, bool EARLY>
__global__ void __launch_bounds__(256u, 3) wht__tc10_kernel(const wht__tc_pass p, uint16_t *x, unsigned ahead, unsigned pg)
{
  extern __shared__ uint4 wht__tc_smem[];
  wht__tc_strided_prefetch<WHT__TC10_R, 10>(p, x, ahead, pg); /* tensor_core_strided.cuh */
  wht__tc10_tile<M, false, EARLY>(p, x, wht__tc_tile_base<false>(p, blockIdx.x), (uint32_t *)wht__tc_smem, 0, 0);
}

/* The pass over row bits [s0, s0 + 10) of `batch` rows of 2^k (k >= 16,
 * s0 a multiple of 4 and at least 12; fewer where the row ends first) */
static void wht__tc10_plan(wht__tc_pass *p, unsigned k, uint64_t batch, unsigned s0)
{
  const unsigned slot[10] = { 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 };
  const unsigned L = k - s0 < 10 ? k - s0 : 10;
  int rb[WHT__TC_TILE_LOG2];
  wht__tc_strided_tile(p, rb, k, batch, s0, WHT__TC10_R, slot, 10); /* tensor_core_tile.cuh */
  const unsigned la = L < 4 ? L : 4, lb = L < 4 ? 0 : L - 4 < 4 ? L - 4 : 4, lc = L > 8 ? L - 8 : 0;
  p->masks = ((1u << la) - 1u) | ((1u << lb) - 1u) << 4 | ((1u << lc) - 1u) << 8;
}

/* WHT_TC_STRIDED10 (read once): 1 (default) the pass above where 9 or 10
 * row bits remain, 0 never as a last pass (two passes of the register
 * groups; the L2-blocked pair of rows of 2^21, 2^22 still takes it unless
 * WHT_TC_PAIR10=0, tensor_core.cu), 2 for every last strided pass of at
 * most 10 bits (the tests' coverage of its filler bits) */
static unsigned wht__tc10_mode(void)
{
  static unsigned v = ~0u;
  if (v == ~0u) {
    const unsigned r = wht__rows_env("WHT_TC_STRIDED10", 1); /* rows_reg.cuh */
    v = r <= 2 ? r : 1;
  }
  return v;
}

/* Whether the strided passes take the pass above for the `left` row bits
 * that remain (the register groups' passes, tensor_core.cu) */
static bool wht__tc10_takes(unsigned left)
{
  const unsigned m = wht__tc10_mode();
  return left <= 10 && (m == 2 || (m == 1 && left > 8));
}

/* WHT_TC10_EARLY (read once): 1 (default) the standalone pass issues all
 * sixteen loads of a lane first (80 registers, no spill), 0 one half
 * after the other's mma. On an H200 (docs/PERFORMANCE.md; 4-byte
 * exchange words then) f16 2^30 took 3.074-3.085 ms against 3.177-3.185,
 * f16acc 3.057-3.062 against 3.070-3.074; 2^28, 2^29 the same; with the
 * 16-byte words 3.070-3.074 against 3.086-3.088 (f16acc 2.966-2.971
 * against 3.013-3.018). Tried and slower there: the second half by
 * cp.async into shared memory while the first is computed (3.164-3.177
 * ms; 2^29 2 % slower), and the exchange's next reads issued an
 * iteration early (spills: 3.25 ms). The L2-blocked pair of rows of
 * 2^21, 2^22 keeps the halves in turn (its kernel spills as it is). */
static bool wht__tc10_early(void)
{
  static unsigned v = ~0u;
  if (v == ~0u) v = wht__rows_env("WHT_TC10_EARLY", 1) != 0; /* rows_reg.cuh */
  return v != 0;
}

template <class M>
static wht_status wht__tc10_launch(const wht__tc_pass &p, uint16_t *x)
{
  typedef void (*kern)(const wht__tc_pass, uint16_t *, unsigned, unsigned);
  const kern k = wht__tc10_early() ? wht__tc10_kernel<M, true> : wht__tc10_kernel<M, false>;
  const size_t smem = 65536;
  static size_t raised[2][WHT__MAX_DEVICES];
  const wht_status s = wht__rows_raise_smem((const void *)k, smem, raised[wht__tc10_early()]); /* rows_reg.cuh */
  if (s != WHT_OK) return s;
  if (p.ntiles > 0x7fffffffu) return WHT_E_SIZE;
  unsigned pg;
  const unsigned ahead = wht__tc_strided_ahead(p, WHT__TC10_R, true, &pg); /* tensor_core_strided.cuh */
  k<<<(unsigned)p.ntiles, 256u, smem>>>(p, x, ahead, pg);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
