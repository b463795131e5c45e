// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel log as rio-voq's KUnit tests read it: a console that keeps
 * what is printed while a test runs, so that a test can count the lines
 * rio-voq logs ("one log line per failure" is counted, not assumed).
 *
 * KUnit on 6.1 has no hook into printk; a console is how the kernel
 * hands its log to a reader.  It is registered without CON_PRINTBUFFER,
 * so it sees only what comes after, and it is a KUnit resource: it goes
 * when the test ends, also when an assertion ends it early.  Tests run
 * one at a time, so there is one console and one buffer.
 */

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/console.h>
#include <linux/printk.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "log.h"

#define VOQ_TEST_LOG_SIZE	SZ_16K

static DEFINE_SPINLOCK(voq_test_log_lock);
static char voq_test_log_buf[VOQ_TEST_LOG_SIZE];
static size_t voq_test_log_len;
static bool voq_test_log_full;

/* Called by printk with interrupts off: copy, nothing else */
static void voq_test_log_write(struct console *con, const char *s, unsigned int len)
{
	unsigned long flags;

	spin_lock_irqsave(&voq_test_log_lock, flags);
	if (len >= VOQ_TEST_LOG_SIZE - voq_test_log_len) {
		voq_test_log_full = true;
	} else {
		memcpy(voq_test_log_buf + voq_test_log_len, s, len);
		voq_test_log_len += len;
		voq_test_log_buf[voq_test_log_len] = '\0';
	}
	spin_unlock_irqrestore(&voq_test_log_lock, flags);
}

static struct console voq_test_console = {
	.name	= "voqtest",
	.write	= voq_test_log_write,
	.index	= 0,
};

/* The console level before the test (a console sees only lines below it) */
static int voq_test_log_level;

#define VOQ_TEST_LOG_MARK	"voq_test_log: keeping the log"

/* Does the buffer hold @needle (under the lock) */
static bool voq_test_log_holds(const char *needle)
{
	unsigned long flags;
	bool ret;

	console_lock();		/* what is pending is printed first */
	console_unlock();
	spin_lock_irqsave(&voq_test_log_lock, flags);
	ret = strstr(voq_test_log_buf, needle);
	spin_unlock_irqrestore(&voq_test_log_lock, flags);
	return ret;
}

static int voq_test_log_init(struct kunit_resource *res, void *context)
{
	/* Notices and infos too (a boot with "quiet" would drop them) */
	voq_test_log_level = console_loglevel;
	if (console_loglevel <= LOGLEVEL_INFO)
		console_loglevel = LOGLEVEL_INFO + 1;
	voq_test_log_clear();
	voq_test_console.flags = CON_ENABLED;	/* enabled without a match */
	register_console(&voq_test_console);
	/* register_console() says nothing: a line must come through */
	pr_info(VOQ_TEST_LOG_MARK "\n");
	if (!voq_test_log_holds(VOQ_TEST_LOG_MARK)) {
		unregister_console(&voq_test_console);
		console_loglevel = voq_test_log_level;
		return -ENODEV;
	}
	voq_test_log_clear();
	res->data = &voq_test_console;
	return 0;
}

static void voq_test_log_free(struct kunit_resource *res)
{
	unregister_console(&voq_test_console);
	console_loglevel = voq_test_log_level;
}

/**
 * voq_test_log_start() - keep the kernel log from now until the test ends
 * @test: the test (assertion if no console could be registered)
 */
void voq_test_log_start(struct kunit *test)
{
	KUNIT_ASSERT_NOT_NULL(test, kunit_alloc_resource(test, voq_test_log_init,
							 voq_test_log_free,
							 GFP_KERNEL, NULL));
}

/**
 * voq_test_log_clear() - forget what was kept so far
 */
void voq_test_log_clear(void)
{
	unsigned long flags;

	console_lock();		/* what is pending is printed first */
	console_unlock();
	spin_lock_irqsave(&voq_test_log_lock, flags);
	voq_test_log_len = 0;
	voq_test_log_buf[0] = '\0';
	voq_test_log_full = false;
	spin_unlock_irqrestore(&voq_test_log_lock, flags);
}

/**
 * voq_test_log_count() - lines kept since the last clear that hold a text
 * @test: the test (assertion if lines were lost: the count would lie)
 * @needle: the text
 *
 * Every line printed until now counts: pending lines are printed first.
 * KUnit's own lines about a failed count, which quote the call and its
 * text, do not.
 *
 * Return: how many lines hold @needle.
 */
unsigned int voq_test_log_count(struct kunit *test, const char *needle)
{
	unsigned int count = 0;
	unsigned long flags;
	const char *line, *end;
	bool full;

	console_lock();
	console_unlock();
	spin_lock_irqsave(&voq_test_log_lock, flags);
	full = voq_test_log_full;
	for (line = voq_test_log_buf; *line; line = end + 1) {
		end = strchrnul(line, '\n');
		if (strnstr(line, needle, end - line) &&
		    !strnstr(line, __func__, end - line))
			count++;
		if (!*end)
			break;
	}
	spin_unlock_irqrestore(&voq_test_log_lock, flags);
	KUNIT_ASSERT_FALSE_MSG(test, full, "more than %u bytes logged", VOQ_TEST_LOG_SIZE);
	return count;
}
