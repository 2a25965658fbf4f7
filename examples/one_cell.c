/* one_cell.c - one cell of a sweep through the installed libwht, as a
 * researcher's own program would do it: the inputs wht-sweep draws for
 * (norm, one-way, k, trial 0, seed 1), rounded to f32; the kahan transform;
 * the certified exact result; the error metrics of a results row.
 *   cc one_cell.c $(pkg-config --cflags --libs whtlab) && ./a.out 12
 * Exit 0 when every step worked and the row is one a sweep would write
 * (status ok, an error above 0 and below the forward-error bound); make
 * installcheck builds and runs it against the installed library. */
#include <stdio.h>
#include <stdlib.h>
#include <wht.h>
#include <wht_dist.h>
#include <wht_metrics.h>
#include <wht_oracle.h>
#include <wht_ops.h>

int main(int argc, char **argv)
{
  unsigned k = argc > 1 ? (unsigned)atoi(argv[1]) : 12;
  if (k < 1 || k > 24) {
    fprintf(stderr, "one_cell: k %s out of range (accepted: 1..24)\n", argv[1]);
    return 2;
  }
  uint64_t n = (uint64_t)1 << k;
  double *draw = malloc(n * sizeof *draw), *exact_in = malloc(n * sizeof *exact_in), *y = malloc(n * sizeof *y);
  float *x = malloc(n * sizeof *x);
  wht_dd *v = malloc(n * sizeof *v);
  if (!draw || !exact_in || !y || !x || !v) return 1;

  /* the draws of the cell, rounded to f32; the oracle sees the f32 values */
  uint64_t stream = wht_cell_stream(1, WHT_DIST_NORM, WHT_OP_ONE_WAY, k, 0, 0);
  if (wht_dist_fill(WHT_DIST_NORM, stream, draw, n) != 0) return 1;
  wht_store_doubles(WHT_F32, x, draw, n);
  wht_load_doubles(WHT_F32, exact_in, x, n);

  char msg[256];
  wht_oracle_info info;
  wht_oracle_status os = wht_oracle_run(WHT_OP_ONE_WAY, k, exact_in, NULL, 1.0, v, &info, msg, sizeof msg);
  if (os != WHT_ORACLE_OK) {
    fprintf(stderr, "one_cell: oracle: %s\n", msg);
    return 1;
  }
  int nonfinite = 0;
  wht_status st = wht_op_execute(WHT_OP_ONE_WAY, "kahan", WHT_F32, WHT_BACKEND_CPU, k, 1.0, x, NULL, &nonfinite);
  if (st != WHT_OK) {
    fprintf(stderr, "one_cell: %s\n", wht_strerror(st));
    return 1;
  }
  wht_load_doubles(WHT_F32, y, x, n);
  wht_metrics m;
  wht_metrics_compute(WHT_F32, y, v, n, nonfinite, &m);
  printf("kahan f32 norm one-way k=%u: status %s, norm_rel %.3e, mean_rel %.3e, max_ulp %.2f, oracle %ld bits%s\n",
         k, wht_run_status_name(m.status), m.norm_rel, m.mean_rel, m.max_ulp, info.prec,
         info.fast_path ? " (fixed point)" : " (MPFR)");
  /* kahan's forward error is a small multiple of u = 2^-24 whatever k */
  int ok = m.status == WHT_RUN_OK && m.norm_rel > 0 && m.norm_rel < 8 * 0x1p-24;
  free(draw);
  free(exact_in);
  free(y);
  free(x);
  free(v);
  return ok ? 0 : 1;
}
