/* test_dist_names.c - distribution names: canonical names round-trip and
 * the thesis's upper-case spellings are accepted as aliases. */
#include <string.h>
#include "tap.h"
#include "wht_dist.h"

int main(void)
{
  static const struct {
    const char *name;
    wht_dist d;
  } good[] = {
    { "pmone", WHT_DIST_PMONE }, { "PMONE", WHT_DIST_PMONE },
    { "norm", WHT_DIST_NORM }, { "NORM", WHT_DIST_NORM },
    { "relu-norm", WHT_DIST_RELU_NORM }, { "RELU_NORM", WHT_DIST_RELU_NORM }, { "relu_norm", WHT_DIST_RELU_NORM },
    { "pagh-norm", WHT_DIST_PAGH_NORM }, { "PAGH_NORM", WHT_DIST_PAGH_NORM },
    { "pagh-pmone", WHT_DIST_PAGH_PMONE }, { "PAGH_PMONE", WHT_DIST_PAGH_PMONE },
  };
  for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
    wht_dist d = WHT_NDISTS;
    tap_ok(wht_dist_from_name(good[i].name, &d) == 0 && d == good[i].d, "\"%s\" names %s", good[i].name,
           wht_dist_name(good[i].d));
  }
  static const char *const names[WHT_NDISTS] = { "pmone", "norm", "relu-norm", "pagh-norm", "pagh-pmone" };
  for (unsigned d = 0; d < WHT_NDISTS; d++) {
    wht_dist back;
    tap_ok(wht_dist_name(d) && strcmp(wht_dist_name(d), names[d]) == 0 && wht_dist_from_name(wht_dist_name(d), &back) == 0 &&
           back == d, "canonical name %s round-trips", names[d]);
  }
  static const char *const bad[] = { "", "gauss", "pmone ", "relu", "pagh", "pagh--norm", "normal" };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    wht_dist d = WHT_DIST_NORM;
    tap_ok(wht_dist_from_name(bad[i], &d) == -1 && d == WHT_DIST_NORM, "\"%s\" is rejected and leaves d alone", bad[i]);
  }
  tap_ok(wht_dist_name(WHT_NDISTS) == NULL, "an out-of-range distribution has no name");
  tap_ok(wht_dist_from_name(NULL, NULL) == -1, "NULL name is rejected");
  double x[4];
  tap_ok(wht_dist_fill(WHT_NDISTS, 1, x, 4) == -1, "filling an out-of-range distribution fails");
  int empty = 1;
  for (unsigned d = 0; d < WHT_NDISTS; d++) empty &= wht_dist_fill(d, 1, NULL, 0) == 0;
  tap_ok(empty, "an empty vector is filled without drawing (pagh's one bump needs n >= 1)");
  return tap_done();
}
