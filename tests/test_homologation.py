"""The sealed homologation package: the commands, the desk button, the verification page."""

import datetime
import io
import json
import stat
import zipfile
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.management.base import CommandError

from config import signing
from scoring.models import HomologationPackage
from scoring.rules import homologation as h
from tests.helpers import make_tournament, play_turn, run

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(tmp_path):
    slug = make_tournament(tmp_path, "fin", pairs=8, turns=2)
    play_turn(slug)
    play_turn(slug)
    return slug


def package_file(tmp_path, slug="fin") -> Path:
    out = tmp_path / "package.zip"
    run("homologation_package", slug, "--output", str(out))
    return out


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def rezip(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return path


def test_refused_until_the_standings_are_final(tmp_path):
    slug = make_tournament(tmp_path, "half", pairs=8, turns=2)
    play_turn(slug)
    with pytest.raises(CommandError, match="final standings"):
        run("homologation_package", slug, "--output", str(tmp_path / "x.zip"))
    assert not (tmp_path / "x.zip").exists()
    assert not HomologationPackage.objects.exists()


def test_the_package_holds_every_part_and_verifies_with_the_installation_key(
    tmp_path, finished, settings
):
    path = package_file(tmp_path)
    files = members(path)
    assert set(files) == {
        h.MANIFEST,
        h.SIGNATURE,
        h.EXPORT,
        h.WORKBOOK,
        h.STANDINGS,
        h.LOG,
        "score/turno-01.pdf",
        "score/turno-02.pdf",
    }
    manifest = json.loads(files[h.MANIFEST])
    assert manifest["tournament"]["slug"] == "fin"
    assert manifest["tournament"]["entrants"] == 8
    assert set(manifest["referee"]) == {"name", "code"}
    assert manifest["public_key"] == signing.public_key()
    assert json.loads(files[h.EXPORT])["tournament"]["slug"] == "fin"
    assert files[h.WORKBOOK][:2] == b"PK" and files[h.STANDINGS][:4] == b"%PDF"
    out = run("homologation_verify", str(path), "--public-key", signing.public_key())
    assert out.startswith("verified: Torneo fin") and manifest["digest"] in out
    # The key is kept beside the database (here: the test's file), readable by its owner only.
    key = Path(settings.HOMOLOGATION_KEY_FILE)
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_the_standings_pdf_prints_the_digest_and_the_verification_address(tmp_path, finished):
    from pypdf import PdfReader

    path = package_file(tmp_path)
    digest = json.loads(members(path)[h.MANIFEST])["digest"]
    text = "".join(
        page.extract_text() for page in PdfReader(io.BytesIO(members(path)[h.STANDINGS])).pages
    )
    flat = "".join(text.split())
    assert digest in flat
    assert f"/verify/{digest}/" in flat


@pytest.mark.parametrize(
    "name",
    [h.EXPORT, h.WORKBOOK, h.STANDINGS, h.LOG, "score/turno-01.pdf", "score/turno-02.pdf"],
)
def test_one_changed_byte_in_each_part_fails_and_says_which(tmp_path, finished, name):
    path = package_file(tmp_path)
    files = members(path)
    data = bytearray(files[name])
    data[len(data) // 3] ^= 0x20
    files[name] = bytes(data)
    rezip(path, files)
    with pytest.raises(CommandError, match=f"part changed since it was signed: {name}"):
        run("homologation_verify", str(path), "--public-key", signing.public_key())


def test_a_missing_part_an_extra_part_and_a_wrong_key(tmp_path, finished):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    path = package_file(tmp_path)
    files = members(path)
    del files[h.LOG]
    files["extra.json"] = b"{}"
    rezip(path, files)
    with pytest.raises(CommandError) as err:
        run("homologation_verify", str(path))
    assert "missing part: registro.json" in str(err.value)
    assert "extra part not in the manifest: extra.json" in str(err.value)
    other = h.public_key_text(h.raw_public_key(Ed25519PrivateKey.generate().public_key()))
    path = package_file(tmp_path)
    with pytest.raises(CommandError, match="signed with another key"):
        run("homologation_verify", str(path), "--public-key", other)
    with pytest.raises(CommandError, match="not an Ed25519 public key"):
        run("homologation_verify", str(path), "--public-key", "nonsense")
    # In Italian on request (English by default: scripts read the messages).
    with pytest.raises(CommandError) as err:
        run("homologation_verify", str(path), "--public-key", other, "--language", "it")
    assert str(err.value) == (
        "pacchetto NON verificato: il pacchetto è stato firmato con una chiave diversa da "
        "quella attesa; la firma non corrisponde al manifesto"
    )
    with pytest.raises(CommandError, match="non è una chiave pubblica Ed25519"):
        run("homologation_verify", str(path), "--public-key", "x", "--language", "it")
    with pytest.raises(CommandError, match="cannot read"):
        run("homologation_verify", str(tmp_path / "none.zip"))


def test_verify_json_output(tmp_path, finished):
    path = package_file(tmp_path)
    result = json.loads(run("homologation_verify", str(path), "--json"))
    assert result["ok"] is True and result["problems"] == []
    assert result["tournament"]["slug"] == "fin"


def test_the_verification_page_shows_the_tournament_and_verified(client, tmp_path, finished):
    package_file(tmp_path)
    package = HomologationPackage.objects.get()
    page = client.get(f"/verify/{package.digest}/", HTTP_ACCEPT_LANGUAGE="it")
    assert page.status_code == 200
    body = page.content.decode()
    assert "Torneo fin" in body and 'class="badge ok"' in body
    assert "Rossi Mario 0" in body
    assert client.get("/verify/" + "0" * 64 + "/").status_code == 404
    assert client.get("/verify/xyz/").status_code == 404
    # A package altered where it is kept is shown as not verified, with the reason (in
    # Italian on the page): the result is kept per digest, size and time stored, so a package
    # stored again is checked anew at once...
    data = bytearray(package.data)
    data[-200] ^= 0xFF
    later = package.created_at + datetime.timedelta(seconds=1)
    HomologationPackage.objects.filter(pk=package.pk).update(data=bytes(data), created_at=later)
    body = client.get(f"/verify/{package.digest}/").content.decode()
    assert 'class="badge bad"' in body and "risultati.json non si può leggere" in body
    # ... and one changed behind the app's back, same size and time, once the kept result
    # expires (VERIFIED_SECONDS).
    HomologationPackage.objects.filter(pk=package.pk).update(data=bytes(package.data))
    assert 'class="badge bad"' in client.get(f"/verify/{package.digest}/").content.decode()
    cache.clear()
    assert 'class="badge ok"' in client.get(f"/verify/{package.digest}/").content.decode()


def test_the_verification_is_kept_per_digest_size_and_time(
    client, tmp_path, finished, django_assert_max_num_queries, monkeypatch
):
    from scoring.rules import homologation as rules

    package_file(tmp_path)
    package = HomologationPackage.objects.get()
    cache.clear()
    checks = []
    real = rules.verify
    monkeypatch.setattr(rules, "verify", lambda *a: checks.append(1) or real(*a))
    for _ in range(3):
        with django_assert_max_num_queries(2):
            assert client.get(f"/verify/{package.digest}/").status_code == 200
    assert len(checks) == 1  # checked once, then read from the cache (one query: its size)


def test_the_desk_button_seals_and_downloads(client, tmp_path, django_user_model):
    slug = make_tournament(tmp_path, "desk", pairs=8, turns=1)
    user = django_user_model.objects.create_user(
        "arbitro", password="x-very-long-pass", is_staff=True
    )
    client.force_login(user)
    page = client.get(f"/desk/{slug}/documents/").content.decode()
    assert f"/desk/{slug}/homologation/" not in page
    play_turn(slug)
    page = client.get(f"/desk/{slug}/documents/").content.decode()
    assert f"/desk/{slug}/homologation/" in page
    response = client.post(f"/desk/{slug}/homologation/")
    assert response.status_code == 302
    package = HomologationPackage.objects.get()
    page = client.get(f"/desk/{slug}/documents/").content.decode()
    assert package.digest[:16] in page
    download = client.get(f"/desk/{slug}/homologation/{package.pk}/download/")
    assert download["Content-Type"] == "application/zip"
    assert h.verify(download.content, signing.public_key()).ok
    settings_page = client.get(f"/desk/{slug}/settings/").content.decode()
    assert signing.public_key() in settings_page


def test_the_desk_button_before_the_end_is_refused(client, tmp_path, django_user_model):
    slug = make_tournament(tmp_path, "early", pairs=8, turns=2)
    play_turn(slug)
    user = django_user_model.objects.create_user(
        "arbitro", password="x-very-long-pass", is_staff=True
    )
    client.force_login(user)
    response = client.post(f"/desk/{slug}/homologation/")
    assert response.status_code == 400
    assert "classifica finale" in response.content.decode()  # the desk speaks Italian
    assert not HomologationPackage.objects.exists()
