"""serve: a person lays out their own set-up and places their own reinforcements (6.2, 20.0 rule 5), as the rules
leave it to the owner; the page asks, names each choice, and the log records it."""
from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's notice that a later httpx will be needed
    from starlette.testclient import TestClient

from tcforge.i18n.words import raw


def _step(client: TestClient, view: dict[str, Any]) -> dict[str, Any]:
    while view["waiting"] in ("computer", "chance"):
        answer = client.post(f"/api/games/{view['game']}/step", json={"at": view["at"], "lang": "en"})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def _decide(client: TestClient, view: dict[str, Any], index: int) -> dict[str, Any]:
    answer = client.post(f"/api/games/{view['game']}/decide", json={"at": view["at"], "choice": index, "lang": "en"})
    assert answer.status_code == 200, answer.text
    return _step(client, answer.json())


def test_6_2_20_0_rule_5_a_person_lays_out_the_soviet_squads_and_places_the_t34s(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/api/games", json={"scenario": "hill-621", "side": "soviet", "agent": "greedy", "seed": 1})
    assert answer.status_code == 201, answer.text
    view = _step(client, answer.json())
    decision = view["decision"]
    assert decision["prompt"] == raw("web_ask_deploy", "en")
    texts = [c["text"] for c in decision["choices"]]
    assert len(texts) == 6 and all(t.startswith("Soviet Line Squad ") for t in texts)  # one squad, six positions
    assert [t.rsplit(" ", 1)[1] for t in texts] == [f"G7-{c}" for c in range(1, 7)]
    view = _decide(client, view, 5)  # the first squad to G7-6
    while view["decision"]["prompt"] == raw("web_ask_deploy", "en"):  # the rest where the page lists them first
        view = _decide(client, view, 0)
    saved = next((tmp_path / "games").rglob("*.jsonl")).read_text(encoding="utf-8").splitlines()
    assert '"action": ["place", 12, 35]' in saved[4]  # after the German's three equipment choices, logged as chosen
    # on to the Soviet turn 5: the person ends every play; the T-34s arrive and the page asks where
    while view["decision"]["prompt"] != raw("web_ask_arrive", "en"):
        texts = [c["text"] for c in view["decision"]["choices"]]
        pick = next((i for i, t in enumerate(texts) if t in (raw("acc_end", "en"), raw("web_c_pass", "en"))), 0)
        view = _decide(client, view, pick)
    texts = [c["text"] for c in view["decision"]["choices"]]
    assert texts and all(t.startswith("T-34 M43 ") for t in texts)
    assert {t.rsplit(" ", 1)[1] for t in texts} == {"G7-4", "G7-5"}  # the two Village positions of Russian rank 2
