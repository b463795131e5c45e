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

/* What a parameter's declaration names, kept in a constant of its own */
struct riovoq_param {
	const void *addr;
	const void *cb_arg;
	const char *kind;
	unsigned int mode;
};

#define module_param(name, type, perm) \
	static const struct riovoq_param __riovoq_param_##name __maybe_unused = \
		{ .addr = &(name), .kind = #type, .mode = (perm) }
#define module_param_named(name, value, type, perm) \
	static const struct riovoq_param __riovoq_param_##name __maybe_unused = \
		{ .addr = &(value), .kind = #type, .mode = (perm) }
#define module_param_cb(name, ops, arg, perm) \
	static const struct riovoq_param __riovoq_param_##name __maybe_unused = \
		{ .addr = (ops), .cb_arg = (arg), .mode = (perm) }
#define MODULE_PARM_DESC(name, desc) \
	static const char __riovoq_parm_desc_##name[] __maybe_unused = desc
#endif
