#!/usr/bin/env python3
"""Writes geodesic-vectors.tsv: reference WGS84 distances and bearings from GeographicLib (Karney).

Run: pip install geographiclib && python3 make_geodesic_vectors.py > geodesic-vectors.tsv
The seed is fixed so the file is reproducible.
"""
import random
from geographiclib.geodesic import Geodesic

rng = random.Random(20261129)
g = Geodesic.WGS84
rows = []

def add(kind, lat1, lon1, lat2, lon2):
    r = g.Inverse(lat1, lon1, lat2, lon2)
    azi = r["azi1"] % 360.0
    rows.append((kind, lat1, lon1, lat2, lon2, r["s12"], azi))

# Short campus distances around the Ashton Building.
for _ in range(60):
    lat1 = 53.4 + rng.uniform(-0.01, 0.01)
    lon1 = -2.966 + rng.uniform(-0.01, 0.01)
    add("campus", lat1, lon1, lat1 + rng.uniform(-0.005, 0.005), lon1 + rng.uniform(-0.008, 0.008))
# City scale (up to ~20 km), anywhere on Earth away from the poles.
for _ in range(60):
    lat1 = rng.uniform(-80, 80)
    lon1 = rng.uniform(-180, 180)
    lat2 = max(-89.9, min(89.9, lat1 + rng.uniform(-0.12, 0.12)))
    lon2 = ((lon1 + rng.uniform(-0.12, 0.12) + 180) % 360) - 180
    add("city", lat1, lon1, lat2, lon2)
# Continental and global.
for _ in range(80):
    add("global", rng.uniform(-90, 90), rng.uniform(-180, 180), rng.uniform(-90, 90), rng.uniform(-180, 180))
# Near-antipodal: where Vincenty's inverse fails to converge.
for _ in range(40):
    lat1 = rng.uniform(-30, 30)
    lon1 = rng.uniform(-180, 180)
    lat2 = -lat1 + rng.uniform(-0.5, 0.5)
    lon2 = ((lon1 + 180 + rng.uniform(-0.6, 0.6) + 180) % 360) - 180
    add("antipodal", lat1, lon1, lat2, lon2)
add("antipodal", 0.0, 0.0, 0.5, 179.7)
add("antipodal", 0.0, 0.0, 0.0, 180.0)
add("antipodal", 1.0, 0.0, -1.0, 179.9)
# Nearly antipodal away from the equator: two routes (by either pole) tie to a micrometre; the azimuth
# must be the one GeographicLib takes.
add("antipodal", -53.4, 177.03, 53.4, -2.964061)
for _ in range(12):
    lat1 = rng.choice([-1, 1]) * rng.uniform(20, 75)
    lon1 = rng.uniform(-180, 180)
    lat2 = -lat1 + rng.uniform(-0.01, 0.01)
    lon2 = ((lon1 + 180 + rng.uniform(-0.01, 0.01) + 180) % 360) - 180
    add("antipodal", lat1, lon1, lat2, lon2)
# Across the antimeridian and near the poles.
add("global", 10.0, 179.9, 10.0, -179.9)
add("global", 89.99, 0.0, 89.99, 180.0)
add("global", -89.5, 45.0, -89.5, -135.0)

print("kind\tlat1\tlon1\tlat2\tlon2\ts12_m\tazi1_deg")
for r in rows:
    print("%s\t%.10f\t%.10f\t%.10f\t%.10f\t%.6f\t%.9f" % r)
