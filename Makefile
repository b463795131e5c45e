# SPDX-License-Identifier: GPL-2.0
#
# rio-voq: RapidIO Part 12 VoQ backpressure for Linux, as an overlay on
# Debian's linux-source-6.1 or linux-source-6.12.  This Makefile drives
# the pinned tree; it is not part of the overlay.
#
#   make demo      boot UML, enumerate a simulated fabric, show the result
#   make check     install what is missing, apply the overlay, run every check
#   make help      the other targets
#
# RIO_VOQ_CACHE (default ~/.cache/rio-voq) holds the trees and build dirs;
# RIO_VOQ_KERNEL (6.1 or 6.12) picks the tree: by default 6.1, but 6.12
# (the newest) for the demo, the boot tests and the benchmark; make
# clean cleans the build dirs of both.

SHELL := /bin/bash
SCRIPTS := $(CURDIR)/scripts

.PHONY: help deps tree check demo bench kunit layers kunit-6.12 kunit-ppc64 kunit-x86_64 uml tools demo-check x86 x86-6.12 ppc32 series series-check checkpatch kerneldoc mutants clean distclean

help:
	@echo 'make demo        boot UML, enumerate a simulated fabric, show the result'
	@echo 'make bench       scaling benchmark: transactions, time and memory by fabric shape and size'
	@echo 'make check       run every check (KUnit under KASAN/UBSAN, W=1 + sparse, checkpatch, kernel-doc;'
	@echo '                 KUnit in UML and the x86_64 build on 6.12 too)'
	@echo 'make deps        install the pinned tree and the build tools with apt'
	@echo 'make tree        unpack the pinned tree into the cache and apply the overlay'
	@echo 'make kunit       only the KUnit suites (UML)'
	@echo 'make layers      only the layering check: no file of rio_voq.ko calls one above it'
	@echo 'make kunit-6.12  only the KUnit suites (UML) on linux-source-6.12'
	@echo 'make kunit-ppc64 only the KUnit suites on ppc64 big-endian (QEMU pseries)'
	@echo 'make kunit-x86_64 only the KUnit suites on x86_64 (QEMU)'
	@echo 'make uml         only the UML boot test (configfs, sysfs, concurrency, KASAN/lockdep, kmemleak; on 6.12)'
	@echo 'make tools       only the riovoq tests (userspace, fake sysfs tree)'
	@echo 'make demo-check  only the check of the demo transcript'
	@echo 'make x86         only the x86_64 module build beside Tsi721, W=1 and sparse'
	@echo 'make x86-6.12    only the x86_64 module build on linux-source-6.12'
	@echo 'make ppc32       only the ppc32 e500mc module build beside fsl_rio, W=1 and sparse'
	@echo 'make series      the upstream patch series into build/series/, checked'
	@echo 'make series-check only the check of the series (git am onto the pristine tree)'
	@echo 'make checkpatch  only checkpatch --strict'
	@echo 'make kerneldoc   only the kernel-doc checks'
	@echo 'make mutants     break each rule of voq.rst on purpose; every break must fail a KUnit test'
	@echo '                 (MUTANTS="03 20": only those; not part of make check)'
	@echo 'make clean       remove the build directories of both trees (keeps the unpacked trees)'
	@echo 'make distclean   remove the whole cache ($${RIO_VOQ_CACHE:-~/.cache/rio-voq})'
	@echo 'RIO_VOQ_KERNEL=6.12 make ...  the same on linux-source-6.12 (default 6.1; 6.12 for demo, uml and bench)'

deps:
	@bash $(SCRIPTS)/deps.sh

tree: deps
	@bash $(SCRIPTS)/tree.sh

check:
	@bash $(SCRIPTS)/check.sh

demo:
	@bash $(SCRIPTS)/demo.sh

bench:
	@bash $(SCRIPTS)/bench.sh

kunit layers kunit-6.12 kunit-ppc64 kunit-x86_64 uml tools x86 x86-6.12 ppc32 checkpatch kerneldoc:
	@bash $(SCRIPTS)/check.sh $@

series: tree
	@bash $(SCRIPTS)/series.sh export

series-check:
	@bash $(SCRIPTS)/check.sh series

mutants:
	@bash $(SCRIPTS)/mutants.sh $(MUTANTS)

demo-check:
	@bash $(SCRIPTS)/check.sh demo

clean:
	@. $(SCRIPTS)/common.sh && for k in $$RIO_VOQ_KERNELS; do \
		RIO_VOQ_KERNEL=$$k bash -c '. $(SCRIPTS)/common.sh && \
			rm -rf "$$RIO_VOQ_KCACHE"/build-* "$$RIO_VOQ_KCACHE"/logs'; \
	done

distclean:
	@. $(SCRIPTS)/common.sh && rm -rf "$$RIO_VOQ_CACHE"
