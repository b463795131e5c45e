/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _RIOVOQ_LINUX_XARRAY_H
#define _RIOVOQ_LINUX_XARRAY_H
struct xarray {
	void *unused;
};
#endif
