/* single_reg.cuh - folklore's long rows (single vectors) in passes of
 * register tiles (issue 15: two passes over device memory, each at
 * memory speed).
 *
 * The tiles' passes (tile.cuh) spend about 43 instructions an element on
 * an H200, most of them addresses and shared-memory traffic, and are
 * bound by their issue (docs/PERFORMANCE.md); the block kernel of
 * rows_reg.cuh runs rows of 2^(LV+12) (64 KB) at the add-one kernel's
 * speed. So a long row runs here as:
 *   pass 1: rows of 2^K1, K1 = LV + 12 (stages 0..K1-1): the block kernel
 *     (16 warps, eight 16-byte vectors a lane, one exchange);
 *   strided passes: stages s0..s0+L-1 (L = 3 + M, M = 1..5) on tiles of
 *     2^L runs of 2^R contiguous elements (R = LV + 5: a warp's lanes, 512
 *     bytes), runs 2^s0 apart: the same block kernel where the elements
 *     of lane l's vector i of warp w are run j = 8w + i, columns 2^LV l ..;
 *     its stages across vectors are j's low three bits, then the block's
 *     exchange brings j's top M bits into registers and lanes
 *     (wht__blk_io, rows_reg.cuh). No stage runs on the columns.
 * Where k is K1 + 4 .. K1 + 8, that is two passes. Where k is C + 4 ..
 * C + 8 (C = K1 + 7: chunks of 2^23 bytes, the tiles' chunk,
 * pass_plan.h), pass 1 and a strided pass of stages K1..C-1 run as one
 * persistent L2-blocked kernel on the tiles' ticket queue
 * (wht__fused_loop, pass_run.cuh: a chunk's second-pass tiles read
 * through L2 what its first-pass tiles wrote moments before), then a
 * strided pass of stages C..k-1: again two passes over device memory.
 * Both tile kinds hold 2^(LV+12) elements, 128 of each a chunk. Other k
 * take the tiles' plan (same pass counts here: wht__gpu_pass_count).
 *
 * Every stage is the CPU's butterfly on the same operands, the stages in
 * increasing order (a pass's in its tile, passes one after another), so
 * the result is the CPU's bit for bit. The host emulation runs the same
 * passes (wht__single_reg_emulate, at the end: the tiles, element maps,
 * stage bits and ticket order; test_gpu_emulated_bitident), and the GPU
 * tests the kernels themselves (test_gpu_bitident).
 *
 * On an H200 (docs/PERFORMANCE.md, "folklore's long rows in register
 * passes") f32 2^28 took 2.80x a memcpy against the tiles' 3.30x, f16 and
 * bf16 2.84-2.86x against 3.42x, f64 2^27 2.81x against 3.02x. Measured
 * there and not kept: the rows kernels' look-ahead (2 MiB ahead, 5 %
 * slower: WHT_GPU_SINGLE_PF_FUSED, WHT_GPU_SINGLE_PF_LAST, bytes, set it
 * for the fused kernel's first-pass tiles and the last pass; none by
 * default), the next ticket taken as a tile starts or before a first-pass
 * tile's fence (1-3 % slower), and the pair on a fixed schedule of
 * tickets (block i runs i, i + G, ...; a cooperative launch): 1.35x
 * slower, its waves losing the chunks' L2 reuse. WHT_GPU_SINGLE_REG=0
 * sends these rows to the tiles (for comparisons). */
#ifndef WHT_KERNELS_SINGLE_REG_CUH
#define WHT_KERNELS_SINGLE_REG_CUH

template <class F>
struct wht__single_reg_shape {
  static constexpr unsigned LV = wht__rows_reg_shape<F>::LV;
  static constexpr unsigned R = LV + 5;  /* a strided tile's run: 512 bytes */
  static constexpr unsigned K1 = LV + 12; /* pass 1's rows: 64 KB */
  static constexpr unsigned C = K1 + 7;   /* an L2 chunk: 2^23 bytes */
  static constexpr bool WORDS = wht__rows_reg_shape<F>::V == 8; /* 2-byte formats: whole words */
  /* the last pass's first stage: K1 after a plain pass 1 (k <= K1 + 8), C after the pair */
  static constexpr unsigned last_s0(unsigned k) { return k <= K1 + 8 ? K1 : C; }
};

/* The L2-blocked pair's queue (wht__fused_loop): 2^(k-K1) tiles of each
 * kind, 2^(C-K1) of each a chunk */
template <class F>
static wht__pass wht__single_pair(uint64_t N)
{
  return wht__pair_queue(N, wht__single_reg_shape<F>::K1, wht__single_reg_shape<F>::C);
}

/* The first element of tile b of a strided pass of stages s0..s0+L-1 with
 * runs of 2^R (s0 >= R): consecutive tiles take consecutive runs first */
template <unsigned R>
WHT__HD uint64_t wht__single_tile_base(uint64_t b, unsigned s0, unsigned L)
{
  const unsigned mb = s0 - R;
  return ((b >> mb) << (s0 + L)) | ((b & (((uint64_t)1 << mb) - 1u)) << R);
}

/* A strided register tile's words: u[i] = in[off(i)], i < NW, through L2
 * only where CG (an L2-blocked pair's second-pass tiles, which other
 * multiprocessors wrote); single_ar.cuh's and wide_strided.cuh's loads */
template <unsigned NW, bool CG, class OFF>
WHT__HD void wht__gather_words(const unsigned *in, const OFF &off, unsigned *u)
{
WHT__UNROLL
  for (unsigned i = 0; i < NW; i++) {
    const unsigned *a = in + off(i);
#ifdef __CUDA_ARCH__
    u[i] = CG ? __ldcg(a) : *a;
#else
    u[i] = *a;
#endif
  }
}

/* lanes 0..7 of each warp ask L2 for their warp's runs of tile b + ahead
 * (8 runs of 512 bytes a warp) */
template <class F, unsigned M>
__device__ __forceinline__ void wht__single_tile_prefetch(const typename F::U *src, uint64_t b, uint64_t ntiles,
                                                          unsigned s0, unsigned ahead)
{
  typedef wht__single_reg_shape<F> S;
  const unsigned lane = threadIdx.x & 31u;
  if (ahead && b + ahead < ntiles && lane < 8) {
    const unsigned j = (threadIdx.x >> 5) * 8 + lane;
    wht__l2_prefetch(src + wht__single_tile_base<S::R>(b + ahead, s0, 3 + M) + ((uint64_t)j << s0),
                     (unsigned)sizeof(typename F::U) << S::R);
  }
}

/* A strided pass, one tile a block of 2^M warps (grid: the tiles) */
template <class F, unsigned M>
__global__ void __launch_bounds__(32u << M)
    wht__single_strided_kernel(const typename F::U *src, typename F::U *dst, unsigned s0, unsigned ahead)
{
  typedef wht__single_reg_shape<F> S;
  const uint64_t b = blockIdx.x, base = wht__single_tile_base<S::R>(b, s0, 3 + M);
  wht__single_tile_prefetch<F, M>(src, b, gridDim.x, s0, ahead);
  wht__rows_blk_row<F, 8, M, S::WORDS, true, wht__blk_io<S::R>>(src + base, dst + base, false, gridDim.x,
                                                                wht__blk_io<S::R>{ s0, 0, 0 });
}

/* Pass 1 and the strided pass of stages K1..C-1 as one persistent
 * L2-blocked kernel (p0: ntiles and fuse_chunk_tiles_log2 = 7 for the
 * ticket queue). A first-pass tile's stores precede thread 0's fence and
 * count (the barrier after them); a second-pass tile loads through L2
 * only (other multiprocessors wrote its chunk). */
template <class F>
__global__ void __launch_bounds__(512, 2)
    wht__single_fused_kernel(const wht__pass p0, const unsigned lag, const unsigned hints,
                             const typename F::U *xin, typename F::U *x, unsigned ahead)
{
  typedef wht__single_reg_shape<F> S;
  wht__fused_loop(p0, lag, hints, [&](bool second, uint64_t b, uint64_t lpol, uint64_t spol) {
    if (second) {
      const uint64_t base = wht__single_tile_base<S::R>(b, S::K1, 7);
      wht__rows_blk_row<F, 8, 4, S::WORDS, true, wht__blk_io<S::R, true, true>>(
          x + base, x + base, false, p0.ntiles, wht__blk_io<S::R, true, true>{ S::K1, lpol, spol });
    } else {
      const uint64_t base = b << S::K1;
      wht__rows_blk_prefetch<S::LV + 8, S::K1>(xin, b, p0.ntiles, ahead); /* rows_reg.cuh */
      wht__rows_blk_row<F, 8, 4, S::WORDS, true, wht__blk_io<0, false, true>>(
          xin + base, x + base, false, p0.ntiles, wht__blk_io<0, false, true>{ 0, lpol, spol });
      __syncthreads();
    }
  });
}

/* Bytes ahead of the single vectors' passes, 0 for none (read once):
 * WHT_GPU_SINGLE_PF_FUSED for the fused pair's first-pass tiles,
 * WHT_GPU_SINGLE_PF_LAST for the last strided pass */
static unsigned wht__single_ahead(bool last, size_t tile_bytes)
{
  static unsigned bytes[2] = { ~0u, ~0u };
  if (bytes[last] == ~0u) bytes[last] = wht__rows_env(last ? "WHT_GPU_SINGLE_PF_LAST" : "WHT_GPU_SINGLE_PF_FUSED", 0);
  return wht__ahead_blocks(bytes[last], tile_bytes);
}

/* Whether rows of 2^k, N elements in all, from src to dst take these
 * passes (the kernels, or their host twin below): k = K1+4..K1+8 (two
 * passes) or C+4..C+8 (an L2-blocked pair and a pass, where the tiles'
 * chunk is C's and the chunks fit the queue's counters), 16-byte aligned
 * pointers; WHT_GPU_SINGLE_REG (read once) not 0. */
template <class F>
static bool wht__single_reg_plan(unsigned k, uint64_t N, const void *src, const void *dst)
{
  typedef wht__single_reg_shape<F> S;
  static int on = -1;
  if (on < 0) on = wht__rows_env("WHT_GPU_SINGLE_REG", 1) != 0;
  const bool two = k >= S::K1 + 4 && k <= S::K1 + 8;
  const bool fused = k >= S::C + 4 && k <= S::C + 8 &&
                     wht__plan_l2_chunk_log2(sizeof(typename F::U), 0) == S::C && (N >> S::C) <= WHT__L2_MAX_CHUNKS;
  return on && (two || fused) && (uintptr_t)src % 16 == 0 && (uintptr_t)dst % 16 == 0;
}

/* ... and the kernels run here: the device allows their shared memory */
template <class F>
static bool wht__single_reg_fits(unsigned k, uint64_t N, const void *src, const void *dst)
{
  typedef wht__single_reg_shape<F> S;
  if (!wht__single_reg_plan<F>(k, N, src, dst)) return false;
  const unsigned last = S::R + k - S::last_s0(k); /* the last pass's tile, log2 */
  return wht__rows_smem_fits(sizeof(typename F::U) << (last > S::K1 ? last : S::K1));
}

/* The strided pass of stages s0..s0+L-1 (L = 4..8) of N elements in place */
template <class F>
static wht_status wht__single_strided_launch(typename F::U *x, uint64_t N, unsigned s0, unsigned L)
{
  typedef wht__single_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, unsigned, unsigned);
  static const kern by_m[5] = { wht__single_strided_kernel<F, 1>, wht__single_strided_kernel<F, 2>,
                                wht__single_strided_kernel<F, 3>, wht__single_strided_kernel<F, 4>,
                                wht__single_strided_kernel<F, 5> };
  static size_t raised[5][WHT__MAX_DEVICES];
  const unsigned M = L - 3, T = S::R + L;
  const size_t smem = sizeof(U) << T;
  const wht_status st = wht__rows_raise_smem((const void *)by_m[M - 1], smem, raised[M - 1]);
  if (st != WHT_OK) return st;
  const uint64_t tiles = N >> T;
  if (tiles > 0x7fffffffu) return WHT_E_SIZE;
  by_m[M - 1]<<<(unsigned)tiles, 32u << M, smem>>>(x, x, s0, wht__single_ahead(true, smem));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

template <class F>
static wht_status wht__single_reg_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__single_reg_shape<F> S;
  typedef typename F::U U;
  U *x = (U *)dst;
  if (k <= S::K1 + 8) { /* pass 1 (rows_reg.cuh's block rows), then one strided pass */
    const wht_status st = wht__rows_blk_launch<F>(src, dst, N, S::K1);
    return st != WHT_OK ? st : wht__single_strided_launch<F>(x, N, S::K1, k - S::K1);
  }
  static wht__fused_cache cache;
  const size_t smem = sizeof(U) << S::K1;
  const wht__pass p0 = wht__single_pair<F>(N);
  unsigned grid, lag;
  const wht_status st = wht__fused_shape((const void *)wht__single_fused_kernel<F>, smem, p0, &cache, &grid, &lag, 512);
  if (st != WHT_OK) return st;
  wht__single_fused_kernel<F><<<grid, 512, smem>>>(p0, lag, wht__l2_hints(), (const U *)src, x,
                                                     wht__single_ahead(false, smem));
  if (cudaGetLastError() != cudaSuccess) return WHT_E_CUDA;
  return wht__single_strided_launch<F>(x, N, S::C, k - S::C);
}

/* The host twin of these passes (the emulation, pass_run.cuh; checked by
 * tests/test_gpu_emulated_bitident): the same tiles, element maps
 * (wht__single_tile_base, wht__blk_io::at) and stage bits, each tile's
 * stages in increasing order, the fused pair's tiles in the ticket
 * queue's order at its tightest lag, a second-pass tile checked to come
 * after its chunk's 128 first-pass tiles (else WHT_E_CUDA: the kernel
 * would wait on a later ticket). The butterflies inside a tile follow
 * stage by stage, as the kernels' do, so the results are theirs. */
/* bf(a, b) for each butterfly of the tile's stages, in order (a, b:
 * element offsets; single_comp.cuh's twin too) */
template <class F, class BF>
static void wht__single_emulate_pairs(uint64_t base, unsigned R, unsigned s0, unsigned L, const BF &bf)
{
  const wht__blk_io<wht__single_reg_shape<F>::R> io = { s0, 0, 0 };
  for (unsigned s = 0; s < L; s++)
    for (unsigned u = 0; u < (1u << (R + L)); u++) {
      const unsigned h = 1u << (R + s);
      if (!(u & h)) bf(base + (R ? io.at(u) : u), base + (R ? io.at(u | h) : u | h));
    }
}

template <class F>
static void wht__single_emulate_tile(typename F::U *x, uint64_t base, unsigned R, unsigned s0, unsigned L)
{
  wht__single_emulate_pairs<F>(base, R, s0, L, [&](uint64_t a, uint64_t b) {
    const typename F::T p = F::from_bits(x[a]), q = F::from_bits(x[b]);
    x[a] = F::to_bits(F::add(p, q));
    x[b] = F::to_bits(F::sub(p, q));
  });
}

/* ... this file's pair of N elements (single_comp.cuh too) */
template <class F, class TILE>
static wht_status wht__single_emulate_pair(uint64_t N, const TILE &tile)
{
  return wht__emulate_pair_queue(wht__single_pair<F>(N), tile);
}

template <class F>
static wht_status wht__single_reg_emulate(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__single_reg_shape<F> S;
  typedef typename F::U U;
  U *x = (U *)dst;
  if (src != dst) memcpy(dst, src, (size_t)N * sizeof(U));
  if (k <= S::K1 + 8) {
    for (uint64_t b = 0; b < (N >> S::K1); b++) wht__single_emulate_tile<F>(x, b << S::K1, 0, 0, S::K1);
  } else {
    const wht_status st = wht__single_emulate_pair<F>(N, [&](bool second, uint64_t b) {
      if (second) wht__single_emulate_tile<F>(x, wht__single_tile_base<S::R>(b, S::K1, 7), S::R, S::K1, 7);
      else wht__single_emulate_tile<F>(x, b << S::K1, 0, 0, S::K1);
    });
    if (st != WHT_OK) return st;
  }
  const unsigned s0 = S::last_s0(k), L = k - s0;
  for (uint64_t b = 0; b < (N >> (S::R + L)); b++)
    wht__single_emulate_tile<F>(x, wht__single_tile_base<S::R>(b, s0, L), S::R, s0, L);
  return WHT_OK;
}

#endif
