"""Running the wipsvec binary: finding it, streaming a corpus to it,
showing its progress and stopping it."""

import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

logger = logging.getLogger("wipsvec")

_EXE = "wipsvec.exe" if os.name == "nt" else "wipsvec"


def binary_path():
    """The wipsvec binary: $WIPSVEC_BINARY, else the one the wheel carries,
    else wipsvec on PATH."""
    env = os.environ.get("WIPSVEC_BINARY")
    if env:
        if not os.path.isfile(env):
            raise FileNotFoundError("WIPSVEC_BINARY=%s: no such file" % env)
        return env
    bundled = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", _EXE)
    if os.path.isfile(bundled):
        return bundled
    found = shutil.which("wipsvec")
    if found:
        return found
    raise FileNotFoundError("no wipsvec binary: the wheel carries one (pip install a wheel built with python3 -m build python), "
                            "or put wipsvec on PATH (go install github.com/wipsvec/wipsvec@latest), or set WIPSVEC_BINARY")


_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_PROGRESS = re.compile(r"progress\s+([\d.]+)%\s+alpha\s+(\S+)\s+([\d.]+)k\s+(\w+)/sec/thread\s+loss\s+(\S+)\s+ETA\s+(\S+)")


class Progress:
    """What the user sees while the binary trains: a tqdm bar when tqdm is
    installed, else a line at every tenth; the binary's other lines go to
    the "wipsvec" logger."""

    def __init__(self, enabled, desc):
        self.enabled = enabled
        self.desc = desc
        self.bar = None
        self.decile = -1
        self.pct = 0.0
        self.lock = threading.Lock()
        if enabled:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                tqdm = None
            if tqdm is not None:
                tty = hasattr(sys.stderr, "isatty") and sys.stderr.isatty()
                self.bar = tqdm(total=100, desc=desc, unit="%", leave=True, dynamic_ncols=True, mininterval=0.5 if tty else 30,
                                bar_format="{desc}: {percentage:3.0f}%|{bar}| [{elapsed}{postfix}]")

    def reading(self, text):
        if not self.enabled:
            return
        with self.lock:
            if self.bar is not None:
                self.bar.set_postfix_str("reading: " + text, refresh=False)
                self.bar.update(0)
            elif self.decile < 0:
                print("%s: reading %s" % (self.desc, text), file=sys.stderr, flush=True)

    def training(self, pct, rate, unit, loss, eta):
        self.pct = pct
        if not self.enabled:
            return
        with self.lock:
            if self.bar is not None:
                self.bar.set_postfix_str("%sk %s/s/thread, loss %s, ETA %s" % (rate, unit, loss, eta), refresh=False)
                self.bar.update(pct - self.bar.n)  # drawn at most every mininterval
            elif int(pct // 10) > self.decile:
                self.decile = int(pct // 10)
                print("%s: %3.0f%%  %sk %s/s/thread  loss %s  ETA %s" % (self.desc, pct, rate, unit, loss, eta), file=sys.stderr, flush=True)

    def close(self, done):
        with self.lock:
            if self.bar is not None:
                if done:
                    self.bar.update(100 - self.bar.n)
                self.bar.close()
                self.bar = None


class _Reader(threading.Thread):
    """Reads the binary's standard error (a pipe, or a pseudo-terminal so
    that it draws its live line) and hands each line to progress or to the
    log; keeps the last lines for an error message."""

    def __init__(self, fd, progress):
        super().__init__(daemon=True)
        self.fd = fd
        self.progress = progress
        self.lines = []

    def _line(self, text):
        text = _ANSI.sub("", text).strip()
        if not text:
            return
        m = _PROGRESS.search(text)
        if m:
            self.progress.training(float(m.group(1)), m.group(3), m.group(4), m.group(5), m.group(6))
            return
        if text.startswith("reading:"):
            self.progress.reading(text[len("reading:"):].strip())
            return
        logger.info("%s", text)
        self.lines.append(text)
        del self.lines[:-50]

    def run(self):
        buf = ""
        while True:
            try:
                data = os.read(self.fd, 1 << 16)
            except OSError:  # EIO: the pseudo-terminal's other end closed
                break
            if not data:
                break
            buf += data.decode("utf-8", "replace")
            parts = re.split(r"[\r\n]", buf)
            buf = parts.pop()
            if buf.endswith("\x1b[K"):  # a live line, drawn whole
                parts.append(buf)
                buf = ""
            for p in parts:
                self._line(p)
        self._line(buf)

    def error(self):
        """The binary's error message: its last line that starts with
        "wipsvec:", else its last line."""
        for line in reversed(self.lines):
            if line.startswith("wipsvec:"):
                return line[len("wipsvec:"):].strip()
        return self.lines[-1] if self.lines else "no message"


def _stop(proc):
    """Stops the child as Ctrl-C does (it cleans up and exits), then
    kills it if it has not exited within 10 seconds."""
    if proc.poll() is not None:
        return
    try:
        proc.send_signal(signal.SIGINT if os.name != "nt" else signal.CTRL_BREAK_EVENT)
        proc.wait(timeout=10)
    except (subprocess.TimeoutExpired, OSError, ValueError):
        proc.kill()
        proc.wait()


def _lines(sentences, counts):
    """Each sentence as a line of its tokens, utf-8, in blocks."""
    block, size = [], 0
    for s in sentences:
        if isinstance(s, (str, bytes)):
            raise TypeError("sentences: each sentence must be a list of str tokens, got a %s: %r (split it into words first)"
                            % (type(s).__name__, s[:40]))
        if not hasattr(s, "__len__"):
            s = list(s)
        try:
            line = " ".join(s).encode("utf-8") + b"\n"
        except TypeError:
            raise TypeError("sentences: each sentence must be a list of str tokens, got %r" % (list(s)[:5],)) from None
        counts[0] += 1
        counts[1] += len(s)
        block.append(line)
        size += len(line)
        if size >= 1 << 20:
            yield b"".join(block)
            block, size = [], 0
    if block:
        yield b"".join(block)


def run(cmd, sentences=None, progress=True, desc="wipsvec", warm=None):
    """Runs cmd, the binary's command line, writing sentences (an iterable
    of token lists) to its standard input when given; returns the number of
    sentences and tokens written. Raises ValueError for a usage error (exit
    status 2), FileNotFoundError, MemoryError or RuntimeError for the
    others; on KeyboardInterrupt (or any error here) the child is stopped
    first."""
    pty_fds = None
    if progress and os.name == "posix":
        try:
            import pty
            pty_fds = pty.openpty()
        except (ImportError, OSError):
            pty_fds = None
    stdin = subprocess.PIPE if sentences is not None else subprocess.DEVNULL
    stderr = pty_fds[1] if pty_fds else subprocess.PIPE
    counts = [0, 0]
    proc = subprocess.Popen(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=stderr, bufsize=1 << 20)
    warmer = None
    if warm is not None:  # imports while the binary starts, beside the stream
        warmer = threading.Thread(target=warm, daemon=True)
        warmer.start()
    bar = Progress(progress, desc)
    if pty_fds:
        os.close(pty_fds[1])
        reader = _Reader(pty_fds[0], bar)
    else:
        reader = _Reader(proc.stderr.fileno(), bar)
    reader.start()
    done = False
    try:
        if sentences is not None:
            last = 0.0
            try:
                for block in _lines(sentences, counts):
                    proc.stdin.write(block)
                    now = time.monotonic()
                    if now - last >= 1:
                        last = now
                        bar.reading("%d sentences, %d words" % (counts[0], counts[1]))
                proc.stdin.close()
            except BrokenPipeError:  # the binary stopped: its status says why
                pass
        rc = proc.wait()
        reader.join(5)
        if warmer is not None:
            warmer.join()
        done = rc == 0
    except BaseException:
        _stop(proc)
        raise
    finally:
        bar.close(done)
        for f in (proc.stdin, proc.stderr):
            if f is not None:
                try:
                    f.close()
                except OSError:
                    pass
        if pty_fds:
            reader.join(5)
            try:
                os.close(pty_fds[0])
            except OSError:
                pass
    if rc != 0:
        msg = reader.error()
        if rc == 2:
            raise ValueError(msg)
        if "no such file" in msg:
            raise FileNotFoundError(msg)
        if "memory" in msg and ("needs" in msg or "available" in msg):
            raise MemoryError(msg)
        raise RuntimeError("wipsvec train failed (exit status %d): %s" % (rc, msg))
    return counts
