/* rows_halfshfl.cuh - folklore's f32 rows of 2^15 (128 KB) with the stages
 * across lanes on half the shuffles (issue 15; an experiment, off unless
 * WHT_GPU_ROWS_HS=1). NOT KEPT: on an H200 1.13x the add-one kernel
 * against rows_prefetch.cuh's 1.07x, the same warp instruction count
 * (296 M: the selects take the shuffles' place) and single-word stores.
 *
 * rows_prefetch.cuh's kernel runs 7 of the row's 15 stages across lanes,
 * 32 shuffles a lane each, most of the shared-memory pipe's work. Here
 * the warp's five stages across lanes (element bits 2..6) each trade a
 * lane bit for a register bit that is done: for the pair of words p, q
 * of a vector that differ in word bit g (a done element bit) the lane
 * whose bit is 0 sends q, the other p, one shuffle; then the lower lane
 * holds both operands a (bit f = 0) and b (f = 1) of the g = 0
 * butterfly, the upper lane those of g = 1, and each computes (a + b, a -
 * b) into (p, q): the lane bit now stands for g, the word bit for f.
 * Stages 2, 3, 4, 5, 6 swap with word bits 0, 1, 0, 1, 0 (holding element
 * bits 0, 1, 2, 3, 4 then), so afterwards lane bits 0..4 are element bits
 * 0..4 and word bits 0, 1 element bits 6, 5. The vectors' stages (7..9),
 * the exchange and the top stages are rows_reg.cuh's block kernel's; the
 * stores write single words (lanes: element bits 0..2 and the top two).
 * Same butterflies, operands and order as the CPU's: bit for bit. */
#ifndef WHT_KERNELS_ROWS_HALFSHFL_CUH
#define WHT_KERNELS_ROWS_HALFSHFL_CUH

/* the stage on lane bit m, trading it for word bit h (1 or 2) */
__device__ __forceinline__ void wht__rows_hs_stage(uint4 &r, unsigned m, unsigned h, bool upper)
{
  unsigned w[4] = { r.x, r.y, r.z, r.w };
#pragma unroll
  for (unsigned c = 0; c < 4; c++)
    if (!(c & h)) {
      const unsigned p = w[c], q = w[c | h];
      const unsigned got = __shfl_xor_sync(0xffffffffu, upper ? p : q, m);
      const float a = __uint_as_float(upper ? got : p), b = __uint_as_float(upper ? q : got);
      w[c] = __float_as_uint(__fadd_rn(a, b));
      w[c | h] = __float_as_uint(__fsub_rn(a, b));
    }
  r = make_uint4(w[0], w[1], w[2], w[3]);
}

template <class F>
__global__ void __launch_bounds__(1024)
    wht__rows_hs_kernel(const float *src, float *dst, unsigned ahead)
{
  constexpr unsigned W = 8, K0 = 10, K = 15;
  extern __shared__ uint4 wht__rows_blk_sh[];
  wht__rows_blk_prefetch<K0, K>(src, ahead);
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  const float *in = src + ((uint64_t)blockIdx.x << K);
  uint4 r[W];
#pragma unroll
  for (unsigned i = 0; i < W; i++) r[i] = wht__ld16(in + ((w << K0) | ((i * 32u + lane) << 2)));
  { /* gather the loads (rows_reg.cuh's GATHER: gridDim.x >= 1 is never 0) */
    unsigned all = 0;
#pragma unroll
    for (unsigned i = 0; i < W; i++) all ^= r[i].x ^ r[i].w;
    const unsigned flip = (all == 0x5a5a5a5au && gridDim.x == 0) ? 1u : 0u;
#pragma unroll
    for (unsigned i = 0; i < W; i++) r[i].x ^= flip;
  }
#pragma unroll
  for (unsigned s = 0; s < 2; s++)
#pragma unroll
    for (unsigned i = 0; i < W; i++) wht__rows_reg_within<F>(r[i], 1u << s);
#pragma unroll
  for (unsigned s = 0; s < 5; s++) {
    const bool upper = (lane >> s) & 1u;
#pragma unroll
    for (unsigned i = 0; i < W; i++) wht__rows_hs_stage(r[i], 1u << s, (s & 1u) ? 2u : 1u, upper);
  }
#pragma unroll
  for (unsigned s = 0; s < 3; s++) wht__rows_reg_vectors<F, W>(r, 1u << s);
#pragma unroll
  for (unsigned i = 0; i < W; i++) wht__rows_blk_sh[(w * W + i) * 32u + lane] = r[i];
  __syncthreads();
  const unsigned jl = lane >> 3, lo = lane & 7u, pos = (w << 3) | lo;
#pragma unroll
  for (unsigned jr = 0; jr < W; jr++) r[jr] = wht__rows_blk_sh[(jr | jl << 3) * W * 32u + pos];
#pragma unroll
  for (unsigned s = 0; s < 3; s++) wht__rows_reg_vectors<F, W>(r, 1u << s);
#pragma unroll
  for (unsigned s = 0; s < 2; s++) {
    const bool upper = (jl >> s) & 1u;
#pragma unroll
    for (unsigned i = 0; i < W; i++) wht__rows_reg_cross<F>(r[i], 1u << (3 + s), upper);
  }
  /* vector jr, word c: element (j << 10) | (i << 7) | (c & 1) << 6 |
   * (c >> 1) << 5 | l', j = jr + 8 jl, i = pos >> 5, l' = pos mod 32 */
  float *out = dst + ((uint64_t)blockIdx.x << K) + ((jl << (K0 + 3)) | ((pos >> 5) << 7) | (pos & 31u));
#pragma unroll
  for (unsigned jr = 0; jr < W; jr++) {
    float *o = out + (jr << K0);
    o[0] = __uint_as_float(r[jr].x);
    o[64] = __uint_as_float(r[jr].y);
    o[32] = __uint_as_float(r[jr].z);
    o[96] = __uint_as_float(r[jr].w);
  }
}

/* f32 rows of 2^15 here where WHT_GPU_ROWS_HS=1 (read once) */
template <class F>
static bool wht__rows_hs_fits(unsigned k)
{
  static int on = -1;
  if (on < 0) on = wht__rows_env("WHT_GPU_ROWS_HS", 0) != 0;
  return on && k == 15;
}

template <class F>
static wht_status wht__rows_hs_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  void (*f)(const float *, float *, unsigned) = wht__rows_hs_kernel<F>;
  static size_t raised[WHT__MAX_DEVICES];
  const size_t smem = (size_t)4 << k;
  const wht_status st = wht__rows_raise_smem((const void *)f, smem, raised);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> k;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  f<<<(unsigned)rows, 1024, smem>>>((const float *)src, (float *)dst, wht__rows_ahead(smem));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
