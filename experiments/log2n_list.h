/* log2n_list.h - the one parser of --log2n for wht-sweep, wht-bench and
 * wht-cpu-speed: K, A:B, A:B:STEP and comma lists of them (3:25:2,
 * 10,12,20, 3:9,12) into the set of sizes k, each at most once, ascending. */
#ifndef WHT_LOG2N_LIST_H
#define WHT_LOG2N_LIST_H

#include <stddef.h>
#include <stdint.h>

/* what the parser accepts, for error messages and --help */
#define WHT_LOG2N_FORMS "K, A:B, A:B:STEP, or a comma list of them such as 3:9,12"

/* Parse s; every k must lie in [lo, hi] (hi <= 63). On success *set has
 * bit k set for each k named and 0 is returned; otherwise -1 and why holds
 * a short reason ("8 > 5 in 8:5", "41 is above 40"). */
int wht_log2n_parse(const char *s, unsigned lo, unsigned hi, uint64_t *set, char *why, size_t len);
/* number of sizes in set, its smallest and largest k (set != 0) */
unsigned wht_log2n_count(uint64_t set);
unsigned wht_log2n_min(uint64_t set);
unsigned wht_log2n_max(uint64_t set);
#endif
