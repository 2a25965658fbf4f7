/* test_identities - algebraic identities of H_n on exact data, for every
 * algorithm and format: linearity, impulse -> Walsh row, H(Hx) = n x,
 * dyadic (XOR) shift, Parseval. Data are at most two nonzeros in {+-1}, so
 * every intermediate is a small integer (or half after Alman-Rao's
 * prescaling) and exact in each format up to the k used here: k <= 10
 * (f64, f32), 9 (f16: 2n <= 1024 exact, prescaled values < 2048), 5
 * (bf16: 8 significand bits). Also checks batched plans equal row by row. */
#include "algo_check.h"

static void fill_two(double *x, uint64_t n)
{
  memset(x, 0, n * sizeof *x);
  x[chk_rand() % n] = (chk_rand() & 1) ? 1 : -1;
  x[chk_rand() % n] += (chk_rand() & 1) ? 1 : -1;
}

static unsigned kmax_of(wht_format f)
{
  return f == WHT_BF16 ? 5 : f == WHT_F16 ? 9 : 10;
}

int main(void)
{
  const uint64_t nmax = 1u << 10;
  double *x = malloc(4 * nmax * sizeof *x), *y = malloc(4 * nmax * sizeof *y);
  double *z = malloc(4 * nmax * sizeof *z), *w = malloc(4 * nmax * sizeof *w);
  for (size_t a = 0; a < wht_algorithm_count(); a++) {
    if (!(wht_algorithm_at(a)->backends & (1u << WHT_BACKEND_CPU))) continue; /* GPU-only rows */
    const char *name = wht_algorithm_at(a)->name;
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      const wht_format f = all_formats[fi];
      const char *fn = wht_format_name(f);
      long lin = -1, imp = -1, inv = -1, shift = -1, pars = -1, bat = -1;
      for (unsigned k = 0; k <= kmax_of(f); k++) {
        const uint64_t n = (uint64_t)1 << k;
        /* linearity: T(x + y) = T x + T y, x and y single signed impulses */
        memset(x, 0, n * sizeof *x); memset(y, 0, n * sizeof *y);
        x[chk_rand() % n] = 1; y[chk_rand() % n] = -1;
        for (uint64_t i = 0; i < n; i++) w[i] = x[i] + y[i];
        /* a failed run leaves x, y, w as they were, where w = x + y holds
         * trivially: every run must succeed */
        if ((run_cpu(name, f, x, x, n, 1) != WHT_OK || run_cpu(name, f, y, y, n, 1) != WHT_OK ||
             run_cpu(name, f, w, w, n, 1) != WHT_OK) && lin < 0)
          lin = k;
        for (uint64_t i = 0; i < n; i++) if (w[i] != x[i] + y[i] && lin < 0) lin = k;
        /* impulse at j gives row j: (-1)^popcount(i & j) */
        uint64_t j = chk_rand() % n;
        memset(x, 0, n * sizeof *x); x[j] = 1;
        if (run_cpu(name, f, x, y, n, 1) != WHT_OK && imp < 0) imp = k;
        for (uint64_t i = 0; i < n; i++) if (y[i] != (parity(i & j) ? -1.0 : 1.0) && imp < 0) imp = k;
        /* H(H x) = n x */
        fill_two(x, n);
        if (run_cpu(name, f, x, y, n, 1) != WHT_OK || run_cpu(name, f, y, z, n, 1) != WHT_OK) {
          /* y (used by the shift and Parseval checks below) is not H x */
          if (inv < 0) inv = k;
          if (shift < 0) shift = k;
          if (pars < 0) pars = k;
        }
        for (uint64_t i = 0; i < n; i++) if (z[i] != (double)n * x[i] && inv < 0) inv = k;
        /* dyadic shift: z_i = x_(i xor s) => (H z)_i = (-1)^popcount(i & s) (H x)_i */
        uint64_t s = chk_rand() % n;
        for (uint64_t i = 0; i < n; i++) z[i] = x[i ^ s];
        if (run_cpu(name, f, z, w, n, 1) != WHT_OK && shift < 0) shift = k;
        for (uint64_t i = 0; i < n; i++) if (w[i] != (parity(i & s) ? -y[i] : y[i]) && shift < 0) shift = k;
        /* Parseval: sum y^2 = n sum x^2 (exact in double for these data) */
        double sx = 0, sy = 0;
        for (uint64_t i = 0; i < n; i++) { sx += x[i] * x[i]; sy += y[i] * y[i]; }
        if (sy != (double)n * sx && pars < 0) pars = k;
        /* a batch of 4 rows equals the rows one by one */
        for (int r = 0; r < 4; r++) fill_two(x + r * n, n);
        if (run_cpu(name, f, x, z, n, 4) != WHT_OK && bat < 0) bat = k;
        for (int r = 0; r < 4; r++) {
          if (run_cpu(name, f, x + r * n, w, n, 1) != WHT_OK && bat < 0) bat = k;
          if (first_diff(w, z + r * n, n) >= 0 && bat < 0) bat = k;
        }
      }
      tap_ok(lin < 0, "%s %s: linearity T(x+y) = Tx + Ty, every run WHT_OK (first failing k %ld)", name, fn, lin);
      tap_ok(imp < 0, "%s %s: impulse e_j gives Walsh row j (first failing k %ld)", name, fn, imp);
      tap_ok(inv < 0, "%s %s: H(Hx) = n x (first failing k %ld)", name, fn, inv);
      tap_ok(shift < 0, "%s %s: dyadic shift multiplies by (-1)^popcount(i&s) (first failing k %ld)", name, fn, shift);
      tap_ok(pars < 0, "%s %s: Parseval sum y^2 = n sum x^2 (first failing k %ld)", name, fn, pars);
      tap_ok(bat < 0, "%s %s: a batch of 4 rows equals 4 single rows (first failing k %ld)", name, fn, bat);
    }
  }
  free(x); free(y); free(z); free(w);
  return tap_done();
}
