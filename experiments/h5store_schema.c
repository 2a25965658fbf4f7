/* h5store_schema.c - the /results and /timings columns of data/README.md,
 * one table row per column: the memory type (the C structs of h5store.h),
 * the file type (packed, little-endian, fixed-length ASCII strings) and the
 * check of an existing file's columns all come from these tables. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "h5store_internal.h"

#define S(st, f) { #f, offsetof(st, f), WHT__COL_STR, sizeof(((st *)0)->f) }
#define C(st, f, k) { #f, offsetof(st, f), k, 0 }

static const wht__column result_cols[] = {
  S(wht_result_row, algorithm), S(wht_result_row, backend), S(wht_result_row, format),
  S(wht_result_row, dist), S(wht_result_row, op),
  C(wht_result_row, log2n, WHT__COL_I32), C(wht_result_row, trial, WHT__COL_I32),
  C(wht_result_row, seed, WHT__COL_U64), C(wht_result_row, tau, WHT__COL_F64),
  C(wht_result_row, max_abs, WHT__COL_F64), C(wht_result_row, mean_abs, WHT__COL_F64),
  C(wht_result_row, mean_rel, WHT__COL_F64), C(wht_result_row, max_rel, WHT__COL_F64),
  C(wht_result_row, n_zero, WHT__COL_I64), C(wht_result_row, zero_miss, WHT__COL_I64),
  C(wht_result_row, norm_rel, WHT__COL_F64), C(wht_result_row, max_ulp, WHT__COL_F64),
  C(wht_result_row, n_nonfinite, WHT__COL_I64), S(wht_result_row, status),
  C(wht_result_row, oracle_prec, WHT__COL_I32), C(wht_result_row, oracle_s, WHT__COL_F64),
  C(wht_result_row, run_s, WHT__COL_F64),
};

static const wht__column timing_cols[] = {
  S(wht_timing_row, algorithm), S(wht_timing_row, backend), S(wht_timing_row, format),
  C(wht_timing_row, log2n, WHT__COL_I32), C(wht_timing_row, batch, WHT__COL_I64),
  C(wht_timing_row, in_place, WHT__COL_I8),
  C(wht_timing_row, median_ms, WHT__COL_F64), C(wht_timing_row, min_ms, WHT__COL_F64),
  C(wht_timing_row, reps, WHT__COL_I32), C(wht_timing_row, gbps, WHT__COL_F64),
  C(wht_timing_row, memcpy_ms, WHT__COL_F64), C(wht_timing_row, addone_ms, WHT__COL_F64),
  C(wht_timing_row, cufft_ms, WHT__COL_F64),
};

const wht__table wht__results_table = { "results", sizeof(wht_result_row), result_cols,
                                        sizeof result_cols / sizeof result_cols[0] };
const wht__table wht__timings_table = { "timings", sizeof(wht_timing_row), timing_cols,
                                        sizeof timing_cols / sizeof timing_cols[0] };

static hid_t string_type(size_t len)
{
  hid_t t = H5Tcopy(H5T_C_S1);
  if (t < 0) return t;
  if (H5Tset_size(t, len) < 0 || H5Tset_strpad(t, H5T_STR_NULLTERM) < 0 ||
      H5Tset_cset(t, H5T_CSET_ASCII) < 0) {
    H5Tclose(t);
    return H5I_INVALID_HID;
  }
  return t;
}

/* file: the standard little-endian type; memory: the native one */
static hid_t column_type(const wht__column *c, int file)
{
  switch (c->kind) {
  case WHT__COL_STR: return string_type(c->len);
  case WHT__COL_I8: return H5Tcopy(file ? H5T_STD_I8LE : H5T_NATIVE_INT8);
  case WHT__COL_I32: return H5Tcopy(file ? H5T_STD_I32LE : H5T_NATIVE_INT32);
  case WHT__COL_I64: return H5Tcopy(file ? H5T_STD_I64LE : H5T_NATIVE_INT64);
  case WHT__COL_U64: return H5Tcopy(file ? H5T_STD_U64LE : H5T_NATIVE_UINT64);
  case WHT__COL_F64: return H5Tcopy(file ? H5T_IEEE_F64LE : H5T_NATIVE_DOUBLE);
  }
  return H5I_INVALID_HID;
}

static hid_t compound(const wht__table *t, int file)
{
  hid_t ct = H5Tcreate(H5T_COMPOUND, t->row_size);
  if (ct < 0) return ct;
  for (size_t i = 0; i < t->ncols; i++) {
    hid_t m = column_type(&t->cols[i], file);
    herr_t e = m < 0 ? -1 : H5Tinsert(ct, t->cols[i].name, t->cols[i].offset, m);
    if (m >= 0) H5Tclose(m);
    if (e < 0) {
      H5Tclose(ct);
      return H5I_INVALID_HID;
    }
  }
  /* the file type drops the struct's padding */
  if (file && H5Tpack(ct) < 0) {
    H5Tclose(ct);
    return H5I_INVALID_HID;
  }
  return ct;
}

hid_t wht__table_mem_type(const wht__table *t) { return compound(t, 0); }
hid_t wht__table_file_type(const wht__table *t) { return compound(t, 1); }

static H5T_class_t kind_class(wht__col_kind k)
{
  switch (k) {
  case WHT__COL_STR: return H5T_STRING;
  case WHT__COL_F64: return H5T_FLOAT;
  default: return H5T_INTEGER;
  }
}

/* member i of ft is member i of want: name, offset and type; a string
 * column only by its size, so that a file written by another HDF5 writer
 * (h5py pads strings with NULs, wht-sweep terminates them) is read alike */
static int same_member(hid_t ft, hid_t want, unsigned i)
{
  char *a = H5Tget_member_name(ft, i), *b = H5Tget_member_name(want, i);
  hid_t ma = H5Tget_member_type(ft, i), mb = H5Tget_member_type(want, i);
  int ok = a && b && strcmp(a, b) == 0 && ma >= 0 && mb >= 0 &&
           H5Tget_member_offset(ft, i) == H5Tget_member_offset(want, i);
  if (ok && H5Tget_class(mb) == H5T_STRING)
    ok = H5Tget_class(ma) == H5T_STRING && H5Tget_size(ma) == H5Tget_size(mb);
  else if (ok)
    ok = H5Tequal(ma, mb) > 0;
  if (ma >= 0) H5Tclose(ma);
  if (mb >= 0) H5Tclose(mb);
  H5free_memory(a);
  H5free_memory(b);
  return ok;
}

static int same_layout(hid_t ft, hid_t want)
{
  int n = H5Tget_nmembers(want);
  if (n < 0 || H5Tget_nmembers(ft) != n || H5Tget_size(ft) != H5Tget_size(want)) return 0;
  for (unsigned i = 0; i < (unsigned)n; i++)
    if (!same_member(ft, want, i)) return 0;
  return 1;
}

int wht__table_check(const wht__table *t, hid_t d, char *err, size_t len)
{
  hid_t ft = H5Dget_type(d);
  int rc = 0;
  if (ft < 0 || H5Tget_class(ft) != H5T_COMPOUND) {
    snprintf(err, len, "/%s is not a table of compound rows", t->dataset);
    rc = -1;
  }
  for (size_t i = 0; rc == 0 && i < t->ncols; i++) {
    int idx = H5Tget_member_index(ft, t->cols[i].name);
    H5T_class_t cl = idx < 0 ? H5T_NO_CLASS : H5Tget_member_class(ft, (unsigned)idx);
    if (idx < 0) {
      snprintf(err, len, "/%s lacks the column %s", t->dataset, t->cols[i].name);
      rc = -1;
    } else if (cl != kind_class(t->cols[i].kind)) {
      snprintf(err, len, "/%s column %s has the wrong type class", t->dataset, t->cols[i].name);
      rc = -1;
    }
  }
  /* the columns are there; their byte layout must be the one
   * wht__table_file_type writes: a damaged datatype message (HDF5 1.10
   * headers carry no checksum) can move a column or change a float's
   * exponent bias, and HDF5 would then convert every row's value wrongly
   * without complaint */
  hid_t want = rc == 0 ? wht__table_file_type(t) : H5I_INVALID_HID;
  if (rc == 0 && (want < 0 || !same_layout(ft, want))) {
    snprintf(err, len, "/%s has the columns, but not the byte layout of schema_version %d (damaged, or another program's)", t->dataset,
             WHT_SCHEMA_VERSION);
    rc = -1;
  }
  if (want >= 0) H5Tclose(want);
  if (ft >= 0) H5Tclose(ft);
  return rc;
}

/* 1-D, unlimited, chunked; shuffle + deflate suit the numeric columns */
enum { CHUNK_ROWS = 256, DEFLATE_LEVEL = 4 };

hid_t wht__table_create(const wht__table *t, hid_t file)
{
  hsize_t dim = 0, maxdim = H5S_UNLIMITED, chunk = CHUNK_ROWS;
  hid_t sp = H5Screate_simple(1, &dim, &maxdim);
  hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  hid_t ft = wht__table_file_type(t);
  hid_t d = H5I_INVALID_HID;
  if (sp >= 0 && dcpl >= 0 && ft >= 0 && H5Pset_chunk(dcpl, 1, &chunk) >= 0 &&
      H5Pset_shuffle(dcpl) >= 0 && H5Pset_deflate(dcpl, DEFLATE_LEVEL) >= 0)
    d = H5Dcreate2(file, t->dataset, ft, sp, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  if (ft >= 0) H5Tclose(ft);
  if (dcpl >= 0) H5Pclose(dcpl);
  if (sp >= 0) H5Sclose(sp);
  return d;
}
