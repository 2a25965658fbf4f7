/* h5store_check.c - an existing results file is read whole before anyone
 * uses or rewrites it: a damaged file (bytes overwritten, truncated) must be
 * refused with one line naming it, never taken for an empty or shorter file
 * and republished (data/README.md, "Damaged files"). HDF5 reports most
 * damage as a failed read (the table chunks are deflate streams, i.e. zlib
 * with its Adler-32). The row checks catch what metadata damage may let
 * through (garbage strings, impossible keys); the store itself round-trips
 * any row, so they are separate, for the programs that read sweep rows. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "h5store_internal.h"

/* the root attributes every file of wht_h5_create carries (h5store_attrs.c) */
static const char *const string_attrs[] = {
  "whtlab_version", "git_revision", "command_line", "created", "host", "device",
  "compiler", "cflags", "nvcc_flags", "mpfr_version", "gsl_version", "hdf5_version",
};

/* the values a row's closed-set strings can take (data/README.md) */
static const char *const backends[] = { "cpu", "gpu", "python" };
static const char *const statuses[] = { "ok", "overflow", "unsupported" };

static int one_of(const char *s, const char *const *set, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (strcmp(s, set[i]) == 0) return 1;
  return 0;
}

/* a name column: 1..len-1 printable ASCII characters without blanks */
static int name_ok(const char *s, size_t len)
{
  size_t i = 0;
  for (; i < len && s[i]; i++)
    if (s[i] < 0x21 || s[i] > 0x7e) return 0;
  return i > 0 && i < len;
}

#define NAME_OK(row, f) name_ok((row)->f, sizeof (row)->f)
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const char *wht_h5_result_problem(const wht_result_row *r)
{
  if (!NAME_OK(r, algorithm) || !NAME_OK(r, format) || !NAME_OK(r, dist) || !NAME_OK(r, op))
    return "a name column that is not a name";
  if (!NAME_OK(r, backend) || !one_of(r->backend, backends, COUNT(backends))) return "an unknown backend";
  if (!NAME_OK(r, status) || !one_of(r->status, statuses, COUNT(statuses))) return "an unknown status";
  if (r->log2n < 0 || r->log2n > 64 || r->trial < 0) return "a log2n or trial out of range";
  if (r->n_zero < 0 || r->zero_miss < 0 || r->zero_miss > r->n_zero || r->n_nonfinite < 0)
    return "negative or inconsistent counts";
  return NULL;
}

const char *wht_h5_timing_problem(const wht_timing_row *r)
{
  if (!NAME_OK(r, algorithm) || !NAME_OK(r, format)) return "a name column that is not a name";
  if (!NAME_OK(r, backend) || !one_of(r->backend, backends, COUNT(backends))) return "an unknown backend";
  if (r->log2n < 0 || r->log2n > 64 || r->batch < 1 || (r->in_place != 0 && r->in_place != 1) || r->reps < 0)
    return "a log2n, batch, in_place or reps out of range";
  return NULL;
}

static int damaged(wht_h5 *h, const char *what)
{
  snprintf(h->err, sizeof h->err, "%s is damaged (%s); it was not changed", h->path, what);
  return -1;
}

int wht__check_whole(wht_h5 *h)
{
  char buf[64], what[160];
  uint64_t seed;
  /* an attribute too long for buf still reads (cut), so 0 means readable */
  for (size_t i = 0; i < COUNT(string_attrs); i++)
    if (wht__attr_read_string(h->file, string_attrs[i], buf, sizeof buf) != 0) {
      snprintf(what, sizeof what, "root attribute %s unreadable", string_attrs[i]);
      return damaged(h, what);
    }
  if (wht__attr_read_u64(h->file, "seed", &seed) != 0) return damaged(h, "root attribute seed unreadable");
  if (h->results < 0) return damaged(h, "no /results table");
  wht_result_row *rows = NULL;
  wht_timing_row *tim = NULL;
  uint64_t n = 0, nt = 0;
  int rr = wht_h5_read_results(h, &rows, &n), rt = rr == 0 ? wht_h5_read_timings(h, &tim, &nt) : 0;
  free(rows);
  free(tim);
  if (rr != 0) return damaged(h, "/results unreadable");
  if (rt != 0) return damaged(h, "/timings unreadable");
  return 0;
}

int wht_h5_rows_problem(const char *path, const wht_result_row *rows, uint64_t n, const wht_timing_row *tim,
                        uint64_t nt, char *err, size_t len)
{
  const char *bad = NULL;
  uint64_t at = 0;
  for (uint64_t i = 0; !bad && i < n; i++)
    if ((bad = wht_h5_result_problem(&rows[i]))) at = i;
  if (bad) {
    snprintf(err, len, "%s is damaged (/results row %llu has %s); it was not changed", path,
             (unsigned long long)at, bad);
    return -1;
  }
  for (uint64_t i = 0; !bad && i < nt; i++)
    if ((bad = wht_h5_timing_problem(&tim[i]))) at = i;
  if (bad) {
    snprintf(err, len, "%s is damaged (/timings row %llu has %s); it was not changed", path,
             (unsigned long long)at, bad);
    return -1;
  }
  return 0;
}
