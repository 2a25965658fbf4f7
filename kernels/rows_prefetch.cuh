/* rows_prefetch.cuh - folklore's block rows with the row a few blocks on
 * asked of L2 (issue 15: batched rows at the add-one kernel's speed).
 *
 * The block kernel of rows_reg.cuh holds a row in the registers of 2^M
 * warps, one row a block. Its loads are issued when the block starts and
 * its warps wait on them before any stage can run; where a multiprocessor
 * holds one or two such blocks (rows of 32..128 KB), DRAM then idles
 * between one block's stores and the next one's loads. Here block b first
 * asks L2 for row b + ahead (wht__rows_blk_prefetch: lane 0 of each
 * warp, its warp's 2^K0 elements, one instruction; ahead 2 MiB of rows by
 * default, wht__rows_ahead: 16 rows of 128 KB), the row a block
 * starting shortly after will load, so that its loads find L2 instead of
 * DRAM. The stages are the block kernel's (wht__rows_blk_row, loads
 * gathered): the result is the CPU's bit for bit. A prefetch is a hint:
 * L2 is where the device's memory is coherent, so a row's loads see what
 * was written before them whatever the prefetch read, in place too.
 * The first wave's blocks start apart (wht__rows_stagger, rows_reg.cuh:
 * block b sleeps (b mod 4) us first), so that the multiprocessors do not
 * load and compute in step.
 *
 * On an H200 (docs/PERFORMANCE.md, "the rows a few blocks on asked of
 * L2") 4..24 rows ahead took f32 rows of 2^13, 2^14 from
 * 1.03-1.04x the add-one kernel to 1.00x, 2^15 from 1.10x to 1.06-1.09x,
 * f16 and bf16 rows of 2^15 (eight vectors a lane) to 1.01x, 2^16 from
 * 1.22x to 1.12-1.15x; 96..132 rows ahead (a wave of resident blocks)
 * took 1.3-1.45x: the prefetched lines then left L2 before their loads;
 * 32 rows of 64 KB and 64 of 32 KB (2 MiB) took 1.00-1.01x.
 * Also tried there and not kept (rows_pipe.cuh of df6895e): a persistent kernel
 * copying the next row into a ring of shared memory by cp.async (1.10-1.13x
 * for f32, f16 2^16 1.13x): its extra shared-memory round trip left it
 * bound by shared-memory instruction issue (Nsight Compute: MIO throttle
 * 5.1 warps a issued instruction); for the rows of 128 KB, rows_tma.cuh
 * of 2737cf9 (the next row copied into shared memory by cp.async.bulk
 * while a persistent block transforms the current one: f32 2^15
 * 1.12-1.14x, 2-byte 2^16 1.19-1.21x, bound by the MIO queue: its reads
 * of the row from shared memory on top of the shuffles) and
 * rows_halves.cuh of 59eaf47 (two halves of 64 KB on a cluster of two
 * blocks, the last stage through distributed shared memory: 1.26-1.32x,
 * the blocks waiting at the cluster syncs) and rows_halfshfl.cuh of
 * cbfdb24 (f32 2^15 with the warp's lane stages on half the shuffles:
 * 1.13x) and a persistent grid of the resident blocks, each looping over
 * rows b, b + G, ... (236b4ed: 1.27-1.55x, whether each row asked L2 for
 * the block's own next row, for the row 2 MiB on or for none);
 * docs/PERFORMANCE.md. */
#ifndef WHT_KERNELS_ROWS_PREFETCH_CUH
#define WHT_KERNELS_ROWS_PREFETCH_CUH

template <class F, unsigned W, unsigned M, bool WORDS>
__global__ void __launch_bounds__(32u << M)
    wht__rows_pf_kernel(const typename F::U *src, typename F::U *dst, unsigned ahead, unsigned stagger, unsigned wave,
                        unsigned gm)
{
  constexpr unsigned LV = wht__rows_reg_shape<F>::LV, K0 = LV + 5 + (W == 16 ? 4 : 3), K = K0 + M;
  wht__rows_stagger_sleep(stagger, wave, gm); /* rows_reg.cuh */
  wht__rows_blk_prefetch<K0, K>(src, ahead); /* rows_reg.cuh */
  /* the row count (gridDim.x, at least 1) as the gathered loads' live value */
  wht__rows_blk_row<F, W, M, WORDS, true>(src + ((uint64_t)blockIdx.x << K), dst + ((uint64_t)blockIdx.x << K), false,
                                          gridDim.x);
}

/* Rows of 2^k (W = 8 or 16 vectors a lane, blocks of 2^M warps, M =
 * 1..5, 1..4 for sixteen), N elements in all, a block a row, each asking
 * L2 for the row `ahead` after its own */
template <class F>
static wht_status wht__rows_pf_launch(const void *src, void *dst, uint64_t N, unsigned k, unsigned W, unsigned ahead)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, unsigned, unsigned, unsigned, unsigned);
  constexpr bool WD = S::V == 8; /* whole words exist for 2-byte formats */
  static const kern by_m[2][2][5] = {
    { { wht__rows_pf_kernel<F, 8, 1, false>, wht__rows_pf_kernel<F, 8, 2, false>,
        wht__rows_pf_kernel<F, 8, 3, false>, wht__rows_pf_kernel<F, 8, 4, false>,
        wht__rows_pf_kernel<F, 8, 5, false> },
      { wht__rows_pf_kernel<F, 8, 1, WD>, wht__rows_pf_kernel<F, 8, 2, WD>, wht__rows_pf_kernel<F, 8, 3, WD>,
        wht__rows_pf_kernel<F, 8, 4, WD>, wht__rows_pf_kernel<F, 8, 5, WD> } },
#ifdef WHT_GPU_ALL_FORMS /* sixteen vectors a lane (WHT_GPU_ROWS_BLK_W=16): rows_reg.cuh */
    { { wht__rows_pf_kernel<F, 16, 1, false>, wht__rows_pf_kernel<F, 16, 2, false>,
        wht__rows_pf_kernel<F, 16, 3, false>, wht__rows_pf_kernel<F, 16, 4, false>, NULL },
      { wht__rows_pf_kernel<F, 16, 1, WD>, wht__rows_pf_kernel<F, 16, 2, WD>, wht__rows_pf_kernel<F, 16, 3, WD>,
        wht__rows_pf_kernel<F, 16, 4, WD>, NULL } }
#else
    { { NULL, NULL, NULL, NULL, NULL }, { NULL, NULL, NULL, NULL, NULL } }
#endif
  };
  static size_t raised[2][2][5][WHT__MAX_DEVICES];
  static unsigned resident[2][2][5][WHT__MAX_DEVICES];
  const unsigned wi = W == 16, M = k - (S::LV + 8 + wi), words = WD && wht__rows_words(M);
  kern f = by_m[wi][words][M - 1];
  const size_t smem = sizeof(U) << k;
  const wht_status st = wht__rows_raise_smem((const void *)f, smem, raised[wi][words][M - 1]);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> k;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  const wht__stagger sg = wht__rows_stagger_of((const void *)f, 32u << M, smem, resident[wi][words][M - 1]);
  f<<<(unsigned)rows, 32u << M, smem>>>((const U *)src, (U *)dst, ahead, sg.ns, sg.wave, sg.gm);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
