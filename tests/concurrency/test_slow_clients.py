"""Slow and large clients against the shipped gunicorn config (gthread, 2 workers).

While 10 connections trickle request bodies, /healthz and a search answer within
1 s; each trickler is cut off with 408 after its deadline. A 200 MB upload is
refused with 413 by its Content-Length before its body is sent. No Server header.
"""
import select
import socket
import threading
import time
import urllib.request

import pytest

from tests.live_site import live_site

TRICKLERS = 10


@pytest.fixture(scope="module")
def site(tmp_path_factory, monkeypatch_module):
    monkeypatch_module.setenv("REQUEST_BODY_GRACE_S", "3")
    with live_site(tmp_path_factory.mktemp("slow-site")) as site:
        yield site


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def connect(site) -> socket.socket:
    host, port = site.base.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=30)


def head(path: str, length: int, kind: str = "application/json") -> bytes:
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {length}\r\n\r\n").encode()


def status_of(sock: socket.socket) -> int:
    return int(sock.recv(4096).split(b" ", 2)[1])


def timed_get(site, path: str) -> tuple[int, float]:
    started = time.monotonic()
    with urllib.request.urlopen(site.base + path, timeout=10) as response:
        response.read()
        return response.status, time.monotonic() - started


def test_trickled_bodies_hold_no_worker(site):
    answers = []

    def trickle():
        sock = connect(site)
        sock.sendall(head("/api/cards/", 10_000))
        answer = None
        try:
            # A byte every half second until the server answers (or 15 s pass).
            for _ in range(30):
                if select.select([sock], [], [], 0.5)[0]:
                    answer = status_of(sock)
                    break
                sock.sendall(b" ")
        except (OSError, IndexError, ValueError):
            pass
        answers.append(answer)
        sock.close()

    for path in ("/healthz", "/api/search/?q=zapper"):  # warm: a cold start is not a wait
        timed_get(site, path)
    threads = [threading.Thread(target=trickle) for _ in range(TRICKLERS)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    times = {"/healthz": [], "/api/search/?q=zapper": []}
    until = time.monotonic() + 2.5
    while time.monotonic() < until:
        for path, spent in times.items():
            status, seconds = timed_get(site, path)
            assert status == 200
            spent.append(seconds)
    for thread in threads:
        thread.join(20)
    worst = {path: round(max(spent) * 1000) for path, spent in times.items()}
    median = {path: round(sorted(spent)[len(spent) // 2] * 1000) for path, spent in times.items()}
    print(f"while {TRICKLERS} connections trickle bodies: {sum(map(len, times.values()))} "
          f"answers, median (ms) {median}, slowest {worst}; tricklers answered {answers}")
    # Within 1 s; the slowest gets 3 s of slack for a loaded shared machine (sync
    # workers made them wait ~30 s, until gunicorn killed the held workers).
    assert all(m < 1000 for m in median.values()) and all(w < 3000 for w in worst.values()), worst
    assert answers == [408] * TRICKLERS, answers


def test_a_200_mb_upload_is_refused_before_it_is_read(site):
    sock = connect(site)
    started = time.monotonic()
    sock.sendall(head("/suggest/card/rumble/zapper/", 200 * 1024 * 1024,
                      "multipart/form-data; boundary=x") + b"--x\r\n")
    status = status_of(sock)
    spent = time.monotonic() - started
    sock.close()
    print(f"200 MB upload: {status} after {spent * 1000:.0f} ms, 6 bytes of its body sent")
    assert status == 413 and spent < 1


def test_no_server_header(site):
    sock = connect(site)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    answer = sock.recv(4096).decode("latin-1")
    sock.close()
    assert answer.startswith("HTTP/1.1 200") and "\r\nserver:" not in answer.lower(), answer


def test_a_chunked_body_is_read_and_answered(site):
    body = b'{"game": "rumble", "components": [{"type": "source"}, {"type": "delivery", "initiative": 9}]}'
    sock = connect(site)
    sock.sendall(b"POST /api/engine/spells/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                 b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                 + f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n")
    status = status_of(sock)
    sock.close()
    assert status == 200
