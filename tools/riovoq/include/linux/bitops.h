/* SPDX-License-Identifier: GPL-2.0-only */
#include <linux/bitmap.h>
