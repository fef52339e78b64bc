"""`tcforge rules list/diff`: the rulesets and what a variant changes."""
from __future__ import annotations

import json

from tcforge.data.dataset import load_data
from tcforge.data.rulesets import differences


def test_rules_diff_lists_each_parameter_a_variant_changes_with_its_reason(cli) -> None:
    code, stdout, _ = cli("rules", "list", "--format", "json")
    changes = {r["id"]: r["overrides"] for r in json.loads(stdout)}
    for variant in ("six-pack-1997", "jeff-mike-2002", "players-guide-1997"):
        code, stdout, _ = cli("rules", "diff", "six-pack-r3", variant, "--format", "json")
        diffs = json.loads(stdout)
        assert code == 0 and len(diffs) == changes[variant] > 0
        assert all(d["six-pack-r3"] != d[variant] and d["reason"] and d["case"] for d in diffs)


def test_rules_diff_of_a_ruleset_with_itself_is_empty(cli) -> None:
    rulesets = load_data().rulesets
    assert differences(rulesets["six-pack-r3"], rulesets["six-pack-r3"]) == []
    code, stdout, _ = cli("rules", "diff", "six-pack-r3", "six-pack-r3")
    assert code == 0 and stdout.strip() == "six-pack-r3 and six-pack-r3 have the same parameters"


def test_rules_diff_refuses_an_unknown_ruleset_in_one_line(cli) -> None:
    code, stdout, stderr = cli("rules", "diff", "six-pack-r3", "six-pack-2099")
    assert code == 1 and stdout == "" and stderr.startswith("tcforge: unknown ruleset 'six-pack-2099'; use one of: ")
    assert len(stderr.strip().splitlines()) == 1
