/* tensor_core_strided.cuh - the tensor cores' strided passes of 8 row bits
 * (two 16-point stage groups) in registers: one shared-memory exchange
 * between the groups, no tile in shared memory (issue 16: single vectors
 * on tensor cores as fast as folklore's passes).
 *
 * The tile pass (tensor_core_tile.cuh, KIND 3) stages 2^15 elements
 * through shared memory around its W2 and ran 30 thread instructions an
 * element on an H200, bound by their issue (425 us for f16 2^28's last
 * pass, against folklore's register pass at 267 us, docs/PERFORMANCE.md).
 * Here a tile is 2^8 runs of 64 contiguous elements (128 bytes) per group
 * of 8 warps (G groups a block, the second the next 64 elements of each
 * run: runs of 64 G); the run index's bits 0-3 (row bits s0..s0+3: stage
 * group a) and 4-7 (s0+4..s0+7: group b), or filler row bits where the
 * row ends first (their k-index bits left out of the stage masks).
 *
 * Group a, in registers: warp w, lane 4g + t of a group loads 16 bytes
 * (elements 8g..8g+7) of the runs with index (2w + s) 16 + k, for k =
 * 2t, 2t+1, 2t+8, 2t+9 (s = 0, 1): per instruction four runs of 128
 * contiguous bytes. Two of its registers of runs 2t and 2t+1 give, by
 * one byte permute, the mma operand B[2t..2t+1][g] of the tile q whose
 * column n stands for element 8n + q: eight mma (q = 0..7) with A = the
 * stage's 16 x 16 matrix (wht__tc_afrag) transform the k-index, the run
 * bits 0-3. The result D[m][n] (m the run bits 0-3, rows g and g + 8;
 * columns 2t, 2t+1) is rounded to the format as in every tensor-core pass.
 * Group b needs the run bits 4-7 as k: the 8 warps exchange through
 * shared memory, 32-bit words holding the two runs 2j, 2j+1 (j = the run
 * bits 5-7) at one element (a byte permute of s = 0, 1), in an XOR-swizzled
 * order in which both the writes (lanes over m's bits 0-2 and n's top two)
 * and the reads (lanes over j's bits 0-1 and n) hit 32 distinct banks.
 * Warp w then takes run bits 0-3 = 2w + s', lane 4g + t the operand
 * B[2t..2t+1][g] = word (j = t, block pi(g) of 8 elements) and
 * B[2t+8..][g] = (j = t + 4), pi(g) = g / 2 + 4 (g mod 2), eight mma, and
 * its result (runs g, g + 8 in the bits 4-7, elements 8 pi(2t + h) + q,
 * the blocks t and t + 4) is, after byte permutes across q, two 16-byte
 * stores, each instruction's lane quad 64 contiguous bytes (whole 32-byte
 * sectors; with pi the identity two instructions wrote halves of each
 * sector: 27 M sectors written to L2 for f16 2^28's 16.8 M).
 *
 * The stage groups, their order and their rounding are those of the tile
 * pass and of the model (lib/tensor_core_model.c). A stage's 16 products
 * enter the mma in the run index's natural order (the tile pass's frames
 * permute it), so where the model is not exact the two may round
 * differently, both within its bound; where it is exact they equal it
 * (tests/test_tensor_core_gpu). Used for every strided pass of 8 bits
 * (tensor_core.cu), in the L2-blocked pair as two groups one after the
 * other on its tile of 2^15. On an H200 (docs/PERFORMANCE.md) f16 2^28's
 * last pass took 316 us against the tile pass's 425 (100 M warp
 * instructions against 251 M), the pair 519 us against 622 (118 M
 * against 297 M): 0.83 ms in all against 1.05 (3.21x a memcpy against
 * 4.07x); with the whole-sector stores (pi above) the pair 463 us and the
 * last pass 300: 0.754 ms (2.90x). Tried and slower: 4 blocks a
 * multiprocessor (64 registers, spilled), two groups a block, all eight
 * loads issued first; later
 * (docs/PERFORMANCE.md, "the tensor cores' last pass and its access
 * pattern"): a persistent kernel (direct loads, or the next tile's by
 * cp.async into shared memory), the tile b + 32 or + 128 asked of L2, a
 * group taking a run's two 128-byte halves in turn (plain, with the runs
 * asked of L2, or the second half by cp.async). The pass's access
 * pattern alone (tensor_core_bench --runs) takes as long as the pass.
 * The exchange in 16-byte words (q in the address's low bits, as the pass
 * of 10 bits has) was slower too: f16acc 2^28 0.741 against 0.720 ms,
 * 2^30 3.045 against 2.962; f32 accumulation the same or 1 % slower. */
#ifndef WHT_KERNELS_TENSOR_CORE_STRIDED_CUH
#define WHT_KERNELS_TENSOR_CORE_STRIDED_CUH

#include "tensor_core_tile.cuh"
/* the group's index formulas (wht__tc_xw, the exchange's word, and the
 * lanes' elements), which tests/test_tc8_layout.py checks on their values */
#include "tc_strided_layout.cuh"

__device__ __forceinline__ uint32_t wht__tc_word(const uint4 &v, unsigned i)
{
  return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w;
}

/* 16 bytes of device memory: plain, or as the L2-blocked pair's second
 * pass (L2P: through L2 only, with its eviction policy pol). As
 * wht__tc_ld8, without tile.cuh's wht__ld16's "memory" clobber, so that
 * the compiler may move the loads as it does the tile pass's. */
template <bool L2P>
__device__ __forceinline__ uint4 wht__tc_ld16(const uint16_t *p, uint64_t pol)
{
  if (!L2P) return *(const uint4 *)p;
  uint4 v;
  asm volatile("ld.global.cg.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p), "l"(pol));
  return v;
}

/* Group a of a register pass on one set of runs: the lane's 16-byte
 * vectors v[h][b] (k-index 2t + h + 8b, element q of each vector) as eight
 * mma, one per q, with the stage's fragment a. The first set's results
 * (second false) wait in d0; the second's pair with them into words whose
 * low halves are the first set's, put(q, r, hp, word) for the result rows
 * g + 8r and column 2t + hp. */
template <class M, class PUT>
__device__ __forceinline__ void wht__tc_loaded_group(const uint4 (&v)[2][2], const uint32_t a[4], bool second,
                                                     uint32_t (&d0)[8][2], const PUT &put)
{
#pragma unroll
  for (unsigned q = 0; q < 8; q++) {
    const unsigned sel = q & 1u ? 0x7632u : 0x5410u;
    const uint32_t b0 = __byte_perm(wht__tc_word(v[0][0], q >> 1), wht__tc_word(v[1][0], q >> 1), sel);
    const uint32_t b1 = __byte_perm(wht__tc_word(v[0][1], q >> 1), wht__tc_word(v[1][1], q >> 1), sel);
    if (!second) {
      M::stage(d0[q], a, b0, b1);
      continue;
    }
    uint32_t d1[2];
    M::stage(d1, a, b0, b1);
#pragma unroll
    for (unsigned r = 0; r < 2; r++)
#pragma unroll
      for (unsigned hp = 0; hp < 2; hp++) put(q, r, hp, __byte_perm(d0[q][r], d1[r], hp ? 0x7632u : 0x5410u));
  }
}

/* One group of 8 warps (warp w of it) on its 2^8 runs of 64 elements from
 * x + tb (runs 2^R elements apart in the tile's element order: tile bit
 * R + j of the run index j is p.stride[R + j] apart); sw: the group's
 * 32 KB of shared memory; a: the two stages' fragments. One barrier (all
 * of the block's threads), after which the group's shared reads follow:
 * a caller that reuses sw first needs another. */
template <class M, unsigned R, bool L2P>
__device__ __forceinline__ void wht__tc_rstrided_group(const wht__tc_pass &p, uint16_t *x, uint64_t tb, uint32_t *sw,
                                                       const uint32_t a[2][4], unsigned w, uint64_t lpol,
                                                       uint64_t spol)
{
  const unsigned lane = threadIdx.x & 31u, g = lane >> 2, t = lane & 3u;
  const uint64_t *st = p.stride + R; /* st[j]: the run index's bit j */
  /* loads: runs (2w + s) 16 + 2t + h + 8b, elements 8g..; stores: runs
   * (g + 8r) 16 + 2w + s, elements 8t.. and 32 + 8t.. (t, w, g: the
   * lane's part) */
  const uint64_t ol = wht__tc_rs_ol(tb, st, g, t, w), os = wht__tc_rs_os(tb, st, g, t, w);
  /* s = 0's results wait in d0 until s = 1's of the same q, whose words
   * (both s at one element) go to shared memory at once */
  uint32_t d0[8][2];
  /* the words' addresses: a lane's base and compile-time offsets (q, r
   * and b only move bits above the banks) */
  const unsigned xs[2] = { wht__tc_rs_xs(w, g, t, 0), wht__tc_rs_xs(w, g, t, 1) };
#pragma unroll
  for (unsigned s = 0; s < 2; s++) {
    uint4 v[2][2]; /* [h][b]: run k = 2t + h + 8b */
#pragma unroll
    for (unsigned h = 0; h < 2; h++)
#pragma unroll
      for (unsigned b = 0; b < 2; b++)
        v[h][b] = wht__tc_ld16<L2P>(wht__tc_rs_ld(x, ol, st, h, b, s), lpol);
    wht__tc_loaded_group<M>(v, a[0], s != 0, d0, [&](unsigned q, unsigned r, unsigned hp, uint32_t word) {
      sw[wht__tc_rs_put(xs[hp], q, r)] = word;
    });
  }
  __syncthreads();
#pragma unroll
  for (unsigned s = 0; s < 2; s++) {
    /* column g of B: the elements 8 pi(g) + q, pi(g) = g / 2 + 4 (g mod 2),
     * so that the lane's result columns 2t, 2t + 1 are the blocks t and
     * t + 4 of 8 elements, and each 16-byte store instruction of a lane
     * quad writes 64 contiguous bytes (whole 32-byte sectors) */
    const unsigned rl = 2u * w + s, xr = WHT__TC_RS_XR(t, rl, g); /* + q << 5, + b << 12 */
    uint32_t e[8][2];
#pragma unroll
    for (unsigned q = 0; q < 8; q++) M::stage(e[q], a[1], sw[wht__tc_rs_get(xr, q, 0)], sw[wht__tc_rs_get(xr, q, 1)]);
#pragma unroll
    for (unsigned r = 0; r < 2; r++) {
      uint16_t *o = wht__tc_rs_st(x, os, st, s, r);
      wht__tc_st16<L2P>(o, make_uint4(__byte_perm(e[0][r], e[1][r], 0x5410u), __byte_perm(e[2][r], e[3][r], 0x5410u),
                                      __byte_perm(e[4][r], e[5][r], 0x5410u), __byte_perm(e[6][r], e[7][r], 0x5410u)),
                        spol);
      wht__tc_st16<L2P>(o + 32, make_uint4(__byte_perm(e[0][r], e[1][r], 0x7632u), __byte_perm(e[2][r], e[3][r], 0x7632u),
                                          __byte_perm(e[4][r], e[5][r], 0x7632u), __byte_perm(e[6][r], e[7][r], 0x7632u)),
                        spol);
    }
  }
}

/* The strided register passes' look-ahead (issue 16: their runs of 64 and
 * 128 bytes cost the access pattern 1.2x a memcpy and more, runs of 512
 * bytes 1.05x; docs/PERFORMANCE.md): block b asks L2 for its share of
 * the runs of the 2^G tiles from t = b - b mod 2^G + ahead. Where the
 * tile index's low G bits are the row bits just above a run
 * (wht__tc_strided_ahead), those tiles' runs lie side by side, so each request
 * is one run of 2^(R+1+G) bytes, G chosen for 512. Tile bits R..R+L-1 are
 * the run bits (p.stride). A prefetch is a hint: L2 is where device memory
 * is coherent, and the results do not change. ahead 0: none. */
template <unsigned R, unsigned L>
__device__ __forceinline__ void wht__tc_strided_prefetch(const wht__tc_pass &p, const uint16_t *x, unsigned ahead,
                                                         unsigned G)
{
  const uint64_t b = blockIdx.x, t = ((b >> G) << G) + ahead;
  if (!ahead || t >= p.ntiles) return;
  const uint64_t tb = wht__tc_tile_base<false>(p, t);
  const unsigned per = (1u << L) >> G, j0 = (unsigned)(b & ((1u << G) - 1u)) * per;
  for (unsigned u = threadIdx.x; u < per; u += blockDim.x) {
    const unsigned j = j0 + u;
    uint64_t o = tb;
#pragma unroll
    for (unsigned i = 0; i < L; i++)
      if (j >> i & 1u) o += p.stride[R + i];
    wht__l2_prefetch(x + o, 2u << (R + G));
  }
}

/* The look-ahead of a pass with runs of 2^R elements: returns the tiles
 * ahead (WHT_TC_PF_STRIDED8 for the passes of 8 bits, default 0;
 * WHT_TC_PF_STRIDED10 for the pass of 10, default 8; read once), rounded
 * up to a multiple of 2^G, and sets *G, the low tile-index bits that are
 * the row bits R, R + 1, ... up to requests of 512 bytes; none where the
 * requests would be shorter. On an H200 (docs/PERFORMANCE.md) 8 tiles
 * ahead took the pass of 10 bits of f16 2^30 (runs of 64 bytes, requests
 * of 512) from 3.234 to 3.190 ms, 16 as much, 64 and 128 were slower; at
 * 2^29 (a filler bit above the run, requests of 64 bytes) it was 14 %
 * slower; the pass of 8 bits at 2^28 (requests of 512 bytes from runs of
 * 128) was as fast with 8..32 and slower with more. */
static unsigned wht__tc_strided_ahead(const wht__tc_pass &p, unsigned R, bool ten, unsigned *G)
{
  static unsigned v[2] = { ~0u, ~0u };
  if (v[ten] == ~0u)
    v[ten] = wht__rows_env(ten ? "WHT_TC_PF_STRIDED10" : "WHT_TC_PF_STRIDED8", ten ? 8 : 0); /* rows_reg.cuh */
  unsigned g = 0;
  while (R + 1 + g < 9 && g < p.nrest && p.rest[g] == R + g) g++;
  *G = g;
  if (R + 1 + g < 9) return 0;
  return (v[ten] + (1u << g) - 1u) >> g << g;
}

/* A tile a block: G groups of 8 warps, group j on the run elements 64 j..;
 * at least B blocks a multiprocessor */
template <class M, unsigned G, unsigned B>
__global__ void __launch_bounds__(256u * G, B)
wht__tc_rstrided_kernel(const wht__tc_pass p, uint16_t *x, unsigned ahead, unsigned pg)
{
  extern __shared__ uint4 wht__tc_smem[];
  wht__tc_strided_prefetch<G == 2 ? 7u : 6u, 8>(p, x, ahead, pg);
  const unsigned grp = threadIdx.x >> 8;
  uint32_t a[2][4];
  wht__tc_afrag<M>(a[0], p.masks & 15u);
  wht__tc_afrag<M>(a[1], p.masks >> 4 & 15u);
  wht__tc_rstrided_group<M, G == 2 ? 7u : 6u, false>(p, x, wht__tc_tile_base<false>(p, blockIdx.x) + 64u * grp,
                                                     (uint32_t *)wht__tc_smem + 8192u * grp, a, threadIdx.x >> 5 & 7u,
                                                     0, 0);
}

/* The pass over row bits [s0, s0 + 8) of `batch` rows of 2^k (k >= 16, s0
 * a multiple of 4 and at least 12) for the kernel above with runs of 2^R:
 * tile bits 0..R-1 the run's elements, R + j the run index's bit j (row
 * bit s0 + j, or the lowest free row bit from R where s0 + j >= k) */
static void wht__tc_rstrided(wht__tc_pass *p, unsigned k, uint64_t batch, unsigned s0, unsigned R)
{
  const unsigned L = k - s0 < 8 ? k - s0 : 8, slot[8] = { R, R + 1, R + 2, R + 3, R + 4, R + 5, R + 6, R + 7 };
  int rb[WHT__TC_TILE_LOG2];
  wht__tc_strided_tile(p, rb, k, batch, s0, R, slot, 8); /* tensor_core_tile.cuh */
  const unsigned la = L < 4 ? L : 4, lb = L > 4 ? L - 4 : 0;
  p->masks = ((1u << la) - 1u) | ((1u << lb) - 1u) << 4;
}

/* WHT_TC_REG_STRIDED (read once): 0 the tile pass; 1 one group a block
 * (default), 2 two groups. WHT_TC_REG_PAIR (read once): 0 keeps the
 * tile pass as the L2-blocked pair's second pass (tensor_core.cu), else
 * (default) these groups, two one after the other a tile of 2^15 */
static unsigned wht__tc_reg_strided(void)
{
  static unsigned v = ~0u;
  if (v == ~0u) {
    const unsigned r = wht__rows_env("WHT_TC_REG_STRIDED", 1); /* rows_reg.cuh */
    v = r <= 2 ? r : 1;
  }
  return v;
}

static bool wht__tc_reg_pair(void)
{
  static unsigned v = ~0u;
  if (v == ~0u) v = wht__rows_env("WHT_TC_REG_PAIR", 1) != 0;
  return v != 0;
}

/* The pass of p (wht__tc_rstrided) with v = 1 or 2 groups a block: at
 * least 3 blocks of one group a multiprocessor (80 registers: at 4 blocks,
 * 64 registers and 12 bytes spilled, f16 2^28's strided pass took 346 us
 * against 319 on an H200), 2 of two */
template <class M>
static wht_status wht__tc_launch_rstrided(const wht__tc_pass &p, uint16_t *x, unsigned v)
{
  typedef void (*kern)(const wht__tc_pass, uint16_t *, unsigned, unsigned);
  static const kern by[2] = { wht__tc_rstrided_kernel<M, 1, 3>, wht__tc_rstrided_kernel<M, 2, 2> };
  const unsigned G = v == 2 ? 2 : 1;
  const int smem = (int)(32768u * G);
  static int ready[2][WHT__MAX_DEVICES]; /* per device: as wht__tc_launch_tile */
  const int dev = wht__gpu_current_device();
  if (smem > 48 * 1024 && (dev < 0 || !ready[v - 1][dev])) {
    if (cudaFuncSetAttribute((const void *)by[v - 1], cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess) {
      cudaGetLastError();
      return WHT_E_CUDA;
    }
    if (dev >= 0) ready[v - 1][dev] = 1;
  }
  if (p.ntiles > 0x7fffffffu) return WHT_E_SIZE;
  unsigned pg;
  const unsigned ahead = wht__tc_strided_ahead(p, G == 2 ? 7u : 6u, false, &pg);
  by[v - 1]<<<(unsigned)p.ntiles, 256u * G, smem>>>(p, x, ahead, pg);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
