"""The homologation package's format and its verification, without Django."""

import io
import zipfile

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import homologation as h

PARTS = {
    h.EXPORT: b'{"tournament": {"slug": "t"}}\n',
    h.WORKBOOK: b"PK fake workbook " * 20,
    h.LOG: b"[]\n",
    "score/turno-01.pdf": b"%PDF-1.7 sheets of turn 1",
    "score/turno-02.pdf": b"%PDF-1.7 sheets of turn 2",
}
PDF = b"%PDF-1.7 standings with the digest"


def found(result) -> list[tuple[str, str]]:
    """(code, the part named or the message in English) of each problem."""
    return [(p[0], h.detail(p)) for p in result.problems]


def public(key) -> str:
    return h.public_key_text(h.raw_public_key(key.public_key()))


def package(key=None, parts=None, pdf=PDF) -> tuple[bytes, dict]:
    key = key or Ed25519PrivateKey.generate()
    parts = dict(parts or PARTS)
    manifest = h.build_manifest(
        parts,
        {"slug": "t", "name": "Torneo", "date": "2026-11-21"},
        {"name": "Mario Rossi", "code": "AR123"},
        "2026-11-21T20:00:00+00:00",
        public(key),
    )
    parts[h.STANDINGS] = pdf
    manifest = h.seal_standings(manifest, pdf)
    return h.write_package(manifest, parts, key), manifest


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {i.filename: z.read(i) for i in z.infolist()}


def rezip(files: dict[str, bytes], method=zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()


def test_an_intact_package_verifies_and_names_its_digest():
    key = Ed25519PrivateKey.generate()
    data, manifest = package(key)
    result = h.verify(data, public(key))
    assert result.ok, result.problems
    assert result.digest == manifest["digest"] == h.seal_digest(manifest)
    assert set(manifest["parts"]) == set(PARTS) | {h.STANDINGS}
    assert manifest["referee"] == {"name": "Mario Rossi", "code": "AR123"}


def test_the_digest_does_not_cover_the_standings_pdf_but_the_signature_does():
    """The standings PDF prints the digest: the digest cannot depend on it (a file cannot hold
    its own hash), so two PDFs give one digest, while the signed manifest tells them apart."""
    key = Ed25519PrivateKey.generate()
    _a, first = package(key, pdf=b"%PDF one")
    _b, second = package(key, pdf=b"%PDF two")
    assert first["digest"] == second["digest"]
    assert first["parts"][h.STANDINGS] != second["parts"][h.STANDINGS]


@pytest.mark.parametrize("name", [*PARTS, h.STANDINGS])
def test_one_changed_byte_in_any_part_fails_and_names_that_part(name):
    data, _m = package()
    files = members(data)
    changed = bytearray(files[name])
    changed[len(changed) // 2] ^= 0x01
    files[name] = bytes(changed)
    result = h.verify(rezip(files))
    assert ("changed", name) in found(result)
    assert len(result.problems) == 1


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_any_changed_byte_anywhere_is_found(draw):
    data, _m = package()
    files = members(data)
    name = draw.draw(st.sampled_from(sorted(files)))
    content = bytearray(files[name])
    at = draw.draw(st.integers(0, len(content) - 1))
    content[at] ^= draw.draw(st.integers(1, 255))
    files[name] = bytes(content)
    assert not h.verify(rezip(files)).ok


def test_a_changed_manifest_breaks_the_signature_and_the_digest():
    data, manifest = package()
    files = members(data)
    files[h.MANIFEST] = files[h.MANIFEST].replace(b"Mario Rossi", b"Mario Bossi")
    codes = {p[0] for p in h.verify(rezip(files)).problems}
    assert codes == {"digest", "signature"}


def test_a_missing_part_and_an_extra_part_are_named():
    data, _m = package()
    files = members(data)
    del files["score/turno-02.pdf"]
    files["note.txt"] = b"hello"
    problems = found(h.verify(rezip(files)))
    assert ("missing", "score/turno-02.pdf") in problems
    assert ("extra", "note.txt") in problems
    missing = ("missing", h.MISSING, {"name": "score/turno-02.pdf"})
    assert h.describe(missing) == "missing part: score/turno-02.pdf"


def test_missing_signature_or_manifest():
    data, _m = package()
    files = members(data)
    del files[h.SIGNATURE]
    assert ("missing", h.SIGNATURE) in found(h.verify(rezip(files)))
    del files[h.MANIFEST]
    assert found(h.verify(rezip(files))) == [("missing", h.MANIFEST)]


def test_re_signed_with_another_key_fails_against_the_expected_key():
    """A forger who changes a part, rebuilds the manifest and signs with his own key makes a
    consistent package, which only the expected key unmasks."""
    club = Ed25519PrivateKey.generate()
    forger = Ed25519PrivateKey.generate()
    forged, _m = package(forger, parts={**PARTS, h.EXPORT: b'{"forged": true}'})
    assert h.verify(forged).ok  # consistent in itself
    result = h.verify(forged, public(club))
    assert [p[0] for p in result.problems] == ["wrong_key", "signature"]
    assert h.verify(forged, public(forger)).ok


def test_a_signature_swapped_from_another_package_fails():
    key = Ed25519PrivateKey.generate()
    a, _ = package(key)
    b, _ = package(key, pdf=b"%PDF other")
    files = members(a)
    files[h.SIGNATURE] = members(b)[h.SIGNATURE]
    assert ("signature", "the signature does not match the manifest") in found(
        h.verify(rezip(files))
    )


@pytest.mark.parametrize(
    "name",
    ["../evil.json", "/etc/passwd", "score/../../x.pdf", "a\\b.json", "score/x.pdf", "sub/x", ""],
)
def test_path_traversal_and_odd_names_are_refused(name):
    data, _m = package()
    files = members(data)
    files[name or "x/"] = b"x"
    result = h.verify(rezip(files))
    assert [p[0] for p in result.problems] == ["package"]


def test_duplicate_names_are_refused():
    data, _m = package()
    out = io.BytesIO(data)
    with zipfile.ZipFile(out, "a") as z, pytest.warns(UserWarning):
        z.writestr(h.EXPORT, b"{}")
    with pytest.raises(h.PackageError, match="twice"):
        h.read_package(out.getvalue())


def test_a_zip_bomb_is_refused_before_it_is_read_whole():
    bomb = rezip({h.MANIFEST: b"{}", h.EXPORT: b"\0" * (20 * 1024 * 1024)})
    assert len(bomb) < 100_000
    with pytest.raises(h.PackageError, match="zip bomb"):
        h.read_package(bomb)


def test_a_part_larger_than_it_says_is_refused():
    files = {h.MANIFEST: b"{}", h.EXPORT: b"a" * 1000}
    data = bytearray(rezip(files, zipfile.ZIP_STORED))
    # Lower the declared size in both headers: reading must stop at the declared size.
    data = bytes(data).replace((1000).to_bytes(4, "little"), (10).to_bytes(4, "little"))
    with pytest.raises(h.PackageError):
        h.read_package(data)


def test_not_a_zip_and_too_many_files():
    assert found(h.verify(b"not a zip")) == [("package", "not a zip file")]
    many = rezip({f"f{i}.json": b"" for i in range(h.MAX_MEMBERS + 1)})
    with pytest.raises(h.PackageError, match="more than"):
        h.read_package(many)


def test_public_keys_are_read_in_their_printed_form_only():
    key = Ed25519PrivateKey.generate()
    text = public(key)
    assert text.startswith("ed25519:")
    assert h.raw_public_key(h.parse_public_key(text)) == h.raw_public_key(key.public_key())
    for bad in ["", "ed25519:abc", "rsa:xyz", "ed25519:" + "A" * 40]:
        with pytest.raises(h.PackageError):
            h.parse_public_key(bad)
