#!/usr/bin/env python3
"""HTTP server for the HTTP backend tests, on 127.0.0.1 only.

Serves ROOT/<lng>/<ns>.json with ETags (304 on If-None-Match), /multi?lng=a+b&ns=x+y as
{lng: {ns: {...}}}, /status/<code>/... , /slow/... (answers after 3 s), /malformed/... and
/stats (counts of answers by status). Prints its port, then serves until its stdin closes.
Usage: i18n_test_server.py ROOT [PORT]
"""
import hashlib
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

ROOT = sys.argv[1]
PORT = int(sys.argv[2]) if len(sys.argv) > 2 else 0
STATS = {}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=None):
        STATS[str(status)] = STATS.get(str(status), 0) + 1
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path == "/stats":
            body = json.dumps(STATS).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if path.startswith("/status/"):
            return self.send(int(path.split("/")[2]), b"failure")
        if path.startswith("/malformed/"):
            return self.send(200, b'{"truncated": ')
        if path.startswith("/slow/"):
            time.sleep(3)
            path = path[len("/slow"):]
        if path == "/multi":
            params = parse_qs(query)
            result = {}
            for language in params.get("lng", [""])[0].split(" "):
                for namespace in params.get("ns", [""])[0].split(" "):
                    file = os.path.join(ROOT, language, namespace + ".json")
                    if os.path.exists(file):
                        with open(file, "rb") as handle:
                            result.setdefault(language, {})[namespace] = json.load(handle)
            return self.send(200, json.dumps(result).encode())
        file = os.path.normpath(os.path.join(ROOT, path.lstrip("/")))
        if not file.startswith(os.path.normpath(ROOT)) or not os.path.isfile(file):
            return self.send(404, b"not found")
        with open(file, "rb") as handle:
            body = handle.read()
        etag = '"' + hashlib.sha1(body).hexdigest() + '"'
        if self.headers.get("If-None-Match") == etag:
            return self.send(304, b"", {"ETag": etag})
        return self.send(200, body, {"ETag": etag, "Content-Type": "application/json"})


ThreadingHTTPServer.allow_reuse_address = True
server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
server.serve_forever()
