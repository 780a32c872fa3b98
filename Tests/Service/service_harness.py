"""What the service tests run: signing keys (openssl), small copies of rules/meetings with their
goldens recorded, signed bundles (`liverules bundle`), a real nginx serving them from a temporary
folder, and `liverules serve --bundle` processes polling it. Standard library only."""
import base64
import http.client
import io
import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import tarfile
import tempfile
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
# How long any wait lasts at most: far past what it takes on a slow machine with every core busy.
# Waits poll and return as soon as what they wait for happened; nothing depends on speed.
PATIENCE = 120
MEETINGS = ROOT / "rules" / "meetings"
# The fixtures the copies keep (with their goldens), so each reload's golden run is quick.
FIXTURES = ("combo-back-to-back-5-min", "countdown-last", "done", "upcoming-first")
# How to stop every process started here: each is stopped at the end whatever happened.
_stoppers = []
# Every temporary folder made here, removed at the end whatever happened.
_folders = []


def binary():
    """The liverules binary: $LIVERULES_BINARY, or the debug build."""
    return os.environ.get("LIVERULES_BINARY", str(ROOT / ".build" / "debug" / "liverules"))


def nginx_binary():
    """Debian's nginx (in /usr/sbin, often not on a user's PATH), or the one on PATH."""
    return shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)


def environment():
    """The tests' environment: without CI (which stops `test --record` writing) and without proxies
    (every request here goes to 127.0.0.1)."""
    env = {key: value for key, value in os.environ.items() if key.lower() not in ("http_proxy", "https_proxy", "all_proxy")}
    env.pop("CI", None)
    env["NO_PROXY"] = env["no_proxy"] = "127.0.0.1,localhost"
    return env


def run(arguments, stdin=None):
    """`liverules arguments…`, finished: its CompletedProcess (text)."""
    return subprocess.run([binary(), *arguments], input=stdin, capture_output=True, text=True, check=False,
                          env=environment(), timeout=PATIENCE)


def wait_until(what, check, timeout=PATIENCE, every=0.05):
    """Polls `check()` until it returns something true (returned); after `timeout` seconds fails
    saying what was awaited and what `check` last saw (a check may return (False, detail))."""
    end, last = time.monotonic() + timeout, None
    while True:
        try:
            result = check()
        except (OSError, http.client.HTTPException, ValueError) as error:
            result = (False, f"{type(error).__name__}: {error}")
        if isinstance(result, tuple) and len(result) == 2 and result[0] is False:
            last = result[1]
        elif result:
            return result
        else:
            last = result
        if time.monotonic() >= end:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}; last seen: {last!r}")
        time.sleep(every)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def keypair(folder, name):
    """An Ed25519 key pair from openssl: (private PEM, public PEM) paths."""
    private, public = folder / f"{name}.pem", folder / f"{name}.pub.pem"
    subprocess.run(["openssl", "genpkey", "-algorithm", "ed25519", "-out", str(private)], check=True, capture_output=True)
    subprocess.run(["openssl", "pkey", "-in", str(private), "-pubout", "-out", str(public)], check=True, capture_output=True)
    return private, public


def copy_pack(destination, edits=None):
    """A copy of rules/meetings at `destination`: pack.json and every rule, FIXTURES with their
    goldens. `edits` maps a file name to (old, new) replacements, each of which must apply."""
    destination.mkdir(parents=True)
    for file in MEETINGS.iterdir():
        if file.is_file() and (file.suffix == ".lua" or file.name == "pack.json"):
            shutil.copy(file, destination / file.name)
    (destination / "fixtures").mkdir()
    (destination / "golden").mkdir()
    for name in FIXTURES:
        shutil.copy(MEETINGS / "fixtures" / f"{name}.json", destination / "fixtures" / f"{name}.json")
        shutil.copy(MEETINGS / "golden" / f"{name}.json", destination / "golden" / f"{name}.json")
    for name, replacements in (edits or {}).items():
        text = (destination / name).read_text()
        for old, new in replacements:
            assert old in text, f"{name} has no {old!r} to edit"
            text = text.replace(old, new)
        (destination / name).write_text(text)
    return destination


def record_goldens(pack):
    """Re-records the pack's goldens (`test --record`, each .json.new renamed over its .json);
    then `liverules test` passes. Returns how many goldens changed."""
    result = run(["test", str(pack), "--record"])
    assert result.returncode == 0, f"liverules test --record failed:\n{result.stdout}{result.stderr}"
    recorded = sorted((pack / "golden").glob("*.json.new"))
    for new in recorded:
        os.replace(new, new.with_suffix(""))
    result = run(["test", str(pack)])
    assert result.returncode == 0, f"liverules test fails after recording:\n{result.stdout}{result.stderr}"
    return len(recorded)


def bundle(pack, key, output):
    """`liverules bundle pack --signing-key key -o output`: must succeed and say what it wrote."""
    result = run(["bundle", str(pack), "--signing-key", str(key), "-o", str(output)])
    assert result.returncode == 0, f"liverules bundle {pack} failed ({result.returncode}):\n{result.stdout}{result.stderr}"
    assert result.stdout.startswith(f"wrote {output}"), f"unexpected output of liverules bundle: {result.stdout!r}"
    assert len(result.stdout.splitlines()) == 1, f"liverules bundle printed more than one line: {result.stdout!r}"
    return output


def members(path):
    """A tar's members in order: [(TarInfo, bytes or None)]."""
    with tarfile.open(path, "r:") as archive:
        return [(info, archive.extractfile(info).read() if info.isfile() else None) for info in archive.getmembers()]


def write_tar(path, entries):
    """Writes [(TarInfo, bytes)] as an uncompressed ustar archive."""
    with tarfile.open(path, "w", format=tarfile.USTAR_FORMAT) as archive:
        for info, data in entries:
            info.size = len(data) if data is not None else 0
            archive.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def resigned(entries, edit, key, folder):
    """`entries` with their .manifest.json changed by `edit` (a function of the parsed manifest)
    and signed again with `key` (openssl pkeyutl -sign -rawin): a bundle whose signature holds
    but whose manifest says something its files are not."""
    files = dict((info.name, data) for info, data in entries)
    contents = json.loads(files[".manifest.json"])
    edit(contents)
    text = (json.dumps(contents, indent=2, sort_keys=True) + "\n").encode()
    (folder / "manifest.bin").write_bytes(text)
    signature = subprocess.run(["openssl", "pkeyutl", "-sign", "-rawin", "-inkey", str(key), "-in", str(folder / "manifest.bin")],
                               check=True, capture_output=True).stdout
    signed = json.loads(files[".signature"])
    signed["signature"] = base64.b64encode(signature).decode()
    replaced = {".manifest.json": text, ".signature": (json.dumps(signed) + "\n").encode()}
    return [(info, replaced.get(info.name, data)) for info, data in entries]


def manifest(path):
    """The bundle's .manifest.json, parsed."""
    return json.loads(dict((info.name, data) for info, data in members(path))[".manifest.json"])


def expected_presentation(pack, fixture):
    """What `liverules eval` prints for the fixture: what /v1/{pack}/present must answer."""
    result = run(["eval", str(pack), str(fixture)])
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def batch_lines(fixtures, repeat):
    """NDJSON batch input: each fixture as an activity line (no description, an id), `repeat` times."""
    lines = []
    for round_ in range(repeat):
        for fixture in fixtures:
            activity = json.loads(fixture.read_text())
            activity.pop("description", None)
            activity["id"] = f"{fixture.stem}-{round_}"
            lines.append(json.dumps(activity, sort_keys=True))
    return "".join(line + "\n" for line in lines)


def expected_batch(pack, body):
    """What `liverules payload --batch` writes for the body: what /v1/{pack}/batch must stream."""
    result = run(["payload", "build", str(pack), "-", "--batch"], stdin=body)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def request(url, method="GET", body=None, headers=None, timeout=PATIENCE):
    """(status, headers as a dict with lower-case names, body bytes), whatever the status."""
    parsed = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=timeout)
    try:
        path = parsed.path + ("?" + parsed.query if parsed.query else "")
        connection.request(method, path, body=body.encode() if isinstance(body, str) else body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {name.lower(): value for name, value in response.getheaders()}, response.read()
    finally:
        connection.close()


class Nginx:
    """Debian's nginx as the current user, on a free port, serving `folder`/www; its access log
    names each request's URI, status, ETag sent and User-Agent. While `folder`/fail-500 exists,
    /bundles/ answers 500."""

    LOG = re.compile(r'^(?P<msec>\S+) "(?P<uri>[^"]*)" (?P<status>\d+) "(?P<etag>[^"]*)" "(?P<agent>[^"]*)"$')

    def __init__(self, folder):
        self.folder = folder
        self.www = folder / "www"
        (self.www / "bundles").mkdir(parents=True)
        self.flag = folder / "fail-500"
        self.access_log = folder / "access.log"
        self.config = folder / "nginx.conf"
        self.published = 0
        for attempt in range(5):  # a free port can be taken before nginx binds it: another one then
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self._configure()
            try:
                self.start()
                return
            except AssertionError as error:
                if "Address already in use" not in str(error) or attempt == 4:
                    raise

    def _configure(self):
        folder = self.folder
        user = "user root;\n" if os.geteuid() == 0 else ""  # workers would otherwise run as nobody
        self.config.write_text(f"""{user}daemon off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log info;
events {{ worker_connections 256; }}
http {{
    default_type application/octet-stream;
    client_body_temp_path {folder}/client-body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    log_format marks '$msec "$request_uri" $status "$sent_http_etag" "$http_user_agent"';
    access_log {self.access_log} marks;
    etag on;
    server {{
        listen 127.0.0.1:{self.port};
        root {self.www};
        location /bundles/ {{
            if (-f {self.flag}) {{ return 500; }}
        }}
    }}
}}
""")

    def start(self):
        """Starts nginx (again, after stop(): same port, same files) and waits until it answers."""
        self.process = subprocess.Popen([nginx_binary(), "-p", str(self.folder), "-e", str(self.folder / "error.log"),
                                         "-c", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _stoppers.append(self.stop)
        try:
            wait_until("nginx to answer", lambda: self._died() if self.process.poll() is not None
                       else request(self.url + "/ready", timeout=5)[0] == 404)
        except AssertionError:
            self.stop()
            raise

    def _died(self):
        raise AssertionError("nginx exited: " + self.process.stderr.read().decode(errors="replace")
                             + (self.folder / "error.log").read_text(errors="replace"))

    def publish(self, source, name="meetings.tar"):
        """Publishes `source` (a path or bytes) as /bundles/name, as a deploy does: written beside
        it, given an mtime of its own (nginx's ETag is mtime and size; sizes of tars often
        coincide), renamed over it. Returns the ETag nginx will send for it."""
        data = source if isinstance(source, bytes) else pathlib.Path(source).read_bytes()
        self.published += 1
        mtime = 1_700_000_000 + self.published * 10
        written = self.www / "bundles" / f".publishing-{name}"
        written.write_bytes(data)
        os.utime(written, (mtime, mtime))
        os.rename(written, self.www / "bundles" / name)
        return f'"{mtime:x}-{len(data):x}"'

    def bundle_url(self, name="meetings.tar"):
        return f"{self.url}/bundles/{name}"

    def log(self):
        """The access log, parsed: [dict(msec, uri, status, etag, agent)]."""
        lines = self.access_log.read_text().splitlines() if self.access_log.exists() else []
        entries = [match.groupdict() for match in map(self.LOG.match, lines) if match]
        for entry in entries:
            entry["etag"] = entry["etag"].replace("\\x22", '"')  # nginx escapes the quotes in a log
        return entries

    def stop(self):
        """Stops the master and its worker: gracefully, else by SIGKILL to each (a master killed
        alone would leave its worker running)."""
        if self.process.poll() is not None:  # stopped already (and its id maybe reused since)
            close_pipes(self.process)
            return
        workers = children(self.process.pid)
        stop(self.process, signal.SIGQUIT)
        for pid in workers:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        close_pipes(self.process)


class Service:
    """`liverules serve --bundle url… --verify-key key… --poll-interval seconds --port 0`: its URL
    once it says it is serving; standard error kept in `errors`."""

    def __init__(self, bundles, keys, poll_interval, folders=(), options=()):
        arguments = [binary(), "serve", *map(str, folders), "--port", "0", "--poll-interval", str(poll_interval), *options]
        for url in bundles:
            arguments += ["--bundle", url]
        for key in keys:
            arguments += ["--verify-key", str(key)]
        self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment())
        _stoppers.append(self.stop)
        self.pid = self.process.pid
        self.errors = []
        self.error_reader = threading.Thread(target=lambda: self.errors.extend(iter(self.process.stderr.readline, "")), daemon=True)
        self.error_reader.start()
        first = []
        reader = threading.Thread(target=lambda: first.append(self.process.stdout.readline()), daemon=True)
        reader.start()
        reader.join(timeout=PATIENCE)
        line = first[0] if first else f"(nothing in {PATIENCE} s)"
        match = re.match(r"serving at (http://127\.0\.0\.1:\d+)/ \(Ctrl-C to stop\)$", line.rstrip("\n"))
        if not match:
            self.stop()
            raise AssertionError(f"liverules serve did not start: {line!r}\n" + "".join(self.errors))
        self.url = match.group(1)

    def get(self, path):
        return request(self.url + path)

    def post(self, path, body, content_type="application/json"):
        return request(self.url + path, "POST", body, {"Content-Type": content_type})

    def health(self):
        """(status, parsed body) of GET /health."""
        status, _, body = self.get("/health")
        return status, json.loads(body)

    def metrics(self):
        status, _, body = self.get("/metrics")
        assert status == 200, f"/metrics answered {status}"
        return body.decode()

    def serving(self, expected_hash):
        """Whether /health says every source serves and the only pack is `expected_hash` (for wait_until)."""
        status, body = self.health()
        packs = body.get("packs", [])
        if status == 200 and body.get("status") == "ok" and len(packs) == 1 and packs[0].get("serving") is True \
                and packs[0].get("hash") == expected_hash:
            return body
        return False, (status, body)

    def peak_memory(self):
        """The most memory the server has held so far (its peak resident set, VmHWM), in bytes."""
        status = pathlib.Path(f"/proc/{self.pid}/status").read_text()
        return int(re.search(r"^VmHWM:\s+(\d+) kB$", status, re.M).group(1)) * 1024

    def stop(self):
        stop(self.process, signal.SIGTERM)
        self.error_reader.join(timeout=PATIENCE)
        close_pipes(self.process)


def metric(text, name, *values):
    """The sum of the samples of `name` whose labels include every one of `values` (label values,
    whatever the label's name)."""
    total = 0.0
    for line in text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            labels, _, value = line.rpartition(" ")
            if all(f'"{value_}"' in labels for value_ in values):
                total += float(value)
    return total


def stop(process, first_signal):
    """Stops a process started here: `first_signal`, then SIGKILL if it is still there."""
    if process.poll() is None:
        process.send_signal(first_signal)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def close_pipes(process):
    """Closes the pipes to a process that has exited."""
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None and not pipe.closed:
            pipe.close()


def children(pid):
    """The ids of the processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                # The parent is the 2nd field after the command, which is in parentheses.
                if int((entry / "stat").read_text().rpartition(")")[2].split()[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                pass
    return found


def track(process):
    """Registers a process started elsewhere, for stop_everything."""
    _stoppers.append(lambda: stop(process, signal.SIGTERM))
    return process


def stop_everything():
    """Stops whatever process the tests started and is still running, and removes every
    temporary folder left (after a failure too)."""
    for stopper in reversed(_stoppers):
        stopper()
    for folder in _folders:
        shutil.rmtree(folder, ignore_errors=True)


def temporary_folder(prefix):
    folder = pathlib.Path(tempfile.mkdtemp(prefix=prefix))
    _folders.append(folder)
    return folder

