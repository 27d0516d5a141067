# Tests of common/; each room's own tests are listed in its local.mk,
# with their sources under tests/<room>/.
check_PROGRAMS += tests/common/test_kvfile
tests_common_test_kvfile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
tests_common_test_kvfile_LDADD = common/libmmcommon.la $(CMOCKA_LIBS)
TESTS += tests/common/test_kvfile
