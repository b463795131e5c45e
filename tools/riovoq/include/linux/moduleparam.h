/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Stand-ins: module parameters are not parameters in riovoq; what they
 * declare stays, unused, whether or not the kernel file still has them.
 */
#ifndef _RIOVOQ_LINUX_MODULEPARAM_H
#define _RIOVOQ_LINUX_MODULEPARAM_H
struct kernel_param {
	void *arg;
};

struct kernel_param_ops {
	int (*set)(const char *val, const struct kernel_param *kp);
	int (*get)(char *buffer, const struct kernel_param *kp);
};

#define module_param(name, type, perm) \
	static void *const __riovoq_param_##name __maybe_unused = &(name)
#define module_param_named(name, value, type, perm) \
	static void *const __riovoq_param_##name __maybe_unused = &(value)
#define module_param_cb(name, ops, arg, perm) \
	static const void *const __riovoq_param_##name __maybe_unused = (ops)
#define MODULE_PARM_DESC(name, desc)
#endif
