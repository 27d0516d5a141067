/* The generated drivers' own options, in one table: libmmspec reads them
 * (spec/rt_args.c) and mmspec refuses a size parameter of the same name
 * (a size M is the option --M).  X(name, has_arg, value). */
#ifndef MMS_OPTIONS_H
#define MMS_OPTIONS_H

enum {
    MMS_OPT_PROBE_CONF = 256, MMS_OPT_HOT, MMS_OPT_COLD, MMS_OPT_ALIGN,
    MMS_OPT_MISALIGN, MMS_OPT_SAMPLES, MMS_OPT_PRECISION, MMS_OPT_MIN_SAMPLE,
    MMS_OPT_PEAK, MMS_OPT_NO_PAGE0, MMS_OPT_NO_INSTLD, MMS_OPT_SWEEP,
    MMS_OPT_SHOW, MMS_OPT_SIZE = 512    /* + the size's index */
};

#define MMS_DRIVER_OPTIONS(X)                                           \
    X("clock", required_argument, 'c')                                  \
    X("flush", required_argument, 'f')                                  \
    X("flush-size", required_argument, 's')                             \
    X("probe-conf", required_argument, MMS_OPT_PROBE_CONF)              \
    X("hot", required_argument, MMS_OPT_HOT)                            \
    X("cold", required_argument, MMS_OPT_COLD)                          \
    X("align", required_argument, MMS_OPT_ALIGN)                        \
    X("misalign", required_argument, MMS_OPT_MISALIGN)                  \
    X("samples", required_argument, MMS_OPT_SAMPLES)                    \
    X("precision", required_argument, MMS_OPT_PRECISION)                \
    X("min-sample-time", required_argument, MMS_OPT_MIN_SAMPLE)         \
    X("peak", required_argument, MMS_OPT_PEAK)                          \
    X("no-page0-guard", no_argument, MMS_OPT_NO_PAGE0)                  \
    X("no-instld-guard", no_argument, MMS_OPT_NO_INSTLD)                \
    X("flush-sweep", optional_argument, MMS_OPT_SWEEP)                  \
    X("show", no_argument, MMS_OPT_SHOW)                                \
    X("help", no_argument, 'h')

#endif
