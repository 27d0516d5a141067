/* The generated drivers' own options, in one table: libmmspec reads them
 * (drivergen/rt_args.c) and mmspec refuses a size parameter of the same name
 * (a size M is the option --M).  X(name, has_arg, value). */
#ifndef MMD_OPTIONS_H
#define MMD_OPTIONS_H

enum {
    MMD_OPT_PROBE_CONF = 256, MMD_OPT_HOT, MMD_OPT_COLD, MMD_OPT_ALIGN,
    MMD_OPT_MISALIGN, MMD_OPT_SAMPLES, MMD_OPT_PRECISION, MMD_OPT_MIN_SAMPLE,
    MMD_OPT_PEAK, MMD_OPT_NO_PAGE0, MMD_OPT_NO_INSTLD, MMD_OPT_SWEEP,
    MMD_OPT_SHOW, MMD_OPT_SIZE = 512    /* + the size's index */
};

#define MMD_DRIVER_OPTIONS(X)                                           \
    X("clock", required_argument, 'c')                                  \
    X("flush", required_argument, 'f')                                  \
    X("flush-size", required_argument, 's')                             \
    X("probe-conf", required_argument, MMD_OPT_PROBE_CONF)              \
    X("hot", required_argument, MMD_OPT_HOT)                            \
    X("cold", required_argument, MMD_OPT_COLD)                          \
    X("align", required_argument, MMD_OPT_ALIGN)                        \
    X("misalign", required_argument, MMD_OPT_MISALIGN)                  \
    X("samples", required_argument, MMD_OPT_SAMPLES)                    \
    X("precision", required_argument, MMD_OPT_PRECISION)                \
    X("min-sample-time", required_argument, MMD_OPT_MIN_SAMPLE)         \
    X("peak", required_argument, MMD_OPT_PEAK)                          \
    X("no-page0-guard", no_argument, MMD_OPT_NO_PAGE0)                  \
    X("no-instld-guard", no_argument, MMD_OPT_NO_INSTLD)                \
    X("flush-sweep", optional_argument, MMD_OPT_SWEEP)                  \
    X("show", no_argument, MMD_OPT_SHOW)                                \
    X("help", no_argument, 'h')

#endif
