/* test_api_edges - the edges of wht.h that test_api_misuse leaves: sizes
 * whose bytes overflow size_t, misaligned and overlapping arrays, the
 * out-of-range returns of the format queries and the exact spelling of
 * algorithm names; each gives what wht.h says (a status, nothing written)
 * and never undefined behaviour (the sanitizer builds would stop). */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "algo_check.h"

static wht_status create_st(uint64_t n, uint64_t batch, wht_format f, const char *algo)
{
  wht_status st = WHT_OK;
  wht_plan *p = wht_plan_create_batched(n, batch, f, algo, WHT_BACKEND_CPU, 0, &st);
  if (p && st != WHT_OK) st = WHT_NSTATUS; /* a plan with an error is itself one */
  if (!p && st == WHT_OK) st = WHT_NSTATUS;
  wht_plan_destroy(p);
  return st;
}

/* 8-byte aligned storage for every test below */
static union {
  double d[64];
  unsigned char b[512];
} buf, src;

static void sizes(void)
{
  if (SIZE_MAX != UINT64_MAX) {
    tap_skip("size_t is not 64 bits", "data bytes beyond size_t give WHT_E_SIZE");
    return;
  }
  /* n * batch fits 64 bits, its bytes do not: no pointer spans the data */
  const struct {
    uint64_t n, batch;
    wht_format f;
    const char *algo;
    wht_status want;
  } c[] = {
    { (uint64_t)1 << 62, 1, WHT_F64, "folklore", WHT_E_SIZE },  /* 2^65 bytes */
    { (uint64_t)1 << 61, 1, WHT_F64, "folklore", WHT_E_SIZE },  /* 2^64 bytes */
    { (uint64_t)1 << 63, 1, WHT_F16, "folklore", WHT_E_SIZE },  /* 2^64 bytes */
    { (uint64_t)1 << 31, (uint64_t)1 << 31, WHT_F32, "folklore", WHT_E_SIZE }, /* 2^64 bytes */
    { (uint64_t)1 << 62, 1, WHT_F16, "folklore", WHT_OK },      /* 2^63 bytes, no workspace */
    { (uint64_t)1 << 62, 1, WHT_F16, "kahan", WHT_E_NOMEM },    /* its workspace beyond size_t */
  };
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
    const wht_status st = create_st(c[i].n, c[i].batch, c[i].f, c[i].algo);
    tap_ok(st == c[i].want, "plan n = 2^%d, batch 2^%d, %s, %s: \"%s\" (got \"%s\")", __builtin_ctzll(c[i].n),
           __builtin_ctzll(c[i].batch), wht_format_name(c[i].f), c[i].algo, wht_strerror(c[i].want),
           wht_strerror(st));
  }
}

static void execute_alignment(void)
{
  for (int fi = 0; fi < WHT_NFORMATS; fi++) {
    const wht_format f = all_formats[fi];
    const size_t esz = wht_format_size(f);
    for (size_t a = 0; a < wht_algorithm_count(); a++) {
      const char *name = wht_algorithm_at(a)->name;
      wht_status st;
      wht_plan *p = wht_plan_create(8, f, name, WHT_BACKEND_CPU, 0, &st);
      if (!p) continue; /* a GPU-only algorithm, or one without the format */
      long bad = 0;
      for (size_t off = 1; off < esz; off++) {
        memset(buf.b, 0x3c, sizeof buf.b);
        st = wht_execute(p, buf.b + off);
        for (size_t i = 0; i < sizeof buf.b; i++) bad += buf.b[i] != 0x3c;
        bad += st != WHT_E_ALIGN;
      }
      /* aligned to the element, not more: runs */
      st = wht_execute(p, buf.b + esz);
      tap_ok(bad == 0 && st == WHT_OK,
             "%s %s: x at 1..%zu bytes past an element boundary gives WHT_E_ALIGN, nothing written (%ld bad); "
             "at one element past, \"%s\"", name, wht_format_name(f), esz - 1, bad, wht_strerror(st));
      wht_plan_destroy(p);
    }
  }
}

static void conversions(void)
{
  for (int fi = 0; fi < WHT_NFORMATS; fi++) {
    const wht_format f = all_formats[fi];
    const size_t esz = wht_format_size(f), n = 8;
    for (size_t i = 0; i < n; i++) src.d[i] = 1.5 + (double)i;
    /* misaligned destination, then source, of each direction */
    long bad = 0;
    for (size_t off = 1; off < 8; off++) {
      memset(buf.b, 0x3c, sizeof buf.b);
      wht_status s1 = off % esz ? wht_store_doubles(f, buf.b + 64 + off, src.d, n) : WHT_E_ALIGN;
      wht_status s2 = wht_store_doubles(f, buf.b + 64, (const double *)(src.b + off), n);
      wht_status s3 = wht_load_doubles(f, (double *)(buf.b + 64 + off), src.b, n);
      wht_status s4 = off % esz ? wht_load_doubles(f, buf.d + 8, src.b + off, n) : WHT_E_ALIGN;
      for (size_t i = 0; i < sizeof buf.b; i++) bad += buf.b[i] != 0x3c;
      bad += (s1 != WHT_E_ALIGN) + (s2 != WHT_E_ALIGN) + (s3 != WHT_E_ALIGN) + (s4 != WHT_E_ALIGN);
    }
    tap_ok(bad == 0, "%s: conversions of a misaligned array give WHT_E_ALIGN, nothing written (%ld bad)",
           wht_format_name(f), bad);
    /* n = 0 touches nothing: any pointers */
    tap_ok(wht_store_doubles(f, buf.b + 1, (const double *)(src.b + 3), 0) == WHT_OK &&
               wht_load_doubles(f, (double *)(buf.b + 1), buf.b + 1, 0) == WHT_OK,
           "%s: conversions of 0 elements accept misaligned and equal pointers", wht_format_name(f));
    /* overlap: in place, a byte shared at either end; apart by one byte: fine */
    memcpy(buf.d, src.d, n * sizeof(double));
    const wht_status in_place_store = wht_store_doubles(f, buf.d, buf.d, n);
    const int kept = !memcmp(buf.d, src.d, n * sizeof(double));
    const wht_status in_place_load = wht_load_doubles(f, buf.d, buf.d, n);
    const wht_status tail = wht_store_doubles(f, buf.b + n * 8 - esz, buf.d, n);   /* dst starts in src's last element */
    const wht_status head = wht_load_doubles(f, buf.d + 8, buf.b + 64 + n * 8 - esz, n); /* src starts in dst's last */
    const wht_status apart1 = wht_store_doubles(f, buf.b + n * 8, buf.d, n);       /* dst right after src */
    const wht_status apart2 = wht_load_doubles(f, buf.d + 8, buf.b + 64 - n * esz, n); /* src right before dst */
    tap_ok(in_place_store == WHT_E_OVERLAP && kept && in_place_load == WHT_E_OVERLAP && tail == WHT_E_OVERLAP &&
               head == WHT_E_OVERLAP && apart1 == WHT_OK && apart2 == WHT_OK,
           "%s: overlapping arrays give WHT_E_OVERLAP, nothing written (in place \"%s\" / \"%s\", one element "
           "shared \"%s\" / \"%s\"); adjacent ones convert (\"%s\" / \"%s\")", wht_format_name(f),
           wht_strerror(in_place_store), wht_strerror(in_place_load), wht_strerror(tail), wht_strerror(head),
           wht_strerror(apart1), wht_strerror(apart2));
  }
  /* the refusals that come first keep their order: a bad format, then NULL */
  tap_ok(wht_store_doubles((wht_format)7, buf.b + 1, buf.d, 4) == WHT_E_FORMAT &&
             wht_load_doubles(WHT_F32, NULL, buf.b + 1, 4) == WHT_E_NULL,
         "format and NULL are refused before alignment");
}

/* A conversion in place on threads was a silent wrong answer before the
 * overlap check; the large case the threads split is refused too. */
static void overlap_threads(void)
{
  const size_t n = (size_t)1 << 16;
  double *d = malloc(n * sizeof *d);
  if (!d) {
    tap_skip("out of memory", "a conversion in place of 2^16 elements on threads gives WHT_E_OVERLAP");
    return;
  }
  for (size_t i = 0; i < n; i++) d[i] = (double)i + 0.25;
  wht_set_threads(3);
  const wht_status st = wht_store_doubles(WHT_F32, d, d, n);
  size_t bad = 0;
  for (size_t i = 0; i < n; i++) bad += d[i] != (double)i + 0.25;
  wht_set_threads(0);
  tap_ok(st == WHT_E_OVERLAP && bad == 0,
         "a conversion in place of 2^16 elements on 3 threads gives WHT_E_OVERLAP (\"%s\"), nothing written (%zu changed)",
         wht_strerror(st), bad);
  free(d);
}

static void format_queries(void)
{
  /* wht.h: for f outside wht_format the numbers are 0, the arithmetic NaN */
  long bad = 0;
  const int out[] = { -1, WHT_NFORMATS, 99 };
  for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) {
    const wht_format f = (wht_format)out[i];
    bad += wht_format_name(f) != NULL || wht_format_size(f) != 0 || wht_format_precision(f) != 0 ||
           wht_format_emin(f) != 0 || wht_format_emax(f) != 0 || wht_format_unit_roundoff(f) != 0;
    bad += !isnan(wht_round_to_format(1.5, f)) || !isnan(wht_format_add(f, 1, 2)) ||
           !isnan(wht_format_sub(f, 1, 2)) || !isnan(wht_format_mul(f, 1, 2));
  }
  tap_ok(bad == 0, "format queries of formats -1, %d, 99: NULL, 0 and NaN as wht.h says (%ld bad)", WHT_NFORMATS, bad);
  wht_format f = WHT_F32;
  tap_ok(wht_format_from_name(NULL, &f) == -1 && wht_format_from_name("f64", NULL) == -1 && f == WHT_F32 &&
             wht_format_from_name("f16 ", &f) == -1 && wht_format_from_name("bf_16", &f) == -1 && f == WHT_F32,
         "wht_format_from_name refuses NULL, a trailing space and a separator canonical names lack");
}

static void algorithm_names(void)
{
  /* wht.h: algorithm names are the registry's, spelled exactly */
  const char *const wrong[] = { "Folklore", "KAHAN", "kahan_block", "kahan-block ", "kahan-blocks", "", "alman_rao" };
  long bad = 0;
  for (size_t i = 0; i < sizeof wrong / sizeof wrong[0]; i++)
    bad += wht_algorithm_find(wrong[i]) != NULL || create_st(8, 1, WHT_F64, wrong[i]) != WHT_E_ALGORITHM ||
           wht_error_bound(wrong[i], WHT_F64, 3, WHT_BOUND_ELEMENTWISE, &(double){ 0 }) != WHT_E_ALGORITHM;
  for (size_t i = 0; i < wht_algorithm_count(); i++)
    bad += wht_algorithm_find(wht_algorithm_at(i)->name) != wht_algorithm_at(i);
  tap_ok(bad == 0, "algorithm names: each registry name finds its row, other spellings none (%ld bad)", bad);
  tap_ok(wht_name_matches("RELU_NORM", "relu-norm") == 1 && wht_name_matches("relu-nor", "relu-norm") == 0 &&
             wht_name_matches(NULL, "f64") == 0 && wht_name_matches("f64", NULL) == 0,
         "wht_name_matches: case and '_' folded, a prefix or NULL is no match");
}

int main(void)
{
  sizes();
  execute_alignment();
  conversions();
  overlap_threads();
  format_queries();
  algorithm_names();
  return tap_done();
}
