/* gpu_util.h - GPU helpers beyond lib's plumbing (wht_internal.h), for the
 * GPU tests and wht-bench: memset, synchronization, the device's name, the
 * tile-size override, and the host emulation of the GPU passes. Internal
 * (wht__ prefix); only present when CUDA is compiled in. */
#ifndef WHT_KERNELS_GPU_UTIL_H
#define WHT_KERNELS_GPU_UTIL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#include "wht_internal.h"

wht_status wht__gpu_memset(void *d, int byte, size_t bytes);
/* Wait for the device; reports an error of any kernel run since the last check. */
wht_status wht__gpu_sync(void);
/* The current device (0..WHT__MAX_DEVICES-1), or -1. Per-device state,
 * such as a kernel's raised shared-memory limit (it belongs to the
 * device's context), is kept in arrays of WHT__MAX_DEVICES. */
#define WHT__MAX_DEVICES 64
int wht__gpu_current_device(void);
/* Name of device 0 into buf ("none" without one); 0 on success. */
int wht__gpu_device_name(char *buf, size_t len);

/* Force the tile size of the passes (2^t elements; 0: automatic). The
 * environment variable WHT_GPU_TILE_LOG2 sets the initial value. */
void wht__gpu_set_tile_log2(unsigned t);
unsigned wht__gpu_tile_log2(void);
/* Allow (1) or forbid (0) tiles spread over a cluster of two thread blocks
 * (kernels/pass_plan.h); the environment variable WHT_GPU_CLUSTER sets
 * the initial value (default 1). The GPU uses them where the device can
 * launch clusters; the host emulation whenever they are allowed. */
void wht__gpu_set_cluster(int on);
/* Allow (1) or forbid (0) the small transforms' plans off a handful of
 * blocks (kernels/pass_plan.h, wht__plan_small_tiles); the environment
 * variable WHT_GPU_SMALL_TILES sets the initial value (default 1). */
void wht__gpu_set_small_tiles(int on);
/* Alman-Rao's schedule's long rows with block rows first (kernels/pass_plan.h,
 * wht__plan_sar_blk_first): 0 never, 1 by policy, 2 wherever they can;
 * the environment variable WHT_GPU_SINGLE_AR_BLK1 sets the initial value
 * (default 1). */
void wht__gpu_set_sar_blk_first(int mode);
/* ... their strided passes of 9 stages on the rolled kernel
 * (kernels/pass_plan.h, wht__plan_sar_rolled): 0 never, 1 by policy, 2
 * always; the environment variable WHT_GPU_SAR_ROLLED sets the initial
 * value (default 1). */
void wht__gpu_set_sar_rolled(int mode);
/* ... in the column form (kernels/pass_plan.h, wht__plan_sar_rolled_cols):
 * 1 the column pairs, 0 the word rounds; the environment variable
 * WHT_GPU_SAR_ROLLED_Q sets the initial value (default 1). */
void wht__gpu_set_sar_rolled_cols(int mode);
/* L2 blocking (kernels/pass_plan.h): chunks of 2^b bytes (0: none) for
 * the algorithms without an error array (compensated = 0) or with one;
 * the environment variables WHT_GPU_L2_CHUNK (default 23) and
 * WHT_GPU_L2_CHUNK_COMPENSATED (default 0) set the initial values. */
void wht__gpu_set_l2_chunk(unsigned b, int compensated);
/* Whether GPU plans of the current device use clusters: allowed, the
 * device launches clusters and the kernels were built for it (sm_90+). */
int wht__gpu_clusters_usable(void);
/* The smallest tile the planner accepts for format f (log2 of elements). */
unsigned wht__gpu_tile_log2_min(wht_format f);
/* Passes over device memory a GPU transform of this shape takes with the
 * current settings (an L2-blocked pair counting one). */
unsigned wht__gpu_pass_count(const char *algorithm, wht_format f, uint64_t n, uint64_t batch);
/* The tile (log2 of elements) of the tiles' plan of this shape with the
 * current settings, whether or not the algorithm's own kernels take it
 * (0: an algorithm without one: tensor-core, widened-pass). */
unsigned wht__gpu_tiles_tile_log2(const char *algorithm, wht_format f, uint64_t n, uint64_t batch);

/* Out of place: transform the batch rows at device pointer src into dst
 * (src is left unchanged; its first pass reads src and writes dst). */
typedef wht_status (*wht__gpu_out_fn)(const void *src, void *dst, uint64_t n, unsigned k,
                                      uint64_t batch, void *dwork);
extern const wht__gpu_out_fn wht__folklore_gpu_out[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__kahan_gpu_out[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__neumaier_gpu_out[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__alman_rao_gpu_out[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__kahan_block_gpu_out[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__neumaier_block_gpu_out[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__widened_gpu_out[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__widened_pass_gpu_out[WHT_NFORMATS];
/* An algorithm's round cap in format f (0: its schedule's rounds;
 * pass_run.cuh, wht__limits), for the planner outside the kernels. */
typedef unsigned (*wht__round_cap_fn)(wht_format f);
unsigned wht__folklore_round_cap(wht_format f);
unsigned wht__kahan_round_cap(wht_format f);
unsigned wht__neumaier_round_cap(wht_format f);
unsigned wht__alman_rao_round_cap(wht_format f);
unsigned wht__kahan_block_round_cap(wht_format f);
unsigned wht__neumaier_block_round_cap(wht_format f);
unsigned wht__widened_round_cap(wht_format f);
/* widened-pass's first block as rows on the register kernels
 * (kernels/widened_pass.cu): its stages for rows of 2^k (16-byte aligned
 * data; any batch), or 0 where the tiles take it. */
unsigned wht__widened_pass_first_rows(wht_format f, unsigned k);
/* kahan's and neumaier's long rows in register passes
 * (kernels/single_comp.cuh): 2 (passes over device memory) where rows of
 * 2^k, N elements in all, take them (16-byte aligned data; the current
 * device's shared memory, where there is one), else 0. */
unsigned wht__kahan_single_passes(wht_format f, unsigned k, uint64_t N);
unsigned wht__neumaier_single_passes(wht_format f, unsigned k, uint64_t N);
/* Alman-Rao's and the block algorithms' (kernels/single_ar.cuh): their
 * passes over device memory (the L2-blocked pair one) where rows of 2^k,
 * N elements in all, take them (16-byte aligned data), else 0. */
unsigned wht__alman_rao_single_passes(wht_format f, unsigned k, uint64_t N);
unsigned wht__kahan_block_single_passes(wht_format f, unsigned k, uint64_t N);
unsigned wht__neumaier_block_single_passes(wht_format f, unsigned k, uint64_t N);
unsigned wht__widened_single_passes(wht_format f, unsigned k, uint64_t N);
/* The plan's transform out of place (a GPU plan taking device pointers). */
wht_status wht__gpu_execute_out_of_place(const wht_plan *p, const void *src, void *dst);

/* Host emulation of each algorithm's GPU passes (same tiles, rounds and
 * operations, host pointers): the tiling is checked without a device. */
extern const wht__gpu_fn wht__folklore_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_fn wht__kahan_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_fn wht__neumaier_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_fn wht__alman_rao_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_fn wht__kahan_block_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_fn wht__neumaier_block_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_fn wht__widened_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_fn wht__widened_pass_gpu_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__folklore_gpu_out_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__kahan_gpu_out_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__neumaier_gpu_out_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__alman_rao_gpu_out_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__kahan_block_gpu_out_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__neumaier_block_gpu_out_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__widened_gpu_out_emulated[WHT_NFORMATS];
extern const wht__gpu_out_fn wht__widened_pass_gpu_out_emulated[WHT_NFORMATS];

/* The GPU kernel's Neumaier recoveries (kernels/neumaier.cu) on the host,
 * before "+ Es" / "+ Ed": ea[i] = eA'(Ap[i], A[i], B[i]) and
 * eb[i] = eB'(Bp[i], A[i], B[i]) for i < n, arrays of format f (f16 and
 * bf16 as bit patterns), in the kernels' arithmetic (cuda_fp16's host
 * paths for f16, bf16) or, in_float = 1 and f16/bf16, in float rounded
 * once per operation (the same values, faster), or, in_float = 2 and
 * f16/bf16, on lane pairs as the kernels' packed rounds run them (elements
 * 2j and 2j + 1 in one register); first: the first stage's form instead
 * (eA = eB = +0: A' = A + B and B' = A - B rounded, Ap and Bp unread;
 * compensated_err.cuh's az, bz); for tests/test_neumaier_form. */
void wht__neumaier_err_host(wht_format f, int in_float, int first, size_t n, const void *Ap,
                            const void *Bp, const void *A, const void *B, void *ea, void *eb);

#ifdef __cplusplus
}
#endif

#ifdef __CUDACC__
/* Ask L2 for bytes (a multiple of 16, 16-byte aligned) at p, one
 * instruction (cp.async.bulk.prefetch.L2; sm_90): a hint, so whatever it
 * reads, a later load sees what was written before it (L2 is where device
 * memory is coherent). The rows kernels' look-ahead (rows_reg.cuh,
 * tensor_core_tile.cuh). */
__device__ __forceinline__ void wht__l2_prefetch(const void *p, unsigned bytes)
{
#if __CUDA_ARCH__ >= 900
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(bytes) : "memory");
#endif
}
#endif
#endif
