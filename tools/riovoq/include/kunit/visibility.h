/* SPDX-License-Identifier: GPL-2.0-only */
/* Nothing is exported in riovoq: the symbol's address is kept, unused */
#define EXPORT_SYMBOL_IF_KUNIT(sym) \
	static const void *const __riovoq_export_##sym __maybe_unused = &(sym)
