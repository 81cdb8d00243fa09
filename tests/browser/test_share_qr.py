"""The invite dialog's QR code: a phone's camera reads the room's link from the screen. The
code is read back from a screenshot by a real decoder (zxing-cpp), in light and dark themes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect
from table_driver import OpenPage, create_room, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_invite_dialog_shows_a_qr_code_of_the_room_link(
    open_page: OpenPage, artifacts: Path, scheme: str
) -> None:
    anna = open_page("/", color_scheme=scheme)
    url = create_room(anna, "Anna")
    anna.click("#share-button")
    qr = anna.locator("#share-qr svg.qr")
    expect(qr).to_be_visible()
    expect(qr).to_have_attribute("aria-label", "QR code of the link to this table")
    shot(anna, artifacts, f"share-qr-{scheme}")
    image = Image.open(io.BytesIO(qr.screenshot()))
    found = zxingcpp.read_barcodes(image)
    assert [code.text for code in found] == [url]
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
