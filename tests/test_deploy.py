"""Deployment settings: a hall laptop by default, an internet server with DJANGO_SECURE=1."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def settings_of(**env) -> str:
    code = (
        "import django, os; os.environ['DJANGO_SETTINGS_MODULE']='config.settings'; "
        "django.setup(); from django.conf import settings as s; "
        "print(s.DEBUG, s.ALLOWED_HOSTS, getattr(s, 'SECURE_SSL_REDIRECT', False), "
        "s.SESSION_COOKIE_SECURE)"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    return result.stdout.strip() or result.stderr


def test_hall_laptop_defaults_debug_off_every_lan_address():
    assert settings_of() == "False ['*'] False False"
    assert settings_of(DJANGO_DEBUG="1").startswith("True")


def test_secure_deployment_passes_the_deploy_check():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SECURE="1",
        DJANGO_SECRET_KEY="k" * 20 + "-a-long-random-secret-0123456789",
        DJANGO_ALLOWED_HOSTS="burraco.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        settings_of(**{k: env[k] for k in env if k.startswith("DJANGO_")})
        == "False ['burraco.example.org'] True True"
    )


def test_secure_deployment_needs_a_secret_key():
    assert "needs DJANGO_SECRET_KEY" in settings_of(DJANGO_SECURE="1")


@pytest.mark.django_db
def test_static_files_are_served_by_the_app_with_debug_off(client, settings):
    assert settings.DEBUG is False
    response = client.get("/static/css/app.css", HTTP_HOST="192.168.1.20")
    assert response.status_code == 200
    assert b"".join(response.streaming_content).startswith(b"/*")
    login = client.get("/accounts/login/", HTTP_HOST="10.0.0.7:8000")
    assert login.status_code == 200


# --- make bench, and the system packages the Makefile installs ------------------------------


def make_dry_run(*targets: str) -> list[str]:
    """The commands `make targets` would run (make -n: nothing runs), one a line."""
    result = subprocess.run(
        ["make", "-n", "--no-print-directory", *targets, "VENV=/nonexistent-venv"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_make_bench_runs_every_benchmark_script():
    """The README quotes the figures of every script in bench/; `make bench` runs them all
    (the helpers, `_setup.py`, excepted)."""
    commands = make_dry_run("bench")
    run = {Path(c.split()[1]).name for c in commands if c.split()[1:2] != [] and "bench/" in c}
    scripts = {p.name for p in (ROOT / "bench").glob("*.py") if not p.name.startswith("_")}
    assert {"groups_service.py", "hub.py", "cluster.py"} <= scripts
    assert scripts - run == set()


def fake_system(folder: Path, installed: str = "") -> dict:
    """A PATH of fake dpkg, apt-get, systemctl, update-rc.d and invoke-rc.d that write what
    they are asked into folder/calls (apt-get also runs the policy-rc.d it finds, as
    invoke-rc.d would, and notes its answer); haproxy is not installed, `installed` is."""
    bin_ = folder / "bin"
    bin_.mkdir(parents=True)
    scripts = {
        "dpkg": (
            'if [ "$1" = -s ]; then case " ' + installed + ' " in *" $2 "*) exit 0;; esac; '
            "exit 1; fi\n"
            'if [ "$1" = -L ] && [ "$2" = haproxy ]; then\n'
            "  printf '/usr/sbin/haproxy\\n/lib/systemd/system/haproxy.service\\n"
            "/etc/init.d/haproxy\\n'; fi\n"
        ),
        "apt-get": (
            'if [ -x "$POLICY_RC_D" ]; then "$POLICY_RC_D" haproxy start; p=$?; else p=none; fi\n'
            'echo "apt-get $* policy=$p" >> "$CALLS"\n'
        ),
        "systemctl": 'echo "systemctl $*" >> "$CALLS"\n',
        "update-rc.d": 'echo "update-rc.d $*" >> "$CALLS"\n',
        "invoke-rc.d": 'echo "invoke-rc.d $*" >> "$CALLS"\n',
        "id": "echo 0\n",
    }
    for name, body in scripts.items():
        path = bin_ / name
        path.write_text("#!/bin/sh\n" + body)
        path.chmod(0o755)
    return {
        **os.environ,
        "PATH": f"{bin_}:/usr/bin:/bin",
        "CALLS": str(folder / "calls"),
        "POLICY_RC_D": str(folder / "policy-rc.d"),
    }


def install(env: dict, *packages: str) -> list[str]:
    result = subprocess.run(
        ["sh", str(ROOT / "deploy" / "install-packages.sh"), *packages],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    calls = Path(env["CALLS"])
    return calls.read_text().splitlines() if calls.exists() else []


def disabled_and_stopped(name: str, calls: list[str]) -> bool:
    """Disabled at boot, and stopped in case something started it: with systemd running,
    `systemctl disable --now`; without, the unit's links and the init.d script's."""
    if Path("/run/systemd/system").is_dir():
        return f"systemctl disable --now {name}.service" in calls
    return {
        f"systemctl disable {name}.service",
        f"update-rc.d {name} disable",
        f"invoke-rc.d {name} stop",
    } <= set(calls)


def test_make_test_installs_haproxy_with_no_service_started_or_enabled_at_boot(tmp_path):
    """A referee's laptop gains no system service because its tests ran: haproxy (which
    tests/test_hub_balancer.py runs from its own folder) is installed while a policy-rc.d
    forbids every start (101), and its service is then disabled at boot."""
    assert any(
        "deploy/install-packages.sh" in c and "haproxy" in c.split()
        for c in make_dry_run("test-system-packages")
    )
    env = fake_system(tmp_path, installed="chromium")
    calls = install(env, "chromium", "haproxy")
    install_call = next(c for c in calls if c.startswith("apt-get") and " install " in c)
    assert install_call.endswith("haproxy policy=101") and "chromium" not in install_call
    assert disabled_and_stopped("haproxy", calls)
    assert not Path(env["POLICY_RC_D"]).exists()  # put back as it was: no policy-rc.d


def test_a_policy_rc_d_of_the_computer_is_left_alone_and_nothing_installed_is_touched(tmp_path):
    env = fake_system(tmp_path, installed="haproxy")
    policy = Path(env["POLICY_RC_D"])
    policy.write_text("#!/bin/sh\nexit 0\n")
    policy.chmod(0o755)
    assert install(env, "haproxy") == []  # installed already: no apt-get, its service as it was
    env = fake_system(tmp_path / "again")
    Path(env["POLICY_RC_D"]).write_text(policy.read_text())
    Path(env["POLICY_RC_D"]).chmod(0o755)
    calls = install(env, "haproxy")
    assert Path(env["POLICY_RC_D"]).read_text() == "#!/bin/sh\nexit 0\n"
    assert disabled_and_stopped("haproxy", calls)
