/* sweep_names.c - the name lists of sweep_names.h over the registry
 * (lib/registry.c) and the name functions of formats, distributions and
 * operations; the registry may grow without this file changing. */
#include <string.h>
#include "sweep_config.h"
#include "sweep_names.h"

static size_t algo_count(void)
{
  size_t n = wht_algorithm_count();
  return n < WHT_SWEEP_MAX_ALGOS ? n : WHT_SWEEP_MAX_ALGOS;
}
static const char *algo_name(size_t i) { return wht_algorithm_at(i)->name; }
static int algo_find(const char *s, size_t *i)
{
  for (size_t j = 0; j < algo_count(); j++)
    if (strcmp(s, algo_name(j)) == 0) return *i = j, 0;
  return -1;
}

static size_t fmt_count(void) { return WHT_NFORMATS; }
static const char *fmt_name(size_t i) { return wht_format_name((wht_format)i); }
static int fmt_find(const char *s, size_t *i)
{
  wht_format f;
  if (wht_format_from_name(s, &f) < 0) return -1;
  return *i = (size_t)f, 0;
}

static size_t dist_count(void) { return WHT_NDISTS; }
static const char *dist_name(size_t i) { return wht_dist_name((wht_dist)i); }
static int dist_find(const char *s, size_t *i)
{
  wht_dist d;
  if (wht_dist_from_name(s, &d) < 0) return -1;
  return *i = (size_t)d, 0;
}

static size_t op_count(void) { return WHT_NOPS; }
static const char *op_name(size_t i) { return wht_op_name((wht_op)i); }
static int op_find(const char *s, size_t *i)
{
  wht_op o;
  if (wht_op_from_name(s, &o) < 0) return -1;
  return *i = (size_t)o, 0;
}

const wht_name_set wht_algorithm_names = { "algorithm", algo_count, algo_name, algo_find };
const wht_name_set wht_format_names = { "format", fmt_count, fmt_name, fmt_find };
const wht_name_set wht_dist_names = { "distribution", dist_count, dist_name, dist_find };
const wht_name_set wht_op_names = { "operation", op_count, op_name, op_find };
