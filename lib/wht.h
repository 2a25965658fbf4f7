/* wht.h - public API of libwht, the whtlab Fast Walsh-Hadamard Transform library.
 *
 * Plan-and-execute, in the style of FFTW and cuFFT (DESIGN.md section 2):
 * a plan fixes the length n = 2^k, the batch count, the number format, the
 * algorithm (by registry name) and the backend; wht_execute transforms in place
 * y = H_n x (unnormalised) for each of the `batch` consecutive rows.
 * Host data of f16/bf16 plans are uint16_t bit patterns.
 * Nothing in the library prints or exits: every call that can fail returns a
 * wht_status (wht_plan_create through its last argument). */
#ifndef WHT_H
#define WHT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  WHT_F64 = 0,
  WHT_F32 = 1,
  WHT_F16 = 2, /* IEEE binary16, host storage uint16_t */
  WHT_BF16 = 3, /* bfloat16, host storage uint16_t */
  WHT_NFORMATS = 4
} wht_format;

typedef enum {
  WHT_BACKEND_CPU = 0,
  WHT_BACKEND_GPU = 1,
  WHT_NBACKENDS = 2
} wht_backend;

typedef enum {
  WHT_OK = 0,
  WHT_E_NULL,           /* a required pointer argument is NULL */
  WHT_E_SIZE,           /* n is 0 or not a power of two, or batch is 0, or n*batch overflows 64
                           bits, or the data's bytes (n*batch*element size) overflow size_t */
  WHT_E_ALGORITHM,      /* no algorithm of that name in the registry */
  WHT_E_FORMAT,         /* format value out of range */
  WHT_E_ALGO_FORMAT,    /* the algorithm has no implementation in that format */
  WHT_E_BACKEND,        /* backend value out of range, or the algorithm lacks that backend */
  WHT_E_NO_GPU,         /* GPU backend asked for but not compiled in or no device present */
  WHT_E_FLAGS,          /* unknown flag bits */
  WHT_E_NOMEM,          /* host or device allocation failed */
  WHT_E_CUDA,           /* a CUDA call failed */
  WHT_E_OPERATION,      /* operation value out of range (measure/wht_ops.h) */
  WHT_E_CALLBACK,       /* a caller's transform failed (wht_op_execute_fn, measure/wht_ops.h) */
  WHT_E_THREADS,        /* thread count out of range (wht_set_threads) */
  WHT_E_BOUND_KIND,     /* bound kind out of range (wht_error_bound) */
  WHT_E_NO_BOUND,       /* the algorithm has no error bound of the gamma form (wht_error_bound) */
  WHT_E_TAU,            /* the smoothed operation's tau is NaN, infinite, negative or infinite once
                           rounded to the format (measure/wht_ops.h) */
  WHT_E_ALIGN,          /* a data pointer is not a multiple of its element size (wht_execute,
                           wht_store_doubles, wht_load_doubles) */
  WHT_E_OVERLAP,        /* the destination array overlaps the source (wht_store_doubles,
                           wht_load_doubles) */
  WHT_E_ENVIRONMENT,    /* an environment knob of libwht has a value it does not accept
                           (wht_check_environment) */
  WHT_NSTATUS
} wht_status;

/* Plan flags. */
enum {
  /* GPU plans: x passed to wht_execute is a host pointer; the plan copies it to
   * the device and back. Without it a GPU plan takes a device pointer. */
  WHT_HOST_POINTER = 1u << 0,
  WHT_FLAGS_ALL = WHT_HOST_POINTER
};

typedef struct wht_plan wht_plan;

/* One transform of length n. `algorithm` is a registry name spelled
 * exactly (wht_algorithm_at's names: lower case, '-'), not matched as
 * wht_name_matches does. */
wht_plan *wht_plan_create(uint64_t n, wht_format fmt, const char *algorithm,
                          wht_backend backend, unsigned flags, wht_status *st);
/* `batch` independent transforms of length n on consecutive rows. */
wht_plan *wht_plan_create_batched(uint64_t n, uint64_t batch, wht_format fmt,
                                  const char *algorithm, wht_backend backend,
                                  unsigned flags, wht_status *st);
/* x: the plan's n*batch elements, its address a multiple of the element
 * size (WHT_E_ALIGN otherwise). A plan owns its workspace, so one plan
 * runs one wht_execute at a time; different plans may run on different
 * threads at once, like cuFFT's plans.
 * GPU plans without WHT_HOST_POINTER run asynchronously on the default
 * stream, like a cuFFT exec: launch errors are returned at once, an error
 * while a kernel runs is reported by the next synchronizing CUDA call. */
wht_status wht_execute(wht_plan *p, void *x);
void wht_plan_destroy(wht_plan *p);
const char *wht_strerror(wht_status st);

/* ---- threads ------------------------------------------------------------ */
/* Host threads of libwht's threaded loops: the exact oracle (wht_oracle.h),
 * whole-array format conversions (wht_store_doubles, wht_load_doubles), the
 * operations' element-wise steps (wht_ops.h) and the metrics
 * (wht_metrics.h), and the CPU transforms from 2^15 elements on.
 * No result depends on the count (DESIGN.md section 8). n >= 1 sets it for
 * the process, 0 restores the default: OpenMP's, i.e. every core or
 * OMP_NUM_THREADS. WHT_E_THREADS for n < 0 or n > WHT_MAX_THREADS. A build
 * without OpenMP accepts the same values and runs serial. */
#define WHT_MAX_THREADS 1024
wht_status wht_set_threads(int n);
/* The count the threaded loops use now (1 in a build without OpenMP):
 * the process's count, at most the calling thread's cap. */
int wht_get_threads(void);
/* A cap on the threads of the loops the calling thread starts (0: none,
 * the default): a program that runs several libwht calls side by side on
 * threads of its own (wht-sweep's metrics workers) gives each its share of
 * the cores. WHT_E_THREADS for n < 0 or n > WHT_MAX_THREADS. */
wht_status wht_set_thread_cap(int n);

/* ---- host memory ---------------------------------------------------------- */
/* Host memory for data a GPU plan with WHT_HOST_POINTER (or the GPU oracle)
 * copies to and from the device: page-locked when a GPU is present and the
 * system grants it, so the copies run at the bus's speed instead of through
 * the driver's staging buffer; ordinary malloc memory otherwise. The
 * contents are undefined. Free it with wht_host_free (either kind; NULL is
 * ignored). NULL when out of memory. */
void *wht_host_alloc(size_t bytes);
void wht_host_free(void *p);

/* ---- device memory -------------------------------------------------------- */
/* GPU memory for GPU plans without WHT_HOST_POINTER and for the oracle on
 * resident data (wht_oracle_run_resident), so that a C or Python caller
 * needs no CUDA headers. wht_device_alloc: *p = bytes of device memory
 * (contents undefined), WHT_E_NO_GPU without a GPU, WHT_E_NOMEM when the
 * device has too little. wht_device_put copies host -> device,
 * wht_device_get device -> host after the device's earlier work (so it
 * also reports an error of an asynchronous launch: WHT_E_CUDA). */
wht_status wht_device_alloc(void **p, size_t bytes);
void wht_device_free(void *p);
wht_status wht_device_put(void *device_dst, const void *host_src, size_t bytes);
wht_status wht_device_get(void *host_dst, const void *device_src, size_t bytes);

/* ---- names -------------------------------------------------------------- */
/* 1 when `given` names `canonical`: case ignored, '_' and '-' equivalent;
 * 0 otherwise or when either is NULL. */
int wht_name_matches(const char *given, const char *canonical);

/* ---- formats ---------------------------------------------------------- */
/* For f outside wht_format the numbers below are 0, and the arithmetic and
 * wht_round_to_format give NaN. */
const char *wht_format_name(wht_format f);               /* "f64", ... ; NULL if out of range */
int wht_format_from_name(const char *name, wht_format *f); /* 0 on success, -1 unknown or NULL */
size_t wht_format_size(wht_format f);                    /* bytes per element */
int wht_format_precision(wht_format f);                  /* significand bits p incl. hidden bit */
int wht_format_emin(wht_format f);                       /* exponent of the smallest normal */
int wht_format_emax(wht_format f);                       /* exponent of the largest finite */
double wht_format_unit_roundoff(wht_format f);           /* u = 2^-p */

/* Correctly rounded (nearest-even, subnormals kept, overflow to inf, NaN kept). */
uint16_t wht_f16_from_double(double x);
uint16_t wht_bf16_from_double(double x);
double wht_f16_to_double(uint16_t h);
double wht_bf16_to_double(uint16_t h);
/* Round x to format f and return the rounded value as a double (exact). */
double wht_round_to_format(double x, wht_format f);
/* Array conversions: dst holds n elements of format f. WHT_E_FORMAT for f
 * outside wht_format; for n > 0, WHT_E_NULL for a NULL array, WHT_E_ALIGN
 * for an array whose address is not a multiple of its element size,
 * WHT_E_OVERLAP when dst and src share a byte (the threads would read what
 * another wrote); nothing is written then. Else WHT_OK. */
wht_status wht_store_doubles(wht_format f, void *dst, const double *src, size_t n);
wht_status wht_load_doubles(wht_format f, double *dst, const void *src, size_t n);

/* Host arithmetic in a format, correctly rounded (used by drivers and tests). */
double wht_format_add(wht_format f, double a, double b);
double wht_format_sub(wht_format f, double a, double b);
double wht_format_mul(wht_format f, double a, double b);

/* ---- algorithm registry ----------------------------------------------- */
typedef struct {
  const char *name;
  unsigned formats;   /* bit (1u << fmt) per supported format */
  unsigned backends;  /* bit (1u << backend) per backend with an implementation */
  const char *notes;
  /* The forward error bound of its one-way transform y = H_n x, n = 2^k,
   * in a format of unit roundoff u (DESIGN.md section 4, "Error bounds"):
   * for every input without overflow and every i,
   *     |y_i - (H_n x)_i| <= gamma_m sum_j |x_j|,  gamma_m = m u / (1 - m u),
   * with m = bound_stage_factor * k + bound_extra
   * + bound_block_factor * ceil(k / B) roundings, B = bound_block_stages or
   * 3 where that is 0 (the last term for the algorithms that round once per
   * block of at most B stages, or per block of whole groups of which there
   * are at most ceil(k / B)). All three factors 0: no
   * bound of this form (tensor-core: its bound has an absolute term and
   * rests on an assumption about the hardware, lib/tensor_core_model.c). */
  unsigned bound_stage_factor, bound_extra;
  /* 1 when moreover ||y - H_n x||_2 <= ((1 + u)^m - 1) ||H_n x||_2 with the
   * same m (folklore: each stage is sqrt(2) times an orthogonal map and
   * rounds each output once); 0 otherwise. */
  unsigned bound_normwise;
  unsigned bound_block_factor; /* after the others, so that they keep their places */
  unsigned bound_block_stages; /* B above (0: 3); last for the same reason */
} wht_algorithm_info;

size_t wht_algorithm_count(void);
const wht_algorithm_info *wht_algorithm_at(size_t i);        /* NULL for i >= the count */
const wht_algorithm_info *wht_algorithm_find(const char *name); /* the exact name; NULL if none */

/* What wht_error_bound bounds, for the one-way transform of n = 2^k. */
typedef enum {
  WHT_BOUND_ELEMENTWISE = 0, /* gamma_m: max_i |y_i - (H_n x)_i| <= bound * sum_j |x_j| */
  WHT_BOUND_NORM_REL = 1,    /* ||y - H_n x||_2 / ||H_n x||_2 (the metric norm_rel) over every
                                input x != 0: (1 + u)^m - 1 with bound_normwise, else
                                sqrt(n) gamma_m (sum_j |x_j| <= sqrt(n) ||x||_2) */
  WHT_NBOUND_KINDS
} wht_bound_kind;

/* The registry's bound (above) of `kind` for `algorithm` in format f at
 * n = 2^k, k <= 63, into *bound, rounded upwards by a relative 2^-40 (more
 * than the error of its evaluation in double): +inf when m u >= 1. Fails
 * with WHT_E_NULL, WHT_E_ALGORITHM, WHT_E_FORMAT, WHT_E_ALGO_FORMAT,
 * WHT_E_SIZE (k > 63), WHT_E_BOUND_KIND, or WHT_E_NO_BOUND (all factors
 * 0), leaving *bound unchanged. */
wht_status wht_error_bound(const char *algorithm, wht_format f, unsigned k,
                           wht_bound_kind kind, double *bound);

/* Whether the GPU backend was compiled in and a device is present. */
int wht_gpu_available(void);

/* ---- environment ---------------------------------------------------------- */
/* libwht reads a few environment variables, measurement and test settings
 * ("knobs": WHT_METRICS_CHUNK, WHT_TC_SHORT12_MIN, the GPU kernels'
 * WHT_GPU_* and WHT_TC_*; lib/environment.c lists every one with the values
 * it accepts): each once, at its first use. A value is plain decimal
 * digits within the knob's values; unset or empty is the default, and so,
 * silently, is a value the knob does not accept. A program checks them at
 * its start instead: WHT_OK when every knob set has a value it accepts,
 * else WHT_E_ENVIRONMENT with why (len bytes, NUL-terminated; NULL or 0
 * for none) the first such one in the words "environment NAME='VALUE':
 * not accepted (accepted: ..., or unset)", which the programs print after
 * their name. */
wht_status wht_check_environment(char *why, size_t len);

#ifdef __cplusplus
}
#endif
#endif
