"""A JSON service of weather stations, for the Stations example: its tests start it, and a
person can run it by hand beside `swift run Stations` (`python3 station_service.py 8081`).

GET /stations?limit=N&after=ID  {"stations": [{"id", "name", "elevation"}, ...], "more": bool}
GET /stations/ID                one station; 404 when there is none
GET /control?mode=MODE          how to answer from now on: `answers`, `empty` (no station),
                                `slow` (each answer waits SLOW_SECONDS first)

It prints its port on its first line (port 0, the default, picks a free one) and, started
with a pipe for standard input, exits when that pipe closes (its test ended, however).
"""
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

SLOW_SECONDS = 4
NAMES = ["Aberdeen", "Bergen", "Cork", "Davos", "Edinburgh", "Faro", "Graz", "Hamburg", "Innsbruck", "Jena",
         "Kiruna", "Lyon", "Malmö", "Nice", "Oslo", "Porto", "Quimper", "Reykjavík", "Sion", "Tromsø",
         "Uppsala", "Valletta", "Wrocław", "Xàtiva", "York", "Zermatt", "Ålesund", "Ørland", "Évora", "Łódź"]
STATIONS = [{"id": number, "name": name, "elevation": float(number * 37 % 1800)}
            for number, name in enumerate(NAMES, start=1)]
mode = "answers"


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        global mode
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        if url.path == "/control":
            mode = query["mode"][0]
            return self.answer(200, {"mode": mode})
        if mode == "slow":
            time.sleep(SLOW_SECONDS)
        stations = [] if mode == "empty" else STATIONS
        if url.path == "/stations":
            limit, after = int(query.get("limit", ["20"])[0]), int(query.get("after", ["0"])[0])
            rest = [station for station in stations if station["id"] > after]
            return self.answer(200, {"stations": rest[:limit], "more": len(rest) > limit})
        found = [station for station in stations if url.path == f"/stations/{station['id']}"]
        self.answer(200, found[0]) if found else self.answer(404, {"error": "no such station"})

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *arguments):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that left before a slow answer (its deadline passed) is no error of ours.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


if __name__ == "__main__":
    # A test process's threads block most signals, and a child inherits the mask: SIGTERM too.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    server = Server(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), Handler)
    print(server.server_address[1], flush=True)
    if not sys.stdin.isatty():
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
    server.serve_forever()
