/* test_widened_pass_plan - the passes over device memory that the GPU
 * takes for widened-pass (kernels/widened_pass.cu, DESIGN.md section 5):
 * all blocks in one pass where the tile (64 KB of wide values: 2^14, 2^13,
 * 2^12 elements) holds a row, else one per block of lib/pass_blocks.h, the
 * first on the register rows kernels where those take it (f32 rows longer
 * than 2^14, f16/bf16 longer than 2^15), with the second on the strided
 * register tiles as one L2-blocked pair (kernels/wide_strided.cuh) where
 * the first is at most a warp's rows (f32 2^10, f16 and bf16 2^10 and
 * 2^11) and the data span 2..8192
 * chunks of the two blocks and at least 4096 tiles (2^13 elements of f32,
 * 2^14 of f16 and bf16), else the first two as one
 * L2-blocked pass where both fit a chunk of 8 MiB of the
 * format (2^22 f16/bf16, 2^21 f32, 2^20 f64 elements), their tiles are of
 * one size and the data span 2..8192 chunks. Each row of
 * the table below derives its count by hand from those rules, so a change
 * of the blocks, the tiles or the pairing shows up here; so does which
 * first blocks run as rows on the register kernels (wht__wpass_rows1).
 * The plan is host code: no device needed; skips without CUDA. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_internal.h"
#include "gpu_util.h"

static const struct {
  wht_format f;
  unsigned k;
  uint64_t batch;
  unsigned passes;
  const char *why;
} cases[] = {
  { WHT_F16, 0, 1, 0, "no stage" },
  { WHT_F16, 10, (uint64_t)1 << 18, 1, "one block" },
  { WHT_F16, 12, (uint64_t)1 << 16, 1, "one block of 12" },
  { WHT_F16, 13, (uint64_t)1 << 15, 1, "(10, 3): the 2^14 tile holds a row, both blocks in one pass" },
  { WHT_F16, 14, (uint64_t)1 << 14, 1, "(11, 3): the 2^14 tile holds a row, both blocks in one pass" },
  { WHT_F16, 14, 1, 1, "(11, 3): a single vector of one tile, one pass" },
  { WHT_F16, 15, (uint64_t)1 << 13, 1, "(12, 3): 8192 chunks of 2^15, one pair" },
  { WHT_F16, 20, 1, 2, "(11, 9): rows of 2^11, then a strided register pass (one chunk: no pair)" },
  { WHT_F16, 20, 4, 2, "(11, 9): 4 chunks but 256 tiles: rows of 2^11, then a strided pass" },
  { WHT_F16, 22, 1, 3, "(10, 6, 6): 64 chunks but 256 tiles: rows, then a strided pass a block" },
  { WHT_F16, 25, 1, 3, "(10, 9, 6): 2048 tiles, no register pair" },
  { WHT_F16, 26, 1, 2, "(11, 9, 6): the register pair over 64 chunks, 4096 tiles, then a strided pass" },
  { WHT_F16, 20, 1024, 1, "(11, 9): the register pair over 1024 chunks of the whole row" },
  { WHT_F16, 24, 1, 3, "(12, 6, 6): rows of 2^12 (a block of 2 warps: no pair), then a strided pass a block" },
  { WHT_F16, 28, 1, 2, "(10, 9, 9): the register pair over 512 chunks of 2^19, then a strided pass" },
  { WHT_BF16, 28, 1, 2, "as f16" },
  { WHT_F32, 13, (uint64_t)1 << 15, 1, "(10, 3): the 2^13 tile holds a row, both blocks in one pass" },
  { WHT_F32, 14, (uint64_t)1 << 14, 2, "(11, 3): a row is larger than the 2^13 tile; 16384 chunks, no pair" },
  { WHT_F32, 14, (uint64_t)1 << 13, 1, "(11, 3): a row is larger than the 2^13 tile; 8192 chunks, one pair" },
  { WHT_F32, 16, (uint64_t)1 << 13, 1, "(10, 6): the register pair over 8192 chunks" },
  { WHT_F32, 16, (uint64_t)1 << 14, 2, "(10, 6): 16384 chunks, no pair: rows, then a strided pass" },
  { WHT_F32, 19, 2, 2, "(10, 9): 2 chunks but 128 tiles: rows, then a strided pass" },
  { WHT_F32, 25, 1, 2, "(10, 9, 6): the register pair over 64 chunks, 4096 tiles, then a strided pass" },
  { WHT_F32, 28, 1, 2, "(10, 9, 9): the register pair over 512 chunks of 2^19, then a strided pass" },
  { WHT_F32, 30, 1, 3, "(12, 9, 9): rows of 2^12 (a block of 4 warps: no pair), then a strided pass a block" },
  { WHT_F64, 13, (uint64_t)1 << 15, 2, "(10, 3): a row is larger than the 2^12 tile; 32768 chunks, no pair" },
  { WHT_F64, 27, 1, 3, "(12, 9, 6): 21 stages, more than f64's chunk of 2^20" },
  { WHT_F64, 28, 1, 2, "(10, 9, 9): pair of 19 <= 20 stages" },
  { WHT_F64, 30, 1, 3, "(12, 9, 9): 21 > 20" },
};

int main(void)
{
  unsetenv("WHT_GPU_WPASS_RPAIR"); /* the default plan */
  unsetenv("WHT_GPU_WPASS_STRIDED");
  wht__gpu_set_l2_chunk(23, 0); /* the default, whatever WHT_GPU_L2_CHUNK says */
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const unsigned got =
        wht__gpu_pass_count("widened-pass", cases[i].f, (uint64_t)1 << cases[i].k, cases[i].batch);
    tap_ok(got == cases[i].passes, "widened-pass %s 2^%u x %llu: %u passes over device memory (got %u): %s",
           wht_format_name(cases[i].f), cases[i].k, (unsigned long long)cases[i].batch, cases[i].passes, got,
           cases[i].why);
  }
  /* the first block as rows of its own on the register kernels where the
   * rows kernels never take the whole row (f32: k > 14, f16/bf16: k > 15)
   * and the block has at most 12 (f32) or 13 stages (alone, or in the
   * register pair above); the later blocks then take a strided pass each
   * (no tiles' pair: a pair's chunks start at stage 0) */
  static const struct {
    wht_format f;
    unsigned k;
    uint64_t batch;
    unsigned s1;
    const char *why;
  } first[] = {
    { WHT_F32, 28, 1, 10, "(10, 9, 9): rows of 2^10" },
    { WHT_F16, 28, 1, 10, "(10, 9, 9): as f32" },
    { WHT_BF16, 28, 1, 10, "(10, 9, 9): as f32" },
    { WHT_F32, 30, 1, 12, "(12, 9, 9): rows of 2^12 (a block of 4 warps)" },
    { WHT_F32, 19, 1, 10, "(10, 9): rows of 2^10" },
    { WHT_F16, 20, 4, 11, "(11, 9): rows of 2^11 (a warp), even where the tiles would pair both blocks" },
    { WHT_F16, 24, 1, 12, "(12, 6, 6): rows of 2^12 (a block of 2 warps)" },
    { WHT_F32, 14, (uint64_t)1 << 14, 0, "k <= 14: the rows kernels or the tiles take the whole row" },
    { WHT_F64, 28, 1, 0, "f64 has no rows kernel" },
  };
  for (size_t i = 0; i < sizeof first / sizeof first[0]; i++) {
    const unsigned got = wht__widened_pass_first_rows(first[i].f, first[i].k);
    tap_ok(got == first[i].s1, "widened-pass %s 2^%u x %llu: first block as rows of 2^%u (got %u): %s",
           wht_format_name(first[i].f), first[i].k, (unsigned long long)first[i].batch, first[i].s1, got, first[i].why);
  }
  wht__gpu_set_l2_chunk(0, 0);
  tap_ok(wht__gpu_pass_count("widened-pass", WHT_F16, (uint64_t)1 << 28, 1) == 3,
         "widened-pass f16 2^28 without L2 blocking (chunk 0): 3 passes, one per block");
  tap_ok(wht__gpu_pass_count("widened-pass", WHT_F32, (uint64_t)1 << 16, (uint64_t)1 << 13) == 2,
         "widened-pass f32 2^16 x 8192 without L2 blocking (chunk 0): 2 passes, no register pair");
  return tap_done();
}
#endif
