/* h5store_attrs.c - the root provenance attributes of data/README.md:
 * fixed-length ASCII strings, schema_version int32, seed uint64. The build's
 * git revision and flags come from the generated header wht_build_info.h
 * (experiments/local.mk); library versions are asked of the libraries. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <gsl/gsl_version.h>
#include <mpfr.h>
#include "h5store_internal.h"
#include "wht_build_info.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

#if defined(__clang__)
#define WHT_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define WHT_COMPILER "gcc " __VERSION__
#else
#define WHT_COMPILER "unknown"
#endif

static int write_attr(hid_t obj, const char *name, hid_t type, hid_t memtype, const void *v)
{
  hid_t sp = H5Screate(H5S_SCALAR), a = H5I_INVALID_HID;
  int rc = -1;
  if (sp < 0) return -1;
  /* replace: set_attr may rewrite one (merged_from) */
  if (H5Aexists(obj, name) > 0) H5Adelete(obj, name);
  a = H5Acreate2(obj, name, type, sp, H5P_DEFAULT, H5P_DEFAULT);
  if (a >= 0 && H5Awrite(a, memtype, v) >= 0) rc = 0;
  if (a >= 0) H5Aclose(a);
  H5Sclose(sp);
  return rc;
}

int wht__attr_write_string(hid_t obj, const char *name, const char *value)
{
  size_t n = strlen(value) + 1;
  /* longer ones HDF5 refuses, or writes as a header no reader opens */
  if (n > WHT_H5_ATTR_MAX) return -1;
  hid_t t = H5Tcopy(H5T_C_S1);
  int rc = -1;
  if (t < 0) return -1;
  if (H5Tset_size(t, n) >= 0 && H5Tset_strpad(t, H5T_STR_NULLTERM) >= 0 &&
      H5Tset_cset(t, H5T_CSET_ASCII) >= 0)
    rc = write_attr(obj, name, t, t, value);
  H5Tclose(t);
  return rc;
}

int wht__attr_read_string(hid_t obj, const char *name, char *buf, size_t len)
{
  if (len == 0 || H5Aexists(obj, name) <= 0) return -1;
  hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
  hid_t ft = a < 0 ? H5I_INVALID_HID : H5Aget_type(a);
  int rc = -1;
  /* the size bound keeps a damaged size field off the stack */
  size_t n = ft >= 0 && H5Tget_class(ft) == H5T_STRING && !H5Tis_variable_str(ft) ? H5Tget_size(ft) : 0;
  if (n > 0 && n <= (1u << 22)) {
    char *tmp = malloc(n + 1);
    hid_t mt = tmp ? H5Tcopy(ft) : H5I_INVALID_HID;
    if (mt >= 0 && H5Aread(a, mt, tmp) >= 0) {
      tmp[n] = '\0';
      snprintf(buf, len, "%s", tmp);
      rc = 0;
    }
    if (mt >= 0) H5Tclose(mt);
    free(tmp);
  }
  if (ft >= 0) H5Tclose(ft);
  if (a >= 0) H5Aclose(a);
  return rc;
}

static int read_int_attr(hid_t obj, const char *name, hid_t memtype, void *v)
{
  if (H5Aexists(obj, name) <= 0) return -1;
  hid_t a = H5Aopen(obj, name, H5P_DEFAULT);
  hid_t ft = a < 0 ? H5I_INVALID_HID : H5Aget_type(a);
  hid_t sp = a < 0 ? H5I_INVALID_HID : H5Aget_space(a);
  int rc = -2;
  if (ft >= 0 && sp >= 0 && H5Tget_class(ft) == H5T_INTEGER &&
      H5Sget_simple_extent_npoints(sp) == 1 && H5Aread(a, memtype, v) >= 0)
    rc = 0;
  if (sp >= 0) H5Sclose(sp);
  if (ft >= 0) H5Tclose(ft);
  if (a >= 0) H5Aclose(a);
  return rc;
}

int wht__attr_read_u64(hid_t obj, const char *name, uint64_t *v)
{
  return read_int_attr(obj, name, H5T_NATIVE_UINT64, v) == 0 ? 0 : -1;
}

int wht__attr_schema(hid_t file, int *version)
{
  int32_t v = 0;
  int rc = read_int_attr(file, "schema_version", H5T_NATIVE_INT32, &v);
  if (rc == 0) *version = v;
  return rc;
}

const char *wht_h5_build_revision(void) { return WHT_GIT_REVISION; }

int wht__write_provenance(hid_t file, const wht_h5_provenance *prov)
{
  char created[32], host[256] = "unknown", hdf5v[48];
  unsigned maj = 0, min = 0, rel = 0;
  time_t now = time(NULL);
  struct tm tm;
  int32_t schema = WHT_SCHEMA_VERSION;
  uint64_t seed = prov ? prov->seed : 0;

  gmtime_r(&now, &tm);
  strftime(created, sizeof created, "%Y-%m-%dT%H:%M:%SZ", &tm);
  if (gethostname(host, sizeof host - 1) != 0) snprintf(host, sizeof host, "unknown");
  host[sizeof host - 1] = '\0';
  H5get_libversion(&maj, &min, &rel);
  snprintf(hdf5v, sizeof hdf5v, "%u.%u.%u", maj, min, rel);

  const struct { const char *name, *value; } strings[] = {
    { "whtlab_version", PACKAGE_VERSION },
    { "git_revision", WHT_GIT_REVISION },
    { "command_line", prov && prov->command_line ? prov->command_line : "" },
    { "created", created },
    { "host", host },
    { "device", prov && prov->device ? prov->device : "none" },
    { "compiler", WHT_COMPILER },
    { "cflags", WHT_CFLAGS_RECORD },
    { "nvcc_flags", WHT_NVCC_FLAGS_RECORD },
    { "mpfr_version", mpfr_get_version() },
    { "gsl_version", gsl_version },
    { "hdf5_version", hdf5v },
  };
  if (write_attr(file, "schema_version", H5T_STD_I32LE, H5T_NATIVE_INT32, &schema) < 0) return -1;
  if (write_attr(file, "seed", H5T_STD_U64LE, H5T_NATIVE_UINT64, &seed) < 0) return -1;
  for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++)
    if (wht__attr_write_string(file, strings[i].name, strings[i].value) < 0) return -1;
  return 0;
}
