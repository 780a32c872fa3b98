"""`liverules serve --bundle` end to end: signed bundles of a small copy of rules/meetings
(`liverules bundle`, keys from openssl) published on a real nginx (Debian's) the way a deploy
does, polled by real `liverules serve` processes. Two servers switch to a new version together at
their next poll, and no batch mixes versions; every kind of bad bundle is refused while the last
good version keeps serving; wrk's load sees not one failed request while the bundle is replaced
100 times. Run by scripts/test.sh when nginx and wrk are installed:

    python3 Tests/Service/test_bundles.py

Nothing waits for a fixed time: every wait polls for what it waits for, up to PATIENCE.
"""
import base64
import hashlib
import http.server
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import threading
import time
import unittest
import zlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from service_harness import (  # noqa: E402
    FIXTURES, PATIENCE, Nginx, Service, batch_lines, bundle, copy_pack, expected_batch, expected_presentation, keypair,
    manifest, members, metric, nginx_binary, record_goldens, request, resigned, run, stop_everything, temporary_folder, track,
    wait_until, write_tar)

BUNDLE_FILE = "meetings.tar"
# Version B: every badge reads differently, so A and B answer every fixture differently.
B_EDITS = {
    "badges.lua": [("Last in progress", "Last underway"), ('"In progress"', '"Underway"'), ("All done", "Finished"),
                   ('"Next up"', '"Up next"'), ("First up", "Up first"), ('"Last up"', '"Up last"')],
    "pack.json": [('"version": "1.0.0"', '"version": "1.1.0"')],
}
# Version C: an edited rule with A's goldens, so its golden tests fail (on the combo case).
C_EDITS = {
    "badges.lua": [('"In progress"', '"Running now"')],
    "pack.json": [('"version": "1.0.0"', '"version": "1.2.0"')],
}
PRESENT_FIXTURE = "done"


class Versions:
    """What every case shares: keys, versions A, B and C of the pack, their bundles and what each
    version answers (from the CLI: `liverules eval` and `liverules payload --batch`)."""

    def __init__(self, folder):
        self.folder = folder
        self.key, self.verify_key = keypair(folder, "signing")
        self.other_key, self.other_verify_key = keypair(folder, "other")
        self.a = copy_pack(folder / "A" / "meetings")
        assert record_goldens(self.a) == 0, "the copy of rules/meetings should match its goldens"
        self.b = copy_pack(folder / "B" / "meetings", B_EDITS)
        assert record_goldens(self.b) == len(FIXTURES), "B should change every fixture's golden"
        self.c = copy_pack(folder / "C" / "meetings", C_EDITS)
        failing = run(["test", str(self.c)])
        assert failing.returncode == 1, f"C's golden tests should fail:\n{failing.stdout}{failing.stderr}"
        self.bundle_a = bundle(self.a, self.key, folder / "A.tar")
        self.bundle_b = bundle(self.b, self.key, folder / "B.tar")
        self.bundle_b_other_key = bundle(self.b, self.other_key, folder / "B-other-key.tar")
        self.bundle_c = bundle(self.c, self.key, folder / "C.tar")
        self.hash = {}
        self.version = {}
        for name, pack, tar in (("A", self.a, self.bundle_a), ("B", self.b, self.bundle_b), ("C", self.c, self.bundle_c)):
            contents = manifest(tar)
            self.hash[name], self.version[name] = contents["hash"], contents["version"]
            assert contents["version"] == json.loads((pack / "pack.json").read_text())["version"], contents
        assert self.version == {"A": "1.0.0", "B": "1.1.0", "C": "1.2.0"}, self.version
        assert len(set(self.hash.values())) == 3, f"the versions' hashes should differ: {self.hash}"
        self.present_body = (self.a / "fixtures" / f"{PRESENT_FIXTURE}.json").read_text()
        self.presentation = {name: expected_presentation(pack, pack / "fixtures" / f"{PRESENT_FIXTURE}.json")
                             for name, pack in (("A", self.a), ("B", self.b))}
        assert self.presentation["A"] != self.presentation["B"]
        self.batch_body = batch_lines([self.a / "fixtures" / f"{name}.json" for name in FIXTURES], repeat=2)
        self.batch = {name: expected_batch(pack, self.batch_body) for name, pack in (("A", self.a), ("B", self.b))}
        assert len(self.batch["A"]) == len(self.batch["B"]) == 2 * len(FIXTURES)
        assert all(a != b for a, b in zip(self.batch["A"], self.batch["B"])), "A and B should differ on every line"
        self.by_hash = {self.hash[name]: name for name in ("A", "B")}
        self.key_id, self.other_key_id = (json.loads(dict((i.name, d) for i, d in members(tar))[".signature"])["key"]
                                          for tar in (self.bundle_a, self.bundle_b_other_key))
        assert self.key_id != self.other_key_id, "two keys, one key id"

    def answered_by(self, headers):
        """The version ("A" or "B") a /v1 answer's headers name; both headers must agree."""
        version_hash, version = headers.get("liverules-pack-hash"), headers.get("liverules-pack-version")
        name = self.by_hash.get(version_hash)
        assert name is not None, f"LiveRules-Pack-Hash {version_hash!r} names neither A nor B ({self.hash})"
        assert version == self.version[name], f"LiveRules-Pack-Version {version!r} with the hash of {name} ({self.version[name]})"
        return name

    def check_present(self, service, name):
        """POST /v1/meetings/present answers version `name`'s presentation, and says so."""
        status, headers, body = service.post("/v1/meetings/present", self.present_body)
        assert status == 200, f"present answered {status}: {body[:500]!r}"
        answered = self.answered_by(headers)
        assert answered == name, f"present was answered by {answered}, expected {name}"
        assert json.loads(body) == self.presentation[name], f"present's body is not {name}'s presentation"


def bundle_format_problems(versions, tar):
    """What is wrong with a bundle `liverules bundle` wrote, checked independently: a ustar archive
    whose manifest lists every other file with its sha256, signed (openssl checks the Ed25519
    signature over the manifest's exact bytes with the public key)."""
    problems = []
    if tar.read_bytes()[257:265] != b"ustar\x0000":
        problems.append("the first header is not a POSIX ustar header")
    with tarfile.open(tar, "r:") as archive:
        if any(info.pax_headers or info.type not in (tarfile.REGTYPE, tarfile.DIRTYPE) for info in archive.getmembers()):
            problems.append("members other than plain files and folders (pax or GNU extensions)")
    files = {info.name: data for info, data in members(tar) if data is not None}
    contents = json.loads(files[".manifest.json"])
    for field in ("format", "pack", "version", "hash", "files"):
        if field not in contents:
            problems.append(f"the manifest has no {field}")
    listed = contents.get("files", {})
    packed = {name for name in files if name not in (".manifest.json", ".signature")}
    if set(listed) != packed:
        problems.append(f"manifest lists {sorted(listed)}, tar holds {sorted(packed)}")
    for name in packed & set(listed):
        if listed[name] != "sha256:" + hashlib.sha256(files[name]).hexdigest():
            problems.append(f"{name}: sha256 differs from the manifest's")
    for needed in ["pack.json", "badges.lua"] + [f"fixtures/{n}.json" for n in FIXTURES] + [f"golden/{n}.json" for n in FIXTURES]:
        if needed not in packed:
            problems.append(f"{needed} is not in the bundle")
    signature = json.loads(files[".signature"])
    if signature.get("algorithm") != "ed25519":
        problems.append(f"signature algorithm {signature.get('algorithm')!r}")
    work = versions.folder / "signature-check"
    work.mkdir(exist_ok=True)
    (work / "manifest").write_bytes(files[".manifest.json"])
    (work / "signature").write_bytes(base64.b64decode(signature["signature"]))
    check = subprocess.run(["openssl", "pkeyutl", "-verify", "-pubin", "-inkey", str(versions.verify_key), "-rawin",
                            "-in", str(work / "manifest"), "-sigfile", str(work / "signature")], capture_output=True, text=True)
    if check.returncode != 0:
        problems.append("openssl does not verify the signature: " + check.stdout + check.stderr)
    return problems


_shared = {}


def shared_versions():
    """The Versions every case uses, made once (recording goldens and bundling take a while)."""
    if "failed" in _shared:
        raise AssertionError(f"the shared setup failed (see the first case): {_shared['failed']}")
    if "versions" not in _shared:
        if not nginx_binary() or not shutil.which("wrk"):
            raise AssertionError("the service tests need nginx and wrk: scripts/setup.sh --browser as root installs them")
        _shared["folder"] = temporary_folder("liverules-service-")
        try:
            _shared["versions"] = Versions(_shared["folder"])
        except Exception as error:
            _shared["failed"] = error
            raise
    return _shared["versions"]


def tearDownModule():
    if "folder" in _shared:
        shutil.rmtree(_shared["folder"], ignore_errors=True)


class BundleTestCase(unittest.TestCase):
    def setUp(self):
        self.versions = shared_versions()
        self.work = temporary_folder("liverules-service-case-")
        self.addCleanup(shutil.rmtree, self.work, True)
        self.nginx = Nginx(self.work / "nginx")
        self.addCleanup(self.nginx.stop)
        self.url = self.nginx.bundle_url(BUNDLE_FILE)

    def service(self, poll_interval, keys=None, folders=()):
        service = Service([self.url], keys or [self.versions.verify_key], poll_interval, folders)
        self.addCleanup(service.stop)
        return service

    def wait_serving(self, service, name):
        """Waits until /health says `service` serves version `name` from the bundle URL; checks its body."""
        body = wait_until(f"server pid {service.pid} to serve {name} ({self.versions.hash[name]})",
                          lambda: service.serving(self.versions.hash[name]))
        pack = body["packs"][0]
        self.assertEqual((pack["path"], pack["pack"], pack["version"]), (self.url, "meetings", self.versions.version[name]))
        return pack


class BundleFormatTests(BundleTestCase):
    def test_bundle_is_a_signed_ustar_archive(self):
        for tar in (self.versions.bundle_a, self.versions.bundle_b):
            self.assertEqual(bundle_format_problems(self.versions, tar), [], tar.name)
        # The same pack and key give the same bytes.
        again = bundle(self.versions.a, self.versions.key, self.work / "A-again.tar")
        self.assertEqual(again.read_bytes(), self.versions.bundle_a.read_bytes())
        # Bad input: exit status 2, nothing written.
        output = self.work / "never.tar"
        result = run(["bundle", str(self.work / "no-such-pack"), "--signing-key", str(self.versions.key), "-o", str(output)])
        self.assertEqual(result.returncode, 2, result.stdout + result.stderr)
        result = run(["bundle", str(self.versions.a), "--signing-key", str(self.versions.verify_key), "-o", str(output)])
        self.assertEqual(result.returncode, 2, "a public key is no signing key: " + result.stdout + result.stderr)
        self.assertFalse(output.exists())
        print(f"\n  bundle: A {self.versions.hash['A']} and B {self.versions.hash['B']} verified with openssl; bad input exits 2")


class TwoServersTests(BundleTestCase):
    def test_two_servers_pick_up_a_new_bundle_at_their_next_poll_without_mixing_versions(self):
        versions, nginx = self.versions, self.nginx
        old_etag = nginx.publish(versions.bundle_a, BUNDLE_FILE)
        # The second also trusts the other key (--verify-key repeated, as when rotating keys).
        servers = [self.service(1), self.service(1, [versions.other_verify_key, versions.verify_key])]
        for server in servers:
            self.wait_serving(server, "A")
        # Each polls conditionally: nginx answers 304 to its If-None-Match while A is current. Each
        # names itself: liverules-serve/<the CLI's version> (pid <its process id>).
        version = re.match(r"liverules (\S+)", run(["--version"]).stdout).group(1)
        for server in servers:
            wait_until(f"two 304 answers to server pid {server.pid}",
                       lambda: len([e for e in self.polls(server) if e["status"] == "304" and e["etag"] == old_etag]) >= 2)
            agents = {e["agent"] for e in self.polls(server)}
            self.assertEqual(agents, {f"liverules-serve/{version} (pid {server.pid})"})

        # Batches against both servers all through the switch.
        answers = {server.pid: [] for server in servers}
        done = threading.Event()

        def batches(server):
            while not done.is_set():
                try:
                    answers[server.pid].append(server.post("/v1/meetings/batch", versions.batch_body, "application/x-ndjson"))
                except Exception as error:  # recorded, and fails the test below
                    answers[server.pid].append((None, {}, repr(error).encode()))
        threads = [threading.Thread(target=batches, args=(server,), daemon=True) for server in servers]
        for thread in threads:
            thread.start()
        try:
            for server in servers:
                wait_until(f"a batch answered by server pid {server.pid}", lambda: len(answers[server.pid]) >= 1)
            # The marker orders the access log: nginx answered whatever it logs after the marker
            # after the marker was requested, just before B is published.
            self.assertEqual(request(nginx.url + "/mark-1")[0], 404)
            new_etag = nginx.publish(versions.bundle_b, BUNDLE_FILE)
            self.assertNotEqual(new_etag, old_etag)
            for server in servers:
                self.wait_serving(server, "B")
            for server in servers:
                wait_until(f"a batch answered by B on server pid {server.pid}",
                           lambda: any(status == 200 and headers.get("liverules-pack-hash") == versions.hash["B"]
                                       for status, headers, _ in list(answers[server.pid])))
                # And it then polls with B's ETag.
                wait_until(f"a 304 for B's ETag to server pid {server.pid}",
                           lambda: any(e["status"] == "304" and e["etag"] == new_etag for e in self.polls(server, after="/mark-1")))
        finally:
            done.set()
            for thread in threads:
                thread.join(timeout=PATIENCE)

        # Pick-up at the first poll after the upload: the first request of each server nginx
        # answered from the new file got a 200. Only polls nginx answered from A's file (read before
        # the rename, between the marker and the publish) may come before it, each a 304.
        lines = []
        for server in servers:
            after = self.polls(server, after="/mark-1")
            first_new = next((i for i, e in enumerate(after) if e["etag"] == new_etag), None)
            self.assertIsNotNone(first_new, f"server pid {server.pid} never polled B's file: {after}")
            self.assertEqual(after[first_new]["status"], "200",
                             f"server pid {server.pid}'s first poll of B's file did not fetch it: {after[:first_new + 1]}")
            for entry in after[:first_new]:
                self.assertEqual((entry["status"], entry["etag"]), ("304", old_etag), f"server pid {server.pid}: {after}")
            lines.append(f"pid {server.pid}: {after[first_new]['status']} {after[first_new]['etag']}"
                         + (f" after {first_new} poll(s) of A's file before the rename" if first_new else " (first after the marker)"))

        # Every batch: answered whole by one version, the one its headers name.
        counts = {}
        for server in servers:
            for status, headers, body in answers[server.pid]:
                self.assertEqual(status, 200, f"a batch to server pid {server.pid} failed: {body[:500]!r}")
                name = versions.answered_by(headers)
                got = body.decode().splitlines()
                if got != versions.batch[name]:
                    from_a = sum(line in versions.batch["A"] for line in got)
                    from_b = sum(line in versions.batch["B"] for line in got)
                    self.fail(f"a batch from server pid {server.pid} headed {name} has {from_a} lines of A and {from_b} of B "
                              f"out of {len(got)} (expected all {len(versions.batch[name])} of {name})")
                counts[(server.pid, name)] = counts.get((server.pid, name), 0) + 1
            self.assertGreater(counts.get((server.pid, "A"), 0), 0)
            self.assertGreater(counts.get((server.pid, "B"), 0), 0)
        for server in servers:
            versions.check_present(server, "B")
            metrics = server.metrics()
            self.assertEqual(metric(metrics, "liverules_bundle_polls_total", self.url, "failed"), 0)
            self.assertEqual(metric(metrics, "liverules_bundle_polls_total", self.url, "fetched"), 2, "A, then B")
            # Every 304 nginx logged for this server is counted (it counts a poll once it has its answer).
            answered_304 = len([e for e in self.polls(server) if e["status"] == "304"])
            self.assertGreaterEqual(answered_304, 3, "2 with A's ETag, 1 with B's")
            wait_until(f"server pid {server.pid} to count the {answered_304} polls nginx answered 304",
                       lambda: metric(server.metrics(), "liverules_bundle_polls_total", self.url, "not_modified") >= answered_304)
            self.assertEqual(metric(metrics, "liverules_reloads_total", self.url, "accepted"), 2, "A, then B")
        print("\n  two servers: both switched A -> B at their first poll after the upload; " + "; ".join(lines))
        for server in servers:
            print(f"  pid {server.pid}: {counts[(server.pid, 'A')]} batches answered whole by A, {counts[(server.pid, 'B')]} by B")

    def polls(self, server, after=None):
        """The server's polls of the bundle in nginx's access log (after the line of URI `after`)."""
        log = self.nginx.log()
        if after is not None:
            marks = [i for i, e in enumerate(log) if e["uri"] == after]
            self.assertEqual(len(marks), 1, f"{after} should be in the access log once")
            log = log[marks[0] + 1:]
        return [e for e in log if e["uri"] == f"/bundles/{BUNDLE_FILE}" and e["agent"].endswith(f"(pid {server.pid})")]


class RefusalTests(BundleTestCase):
    def test_a_bundle_of_a_pack_a_folder_serves_is_refused(self):
        self.nginx.publish(self.versions.bundle_a, BUNDLE_FILE)
        server = self.service(0.5, folders=[self.versions.b])

        def refused():
            status, body = server.health()
            bundle = next(pack for pack in body["packs"] if pack["path"] == self.url)
            folder = next(pack for pack in body["packs"] if pack["path"] != self.url)
            problems = (bundle.get("refused") or {}).get("problems", [])
            return (status == 503 and not bundle["serving"] and folder["hash"] == self.versions.hash["B"]
                    and any("serves already" in problem for problem in problems)) or (False, (status, body))
        wait_until("the bundle of a pack the folder serves to be refused, the folder's version serving", refused)
        self.versions.check_present(server, "B")

    def test_refused_bundles_keep_the_last_good_version_serving(self):
        versions, nginx = self.versions, self.nginx
        # Nothing published yet (nginx answers 404): up, but unavailable until a good version comes.
        server = self.service(0.5)

        def unavailable():
            status, body = server.health()
            pack = body["packs"][0]
            problems = [problem.replace(self.url, "<url>") for problem in (pack.get("refused") or {}).get("problems", [])]
            return (status == 503 and body["status"] == "unavailable" and pack["serving"] is False
                    and pack["path"] == self.url and any("404" in problem for problem in problems)) or (False, (status, body))
        wait_until("/health to say 503 unavailable, the poll having found 404", unavailable)
        told = wait_until("the log to say the bundle was not fetched", lambda: "".join(server.errors) or False)
        self.assertIn(f"{self.url}: not fetched; no version of it is served yet", told)
        self.assertNotIn("last good version", told, "nothing was served: no last good version to keep")
        nginx.publish(versions.bundle_a, BUNDLE_FILE)
        self.wait_serving(server, "A")
        versions.check_present(server, "A")
        b = members(versions.bundle_b)
        tampered = [(info, data.replace(b"Up next", b"Up nexT") if info.name == "badges.lua" else data) for info, data in b]
        self.assertNotEqual(tampered, b)
        bad = [
            # (what, the published bytes (None: nginx answers 500; "down": nginx stopped), words one problem must hold)
            ("tampered (one byte of badges.lua)", write_tar(self.work / "tampered.tar", tampered).read_bytes(), ["badges.lua"]),
            ("unsigned (no .signature)", write_tar(self.work / "unsigned.tar", [m for m in b if m[0].name != ".signature"]).read_bytes(),
             ["signature"]),
            ("signed by another key", versions.bundle_b_other_key.read_bytes(), [versions.other_key_id]),
            ("failing goldens", versions.bundle_c.read_bytes(), ["combo-back-to-back-5-min"]),
            ("truncated", versions.bundle_b.read_bytes()[:versions.bundle_b.stat().st_size // 2], ["truncated", "ends inside"]),
            ("not a tar", b"this is not a tar archive\n" * 200, ["not a tar", "checksum"]),
            ("signed, its manifest claiming the version served",
             write_tar(self.work / "claims-a.tar", resigned(b, lambda m: m.update(hash=versions.hash["A"]), versions.key, self.work))
             .read_bytes(), ["content hash"]),
            ("signed, its manifest naming another version",
             write_tar(self.work / "names-9.tar", resigned(b, lambda m: m.update(version="9.9.9"), versions.key, self.work))
             .read_bytes(), ["version 1.1.0, but its manifest says 9.9.9"]),
            ("HTTP 500", None, ["500"]),
            ("connection refused", "down", ["connect"]),
        ]
        accepted_before = metric(server.metrics(), "liverules_reloads_total", self.url, "accepted")
        summary = []
        for what, data, words in bad:
            before = server.metrics()
            refused, failed = (metric(before, "liverules_reloads_total", self.url, "refused"),
                               metric(before, "liverules_bundle_polls_total", self.url, "failed"))
            if data is None:
                nginx.flag.write_text("")
            elif data == "down":
                nginx.stop()
            else:
                nginx.publish(data, BUNDLE_FILE)

            def observed():
                now = server.metrics()
                counts = (metric(now, "liverules_reloads_total", self.url, "refused"),
                          metric(now, "liverules_bundle_polls_total", self.url, "failed"))
                if data is None or data == "down":  # a failed fetch: a failed poll
                    return counts[1] > failed or (False, counts)
                return counts[0] > refused or counts[1] > failed or (False, counts)
            wait_until(f"the {what} bundle to be refused (metrics)", observed)

            def refusal():
                status, body = server.health()
                found = body["packs"][0].get("refused") or {}
                problems = [problem.replace(self.url, "<url>") for problem in found.get("problems", [])]  # its port may hold "500"
                return (any(word in problem for problem in problems for word in words) and found) or (False, body)
            refused_entry = wait_until(f"/health to show why the {what} bundle was refused (mentioning one of {words})", refusal)
            problems = refused_entry["problems"]
            if what == "failing goldens":  # a bundle that verified names the version refused
                self.assertEqual(refused_entry.get("hash"), versions.hash["C"], refused_entry)
            pack = self.wait_serving(server, "A")
            self.assertTrue(pack["serving"])
            verb = "not fetched" if data is None or data == "down" else "refused"
            wait_until(f"the log to tell the {what} bundle {verb} while A serves",
                       lambda: any(f"{self.url}: {verb}" in line and "the last good version keeps serving" in line
                                   for line in server.errors[-40:]) or (False, server.errors[-3:]))
            versions.check_present(server, "A")
            if data is None:
                nginx.flag.unlink()
            elif data == "down":
                nginx.start()
            outcome = "failed poll" if data is None or data == "down" else "refused"
            summary.append(f"{what}: {outcome}, A kept serving; /health problems: {problems[0]!r}")

        nginx.publish(versions.bundle_b, BUNDLE_FILE)
        self.wait_serving(server, "B")
        versions.check_present(server, "B")
        self.assertGreaterEqual(metric(server.metrics(), "liverules_reloads_total", self.url, "accepted"), accepted_before + 1)
        print("\n  refusals:\n    nothing published (404): /health 503 unavailable; then A: accepted and serving\n    "
              + "\n    ".join(summary) + "\n    then B: accepted and serving")


class HostileBundleServer:
    """A bundle URL on loopback whose answer the test chooses (`mode`): a bundle's bytes, or an
    answer built to exhaust or stall a poller. Not nginx: these answers are the point."""

    def __init__(self):
        self.mode, self.payload = "bundle", b""
        self.bomb = b""
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *arguments):
                pass

            def do_GET(self):
                try:
                    server.answer(self)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the poller hung up: what a bounded poll does

        self.http = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.http.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}/meetings.tar"
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def answer(self, handler):
        mode, payload = self.mode, self.payload
        if mode == "bundle":
            handler.send_response(200)
            handler.send_header("Content-Length", str(len(payload)))
            handler.end_headers()
            handler.wfile.write(payload)
        elif mode == "endless":  # no length, never ends
            handler.send_response(200)
            handler.send_header("Connection", "close")
            handler.end_headers()
            chunk = b"\0" * 65536
            while self.mode == "endless":
                handler.wfile.write(chunk)
        elif mode == "gzip":  # 1 MiB on the wire that inflates to 1 GiB: taken as sent, never inflated
            handler.send_response(200)
            handler.send_header("Content-Encoding", "gzip")
            handler.send_header("Content-Length", str(len(self.bomb)))
            handler.end_headers()
            handler.wfile.write(self.bomb)
        elif mode == "trickle":  # a byte every 0.2 s: each byte in time, the whole never
            handler.send_response(200)
            handler.send_header("Content-Length", "100000")
            handler.end_headers()
            while self.mode == "trickle":
                handler.wfile.write(b"x")
                handler.wfile.flush()
                time.sleep(0.2)
        elif mode == "claims-huge":
            handler.send_response(200)
            handler.send_header("Content-Length", str(1 << 30))
            handler.end_headers()
            handler.wfile.write(b"\0" * 65536)

    def gzip_bomb(self):
        """1 GiB of zeros, gzipped (about 1 MiB), made once."""
        if not self.bomb:
            squeeze = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros = b"\0" * (1 << 20)
            self.bomb = b"".join(squeeze.compress(zeros) for _ in range(1024)) + squeeze.flush()
        return self.bomb

    def stop(self):
        self.mode = "stopped"
        self.http.shutdown()
        self.http.server_close()


class BoundedPollTests(BundleTestCase):
    """A bundle server can make a poller hold nothing past its limits and wait no longer than its
    timeout, and cannot roll a server back by publishing an older version, validly signed."""

    LIMIT = 256 << 20

    def test_polls_stay_bounded_and_versions_only_move_forward(self):
        versions = self.versions
        source = HostileBundleServer()
        self.addCleanup(source.stop)
        source.payload = versions.bundle_a.read_bytes()
        server = Service([source.url], [versions.verify_key], 0.3, options=["--poll-timeout", "2"])
        self.addCleanup(server.stop)

        def serving(name, content_hash=None):
            expected = content_hash or versions.hash[name]
            wait_until(f"the server to serve {name} ({expected})", lambda: server.serving(expected))

        def problem(words):
            def seen():
                status, body = server.health()
                found = body["packs"][0].get("refused") or {}
                problems = found.get("problems", [])
                return (any(word in text for text in problems for word in words) and problems) or (False, body)
            return wait_until(f"/health to name one of {words}", seen)

        serving("A")
        source.gzip_bomb()
        summary = []
        for mode, words in (("endless", ["over 32 MiB"]), ("gzip", ["not a tar", "checksum"]),
                            ("trickle", ["did not arrive whole within 2 s"]), ("claims-huge", ["Content-Length 1073741824"])):
            source.mode = mode
            problems = problem(words)
            serving("A")
            versions.check_present(server, "A")
            peak = server.peak_memory()
            self.assertLess(peak, self.LIMIT, f"{mode}: the server peaked at {peak >> 20} MiB")
            summary.append(f"{mode}: {problems[0].replace(source.url, '<url>')!r}, A kept serving, peak {peak >> 20} MiB")
        # A newer version is fetched once the server behaves again: no poll stalled.
        source.payload, source.mode = versions.bundle_b.read_bytes(), "bundle"
        serving("B")
        # An older version, validly signed, is refused; the old content as a new version is taken.
        source.payload = versions.bundle_a.read_bytes()
        problems = problem(["older than 1.1.0"])
        serving("B")
        versions.check_present(server, "B")
        rollback = self.work / "rollback" / "meetings"
        shutil.copytree(versions.a, rollback)
        manifest_file = rollback / "pack.json"
        manifest_file.write_text(manifest_file.read_text().replace('"version": "1.0.0"', '"version": "1.3.0"'))
        rolled = manifest(bundle(rollback, versions.key, self.work / "rollback.tar"))
        source.payload = (self.work / "rollback.tar").read_bytes()
        serving("A as 1.3.0", rolled["hash"])
        status, headers, body = server.post("/v1/meetings/present", versions.present_body)
        self.assertEqual((status, headers.get("liverules-pack-version")), (200, "1.3.0"))
        self.assertEqual(json.loads(body), versions.presentation["A"])
        print("\n  bounded polls:\n    " + "\n    ".join(summary)
              + f"\n    then B served; A (1.0.0) refused: {problems[0].replace(source.url, '<url>')!r}; A as 1.3.0 served")


class LoadTests(BundleTestCase):
    SWAPS = 100
    WRK_SECONDS = 5

    def swap_bundles(self):
        """SWAPS bundles of rising versions 2.0.0, 2.1.0, …, holding B's content and A's in turn:
        how a deploy moves forward, and rolls back (the old content published as a new version).
        Each: (content "A" or "B", version, content hash, bundle)."""
        made = []
        for swap in range(self.SWAPS):
            name, version = ("B" if swap % 2 == 0 else "A"), f"2.{swap}.0"
            pack = self.work / "swaps" / str(swap) / "meetings"
            shutil.copytree(self.versions.b if name == "B" else self.versions.a, pack)
            manifest_file = pack / "pack.json"
            text = manifest_file.read_text()
            manifest_file.write_text(text.replace(f'"version": "{self.versions.version[name]}"', f'"version": "{version}"'))
            tar = bundle(pack, self.versions.key, self.work / "swaps" / f"{swap}.tar")
            contents = manifest(tar)
            assert contents["version"] == version, contents
            made.append((name, version, contents["hash"], tar))
        assert len({made_hash for _, _, made_hash, _ in made}) == self.SWAPS, "every version should have its own hash"
        return made

    def test_no_request_fails_while_the_bundle_is_replaced_100_times(self):
        versions, nginx = self.versions, self.nginx
        swaps = self.swap_bundles()
        nginx.publish(versions.bundle_a, BUNDLE_FILE)
        server = self.service(0.2)
        self.wait_serving(server, "A")
        script = self.work / "present.lua"
        script.write_text(f"""local file = io.open("{self.work / 'body.json'}", "rb")
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
""")
        (self.work / "body.json").write_text(versions.present_body)
        runs, done, started = [], threading.Event(), threading.Event()

        def load():
            # New fixed-length wrk runs until the swaps are done; a generous --timeout, so that a
            # slow machine is never a failure: only an error answer or a broken connection is.
            while not done.is_set():
                process = subprocess.Popen(["wrk", "-t2", "-c8", f"-d{self.WRK_SECONDS}s", "--timeout", "60s", "--latency",
                                            "-s", str(script), server.url + "/v1/meetings/present"],
                                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
                track(process)
                started.set()
                output, _ = process.communicate()
                runs.append((process.returncode, output))
        thread = threading.Thread(target=load, daemon=True)
        thread.start()
        try:
            wait_until("wrk to start", started.is_set)
            for name, version, content_hash, tar in swaps:
                nginx.publish(tar, BUNDLE_FILE)
                wait_until(f"server pid {server.pid} to serve {version} ({content_hash})", lambda: server.serving(content_hash))
                status, headers, body = server.post("/v1/meetings/present", versions.present_body)
                self.assertEqual(status, 200, body[:500])
                self.assertEqual((headers.get("liverules-pack-version"), headers.get("liverules-pack-hash")), (version, content_hash))
                self.assertEqual(json.loads(body), versions.presentation[name], f"{version} should answer {name}'s presentation")
        finally:
            done.set()
            thread.join(timeout=PATIENCE)
        self.assertFalse(thread.is_alive(), "wrk did not finish")
        metrics = server.metrics()
        self.assertEqual(metric(metrics, "liverules_reloads_total", self.url, "accepted"), 1 + self.SWAPS)
        self.assertEqual(metric(metrics, "liverules_reloads_total", self.url, "refused"), 0)
        self.assertEqual(metric(metrics, "liverules_bundle_polls_total", self.url, "failed"), 0)
        self.assertEqual(metric(metrics, "liverules_bundle_polls_total", self.url, "fetched"), 1 + self.SWAPS)
        print(f"\n  load: {self.SWAPS} swaps A <-> B (rising versions) during {len(runs)} wrk run(s) (2 threads, 8 connections, {self.WRK_SECONDS} s each)")
        for number, (status, output) in enumerate(runs, 1):
            self.assertEqual(status, 0, output)
            self.assertNotIn("Non-2xx or 3xx responses", output, output)
            self.assertNotIn("Socket errors", output, output)
            requests = re.search(r"(\d+) requests in ", output)
            self.assertTrue(requests and int(requests.group(1)) > 0, output)
            rate = re.search(r"Requests/sec:\s+(\S+)", output)
            latency = re.search(r"Latency Distribution\n((?:\s+\d+%\s+\S+\n)+)", output)
            print(f"    run {number}: {requests.group(1)} requests, {rate.group(1) if rate else '?'} requests/s, latency "
                  + (", ".join(" ".join(line.split()) for line in latency.group(1).splitlines()) if latency else "?"))


if __name__ == "__main__":
    # Stopped by a signal (a timeout, a CI job cancelled), it still stops nginx, the servers and wrk
    # and removes its folders, then exits at once (unittest would take SystemExit for a test's error).
    def stopped(number, frame):
        stop_everything()
        os._exit(128 + number)
    signal.signal(signal.SIGTERM, stopped)
    try:
        unittest.main(verbosity=2)
    finally:
        stop_everything()
