"""The SVG canvas the scenario sheet's map draws on for the page, and 'tcforge serve' refusing what it cannot do."""
from __future__ import annotations

import socket
from pathlib import Path

from reportlab.lib.colors import HexColor
from typer.testing import CliRunner

from tcforge.cli import app
from tcforge.scenarios.loading import find_scenario, load
from tcforge.web.board import Cell, board_svg
from tcforge.web.svg import SvgCanvas


def test_the_canvas_turns_pdf_coordinates_into_svg_ones_and_escapes_text() -> None:
    canvas = SvgCanvas(100, 50)
    canvas.setFillColor(HexColor("#4b5661"))
    canvas.rect(10, 5, 20, 10, stroke=0, fill=1)  # bottom-left (10, 5) in PDF is top-left (10, 35) in SVG
    canvas.drawString(1, 2, '<script>alert("x")</script> & co')
    svg = canvas.svg()
    assert '<rect x="10.00" y="35.00" width="20.00" height="10.00" fill="#4b5661"/>' in svg
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "&amp; co" in svg


def test_the_board_is_the_sheets_map_with_the_stacks_and_a_hit_area_a_position() -> None:
    scenario = load(find_scenario("hill-621"))
    svg = board_svg(scenario, "fr", {0: Cell("Bois", [("PzKw IV H Ga", 0), ("T-34 Sa", 1)])})
    assert svg.count('class="cell"') == scenario.grid.rows * scenario.grid.columns
    assert "PzKw IV H Ga" in svg and "Bois" in svg and "G2" in svg and "R7" in svg  # both sides' rank labels
    assert "Colline 621" in svg or "Hill 621" in svg  # the area the sheet outlines and names


def test_serve_says_in_one_line_that_its_port_is_taken(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--saves", str(tmp_path / "games")])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f"tcforge: cannot listen on 127.0.0.1:{port}: Address already in use"]


def test_serve_refuses_a_saves_folder_that_is_a_file(tmp_path: Path) -> None:
    file = tmp_path / "games"
    file.write_text("", encoding="utf-8")
    result = CliRunner().invoke(app, ["serve", "--saves", str(file)])
    assert result.exit_code == 2 and f"--saves {file}: not a folder" in result.output
