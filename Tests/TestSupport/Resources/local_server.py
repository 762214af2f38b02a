#!/usr/bin/env python3
"""The HTTP server XToolRuntime's tests run against, on 127.0.0.1 only.

Prints one JSON line, {"port": P, "secondPort": S, "refusedPort": R}, then serves until its
standard input closes (when the test process ends). P and S are two origins of one server: they
share routes and records, so a redirect from one to the other is seen whole (a record's "port"
says which got it). R is a bound socket that never listens, so connecting to it is refused.

Any path answers with canned responses registered for it, or else echoes the request as JSON:
{"method", "path", "query", "headers" (names lower-cased), "body" (as UTF-8; empty past 1 MiB),
"length", "parts", "port"}; "parts" lists a multipart body's parts as {"name", "filename", "contentType",
"length", "sha256", "text" (as UTF-8, up to 4 KiB)}. Control endpoints:

  POST /_control/routes    {"path": "/t/x", "responses": [canned, ...]}
        Each request to the path takes the next canned response; the last one repeats.
        canned: {"status", "headers", "body", "base64" (the body's bytes, instead of "body"),
                 "delay" (seconds before answering),
                 "drop" (send part of the body, then close), "hang" (answer never),
                 "echo" (answer with the request),
                 "base64" (the body's bytes, instead of "body"),
                 "length" (the Content-Length to announce, true or not: shorter leaves the rest
                           on the connection, longer waits for the client to give up),
                 "stream" (send that many bytes of filler as the body, in 64 KiB writes, then
                           close; with a Content-Length unless "announce" is false, at "rate"
                           bytes a second when given)}
  GET  /_control/requests?path=/t/x     the requests received for the path, as echoed
  GET  /_control/written?path=/t/x      bytes of body written for each streamed response
  GET  /_control/faults?scope=/t/x      how many requests under the scope got each fault (below)

A request with an `X-Fault` header gets that fault instead of a route, and its `X-Request-ID`
is echoed in the body (and the header) of whatever answer it gets:
  ok               200, {"id": ID, "items": [0, ..., 19]}
  wrongtype        the same JSON labelled text/html
  drip             the same JSON in 8 pieces, 30 ms apart
  html:CODE        status CODE with an HTML page naming the id
  truncated        200 with the first half of the JSON (a Content-Length that matches it)
  drop             the headers, half the body, then the connection closes
  reset            the connection is reset (RST) before any answer
  stall:SECONDS    no answer for SECONDS, or until the client gives up
  hang             no answer until the client goes away
  GET  /_control/wait?path=/t/x&event=arrived|closed&count=1&timeout=30
        answers 200 once the event happened count times (a request arrived; a client closed
        a delayed or hanging request), 408 after the timeout.
"""
import base64
import hashlib
import json
import os
import re
import select
import socket
import struct
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

condition = threading.Condition()
routes = {}    # path -> [canned]
received = {}  # path -> [request record]
events = {}    # (path, event) -> count
written = {}   # path -> [bytes of body written, per streamed response]
faults = {}    # (scope, fault kind) -> requests


def record_event(path, event):
    with condition:
        events[(path, event)] = events.get((path, event), 0) + 1
        condition.notify_all()


def multipart_parts(content_type, body):
    """The parts of a multipart/form-data body (RFC 7578), or [] for any other body."""
    match = re.match(r'multipart/form-data;\s*boundary="?([^";]+)"?', content_type)
    if not match:
        return []
    delimiter = b"--" + match.group(1).encode()
    parts = []
    for chunk in body.split(b"\r\n" + delimiter)[:-1] if body.startswith(delimiter) else []:
        chunk = chunk[len(delimiter) + 2:] if chunk.startswith(delimiter) else chunk[2:]
        head, _, content = chunk.partition(b"\r\n\r\n")
        headers = head.decode("utf-8", "replace")
        disposition = re.search(r'name="([^"]*)"(?:; filename="([^"]*)")?', headers)
        kind = re.search(r"Content-Type: (.*)", headers)
        parts.append({
            "name": disposition.group(1) if disposition else None,
            "filename": disposition.group(2) if disposition else None,
            "contentType": kind.group(1).strip() if kind else None,
            "length": len(content),
            "sha256": hashlib.sha256(content).hexdigest(),
            "text": content[:4096].decode("utf-8", "replace"),
        })
    return parts


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in separate writes

    def log_message(self, format, *args):
        pass

    def do_request(self):
        split = urlsplit(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if split.path.startswith("/_control/"):
            return self.control(split, body)
        if "X-Fault" in self.headers:
            return self.fault(split.path, self.headers["X-Fault"], self.headers.get("X-Request-ID", ""))
        record = {
            "method": self.command,
            "path": split.path,
            "query": split.query,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", "replace") if len(body) <= 1 << 20 else "",
            "length": len(body),
            "parts": multipart_parts(self.headers.get("Content-Type", ""), body),
            "port": self.server.server_address[1],
        }
        with condition:
            received.setdefault(split.path, []).append(record)
            queue = routes.get(split.path)
            canned = (queue.pop(0) if len(queue) > 1 else queue[0]) if queue else {"echo": True}
        record_event(split.path, "arrived")
        self.answer(split.path, canned, record)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_request

    def answer(self, path, canned, record):
        wait = 3600 if canned.get("hang") else canned.get("delay", 0)
        if wait and self.client_closed_within(wait):
            record_event(path, "closed")
            self.close_connection = True
            return
        if canned.get("echo"):
            status, headers, body = 200, {"Content-Type": "application/json"}, json.dumps(record).encode()
        else:
            status, headers = canned.get("status", 200), canned.get("headers", {})
            body = base64.b64decode(canned["base64"]) if canned.get("base64") else canned.get("body", "").encode()
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if "stream" in canned:
            return self.stream(path, canned["stream"], canned.get("announce", True), canned.get("rate"))
        if "length" in canned:
            return self.lie(path, body, canned["length"])
        if canned.get("drop"):
            self.send_header("Content-Length", str(len(body) + 1000))
            self.end_headers()
            self.wfile.write(body)
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def fault(self, path, fault, request_id):
        kind, _, argument = fault.partition(":")
        with condition:
            key = ("/".join(path.split("/")[:3]), kind)
            faults[key] = faults.get(key, 0) + 1
        payload = json.dumps({"id": request_id, "items": list(range(20))}).encode()
        if kind in ("stall", "hang"):
            self.client_closed_within(float(argument) if argument else 3600)
            self.close_connection = True
            return
        if kind == "reset":
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
            return
        status, content_type, body = 200, "application/json", payload
        if kind == "wrongtype":
            content_type = "text/html"
        elif kind == "html":
            status, content_type = int(argument), "text/html"
            body = f"<html><body><h1>Error {argument}</h1><p>request {request_id}</p></body></html>".encode()
        elif kind == "truncated":
            body = payload[: len(payload) // 2]
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("X-Request-ID", request_id)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if kind == "drop":
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
        elif kind == "drip":
            piece = -(-len(body) // 8)
            for start in range(0, len(body), piece):
                self.wfile.write(body[start : start + piece])
                self.wfile.flush()
                time.sleep(0.03)
        else:
            self.wfile.write(body)

    def stream(self, path, size, announce, rate):
        """Writes `size` bytes of filler, noting how many went out before the client left."""
        self.send_header("Connection", "close")
        if announce:
            self.send_header("Content-Length", str(size))
        self.end_headers()
        self.close_connection = True
        chunk, sent, started = b"x" * 65536, 0, time.monotonic()
        try:
            while sent < size:
                part = chunk[: min(len(chunk), size - sent)]
                self.wfile.write(part)
                sent += len(part)
                if rate and sent > rate * (time.monotonic() - started):
                    time.sleep(sent / rate - (time.monotonic() - started))
            self.wfile.flush()
        except OSError:
            record_event(path, "closed")
        with condition:
            written.setdefault(path, []).append(sent)
            condition.notify_all()

    def lie(self, path, body, length):
        """Announces `length` bytes but sends `body`."""
        self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        if length > len(body):
            if self.client_closed_within(60):
                record_event(path, "closed")
            self.close_connection = True

    def client_closed_within(self, seconds):
        """Waits up to `seconds`; True as soon as the client closes the connection."""
        deadline = time.monotonic() + seconds
        while (remaining := deadline - time.monotonic()) > 0:
            readable, _, _ = select.select([self.connection], [], [], min(remaining, 1))
            if readable:
                try:
                    if not self.connection.recv(1, socket.MSG_PEEK):
                        return True
                except OSError:
                    return True
                time.sleep(min(remaining, 0.05))  # data, not a close: keep waiting
        return False

    def control(self, split, body):
        query = {name: values[0] for name, values in parse_qs(split.query).items()}
        if split.path == "/_control/routes":
            spec = json.loads(body)
            with condition:
                routes[spec["path"]] = list(spec["responses"])
            return self.reply(200, {})
        if split.path == "/_control/requests":
            with condition:
                return self.reply(200, list(received.get(query["path"], [])))
        if split.path == "/_control/faults":
            with condition:
                tally = {kind: count for (scope, kind), count in faults.items() if scope == query["scope"]}
            return self.reply(200, tally)
        if split.path == "/_control/written":
            with condition:
                return self.reply(200, list(written.get(query["path"], [])))
        if split.path == "/_control/wait":
            key = (query["path"], query.get("event", "arrived"))
            count = int(query.get("count", 1))
            with condition:
                done = condition.wait_for(lambda: events.get(key, 0) >= count, float(query.get("timeout", 30)))
            return self.reply(200 if done else 408, {"count": events.get(key, 0)})
        return self.reply(404, {"error": "unknown control endpoint"})

    def reply(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024  # hundreds of concurrent connections in the tests

    def handle_error(self, request, client_address):
        pass  # clients that go away (timeouts, cancellations) are part of the tests


def main():
    server = Server(("127.0.0.1", 0), Handler)
    second = Server(("127.0.0.1", 0), Handler)
    refused = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    refused.bind(("127.0.0.1", 0))
    ports = {"port": server.server_address[1], "secondPort": second.server_address[1]}
    print(json.dumps({**ports, "refusedPort": refused.getsockname()[1]}), flush=True)

    def stop_when_stdin_closes():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    threading.Thread(target=second.serve_forever, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
