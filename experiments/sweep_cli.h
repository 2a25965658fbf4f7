/* sweep_cli.h - wht-sweep's command line: parse and validate into a
 * wht_sweep_config before anything touches a file. A usage error prints
 * one line naming the bad value and the accepted ones. */
#ifndef WHT_SWEEP_CLI_H
#define WHT_SWEEP_CLI_H

#include <stdio.h>
#include "sweep_config.h"

/* 0 ok; 2 usage error (already reported on stderr). */
int wht_sweep_parse(int argc, char **argv, wht_sweep_config *c);
void wht_sweep_usage(FILE *f);
/* Print one usage-error line "wht-sweep: ..." and return 2. */
int wht_sweep_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#endif
