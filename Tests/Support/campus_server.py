#!/usr/bin/env python3
"""A stand-in for the campus artworks web service, for tests. Listens on 127.0.0.1 only.

Usage: campus_server.py --data RECORDS.json [--port 0] [--images DIR]
Prints "PORT <n>" on its first line of output once it is listening.

Paths: /<mode>/artworksOnCampus/data.php?class=K&lastUpdate=YYYY-MM-DD  -> {"K": [records modified after lastUpdate]}
       /<mode>/artwork_images/<percent-encoded file name>            -> the file of that name in --images DIR if there
                                                                         is one, else a small PNG (404 if the name has "Missing")
       POST /_data (a JSON array of records) replaces the data set; GET /_log lists requested paths.
Modes: ok, 500, html, truncated, slow (stalls mid-body), huge (a body over 50 MB), wrongtypes, dupes, nan,
       hostile (dangerous file names), ignore (ignores lastUpdate), bare (a bare array), 2017 (drops location/enabled),
       badimages (images are HTML pages), big (the data set repeated to 20,000 records, slowly),
       redirect (catalogue and images answer 302 to http://0.0.0.0:<port>/ok/..., a host that is not loopback by
       artmap's rules yet stays on this machine), gzip (a gzip-compressed body whatever was asked),
       trickle (one byte a second, for at most 60 s).
"""
import argparse
import os
import json
import sys
import threading
import time
import urllib.parse
import zlib
import struct
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def tiny_png():
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes([200, 30, 30] * 4) for _ in range(4))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 4, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


PNG = tiny_png()
STATE = {"records": [], "log": [], "images": None}
LOCK = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", length=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body) if length is None else length))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if self.path == "/_data":
            n = int(self.headers.get("Content-Length", "0"))
            with LOCK:
                STATE["records"] = json.loads(self.rfile.read(n))
            self.send(200, b"{}")
        else:
            self.send(404, b"{}")

    def do_GET(self):
        with LOCK:
            STATE["log"].append(self.path)
        if self.path == "/_log":
            with LOCK:
                self.send(200, json.dumps(STATE["log"]).encode())
            return
        parsed = urllib.parse.urlsplit(self.path)
        parts = parsed.path.split("/")
        if len(parts) < 3:
            self.send(404, b"not found", "text/plain")
            return
        mode = parts[1]
        if mode in ("chunkbomb", "chunkwrap"):
            # A chunk size at the top of (or past) 64 bits after a first small chunk, then a few bytes and the end of the connection.
            size = b"7fffffffffffffff" if mode == "chunkbomb" else b"ffffffffffffffffff"
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.send_header("Connection", "close")
            self.end_headers()
            # One ordinary chunk first: a parser that adds the next size to what it holds overflows there.
            self.wfile.write(b"5\r\n[{}, \r\n" + size + b"\r\n" + b"{" * 1000)
            self.wfile.flush()
            self.close_connection = True
            return
        if mode == "headers":
            self.send(200, str(self.headers).encode(), "text/plain")
            return
        if mode == "loop":
            self.send_response(302)
            self.send_header("Location", self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if mode == "redirect":
            target = "http://0.0.0.0:%d/ok/%s" % (self.server.server_address[1], "/".join(parts[2:]))
            if parsed.query:
                target += "?" + parsed.query
            self.send_response(302)
            self.send_header("Location", target)
            self.send_header("Content-Length", "0")
            self.send_header("Connection", "close")
            self.end_headers()
            return
        if parts[2] == "artwork_images":
            name = urllib.parse.unquote("/".join(parts[3:]))
            if mode == "badimages":
                self.send(200, b"<html><body>Not here</body></html>", "text/html")
            elif "Missing" in name:
                self.send(404, b"<html>404</html>", "text/html")
            elif STATE["images"] and os.path.isfile(os.path.join(STATE["images"], os.path.basename(name))):
                with open(os.path.join(STATE["images"], os.path.basename(name)), "rb") as f:
                    self.send(200, f.read(), "image/jpeg" if name.lower().endswith((".jpg", ".jpeg")) else "image/png")
            else:
                self.send(200, PNG, "image/png")
            return
        if parts[2:] != ["artworksOnCampus", "data.php"]:
            self.send(404, b"not found", "text/plain")
            return
        query = urllib.parse.parse_qs(parsed.query)
        key = query.get("class", ["artworks"])[0]
        last_update = query.get("lastUpdate", ["1970-01-01"])[0]
        with LOCK:
            records = [dict(r) for r in STATE["records"]]
        if mode != "ignore":
            records = [r for r in records if str(r.get("lastModified", "")) > last_update]
        if mode == "500":
            self.send(500, b"<html><body><h1>500 Internal Server Error</h1></body></html>", "text/html")
            return
        if mode == "html":
            self.send(200, b"<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>", "text/html")
            return
        if mode == "2017":
            for r in records:
                r.pop("location", None)
                r.pop("enabled", None)
        if mode == "wrongtypes":
            self.send(200, json.dumps({key: {"id": "1"}}).encode())
            return
        if mode == "dupes":
            records = records + records[:3]
        if mode == "nan":
            records[0]["lat"] = "NaN"
            records[1]["long"] = "400"
            records[2]["lat"] = ""
        if mode == "hostile":
            records[0]["fileName"] = "../../../../etc/passwd"
            records[1]["fileName"] = "/absolute/evil.png"
            records[2]["fileName"] = "nul\u0000byte.png"
            records[3]["title"] = "\u001b]0;pwned\u0007\u001b[2J\u202eevil"
        if mode == "big":
            base = records
            records = []
            for i in range(20000):
                r = dict(base[i % len(base)])
                r["id"] = str(100000 + i)
                records.append(r)
        body = json.dumps(records if mode == "bare" else {key: records}).encode()
        if mode == "gzip":
            import gzip
            compressed = gzip.compress(body)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(compressed)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(compressed)
            return
        if mode == "trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                for i in range(min(60, len(body))):
                    self.wfile.write(body[i:i + 1])
                    self.wfile.flush()
                    time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if mode == "truncated":
            self.send(200, body[: len(body) // 2], length=len(body) // 2)
            return
        if mode == "slow":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[:10])
            self.wfile.flush()
            time.sleep(30)
            return
        if mode == "huge":
            size = 51 * 1024 * 1024
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            chunk = b" " * (1024 * 1024)
            try:
                for _ in range(51):
                    self.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if mode == "big":
            # Trickle the body so a test can kill the client mid-way.
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            step = max(1, len(body) // 20)
            try:
                for i in range(0, len(body), step):
                    self.wfile.write(body[i:i + step])
                    self.wfile.flush()
                    time.sleep(0.01)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        self.send(200, body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--images")
    args = parser.parse_args()
    STATE["images"] = args.images
    with open(args.data, encoding="utf-8") as f:
        loaded = json.load(f)
    STATE["records"] = loaded if isinstance(loaded, list) else next(iter(loaded.values()))
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print("PORT %d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
