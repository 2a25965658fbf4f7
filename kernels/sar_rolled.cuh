/* sar_rolled.cuh - single_ar.cuh's strided pass of 9 stages with its tile
 * in shared memory and rolled loops, included by single_ar.cuh.
 *
 * The register pass (wht__sar_strided_kernel) holds 64 words a lane in
 * registers, two blocks a multiprocessor, and about 4000 instructions a
 * warp and tile of straight-line code: Nsight Compute put kahan-block's
 * f32 passes on 71-76 % of the issue slots, waiting on their loads (one
 * tile a block) and on instruction fetch (docs/PERFORMANCE.md). Here the
 * tile, 2^9 runs of 128 bytes at shared words 32 r + c (row r, word c:
 * every warp access 32 banks), is copied by cp.async.cg; then lane c of
 * warp w runs the groups on row bits 0-2 of its rows 64 w + 8 j + i
 * (i = 0..7) for j = 0..7, then on bits 3-5 (rows 64 w + 8 i + j), eight
 * words a round, each round reading and writing its words in shared
 * memory (the same lane's words: no barrier), and after one barrier the
 * groups on bits 6-8 (rows 64 i + 8 a + w, a = 0..7), each stored from
 * there as the warp's 128-byte run. A round's eight words and their
 * error terms leave room for three blocks a multiprocessor (64 KB of
 * shared memory each), and the loops stay rolled (small code).
 * Every group is A::group on the same operands in the same order as the
 * register pass's (bits 0-2, 3-5, then 6-8), so the result is the same
 * bits. The host twin, wht__sar_emulate_rolled, runs the same phases
 * thread by thread.
 *
 * The column form (wht__sar_col_kernel<F, A, QW>; WHT_GPU_SAR_ROLLED_Q)
 * takes the same tile, copy and phases, but lane l of warp w holds one
 * vector of QW = 2 words of eight rows (column pair l mod 16) and runs the
 * two groups of those columns at once, rounds j = l / 16 + 2 m (rows
 * 64 w + 8 j + i, then 64 w + 8 i + j after the warp's __syncwarp; after
 * the barrier rows 64 i + 8 a + w, a = j), each round one shared load and
 * store of two words a row (a half warp reads or writes one whole row: no
 * bank conflict) and the last round's stores two words a lane. The word
 * rounds spend 6.25 memory instructions a word (a shared load and a store
 * per word and round, a global store per word), the pairs 3.25. The
 * rounds stay rolled: unrolled, the kernel's code was 61 KB (rolled 18
 * KB, the word rounds' 20 KB) and Nsight Compute found its warps waiting
 * on instruction fetch, so that on an H200 it took kahan-block's f16
 * 2^28 0.98-1.01x the word rounds' time where rolled it took 0.965x,
 * and f32 0.978x (docs/PERFORMANCE.md). Quads (QW = 4, 1.75 memory instructions a
 * word) spilled at three blocks a multiprocessor (f16 and bf16 2^28 1.13x
 * the word rounds' time) and took 1.07x at two; removed after that
 * measurement. The copy's and the high phase's global addresses are each
 * one add from the last (a pointer stepped by the rows' stride): from
 * each row's index they cost about a tenth of the pass's instructions
 * (Nsight Compute: IADD3, SHF and LEA 10.7 %), and stepped kahan-block's
 * 2^28 took 0.96x the time on an H200 (docs/PERFORMANCE.md). Each group
 * is the same group on the same words, the groups of a phase touch
 * disjoint words and the phases keep their order, so the result is the
 * same bits. */
#ifndef WHT_KERNELS_SAR_ROLLED_CUH
#define WHT_KERNELS_SAR_ROLLED_CUH

/* device code's rolled loop (the host compiler does not know the pragma) */
#ifdef __CUDA_ARCH__
#define WHT__ROLLED _Pragma("unroll 1")
#define WHT__ROLLED2 _Pragma("unroll 2")
#else
#define WHT__ROLLED
#define WHT__ROLLED2
#endif

/* fn(j) for j = 0..7 in a rolled loop, or (U2) unrolled by 2 */
template <bool U2, class FN>
WHT__HD void wht__sar_rolled_loop(const FN &fn)
{
  if constexpr (U2) {
WHT__ROLLED2
    for (unsigned j = 0; j < 8; j++) fn(j);
  } else {
WHT__ROLLED
    for (unsigned j = 0; j < 8; j++) fn(j);
  }
}

/* A round: the group on the words q[0], q[si], .., q[7 si] in place */
template <class F, class A>
WHT__HD void wht__sar_rolled_round(unsigned *q, unsigned si)
{
  typedef typename wht__sar_shape<F>::FV FV;
  typename FV::T x[8];
WHT__UNROLL
  for (unsigned i = 0; i < 8; i++) x[i] = FV::from_bits(q[i * si]);
  A::template group<FV>(x, 0, 1);
WHT__UNROLL
  for (unsigned i = 0; i < 8; i++) q[i * si] = FV::to_bits(x[i]);
}

/* The groups on row bits 0-2, then 3-5, of thread t's rows 64 w + i
 * (w = t / 32), word c = t mod 32, in the shared tile sh */
template <class F, class A, bool U2 = false>
WHT__HD void wht__sar_rolled_low(unsigned *sh, unsigned t)
{
  typedef typename wht__sar_shape<F>::FV FV;
  unsigned *p = sh + ((t >> 5) << 11) + (t & 31u);
WHT__UNROLL
  for (unsigned g = 0; g < 2; g++) {
    /* bits 0-2: row 8 j + i; bits 3-5: row 8 i + j */
    const unsigned si = g ? 256u : 32u, sj = g ? 32u : 256u;
    wht__sar_rolled_loop<U2>([&](unsigned j) { wht__sar_rolled_round<F, A>(p + j * sj, si); });
  }
}

/* Round a of the groups on row bits 6-8: rows 64 i + 8 a + w, word c (p:
 * the thread's word of row w), each word stored to its run (out: the
 * thread's word of row w in device memory, rows 2^(s0 - EL) words apart) */
template <class F, class A>
WHT__HD void wht__sar_rolled_high_round(const unsigned *p, unsigned *out, unsigned a, unsigned s0)
{
  typedef wht__sar_shape<F> S;
  typedef typename S::FV FV;
  typename FV::T x[8];
WHT__UNROLL
  for (unsigned i = 0; i < 8; i++) x[i] = FV::from_bits(p[(64u * i + 8u * a) << 5]);
  A::template group<FV>(x, 0, 1);
WHT__UNROLL
  for (unsigned i = 0; i < 8; i++) out[(uint64_t)(64u * i + 8u * a) << (s0 - S::EL)] = FV::to_bits(x[i]);
}

/* The groups on row bits 6-8 of thread t, every round (base: the tile's
 * first element) */
template <class F, class A, bool U2 = false>
WHT__HD void wht__sar_rolled_high(const unsigned *sh, unsigned t, typename F::U *dst, uint64_t base, unsigned s0)
{
  typedef wht__sar_shape<F> S;
  const unsigned w = t >> 5, c = t & 31u;
  const unsigned *p = sh + (w << 5) + c;
  unsigned *out = (unsigned *)(dst + base) + ((uint64_t)w << (s0 - S::EL)) + c;
  wht__sar_rolled_loop<U2>([&](unsigned a) { wht__sar_rolled_high_round<F, A>(p, out, a, s0); });
}

/* The tile's copy by cp.async.cg: row r's 8 vectors of 16 bytes at
 * shared vector 8 r + v (v = 0..7): q = 256 j + t, or (WARP) 512 w + 32 j
 * + lane, each warp its own 64 rows, a warp's copy four runs */
template <class F, bool WARP>
__device__ void wht__sar_rolled_copy(const typename F::U *src, const void *sh, uint64_t base, unsigned s0)
{
  typedef wht__sar_shape<F> S;
  const uint4 *in = (const uint4 *)(src + base);
  const unsigned t = threadIdx.x, sh0 = (unsigned)__cvta_generic_to_shared(sh), sr = s0 - S::EL - 2;
  /* q's row advances by 4 (WARP) or 32 rows a j: one pointer, one add a copy */
  const unsigned q0 = WARP ? ((t >> 5) << 9) + (t & 31u) : t;
  const uint64_t step = (uint64_t)(WARP ? 4u : 32u) << sr;
  const uint4 *g = in + ((uint64_t)(q0 >> 3) << sr) + (q0 & 7u);
WHT__UNROLL
  for (unsigned j = 0; j < 16; j++, g += step)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sh0 + (q0 + j * (WARP ? 32u : 256u)) * 16u), "l"(g)
                 : "memory");
  asm volatile("cp.async.commit_group;" ::: "memory");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
}

/* The pass, one tile a block of 8 warps, three blocks a multiprocessor.
 * !U2: the block copies the tile, then a barrier, rolled rounds. U2: each
 * warp copies its own 64 rows, which its low groups alone read (the
 * copy's wait and __syncwarp make the lanes' copies visible to the
 * warp), and the rounds are unrolled by 2. On an H200 (build p,
 * docs/PERFORMANCE.md) U2 took kahan-block's f16 and bf16 2^24..2^28
 * 0.97-0.99x the time, but its f32 2^26..2^28 1.04-1.06x (the warp's
 * copy alone: 0.99-1.01x everywhere), widened's 0.98-1.01x: U2 in the
 * 2-byte formats where the column pairs are not taken (wht__sar_rolled_form) */
template <class F, class A, bool U2>
__global__ void __launch_bounds__(256, 3) wht__sar_rolled_kernel(const typename F::U *src, typename F::U *dst,
                                                                 unsigned s0)
{
  typedef wht__sar_shape<F> S;
  extern __shared__ uint4 wht__sar_smem[];
  unsigned *sh = (unsigned *)wht__sar_smem;
  const uint64_t base = wht__single_tile_base<S::R>(blockIdx.x, s0, 9);
  wht__sar_rolled_copy<F, U2>(src, sh, base, s0);
  if constexpr (U2) __syncwarp();
  else __syncthreads();
  wht__sar_rolled_low<F, A, U2>(sh, threadIdx.x);
  __syncthreads();
  wht__sar_rolled_high<F, A, U2>(sh, threadIdx.x, dst, base, s0);
}

/* The column form's vectors: QW words (2: uint2) and word q of one */
template <unsigned QW>
struct wht__sar_cvec;
template <>
struct wht__sar_cvec<2> {
  typedef uint2 V;
  static WHT__HD unsigned &word(V &v, unsigned q) { return q == 0 ? v.x : v.y; }
};

/* The column form's groups on eight vectors v[0..7] (rows in the group's
 * order): the group of each of their QW words, as a round's */
template <class F, class A, unsigned QW>
WHT__HD void wht__sar_col_groups(typename wht__sar_cvec<QW>::V *v)
{
  typedef typename wht__sar_shape<F>::FV FV;
  typedef wht__sar_cvec<QW> Q;
WHT__UNROLL
  for (unsigned q = 0; q < QW; q++) {
    typename FV::T x[8];
WHT__UNROLL
    for (unsigned i = 0; i < 8; i++) x[i] = FV::from_bits(Q::word(v[i], q));
    A::template group<FV>(x, 0, 1);
WHT__UNROLL
    for (unsigned i = 0; i < 8; i++) Q::word(v[i], q) = FV::to_bits(x[i]);
  }
}

/* Low phase g (0: row bits 0-2, 1: bits 3-5) of thread t in the column
 * form: lane l's vector cq = l mod (32 / QW) of its warp's rows, rounds
 * j = l / (32 / QW) + QW m (sh as vectors of QW words, row r's vector c
 * at (32 / QW) r + c) */
template <class F, class A, unsigned QW>
WHT__HD void wht__sar_col_low(typename wht__sar_cvec<QW>::V *sh, unsigned t, unsigned g)
{
  constexpr unsigned NL = 32 / QW; /* vectors a row */
  const unsigned lane = t & 31u;
  typename wht__sar_cvec<QW>::V *p = sh + (t >> 5) * 64u * NL + lane % NL;
  /* bits 0-2: row 8 j + i; bits 3-5: row 8 i + j */
  const unsigned si = (g ? 8u : 1u) * NL, sj = (g ? 1u : 8u) * NL;
WHT__ROLLED
  for (unsigned m = 0; m < 8 / QW; m++) {
    typename wht__sar_cvec<QW>::V *pj = p + (lane / NL + QW * m) * sj, v[8];
WHT__UNROLL
    for (unsigned i = 0; i < 8; i++) v[i] = pj[i * si];
    wht__sar_col_groups<F, A, QW>(v);
WHT__UNROLL
    for (unsigned i = 0; i < 8; i++) pj[i * si] = v[i];
  }
}

/* The high phase of thread t in the column form: rounds a = l / (32 /
 * QW) + QW m (rows 64 i + 8 a + w), each row's vector stored to its run */
template <class F, class A, unsigned QW>
WHT__HD void wht__sar_col_high(const typename wht__sar_cvec<QW>::V *sh, unsigned t, typename F::U *dst,
                               uint64_t base, unsigned s0)
{
  typedef wht__sar_shape<F> S;
  typedef typename wht__sar_cvec<QW>::V V;
  constexpr unsigned NL = 32 / QW, LQ = QW == 4 ? 2 : 1;
  const unsigned w = t >> 5, lane = t & 31u, sr = s0 - S::EL - LQ; /* log2 vectors between runs */
  const V *p = sh + w * NL + lane % NL;
  V *out = (V *)(dst + base) + ((uint64_t)w << sr) + lane % NL;
  const uint64_t step = (uint64_t)64u << sr; /* rows 64 i + 8 a: one pointer a round, one add a store */
WHT__ROLLED
  for (unsigned m = 0; m < 8 / QW; m++) {
    const unsigned a = lane / NL + QW * m;
    V v[8];
WHT__UNROLL
    for (unsigned i = 0; i < 8; i++) v[i] = p[(64u * i + 8u * a) * NL];
    wht__sar_col_groups<F, A, QW>(v);
    V *o = out + ((uint64_t)(8u * a) << sr);
WHT__UNROLL
    for (unsigned i = 0; i < 8; i++, o += step) *o = v[i];
  }
}

/* The pass in the column form, one tile a block of 8 warps, three blocks
 * a multiprocessor: each warp copies its own 64 rows (as U2 above), its
 * low phases after __syncwarp, the high phase after the block's barrier,
 * each phase's rounds in a rolled loop */
template <class F, class A, unsigned QW>
__global__ void __launch_bounds__(256, 3) wht__sar_col_kernel(const typename F::U *src, typename F::U *dst,
                                                              unsigned s0)
{
  typedef wht__sar_shape<F> S;
  typedef typename wht__sar_cvec<QW>::V V;
  extern __shared__ uint4 wht__sar_smem[];
  const uint64_t base = wht__single_tile_base<S::R>(blockIdx.x, s0, 9);
  wht__sar_rolled_copy<F, true>(src, wht__sar_smem, base, s0);
  __syncwarp();
  V *sh = (V *)wht__sar_smem;
  wht__sar_col_low<F, A, QW>(sh, threadIdx.x, 0);
  __syncwarp(); /* the warp's rows of phase 0 written */
  wht__sar_col_low<F, A, QW>(sh, threadIdx.x, 1);
  __syncthreads();
  wht__sar_col_high<F, A, QW>(sh, threadIdx.x, dst, base, s0);
}

/* The rolled kernel's form for F: 2 the column pairs
 * (wht__plan_sar_rolled_cols, the default), else the word rounds: 0, or
 * 1 unrolled by 2 and each warp copying its rows (WHT_GPU_SAR_ROLLED_U2,
 * read once: 0 never, 1 in the 2-byte formats, the default, 2 always) */
template <class F>
static int wht__sar_rolled_form(void)
{
  static int u2 = -1;
  if (u2 < 0) u2 = (int)wht__rows_env("WHT_GPU_SAR_ROLLED_U2", 1);
  if (wht__plan_sar_rolled_cols()) return 2;
  return u2 == 2 || (u2 == 1 && sizeof(typename F::U) == 2);
}

/* Tile b on the host in form fm (wht__sar_rolled_form): the copy, every
 * thread's low groups, every thread's high groups and stores (each phase
 * every thread, as the warp's __syncwarp and the block's barrier order
 * them); sh: 2^14 words */
template <class F, class A>
static void wht__sar_emulate_rolled(typename F::U *x, uint64_t b, unsigned s0, unsigned *sh, int fm)
{
  typedef wht__sar_shape<F> S;
  const uint64_t base = wht__single_tile_base<S::R>(b, s0, 9);
  for (unsigned r = 0; r < 512; r++)
    memcpy(sh + 32u * r, (const unsigned *)(x + base) + ((uint64_t)r << (s0 - S::EL)), 128);
  if (fm == 2) {
    for (unsigned g = 0; g < 2; g++)
      for (unsigned t = 0; t < S::THREADS; t++) wht__sar_col_low<F, A, 2>((uint2 *)sh, t, g);
    for (unsigned t = 0; t < S::THREADS; t++) wht__sar_col_high<F, A, 2>((const uint2 *)sh, t, x, base, s0);
    return;
  }
  for (unsigned t = 0; t < S::THREADS; t++) wht__sar_rolled_low<F, A>(sh, t);
  for (unsigned t = 0; t < S::THREADS; t++) wht__sar_rolled_high<F, A>(sh, t, x, base, s0);
}

#endif
