"""`liststate serve` as a child process, for the Python test suites (Tests/e2e,
Tests/data): started on a free port (`--port 0`), its address read from the
"listening on" line, every line it prints kept, stopped gracefully."""
import re
import subprocess
import threading


class ServeProcess:
    """`BINARY serve --port 0 ARGUMENTS...`; output (stdout and stderr) in `lines`."""

    def __init__(self, binary, arguments, *, label="server", timeout=60, keep_lines=None):
        self.lines = []
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            [str(binary), "serve", "--port", "0", *map(str, arguments)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1, errors="replace")
        self.url = None
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                found = re.search(r"listening on (http://\S+?)/?$", line.strip())
                if found and not self.url:
                    self.url = found.group(1)
                    ready.set()
                with self.lock:
                    self.lines.append(line.rstrip("\n"))
                    if keep_lines:
                        del self.lines[:-keep_lines]
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(timeout) or not self.url:
            self.stop()
            raise RuntimeError(f"{label} did not start:\n" + self.output(20))

    def output(self, last=30):
        """The last `last` lines the server printed."""
        with self.lock:
            return "\n".join(self.lines[-last:])

    def stop(self):
        """SIGTERM, then SIGKILL when it has not ended within 10 s."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
