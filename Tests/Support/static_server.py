#!/usr/bin/env python3
"""A server that answers every GET with one file's bytes, for tests of what a client does with a hostile answer.
Listens on 127.0.0.1 only.

Usage: static_server.py --body FILE [--type CONTENT-TYPE] [--hold] [--port 0]
--hold: every request is logged and then never answered (a service that hangs), until the server is killed.
Prints "PORT <n>" once listening. GET /_log answers the paths asked so far (JSON), and is not logged.
"""
import argparse
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

LOCK = threading.Lock()
STATE = {"log": [], "body": b"", "type": "application/json", "hold": False}
NEVER = threading.Event()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path == "/_log":
            with LOCK:
                body = json.dumps(STATE["log"]).encode()
            return self.answer(body, "application/json")
        with LOCK:
            STATE["log"].append(self.path)
        if STATE["hold"]:
            NEVER.wait()
        self.answer(STATE["body"], STATE["type"])

    def answer(self, body, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--body", required=True)
    parser.add_argument("--type", default="application/json")
    parser.add_argument("--hold", action="store_true")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with open(args.body, "rb") as f:
        STATE["body"] = f.read()
    STATE["type"] = args.type
    STATE["hold"] = args.hold
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
