#!/usr/bin/env python3
"""A scripted stand-in for gpsd on 127.0.0.1, for tests of odd reports and disconnects.

Usage: fake_gpsd.py SCRIPT.json   -> prints "PORT <n>", then serves one connection per script entry.
SCRIPT is a list of connections; each is a list of lines to send after the client's ?WATCH, where a line
"sleep:S" pauses S seconds and the connection is closed after its last line. A number instead of a list
closes the listening socket for that many seconds (gpsd has gone away), then listens on the same port again.
"""
import json
import socket
import sys
import time

script = json.load(open(sys.argv[1]))
server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", 0))
server.listen(5)
print("PORT %d" % server.getsockname()[1], flush=True)
port = server.getsockname()[1]
for index, lines in enumerate(script):
    if isinstance(lines, (int, float)):
        server.close()
        time.sleep(lines)
        server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", port))
        server.listen(5)
        continue
    conn, _ = server.accept()
    conn.settimeout(5)
    try:
        watch = conn.recv(1024).decode()
        if not watch.startswith("?WATCH="):
            conn.sendall(b'{"class":"ERROR","message":"expected ?WATCH"}\n')
        conn.sendall(b'{"class":"VERSION","release":"3.22","proto_major":3,"proto_minor":14}\n')
        for line in lines:
            if line.startswith("sleep:"):
                time.sleep(float(line[6:]))
            else:
                conn.sendall((line + "\n").encode())
    except OSError:
        pass
    finally:
        conn.close()
time.sleep(30)
