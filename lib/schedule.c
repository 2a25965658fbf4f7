/* schedule.c - the CPU schedule shared by every algorithm: stage group 0
 * (k mod 3 stages) and then groups of three stages, cache-blocked.
 *
 * Stages 0 .. b-1 run block by block (2^b elements, b <= WHT__BLOCK_LOG2 and
 * b = k mod 3 (mod 3)) while the block sits in cache; the remaining groups
 * each take one pass over memory. A group of three stages reads and writes
 * each element once (radix-8 in registers), so a transform of 2^k costs
 * about (k - b)/3 + 1 passes instead of k.
 *
 * Threads (DESIGN.md section 8): one team runs both phases. Each thread
 * takes a contiguous range of the cache blocks (a block is its own
 * elements), then a contiguous range of each pass's columns (a column is
 * the 8 lanes one radix-8 group reads and writes), a barrier before each
 * pass since a pass reads what every thread wrote before it. Every
 * butterfly is computed as on one thread, from the same operands, so the
 * bits do not depend on the thread count. */
#include "wht_internal.h"
#include "wht_parallel.h"

#ifndef WHT__BLOCK_LOG2
#define WHT__BLOCK_LOG2 15
#endif

typedef struct {
  wht__cpu_group_fn group;
  wht__cpu_ctx ctx;
  uint64_t total; /* elements over all rows */
  unsigned f0, b; /* stages of group 0; stages run within the cache blocks */
} schedule;

/* cache blocks i0 .. i1-1: stages 0 .. b-1 of each */
static void blocks(const schedule *S, uint64_t i0, uint64_t i1)
{
  const uint64_t blk = (uint64_t)1 << S->b;
  for (uint64_t i = i0; i < i1; i++) {
    const uint64_t base = i << S->b;
    S->group(&S->ctx, base, blk >> S->f0, 0, S->f0, 1);
    for (unsigned s = S->f0; s < S->b; s += 3) S->group(&S->ctx, base, blk >> (s + 3), s, 3, (uint64_t)1 << s);
  }
}

/* columns g0 .. g1-1 of the pass at stage s, column g being column g mod m
 * of super-block g / m (m = 2^s, a super-block 8m elements): whole
 * super-blocks in one call, a partial one at either end in a call of its
 * own */
static void columns(const schedule *S, unsigned s, uint64_t g0, uint64_t g1)
{
  const uint64_t m = (uint64_t)1 << s;
  while (g0 < g1) {
    const uint64_t j = g0 & (m - 1), base = ((g0 >> s) << (s + 3)) + j;
    if (j == 0 && g1 - g0 >= m) {
      const uint64_t count = (g1 - g0) >> s;
      S->group(&S->ctx, base, count, s, 3, m);
      g0 += count << s;
    } else {
      const uint64_t cols = m - j < g1 - g0 ? m - j : g1 - g0;
      S->group(&S->ctx, base, 1, s, 3, cols);
      g0 += cols;
    }
  }
}

/* thread t of a team of T: its share of the blocks, then of each pass */
static void run_share(const schedule *S, uint64_t t, uint64_t T)
{
  uint64_t g0, g1;
  wht__chunk(S->total >> S->b, t, T, &g0, &g1);
  blocks(S, g0, g1);
  for (unsigned s = S->b; s < S->ctx.k; s += 3) {
    /* only inside this file's team: an orphaned barrier would bind to a
     * caller's team, when wht_execute runs on one of its threads */
    if (T > 1) {
      WHT__OMP(omp barrier)
    }
    wht__chunk(S->total >> 3, t, T, &g0, &g1);
    columns(S, s, g0, g1);
  }
}

void wht__cpu_execute(const wht__algorithm *a, wht_format f, void *x, void *e,
                      uint64_t n, unsigned k, uint64_t batch)
{
  schedule S = { a->cpu[f], { x, e, n, k }, n * batch, k % 3, k % 3 };
  while (S.b + 3 <= k && S.b + 3 <= WHT__BLOCK_LOG2) S.b += 3;
  /* one block and no pass: nothing to split */
  const int nt = (S.total >> S.b) > 1 || S.b < k ? wht__threads_for(S.total) : 1;
  if (nt <= 1) {
    run_share(&S, 0, 1); /* no team at all: small transforms pay no start-up */
    return;
  }
  WHT__OMP(omp parallel num_threads(nt))
  {
    wht__team_note_here();
    run_share(&S, (uint64_t)wht__thread_num(), (uint64_t)wht__num_threads());
  }
}
