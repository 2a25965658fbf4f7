/* h5store_publish.c - how a writer keeps FILE readable whenever it dies.
 *
 * HDF5 1.10 without SWMR rewrites metadata in place during a flush: a
 * process killed in the middle leaves a file whose B-tree, object headers
 * and superblock (end of allocation) disagree. So the writer never modifies
 * FILE in place. It works on an in-memory file (core driver, no backing
 * store) and publishes it: flush, take the file image, write it to FILE.tmp,
 * sync it, rename FILE.tmp over FILE, sync the folder. rename(2) is atomic,
 * so FILE is at every moment either the previous or the new complete image,
 * after a power cut too. FILE.lock, flock'ed, keeps
 * out a second writer (its stale copy after a kill is harmless). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "h5store_internal.h"

double wht__now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static herr_t deepest(unsigned n, const H5E_error2_t *e, void *data)
{
  (void)n;
  /* the walk goes from the innermost frame outwards: keep the first */
  char *buf = data;
  if (buf[0] == '\0' && e->desc) snprintf(buf, 256, "%s", e->desc);
  return 0;
}

const char *wht__h5_reason(char *buf, size_t len)
{
  char tmp[256] = "";
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, deepest, tmp);
  snprintf(buf, len, "%s", tmp[0] ? tmp : "HDF5 error");
  return buf;
}

int wht__lock(wht_h5 *h)
{
  for (;;) {
    /* read-only is enough for flock, and opens a stale lock of another user */
    int fd = open(h->lockpath, O_RDONLY | O_CREAT | O_CLOEXEC, 0666);
    struct stat a, b;
    if (fd < 0) {
      snprintf(h->err, sizeof h->err, "cannot write %s: cannot lock it: %s", h->path, strerror(errno));
      return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
      int e = errno;
      close(fd);
      if (e == EWOULDBLOCK)
        snprintf(h->err, sizeof h->err, "%s is being written by another process", h->path);
      else
        snprintf(h->err, sizeof h->err, "cannot write %s: cannot lock it: %s", h->path, strerror(e));
      return -1;
    }
    /* a previous holder may have unlinked the file we opened: retry */
    if (fstat(fd, &a) == 0 && stat(h->lockpath, &b) == 0 && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino) {
      h->lockfd = fd;
      return 0;
    }
    close(fd);
  }
}

void wht__unlock(wht_h5 *h)
{
  if (h->lockfd < 0) return;
  unlink(h->lockpath);
  close(h->lockfd);
  h->lockfd = -1;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* the rename on disk too (the folder's entry), where the file system lets
 * a folder be synced; a failure here loses nothing the rename did not */
static void sync_folder(const char *path)
{
  const char *slash = strrchr(path, '/');
  char dir[4096];
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if ((size_t)(slash - path) >= sizeof dir) return;
  else snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
  int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)fsync(fd);
  close(fd);
}

int wht__publish(wht_h5 *h)
{
  double t0 = wht__now();
  char why[256];
  if (H5Fflush(h->file, H5F_SCOPE_LOCAL) < 0) {
    snprintf(h->err, sizeof h->err, "cannot flush %s: %s", h->path, wht__h5_reason(why, sizeof why));
    return -1;
  }
  ssize_t size = H5Fget_file_image(h->file, NULL, 0);
  unsigned char *img = size > 0 ? malloc((size_t)size) : NULL;
  if (!img || H5Fget_file_image(h->file, img, (size_t)size) != size) {
    snprintf(h->err, sizeof h->err, "cannot take the image of %s: %s", h->path,
             img ? wht__h5_reason(why, sizeof why) : "out of memory");
    free(img);
    return -1;
  }
  /* FILE.tmp is ours while we hold the lock: a stale one (or a planted
   * symbolic link) is removed, never written through */
  unlink(h->tmp);
  /* past a file-size limit (ulimit -f) the write must fail with EFBIG, to
   * be reported, not raise SIGXFSZ, which would end the process silently
   * with FILE.tmp half written */
  struct sigaction ign, old;
  memset(&ign, 0, sizeof ign);
  ign.sa_handler = SIG_IGN;
  sigemptyset(&ign.sa_mask);
  const int xfsz = sigaction(SIGXFSZ, &ign, &old) == 0;
  int fd = open(h->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  /* a resumed FILE keeps its permissions */
  /* the image on disk before the rename, so that after a power cut FILE
   * is the old or the new image, never a renamed file whose blocks were
   * still in the page cache (EINVAL: a file system without sync, nothing
   * to wait for) */
  int rc = fd < 0 || (h->mode && fchmod(fd, h->mode) < 0) || write_all(fd, img, (size_t)size) < 0 ||
                   (fsync(fd) < 0 && errno != EINVAL)
             ? -1
             : 0;
  int e = errno;
  if (fd >= 0 && close(fd) < 0 && rc == 0) {
    rc = -1;
    e = errno;
  }
  if (xfsz) sigaction(SIGXFSZ, &old, NULL);
  free(img);
  if (rc == 0 && rename(h->tmp, h->path) < 0) {
    rc = -1;
    e = errno;
  }
  if (rc < 0) {
    snprintf(h->err, sizeof h->err, "cannot write %s: %s%s", h->path, fd < 0 ? "cannot create its new copy: " : "",
             strerror(e));
    unlink(h->tmp);
    return -1;
  }
  sync_folder(h->path);
  h->dirty = 0;
  h->published_results = h->results >= 0 ? wht__rows_of(h->results) : 0;
  h->last_publish = wht__now();
  h->publish_cost = h->last_publish - t0;
  return 0;
}
