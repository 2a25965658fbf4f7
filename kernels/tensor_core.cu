/* tensor_core.cu - the tensor-core FWHT (HadaCore class, DESIGN.md section 4)
 * for f16 and bf16 with f32 accumulation (`tensor-core`) and for f16 with
 * f16 accumulation (`tensor-core-f16acc`): the passes over device memory and
 * the registry's GPU tables. Numerics: lib/tensor_core_model.c.
 *
 * Passes (DESIGN.md section 5; tiles of 2^15 elements, tensor_core_tile.cuh):
 *   k = 0:      nothing to do;
 *   k <= 15:    the register kernels, one read and one write: a warp per
 *               1024 elements to k = 10 (no shared memory), above that the
 *               8 warps of a block per 2^max(k, 13) elements (two units
 *               a warp for k = 14, four for k = 15, the results restaged)
 *               with one exchange through shared memory (rows of 2^15
 *               copied in by the bulk-copy engine, tensor_core_bulk.cuh;
 *               with WHT_TC_SMALL_KMAX=14 they take one natural pass of
 *               tiles instead);
 *   k >= 16:    a natural pass for bits 0-11 (the register kernel of rows
 *               of 2^12; bits 0-12, rows of 2^13, where the one-bit stage
 *               is bit 12: k >= 29 with k mod 4 = 1, wht__tc_short12,
 *               lib/tensor_core_model.c), then strided passes of 8 bits (two stage groups;
 *               in registers, 128-byte runs, tensor_core_strided.cuh, or
 *               tiles of 256-byte runs), or of 12 bits (tiles of three
 *               groups, 16-byte runs: fewer passes, but measured far slower
 *               per pass on an H200); 1 + ceil((k - 12) / bits) passes.
 *               With 8-bit strides and at least 2^26 elements the first
 *               two passes (bits 0-19) run as an L2-blocked pair
 *               (pass_run.cuh's wht__fused_loop) in chunks of 2^20
 *               elements (WHT_TC_L2_CHUNK), so that the second reads from
 *               L2 what the first wrote: for k <= 20 the whole transform,
 *               after it strided passes of 8 bits from bit 20 (with the
 *               one-bit stage at 12: bits 0-20 in chunks of 2^21, on an
 *               H200 2^29 2-4 % faster than with a last pass of 9 bits).
 *               Where 9 or 10 row bits remain for the last strided pass,
 *               one pass of three groups (tensor_core_strided10.cuh, runs
 *               of 64 bytes) takes them: 2^30 in two passes over
 *               device memory, not three (WHT_TC_STRIDED10); rows of
 *               2^21, 2^22 in the pair itself (WHT_TC_PAIR10).
 *               wht__tc_pass_count counts the passes as planned here.
 * Stage groups never straddle a pass. Launches are asynchronous, like any
 * kernel; errors of a running kernel surface at the next synchronization. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include "tensor_core_tile.cuh"
#include "pass_run.cuh"
extern "C" {
#include "algorithms.h"
#include "tensor_core_model.h" /* wht__tc_short12 */
}
#include "gpu_util.h"
#include "tensor_core_strided.cuh"
#include "tensor_core_strided10.cuh"
#include "tensor_core_bulk.cuh"

/* Natural tiles: first W2 straight from device memory (1) or staged
 * through shared memory (0, faster on an H200); row bits per strided pass
 * (8 or 12). Settable for benchmark comparisons. */
static int wht__tc_direct = 0;
static unsigned wht__tc_bits_v = 0; /* 0: not yet chosen */
extern "C" void wht__tc_set_direct(int on) { wht__tc_direct = on != 0; }
extern "C" void wht__tc_set_strided_bits(unsigned bits) { wht__tc_bits_v = bits == 12 ? 12 : 8; }
/* 8 unless set above or by WHT_TC_STRIDED_BITS=12 (read once, for
 * wht-bench comparisons) */
static unsigned wht__tc_strided_bits(void)
{
  if (!wht__tc_bits_v) wht__tc_bits_v = wht__env_uint("WHT_TC_STRIDED_BITS", 8) == 12 ? 12 : 8; /* wht_env.h */
  return wht__tc_bits_v;
}

/* The register kernels' reach: rows of up to 2^15, or WHT_TC_SMALL_KMAX =
 * 8, 10, 12, 13 or 14 (read once) for comparisons with the tiles in one
 * build. Rows of 2^13..2^15 by a block with two exchanges (commit a210f42)
 * lost to the tile on an H100; with one exchange (stage 3 in the exchanged
 * unit's b stage) rows of 2^13, 2^14 beat it. Rows of 2^15 on a block of
 * 1024 threads and 64 KB, alone on its multiprocessor, took 1.69x the
 * add-one kernel against the tile's 1.04x there; on 8 warps of four units
 * each, restaged, 1.04-1.06x on an H200 against the tile's 1.17-1.18x
 * (docs/PERFORMANCE.md). */
static unsigned wht__tc_reg_kmax(void)
{
  static unsigned v = 0;
  if (!v) {
    const unsigned r = wht__env_uint("WHT_TC_SMALL_KMAX", 15); /* wht_env.h: 8, 10, 12..15 */
    v = r == 8 || r == 10 || (r >= 12 && r <= 15) ? r : 15;
  }
  return v;
}

/* Whether the register kernels take their unchecked path for whole units
 * and blocks (tensor_core_tile.cuh): WHT_TC_FULL=0 (read once) sends every
 * unit through the bounds-checked loads and stores, for comparisons. */
static bool wht__tc_full(void)
{
  static int v = -1;
  if (v < 0) v = wht__env_uint("WHT_TC_FULL", 1) != 0; /* wht_env.h */
  return v != 0;
}

/* Whether rows of 2^14 and 2^15 run on 8 warps of two or four units each
 * with their results stored from shared memory (wht__tc_x12_step_in's UW,
 * RS; on an H200 1.00-1.01x and 1.04-1.06x the add-one kernel against
 * 1.04-1.08x and, on 32 warps, 2.1x, docs/PERFORMANCE.md):
 * WHT_TC_X_RESTAGE=0 (read once) keeps a warp a unit and the exchanged
 * frame's 8-byte stores, for comparisons. */
static bool wht__tc_x_restaged(void)
{
  static unsigned v = ~0u;
  if (v == ~0u) v = wht__rows_env("WHT_TC_X_RESTAGE", 1) != 0; /* rows_reg.cuh */
  return v != 0;
}

/* Whether the L2-blocked pair's first pass (four steps of the exchange
 * kernel of rows of 2^12) runs stage 2 without the identity stage that
 * completes its pair (wht__tc_w1): WHT_TC_W1=0 (read once) keeps the
 * identity, for comparisons; only with the unchecked path (WHT_TC_FULL). */
static bool wht__tc_w1_on(void)
{
  static int v = -1;
  if (v < 0) v = wht__tc_full() && wht__env_uint("WHT_TC_W1", 1) != 0; /* wht_env.h */
  return v != 0;
}

/* log2 of the elements of an L2-blocked pair's chunk: WHT_TC_L2_CHUNK
 * (read once; 0: no pairs; at least 20, the pair's bits), default 20
 * (2 MiB: 2^28 f16 took 1.147 ms, 2^21 1.155, 2^22 1.169, 2^23 1.180 on an
 * H100, docs/PERFORMANCE.md). */
static unsigned wht__tc_l2_chunk(void)
{
  static int v = -1;
  if (v < 0) {
    const unsigned r = wht__env_uint("WHT_TC_L2_CHUNK", 20); /* wht_env.h: 0 or 20..30 */
    v = r == 0 ? 0 : r < 20 ? 20 : r > 30 ? 30 : (int)r;
  }
  return (unsigned)v;
}

/* Whether rows of 2^k, batch of them, run bits 0-19 as an L2-blocked pair:
 * 8-bit strides and the register first pass, at least 2^26 elements in
 * all (WHT_TC_L2_MIN=m: 2^m; below 2^26 the persistent pair lost to the
 * two launches on an H100), and a chunk count the pair's counters hold
 * (pass_plan.h). */
static bool wht__tc_fused(unsigned k, uint64_t batch)
{
  static int min_log2 = -1;
  if (min_log2 < 0) {
    const unsigned m = wht__env_uint("WHT_TC_L2_MIN", 26); /* wht_env.h: 0..40 */
    min_log2 = m > 40 ? 40 : (int)m;
  }
  const unsigned C = wht__tc_l2_chunk();
  if (k < 16 || !C || wht__tc_strided_bits() != 8 || wht__tc_direct || wht__tc_reg_kmax() < 12) return false;
  /* the one-bit stage at bit 12 (lib/tensor_core_model.c): a first pass of
   * rows of 2^13 in the pair, with the register groups only */
  if (wht__tc_short12(k) && !(wht__tc_reg_strided() && wht__tc_reg_pair())) return false;
  const uint64_t N = batch << k;
  if (N < ((uint64_t)1 << min_log2)) return false;
  return ((N + ((uint64_t)1 << C) - 1) >> C) <= WHT__L2_MAX_CHUNKS && (N >> WHT__TC_TILE_LOG2) < ((uint64_t)1 << 30);
}

/* The row bits of an L2-blocked pair's second pass for rows of 2^k: 8
 * (the register groups, row bits 12-19), or for k = 21, 22 the pass of 10
 * bits (tensor_core_strided10.cuh: row bits 12..k-1, in chunks of at
 * least 2^22 elements), so that such rows take one pass over device
 * memory: on an H200 f16 rows of 2^21 over 2^28 elements 2.54-2.56x a
 * memcpy against 2.77-2.78x for the pair and a last pass of 1-2 bits,
 * 2^22 2.60-2.63x against 2.79x, and with the pass's 16-byte exchange
 * words 2.09-2.11x and 2.15-2.17x (docs/PERFORMANCE.md). WHT_TC_PAIR10
 * (read once): 1 (default) so, 0 the 8-bit pair. Not for longer rows: the model's stage
 * group [20, 24) would straddle the pair and the next pass
 * (lib/tensor_core_model.c: groups [4j, 4j + 4)). */
static unsigned wht__tc_pair_bits(unsigned k)
{
  static unsigned v = ~0u;
  if (v == ~0u) v = wht__rows_env("WHT_TC_PAIR10", 1) == 1; /* rows_reg.cuh */
  if (!v || (k != 21 && k != 22) || wht__tc_short12(k) || !wht__tc_reg_strided() || !wht__tc_reg_pair()) return 8;
  return k - 12;
}

/* The row bits of the first pass of rows of 2^k > 2^15: 12, or 13 where
 * the one-bit stage is bit 12 (lib/tensor_core_model.c) */
static unsigned wht__tc_first_bits(unsigned k) { return 12 + wht__tc_short12(k); }

/* Passes over device memory (an L2-blocked pair counting one). */
extern "C" unsigned wht__tc_pass_count(unsigned k, uint64_t batch)
{
  const unsigned b = wht__tc_strided_bits();
  if (k == 0) return 0;
  if (k <= 15) return 1;
  const unsigned s0 = wht__tc_first_bits(k) + (wht__tc_fused(k, batch) ? wht__tc_pair_bits(k) : 0);
  /* strided passes of b bits as wht__tc_run_aligned takes them, the last
   * of up to 10 bits where tensor_core_strided10.cuh's pass takes it */
  unsigned n = 1;
  for (unsigned s = s0; s < k; s += b, n++)
    if (b == 8 && wht__tc_reg_strided() && wht__tc10_takes(k - s)) return n + 1;
  return n;
}

/* rb[i]: the row bit that tile bit i stands for, -1 for a row-index bit.
 * The k-index mask of a stage over group [lo, hi) in frame order `bits`. */
static unsigned wht__tc_mask(const int rb[], const unsigned bits[4], unsigned lo, unsigned hi)
{
  unsigned m = 0;
  for (unsigned j = 0; j < 4; j++) {
    const int r = rb[bits[j]];
    if (r >= 0 && (unsigned)r >= lo && (unsigned)r < hi) m |= 1u << j;
  }
  return m;
}

/* Masks of the two stages of frame F (nibbles `at`, at + 1) for groups
 * [lo, lo + 4) and [lo + 4, lo + 8), both cut at hi. */
template <class F>
static unsigned wht__tc_frame_masks(const int rb[], unsigned lo, unsigned hi, unsigned at)
{
  const unsigned ka[4] = { F::h, F::t0, F::t1, F::b }, kb[4] = { F::g0, F::g1, F::g2, F::s };
  const unsigned a = wht__tc_mask(rb, ka, lo, lo + 4 < hi ? lo + 4 : hi);
  const unsigned b = wht__tc_mask(rb, kb, lo + 4, lo + 8 < hi ? lo + 8 : hi);
  return (a | b << 4) << (4 * at);
}

template <class M, int KIND>
static wht_status wht__tc_launch_tile(const wht__tc_pass &p, uint16_t *x)
{
  const int smem = (int)(sizeof(uint16_t) << WHT__TC_TILE_LOG2);
  /* per instantiation and device (the limit belongs to the device's
   * context): the shared-memory limit is raised */
  static int ready[WHT__MAX_DEVICES];
  const int dev = wht__gpu_current_device();
  if (dev < 0 || !ready[dev]) {
    if (cudaFuncSetAttribute((const void *)wht__tc_tile_kernel<M, KIND>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess ||
        cudaFuncSetAttribute((const void *)wht__tc_tile_kernel<M, KIND>,
                             cudaFuncAttributePreferredSharedMemoryCarveout,
                             cudaSharedmemCarveoutMaxShared) != cudaSuccess) {
      cudaGetLastError(); /* not sticky: leave no error for a later launch check */
      return WHT_E_CUDA;
    }
    if (dev >= 0) ready[dev] = 1;
  }
  const uint64_t grid = p.ntiles < 0x7fffffffu ? p.ntiles : 0x7fffffffu;
  wht__tc_tile_kernel<M, KIND><<<(unsigned)grid, WHT__TC_THREADS, smem>>>(p, x);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* Pieces in which rows of 2^15 are copied in by the bulk-copy engine
 * (tensor_core_bulk.cuh), 0 where the exchange kernel loads them itself:
 * WHT_TC_X15_BULK = 0, 1 or 4 (read once, wht_env.h), by default 4;
 * 0 with WHT_TC_FULL=0 (its rows are whole), on devices below compute
 * capability 9 and in builds whose code for the device is not sm_90's
 * (per device). It takes the restaged step whatever WHT_TC_X_RESTAGE says. */
static unsigned wht__tc_bulk_pieces(int dev)
{
  static unsigned v = ~0u;
  static int ok[WHT__MAX_DEVICES]; /* 0 unknown, 1 yes, 2 no */
  if (v == ~0u) {
    const unsigned r = wht__rows_env("WHT_TC_X15_BULK", 4); /* rows_reg.cuh */
    v = r == 1 || r == 4 ? r : 0;
  }
  if (!v || !wht__tc_full() || dev < 0 || dev >= WHT__MAX_DEVICES) return 0;
  if (!ok[dev]) {
    /* the device, and the code it runs: a build for an older arch runs
     * its PTX on this device, where the bulk copy compiled to nothing */
    int major = 0;
    cudaFuncAttributes fa;
    ok[dev] = cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev) == cudaSuccess && major >= 9 &&
                  cudaFuncGetAttributes(&fa, (const void *)wht__tc_bulk_kernel<wht__tc_f16, 4>) == cudaSuccess &&
                  fa.ptxVersion >= 90
                ? 1
                : 2;
    cudaGetLastError();
  }
  return ok[dev] == 1 ? v : 0;
}

/* Tiles ahead that the exchange kernel of rows of 2^K asks L2 for:
 * WHT_TC_PF_AHEAD (read once; 0: none), else 128, 8 for K = 15 (on an
 * H200, rows of 2^11..2^13 took 1.08x the add-one kernel without, 1.04x
 * at 16 or 32 tiles ahead, 1.02x at 64, 1.00-1.01x at 96 and 128; 2^14
 * (16 warps) 1.19x, 1.14x, 1.12x, 1.08x, 1.05-1.06x; 2^15 (8 warps of
 * four units) 1.05-1.06x without, 1.04-1.06x at 4..16, 1.09-1.10x at 64,
 * 1.22-1.23x at 128; docs/PERFORMANCE.md. The natural tiles, rows of
 * 2^15, asking 128 ahead lost: 1.31x -> 1.37-1.38x); 32 for rows of 2^15
 * copied in by the bulk-copy engine (1.02x against 1.02-1.03x at 8, 1.06x
 * without) */
static unsigned wht__tc_pf_ahead(unsigned K)
{
  static unsigned v = ~0u;
  if (v == ~0u) v = wht__rows_env("WHT_TC_PF_AHEAD", ~1u); /* rows_reg.cuh */
  return v != ~1u ? v : K == 15 ? (wht__tc_bulk_pieces(wht__gpu_current_device()) ? 32 : 8) : 128;
}

/* The grid of the bulk-copy rows' kernel capped at WHT_TC_X15_GRID
 * blocks (read once; 0, the default: no cap). For the tests: with fewer
 * blocks than rows every block runs its loop over further rows and its
 * mbarriers' later phases, which the default grids do not reach on a
 * few hundred rows. */
static unsigned wht__tc_bulk_grid(uint64_t want)
{
  static unsigned cap = ~0u;
  if (cap == ~0u) cap = wht__rows_env("WHT_TC_X15_GRID", 0); /* rows_reg.cuh */
  if (want > (1u << 24)) want = 1u << 24;
  return (unsigned)(cap && cap < want ? cap : want);
}

/* rows of 2^15 (N a multiple) copied in in ch pieces: a block a row */
template <class M>
static wht_status wht__tc_launch_bulk(uint16_t *x, uint64_t N, unsigned masks, unsigned ch, int dev)
{
  typedef void (*kern)(uint16_t *, uint64_t, unsigned, unsigned);
  static const kern ks[2] = { wht__tc_bulk_kernel<M, 1>, wht__tc_bulk_kernel<M, 4> };
  static const size_t smem[2] = { wht__tc_bulk_smem<1>(), wht__tc_bulk_smem<4>() };
  static int ready[2][WHT__MAX_DEVICES];
  const unsigned i = ch == 4;
  if (!ready[i][dev]) {
    if (cudaFuncSetAttribute((const void *)ks[i], cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem[i]) !=
        cudaSuccess) {
      cudaGetLastError();
      return WHT_E_CUDA;
    }
    ready[i][dev] = 1;
  }
  ks[i]<<<wht__tc_bulk_grid(N >> 15), 256, smem[i]>>>(x, N >> 15, masks, wht__tc_pf_ahead(15));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* The exchange kernel of rows of 2^11..2^K (K = 12..15; 2^(K-10) warps a
 * block, 2^K elements of shared memory, at least 2^13). masks: stages 0, 1
 * and 2, and for K >= 13 stage 3 (nibble 3: an identity b stage below). */
template <class M, unsigned K>
static wht_status wht__tc_launch_x(uint16_t *x, uint64_t N, unsigned masks)
{
  if constexpr (K == 15) {
    const int dev = wht__gpu_current_device();
    if (const unsigned ch = wht__tc_bulk_pieces(dev)) return wht__tc_launch_bulk<M>(x, N, masks, ch, dev);
  }
  constexpr unsigned L = wht__tc_x_log2<K>();
  const int smem = (int)(sizeof(uint16_t) << L);
  constexpr unsigned UW = wht__tc_x_units<K>();
  const bool rs = UW > 1 && wht__tc_full() && wht__tc_x_restaged();
  void (*kern)(uint16_t *, uint64_t, unsigned, unsigned) = !wht__tc_full() ? wht__tc_x12_kernel<M, K, false>
                                                           : rs            ? wht__tc_x12_kernel<M, K, true, (UW > 1), UW>
                                                                           : wht__tc_x12_kernel<M, K, true>;
  if (smem > 48 * 1024) {
    static int ready[WHT__MAX_DEVICES]; /* per device: as wht__tc_launch_tile */
    const int dev = wht__gpu_current_device();
    if (dev < 0 || !ready[dev]) {
      if (cudaFuncSetAttribute((const void *)kern, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess) {
        cudaGetLastError();
        return WHT_E_CUDA;
      }
      if (dev >= 0) ready[dev] = 1;
    }
  }
  const uint64_t tiles = (N + (1u << L) - 1) >> L;
  const unsigned grid = (unsigned)(tiles < (1u << 24) ? tiles : (1u << 24));
  kern<<<grid, (32u << (L - 10)) / (rs ? UW : 1), smem>>>(x, N, masks, wht__tc_pf_ahead(K));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* The stage masks of the exchange kernel on rows of 2^k (k = 11..15):
 * stages 0, 1, then its exchanged frame's stage 2 (nibble 2) and 3
 * (nibble 3, the b stage: an identity for k <= 12) */
static unsigned wht__tc_x_masks(const int rb[], unsigned k)
{
  static unsigned (*const masks[4])(const int[], unsigned, unsigned, unsigned) = {
    wht__tc_frame_masks<wht__tc_fx12>, wht__tc_frame_masks<wht__tc_fx13>, wht__tc_frame_masks<wht__tc_fx14>,
    wht__tc_frame_masks<wht__tc_fx15>
  };
  const unsigned j = k <= 12 ? 0 : k - 12;
  return wht__tc_frame_masks<wht__tc_f1nat>(rb, 0, k, 0) | (masks[j](rb, 8, k, 2) & (j ? 0xff00u : 0xf00u));
}

/* Rows of up to 2^15 without the tile (tensor_core_tile.cuh): a warp per
 * unit of 1024 elements to k = 10; for 2^11..2^15 the warps of a block
 * per 2^max(k, 13) elements with one exchange through shared memory. */
template <class M>
static wht_status wht__tc_run_registers(uint16_t *x, uint64_t N, unsigned k, const int rb[])
{
  const unsigned m01 = wht__tc_frame_masks<wht__tc_f1nat>(rb, 0, k, 0);
  if (k <= 10) {
    /* a block covers 8192 elements per step */
    const uint64_t tiles = (N + 8191) >> 13;
    const unsigned grid = (unsigned)(tiles < (1u << 24) ? tiles : (1u << 24));
    /* rows of up to 2^8 keep the checked loop (the unchecked one took 1 %
     * longer on an H200, docs/PERFORMANCE.md) */
    void (*kern)(uint16_t *, uint64_t, unsigned, unsigned) = k <= 8 ? wht__tc_small_kernel<M, false, false>
                                                   : wht__tc_full() ? wht__tc_small_kernel<M, true, true>
                                                                    : wht__tc_small_kernel<M, true, false>;
    kern<<<grid, WHT__TC_THREADS>>>(x, N, m01 | wht__tc_frame_masks<wht__tc_f3nat>(rb, 8, k, 2), wht__tc_pf_ahead(k));
    return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
  }
  /* by K - 12: the kernel */
  static wht_status (*const launch[4])(uint16_t *, uint64_t, unsigned) = {
    wht__tc_launch_x<M, 12>, wht__tc_launch_x<M, 13>, wht__tc_launch_x<M, 14>, wht__tc_launch_x<M, 15>
  };
  return launch[k <= 12 ? 0 : k - 12](x, N, wht__tc_x_masks(rb, k));
}

/* The strided pass over row bits [s0, s0 + bits) of `batch` rows of 2^k
 * (k >= 16): tile slot j (j < bits) holds row bit s0 + j, or a filler row
 * bit where s0 + j >= k; runs are the row bits below R. Fills p (N and n
 * set by the caller) and returns the tile kind (2: 12 bits, 3: 8). */
static int wht__tc_strided(wht__tc_pass *p, unsigned k, uint64_t batch, unsigned s0, unsigned bits)
{
  static const unsigned slots12[12] = { 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 };
  static const unsigned slots8[8] = { 7, 8, 10, 11, 12, 13, 14, 9 }; /* wht__tc_f1run */
  int rb[WHT__TC_TILE_LOG2];
  wht__tc_strided_tile(p, rb, k, batch, s0, WHT__TC_TILE_LOG2 - bits, bits == 12 ? slots12 : slots8, bits);
  const unsigned hi = s0 + bits < k ? s0 + bits : k;
  if (bits == 12) {
    /* the second W2's b stage is an identity on already transformed bits */
    p->masks = wht__tc_frame_masks<wht__tc_f1str>(rb, s0, hi, 0) | wht__tc_frame_masks<wht__tc_f2str>(rb, s0 + 8, hi, 2);
    return 2;
  }
  p->masks = wht__tc_frame_masks<wht__tc_f1run>(rb, s0, hi, 0);
  return 3;
}

/* The L2-blocked pair of rows of 2^k >= 2^16 (wht__tc_fused): ticket b of
 * the first pass is the 2^15 elements at b << 15 as four steps of the
 * register kernel of rows of 2^12 (masks0), of the second pass tile b of
 * p1 (row bits 12..19, runs of 128; SK = 2: row bits 12..k-1 for k = 21,
 * 22, runs of 32, wht__tc_pair_bits). A chunk of 2^C elements holds
 * 2^(C-15) consecutive tiles of either pass (the tile order of
 * wht__tc_strided_tile: the row bits from 7 (SK = 2: 5) to 11 that no run
 * bit takes vary first, then the bits above the pass's, then rows), so
 * that the ticket queue's chunk
 * counts order them. SK: the second pass's kind, 0 the tile pass, 1 the
 * register groups, 2 the pass of 10 bits. Both passes
 * load through L2 only (wht__tc_ld8, wht__tc_copy). Tried and slower on an
 * H100: the first pass as a natural tile (docs/PERFORMANCE.md). */
template <class M, bool W1, unsigned SK, unsigned K>
__global__ void __launch_bounds__(WHT__TC_THREADS, 3)
wht__tc_fused_kernel(const wht__pass q, const wht__tc_pass p1, const unsigned masks0, const unsigned lag,
                     const unsigned hints, uint16_t *x)
{
  extern __shared__ uint4 wht__tc_smem[];
  uint16_t *sm = (uint16_t *)wht__tc_smem;
  wht__fused_loop(q, lag, hints, [&](bool second, uint64_t b, uint64_t, uint64_t) {
    /* the loop's policies, made again per ticket: kept live across the
     * loop they cost registers */
    uint64_t lpol, spol;
    wht__l2_pair_policies(hints, second, &lpol, &spol);
    uint32_t a[4][4];
    if (second && SK == 2) {
      /* the pass of 10 bits (tensor_core_strided10.cuh): row bits 12-21 */
      wht__tc10_tile<M, true>(p1, x, wht__tc_tile_base<false>(p1, b), (uint32_t *)wht__tc_smem, lpol, spol);
    } else if (second && SK == 1) {
      /* the register groups (tensor_core_strided.cuh), one after the other */
      wht__tc_afrag<M>(a[0], p1.masks & 15u);
      wht__tc_afrag<M>(a[1], p1.masks >> 4 & 15u);
      const uint64_t tb = wht__tc_tile_base<false>(p1, b);
#pragma unroll 1
      for (unsigned grp = 0; grp < 2; grp++)
        wht__tc_rstrided_group<M, 7, true>(p1, x, tb + 64u * grp, (uint32_t *)wht__tc_smem + 8192u * grp, a,
                                           threadIdx.x >> 5, lpol, spol);
    } else if (second) {
#pragma unroll
      for (unsigned j = 0; j < 2; j++) wht__tc_afrag<M>(a[j], p1.masks >> 4 * j & 15u);
      wht__tc_tile_step<M, 3, true>(p1, x, b, sm, a, lpol, spol);
    } else {
      /* four steps of the exchange kernel of rows of 2^K (K = 12, 13: 2^13
       * elements, the block's 8 warps) */
#pragma unroll
      for (unsigned j = 0; j < 4; j++) wht__tc_afrag<M>(a[j], masks0 >> 4 * j & 15u);
#pragma unroll 1
      for (unsigned s = 0; s < 4; s++)
        wht__tc_x12_step<M, true, K, true, W1>(x, (b << WHT__TC_TILE_LOG2) + (s << 13), p1.N, (uint2 *)sm, a, lpol, spol);
    }
  });
}

/* sk: the second pass's kind (0 tiles, 1 register groups, 2 the pass of
 * 10 bits, whose chunks hold at least 2^22 elements); r12 = 1: the first
 * pass on rows of 2^13 (with the register groups, bits 13..20: chunks of
 * at least 2^21) */
template <class M>
static wht_status wht__tc_launch_fused(uint16_t *x, const wht__tc_pass &p1, unsigned masks0, unsigned sk,
                                       unsigned r12)
{
  static wht__fused_cache cache[4];
  const unsigned cmin = sk == 2 ? 22 : 20 + r12, C = wht__tc_l2_chunk() < cmin ? cmin : wht__tc_l2_chunk();
  wht__pass q;
  memset(&q, 0, sizeof q);
  q.N = p1.N;
  q.ntiles = p1.N >> WHT__TC_TILE_LOG2;
  q.fuse = 1;
  q.fuse_chunk_tiles_log2 = C - WHT__TC_TILE_LOG2;
  const size_t smem = sizeof(uint16_t) << WHT__TC_TILE_LOG2;
  unsigned grid, lag;
  typedef void (*kern_t)(const wht__pass, const wht__tc_pass, unsigned, unsigned, unsigned, uint16_t *);
  static const kern_t by[2][3] = {
    { wht__tc_fused_kernel<M, false, 0, 12>, wht__tc_fused_kernel<M, false, 1, 12>,
      wht__tc_fused_kernel<M, false, 2, 12> },
    { wht__tc_fused_kernel<M, true, 0, 12>, wht__tc_fused_kernel<M, true, 1, 12>, wht__tc_fused_kernel<M, true, 2, 12> }
  };
  const kern_t kern = r12 ? wht__tc_fused_kernel<M, false, 1, 13> : by[wht__tc_w1_on()][sk];
  const unsigned ci = r12 ? 3 : sk;
  /* a lag of two thirds of the resident blocks beyond a chunk (pass_run.cuh) */
  const wht_status s = wht__fused_shape((const void *)kern, smem, q, &cache[ci], &grid, &lag, WHT__TC_THREADS, 2);
  if (s != WHT_OK) return s;
  kern<<<grid, WHT__TC_THREADS, smem>>>(q, p1, masks0, lag, wht__l2_hints(), x);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* The transform on a 16-byte aligned device pointer. */
template <class M>
static wht_status wht__tc_run_aligned(uint16_t *x, uint64_t n, unsigned k, uint64_t batch)
{
  const uint64_t N = n * batch;
  int rb[WHT__TC_TILE_LOG2];
  for (unsigned i = 0; i < WHT__TC_TILE_LOG2; i++) rb[i] = i < k ? (int)i : -1;
  if (k <= wht__tc_reg_kmax()) return wht__tc_run_registers<M>(x, N, k, rb);
  wht__tc_pass p;
  memset(&p, 0, sizeof p);
  p.N = N;
  p.n = n;
  const unsigned bits = wht__tc_strided_bits();
  /* the natural pass: stage groups inside [0, s0) */
  unsigned s0 = k <= 15 ? k : wht__tc_first_bits(k);
  wht_status st;
  if (wht__tc_fused(k, batch)) {
    /* bits 0..s0-1 as the register kernel's rows of 2^s0 (its masks), then
     * s0..s0+7 strided (or 12..k-1, wht__tc_pair_bits) */
    const unsigned masks0 = wht__tc_x_masks(rb, s0);
    const bool reg = wht__tc_reg_strided() && wht__tc_reg_pair(); /* tensor_core_strided.cuh */
    const unsigned sk = wht__tc_pair_bits(k) > 8 ? 2 : reg ? 1 : 0;
    if (sk == 2) wht__tc10_plan(&p, k, batch, 12);
    else if (reg) wht__tc_rstrided(&p, k, batch, s0, 7);
    else wht__tc_strided(&p, k, batch, s0, 8);
    st = wht__tc_launch_fused<M>(x, p, masks0, sk, s0 - 12);
    s0 += wht__tc_pair_bits(k);
  } else {
    p.ntiles = (N + ((uint64_t)1 << WHT__TC_TILE_LOG2) - 1) >> WHT__TC_TILE_LOG2;
    p.masks = wht__tc_frame_masks<wht__tc_f1nat>(rb, 0, s0, 0) | wht__tc_frame_masks<wht__tc_f2nat>(rb, 8, s0, 2);
    /* the first pass of a long row (bits 0..s0-1, s0 = 12..15) is the
     * register kernel of rows of 2^s0: bit s0 and above are rows to it */
    st = k > 15 && wht__tc_reg_kmax() >= 12 && !wht__tc_direct ? wht__tc_run_registers<M>(x, N, s0, rb)
         : wht__tc_direct                                          ? wht__tc_launch_tile<M, 0>(p, x)
                                                                   : wht__tc_launch_tile<M, 1>(p, x);
  }
  const unsigned groups = bits == 8 ? wht__tc_reg_strided() : 0; /* tensor_core_strided.cuh */
  for (; st == WHT_OK && s0 < k; s0 += bits) {
    if (groups && wht__tc10_takes(k - s0)) { /* the last pass, tensor_core_strided10.cuh */
      wht__tc10_plan(&p, k, batch, s0);
      st = wht__tc10_launch<M>(p, x);
      break;
    }
    if (groups) {
      wht__tc_rstrided(&p, k, batch, s0, groups == 2 ? 7 : 6);
      st = wht__tc_launch_rstrided<M>(p, x, groups);
    } else {
      st = wht__tc_strided(&p, k, batch, s0, bits) == 2 ? wht__tc_launch_tile<M, 2>(p, x) : wht__tc_launch_tile<M, 3>(p, x);
    }
  }
  return st;
}

/* Device to device; a failed copy leaves no error for a later launch check. */
static wht_status wht__tc_copy(void *dst, const void *src, size_t bytes)
{
  if (cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToDevice) == cudaSuccess) return WHT_OK;
  cudaGetLastError();
  return WHT_E_CUDA;
}

template <class M>
static wht_status wht__tc_run(void *dx, uint64_t n, unsigned k, uint64_t batch, void *dwork)
{
  (void)dwork;
  if (k == 0) return WHT_OK; /* H_1 is the identity */
  if ((uintptr_t)dx % 16 == 0) return wht__tc_run_aligned<M>((uint16_t *)dx, n, k, batch);
  /* the kernels use 8- and 16-byte accesses: work on an aligned copy */
  const size_t bytes = (size_t)(n * batch * sizeof(uint16_t));
  void *tmp = NULL;
  const cudaError_t e = cudaMalloc(&tmp, bytes);
  if (e != cudaSuccess) {
    cudaGetLastError();
    return e == cudaErrorMemoryAllocation ? WHT_E_NOMEM : WHT_E_CUDA;
  }
  wht_status st = wht__tc_copy(tmp, dx, bytes);
  if (st == WHT_OK) st = wht__tc_run_aligned<M>((uint16_t *)tmp, n, k, batch);
  if (st == WHT_OK) st = wht__tc_copy(dx, tmp, bytes);
  cudaFree(tmp);
  return st;
}

extern "C" const wht__gpu_fn wht__tensor_core_gpu[WHT_NFORMATS] = {
  NULL, NULL, wht__tc_run<wht__tc_f16>, wht__tc_run<wht__tc_bf16>
};
extern "C" const wht__gpu_fn wht__tensor_core_f16acc_gpu[WHT_NFORMATS] = {
  NULL, NULL, wht__tc_run<wht__tc_f16acc>, NULL
};
