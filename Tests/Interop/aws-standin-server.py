"""Local stand-ins for age-plugin-awskms's tests (Tests/AWSKMSTests/StandInServer.swift): hostile
HTTP servers, and the container and instance metadata (IMDSv2) credential endpoints.

Usage: aws-standin-server.py PORT OTHER_PORT STATE_DIR

Listens on 127.0.0.1:PORT until killed; 127.0.0.1:OTHER_PORT is "another host", the target of
/redirect, that records every request it gets in STATE_DIR/redirected. Paths on PORT:

  /huge      HTTP 200 declaring a 2 GiB body, then zeros until the client goes away (streamed,
             never allocated)
  /endless   HTTP 200 without a length, zeros until the client goes away
  /trickle   HTTP 200 declaring 1000 bytes, then one byte a second
  /redirect  HTTP 307 to http://localhost:OTHER_PORT/
  /echo      HTTP 400, a KMS-style JSON error whose message is the whole request, headers and body
  /echo200   HTTP 200 whose body is the whole request, as text
  (each also as a prefix: /huge/latest/api/token is /huge)

The credential endpoints' stand-ins:

  GET /container/credentials          the container endpoint: with "Authorization: container-token"
                                      the credentials of ASIACONTAINER, else HTTP 401
  PUT /latest/api/token               IMDSv2's session token, "imds-session-token", when asked with
                                      X-aws-ec2-metadata-token-ttl-seconds
  GET /latest/meta-data/iam/security-credentials/[test-role]
                                      with "X-aws-ec2-metadata-token: imds-session-token" the role's
                                      name, then the credentials of ASIAINSTANCE; else HTTP 401 (no IMDSv1)

Every request's method, path and headers are appended to STATE_DIR/requests (one JSON line each).
"""
import json, os, sys, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORT, OTHER_PORT, STATE = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
LOCK = threading.Lock()


def record(name, handler):
    with LOCK, open(os.path.join(STATE, name), "a") as log:
        log.write(json.dumps({"method": handler.command, "path": handler.path, "headers": dict(handler.headers)}) + "\n")


def credentials(key_id, token_name, **extra):
    value = {"AccessKeyId": key_id, "SecretAccessKey": "standin-secret-" + key_id, token_name: "standin-token-" + key_id,
             "Expiration": "2099-01-01T00:00:00Z", **extra}
    return json.dumps(value).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self, status, body, content_type="application/x-amz-json-1.1"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream(self, length):
        self.send_response(200)
        self.send_header("Content-Type", "application/x-amz-json-1.1")
        if length is not None:
            self.send_header("Content-Length", str(length))
        else:
            self.send_header("Connection", "close")
        self.end_headers()
        chunk = b"0" * 65536
        try:
            while True:
                self.wfile.write(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def handle_any(self):
        record("requests", self)
        body = self.body()
        request = ("%s %s\n" % (self.command, self.path) + str(self.headers)).encode() + body
        path = self.path.split("?")[0]
        mode = "/" + path.split("/")[1] if path.count("/") >= 1 else path
        if mode == "/container":
            if self.headers.get("Authorization") != "container-token":
                return self.answer(401, b'{"message":"unauthorized"}', "application/json")
            return self.answer(200, credentials("ASIACONTAINER", "Token"), "application/json")
        if path == "/latest/api/token" and self.command == "PUT":
            if not self.headers.get("X-aws-ec2-metadata-token-ttl-seconds"):
                return self.answer(400, b"", "text/plain")
            return self.answer(200, b"imds-session-token", "text/plain")
        if path.startswith("/latest/meta-data/iam/security-credentials/"):
            if self.headers.get("X-aws-ec2-metadata-token") != "imds-session-token":
                return self.answer(401, b"", "text/plain")
            if path.endswith("/security-credentials/"):
                return self.answer(200, b"test-role\n", "text/plain")
            if path.endswith("/test-role"):
                return self.answer(200, credentials("ASIAINSTANCE", "Token", Code="Success"), "application/json")
            return self.answer(404, b"", "text/plain")
        path = mode
        if path == "/huge":
            self.stream(2 * 1024 ** 3)
        elif path == "/endless":
            self.close_connection = True
            self.stream(None)
        elif path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Length", "1000")
            self.end_headers()
            try:
                for _ in range(1000):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif path == "/redirect":
            self.send_response(307)
            self.send_header("Location", "http://localhost:%d/" % OTHER_PORT)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/echo":
            error = {"__type": "ValidationException", "message": request.decode("utf-8", "replace")}
            self.answer(400, json.dumps(error).encode())
        elif path == "/echo200":
            self.answer(200, request, "text/plain")
        else:
            self.answer(404, b'{"__type":"NotFound","message":"no such stand-in path"}')

    do_GET = do_POST = do_PUT = handle_any


class Other(Handler):
    def handle_any(self):
        record("redirected", self)
        self.answer(200, b'{"CiphertextBlob":"AQID","Plaintext":"AQID"}')

    do_GET = do_POST = do_PUT = handle_any


if __name__ == "__main__":
    other = ThreadingHTTPServer(("127.0.0.1", OTHER_PORT), Other)
    other.daemon_threads = True
    threading.Thread(target=other.serve_forever, daemon=True).start()
    server = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
    server.daemon_threads = True
    server.serve_forever()
