#!/usr/bin/env python3
"""Serve hexlab's web/ folder (this file's directory) for development and tests.

Every response carries the headers that make the page cross-origin isolated
(so SharedArrayBuffer and the threaded wasm build work), correct MIME types
for wasm and ES modules, and `Cache-Control: no-cache`.

    python3 web/serve.py                 # port from $PORT, else 8080
    python3 web/serve.py --port 0        # a free port; the first stdout line names it
    python3 web/serve.py --no-isolation  # no COOP/COEP: tests the single-thread fallback

The first line on stdout is always `serving http://localhost:PORT/`.
"""

import argparse
import functools
import http.server
import os
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".ts": "text/plain",  # wasm-bindgen's .d.ts files, readable in the browser
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with isolation, MIME and cache headers; quiet logs."""

    protocol_version = "HTTP/1.1"  # keep-alive: a page loads many small modules
    isolation = True
    verbose = False
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self):
        if self.isolation:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        self.send_header("Cross-Origin-Resource-Policy", "same-origin")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        # Quiet by default; --verbose logs one line per request to stderr.
        if self.verbose:
            sys.stderr.write("%s %s\n" % (self.address_string(), format % args))


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser closing a connection early is not worth a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")),
                        help="port to listen on; 0 picks a free one (default: $PORT or 8080)")
    parser.add_argument("--bind", default="127.0.0.1", help="address to bind (default: 127.0.0.1)")
    parser.add_argument("--no-isolation", action="store_true",
                        help="omit the COOP/COEP headers (the page then falls back to one thread)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    args = parser.parse_args(argv)

    Handler.isolation = not args.no_isolation
    Handler.verbose = args.verbose
    handler = functools.partial(Handler, directory=ROOT)
    with Server((args.bind, args.port), handler) as httpd:
        port = httpd.server_address[1]
        print(f"serving http://localhost:{port}/", flush=True)
        if not Handler.isolation:
            print("cross-origin isolation headers are OFF (--no-isolation)", flush=True)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
