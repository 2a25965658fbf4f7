/* wht_internal.h - what the library's own files share: the algorithm
 * descriptor of the registry, the plan, and the CPU stage-group interface.
 * Not installed; symbols are prefixed wht__. */
#ifndef WHT_INTERNAL_H
#define WHT_INTERNAL_H

#include "wht.h"

/* Context of one CPU execution: the data, its error workspace (compensated
 * algorithms, same format as x, else NULL), the row length n = 2^k. */
typedef struct {
  void *x;
  void *e;
  uint64_t n;
  unsigned k;
} wht__cpu_ctx;

/* Apply stages s .. s+c-1 (0 <= c <= 3) to `count` consecutive super-blocks
 * of 2^(s+c) elements starting at element `base` (counted over all rows).
 * A super-block is m = 2^s columns of 2^c lanes m apart; the group runs
 * columns j .. j+cols-1 of each, where j = base mod m (cols = m and base
 * aligned: whole super-blocks; fewer: a thread's share that begins or ends
 * inside one, schedule.c). Every CPU path is a stage-group function: the
 * scheduler calls group (s = 0, c = k mod 3) first, then groups of three
 * stages, in increasing s; the call with s + c == k is an element's last
 * and applies any final step (Kahan's y = x - e). Columns and butterflies
 * of one stage are independent and each column's arithmetic is the same
 * whoever runs it, so any blocking or split of this schedule gives the same
 * bits. */
typedef void (*wht__cpu_group_fn)(const wht__cpu_ctx *ctx, uint64_t base,
                                  uint64_t count, unsigned s, unsigned c, uint64_t cols);

/* GPU entry: transform batch rows of n = 2^k at device pointer dx in place,
 * using device workspace dwork (NULL when work_per_elem is 0). */
typedef wht_status (*wht__gpu_fn)(void *dx, uint64_t n, unsigned k,
                                  uint64_t batch, void *dwork);

typedef struct {
  wht_algorithm_info info;
  unsigned work_per_elem;              /* workspace elements (of the format) per element */
  const wht__cpu_group_fn *cpu;        /* per format; NULL entry: none in that format */
  const wht__gpu_fn *gpu;              /* per format, or NULL when not compiled in */
  unsigned cpu_work_per_elem;          /* more workspace elements per element, CPU plans only
                                          (widened-pass: its wide values between groups) */
} wht__algorithm;

const wht__algorithm *wht__algorithm_lookup(const char *name);

struct wht_plan {
  uint64_t n, batch;
  unsigned k;
  wht_format fmt;
  wht_backend backend;
  unsigned flags;
  const wht__algorithm *algo;
  void *work;      /* host (CPU) or device (GPU) workspace */
  void *dbuf;      /* GPU plans with WHT_HOST_POINTER: device copy of the data */
};

/* CPU scheduler: runs every stage group of `a` in format f over the plan. */
void wht__cpu_execute(const wht__algorithm *a, wht_format f, void *x, void *e,
                      uint64_t n, unsigned k, uint64_t batch);

/* GPU plumbing (kernels/ when CUDA is compiled in; lib/gpu_none.c otherwise). */
int wht__gpu_present(void);
wht_status wht__gpu_alloc(void **p, size_t bytes);
void wht__gpu_free(void *p);
/* page-locked host memory: NULL when no GPU or refused; free returns 0
 * when p was such memory (and frees it), -1 otherwise */
void *wht__gpu_host_alloc(size_t bytes);
int wht__gpu_host_free(void *p);
wht_status wht__gpu_copy(void *dst, const void *src, size_t bytes, int to_device);

/* Stored values to doubles (exact) on the calling thread, dst[i] from
 * element i of src, i < n: wht_load_doubles without the threads, for
 * callers that convert a block at a time inside their own (the metrics). */
void wht__load_doubles_serial(wht_format f, double *dst, const void *src, size_t n);
/* format_load_avx512.c: the first (n / 16) * 16 elements of an f32, f16
 * or bf16 array as wht__load_doubles_serial does them, sixteen at a time;
 * returns how many it did (0 for f64 or without AVX-512F). Only where
 * wht__format_load_simd(); the force switch is for the tests. */
int wht__format_load_simd(void);
void wht__format_load_force_scalar(int on);
size_t wht__format_load_avx512(wht_format f, double *dst, const void *src, size_t n);

#endif
