/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in: rio-voq's headers name the core's devices and mports by
 * pointer only; the kernel's <linux/rio.h> also brings bitmaps and the driver
 * model's kobjects and completions, which its state may embed.
 */
#ifndef _RIOVOQ_LINUX_RIO_H
#define _RIOVOQ_LINUX_RIO_H
#include <linux/bitmap.h>
#include <linux/completion.h>
#include <linux/kobject.h>
#include <linux/list.h>

/* The core's casts, in inline functions of rio-voq's headers: never called */
struct rio_mport;
struct rio_dev;
#define to_rio_mport(dev)	((struct rio_mport *)(dev))
#define to_rio_dev(dev)		((struct rio_dev *)(dev))
#endif
