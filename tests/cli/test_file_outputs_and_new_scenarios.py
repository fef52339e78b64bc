"""An option naming one file to write refuses a folder, however it is written; 'scenario new' never makes a clashing
id and never writes among the bundled scenarios unless --out says so.

``--out results/`` (a shell completes folders with the slash) lost its slash in pathlib and wrote a file named
``results``; an existing folder was refused, but by one command as a usage error and by the others in one line.
Now both are one line on standard error, exit 1, nothing written.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from tcforge.cli import app

# Every option that names one file to write, with the cheapest run of its command.
FILE_OUTPUTS = {
    "scenario-new": ("scenario", "new", "zz", "--out"),
    "scenario-generate": ("scenario", "generate", "--out"),
    "scenario-play-log": ("scenario", "play", "kursk", "-q", "--seed", "1", "--log"),
    "i18n-export": ("i18n", "export", "--out"),
    "print-cards": ("print", "cards", "46", "--out"),
    "print-scenario": ("print", "scenario", "hill-621", "--out"),
    "deck-print": ("deck", "print", "russian-front-summer-1942", "--out"),
}


@pytest.mark.parametrize("written", ["newdir/", "existing", "existing/"])
@pytest.mark.parametrize("args", list(FILE_OUTPUTS.values()), ids=list(FILE_OUTPUTS))
def test_a_file_output_given_a_folder_is_one_line_exit_1_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple[str, ...], written: str) -> None:
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    work = tmp_path / "work"
    (work / "existing").mkdir(parents=True)
    monkeypatch.chdir(work)
    result = CliRunner().invoke(app, [*args, written])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    lines = [x for x in result.stderr.splitlines() if x.startswith("tcforge: ")]
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert "folder" in lines[0] and written.rstrip("/") in lines[0]
    if written.endswith("/"):  # one wording (tcforge.outpath.folder_refusal), which never says 'newdir/ is a folder'
        assert f"{written} is written as a folder (it ends with a slash), but " in lines[0], lines[0]
        assert f"{written} is a folder" not in lines[0]
    assert sorted(p.name for p in work.iterdir()) == ["existing"] and not any((work / "existing").iterdir())


def test_scenario_new_into_a_folder_that_does_not_exist_gives_the_file_name_to_use(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """'--out nosuch/' was called 'nosuch/ is a folder', though there is none: it is written as one."""
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["scenario", "new", "zz", "--out", "nosuch/"])
    assert result.exit_code == 1
    assert result.stderr.strip() == ("tcforge: nosuch/ is written as a folder (it ends with a slash), but --out names "
                                     "one file: give --out nosuch/zz.yaml")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_output_takes_a_trailing_slash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The options that name a folder (odds matrix, print all, sweep, export tts) are not file outputs: a slash is fine."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["odds", "matrix", "--out", "tables/"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "tables").is_dir() and any((tmp_path / "tables").iterdir())


def test_scenario_new_refuses_a_bundled_id_in_a_data_folder_and_later_commands_still_work(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Copying hill-621 as 'hill-621' into --data made every later command fail on the id clash."""
    mine = tmp_path / "mydata"
    mine.mkdir()
    monkeypatch.setenv("TCFORGE_DATA", str(mine))
    result = CliRunner().invoke(app, ["scenario", "new", "hill-621", "--from", "hill-621"])
    assert result.exit_code == 1
    assert result.stderr.strip() == ("tcforge: 'hill-621' is the id of a bundled scenario: give the new one its own id "
                                     "(tcforge scenario new my-hill-621 --from hill-621 copies it)")
    assert list(mine.iterdir()) == []
    copied = CliRunner().invoke(app, ["scenario", "new", "my-hill-621", "--from", "hill-621"])
    assert copied.exit_code == 0 and (mine / "my-hill-621.yaml").is_file()
    again = CliRunner().invoke(app, ["scenario", "new", "my-hill-621"])
    assert again.exit_code == 1 and "one of your scenarios already" in again.stderr
    listed = CliRunner().invoke(app, ["scenario", "list"])
    assert listed.exit_code == 0 and "my-hill-621" in listed.stdout
    assert CliRunner().invoke(app, ["scenario", "check", "my-hill-621"]).exit_code == 0


def test_scenario_generate_refuses_a_bundled_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["scenario", "generate", "--id", "kursk"])
    assert result.exit_code == 1 and "'kursk' is the id of a bundled scenario" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_scenario_new_in_a_checkout_writes_to_the_working_folder_not_the_tracked_scenarios(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TCFORGE_DATA", raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["scenario", "new", "zz-not-bundled"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "zz-not-bundled.yaml").is_file()
    assert not (ROOT / "data" / "scenarios" / "zz-not-bundled.yaml").exists()


@pytest.mark.parametrize("command", [("scenario", "generate", "--id", "dyo-x", "--seed", "3"), ("scenario", "new", "dyo-x")],
                         ids=["generate", "new"])
def test_force_replaces_your_own_scenario_in_its_own_file_but_never_makes_a_second_with_its_id(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]) -> None:
    """--force could not overwrite the designer's own scenario: the id was refused as taken before --force was read.
    Replacing the very file that holds the id is allowed; writing the id into another file is still a clash."""
    monkeypatch.setenv("TCFORGE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TCFORGE_DATA", "")  # --data sets it for the whole process: put back after the test
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dd").mkdir()
    first = CliRunner().invoke(app, ["--data", "dd", *command, "--out", "dd/dyo-x.yaml"])
    assert first.exit_code == 0, first.output
    (tmp_path / "dd" / "dyo-x.yaml").write_text((tmp_path / "dd" / "dyo-x.yaml").read_text(encoding="utf-8")
                                               + "# edited\n", encoding="utf-8")
    unforced = CliRunner().invoke(app, ["--data", "dd", *command, "--out", "dd/dyo-x.yaml"])
    assert unforced.exit_code == 1 and "one of your scenarios already" in unforced.stderr
    forced = CliRunner().invoke(app, ["--data", "dd", *command, "--out", "./dd/../dd/dyo-x.yaml", "--force"])
    assert forced.exit_code == 0, forced.output
    assert "# edited" not in (tmp_path / "dd" / "dyo-x.yaml").read_text(encoding="utf-8")
    elsewhere = CliRunner().invoke(app, ["--data", "dd", *command, "--out", "dd/copy.yaml", "--force"])
    assert elsewhere.exit_code == 1
    assert elsewhere.stderr.strip() == ("tcforge: 'dyo-x' is the id of one of your scenarios already: give the new one "
                                        "its own id, or replace that scenario with --force --out dd/dyo-x.yaml")
    assert sorted(p.name for p in (tmp_path / "dd").iterdir()) == ["dyo-x.yaml"]
    bundled = CliRunner().invoke(app, ["--data", "dd", "scenario", "new", "kursk", "--out", "dd/kursk.yaml", "--force"])
    assert bundled.exit_code == 1 and "'kursk' is the id of a bundled scenario" in bundled.stderr
