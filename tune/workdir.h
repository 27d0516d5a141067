/* The search's work directory outlives a search killed by SIGKILL, which
 * no handler sees: each search marks its own directory as in use with a
 * lock the kernel drops when the process dies, and removes, when it
 * starts, the directories of searches whose lock is gone (issue 33). */
#ifndef MMS_WORKDIR_H
#define MMS_WORKDIR_H

/* Mark dir, a work directory just made, as in use for as long as this
 * process lives.  Returns 0, or -1 with errno. */
int mms_workdir_claim(const char *dir);

/* Remove every work directory "mmsearch.XXXXXX" of this user in parent
 * whose search is dead (claimed, its lock free).  A directory never
 * claimed (a search between its mkdtemp and its claim, or of a version
 * before claims) is left.  Returns how many were removed. */
int mms_workdir_sweep(const char *parent);

#endif
