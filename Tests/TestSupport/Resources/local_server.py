#!/usr/bin/env python3
"""The HTTP server XToolRuntime's tests run against, on 127.0.0.1 only.

Prints one JSON line, {"port": P, "refusedPort": R}, then serves until its standard input
closes (when the test process ends). R is a bound socket that never listens, so connecting to
it is refused.

Any path answers with canned responses registered for it, or else echoes the request as JSON:
{"method", "path", "query", "headers" (names lower-cased), "body" (as UTF-8), "length"}. Control endpoints:

  POST /_control/routes    {"path": "/t/x", "responses": [canned, ...]}
        Each request to the path takes the next canned response; the last one repeats.
        canned: {"status", "headers", "body", "base64" (the body's bytes, instead of "body"),
                 "delay" (seconds before answering),
                 "drop" (send part of the body, then close), "hang" (answer never),
                 "echo" (answer with the request)}
  GET  /_control/requests?path=/t/x     the requests received for the path, as echoed
  GET  /_control/wait?path=/t/x&event=arrived|closed&count=1&timeout=10
        answers 200 once the event happened count times (a request arrived; a client closed
        a delayed or hanging request), 408 after the timeout.
"""
import base64
import json
import os
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

condition = threading.Condition()
routes = {}    # path -> [canned]
received = {}  # path -> [request record]
events = {}    # (path, event) -> count


def record_event(path, event):
    with condition:
        events[(path, event)] = events.get((path, event), 0) + 1
        condition.notify_all()


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
        record = {
            "method": self.command,
            "path": split.path,
            "query": split.query,
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "body": body.decode("utf-8", "replace"),
            "length": len(body),
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
        if split.path == "/_control/wait":
            key = (query["path"], query.get("event", "arrived"))
            count = int(query.get("count", 1))
            with condition:
                done = condition.wait_for(lambda: events.get(key, 0) >= count, float(query.get("timeout", 10)))
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
    refused = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    refused.bind(("127.0.0.1", 0))
    print(json.dumps({"port": server.server_address[1], "refusedPort": refused.getsockname()[1]}), flush=True)

    def stop_when_stdin_closes():
        sys.stdin.buffer.read()
        os._exit(0)

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
