/* output_path.h - the one check of an output file's name for wht-sweep and
 * wht-bench, before any file is touched: a directory, a link to nothing, a
 * FIFO or device, or a file in a missing folder is a bad value (exit 2), a
 * folder that is not writable an unwritable output (exit 1; README). */
#ifndef WHT_OUTPUT_PATH_H
#define WHT_OUTPUT_PATH_H

#include <stddef.h>

/* 0 when path can be created or appended to; else 2 or 1 as above and the
 * reason with the accepted values in why ("directory nodir does not exist
 * (accepted: a file in an existing directory)"), the path not repeated. */
int wht_output_path_problem(const char *path, char *why, size_t len);
#endif
