/* output_path.c - the output file's name checked before anything is
 * written (output_path.h). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "output_path.h"

int wht_output_path_problem(const char *path, char *why, size_t len)
{
  struct stat st;
  char dir[4096];
  const char *slash = strrchr(path, '/');
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
    return snprintf(why, len, "is a directory (accepted: a file name)"), 2;
  /* a link to nothing: neither a file to continue nor a name to create */
  if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && stat(path, &st) != 0)
    return snprintf(why, len, "a symbolic link to a missing file (accepted: a results file or a new file name)"), 2;
  /* a FIFO or device would block the HDF5 probe or be replaced by --force */
  if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
    return snprintf(why, len, "not a regular file (accepted: a results file or a new file name)"), 2;
  if (!slash)
    snprintf(dir, sizeof dir, ".");
  else
    snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
    return snprintf(why, len, "directory %s does not exist (accepted: a file in an existing directory)", dir), 2;
  if (access(dir, W_OK | X_OK) != 0) /* an unwritable output: exit 1 (README) */
    return snprintf(why, len, "directory %s is not writable (accepted: a file in a writable directory)", dir), 1;
  return 0;
}
