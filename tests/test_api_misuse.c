/* test_api_misuse - every entry point validates its arguments and returns
 * its documented status (lib/wht.h); nothing crashes. */
#include "algo_check.h"

static wht_status create_st(uint64_t n, uint64_t batch, int fmt, const char *algo, int backend, unsigned flags)
{
  wht_status st = WHT_OK;
  wht_plan *p = wht_plan_create_batched(n, batch, (wht_format)fmt, algo, (wht_backend)backend, flags, &st);
  if (p && st != WHT_OK) st = WHT_NSTATUS; /* a plan returned with an error is itself an error */
  if (!p && st == WHT_OK) st = WHT_NSTATUS;
  wht_plan_destroy(p);
  return st;
}

int main(void)
{
  tap_ok(create_st(0, 1, WHT_F64, "folklore", 0, 0) == WHT_E_SIZE, "n = 0 gives WHT_E_SIZE");
  tap_ok(create_st(3, 1, WHT_F64, "folklore", 0, 0) == WHT_E_SIZE, "n = 3 gives WHT_E_SIZE");
  tap_ok(create_st(96, 1, WHT_F64, "folklore", 0, 0) == WHT_E_SIZE, "n = 96 gives WHT_E_SIZE");
  tap_ok(create_st(8, 0, WHT_F64, "folklore", 0, 0) == WHT_E_SIZE, "batch = 0 gives WHT_E_SIZE");
  tap_ok(create_st((uint64_t)1 << 63, 4, WHT_F64, "folklore", 0, 0) == WHT_E_SIZE, "n * batch overflowing 64 bits gives WHT_E_SIZE");
  tap_ok(create_st(8, 1, WHT_F64, "no-such-algo", 0, 0) == WHT_E_ALGORITHM, "unknown algorithm gives WHT_E_ALGORITHM");
  tap_ok(create_st(8, 1, WHT_F64, NULL, 0, 0) == WHT_E_NULL, "NULL algorithm gives WHT_E_NULL");
  tap_ok(create_st(8, 1, 7, "folklore", 0, 0) == WHT_E_FORMAT, "format 7 gives WHT_E_FORMAT");
  tap_ok(create_st(8, 1, -1, "folklore", 0, 0) == WHT_E_FORMAT, "format -1 gives WHT_E_FORMAT");
  tap_ok(create_st(8, 1, WHT_F64, "folklore", 5, 0) == WHT_E_BACKEND, "backend 5 gives WHT_E_BACKEND");
  tap_ok(create_st(8, 1, WHT_F64, "folklore", 0, 1u << 9) == WHT_E_FLAGS, "unknown flag bits give WHT_E_FLAGS");
  wht_status gst = create_st(8, 1, WHT_F64, "folklore", WHT_BACKEND_GPU, WHT_HOST_POINTER);
  tap_ok(wht_gpu_available() ? gst == WHT_OK : gst == WHT_E_NO_GPU,
         "GPU backend gives WHT_E_NO_GPU without a device, a plan with one (%s)", wht_strerror(gst));
  /* every registered algorithm x format it lacks gives WHT_E_ALGO_FORMAT,
   * every one it has gives a plan (vacuous for lacking formats while all
   * registered CPU algorithms cover the four formats) */
  long bad = 0;
  for (size_t a = 0; a < wht_algorithm_count(); a++) {
    const wht_algorithm_info *info = wht_algorithm_at(a);
    for (int f = 0; f < WHT_NFORMATS; f++) {
      wht_status st = create_st(8, 1, f, info->name, WHT_BACKEND_CPU, 0);
      int has = (info->formats >> f) & 1, cpu = (info->backends >> WHT_BACKEND_CPU) & 1;
      if (has ? st != (cpu ? WHT_OK : WHT_E_BACKEND) : st != WHT_E_ALGO_FORMAT) bad++;
    }
  }
  tap_ok(bad == 0, "each algorithm x format gives a plan or WHT_E_ALGO_FORMAT per the registry (%ld bad)", bad);
  /* NULL status pointer is allowed: on failure (still NULL) and on success
   * (a plan) */
  wht_plan *pn = wht_plan_create(3, WHT_F64, "folklore", WHT_BACKEND_CPU, 0, NULL);
  tap_ok(pn == NULL, "a NULL status pointer is accepted when creation fails (n = 3 gives NULL)");
  wht_plan_destroy(pn);
  pn = wht_plan_create(8, WHT_F64, "folklore", WHT_BACKEND_CPU, 0, NULL);
  tap_ok(pn != NULL, "a NULL status pointer is accepted when creation succeeds (n = 8 gives a plan)");
  wht_plan_destroy(pn);
  wht_status st;
  wht_plan *p = wht_plan_create(8, WHT_F32, "kahan", WHT_BACKEND_CPU, 0, &st);
  tap_ok(p && st == WHT_OK, "a valid plan is created");
  tap_ok(wht_execute(p, NULL) == WHT_E_NULL, "wht_execute with NULL data gives WHT_E_NULL");
  float buf[8] = { 0 };
  tap_ok(wht_execute(NULL, buf) == WHT_E_NULL, "wht_execute with a NULL plan gives WHT_E_NULL");
  wht_plan_destroy(p);
  /* wht_plan_destroy(NULL) is a no-op: it returns (not crashing) and the
   * library still works afterwards */
  wht_plan_destroy(NULL);
  double v[2] = { 1, 2 }, hv[2] = { 0, 0 };
  wht_status hst = run_cpu("folklore", WHT_F64, v, hv, 2, 1);
  tap_ok(hst == WHT_OK && hv[0] == 3 && hv[1] == -1,
         "wht_plan_destroy(NULL) returns and a plan still runs afterwards (H (1, 2) = (%g, %g))", hv[0], hv[1]);
  /* status texts: present, distinct, and a text for out-of-range codes */
  int distinct = 1;
  for (int i = 0; i < WHT_NSTATUS; i++)
    for (int j = 0; j < i; j++)
      if (!wht_strerror((wht_status)i) || !strcmp(wht_strerror((wht_status)i), wht_strerror((wht_status)j))) distinct = 0;
  tap_ok(distinct, "wht_strerror gives a distinct text for every status");
  tap_ok(!strcmp(wht_strerror((wht_status)999), "unknown status code"), "wht_strerror(999) is 'unknown status code'");
  /* registry and format lookups */
  wht_format f;
  tap_ok(wht_format_from_name("f8", &f) == -1, "format name 'f8' is rejected");
  tap_ok(wht_format_from_name("BF16", &f) == 0 && f == WHT_BF16, "format name 'BF16' is accepted as bf16");
  tap_ok(wht_format_name((wht_format)9) == NULL, "wht_format_name of 9 is NULL");
  /* the array conversions: a status, nothing written on a refusal */
  double d[2] = { 1.5, -2 }, back[2] = { 7, 7 };
  uint16_t h[2] = { 0xabcd, 0xabcd };
  tap_ok(wht_store_doubles((wht_format)9, h, d, 2) == WHT_E_FORMAT && h[0] == 0xabcd &&
             wht_load_doubles((wht_format)9, back, h, 2) == WHT_E_FORMAT && back[0] == 7,
         "wht_store_doubles / wht_load_doubles of format 9: WHT_E_FORMAT, nothing written");
  tap_ok(wht_store_doubles(WHT_F16, NULL, d, 2) == WHT_E_NULL && wht_load_doubles(WHT_F16, back, NULL, 2) == WHT_E_NULL &&
             wht_store_doubles(WHT_F16, NULL, NULL, 0) == WHT_OK,
         "a NULL array with n > 0: WHT_E_NULL (n = 0 needs none)");
  /* the calls before tap_ok: its arguments may be read before its condition runs */
  const int round_trip = wht_store_doubles(WHT_F16, h, d, 2) == WHT_OK && wht_load_doubles(WHT_F16, back, h, 2) == WHT_OK;
  tap_ok(round_trip && back[0] == 1.5 && back[1] == -2, "a conversion and back: WHT_OK, the values (%g, %g)", back[0],
         back[1]);
  tap_ok(wht_algorithm_find("nope") == NULL && wht_algorithm_at(wht_algorithm_count()) == NULL,
         "registry lookups out of range give NULL");
  /* wht_error_bound: each refusal with its status, *bound left alone */
  double b = -1;
  const struct {
    const char *algo;
    int fmt;
    unsigned k;
    int kind;
    double *out;
    wht_status want;
  } eb[] = {
    { NULL, WHT_F32, 4, WHT_BOUND_NORM_REL, &b, WHT_E_NULL },
    { "folklore", WHT_F32, 4, WHT_BOUND_NORM_REL, NULL, WHT_E_NULL },
    { "nope", WHT_F32, 4, WHT_BOUND_NORM_REL, &b, WHT_E_ALGORITHM },
    { "folklore", 9, 4, WHT_BOUND_NORM_REL, &b, WHT_E_FORMAT },
    { "tensor-core-f16acc", WHT_BF16, 4, WHT_BOUND_NORM_REL, &b, WHT_E_ALGO_FORMAT },
    { "folklore", WHT_F32, 64, WHT_BOUND_NORM_REL, &b, WHT_E_SIZE },
    { "folklore", WHT_F32, 4, 7, &b, WHT_E_BOUND_KIND },
    { "tensor-core", WHT_F16, 4, WHT_BOUND_ELEMENTWISE, &b, WHT_E_NO_BOUND },
  };
  for (size_t i = 0; i < sizeof eb / sizeof eb[0]; i++) {
    wht_status st = wht_error_bound(eb[i].algo, (wht_format)eb[i].fmt, eb[i].k, (wht_bound_kind)eb[i].kind,
                                    eb[i].out);
    tap_ok(st == eb[i].want && b == -1, "wht_error_bound(%s, format %d, k %u, kind %d%s) gives \"%s\" (got \"%s\"), *bound unchanged",
           eb[i].algo ? eb[i].algo : "NULL", eb[i].fmt, eb[i].k, eb[i].kind, eb[i].out ? "" : ", NULL",
           wht_strerror(eb[i].want), wht_strerror(st));
  }
  /* a bound exactly where the registry row has factors */
  long mismatched = 0;
  for (size_t a = 0; a < wht_algorithm_count(); a++) {
    const wht_algorithm_info *info = wht_algorithm_at(a);
    for (int f = 0; f < WHT_NFORMATS; f++)
      if ((info->formats >> f) & 1) {
        wht_status st = wht_error_bound(info->name, (wht_format)f, 10, WHT_BOUND_ELEMENTWISE, &b);
        if ((st == WHT_OK) != (info->bound_stage_factor || info->bound_extra || info->bound_block_factor))
          mismatched++;
      }
  }
  tap_ok(mismatched == 0, "wht_error_bound gives a bound for every format of an algorithm with bound factors "
         "and WHT_E_NO_BOUND for one without (%ld mismatched)", mismatched);
  return tap_done();
}
