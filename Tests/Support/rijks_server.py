#!/usr/bin/env python3
"""A stand-in for the Rijksmuseum's keyless Linked Art API, for tests. Listens on 127.0.0.1 only.

Usage: rijks_server.py --image FILE.jpg [--port 0]
Prints "PORT <n>" once listening. Serves the three bases artmap's --rijks-base replaces:
  /search/collection?creator=NAME&type=painting&imageAvailable=true[&pageToken=T]  search pages of 100 ids
  /id/<n>        a HumanMadeObject, a VisualItem (2<n>) or a DigitalObject (3<n>) as JSON-LD
  /iiif/<id>/full/<size>/0/default.jpg                                          the --image file (400 for size "max")
  /news.txt      a news message with terminal escapes in it (artmap must clean them)
  /_log          the requested paths with their Accept headers ("PATH ACCEPT"), as a JSON array
The ids, `next` links and IIIF URLs it returns are the museum's real hosts (id.rijksmuseum.nl,
data.rijksmuseum.nl, iiif.micr.io): artmap must rewrite them onto the base it was given.
Painters: "Rembrandt van Rijn" (230 paintings over three pages; the first is the Night Watch, SK-C-5),
"Johannes Vermeer" (4: one with only a Dutch title, one without an image, one malformed object that is
skipped), "Slow Painter" (2, each object answers after 2 s), "Broken Painter" (the search answers 500),
"Half Broken" (page 2 answers 500). Hostile ones: "Loop Painter" (5 paintings, `next` is the page itself),
"Same Id" (the Night Watch on every page, `next` forever, totalItems 20001), "Many Ids" (one page of 100,000
ids), "Twin Ids" (two ids, one object number), "Negative Total" / "Huge Total" (2 paintings, totalItems -2^63 / 1e300), "Foreign Links" (an object
on another host, a VisualItem on another host, a IIIF link to another loopback port, `next` on another
host). Any other name: no results.
"""
import argparse
import json
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

AAT = "http://vocab.getty.edu/aat/"
EN = [{"id": AAT + "300388277", "type": "Language"}]
NL = [{"id": AAT + "300388256", "type": "Language"}]
STATE = {"log": [], "image": b""}
LOCK = threading.Lock()

PAINTERS = {
    "rembrandt van rijn": [1000 + i for i in range(230)],
    "johannes vermeer": [5001, 5002, 5003, 5004],
    "slow painter": [7001, 7002],
    "broken painter": [],
    "half broken": [8000 + i for i in range(150)],
}


def painting(n):
    """The object for id n, or None."""
    if n == 9999:
        return painting(1000)  # another id for the Night Watch (object number SK-C-5)
    if n == 1000:
        return dict(number="SK-C-5", en="The Night Watch", nl="De Nachtwacht", maker="Rembrandt van Rijn", date="1642",
                    gallery="Night Watch Gallery", height="379.5", width="453.5",
                    text="Rembrandt's largest and most famous painting was made for the civic guard's hall.")
    if 1000 < n < 1230:
        return dict(number=f"SK-A-{n}", en=f"Study {n - 1000}", nl=f"Studie {n - 1000}", maker="Rembrandt van Rijn",
                    date=str(1630 + n % 30), gallery=None, height="50", width="40", text=f"A study, number {n - 1000}.")
    if n == 5001:
        return dict(number="SK-C-251", en="The Milkmaid", nl="Het melkmeisje", maker="Johannes Vermeer", date="c. 1660",
                    gallery="Gallery of Honour", height="45.5", width="41", text="A maidservant pours milk.")
    if n == 5002:
        return dict(number="SK-A-2344", en=None, nl="Gezicht op huizen in Delft", maker="Johannes Vermeer", date="c. 1658",
                    gallery=None, height="54.3", width="44", text=None)
    if n == 5003:
        return dict(number="SK-A-1595", en="Woman Reading a Letter", nl="Brieflezende vrouw", maker="Johannes Vermeer",
                    date="c. 1663", gallery=None, height="46.5", width="39", text="She reads by the window.", image=False)
    if 7000 < n < 7003 or 8000 <= n < 8150 or 9000 < n < 9003 or 100000 <= n < 200000:
        return dict(number=f"SK-X-{n}", en=f"Work {n}", nl=None, maker="Someone", date="1700", gallery=None,
                    height="10", width="10", text=None)
    return None


def human_made_object(n, p):
    names = [
        # A former title first: artmap must match by classification, never by position.
        {"type": ["Name"], "content": "Former title", "language": EN,
         "classified_as": [{"id": "https://id.rijksmuseum.nl/22015528", "type": "Type"}]},
    ]
    for text, language in ((p["nl"], NL), (p["en"], EN)):
        if text:
            names.append({"id": "_:b1", "type": "Name", "content": text, "language": language,
                          "classified_as": [{"id": AAT + "300404670", "type": "Type"}]})
    names.append({"type": "Identifier", "content": p["number"], "classified_as": [{"id": AAT + "300312355", "type": "Type"}]})
    subject = [{"type": "LinguisticObject", "classified_as": [{"id": AAT + "300417268"}], "language": EN,
                "part": ([{"type": "LinguisticObject", "content": p["text"], "classified_as": [{"id": AAT + "300048722"}]}] if p["text"] else []),
                "digitally_carried_by": [{"type": "DigitalObject", "access_point": [
                    {"id": "https://www.rijksmuseum.nl/en/collection/" + p["number"], "type": "DigitalObject"}]}]}]
    body = {
        "@context": "https://linked.art/ns/v1/linked-art.json",
        "id": f"https://id.rijksmuseum.nl/{n}", "type": "HumanMadeObject",
        "identified_by": names,
        "produced_by": {"type": "Production",
                        "referred_to_by": [{"type": "LinguisticObject", "content": "painter: " + p["maker"]}],
                        "part": [{"type": "Production", "carried_out_by": [
                            {"id": "https://id.rijksmuseum.nl/2103429", "type": "Person",
                             "notation": [{"@language": "nl", "@value": p["maker"] + " (nl)"}, {"@language": "en", "@value": p["maker"]}]}]}],
                        "timespan": {"type": "TimeSpan", "identified_by": [{"type": "Name", "content": p["date"]}],
                                     "begin_of_the_begin": "1642-01-01T00:00:00Z"}},
        "dimension": [
            {"type": "Dimension", "value": p["width"], "unit": {"id": AAT + "300379098"}, "classified_as": [{"id": "https://id.rijksmuseum.nl/22012"}]},
            {"type": "Dimension", "value": p["height"], "unit": {"id": AAT + "300379098"}, "classified_as": [{"id": "https://id.rijksmuseum.nl/22011"}]},
            {"type": "Dimension", "value": "337", "unit": {"id": AAT + "300379226"}, "classified_as": [{"id": "https://id.rijksmuseum.nl/22013"}]},
        ],
        "referred_to_by": [{"type": "LinguisticObject", "content": "oil on canvas", "language": EN,
                            "classified_as": [{"id": AAT + "300435429"}]}],
        "subject_of": subject,
    }
    if p.get("gallery"):
        body["current_location"] = {"type": "Place", "identified_by": [
            {"type": "Name", "content": p["gallery"]}, {"type": "Identifier", "content": "HG-2.31"}]}
    if p.get("image", True):
        body["shows"] = [{"id": f"https://id.rijksmuseum.nl/2{n}", "type": "VisualItem"}]
    if n == 9001:
        body["shows"] = [{"id": "https://evil.example/29001", "type": "VisualItem"}]
    return body


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/ld+json"):
        if isinstance(body, (dict, list)):
            body = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        with LOCK:
            if url.path != "/_log":
                STATE["log"].append(self.path + " " + self.headers.get("Accept", ""))
        if url.path == "/_log":
            with LOCK:
                return self.send(200, list(STATE["log"]), "application/json")
        if url.path == "/search/collection":
            return self.search(urllib.parse.parse_qs(url.query))
        if url.path.startswith("/id/"):
            return self.object(url.path[4:])
        if url.path == "/news.txt":
            return self.send(200, "Late opening on Friday:\n\x1b[31mthe Night Watch\x1b[0m gallery until 22:00.\x07".encode(), "text/plain")
        if url.path.startswith("/iiif/"):
            size = url.path.split("/")[4] if url.path.count("/") >= 5 else ""
            if size == "max":
                return self.send(400, b"never ask for max", "text/plain")
            return self.send(200, STATE["image"], "image/jpeg")
        self.send(404, b"not found", "text/plain")

    def hostile(self, creator, page):
        """The hostile painters' search pages, or None for the others."""
        def items(ids):
            return [{"id": i if isinstance(i, str) else f"https://id.rijksmuseum.nl/{i}", "type": "HumanMadeObject"} for i in ids]
        def body(ids, total, next_url=None):
            b = {"type": "OrderedCollectionPage", "partOf": {"type": "OrderedCollection", "totalItems": total}, "orderedItems": items(ids)}
            if next_url:
                b["next"] = {"id": next_url, "type": "OrderedCollectionPage"}
            return b
        museum = "https://data.rijksmuseum.nl"
        if creator == "loop painter":
            return body([1000, 1001, 1002, 1003, 1004], 5, museum + self.path)
        if creator == "same id":
            return body([1000], 20001, museum + f"/search/collection?creator=same%20id&type=painting&imageAvailable=true&pageToken={page + 1}")
        if creator == "twin ids":
            return body([1000, 9999], 2)
        if creator == "many ids":
            return body(range(100000, 200000), 100000)
        if creator == "negative total":
            return body([1001, 1002], -9223372036854775808)
        if creator == "huge total":
            return body([1001, 1002], 1e300)
        if creator == "foreign links":
            return body(["https://evil.example/id/9000", 9001, 9002], 3, "https://evil.example/search/collection?pageToken=1")
        return None

    def search(self, query):
        creator = (query.get("creator") or [""])[0].lower()
        hostile = self.hostile(creator, int((query.get("pageToken") or ["0"])[0]))
        if hostile is not None:
            return self.send(200, hostile)
        if creator == "broken painter":
            return self.send(500, b"internal error", "text/plain")
        ids = PAINTERS.get(creator, [])
        page = int((query.get("pageToken") or ["0"])[0])
        if creator == "half broken" and page == 1:
            return self.send(500, b"internal error", "text/plain")
        chunk = ids[page * 100:(page + 1) * 100]
        body = {"@context": "https://linked.art/ns/v1/search.json", "type": "OrderedCollectionPage",
                "partOf": {"type": "OrderedCollection", "totalItems": len(ids)},
                "orderedItems": [{"id": f"https://id.rijksmuseum.nl/{n}", "type": "HumanMadeObject"} for n in chunk]}
        if (page + 1) * 100 < len(ids):
            token = urllib.parse.quote(creator)
            body["next"] = {"id": f"https://data.rijksmuseum.nl/search/collection?creator={token}&type=painting&imageAvailable=true&pageToken={page + 1}",
                            "type": "OrderedCollectionPage"}
        self.send(200, body)

    def object(self, ident):
        if not ident.isdigit():
            return self.send(404, b"not found", "text/plain")
        if ident.startswith("2") and len(ident) > 4 and painting(int(ident[1:])):
            n = int(ident[1:])
            return self.send(200, {"id": f"https://id.rijksmuseum.nl/2{n}", "type": "VisualItem",
                                   "digitally_shown_by": [{"id": f"https://id.rijksmuseum.nl/3{n}", "type": "DigitalObject"}]})
        if ident.startswith("3") and len(ident) > 4 and painting(int(ident[1:])):
            n = int(ident[1:])
            return self.send(200, {"id": f"https://id.rijksmuseum.nl/3{n}", "type": "DigitalObject",
                                   "access_point": [{"id": (f"http://127.0.0.1:1/iiif/IMG{n}/full/max/0/default.jpg" if n == 9002
                                                            else f"https://iiif.micr.io/IMG{n}/full/max/0/default.jpg"), "type": "DigitalObject"}]})
        n = int(ident)
        if n == 5004:
            return self.send(200, b'{"type": "HumanMadeObject", "identified_by": [', "application/ld+json")
        p = painting(n)
        if p is None:
            return self.send(404, b"not found", "text/plain")
        if 7000 < n < 7003:
            time.sleep(2)
        self.send(200, human_made_object(n, p))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--image", required=True)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with open(args.image, "rb") as f:
        STATE["image"] = f.read()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
