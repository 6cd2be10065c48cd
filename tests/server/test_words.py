"""The server's refusals read in the client's language: HTTP errors by ``?lang=``/``Accept-Language``, socket
errors by the ``hello``'s ``lang`` (and before it, the socket request's ``Accept-Language``)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from bouts.core.i18n import BOUTS
from tests.server.conftest import create, until

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def test_http_refusals_in_english_and_japanese(client: TestClient) -> None:
    english = client.post("/api/matches/nope/join", headers={"accept-language": "en"})
    japanese = client.post("/api/matches/nope/join", headers={"accept-language": "ja,en;q=0.5"})
    assert english.status_code == japanese.status_code == 404
    assert english.json()["detail"] == "no open match 'nope'"
    assert japanese.json()["detail"] == "参加できる対戦 'nope' はない"
    save = client.get("/api/matches/nope/save", headers={"authorization": "Bearer x", "accept-language": "ja"})
    assert save.status_code == 404
    assert save.json()["detail"] == BOUTS.translate("no such match", "ja") == "その対戦はない"
    by_query = client.post("/api/matches", params={"lang": "ja"}, json={"game": "swordplay", "seats": []})
    assert by_query.status_code == 422 and JAPANESE.search(by_query.json()["detail"])
    seats = client.post("/api/matches", headers={"accept-language": "ja"},
                        json={"game": "swordplay", "seats": [{"kind": "open"}] * 9})
    assert seats.status_code in (400, 422) and JAPANESE.search(seats.json()["detail"]), seats.text
    unknown = client.get("/api/nothing-here", headers={"accept-language": "ja"})
    assert unknown.status_code == 404 and unknown.json()["detail"] == "見つからない"
    too_large = client.post("/api/matches", content=b"x" * 70_000, headers={"accept-language": "ja"})
    assert too_large.status_code == 413 and JAPANESE.search(too_large.json()["detail"])


def test_socket_refusals_in_the_language_of_the_hello(client: TestClient) -> None:
    made = create(client, "swordplay", [{"kind": "reserved"}, {"kind": "reserved"}])
    texts: dict[str, dict[str, str]] = {}
    for lang in ("en", "ja"):
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"], "lang": lang})
            until(ws, "state")
            said = {}
            ws.send_text("not json")
            said["bad_message"] = until(ws, "error")["message"]
            ws.send_json({"type": "act", "action": "no such action at all", "step": 999})
            said["illegal"] = until(ws, "error")["message"]
            ws.send_json({"type": "chat", "text": "   "})
            said["chat"] = until(ws, "error")["message"]
            texts[lang] = said
    for code, english in texts["en"].items():
        assert not JAPANESE.search(english), (code, english)
        assert JAPANESE.search(texts["ja"][code]), (code, texts["ja"][code])
    assert texts["en"]["chat"] == "a chat message needs some text"
    assert texts["ja"]["chat"] == "チャットには本文が必要"
    with client.websocket_connect(f"/ws/{made['id']}", headers={"accept-language": "ja"}) as ws:
        ws.send_json({"type": "hello", "token": "wrong"})  # no lang: the socket request's Accept-Language
        refusal = until(ws, "error")
        assert refusal["code"] == "auth" and refusal["message"] == "このトークンではこの対戦のどの席にも入れない"
