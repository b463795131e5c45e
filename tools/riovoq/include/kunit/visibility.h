/* SPDX-License-Identifier: GPL-2.0-only */
#define EXPORT_SYMBOL_IF_KUNIT(sym)
