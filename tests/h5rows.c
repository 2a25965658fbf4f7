/* h5rows.c - test helper for the shell tests of wht-sweep.
 *   h5rows [--no-timing] FILE   print /results, one line per row, every
 *                               column (doubles exactly, as %a); without
 *                               oracle_s and run_s, which differ per run
 *   h5rows --attr NAME FILE     print a root string attribute
 *   h5rows --set-attr NAME FILE set it to standard input, in place and
 *                               of any length HDF5 takes (a long log, as
 *                               an older build may have left)
 *   h5rows --perturb IN OUT     copy IN's rows to a new OUT (same seed)
 *                               with the first row's mean_rel changed by
 *                               one ulp: a conflicting duplicate for merge
 *   h5rows --foreign OUT        an HDF5 file that is no results file
 *   h5rows --chunks FILE        print "OFFSET SIZE" (bytes in the file) of
 *                               each stored chunk of /results: where a
 *                               test's damage surely hits row data
 * Exit 1 with one line when a file is unreadable. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <hdf5.h>
#include "h5store.h"

static wht_h5 *open_or_die(const char *path)
{
  char err[600];
  wht_h5 *h = wht_h5_open_read(path, err, sizeof err);
  if (!h) {
    fprintf(stderr, "h5rows: %s\n", err);
    exit(1);
  }
  return h;
}

static wht_result_row *rows_or_die(wht_h5 *h, uint64_t *n)
{
  wht_result_row *r = NULL;
  if (wht_h5_read_results(h, &r, n) != 0) {
    fprintf(stderr, "h5rows: %s\n", wht_h5_error(h));
    exit(1);
  }
  return r;
}

static int print_rows(const char *path, int timing)
{
  wht_h5 *h = open_or_die(path);
  uint64_t n = 0;
  wht_result_row *r = rows_or_die(h, &n);
  for (uint64_t i = 0; i < n; i++) {
    printf("%s %s %s %s %s %d %d %llu %a %a %a %a %a %lld %lld %a %a %lld %s %d", r[i].algorithm, r[i].backend,
           r[i].format, r[i].dist, r[i].op, (int)r[i].log2n, (int)r[i].trial, (unsigned long long)r[i].seed,
           r[i].tau, r[i].max_abs, r[i].mean_abs, r[i].mean_rel, r[i].max_rel, (long long)r[i].n_zero,
           (long long)r[i].zero_miss, r[i].norm_rel, r[i].max_ulp, (long long)r[i].n_nonfinite, r[i].status,
           (int)r[i].oracle_prec);
    if (timing) printf(" %a %a", r[i].oracle_s, r[i].run_s);
    putchar('\n');
  }
  free(r);
  wht_h5_close(h);
  return 0;
}

static int print_attr(const char *name, const char *path)
{
  wht_h5 *h = open_or_die(path);
  static char buf[1 << 16];
  int rc = wht_h5_get_attr(h, name, buf, sizeof buf);
  if (rc == 0) puts(buf);
  wht_h5_close(h);
  return rc == 0 ? 0 : 1;
}

static int set_attr(const char *name, const char *path)
{
  static char buf[1 << 20];
  const size_t n = fread(buf, 1, sizeof buf - 1, stdin);
  buf[n] = '\0';
  hid_t f = H5Fopen(path, H5F_ACC_RDWR, H5P_DEFAULT);
  hid_t t = H5Tcopy(H5T_C_S1), sp = H5Screate(H5S_SCALAR), a = H5I_INVALID_HID;
  if (f >= 0 && H5Aexists(f, name) > 0) H5Adelete(f, name);
  if (f >= 0 && t >= 0 && sp >= 0 && H5Tset_size(t, n + 1) >= 0)
    a = H5Acreate2(f, name, t, sp, H5P_DEFAULT, H5P_DEFAULT);
  int rc = a >= 0 && H5Awrite(a, t, buf) >= 0 ? 0 : 1;
  if (a >= 0) H5Aclose(a);
  if (sp >= 0) H5Sclose(sp);
  if (t >= 0) H5Tclose(t);
  if (f >= 0 && H5Fclose(f) < 0) rc = 1;
  if (rc) fprintf(stderr, "h5rows: cannot set attribute %s of %s\n", name, path);
  return rc;
}

static int perturb(const char *in, const char *out)
{
  char err[600];
  uint64_t n = 0, seed = 0;
  wht_h5 *h = open_or_die(in);
  wht_result_row *r = rows_or_die(h, &n);
  wht_h5_get_seed(h, &seed);
  wht_h5_close(h);
  wht_h5_provenance prov = { "h5rows --perturb", seed, "none" };
  wht_h5 *o = wht_h5_create(out, &prov, 0, err, sizeof err);
  int rc = o ? 0 : 1;
  if (!o) fprintf(stderr, "h5rows: %s\n", err);
  if (n > 0) r[0].mean_rel = nextafter(r[0].mean_rel, INFINITY);
  for (uint64_t i = 0; o && rc == 0 && i < n; i++) rc = wht_h5_append_result(o, &r[i]);
  if (o && wht_h5_close(o) != 0) rc = 1;
  free(r);
  return rc;
}

static int foreign(const char *out)
{
  hid_t f = H5Fcreate(out, H5F_ACC_EXCL, H5P_DEFAULT, H5P_DEFAULT);
  hid_t g = f < 0 ? f : H5Gcreate2(f, "something", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  if (g >= 0) H5Gclose(g);
  return f >= 0 && g >= 0 && H5Fclose(f) >= 0 ? 0 : 1;
}

static int print_chunks(const char *path)
{
  hid_t f = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
  hid_t d = f < 0 ? f : H5Dopen2(f, "results", H5P_DEFAULT);
  hid_t sp = d < 0 ? d : H5Dget_space(d);
  hsize_t n = 0;
  int rc = sp >= 0 && H5Dget_num_chunks(d, sp, &n) >= 0 ? 0 : 1;
  for (hsize_t i = 0; rc == 0 && i < n; i++) {
    hsize_t off[1];
    unsigned mask;
    haddr_t addr;
    hsize_t size;
    if (H5Dget_chunk_info(d, sp, i, off, &mask, &addr, &size) < 0) rc = 1;
    else printf("%llu %llu\n", (unsigned long long)addr, (unsigned long long)size);
  }
  if (sp >= 0) H5Sclose(sp);
  if (d >= 0) H5Dclose(d);
  if (f >= 0) H5Fclose(f);
  if (rc) fprintf(stderr, "h5rows: cannot list the chunks of %s\n", path);
  return rc;
}

int main(int argc, char **argv)
{
  if (argc == 3 && strcmp(argv[1], "--chunks") == 0) return print_chunks(argv[2]);
  if (argc == 3 && strcmp(argv[1], "--foreign") == 0) return foreign(argv[2]);
  if (argc == 3 && strcmp(argv[1], "--no-timing") == 0) return print_rows(argv[2], 0);
  if (argc == 4 && strcmp(argv[1], "--attr") == 0) return print_attr(argv[2], argv[3]);
  if (argc == 4 && strcmp(argv[1], "--perturb") == 0) return perturb(argv[2], argv[3]);
  if (argc == 4 && strcmp(argv[1], "--set-attr") == 0) return set_attr(argv[2], argv[3]);
  if (argc == 2 && argv[1][0] != '-') return print_rows(argv[1], 1);
  fprintf(stderr, "usage: h5rows [--no-timing] FILE | --attr NAME FILE | --set-attr NAME FILE | --perturb IN OUT | --foreign OUT | "
                  "--chunks FILE\n");
  return 2;
}
