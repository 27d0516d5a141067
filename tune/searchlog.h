/* search.log: what the search did, one line per event, readable as it
 * scrolls by and parseable; also the checkpoint a search resumes from.
 *
 * It begins with a head of "KEY = value" lines -- the common origin head
 * (common/origin.h: FORMAT, who wrote it, host, CPU, kernel compiler),
 * then PROBE_FINGERPRINT, GENERATOR, KERNEL_ABI, TIMER, LEVEL, PINS and,
 * from the model and hybrid engines only, ENGINE (tune/model.h) --
 * and goes on with events, each "TYPE key=value ..." on one line, the
 * free text of why= or rule= last:
 *
 *   step    name= sets= n= rule=         a step begins (its range rule)
 *   skip    name= why=                   a step is not searched, and why
 *   cand    step= round= ref= [kt=] [nc=] [pair=] PARAMS cc= verdict= mflops=
 *           pct= samples= spread= secs= why=
 *                                        one timing of one kernel: round 0
 *                                        screens it, rounds 1.. re-time the
 *                                        finalists; ref=1 is the reference
 *                                        kernel's sample (the fixed one, or
 *                                        the step's: kclean's general K
 *                                        cleanup, the blocks steps' model
 *                                        blocking); kt=L, only where the
 *                                        kernel takes K at run time and was
 *                                        called with k=L, not its tile;
 *                                        nc=NC, only in the steps dgemm, mc,
 *                                        kc, nc, small: the library's full
 *                                        kernel (m=MC n=NB k=KC) timed as
 *                                        the whole DGEMM with that NC,
 *                                        mflops= the geometric mean over
 *                                        the sizes, why= each size's, then
 *                                        small= the sizes on the small path;
 *                                        pair=I (with round=0 ref=1): the
 *                                        reference timed just before the
 *                                        step's candidate I (1, 2, ...) in
 *                                        a whole-DGEMM step's screen, which
 *                                        ranks them by their ratio to it;
 *                                        of=F the fingerprint of that
 *                                        candidate (kernel, cc, NC), by
 *                                        which a rerun finds it, whatever
 *                                        its place (lines before of=: by
 *                                        the place)
 *   chosen  name= by= [nc=] PARAMS cc= mflops= p= rounds= why=   a step's
 *           decision (by: won, tie, only, screen or none, why= says how;
 *           model: the model engine's value, why= the formula that chose it)
 *   note    why=                         anything else worth knowing
 *   summary PARAMS cc= mflops= pct= [mc= kc= nc= dgemm=] seconds= timed=
 *           reused= why=                 the blocking when the blocks steps
 *                                        chose it, dgemm= its MFLOPS
 *
 * PARAMS is isa= and every generator parameter by its mmgen option name;
 * cc= is the kernel compiler's command (the cc step tries several).
 * Lines are appended one at a time and flushed to disk, so a killed search
 * loses at most the line it was writing (a torn last line is dropped when
 * the log is read again).  A log whose head differs from this run's --
 * another machine, compiler, generator, probe.conf or settings -- is
 * refused, naming the line and both values. */
#ifndef MMS_SEARCHLOG_H
#define MMS_SEARCHLOG_H

#include <stddef.h>

#include "common/common.h"
#include "tune/candidate.h"

/* 2: chosen and summary lines name the compiler (cc=); 3: the blocks
 * steps' nc= on cand and chosen lines, the blocking on the summary; 4:
 * the step dgemm between cc and mc (its lines as the blocks steps', the
 * kernel and compiler it chooses being the reference kernel from there
 * on), so that a search of FORMAT 3 is never resumed past it; 5: pf= on
 * every kernel (generator parameter PF), and the step pf after dgemm
 * (its lines as dgemm's); 6: the whole DGEMM's figure counts N=200 on
 * the small-problem path too (tune/steps.h MMS_DGEMM_SMALL_N), so a
 * timing of FORMAT 5 is never compared with one of 6; 7: the nc step
 * times one size past the level's, and a whole DGEMM's timing is found
 * only at the sizes its why= lists, so a search of FORMAT 6 (whose
 * chosen nc line a resume would keep) is never resumed; 8: the step
 * dgemm's reference of every round is the first --candidate file's
 * kernel when it is a candidate, so the rounds of a FORMAT 7 search
 * (their reference the kernel steps' winner) are never paired with
 * reference samples of another run.  (Still 8: of= on the screen's pair
 * lines, which a log without them does without -- an mmsearch older than
 * of= refuses a newer log as having an unknown key.)  10: the step pf
 * times the level's square sizes on the packed path alone and the step
 * small N = 200 too, so a search of FORMAT 9 (whose chosen pf and small
 * lines a resume would keep) is never resumed.  11: the step small times
 * only where its candidates differ (not L x 32 x L, nor the sizes all
 * route alike), and the step seeds ends the search, so a search of
 * FORMAT 10 (whose chosen small line a resume would keep) is never
 * resumed. */
#define MMS_LOG_FORMAT 11

struct mms_log_head {
    struct mmc_origin origin;
    char probe_fingerprint[KV_WORD_MAX];
    char generator[KV_WORD_MAX];
    int kernel_abi;
    char timer[KV_WORD_MAX];
    char level[KV_WORD_MAX];
    char pins[KV_WORD_MAX];
    char engine[KV_WORD_MAX];    /* "" or "search": the search's */
};

/* One timing, as a cand line holds it. */
struct mms_record {
    char step[16];
    int round;           /* 0: screen; 1..: interleaved re-timing */
    int ref;             /* 1: the reference kernel's sample */
    int kt;              /* the run-time k it was called with; 0: its tile
                            (kt= is left out of the line) */
    int nc;              /* the whole DGEMM's NC; 0: the kernel alone */
    int pair;            /* a screen's reference beside candidate pair
                            (1, 2, ...); 0: no such */
    char of[MMC_FINGERPRINT_LEN];  /* with pair: that candidate's
                                      (mms_pair_of); "" in a log older
                                      than of= */
    int twin;            /* 1: a finalist that is the round reference
                            itself, its sample the reference's line of
                            the round (tune/decide.c), not timed */
    struct mmg_params p;
    char cc[32];
    struct mms_measure m;
    double pct;          /* of probe.conf's peak */
    double secs;         /* the child's wall time and the candidate's
                            share of the compile batch it was built in */
    int used;            /* found by mms_log_find in this run */
    int retimed;         /* its transient verdict is being timed again
                            (noted in the log) */
};

#define MMS_SIZES_TEXT 128

struct mms_log {
    char path[MMS_PATH_MAX];
    int fd;                      /* appending; -1 when closed */
    struct mms_record *rec;      /* every cand line, in order */
    int nrec, cap;
    int nread;                   /* of them, read from the file */
    char (*marks)[40];           /* "step nb", "chosen nb", "skip ls" */
    int nmarks, capmarks;
    int torn;                    /* a torn last line was dropped */
    int failed;                  /* errno of a failed append: no line is
                                    appended after it */
    char dgemm_sizes[MMS_SIZES_TEXT];  /* "200,500,1000": an ok whole-DGEMM
                                    timing is found only when timed at
                                    these sizes ("": at any) */
};

/* The head as the file holds it (KEY = value lines). */
int mms_log_head_text(const struct mms_log_head *h, char *buf, size_t len);

/* Open path for this run: create it with head h, or read it, check its
 * head against h and load its events.  Returns 0, or -1 with
 * "path:line: why" in err. */
int mms_log_open(struct mms_log *lg, const char *path,
                 const struct mms_log_head *h, char *err, size_t errlen);
void mms_log_close(struct mms_log *lg);

/* Parse path without comparing its head to anything (mmsearch
 * --check-log).  Returns the number of cand lines, or -1 with
 * "path:line: why" in err. */
int mms_log_check(const char *path, char *err, size_t errlen);

/* One event of a log being walked (mms_log_walk).  rec holds what the
 * line has of a record: PARAMS, mflops and pct for cand, chosen and
 * summary lines, every field for cand; step= for cand, name= for the
 * others.  Any field's text comes from mms_event_value. */
struct mms_event {
    int line;                    /* in the file */
    const char *type;            /* step, skip, cand, chosen, note,
                                    summary */
    struct mms_record rec;
    const void *fields;          /* the split line */
};

/* The text of key= on ev's line, or NULL when the line has none. */
const char *mms_event_value(const struct mms_event *ev, const char *key);

/* Takes each event in file order; returns 0 to go on, or -1 with why
 * (the walk then fails with "path:line: why"). */
typedef int (*mms_event_fn)(const struct mms_event *ev, void *ctx,
                            char *why, size_t len);

/* Read path whole, as a reader of the log (mmreport) rather than a
 * search resuming it: its FORMAT, its head into h (every key once, no
 * other), then every event, checked as mms_log_check does, to fn (unless
 * NULL); every cand line is also kept in lg (unless NULL) as
 * mms_log_open keeps them, for mms_log_close to free.  A torn last line
 * (a search still writing) is left out.  Returns the number of cand
 * lines, or -1 with "path:line: why" in err. */
int mms_log_walk(const char *path, struct mms_log_head *h,
                 struct mms_log *lg, mms_event_fn fn, void *ctx, char *err,
                 size_t errlen);

/* The seconds the summary's why= ("isa 0.0 s, nb 4.1 s, ...") gives
 * step, or -1 when it names no such step. */
double mms_summary_step_seconds(const char *why, const char *step);

/* Append a cand line for r and keep it (as read back from the line, so a
 * decision made now sees exactly what a resumed search will).  Returns a
 * pointer to the kept record, or NULL with errno when it could not be
 * written. */
const struct mms_record *mms_log_cand(struct mms_log *lg,
                                      const struct mms_record *r);

/* The step under which mmsearch logs the end timings of a winner no
 * step timed (tune/winner.c, time_winner): never a screen timing. */
#define MMS_WINNER_STEP "winner"

/* The timing of p held by the log: the screen (round 0, any step but
 * MMS_WINNER_STEP, no pair=) when step is NULL, else step's round (ref:
 * the reference kernel's; not one with pair=).  It is marked used. */
const struct mms_record *mms_log_find(struct mms_log *lg,
                                      const struct mmg_params *p,
                                      const char *step, int round, int ref);

/* The same, of p built with the compiler cc (NULL: any). */
const struct mms_record *mms_log_find_cc(struct mms_log *lg,
                                         const struct mmg_params *p,
                                         const char *cc, const char *step,
                                         int round, int ref);
/* The same for a kernel timed at the run-time k kt (0: its tile, as
 * mms_log_find takes it), or as the whole DGEMM with nc (0: alone; else
 * at lg->dgemm_sizes). */
const struct mms_record *mms_log_find_at(struct mms_log *lg,
                                         const struct mmg_params *p, int kt,
                                         int nc, const char *cc,
                                         const char *step, int round,
                                         int ref);

/* The reference's round-0 timing step logged beside the candidate whose
 * fingerprint is of (a line without of=, from an older log: the one
 * beside candidate pair, 1, 2, ..., its place in the step's list), as
 * the whole DGEMM with nc, of p built with cc; NULL when there is none.
 * It is marked used. */
const struct mms_record *mms_log_find_pair(struct mms_log *lg,
                                           const struct mmg_params *p,
                                           int nc, const char *cc,
                                           const char *step, int pair,
                                           const char *of);

/* The fingerprint of a screen's candidate, kernel p built with cc and
 * timed as the whole DGEMM with nc: what a pair line's of= holds. */
void mms_pair_of(const struct mmg_params *p, const char *cc, int nc,
                 char of[MMC_FINGERPRINT_LEN]);

/* How many timings read from the file (an earlier run made them) this
 * run has used. */
int mms_log_reused(const struct mms_log *lg);

/* Append "type name=NAME rest" unless the log holds that type for that
 * name already (a resumed search does not repeat its step headers and
 * decisions).  rest may be NULL.  Returns 0 or -1 with errno. */
int mms_log_event(struct mms_log *lg, const char *type, const char *name,
                  const char *rest);
/* Append "type rest" (notes, summaries) always. */
int mms_log_line(struct mms_log *lg, const char *type, const char *rest);

/* PARAMS of a line: "isa=avx512 nb=48 ... perturb=0". */
void mms_params_text(const struct mmg_params *p, char *buf, size_t len);

#endif
