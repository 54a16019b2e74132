#!/usr/bin/env python3
"""A stand-in for the Wikidata Query Service, for tests. Listens on 127.0.0.1 only; prints "PORT <n>".

  GET /sparql?query=SPARQL   the items set with /_items whose point lies in the query's box (wikibase:box corners
                             "Point(lon lat)") or within its wikibase:around radius, as WDQS answers: the W3C SPARQL 1.1
                             Query Results JSON, one row per value of a multi-valued claim, unbound values absent, every
                             value a string, `content-type: application/sparql-results+json;charset=utf-8`.
Control (not logged):
  POST /_items [ITEM, ...]   ITEM: {"id": "Q1", "lat": .., "lon": .., "labels": {"en": "..", "sv": ".."},
                             "creators": [["Q2", "Name"]], "inception": "1908", "materials": [..], "depicts": [..],
                             "kinds": [["Q860861", "sculpture"]], "image": "File name.jpg", "category": "..",
                             "osm": ["node/1", "way/2", "relation/3"]}
  POST /_script ["429:SECONDS", "500", "html", "truncated", "noitem", "nocoord", "nonpoint", "otherhost",
                 "hugelabel", "manybindings", "huge", "ok"]   answers the next queries in that order, then normally
  GET /_log                  every query: {"ua": User-Agent, "accept": .., "at": seconds since start, "status": ..}
"""
import argparse
import json
import math
import re
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

STATE = {"items": [], "script": [], "log": [], "start": time.time()}
LOCK = threading.Lock()
WD = "http://www.wikidata.org/entity/"


def uri(value):
    return {"type": "uri", "value": value}


def literal(value, lang=None, datatype=None):
    term = {"type": "literal", "value": value}
    if lang:
        term["xml:lang"] = lang
    if datatype:
        term["datatype"] = datatype
    return term


def rows(item):
    """One row per combination of multi-valued claims, as a SPARQL join gives them."""
    base = {"item": uri(WD + item["id"]),
            "coord": literal("Point(%s %s)" % (item["lon"], item["lat"]), datatype="http://www.opengis.net/ont/geosparql#wktLiteral")}
    labels = item.get("labels", {})
    base["itemLabel"] = literal(labels.get("en") or next(iter(labels.values()), item["id"]), lang="en")
    if item.get("inception"):
        base["inception"] = literal(item["inception"] + "-01-01T00:00:00Z", datatype="http://www.w3.org/2001/XMLSchema#dateTime")
    if item.get("image"):
        base["image"] = uri("http://commons.wikimedia.org/wiki/Special:FilePath/" + urllib.parse.quote(item["image"].replace(" ", "%20"), safe="%"))
    if item.get("category"):
        base["commonsCategory"] = literal(item["category"])
    for element in item.get("osm", []):
        kind, number = element.split("/")
        base[{"node": "osmNode", "way": "osmWay", "relation": "osmRelation"}[kind]] = literal(number)
    lists = [
        [{"label": literal(v, lang=k)} for k, v in sorted(labels.items())] or [{}],
        [{"creator": uri(WD + q), "creatorLabel": literal(n, lang="en")} for q, n in item.get("creators", [])] or [{}],
        [{"kind": uri(WD + q), "kindLabel": literal(n, lang="en")} for q, n in item.get("kinds", [])] or [{}],
        [{"materialLabel": literal(m, lang="en")} for m in item.get("materials", [])] or [{}],
        [{"depictsLabel": literal(d, lang="en")} for d in item.get("depicts", [])] or [{}],
    ]
    out = [dict(base)]
    for options in lists:
        out = [dict(row, **option) for row in out for option in options]
    return out


def box_of(query):
    corners = re.findall(r'"Point\(([-0-9.eE]+) ([-0-9.eE]+)\)"', query)
    if "cornerSouthWest" in query and len(corners) >= 2:
        (w, s), (e, n) = corners[0], corners[1]
        return lambda lat, lon: float(s) <= lat <= float(n) and float(w) <= lon <= float(e)
    radius = re.search(r'wikibase:radius "([0-9.]+)"', query)
    if corners and radius:
        lon0, lat0 = map(float, corners[0])
        km = float(radius.group(1))
        def near(lat, lon):
            dy = (lat - lat0) * 111.32
            dx = (lon - lon0) * 111.32 * math.cos(math.radians(lat0))
            return math.hypot(dx, dy) <= km
        return near
    return lambda lat, lon: False


def answer(query, mode):
    """(status, headers, body) for one query in a scripted mode."""
    inside = box_of(query)
    bindings = [row for item in STATE["items"] if inside(item["lat"], item["lon"]) for row in rows(item)]
    doc = {"head": {"vars": ["item", "itemLabel", "label", "coord", "creator", "creatorLabel", "inception", "materialLabel",
                             "depictsLabel", "kind", "kindLabel", "image", "commonsCategory", "osmNode", "osmWay", "osmRelation"]},
           "results": {"bindings": bindings}}
    json_type = [("Content-Type", "application/sparql-results+json;charset=utf-8"), ("Cache-Control", "public, max-age=300")]
    if mode.startswith("429"):
        seconds = mode.split(":")[1] if ":" in mode else "1"
        return 429, [("Content-Type", "text/html"), ("Retry-After", seconds)], b"<html><body>Too Many Requests</body></html>"
    if mode == "500":
        return 500, [("Content-Type", "text/html")], b"<html><body>Internal Server Error</body></html>"
    if mode == "html":
        return 200, [("Content-Type", "text/html")], b"<!DOCTYPE html><html><head><title>Wikidata Query Service</title></head><body>Query timeout</body></html>"
    body = json.dumps(doc).encode()
    if mode == "truncated":
        return 200, json_type, body[: len(body) // 2]
    first = {"item": uri(WD + "Q999001"), "coord": literal("Point(24.95 60.17)")}
    if mode == "noitem":
        doc["results"]["bindings"].append({"coord": literal("Point(24.95 60.17)")})
    elif mode == "nocoord":
        doc["results"]["bindings"].append({"item": uri(WD + "Q999002")})
    elif mode == "nonpoint":
        doc["results"]["bindings"].append(dict(first, coord=literal("LINESTRING(24.95 60.17, 24.96 60.18)")))
    elif mode == "otherhost":
        doc["results"]["bindings"].append(dict(first, image=uri("http://upload.example.org/wiki/Special:FilePath/X.jpg")))
    elif mode == "hugelabel":
        doc["results"]["bindings"].append(dict(first, itemLabel=literal("A" * 1_000_000, lang="en")))
    elif mode == "manybindings":
        doc["results"]["bindings"] += [dict(first) for _ in range(100_000)]
    elif mode == "huge":
        doc["results"]["bindings"].append(dict(first, commonsCategory=literal(" " * (50 * 1024 * 1024))))
    return 200, json_type, json.dumps(doc).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, headers, body):
        self.send_response(status)
        for key, value in headers:
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/_log":
            with LOCK:
                body = json.dumps(STATE["log"]).encode()
            return self.send(200, [("Content-Type", "application/json")], body)
        query = urllib.parse.parse_qs(url.query).get("query", [""])[0]
        with LOCK:
            mode = STATE["script"].pop(0) if STATE["script"] else "ok"
            status, headers, body = answer(query, mode)
            STATE["log"].append({"ua": self.headers.get("User-Agent", ""), "accept": self.headers.get("Accept", ""),
                                 "at": time.time() - STATE["start"], "status": status, "mode": mode,
                                 "box": "cornerSouthWest" in query})
        self.send(status, headers, body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        data = json.loads(self.rfile.read(length) or b"null")
        with LOCK:
            if self.path == "/_items":
                STATE["items"] = data
            elif self.path == "/_script":
                STATE["script"] = list(data)
        self.send(200, [("Content-Type", "application/json")], b"{}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
