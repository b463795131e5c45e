/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-in for the kernel's <linux/rio_regs.h>: what the extended
 * feature walk (voq_ef.c) and the Latency Optimization CSR's search
 * (lat_regs.c) use of it, as the kernel defines it.  riovoq never
 * walks a device; it builds them for the pure functions beside them.
 */
#ifndef _RIOVOQ_LINUX_RIO_REGS_H
#define _RIOVOQ_LINUX_RIO_REGS_H
#define RIO_ASM_INFO_CAR		0x0c
#define RIO_PEF_CAR			0x10
#define RIO_PEF_EXT_FEATURES		0x00000008
#define RIO_EXT_FTR_PTR_MASK		0x0000ffff

#define RIO_EFB_SER_EP_M1_ID		0x0001
#define RIO_EFB_SER_EP_SW_M1_ID		0x0002
#define RIO_EFB_SER_EPF_M1_ID		0x0003
#define RIO_EFB_SER_EP_ID		0x0004
#define RIO_EFB_SER_EP_REC_ID		0x0005
#define RIO_EFB_SER_EP_FREE_ID		0x0006
#define RIO_EFB_SER_EPF_SW_M1_ID	0x0009
#define RIO_EFB_SER_EP_M2_ID		0x0011
#define RIO_EFB_SER_EP_SW_M2_ID		0x0012
#define RIO_EFB_SER_EPF_M2_ID		0x0013
#define RIO_EFB_SER_EPF_SW_M2_ID	0x0019
#endif
