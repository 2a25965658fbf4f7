/* h5store.c - the results file of data/README.md: create, open, append,
 * read, close. Writers work on an in-memory HDF5 file and publish complete
 * images of it (h5store_publish.c), so FILE is readable whenever the writer
 * is killed. Reading opens FILE itself, read-only. HDF5's own error printing
 * is silenced: every failure becomes one line in the handle or err. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "h5store_internal.h"

/* a publish costs little against the 20x longer work between two */
enum { PUBLISH_RATIO = 20 };

static void quiet(void) { H5Eset_auto2(H5E_DEFAULT, NULL, NULL); }

static char *concat(const char *a, const char *b)
{
  size_t na = strlen(a), nb = strlen(b);
  char *s = malloc(na + nb + 1);
  if (s) {
    memcpy(s, a, na);
    memcpy(s + na, b, nb + 1);
  }
  return s;
}

static wht_h5 *handle_new(const char *path)
{
  wht_h5 *h = calloc(1, sizeof *h);
  struct stat st;
  char *real = NULL;
  if (!h) return NULL;
  /* FILE named through a symbolic link: publish to (and lock beside) its
   * target, so the rename replaces the file, not the link */
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) real = realpath(path, NULL);
  if (real) path = real;
  h->path = concat(path, "");
  h->tmp = concat(path, ".tmp");
  h->lockpath = concat(path, ".lock");
  h->lockfd = -1;
  free(real);
  h->file = h->results = h->timings = H5I_INVALID_HID;
  if (!h->path || !h->tmp || !h->lockpath) {
    free(h->path), free(h->tmp), free(h->lockpath), free(h);
    return NULL;
  }
  return h;
}

static void handle_free(wht_h5 *h)
{
  if (h->results >= 0) H5Dclose(h->results);
  if (h->timings >= 0) H5Dclose(h->timings);
  if (h->file >= 0) H5Fclose(h->file);
  wht__unlock(h);
  free(h->path), free(h->tmp), free(h->lockpath), free(h);
}

static void fail(wht_h5 *h, char *err, size_t errlen)
{
  if (err && errlen) snprintf(err, errlen, "%s", h->err);
  handle_free(h);
}

/* in memory (writers) or FILE itself; HDF5 file locks are replaced by ours */
static hid_t make_fapl(int in_memory)
{
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  if (fapl < 0) return fapl;
  if ((in_memory && H5Pset_fapl_core(fapl, 1 << 20, 0) < 0) || H5Pset_file_locking(fapl, 0, 1) < 0) {
    H5Pclose(fapl);
    return H5I_INVALID_HID;
  }
  return fapl;
}

static wht_h5 *create(const char *path, const wht_h5_provenance *prov, int overwrite, int whole,
                      const char *unfinished, char *err, size_t errlen)
{
  struct stat st;
  char why[256];
  quiet();
  wht_h5 *h = handle_new(path);
  if (!h) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  if (wht__lock(h) < 0) return fail(h, err, errlen), NULL;
  if (!overwrite && lstat(path, &st) == 0) {
    snprintf(h->err, sizeof h->err, "%s exists (not overwritten without --force)", path);
    return fail(h, err, errlen), NULL;
  }
  /* named after our own FILE.tmp: the core driver opens an existing file of
   * its name (without changing it); FILE must not be touched before rename */
  hid_t fapl = make_fapl(1);
  h->file = fapl < 0 ? fapl : H5Fcreate(h->tmp, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
  if (fapl >= 0) H5Pclose(fapl);
  if (h->file < 0 || wht__write_provenance(h->file, prov) < 0 ||
      (unfinished && wht__attr_write_string(h->file, "unfinished", unfinished) < 0) ||
      (h->results = wht__table_create(&wht__results_table, h->file)) < 0) {
    snprintf(h->err, sizeof h->err, "cannot create %s: %s", path, wht__h5_reason(why, sizeof why));
    return fail(h, err, errlen), NULL;
  }
  h->whole = whole;
  h->dirty = whole; /* a whole file is published at close even without rows */
  if (!whole && wht__publish(h) < 0) return fail(h, err, errlen), NULL;
  return h;
}

wht_h5 *wht_h5_create(const char *path, const wht_h5_provenance *prov, int overwrite,
                      char *err, size_t errlen)
{
  return create(path, prov, overwrite, 0, NULL, err, errlen);
}

wht_h5 *wht_h5_create_whole(const char *path, const wht_h5_provenance *prov, int overwrite,
                            char *err, size_t errlen)
{
  return create(path, prov, overwrite, 1, NULL, err, errlen);
}

wht_h5 *wht_h5_create_unfinished(const char *path, const wht_h5_provenance *prov, const char *note,
                                 int overwrite, char *err, size_t errlen)
{
  return create(path, prov, overwrite, 0, note, err, errlen);
}

int wht_h5_is_results_file(const char *path)
{
  quiet();
  if (H5Fis_hdf5(path) <= 0) return 0;
  hid_t fapl = make_fapl(0);
  hid_t f = fapl < 0 ? fapl : H5Fopen(path, H5F_ACC_RDONLY, fapl);
  if (fapl >= 0) H5Pclose(fapl);
  if (f < 0) return 0;
  const int ours = H5Aexists(f, "schema_version") > 0;
  H5Fclose(f);
  return ours;
}

void wht_h5_discard(wht_h5 *h)
{
  if (h) handle_free(h);
}

static int open_table(wht_h5 *h, const wht__table *t, hid_t *d)
{
  htri_t there = H5Lexists(h->file, t->dataset, H5P_DEFAULT);
  if (there == 0) return 0;
  if (there < 0) {
    snprintf(h->err, sizeof h->err, "%s is damaged (its root group is unreadable); it was not changed", h->path);
    return -1;
  }
  *d = H5Dopen2(h->file, t->dataset, H5P_DEFAULT);
  if (*d < 0) {
    /* the link is there, so the dataset's header is what failed */
    snprintf(h->err, sizeof h->err, "%s is damaged (/%s cannot be opened); it was not changed", h->path,
             t->dataset);
    return -1;
  }
  char why[256];
  if (wht__table_check(t, *d, why, sizeof why) < 0) {
    snprintf(h->err, sizeof h->err, "%s is not a whtlab results file of schema_version %d: %s",
             h->path, WHT_SCHEMA_VERSION, why);
    return -1;
  }
  return 0;
}

/* FILE must exist, be HDF5 and carry schema_version 1 with our tables */
static wht_h5 *open_existing(const char *path, int writable, char *err, size_t errlen)
{
  struct stat st;
  char why[256];
  int version = 0, rc;
  quiet();
  wht_h5 *h = handle_new(path);
  if (!h) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  if (stat(path, &st) != 0) {
    snprintf(h->err, sizeof h->err, "cannot open %s: %s", path, strerror(errno));
    return fail(h, err, errlen), NULL;
  }
  /* named before HDF5 sees the file: it would call an unreadable file "not
   * HDF5" and a read-only one an "HDF5 error" */
  const char *cannot = access(path, R_OK) != 0 ? "read" : writable && access(path, W_OK) != 0 ? "write" : NULL;
  if (cannot) {
    snprintf(h->err, sizeof h->err, "cannot %s %s: %s", cannot, path, strerror(errno));
    return fail(h, err, errlen), NULL;
  }
  if (H5Fis_hdf5(path) <= 0) {
    snprintf(h->err, sizeof h->err, "%s is not an HDF5 file", path);
    return fail(h, err, errlen), NULL;
  }
  if (writable && wht__lock(h) < 0) return fail(h, err, errlen), NULL;
  hid_t fapl = make_fapl(writable);
  h->file = fapl < 0 ? fapl : H5Fopen(path, writable ? H5F_ACC_RDWR : H5F_ACC_RDONLY, fapl);
  if (fapl >= 0) H5Pclose(fapl);
  if (h->file < 0) {
    snprintf(h->err, sizeof h->err, "cannot open %s: %s", path, wht__h5_reason(why, sizeof why));
    return fail(h, err, errlen), NULL;
  }
  rc = wht__attr_schema(h->file, &version);
  if (rc == -1) {
    snprintf(h->err, sizeof h->err, "%s is not a whtlab results file (no schema_version attribute)", path);
    return fail(h, err, errlen), NULL;
  }
  if (rc < 0) { /* a string, a float or several values: no version to name */
    snprintf(h->err, sizeof h->err, "%s has a schema_version attribute that is not one integer, this build reads the "
             "integer %d", path, WHT_SCHEMA_VERSION);
    return fail(h, err, errlen), NULL;
  }
  if (version != WHT_SCHEMA_VERSION) {
    snprintf(h->err, sizeof h->err, "%s has schema_version %d, this build reads %d only", path, version,
             WHT_SCHEMA_VERSION);
    return fail(h, err, errlen), NULL;
  }
  if (open_table(h, &wht__results_table, &h->results) < 0 ||
      open_table(h, &wht__timings_table, &h->timings) < 0 || wht__check_whole(h) < 0)
    return fail(h, err, errlen), NULL;
  h->published_results = h->results >= 0 ? wht__rows_of(h->results) : 0;
  if (writable) {
    h->last_publish = wht__now();
    h->mode = (unsigned)st.st_mode & 07777;
  }
  return h;
}

wht_h5 *wht_h5_open_append(const char *path, char *err, size_t errlen)
{
  return open_existing(path, 1, err, errlen);
}

wht_h5 *wht_h5_open_read(const char *path, char *err, size_t errlen)
{
  return open_existing(path, 0, err, errlen);
}

static int append(wht_h5 *h, const wht__table *t, hid_t *d, const void *row)
{
  char why[256];
  hsize_t n = 0, one = 1;
  int rc = -1;
  if (h->lockfd < 0) {
    snprintf(h->err, sizeof h->err, "%s is open read-only", h->path);
    return -1;
  }
  if (*d < 0 && (*d = wht__table_create(t, h->file)) < 0) {
    snprintf(h->err, sizeof h->err, "cannot create /%s in %s: %s", t->dataset, h->path,
             wht__h5_reason(why, sizeof why));
    return -1;
  }
  hid_t sp = H5Dget_space(*d), mem = H5Screate_simple(1, &one, NULL), mt = wht__table_mem_type(t);
  if (sp >= 0 && H5Sget_simple_extent_dims(sp, &n, NULL) == 1) {
    hsize_t grown = n + 1;
    H5Sclose(sp);
    sp = H5I_INVALID_HID;
    if (H5Dset_extent(*d, &grown) >= 0 && (sp = H5Dget_space(*d)) >= 0 &&
        H5Sselect_hyperslab(sp, H5S_SELECT_SET, &n, NULL, &one, NULL) >= 0 &&
        H5Dwrite(*d, mt, mem, sp, H5P_DEFAULT, row) >= 0)
      rc = 0;
  }
  if (rc < 0)
    snprintf(h->err, sizeof h->err, "cannot append to /%s of %s: %s", t->dataset, h->path,
             wht__h5_reason(why, sizeof why));
  if (mt >= 0) H5Tclose(mt);
  if (mem >= 0) H5Sclose(mem);
  if (sp >= 0) H5Sclose(sp);
  if (rc < 0) return -1;
  h->dirty = 1;
  if (!h->whole && wht__now() - h->last_publish >= PUBLISH_RATIO * h->publish_cost) return wht__publish(h);
  return 0;
}

int wht_h5_append_result(wht_h5 *h, const wht_result_row *row)
{
  return append(h, &wht__results_table, &h->results, row);
}

int wht_h5_append_timing(wht_h5 *h, const wht_timing_row *row)
{
  return append(h, &wht__timings_table, &h->timings, row);
}

int wht_h5_rewrite_last_results(wht_h5 *h, const wht_result_row *rows, uint64_t n)
{
  char why[256];
  if (n == 0) return 0;
  if (h->lockfd < 0 || h->results < 0 || wht__rows_of(h->results) < n) {
    snprintf(h->err, sizeof h->err, "cannot rewrite the last %llu rows of /results in %s: it has %llu",
             (unsigned long long)n, h->path, h->results < 0 ? 0ULL : wht__rows_of(h->results));
    return -1;
  }
  hsize_t first = (hsize_t)(wht__rows_of(h->results) - n), count = (hsize_t)n;
  hid_t sp = H5Dget_space(h->results), mem = H5Screate_simple(1, &count, NULL);
  hid_t mt = wht__table_mem_type(&wht__results_table);
  int rc = sp >= 0 && mem >= 0 && mt >= 0 && H5Sselect_hyperslab(sp, H5S_SELECT_SET, &first, NULL, &count, NULL) >= 0 &&
                   H5Dwrite(h->results, mt, mem, sp, H5P_DEFAULT, rows) >= 0
               ? 0
               : -1;
  if (rc < 0)
    snprintf(h->err, sizeof h->err, "cannot rewrite /results of %s: %s", h->path, wht__h5_reason(why, sizeof why));
  if (mt >= 0) H5Tclose(mt);
  if (mem >= 0) H5Sclose(mem);
  if (sp >= 0) H5Sclose(sp);
  if (rc == 0) h->dirty = 1;
  return rc;
}

unsigned long long wht__rows_of(hid_t d)
{
  hsize_t n = 0;
  hid_t sp = H5Dget_space(d);
  if (sp < 0) return 0;
  if (H5Sget_simple_extent_dims(sp, &n, NULL) != 1) n = 0;
  H5Sclose(sp);
  return (unsigned long long)n;
}

unsigned long long wht_h5_published_results(const wht_h5 *h)
{
  return h->published_results;
}

int wht_h5_flush(wht_h5 *h)
{
  if (h->lockfd < 0 || !h->dirty) return 0;
  return wht__publish(h);
}

static int read_table(wht_h5 *h, const wht__table *t, hid_t d, void **rows, uint64_t *nrows)
{
  char why[256];
  hsize_t n = 0;
  *rows = NULL;
  *nrows = 0;
  if (d < 0) return 0;
  hid_t sp = H5Dget_space(d), mt = wht__table_mem_type(t);
  int rc = -1;
  if (sp >= 0 && mt >= 0 && H5Sget_simple_extent_dims(sp, &n, NULL) == 1) {
    void *buf = n ? calloc((size_t)n, t->row_size) : NULL;
    if (n == 0)
      rc = 0;
    else if (buf && H5Dread(d, mt, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) >= 0) {
      *rows = buf;
      *nrows = n;
      rc = 0;
    } else
      free(buf);
  }
  if (rc < 0)
    snprintf(h->err, sizeof h->err, "cannot read /%s of %s: %s", t->dataset, h->path,
             wht__h5_reason(why, sizeof why));
  if (mt >= 0) H5Tclose(mt);
  if (sp >= 0) H5Sclose(sp);
  return rc;
}

int wht_h5_read_results(wht_h5 *h, wht_result_row **rows, uint64_t *nrows)
{
  return read_table(h, &wht__results_table, h->results, (void **)rows, nrows);
}

int wht_h5_read_timings(wht_h5 *h, wht_timing_row **rows, uint64_t *nrows)
{
  return read_table(h, &wht__timings_table, h->timings, (void **)rows, nrows);
}

int wht_h5_get_attr(wht_h5 *h, const char *name, char *buf, size_t len)
{
  return wht__attr_read_string(h->file, name, buf, len);
}

int wht_h5_get_seed(wht_h5 *h, uint64_t *seed)
{
  return wht__attr_read_u64(h->file, "seed", seed);
}

int wht_h5_set_attr(wht_h5 *h, const char *name, const char *value)
{
  char why[256];
  if (h->lockfd < 0) {
    snprintf(h->err, sizeof h->err, "%s is open read-only", h->path);
    return -1;
  }
  if (strlen(value) >= WHT_H5_ATTR_MAX) {
    snprintf(h->err, sizeof h->err, "cannot write attribute %s of %s: %zu bytes, more than the %d an attribute holds",
             name, h->path, strlen(value) + 1, WHT_H5_ATTR_MAX);
    return -1;
  }
  if (wht__attr_write_string(h->file, name, value) < 0) {
    snprintf(h->err, sizeof h->err, "cannot write attribute %s of %s: %s", name, h->path,
             wht__h5_reason(why, sizeof why));
    return -1;
  }
  h->dirty = 1;
  return 0;
}

int wht_h5_delete_attr(wht_h5 *h, const char *name)
{
  char why[256];
  if (h->lockfd < 0) {
    snprintf(h->err, sizeof h->err, "%s is open read-only", h->path);
    return -1;
  }
  const htri_t there = H5Aexists(h->file, name);
  if (there == 0) return 0;
  if (there < 0 || H5Adelete(h->file, name) < 0) {
    snprintf(h->err, sizeof h->err, "cannot remove attribute %s of %s: %s", name, h->path,
             wht__h5_reason(why, sizeof why));
    return -1;
  }
  h->dirty = 1;
  return 0;
}

const char *wht_h5_error(const wht_h5 *h) { return h->err; }

int wht_h5_close(wht_h5 *h)
{
  if (!h) return 0;
  int rc = wht_h5_flush(h);
  handle_free(h);
  return rc;
}
