#!/usr/bin/env python3
"""Stand-ins for OpenStreetMap's online services, for tests. Listens on 127.0.0.1 only.

Usage: osm_services.py --extract FILE.osm.pbf --image FILE.jpg [--port 0] [--warm]
Prints "PORT <n>" once listening. An answer is built outside the lock (only the bookkeeping is under it) from indexes
made at load, at a cost of what it holds; each element's text is made once (--warm: all of them before listening, so
that the bench's answers take their set delay plus the joining of their text). One process, one base per service (pass these as artmap's options):
  /overpass/api/interpreter?data=QL   Overpass API: the extract (converted once with osmium-tool) cut to the
                                      query's box ([bbox:s,w,n,e] or a (s,w,n,e) filter): the nodes inside, the
                                      ways with a node inside, the relations with such a member, then recursed down
                                      ((._;>;);) to every node of those ways and every member way of those
                                      relations. [out:xml] answers as Overpass does (generator, note, meta header);
                                      [out:json] as its JSON ("version", "generator", "osm3s", "elements").
  /wikidata/w/api.php?action=wbgetentities&ids=Q1|Q2&props=claims&format=json   items with P18 (WIKIDATA below)
  /commons/w/api.php?action=query&prop=imageinfo&iiprop=...&iiurlwidth=N&titles=File:A|File:B&format=json
                                      imageinfo with thumburl (served here), descriptionurl and extmetadata
  /upload/<anything>                  the --image bytes (the thumbnails)
  /nominatim/search?format=jsonv2&q=Q&limit=N   a jsonv2 array: places of the extract whose name contains Q
                                      (named nodes and ways), then the built-in PLACES; answers 429 with an HTML
                                      page to a second request within one second, as the policy says
  /overpass/api/status                Overpass's status page: "2 slots available now." less the queries being
                                      answered, or "Slot available after: …Z, in 1 seconds." when both are taken
  A query of `nwr[tourism=artwork]; out center;` ([out:json]) answers the artworks of the box alone, ways and
  relations with their "center" and no nodes; a union of `nwr[tourism=artwork](s,w,n,e);` answers those of each box.
Control (not logged): GET /_log (every request: "PATH UA=<User-Agent>" in order, as JSON),
  GET /_stats {"max_inflight": the most Overpass queries answered at once, "order": ["artworks"|"streets", …] as asked},
  POST /_delay {"seconds": S} makes every Overpass answer wait S seconds (the bench's busy instance); "artworks": A
  and/or "streets": B instead for that kind of query,
  POST /_script {"overpass": ["429", "504", "400", "remark", "truncated", "html", "slow", "ok",
  "badnumbers" (five more artworks, or four more streets' elements, with ids, refs or a latitude out of range), ...]} answers the next
  Overpass requests in that order (then normally; "slow" answers normally after 5 s), and "artworks": [...] or
  "streets": [...] script that kind of query alone (two queries in flight arrive in either order); POST /_edit {"hide": ["node/1"], "move": {"node/1": [lat, lon]},
  "tags": {"node/1": {"k": "v"}}} changes the extract as the next answers see it.
"""
import argparse
import json
import math
import os
import re
import subprocess
import tempfile
import threading
import time
import urllib.parse
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from xml.sax.saxutils import quoteattr, escape

GENERATOR = "Overpass API 0.7.62.4 2390de5a"
NOTE = "The data included in this document is from www.openstreetmap.org. The data is made available under ODbL."
OSM_BASE = "2024-12-05T17:56:05Z"
STATE = {"log": [], "script": [], "scripts": {}, "hide": set(), "move": {}, "tags": {}, "image": b"", "last_nominatim": 0.0,
         "delay": 0.0, "delays": {}, "inflight": 0, "max_inflight": 0, "order": []}
LOCK = threading.Lock()
NODES, WAYS, RELATIONS = {}, {}, {}
# Built once by load(): node ids by grid cell, the ways of each node, the relations of each (type, id) member.
GRID, NODE_WAYS, MEMBER_RELATIONS = {}, {}, {}
# The elements tagged tourism=artwork in the extract (an edit may tag more).
ART_NODES, ART_WAYS, ART_RELATIONS = set(), set(), set()
# Each element's text in an answer, made once (what no edit touches): answers cost what they hold.
TEXT = {}

# Wikidata items as the real API answers them: P18 is a Commons file name without "File:", spaces not underscores.
WIKIDATA = {
    "Q523268": "Havis Amanda 2.jpg",
    "Q11850731": "Aleksis Kivi statue, Helsinki.jpg",
    "Q7797830": "Kolme seppää.jpg",
    "Q20253995": "Kluuvinlahden fossiilit.jpg",
    "Q11879927": None,          # an item without an image
}
MISSING_FILES = {"File:Gone.jpg"}
NOT_IMAGES = {"File:Report.pdf"}
PLACES = [
    {"name": "Liverpool", "display_name": "Liverpool, North West England, England, United Kingdom",
     "lat": "53.4071991", "lon": "-2.99168", "category": "boundary", "type": "administrative", "osm_type": "relation", "osm_id": 172987},
    {"name": "Amsterdam", "display_name": "Amsterdam, Noord-Holland, Nederland",
     "lat": "52.3730796", "lon": "4.8924534", "category": "boundary", "type": "administrative", "osm_type": "relation", "osm_id": 271110},
    {"name": "Rijksmuseum", "display_name": "Rijksmuseum, 1, Museumstraat, Amsterdam, Noord-Holland, Nederland",
     "lat": "52.3599976", "lon": "4.8852188", "category": "tourism", "type": "museum", "osm_type": "way", "osm_id": 7302025},
]


def load(extract):
    """Reads the extract with osmium-tool into the three tables, and indexes them (a grid of nodes, the ways of each
    node, the relations of each member) so that an answer costs what it holds, not the whole extract."""
    folder = tempfile.mkdtemp(prefix="osm-services-")
    xml_path = os.path.join(folder, "extract.osm")
    subprocess.run(["osmium", "cat", extract, "-f", "osm", "-o", xml_path, "--overwrite"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _, element in ET.iterparse(xml_path):
        tags = {t.get("k"): t.get("v") for t in element.findall("tag")}
        if element.tag == "node":
            NODES[int(element.get("id"))] = (float(element.get("lat")), float(element.get("lon")), tags)
        elif element.tag == "way":
            WAYS[int(element.get("id"))] = ([int(n.get("ref")) for n in element.findall("nd")], tags)
        elif element.tag == "relation":
            RELATIONS[int(element.get("id"))] = ([(m.get("type"), int(m.get("ref")), m.get("role") or "") for m in element.findall("member")], tags)
        if element.tag in ("node", "way", "relation"):
            element.clear()
    os.remove(xml_path)
    os.rmdir(folder)
    for n, (lat, lon, _) in NODES.items():
        GRID.setdefault(cell(lat, lon), []).append(n)
    for w, (refs, _) in WAYS.items():
        for r in set(refs):
            NODE_WAYS.setdefault(r, []).append(w)
    for r, (members, _) in RELATIONS.items():
        for t, m, _ in members:
            if t in ("way", "node"):
                MEMBER_RELATIONS.setdefault((t, m), set()).add(r)
    ART_NODES.update(n for n, (_, _, tags) in NODES.items() if tags.get("tourism") == "artwork")
    ART_WAYS.update(w for w, (_, tags) in WAYS.items() if tags.get("tourism") == "artwork")
    ART_RELATIONS.update(r for r, (_, tags) in RELATIONS.items() if tags.get("tourism") == "artwork")


def cell(lat, lon):
    """The grid's cell (0.01°) holding a point."""
    return math.floor(lat * 100), math.floor(lon * 100)


class Edits:
    """The extract's edits (POST /_edit) as one answer sees them: taken under the lock, read outside it."""

    def __init__(self):
        self.hide, self.move, self.tags = STATE["hide"], STATE["move"], STATE["tags"]
        self.hidden = {int(k[5:]) for k in self.hide if k.startswith("node/")}
        self.touched = {int(k[5:]) for k in list(self.move) + list(self.tags) if k.startswith("node/")}
        # The ways whose node list or tags an edit changes: their text is made afresh, not taken from the cache.
        self.changed_ways = {w for h in self.hidden for w in NODE_WAYS.get(h, [])}
        self.changed_ways |= {int(k[4:]) for k in self.tags if k.startswith("way/")}

    def node(self, n):
        """A node as the edits make it: (lat, lon, tags) or None when hidden."""
        if n in self.hidden:
            return None
        p = NODES.get(n)
        if p is None or n not in self.touched:
            return p
        lat, lon, tags = p
        if f"node/{n}" in self.move:
            lat, lon = self.move[f"node/{n}"]
        return lat, lon, {**tags, **self.tags.get(f"node/{n}", {})}

    def exists(self, n):
        return n in NODES and n not in self.hidden

    def node_changed(self, n):
        return n in self.touched


def cut(edits, south, west, north, east):
    """What Overpass answers for everything in the box, recursed down: sorted node, way and relation ids."""
    low, high = cell(south, west), cell(north, east)
    candidates = [n for row in range(low[0], high[0] + 1) for column in range(low[1], high[1] + 1) for n in GRID.get((row, column), [])]
    candidates += [int(k[5:]) for k in edits.move if k.startswith("node/")]
    inside = set()
    for n in candidates:
        p = edits.node(n)
        if p and south <= p[0] <= north and west <= p[1] <= east:
            inside.add(n)
    ways = {w for n in inside for w in NODE_WAYS.get(n, []) if f"way/{w}" not in edits.hide}
    relations = {r for w in ways for r in MEMBER_RELATIONS.get(("way", w), ())}
    relations |= {r for n in inside for r in MEMBER_RELATIONS.get(("node", n), ())}
    nodes = set(inside)
    for r in relations:
        for t, m, _ in RELATIONS[r][0]:
            if t == "way" and m in WAYS:
                ways.add(m)
    for w in ways:
        nodes.update(ref for ref in WAYS[w][0] if edits.exists(ref))
    return sorted(nodes), sorted(ways), sorted(relations)


def cached(key, changed, make):
    """An element's text: made once when no edit touches it (the cache is shared by every answer), else afresh."""
    if changed:
        return make()
    text = TEXT.get(key)
    if text is None:
        text = TEXT[key] = make()
    return text


def as_xml(edits, nodes, ways, relations):
    def tags(t):
        return [f"    <tag k={quoteattr(k)} v={quoteattr(v)}/>" for k, v in sorted(t.items())]

    def xml_node(n):
        lat, lon, t = edits.node(n)
        if t:
            return "\n".join([f'  <node id="{n}" lat="{lat:.7f}" lon="{lon:.7f}">'] + tags(t) + ["  </node>"])
        return f'  <node id="{n}" lat="{lat:.7f}" lon="{lon:.7f}"/>'

    def xml_way(w):
        refs, t = WAYS[w]
        return "\n".join([f'  <way id="{w}">'] + [f'    <nd ref="{r}"/>' for r in refs if edits.exists(r)]
                         + tags({**t, **edits.tags.get(f"way/{w}", {})}) + ["  </way>"])

    def xml_relation(r):
        members, t = RELATIONS[r]
        return "\n".join([f'  <relation id="{r}">'] + [f'    <member type="{ty}" ref="{m}" role={quoteattr(role)}/>' for ty, m, role in members]
                         + tags(t) + ["  </relation>"])
    out = ['<?xml version="1.0" encoding="UTF-8"?>', f'<osm version="0.6" generator="{GENERATOR}">',
           f"<note>{NOTE}</note>", f'<meta osm_base="{OSM_BASE}"/>', ""]
    out += [cached(("xml", "node", n), edits.node_changed(n), lambda: xml_node(n)) for n in nodes]
    out += [cached(("xml", "way", w), w in edits.changed_ways, lambda: xml_way(w)) for w in ways]
    out += [cached(("xml", "relation", r), False, lambda: xml_relation(r)) for r in relations]
    out.append("</osm>")
    return ("\n".join(out) + "\n").encode()


def as_json(edits, nodes, ways, relations):
    def json_node(n):
        lat, lon, t = edits.node(n)
        e = {"type": "node", "id": n, "lat": lat, "lon": lon}
        if t:
            e["tags"] = t
        return json.dumps(e)

    def json_way(w):
        refs, t = WAYS[w]
        return json.dumps({"type": "way", "id": w, "nodes": [r for r in refs if edits.exists(r)], "tags": t})

    def json_relation(r):
        members, t = RELATIONS[r]
        return json.dumps({"type": "relation", "id": r, "members": [{"type": ty, "ref": m, "role": role} for ty, m, role in members], "tags": t})
    elements = [cached(("json", "node", n), edits.node_changed(n), lambda: json_node(n)) for n in nodes]
    elements += [cached(("json", "way", w), w in edits.changed_ways, lambda: json_way(w)) for w in ways]
    elements += [cached(("json", "relation", r), False, lambda: json_relation(r)) for r in relations]
    head = json.dumps({"version": 0.6, "generator": GENERATOR, "osm3s": {"timestamp_osm_base": OSM_BASE, "copyright": NOTE}})
    return (head[:-1] + ', "elements": [' + ", ".join(elements) + "]}").encode()


def artworks_json(edits, south, west, north, east):
    """nwr[tourism=artwork]; out center; for the box: nodes inside, ways with a node inside and relations with such a
    member (and, as in cut, the member ways of such relations), ways and relations with a "center" (the middle of
    their nodes' box) instead of their nodes. Only the artworks are looked at, not the whole box."""
    def art(tags):
        return tags.get("tourism") == "artwork"

    def inside(n):
        p = edits.node(n)
        return bool(p) and south <= p[0] <= north and west <= p[1] <= east

    def way_inside(w):
        return f"way/{w}" not in edits.hide and any(inside(r) for r in WAYS[w][0])

    def relation_inside(r):
        return any((t == "way" and m in WAYS and way_inside(m)) or (t == "node" and inside(m)) for t, m, _ in RELATIONS[r][0])

    def way_answered(w):
        return way_inside(w) or any(relation_inside(r) for r in MEMBER_RELATIONS.get(("way", w), ()))

    def centre(points):
        lats, lons = [p[0] for p in points], [p[1] for p in points]
        return {"lat": round((min(lats) + max(lats)) / 2, 7), "lon": round((min(lons) + max(lons)) / 2, 7)}
    edited = {k.split("/")[0]: set() for k in ("node/", "way/")}
    for k in edits.tags:
        kind, _, number = k.partition("/")
        if kind in edited:
            edited[kind].add(int(number))
    elements = []
    for n in sorted(ART_NODES | edited["node"]):
        p = edits.node(n)
        if p and art(p[2]) and inside(n):
            elements.append({"type": "node", "id": n, "lat": p[0], "lon": p[1], "tags": p[2]})
    for w in sorted((ART_WAYS | edited["way"]) & WAYS.keys()):
        refs, t = WAYS[w]
        t = {**t, **edits.tags.get(f"way/{w}", {})}
        if not art(t) or not way_answered(w):
            continue
        points = [p for p in (edits.node(r) for r in refs) if p]
        if points:
            elements.append({"type": "way", "id": w, "center": centre(points), "tags": t})
    for r in sorted(ART_RELATIONS):
        members, t = RELATIONS[r]
        if not relation_inside(r):
            continue
        points = [p for ty, m, _ in members if ty == "way" and m in WAYS for p in (edits.node(ref) for ref in WAYS[m][0]) if p]
        if points:
            elements.append({"type": "relation", "id": r, "center": centre(points), "tags": t})
    return json.dumps({"version": 0.6, "generator": GENERATOR,
                       "osm3s": {"timestamp_osm_base": OSM_BASE, "copyright": NOTE}, "elements": elements}).encode()


def remark_xml():
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="{GENERATOR}">\n<note>{NOTE}</note>\n'
            f'<meta osm_base="{OSM_BASE}"/>\n\n<remark> runtime error: Query timed out in "query" at line 4 after 26 seconds. </remark>\n\n</osm>\n').encode()


def html_page(title, paragraph):
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" '
            f'"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">\n'
            f'<head>\n  <meta http-equiv="content-type" content="text/html; charset=utf-8" lang="en"/>\n  <title>{title}</title>\n</head>\n'
            f'<body>\n\n<p>The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.</p>\n'
            f'{paragraph}\n\n</body>\n</html>\n').encode()


BOX = re.compile(r"\[bbox:\s*([-\d.]+)\s*,\s*([-\d.]+)\s*,\s*([-\d.]+)\s*,\s*([-\d.]+)\s*\]")
PAREN_BOX = re.compile(r"\(\s*([-\d.]+)\s*,\s*([-\d.]+)\s*,\s*([-\d.]+)\s*,\s*([-\d.]+)\s*\)")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        n = int(self.headers.get("Content-Length", "0"))
        body = json.loads(self.rfile.read(n) or b"{}")
        with LOCK:
            if self.path == "/_script":
                STATE["script"] = list(body.get("overpass", []))
                STATE["scripts"] = {k: list(body[k]) for k in ("artworks", "streets") if k in body}
            elif self.path == "/_delay":
                STATE["delay"] = float(body.get("seconds", 0))
                STATE["delays"] = {k: float(body[k]) for k in ("artworks", "streets") if k in body}
            elif self.path == "/_edit":
                STATE["hide"] = set(body.get("hide", []))
                STATE["move"] = {k: tuple(v) for k, v in body.get("move", {}).items()}
                STATE["tags"] = body.get("tags", {})
        self.send(200, b"{}")

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(url.query)
        if url.path == "/_log":
            with LOCK:
                return self.send(200, json.dumps(STATE["log"]).encode())
        if url.path == "/_stats":
            with LOCK:
                return self.send(200, json.dumps({"max_inflight": STATE["max_inflight"], "order": STATE["order"]}).encode())
        with LOCK:
            STATE["log"].append(f"{self.path} UA={self.headers.get('User-Agent', '')}")
        if url.path == "/overpass/api/interpreter":
            with LOCK:
                STATE["inflight"] += 1
                STATE["max_inflight"] = max(STATE["max_inflight"], STATE["inflight"])
            try:
                return self.overpass((query.get("data") or [""])[0])
            finally:
                with LOCK:
                    STATE["inflight"] -= 1
        if url.path == "/overpass/api/status":
            with LOCK:
                free = max(0, 2 - STATE["inflight"])
            if free:
                text = f"Connected as: 2130706433\nCurrent time: 2024-12-05T18:00:00Z\nAnnounced endpoint: none\nRate limit: 2\n{free} slots available now.\nCurrently running queries (pid, space limit, time limit, start time):\n"
            else:
                text = "Connected as: 2130706433\nCurrent time: 2024-12-05T18:00:00Z\nAnnounced endpoint: none\nRate limit: 2\nSlot available after: 2024-12-05T18:00:01Z, in 1 seconds.\nSlot available after: 2024-12-05T18:00:02Z, in 2 seconds.\nCurrently running queries (pid, space limit, time limit, start time):\n"
            return self.send(200, text.encode(), "text/plain; charset=utf-8")
        if url.path == "/wikidata/w/api.php":
            return self.wikidata(query)
        if url.path == "/commons/w/api.php":
            return self.commons(query)
        if url.path.startswith("/upload/"):
            return self.send(200, STATE["image"], "image/jpeg")
        if url.path == "/nominatim/search":
            return self.nominatim(query)
        self.send(404, b"not found", "text/plain")

    def overpass(self, ql):
        artworks = "out center" in ql and "[out:json]" in ql
        kind = "artworks" if artworks else "streets"
        with LOCK:
            script = STATE["scripts"].get(kind) or STATE["script"]
            mode = script.pop(0) if script else "ok"
            STATE["order"].append(kind)
            delay = STATE["delays"].get(kind, STATE["delay"])
        if mode == "slow":
            time.sleep(5)
        if delay:
            time.sleep(delay)
        if mode == "429":
            return self.send(429, html_page("429 Too Many Requests", "<p>rate_limited</p>"), "text/html; charset=utf-8", {"Retry-After": "2"})
        if mode == "504":
            return self.send(504, b"<html><head><title>504 Gateway Timeout</title></head><body><h1>Gateway Timeout</h1></body></html>\n", "text/html")
        if mode == "html":
            return self.send(200, b"<html><body>Maintenance</body></html>\n", "text/html")
        if mode == "400" or not ql.strip():
            return self.send(400, html_page("OSM3S Response", '<p><strong style="color:#FF0000">Error</strong>: line 1: parse error: unexpected end of input </p>'),
                             "text/html; charset=utf-8")
        if mode == "remark":
            return self.send(200, remark_xml(), "application/osm3s+xml")
        if mode == "badnumbers" and artworks:
            # An answer whose artworks are all as usual but five: ids past 64 bits (1e19, 1e300, -1e19, 1e999, which
            # JSON reads as infinite) and a latitude of 1e300.
            body = artworks_json(Edits(), *(float(x) for x in BOX.search(ql).groups()))
            bad = ", ".join('{"type": "node", "id": %s, "lat": %s, "lon": 24.948, "tags": {"tourism": "artwork", "name": "Bad %d"}}' % (i, lat, n)
                            for n, (i, lat) in enumerate([("1e19", "60.169"), ("1e300", "60.169"), ("-1e19", "60.169"), ("1e999", "60.169"), ("77", "1e300")]))
            head, _, tail = body.decode().partition('"elements": [')
            return self.send(200, (head + '"elements": [' + bad + ("" if tail.startswith("]") else ", ") + tail).encode(), "application/json")
        box = BOX.search(ql) \
            or re.search(r"\(\s*([-\d.]+)\s*,\s*([-\d.]+)\s*,\s*([-\d.]+)\s*,\s*([-\d.]+)\s*\)", ql)
        if not box:
            return self.send(400, html_page("OSM3S Response", '<p><strong style="color:#FF0000">Error</strong>: line 1: static error: no bounding box </p>'),
                             "text/html; charset=utf-8")
        s, w, n, e = (float(x) for x in box.groups())
        # Only the bookkeeping under the lock: the answer is built outside it, so that two queries answered at once
        # (as Overpass gives an address two slots) wait for nobody's answer but their own.
        with LOCK:
            edits = Edits()
        if artworks:
            # Several boxes in one question (a union, as artmap asks across the antimeridian): the elements of each.
            boxes = [tuple(float(x) for x in m.groups()) for m in PAREN_BOX.finditer(ql)] if "[bbox:" not in ql else []
            if len(boxes) > 1:
                parts = [json.loads(artworks_json(edits, *b)) for b in boxes]
                parts[0]["elements"] = [e for p in parts for e in p["elements"]]
                return self.send(200, json.dumps(parts[0]).encode(), "application/json")
            return self.send(200, artworks_json(edits, s, w, n, e), "application/json")
        parts = cut(edits, s, w, n, e)
        body = as_json(edits, *parts) if "[out:json]" in ql else as_xml(edits, *parts)
        if mode == "truncated":
            body = body[: len(body) // 2]
        if mode == "badnumbers" and "[out:json]" not in ql:
            # Four elements more, each with a number out of range: ids of 1e19 and -1e19, a latitude of 1e300 (which
            # libosmium reads as 0), a ref of 1e999.
            bad = ('<node id="1e19" lat="60.1691" lon="24.9481"/>\n'
                   '<node id="4000000001" lat="1e300" lon="24.9481"><tag k="tourism" v="artwork"/><tag k="name" v="Bad place"/></node>\n'
                   '<way id="-1e19"><nd ref="1376320186"/><tag k="highway" v="footway"/></way>\n'
                   "<way id='4000000002'><nd ref='1376320186'/><nd ref='1e999'/><tag k='highway' v='footway'/><tag k='name' v='Bad street'/></way>\n")
            body = body.replace(b"</osm>", bad.encode() + b"</osm>")
        self.send(200, body, "application/json" if "[out:json]" in ql else "application/osm3s+xml")

    def wikidata(self, query):
        ids = (query.get("ids") or [""])[0].split("|")
        if (query.get("action") or [""])[0] != "wbgetentities" or len(ids) > 50:
            return self.send(200, json.dumps({"error": {"code": "toomanyvalues", "info": "Too many values supplied for parameter \"ids\". The limit is 50."}}).encode())
        entities = {}
        for q in ids:
            if q not in WIKIDATA:
                entities[q] = {"id": q, "missing": ""}
                continue
            claims = {"P31": [{"mainsnak": {"snaktype": "value", "property": "P31", "datavalue": {"value": {"entity-type": "item", "id": "Q860861"}, "type": "wikibase-entityid"}, "datatype": "wikibase-item"}, "type": "statement", "rank": "normal"}]}
            if WIKIDATA[q]:
                claims["P18"] = [{"mainsnak": {"snaktype": "value", "property": "P18", "datavalue": {"value": WIKIDATA[q], "type": "string"}, "datatype": "commonsMedia"},
                                  "type": "statement", "id": q + "$1", "rank": "normal"}]
            entities[q] = {"type": "item", "id": q, "claims": claims}
        self.send(200, json.dumps({"entities": entities, "success": 1}).encode())

    def commons(self, query):
        titles = (query.get("titles") or [""])[0].split("|")
        width = int((query.get("iiurlwidth") or ["0"])[0] or 0)
        if len(titles) > 50:
            return self.send(200, json.dumps({"error": {"code": "toomanyvalues", "info": "Too many values supplied for parameter \"titles\". The limit is 50."}}).encode())
        normalized, pages = [], {}
        for i, title in enumerate(titles):
            fixed = title.replace("_", " ")
            if fixed != title:
                normalized.append({"from": title, "to": fixed})
            if fixed in MISSING_FILES:
                pages[str(-1 - i)] = {"ns": 6, "title": fixed, "missing": "", "known": ""}
                continue
            name = fixed[5:].replace(" ", "_")
            digest = "%02x" % (sum(name.encode()) % 256)
            base = f"http://127.0.0.1:{self.server.server_address[1]}/upload"
            mime = "application/pdf" if fixed in NOT_IMAGES else "image/jpeg"
            info = {"size": 2456789, "width": 3000, "height": 4000, "url": f"{base}/{digest[0]}/{digest}/{urllib.parse.quote(name)}",
                    "descriptionurl": "https://commons.wikimedia.org/wiki/" + urllib.parse.quote(fixed.replace(" ", "_"), safe=":/"),
                    "descriptionshorturl": f"https://commons.wikimedia.org/w/index.php?curid={15382769 + i}", "mime": mime,
                    "extmetadata": {
                        "Artist": {"value": '<a href="//commons.wikimedia.org/wiki/User:Example" title="User:Example">Jane &amp; John <b>Doe</b></a>',
                                   "source": "commons-desc-page"},
                        "LicenseShortName": {"value": "CC BY-SA 4.0", "source": "commons-desc-page", "hidden": ""},
                        "LicenseUrl": {"value": "https://creativecommons.org/licenses/by-sa/4.0", "source": "commons-desc-page", "hidden": ""},
                        "Credit": {"value": '<span class="int-own-work" lang="en">Own work</span>', "source": "commons-desc-page", "hidden": ""},
                        "ImageDescription": {"value": "A statue in Helsinki", "source": "commons-desc-page"}}}
            if width:
                info.update({"thumburl": f"{base}/thumb/{digest[0]}/{digest}/{urllib.parse.quote(name)}/{width}px-{urllib.parse.quote(name)}",
                             "thumbwidth": width, "thumbheight": width * 4 // 3})
            pages[str(15382769 + i)] = {"pageid": 15382769 + i, "ns": 6, "title": fixed, "imagerepository": "local", "imageinfo": [info]}
        body = {"batchcomplete": "", "query": {"pages": pages}}
        if normalized:
            body["query"] = {"normalized": normalized, "pages": pages}
        self.send(200, json.dumps(body).encode())

    def nominatim(self, query):
        now = time.monotonic()
        with LOCK:
            too_soon = now - STATE["last_nominatim"] < 1.0
            STATE["last_nominatim"] = now
        if too_soon:
            return self.send(429, b"<html><body><h1>Bandwidth limit exceeded</h1><p>You have been temporarily blocked.</p></body></html>", "text/html")
        if (query.get("format") or [""])[0] != "jsonv2":
            return self.send(400, json.dumps({"error": {"code": 400, "message": "Parameter 'format' must be one of: xml, json, jsonv2, geojson, geocodejson"}}).encode())
        q = (query.get("q") or [""])[0].strip().lower()
        limit = int((query.get("limit") or ["10"])[0])
        found = []
        for p in PLACES:
            if q and q in p["name"].lower():
                found.append(p)
        for n, (lat, lon, tags) in NODES.items():
            if q and q in tags.get("name", "").lower() and len(found) < limit:
                found.append({"name": tags["name"], "display_name": tags["name"] + ", Kluuvi, Eteläinen suurpiiri, Helsinki, Suomi",
                              "lat": "%.7f" % lat, "lon": "%.7f" % lon, "category": next(iter(k for k in ("tourism", "amenity", "shop", "highway") if k in tags), "place"),
                              "type": next(iter(tags[k] for k in ("tourism", "amenity", "shop", "highway") if k in tags), "yes"), "osm_type": "node", "osm_id": n})
        out = []
        for i, p in enumerate(found[:limit]):
            lat, lon = float(p["lat"]), float(p["lon"])
            out.append({"place_id": 100000 + i, "licence": "Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
                        "osm_type": p["osm_type"], "osm_id": p["osm_id"],
                        "boundingbox": ["%.7f" % (lat - 0.001), "%.7f" % (lat + 0.001), "%.7f" % (lon - 0.001), "%.7f" % (lon + 0.001)],
                        "lat": p["lat"], "lon": p["lon"], "display_name": p["display_name"], "place_rank": 30,
                        "category": p["category"], "type": p["type"], "importance": 0.3, "name": p["name"]})
        self.send(200, json.dumps(out).encode())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--extract", required=True)
    parser.add_argument("--image", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--warm", action="store_true", help="make every element's OSM XML text before listening (the bench)")
    args = parser.parse_args()
    with open(args.image, "rb") as f:
        STATE["image"] = f.read()
    load(args.extract)
    if args.warm:
        edits = Edits()
        as_xml(edits, sorted(NODES), sorted(WAYS), sorted(RELATIONS))
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
