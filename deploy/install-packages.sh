#!/bin/sh
# Debian's packages for `make run`, `make test`, `make bench` and deploy/cluster.py:
#
#     sh deploy/install-packages.sh PACKAGE...
#
# installs those that are missing and leaves this computer with no new system service. Some
# packages (haproxy, redis-server) come with a service that Debian starts at once and at every
# boot; the tests and benchmarks run those programs from folders of their own instead. So:
# - while apt-get installs, a policy-rc.d answers 101 ("action forbidden"): nothing starts;
#   when the computer already has a policy-rc.d (Docker images do), it is left as it is;
# - afterwards every service the new packages brought is disabled at boot (systemd, and the
#   init.d links of sysvinit) and stopped if something started it anyway.
# A package that was already installed, and its service, are left alone.
set -eu

POLICY="${POLICY_RC_D:-/usr/sbin/policy-rc.d}"
missing=""
for p in "$@"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
echo "Installing system packages:$missing (no service started or enabled at boot)"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

if [ ! -e "$POLICY" ]; then
  trap '$SUDO rm -f "$POLICY"' EXIT
  trap 'exit 130' INT TERM
  printf '#!/bin/sh\n# deploy/install-packages.sh: no service starts while it installs.\nexit 101\n' \
    | $SUDO tee "$POLICY" >/dev/null
  $SUDO chmod 755 "$POLICY"
fi

$SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq
# shellcheck disable=SC2086 # one word a package
$SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq $missing

for p in $missing; do
  for path in $(dpkg -L "$p" 2>/dev/null); do
    case "$path" in
      /lib/systemd/system/*.service | /usr/lib/systemd/system/*.service)
        unit="${path##*/}"
        case "$unit" in *@.service) continue ;; esac
        if command -v systemctl >/dev/null 2>&1; then
          if [ -d /run/systemd/system ]; then
            $SUDO systemctl disable --now "$unit" || true
          else
            $SUDO systemctl disable "$unit" || true
          fi
        fi
        ;;
      /etc/init.d/*)
        name="${path##*/}"
        if command -v update-rc.d >/dev/null 2>&1; then
          $SUDO update-rc.d "$name" disable >/dev/null 2>&1 || true
        fi
        if [ ! -d /run/systemd/system ] && command -v invoke-rc.d >/dev/null 2>&1; then
          $SUDO invoke-rc.d "$name" stop >/dev/null 2>&1 || true
        fi
        ;;
    esac
  done
done
