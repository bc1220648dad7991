"""The sealed homologation package: its format, its seal and its verification.

Pure Python, no Django import (the `cryptography` library signs with Ed25519), so that the
federation can check a package with nothing but this module and the club's public key.

A package is a zip holding the parts (the JSON export, the homologation workbook, the final
standings PDF, the filled score sheets, the referee's log), `manifest.json` and
`manifest.sig`:

- the manifest lists every part with its SHA-256 and size, the tournament's identity, the
  referee's name and federation code, the time and the installation's public key;
- the **package digest** is the SHA-256 of the canonical JSON of the manifest *without* the
  standings PDF's entry (and without the digest itself): the standings PDF prints that digest
  and the QR code of its verification address, so it cannot be covered by it (a file cannot
  contain its own hash). The PDF is still covered by the manifest's own list and by the
  signature: nothing in the package escapes both;
- `manifest.sig` is the Ed25519 signature of the manifest's exact bytes.

Reading a package trusts nothing: names must be plain (no folders but `score/`, no `..`, no
absolute path, no backslash, no duplicates), the zip may hold at most `MAX_MEMBERS` files,
`MAX_TOTAL` bytes once uncompressed (counted while reading, not from the zip's own claims) and
no part compressed more than `MAX_RATIO` times: a zip bomb is refused before it fills memory.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import zipfile
from dataclasses import dataclass, field

from tournaments.rules.messages import RuleError, _

FORMAT = "burraco-homologation/1"
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
EXPORT = "risultati.json"
WORKBOOK = "omologazione.xlsx"
STANDINGS = "classifica.pdf"
LOG = "registro.json"
SHEETS_DIR = "score/"
REQUIRED = (EXPORT, WORKBOOK, STANDINGS, LOG)
SHEET_NAME = re.compile(r"^score/turno-[0-9]{2}\.pdf$")
PLAIN_NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,60}$")
DIGEST = re.compile(r"^[0-9a-f]{64}$")

MAX_MEMBERS = 64
MAX_TOTAL = 200 * 1024 * 1024  # uncompressed bytes in all
MAX_PART = 100 * 1024 * 1024
MAX_RATIO = 200  # a part over 1 MB compressed more than this is a bomb
MAX_PACKAGE = 100 * 1024 * 1024  # the zip file itself

MISSING = _("missing part: %(name)s")


class PackageError(RuleError):
    """A file that is not a package we can read (bad zip, bad names, too big): an English
    msgid and its parameters, translated by the adapter (tournaments.rules.messages)."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def canonical(data: dict) -> bytes:
    """One spelling of a JSON object: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def seal_digest(manifest: dict) -> str:
    """The package's digest: the manifest without the standings PDF and without `digest`."""
    sealed = {k: v for k, v in manifest.items() if k != "digest"}
    sealed["parts"] = {k: v for k, v in manifest.get("parts", {}).items() if k != STANDINGS}
    return sha256(canonical(sealed))


def part_entry(data: bytes) -> dict:
    return {"sha256": sha256(data), "size": len(data)}


def public_key_text(raw: bytes) -> str:
    """The public key as it is printed and typed: `ed25519:` and 32 bytes in base64."""
    return "ed25519:" + base64.b64encode(raw).decode()


def parse_public_key(text: str):
    """An Ed25519 public key from `ed25519:<base64>` (or the bare base64, or PEM)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    text = (text or "").strip()
    try:
        if text.startswith("-----BEGIN"):
            key = serialization.load_pem_public_key(text.encode())
            if not isinstance(key, Ed25519PublicKey):
                raise ValueError
            return key
        raw = base64.b64decode(text.removeprefix("ed25519:"), validate=True)
        return Ed25519PublicKey.from_public_bytes(raw)
    except (ValueError, TypeError):
        raise PackageError(
            _("not an Ed25519 public key (expected ed25519:<base64 of 32 bytes>)")
        ) from None


def raw_public_key(key) -> bytes:
    from cryptography.hazmat.primitives import serialization

    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def build_manifest(
    parts: dict[str, bytes],
    identity: dict,
    referee: dict,
    created_at: str,
    public_key: str,
) -> dict:
    """The manifest of `parts` (every part but the standings PDF: see `seal_standings`)."""
    manifest = {
        "format": FORMAT,
        "tournament": identity,
        "referee": referee,
        "created_at": created_at,
        "public_key": public_key,
        "parts": {name: part_entry(data) for name, data in sorted(parts.items())},
    }
    manifest["digest"] = seal_digest(manifest)
    return manifest


def seal_standings(manifest: dict, standings_pdf: bytes) -> dict:
    """The manifest with the standings PDF (which prints the digest) listed too."""
    sealed = dict(manifest, parts=dict(manifest["parts"]))
    sealed["parts"][STANDINGS] = part_entry(standings_pdf)
    sealed["parts"] = dict(sorted(sealed["parts"].items()))
    return sealed


def write_package(manifest: dict, parts: dict[str, bytes], private_key) -> bytes:
    """The zip: manifest, signature, parts (stored in the manifest's order)."""
    manifest_bytes = canonical(manifest)
    signature = base64.b64encode(private_key.sign(manifest_bytes)) + b"\n"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in [(MANIFEST, manifest_bytes), (SIGNATURE, signature)] + [
            (name, parts[name]) for name in manifest["parts"]
        ]:
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data)
    return out.getvalue()


def safe_name(name: str) -> bool:
    if name in (MANIFEST, SIGNATURE):
        return True
    if name.startswith(SHEETS_DIR):
        return bool(SHEET_NAME.match(name))
    return bool(PLAIN_NAME.match(name)) and ".." not in name


def read_package(data: bytes) -> dict[str, bytes]:
    """Every member of the zip, after the checks above (PackageError on the first fault)."""
    if len(data) > MAX_PACKAGE:
        raise PackageError(
            _("the package is larger than %(mb)d MB"), mb=MAX_PACKAGE // 1024 // 1024
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError):
        raise PackageError(_("not a zip file")) from None
    if len(infos) > MAX_MEMBERS:
        raise PackageError(_("more than %(count)d files in the package"), count=MAX_MEMBERS)
    members: dict[str, bytes] = {}
    total = 0
    for info in infos:
        name = info.filename
        if not safe_name(name) or info.is_dir():
            raise PackageError(_("unexpected file name in the package: %(name)s"), name=repr(name))
        if name in members:
            raise PackageError(_("%(name)s appears twice in the package"), name=name)
        if info.flag_bits & 0x1:
            raise PackageError(_("%(name)s is encrypted"), name=name)
        if info.file_size > MAX_PART or (
            info.file_size > 1024 * 1024 and info.file_size > MAX_RATIO * max(info.compress_size, 1)
        ):
            raise PackageError(
                _("%(name)s is too large once uncompressed (a zip bomb?)"), name=name
            )
        members[name] = _read_capped(archive, info, MAX_TOTAL - total)
        total += len(members[name])
    return members


def _read_capped(archive: zipfile.ZipFile, info: zipfile.ZipInfo, room: int) -> bytes:
    """The member's bytes, never more than its declared size nor than `room`."""
    limit = min(info.file_size, room, MAX_PART)
    try:
        with archive.open(info) as handle:
            data = handle.read(limit + 1)
    except (zipfile.BadZipFile, OSError, ValueError, NotImplementedError, EOFError) as exc:
        raise PackageError(
            _("%(name)s cannot be read (%(error)s)"), name=info.filename, error=str(exc)
        ) from None
    if len(data) > limit:
        raise PackageError(_("%(name)s is larger than it says (a zip bomb?)"), name=info.filename)
    return data


@dataclass
class Verification:
    """What a check found: `problems` is empty when the package is intact and signed."""

    manifest: dict = field(default_factory=dict)
    members: dict[str, bytes] = field(default_factory=dict)
    # (code, English msgid, its parameters): `describe` spells one in English, the adapter
    # translates it (gettext(message) % params)
    problems: list[tuple[str, str, dict]] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def digest(self) -> str:
        return str(self.manifest.get("digest", ""))

    def add(self, code: str, message: str, **params) -> None:
        self.problems.append((code, message, params))


def verify(data: bytes, public_key: str | None = None) -> Verification:
    """Check every part's digest, the seal digest and the signature; with `public_key` also
    that the package was signed by that key (else by the key it names, which proves only
    that nothing changed since it was signed). Never raises on a bad package: every fault
    is a problem in the result (a file we cannot read at all is one problem, `package`)."""
    result = Verification()
    try:
        members = read_package(data)
    except PackageError as exc:
        result.add("package", exc.message, **exc.params)
        return result
    result.members = members
    manifest = _manifest(members, result)
    if manifest is None:
        return result
    result.manifest = manifest
    _check_parts(manifest, members, result)
    if manifest.get("digest") != seal_digest(manifest):
        result.add("digest", _("the manifest's digest does not match its contents"))
    _check_signature(members, manifest, public_key, result)
    return result


def _manifest(members: dict[str, bytes], result: Verification) -> dict | None:
    if MANIFEST not in members:
        result.add("missing", MISSING, name=MANIFEST)
        return None
    try:
        manifest = json.loads(members[MANIFEST].decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # [[[[… nested past the limit
        result.add("manifest", _("manifest.json is not JSON"))
        return None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        result.add("manifest", _("manifest.json is not a %(format)s manifest"), format=FORMAT)
        return None
    parts = manifest.get("parts")
    if not isinstance(parts, dict) or not all(
        isinstance(v, dict) and isinstance(v.get("sha256"), str) for v in parts.values()
    ):
        result.add("manifest", _("manifest.json lists no parts"))
        return None
    return manifest


def _check_parts(manifest: dict, members: dict[str, bytes], result: Verification) -> None:
    listed = manifest["parts"]
    for name in REQUIRED:
        if name not in listed:
            result.add("unlisted", _("the manifest does not list %(name)s"), name=name)
    for name, entry in listed.items():
        if name not in members:
            result.add("missing", MISSING, name=name)
        elif sha256(members[name]) != entry["sha256"]:
            result.add(
                "changed",
                _("part changed since it was signed: %(name)s (its SHA-256 differs)"),
                name=name,
            )
    for name in members:
        if name not in listed and name not in (MANIFEST, SIGNATURE):
            result.add("extra", _("extra part not in the manifest: %(name)s"), name=name)


def _check_signature(
    members: dict[str, bytes], manifest: dict, expected: str | None, result: Verification
) -> None:
    from cryptography.exceptions import InvalidSignature

    if SIGNATURE not in members:
        result.add("missing", MISSING, name=SIGNATURE)
        return
    try:
        named = parse_public_key(str(manifest.get("public_key", "")))
    except PackageError:
        result.add("key", _("the manifest names no valid public key"))
        return
    if expected is not None:
        wanted = parse_public_key(expected)
        if raw_public_key(wanted) != raw_public_key(named):
            result.add(
                "wrong_key", _("the package was signed with another key than the expected one")
            )
        key = wanted
    else:
        key = named
    try:
        signature = base64.b64decode(members[SIGNATURE].strip(), validate=True)
        key.verify(signature, members[MANIFEST])
    except (InvalidSignature, ValueError):
        result.add("signature", _("the signature does not match the manifest"))


def describe(problem: tuple[str, str, dict]) -> str:
    """A problem in English (scripts, the hub's API); the adapter translates instead."""
    _code, message, params = problem
    return message % params if params else message


def detail(problem: tuple[str, str, dict]) -> str:
    """What the problem is about, as before: the part it names (its file), else the whole
    message in English (always for an unreadable package)."""
    code, _message, params = problem
    return str(params["name"]) if code != "package" and "name" in params else describe(problem)
