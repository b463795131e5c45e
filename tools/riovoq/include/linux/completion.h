/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_COMPLETION_H
#define _RIOVOQ_LINUX_COMPLETION_H
struct completion {
	unsigned int unused;
};
#endif
