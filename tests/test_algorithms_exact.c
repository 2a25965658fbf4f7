/* test_algorithms_exact - every algorithm in every format against the exact
 * O(n^2) product for k = 0..10 on data whose every intermediate is
 * representable in the format, so the result must be exact:
 *  - sparse: at most 3 nonzeros in {+-1, +-2}, all formats (partial sums
 *    stay small integers, or halves after Alman-Rao's prescaling);
 *  - dense +-1 in f64 and f32 (sums stay below 2^24). */
#include "algo_check.h"

static void fill_sparse(double *x, uint64_t n)
{
  memset(x, 0, n * sizeof *x);
  for (int t = 0; t < 3; t++) {
    uint64_t i = chk_rand() % n;
    x[i] = (double)((chk_rand() & 1) + 1) * ((chk_rand() & 2) ? 1 : -1);
  }
}

static void fill_pmone(double *x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++) x[i] = (chk_rand() & 1) ? 1.0 : -1.0;
}

int main(void)
{
  const uint64_t nmax = 1u << 10;
  double *x = malloc(nmax * sizeof *x), *y = malloc(nmax * sizeof *y), *v = malloc(nmax * sizeof *v);
  for (size_t a = 0; a < wht_algorithm_count(); a++) {
    if (!(wht_algorithm_at(a)->backends & (1u << WHT_BACKEND_CPU))) continue; /* GPU-only rows */
    const char *name = wht_algorithm_at(a)->name;
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      wht_format f = all_formats[fi];
      int dense = f == WHT_F64 || f == WHT_F32;
      long bad_k = -1;
      for (unsigned k = 0; k <= 10 && bad_k < 0; k++) {
        uint64_t n = (uint64_t)1 << k;
        for (int rep = 0; rep < 4 && bad_k < 0; rep++) {
          if (dense && rep % 2) fill_pmone(x, n); else fill_sparse(x, n);
          walsh_product(x, v, n);
          if (run_cpu(name, f, x, y, n, 1) != WHT_OK || first_diff(y, v, n) >= 0) bad_k = k;
        }
      }
      tap_ok(bad_k < 0, "%s %s: exact on representable data for k = 0..10%s (first failing k: %ld)",
             name, wht_format_name(f), dense ? " (sparse and dense +-1)" : " (sparse)", bad_k);
    }
  }
  free(x); free(y); free(v);
  return tap_done();
}
