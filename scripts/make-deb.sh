#!/usr/bin/env bash
# Makes the Debian package from a staged install (make deb runs `make install DESTDIR=ROOT PREFIX=/usr` first):
# strips the binary, writes the copyright file (with the data credits), the changelog and DEBIAN/control with
# Depends from dpkg-shlibdeps, builds with dpkg-deb (root-owned files, no fakeroot needed) and runs lintian;
# any lintian error fails. Usage: scripts/make-deb.sh ROOT OUTDIR
set -euo pipefail
root=$1
out=$2
binary="$root/usr/bin/artmap"
[ -x "$binary" ] || { echo "make-deb: no $binary; run make deb, which stages the install first" >&2; exit 1; }
version=$("$binary" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
# Debian wants binaries without their debugging symbols; the Swift metadata sections stay.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"

doc="$root/usr/share/doc/artmap"
install -d "$doc"
cat > "$doc/copyright" <<'TEXT'
artmap - what art is near me? A terminal map and table of artworks.

Copyright: the artmap contributors.
Licence: the artmap sources do not state a licence yet; ask the authors before redistributing this package.

Data shipped with or shown by artmap, and their credits:

 OpenStreetMap
  Map data imported from OpenStreetMap extracts, and the artworks read from them:
  (c) OpenStreetMap contributors, available under the Open Database License (ODbL 1.0).
  https://www.openstreetmap.org/copyright
  artmap shows "(c) OpenStreetMap contributors (ODbL)" with map data it imported.

 Natural Earth (/usr/share/artmap/world/world-110m.txt, world-10m.txt)
  The world base layer (coasts, country borders and names, populated places, lakes, rivers) is derived
  from Natural Earth's 1:110m, 1:50m and 1:10m data (naturalearthdata.com), which is in the public domain:
  "No permission is needed to use Natural Earth. Crediting the authors is unnecessary."
  https://www.naturalearthdata.com/about/terms-of-use/ - made by scripts/make-world-layer.py.

 Rijksmuseum
  Paintings fetched from the Rijksmuseum's collection API (artmap painters): the museum publishes
  its collection data and public-domain images under CC0 1.0 (Public Domain Dedication).
  https://data.rijksmuseum.nl/

 The campus catalogue (/usr/share/artmap/seed/campus-artworks.json)
  Titles, artists, years, positions, buildings and image file names of the artworks on the
  University of Liverpool's campus, as published by the University's "artworks on campus" web
  service (which artmap syncs with); the short descriptions were written for artmap. The service
  states no licence for its records.
TEXT
printf 'artmap (%s) unstable; urgency=medium\n\n  * Package built from the artmap sources with make deb.\n\n -- artmap contributors <artmap@example.org>  %s\n' \
    "$version" "$(date -R -d @"${SOURCE_DATE_EPOCH:-$(date +%s)}")" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

# dpkg-shlibdeps reads a debian/control of a source package: give it one in a scratch folder.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/debian"
printf 'Source: artmap\n\nPackage: artmap\nArchitecture: any\n' > "$scratch/debian/control"
absolute_binary=$(cd "$(dirname "$binary")" && pwd)/artmap
depends=$(cd "$scratch" && dpkg-shlibdeps -O -e"$absolute_binary" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies for $binary" >&2; exit 1; }
# libcurl is loaded with dlopen by the first download (libcurl.so.4, 7.85 or later), so dpkg-shlibdeps cannot see it.
depends="$depends, libcurl4 (>= 7.85.0)"

install -d "$root/DEBIAN"
size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<TEXT
Package: artmap
Version: $version
Architecture: $arch
Maintainer: artmap contributors <artmap@example.org>
Installed-Size: $size
Depends: $depends
Section: utils
Priority: optional
Description: terminal map and table of the artworks near you
 artmap answers "what art is near me?" in a terminal: a map pane of
 building markers around your location beside a table of artworks grouped
 by building and sorted by distance, with each artwork's details and
 picture. It keeps a local catalogue, syncs with the campus art service,
 imports OpenStreetMap extracts and cities' public-art GeoJSON, gives
 walking directions, and exports to GeoJSON, GPX and CSV.
TEXT
find "$root" -type d -exec chmod 755 {} +
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
chmod 644 "$root/DEBIAN/md5sums" "$root/DEBIAN/control"

install -d "$out"
deb="$out/artmap_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "built $deb (Depends: $depends)"
# Errors fail; warnings and notes are shown. The static Swift runtime inside the binary is the reason for
# any tag about embedded code; see docs/DECISIONS.md.
lintian --fail-on error --tag-display-limit 0 "$deb"
