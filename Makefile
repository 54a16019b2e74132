# artmap — `make run` and `make test` work on a fresh Debian machine with Swift installed.
PREFIX ?= /usr/local
SWIFT ?= swift
# pkg-config name => Debian package that provides it.
PKG_DEPS := sqlite3:libsqlite3-dev ncursesw:libncurses-dev libjpeg:libjpeg62-turbo-dev libpng:libpng-dev glib-2.0:libglib2.0-dev gio-2.0:libglib2.0-dev chafa:libchafa-dev libxml-2.0:libxml2-dev libcurl:libcurl4-openssl-dev proj:libproj-dev
# Header-only or .pc-less libraries: header under /usr/include => Debian package (libosmium, and what it reads with).
HEADER_DEPS := osmium/version.hpp:libosmium2-dev protozero/version.hpp:libprotozero-dev bzlib.h:libbz2-dev expat.h:libexpat1-dev zlib.h:zlib1g-dev
# command => Debian package (tests drive the full-screen UI in tmux and follow a real gpsd fed by gpsfake; they
# validate exported GPX with xmllint, render the man page with man/groff and load the completions in zsh and fish).
CMD_DEPS := pkg-config:pkg-config osmium:osmium-tool tmux:tmux python3:python3 gpsd:gpsd gpsfake:gpsd-clients xmllint:libxml2-utils man:man-db groff:groff-base zsh:zsh fish:fish dbus-daemon:dbus
# Programs off PATH => Debian package: the location tests run a real GeoClue2 daemon and its demo agent on a private bus.
FILE_DEPS := /usr/libexec/geoclue:geoclue-2.0 /usr/libexec/geoclue-2.0/demos/agent:geoclue-2-demo
# Data files => Debian package: a test reads DejaVu Sans Mono's character map, so the view draws only what it has.
DATA_DEPS := /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf:fonts-dejavu-core

# The release binary carries its own Swift runtime and Foundation: it starts in 10 ms instead of 17 and
# 7 MB smaller, since the dynamic loader no longer binds a dozen Swift libraries. HTTP goes through libcurl
# directly (the Sync module's CCurl target), hence libcurl4-openssl-dev for its header; the library itself is
# loaded with dlopen by the first download, so commands that never download start without its 30 libraries.
RELEASE := -c release --static-swift-stdlib

.PHONY: all deps build run test pixels-test bench fuzz install uninstall deb clean

all: build

deps:
	@missing=""; \
	for cmd in $(CMD_DEPS); do command -v $${cmd%%:*} >/dev/null 2>&1 || missing="$$missing $${cmd#*:}"; done; \
	for dep in $(PKG_DEPS); do \
	  if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists $${dep%%:*}; then missing="$$missing $${dep#*:}"; fi; \
	done; \
	for dep in $(HEADER_DEPS); do [ -f /usr/include/$${dep%%:*} ] || missing="$$missing $${dep#*:}"; done; \
	for dep in $(FILE_DEPS); do [ -x $${dep%%:*} ] || missing="$$missing $${dep#*:}"; done; \
	for dep in $(DATA_DEPS); do [ -f $${dep%%:*} ] || missing="$$missing $${dep#*:}"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "artmap needs these Debian packages. Install them with:"; \
	    echo "  sudo apt-get install$$missing"; \
	    exit 1; \
	  fi; \
	fi; \
	command -v $(SWIFT) >/dev/null 2>&1 || { echo "artmap needs the Swift 6 toolchain (swift) on PATH: https://www.swift.org/install/linux/"; exit 1; }

build: deps
	$(SWIFT) build $(RELEASE) --product artmap

run: build
	.build/release/artmap $(ARGS)

# The architecture check (scripts/check-architecture.sh) runs first: a module importing across the layers, or a
# test that can end as passed without checking, fails `make test` before the build.
# Whole views driven in process (RuntimeTests) share Swift's small task pool with their session's background work:
# they run apart from the rest, whose tmux and process waits would otherwise hold that pool.
test: deps
	scripts/check-architecture.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip RuntimeTests
	$(SWIFT) test --skip-build --filter RuntimeTests

# A real sixel terminal (issue 21): xterm -ti vt340 under Xvfb runs `artmap show`, and the view to the detail (keys
# typed by xdotool); screenshots (xwd) are compared with the source. Apart from `make test`: it needs an X server,
# xterm and xdotool, which the view itself does not.
pixels-test: deps
	@missing=""; for pair in xterm:xterm Xvfb:xvfb xwd:x11-apps xdotool:xdotool fc-list:fontconfig; do \
	  command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair##*:}"; done; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf ] || missing="$$missing fonts-dejavu-core"; \
	if [ -n "$$missing" ]; then \
	  [ "$$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null \
	    || { echo "make pixels-test needs:$$missing (sudo apt-get install$$missing)"; exit 1; }; \
	fi
	ARTMAP_XTERM_TESTS=1 $(SWIFT) test --filter SixelXtermTests

bench: deps
	@for tool in chafa sqlite3 valgrind; do \
	  command -v $$tool >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$tool >/dev/null; } \
	    || { echo "make bench uses the $$tool command: sudo apt-get install $$tool"; exit 1; }; \
	done
	@# Peak memory is read by GNU time (the shell's own `time` cannot report it).
	@[ -x /usr/bin/time ] || { [ "$$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; } \
	    || { echo "make bench uses GNU time: sudo apt-get install time"; exit 1; }
	$(SWIFT) build $(RELEASE) --product artmap
	$(SWIFT) build $(RELEASE) --product Bench
	.build/release/Bench $(ARGS)

# libFuzzer harnesses (Fuzz/*Fuzz.swift) for the service and plist decoders, GPX and gpsd, JPEG and PNG, map files and PBF,
# the OpenStreetMap services' answers, the export writers and the terminal's answers (key decoder, probe parsers);
# FUZZ_SECONDS each (default 60). Crash inputs land in Fuzz/out/<target>/.
FUZZ_SECONDS ?= 60
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS)

# The man page and the completion scripts are generated by the built binary from its option specs.
# Debian's zsh reads vendor completions from share/zsh/vendor-completions; under /usr/local, site-functions.
ZSH_COMPLETIONS ?= $(PREFIX)/share/zsh/site-functions
install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/artmap/seed $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(ZSH_COMPLETIONS) $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/release/artmap $(DESTDIR)$(PREFIX)/bin/artmap
	install -m 644 Resources/seed/* $(DESTDIR)$(PREFIX)/share/artmap/seed/
	install -d $(DESTDIR)$(PREFIX)/share/artmap/world
	install -m 644 Resources/world/* $(DESTDIR)$(PREFIX)/share/artmap/world/
	.build/release/artmap --man | gzip -9n > $(DESTDIR)$(PREFIX)/share/man/man1/artmap.1.gz
	.build/release/artmap completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/artmap
	.build/release/artmap completions zsh > $(DESTDIR)$(ZSH_COMPLETIONS)/_artmap
	.build/release/artmap completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/artmap.fish
	chmod 644 $(DESTDIR)$(PREFIX)/share/man/man1/artmap.1.gz $(DESTDIR)$(PREFIX)/share/bash-completion/completions/artmap \
	  $(DESTDIR)$(ZSH_COMPLETIONS)/_artmap $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/artmap.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/artmap $(DESTDIR)$(PREFIX)/share/man/man1/artmap.1.gz
	rm -f $(DESTDIR)$(PREFIX)/share/bash-completion/completions/artmap $(DESTDIR)$(ZSH_COMPLETIONS)/_artmap
	rm -f $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/artmap.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/artmap

# A Debian package (.build/deb/artmap_VERSION_ARCH.deb) made with dpkg-deb from a staged `make install`
# (PREFIX=/usr), its Depends from dpkg-shlibdeps, then checked by lintian (errors fail the build).
deb: build
	@for tool in lintian:lintian dpkg-shlibdeps:dpkg-dev; do \
	  command -v $${tool%%:*} >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $${tool#*:} >/dev/null; } \
	    || { echo "make deb uses $${tool%%:*}: sudo apt-get install $${tool#*:}"; exit 1; }; \
	done
	rm -rf .build/deb/root
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/deb/root PREFIX=/usr ZSH_COMPLETIONS=/usr/share/zsh/vendor-completions
	scripts/make-deb.sh .build/deb/root .build/deb

clean:
	rm -rf .build
