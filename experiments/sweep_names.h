/* sweep_names.h - the four name lists of a sweep (algorithms from the
 * registry, formats, distributions, operations) behind one interface, so
 * option parsing, --list and the grid treat them alike. */
#ifndef WHT_SWEEP_NAMES_H
#define WHT_SWEEP_NAMES_H

#include <stddef.h>

/* log2n accepted by the parser; memory may allow less (sweep_grid.c) */
#define WHT_SWEEP_KMIN 1u
#define WHT_SWEEP_KMAX 40u

typedef struct {
  const char *what;                       /* "algorithm", ... */
  size_t (*count)(void);
  const char *(*name)(size_t i);          /* canonical name */
  int (*find)(const char *s, size_t *i);  /* 0 ok (aliases accepted), -1 unknown */
} wht_name_set;

extern const wht_name_set wht_algorithm_names, wht_format_names, wht_dist_names, wht_op_names;
#endif
