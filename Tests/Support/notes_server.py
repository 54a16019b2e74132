#!/usr/bin/env python3
"""A stand-in for OpenStreetMap's notes API and its OAuth 2.0 token endpoint, for tests. Listens on 127.0.0.1 only.

Usage: notes_server.py [--port 0]      prints "PORT <n>" once listening.
  POST /api/0.6/notes[.json]   lat, lon, text (form body or query): a new open note, answered as openstreetmap-website's
                               notes controller does: XML `<osm version="0.6" generator="OpenStreetMap server"><note lon lat>
                               <id>…</id><url>…</url>…` by default, a GeoJSON Feature for .json. A missing value: 400
                               "No lat was given" (lon, text likewise), text/plain.
  GET /api/0.6/notes[.json]?bbox=W,S,E,N&closed=0   the open notes inside the box (XML `<osm>` of notes, or a GeoJSON
                               FeatureCollection for .json); a bad bbox is 400.
  POST /oauth2/token           grant_type=authorization_code, code, redirect_uri, client_id, code_verifier: the token set
                               with /_oauth when the code matches, else 400 {"error":"invalid_grant",…}.
Control (not logged): POST /_script ["400", "403", "429:SECONDS", "500", "html", "ok", …] answers the next notes requests
  (GET or POST) in that order, then normally; POST /_notes [{"id":…, "lat":…, "lon":…, "text":…}] adds open notes;
  POST /_oauth {"code":…, "token":…}; GET /_log: every request as {"method", "path", "form", "authorization", "ua",
  "verifier_challenge" (for a token request: BASE64URL(SHA256(code_verifier)))}; GET /_notes: every note held.
"""
import argparse
import base64
import hashlib
import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from xml.sax.saxutils import escape

STATE = {"log": [], "script": [], "notes": [], "next_id": 1000, "oauth": {"code": None, "token": None}}
LOCK = threading.Lock()


def feature(note, base):
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [note["lon"], note["lat"]]},
            "properties": {"id": note["id"], "url": f"{base}/api/0.6/notes/{note['id']}.json",
                           "comment_url": f"{base}/api/0.6/notes/{note['id']}/comment.json",
                           "close_url": f"{base}/api/0.6/notes/{note['id']}/close.json",
                           "date_created": "2026-12-07 05:00:00 UTC", "status": note.get("status", "open"),
                           "comments": [{"date": "2026-12-07 05:00:00 UTC", "action": "opened", "text": note["text"],
                                         "html": "<p>" + escape(note["text"]) + "</p>"}]}}


def note_xml(note, base):
    return (f'<note lon="{note["lon"]}" lat="{note["lat"]}"><id>{note["id"]}</id><url>{base}/api/0.6/notes/{note["id"]}</url>'
            f'<comment_url>{base}/api/0.6/notes/{note["id"]}/comment</comment_url><close_url>{base}/api/0.6/notes/{note["id"]}/close</close_url>'
            f'<date_created>2026-12-07 05:00:00 UTC</date_created><status>{note.get("status", "open")}</status><comments><comment>'
            f'<date>2026-12-07 05:00:00 UTC</date><action>opened</action><text>{escape(note["text"])}</text>'
            f'<html>&lt;p&gt;{escape(escape(note["text"]))}&lt;/p&gt;</html></comment></comments></note>')


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type, extra=None):
        data = body.encode() if isinstance(body, str) else body
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for k, v in (extra or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def do_GET(self):
        self.handle_request("GET", b"")

    def do_POST(self):
        self.handle_request("POST", self.body())

    def handle_request(self, method, raw):
        url = urllib.parse.urlsplit(self.path)
        base = f"http://127.0.0.1:{self.server.server_address[1]}"
        if url.path.startswith("/_"):
            return self.control(method, url.path, raw)
        form = dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True))
        if method == "POST" and raw:
            form.update(dict(urllib.parse.parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True)))
        entry = {"method": method, "path": url.path, "form": form, "authorization": self.headers.get("Authorization"),
                 "ua": self.headers.get("User-Agent"), "content_type": self.headers.get("Content-Type")}
        if url.path == "/oauth2/token" and method == "POST":
            verifier = form.get("code_verifier", "")
            entry["verifier_challenge"] = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
            with LOCK:
                STATE["log"].append(entry)
                oauth = dict(STATE["oauth"])
            if form.get("grant_type") != "authorization_code" or form.get("code") != oauth["code"] or not verifier:
                return self.answer(400, json.dumps({"error": "invalid_grant", "error_description": "The provided authorization grant is invalid"}),
                                   "application/json; charset=utf-8")
            return self.answer(200, json.dumps({"access_token": oauth["token"], "token_type": "Bearer", "scope": "write_notes",
                                                "created_at": 1796000000}), "application/json; charset=utf-8")
        if url.path not in ("/api/0.6/notes", "/api/0.6/notes.json"):
            return self.answer(404, "Not Found", "text/plain")
        as_json = url.path.endswith(".json")
        with LOCK:
            STATE["log"].append(entry)
            mode = STATE["script"].pop(0) if STATE["script"] else "ok"
        if mode == "400":
            return self.answer(400, "No text was given", "text/plain; charset=utf-8")
        if mode == "403":
            return self.answer(403, "You are not permitted to create notes", "text/plain; charset=utf-8")
        if mode.startswith("429"):
            seconds = mode.split(":")[1] if ":" in mode else "60"
            return self.answer(429, "<html><body>Too many requests</body></html>", "text/html", {"Retry-After": seconds})
        if mode == "500":
            return self.answer(500, "<html><body><h1>We're sorry, but something went wrong.</h1></body></html>", "text/html")
        if mode == "html":
            return self.answer(200, "<!DOCTYPE html><html><head><title>OpenStreetMap</title></head><body>Log in</body></html>",
                               "text/html; charset=utf-8")
        if method == "POST":
            for key in ("lat", "lon", "text"):
                if not form.get(key):
                    return self.answer(400, f"No {key} was given", "text/plain; charset=utf-8")
            try:
                lat, lon = float(form["lat"]), float(form["lon"])
            except ValueError:
                return self.answer(400, "lat was not a number", "text/plain; charset=utf-8")
            if len(form["text"]) > 2000:
                return self.answer(400, "Text is too long (maximum is 2000 characters)", "text/plain; charset=utf-8")
            with LOCK:
                note = {"id": STATE["next_id"], "lat": lat, "lon": lon, "text": form["text"]}
                STATE["next_id"] += 1
                STATE["notes"].append(note)
            if as_json:
                return self.answer(200, json.dumps(feature(note, base)), "application/json; charset=utf-8")
            return self.answer(200, f'<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="OpenStreetMap server" '
                                    f'copyright="OpenStreetMap and contributors">{note_xml(note, base)}</osm>\n',
                               "application/xml; charset=utf-8")
        try:
            w, s, e, n = (float(v) for v in form.get("bbox", "").split(","))
        except ValueError:
            return self.answer(400, "The parameter bbox is required", "text/plain; charset=utf-8")
        with LOCK:
            inside = [x for x in STATE["notes"] if s <= x["lat"] <= n and w <= x["lon"] <= e and x.get("status", "open") == "open"]
        if as_json:
            return self.answer(200, json.dumps({"type": "FeatureCollection", "features": [feature(x, base) for x in inside]}),
                               "application/json; charset=utf-8")
        return self.answer(200, '<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="OpenStreetMap server">'
                                + "".join(note_xml(x, base) for x in inside) + "</osm>\n", "application/xml; charset=utf-8")

    def control(self, method, path, raw):
        with LOCK:
            if path == "/_log":
                return self.answer(200, json.dumps(STATE["log"]), "application/json")
            if path == "/_notes" and method == "GET":
                return self.answer(200, json.dumps(STATE["notes"]), "application/json")
            value = json.loads(raw or b"null")
            if path == "/_script":
                STATE["script"] = list(value)
            elif path == "/_notes":
                STATE["notes"].extend(value)
            elif path == "/_oauth":
                STATE["oauth"] = value
            else:
                return self.answer(404, "no such control", "text/plain")
        return self.answer(200, "{}", "application/json")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
