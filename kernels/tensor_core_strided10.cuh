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
 * Word addresses: bits 9-13 the region (r1, r2, r3, r0, r9) in both
 * layouts; bits 0-4 (the bank) X1: r5^r0, r6^r1, eb0^r2, r8, eb1; X2: r4,
 * r5, r6^r9, eb0, eb1; bits 5-7 q, bit 8 r7. Each access instruction of
 * each phase hits 32 distinct banks (the lanes' varying bits above).
 *
 * The stage groups, their order and their rounding are the model's
 * (lib/tensor_core_model.c: groups [s0, s0 + 4), [s0 + 4, s0 + 8),
 * [s0 + 8, s0 + 10) of a pass starting at a multiple of 4).
 *
 * On an H200 (docs/PERFORMANCE.md) f16 2^30 took 3.23 ms (3.22x a memcpy)
 * against 4.05 in three passes, 2^29 1.61 against 2.02; as the last pass
 * of 8 bits at 2^28 as fast as the 8-bit pass, below 2^21 slower (half
 * its tiles). Its indices were checked by an emulation before its first
 * run (experiments/tc10_layout.py: change it with them). */
#ifndef WHT_KERNELS_TENSOR_CORE_STRIDED10_CUH
#define WHT_KERNELS_TENSOR_CORE_STRIDED10_CUH

#include "tensor_core_strided.cuh"

#define WHT__TC10_R 5u /* log2 of a run's elements */

/* One tile of the pass p at x + tb (st[j]: run bit j's offset); sw: its
 * 64 KB; each group's fragment made where the group starts (from
 * p.masks: held from the start they cost the L2-blocked pair's kernel
 * 8 more registers than it has). L2P: as the L2-blocked
 * pair's second pass (loads through L2 only, the pair's policies lpol,
 * spol). One barrier, after which the warps' own shared reads follow: a
 * caller that reuses sw first needs another. */
template <class M, bool L2P>
__device__ __forceinline__ void wht__tc10_tile(const wht__tc_pass &p, uint16_t *x, uint64_t tb, uint32_t *sw,
                                               uint64_t lpol, uint64_t spol)
{
  const unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u, w = threadIdx.x >> 5;
  const uint64_t *st = p.stride + WHT__TC10_R;
  const unsigned g0 = g & 1u, g1 = g >> 1 & 1u, g2 = g >> 2, t0 = t & 1u, t1 = t >> 1, w0 = w & 1u,
                 w1 = w >> 1 & 1u, w2 = w >> 2;
  {
    /* group a: loads of runs (h = r0, t = r1 r2, b = r3, s0 = r4, w = r5..r7,
     * g2 = r8, s1 = r9), vector eb = g & 3 */
    const uint64_t ol = tb + 8u * (g & 3u) + (t0 ? st[1] : 0) + (t1 ? st[2] : 0) + (w0 ? st[5] : 0) +
                        (w1 ? st[6] : 0) + (w2 ? st[7] : 0) + (g2 ? st[8] : 0);
    /* X1 words written: r0..r2 = g, r3 = r, eb0 = hp, eb1 = t0, r8 = t1,
     * r5..r7 = w, r9 = s1; hp flips bank bit 2 */
    const unsigned xa = ((w0 ^ g0) | (w1 ^ g1) << 1 | g2 << 2 | t1 << 3 | t0 << 4) | w2 << 8 |
                        (g1 | g2 << 1 | g0 << 3) << 9;
    uint32_t aa[4];
    wht__tc_afrag<M>(aa, p.masks & 15u);
#pragma unroll 1
    for (unsigned s1 = 0; s1 < 2; s1++) {
      uint32_t d0[8][2];
#pragma unroll
      for (unsigned s0 = 0; s0 < 2; s0++) {
        uint4 v[2][2]; /* [h][b] */
#pragma unroll
        for (unsigned h = 0; h < 2; h++)
#pragma unroll
          for (unsigned b = 0; b < 2; b++)
            v[h][b] = wht__tc_ld16<L2P>(x + ol + (h ? st[0] : 0) + (b ? st[3] : 0) + (s0 ? st[4] : 0) +
                                            (s1 ? st[9] : 0),
                                        lpol);
        wht__tc_loaded_group<M>(v, aa, s0 != 0, d0, [&](unsigned q, unsigned r, unsigned hp, uint32_t word) {
          sw[((xa ^ hp << 2) + (q << 5) + (r << 11)) | s1 << 13] = word;
        });
      }
    }
  }
  __syncthreads();
  /* group b: warp w = r1..r3; X1 words read: r8 = g0, eb0 = g1, eb1 = g2,
   * r5 = t0, r6 = t1, r7 = the register; X2 words written: r4..r6 = g,
   * r7 = r, eb = t */
  const unsigned xb = t0 | (t1 ^ w0) << 1 | (g1 ^ w1) << 2 | g0 << 3 | g2 << 4 | w << 9;
  const unsigned x2 = g0 | g1 << 1 | g2 << 2 | t0 << 3 | t1 << 4 | w << 9;
  uint32_t ab[4];
  wht__tc_afrag<M>(ab, p.masks >> 4 & 15u);
#pragma unroll
  for (unsigned sp = 0; sp < 4; sp++) {
    const unsigned r0 = sp & 1u, r9 = sp >> 1, region = (r0 << 3 | r9 << 4) << 9;
    const unsigned rb = (xb ^ r0) + region;
    uint32_t e[8][2];
#pragma unroll
    for (unsigned q = 0; q < 8; q++) M::stage(e[q], ab, sw[rb + (q << 5)], sw[rb + (q << 5) + 256u]);
    __syncwarp();
    const unsigned wb = (x2 ^ r9 << 2) + region;
#pragma unroll
    for (unsigned q = 0; q < 8; q++)
#pragma unroll
      for (unsigned r = 0; r < 2; r++) sw[wb + (q << 5) + (r << 8)] = e[q][r];
  }
  __syncwarp();
  /* group c: X2 words read: r4 = g0, eb0 = g1, eb1 = g2, r9 = t0, r5 = t1,
   * r6 = the register (bank bit 2); results: r8 = g0, r9 = g1, r5 = g2,
   * r6 = r, r4 = the half, eb = t */
  const unsigned xc = g0 | t1 << 1 | t0 << 2 | g1 << 3 | g2 << 4 | (w | t0 << 4) << 9;
  uint32_t ac[4];
  wht__tc_afrag<M>(ac, p.masks >> 8 & 15u);
  const uint64_t os = tb + 8u * t + (g0 ? st[8] : 0) + (g1 ? st[9] : 0) + (g2 ? st[5] : 0) + (w0 ? st[1] : 0) +
                      (w1 ? st[2] : 0) + (w2 ? st[3] : 0);
#pragma unroll
  for (unsigned sc = 0; sc < 4; sc++) {
    const unsigned r0 = sc & 1u, r7 = sc >> 1, rc = xc + (r7 << 8) + (r0 << 12);
    uint32_t f[8][2];
#pragma unroll
    for (unsigned q = 0; q < 8; q++) M::stage(f[q], ac, sw[rc + (q << 5)], sw[(rc ^ 4u) + (q << 5)]);
#pragma unroll
    for (unsigned r = 0; r < 2; r++)
#pragma unroll
      for (unsigned hv = 0; hv < 2; hv++) {
        const unsigned sel = hv ? 0x7632u : 0x5410u;
        uint16_t *o = x + os + (r ? st[6] : 0) + (hv ? st[4] : 0) + (r0 ? st[0] : 0) + (r7 ? st[7] : 0);
        wht__tc_st16<L2P>(o, make_uint4(__byte_perm(f[0][r], f[1][r], sel), __byte_perm(f[2][r], f[3][r], sel),
                                        __byte_perm(f[4][r], f[5][r], sel), __byte_perm(f[6][r], f[7][r], sel)),
                          spol);
      }
  }
}

template <class M>
__global__ void __launch_bounds__(256u, 3) wht__tc10_kernel(const wht__tc_pass p, uint16_t *x, unsigned ahead, unsigned pg)
{
  extern __shared__ uint4 wht__tc_smem[];
  wht__tc_strided_prefetch<WHT__TC10_R, 10>(p, x, ahead, pg); /* tensor_core_strided.cuh */
  wht__tc10_tile<M, false>(p, x, wht__tc_tile_base<false>(p, blockIdx.x), (uint32_t *)wht__tc_smem, 0, 0);
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

template <class M>
static wht_status wht__tc10_launch(const wht__tc_pass &p, uint16_t *x)
{
  const size_t smem = 65536;
  static size_t raised[WHT__MAX_DEVICES];
  const wht_status s = wht__rows_raise_smem((const void *)wht__tc10_kernel<M>, smem, raised); /* rows_reg.cuh */
  if (s != WHT_OK) return s;
  if (p.ntiles > 0x7fffffffu) return WHT_E_SIZE;
  unsigned pg;
  const unsigned ahead = wht__tc_strided_ahead(p, WHT__TC10_R, true, &pg); /* tensor_core_strided.cuh */
  wht__tc10_kernel<M><<<(unsigned)p.ntiles, 256u, smem>>>(p, x, ahead, pg);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
