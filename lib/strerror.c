/* strerror.c - text of each wht_status (indexed table). */
#include "wht.h"

static const char *const messages[WHT_NSTATUS] = {
  [WHT_OK] = "success",
  [WHT_E_NULL] = "a required pointer argument is NULL",
  [WHT_E_SIZE] = "size must be a power of two n >= 1 and a batch count >= 1 whose product fits in 64 bits "
                 "and its bytes in size_t",
  [WHT_E_ALGORITHM] = "unknown algorithm name",
  [WHT_E_FORMAT] = "unknown format (accepted: f64, f32, f16, bf16)",
  [WHT_E_ALGO_FORMAT] = "the algorithm has no implementation in this format",
  [WHT_E_BACKEND] = "unknown backend, or the algorithm has no implementation on it",
  [WHT_E_NO_GPU] = "GPU backend requested but CUDA support is not compiled in or no device is present",
  [WHT_E_FLAGS] = "unknown plan flags",
  [WHT_E_NOMEM] = "out of memory",
  [WHT_E_CUDA] = "a CUDA call failed",
  [WHT_E_OPERATION] = "unknown operation (accepted: one-way, two-way, smoothed, xor-conv)",
  [WHT_E_CALLBACK] = "the caller's transform failed",
  [WHT_E_THREADS] = "thread count out of range (accepted: 0 for the default, 1 to 1024)",
  [WHT_E_BOUND_KIND] = "unknown error bound kind (accepted: WHT_BOUND_ELEMENTWISE, WHT_BOUND_NORM_REL)",
  [WHT_E_NO_BOUND] = "the algorithm has no error bound of the gamma form (its registry factors are 0)",
  [WHT_E_TAU] = "tau of the smoothed operation out of range (accepted: a finite value >= 0 that stays finite "
                "rounded to the format)",
  [WHT_E_ALIGN] = "a data pointer is not aligned to its element size (2 bytes: f16, bf16; 4: f32; 8: f64, double)",
  [WHT_E_OVERLAP] = "the destination array overlaps the source array",
  [WHT_E_ENVIRONMENT] = "an environment variable of libwht has a value it does not accept (wht_check_environment "
                       "names it and the accepted values)",
};

const char *wht_strerror(wht_status st)
{
  if ((unsigned)st >= WHT_NSTATUS) return "unknown status code";
  return messages[st];
}
