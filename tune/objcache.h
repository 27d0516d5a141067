/* Objects reused by what the compiler saw: the blocks steps build one
 * library driver per kernel they time (tune/blocks.h), and most of its
 * sources come out the same from one kernel to the next -- those that
 * read nothing of the kernel's header but its tile and blocking, and the
 * small-problem kernels of kernels that differ in IF, NF or FF.  An
 * object is taken again when the same compiler words preprocessed its
 * source to the same text, compared whole (a hash finds the candidate,
 * the bytes decide): the text is everything the compiler reads, so the
 * object is the one it would make.  The cache is the search's work
 * directory's, gone with it, unless mmsearch --object-cache names one
 * that outlives it: the next search there takes what this one compiled
 * (the tests' searches of one script share theirs). */
#ifndef MMS_OBJCACHE_H
#define MMS_OBJCACHE_H

#include <stddef.h>

/* The cached object for preprocessed text ipath under compiler words
 * (the compiler and every flag but the file names, as one string) in the
 * cache dir: 1 with its path in obj, or 0 when there is none (then obj
 * is untouched). */
int mms_objcache_find(const char *dir, const char *words, const char *ipath,
                      char *obj, size_t len);

/* 1 when the preprocessed text ipath_a under compiler words words_a and
 * ipath_b under words_b are one entry of the cache: the same object
 * (the batches of tune/blocks.c compile such a pair once). */
int mms_objcache_same(const char *words_a, const char *ipath_a,
                      const char *words_b, const char *ipath_b);

/* Keep object obj, compiled from the source that preprocessed to ipath
 * under words, in the cache dir (made if missing).  Best effort: a cache
 * that cannot be written costs a compile later, never a result. */
void mms_objcache_keep(const char *dir, const char *words, const char *ipath,
                       const char *obj);

/* Remove the cache dir's entries not used (found or kept) for max_age_s
 * seconds, and temporary files as old (a writer killed midway). */
void mms_objcache_prune(const char *dir, double max_age_s);

/* The cache at path (mmsearch --object-cache), made if missing, this
 * user's, its entries unused for MMS_OBJCACHE_DAYS pruned; path copied
 * into dir.  Returns 0, or -1 with errno. */
#define MMS_OBJCACHE_DAYS 7
int mms_objcache_dir(const char *path, char *dir, size_t len);

#endif
