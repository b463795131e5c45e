/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel log as rio-voq's KUnit tests read it (log.c)
 */
#ifndef _RIO_VOQ_TEST_LOG_H
#define _RIO_VOQ_TEST_LOG_H

struct kunit;

void voq_test_log_start(struct kunit *test);
void voq_test_log_clear(void);
unsigned int voq_test_log_count(struct kunit *test, const char *needle);

#endif /* _RIO_VOQ_TEST_LOG_H */
