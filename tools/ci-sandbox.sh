#!/usr/bin/env bash
# The sandbox's layers on a CI runner that is not root (GitHub's ubuntu-24.04): user namespaces
# and a cgroup the page server may write. .ci/run and the GitHub workflow both use it.
#
#   sudo bash tools/ci-sandbox.sh prepare USER   once a job: allow unprivileged user namespaces
#                                                (Ubuntu's AppArmor refuses them by default) and
#                                                delegate the cgroup v2 folder docexec/ to USER
#   bash tools/ci-sandbox.sh enter COMMAND...    run COMMAND in that delegated cgroup, with
#                                                DOCEXEC_CGROUP naming it (every step re-enters:
#                                                a step is a new shell)
#
# As root, or where the machine already allows both, it changes nothing: root's page server
# makes its cgroups itself (v1 or v2), and `python -m docexec sandbox-report` says what holds.
set -euo pipefail
cgroup=/sys/fs/cgroup
folder=$cgroup/docexec

case "${1:-}" in
  prepare)
    user=${2:?usage: sudo bash tools/ci-sandbox.sh prepare USER}
    if [ "$(sysctl -n kernel.apparmor_restrict_unprivileged_userns 2>/dev/null || echo 0)" = 1 ]; then
      sysctl -w kernel.apparmor_restrict_unprivileged_userns=0
    fi
    if [ "$user" != root ] && [ -f $cgroup/cgroup.controllers ]; then   # cgroup v2, a user to delegate to
      mkdir -p $folder/ci
      for c in memory pids cpu; do
        grep -qw $c $cgroup/cgroup.subtree_control || echo "+$c" > $cgroup/cgroup.subtree_control
      done
      echo "+memory +pids +cpu" > $folder/cgroup.subtree_control
      chown -R "$user" $folder
      echo "ci-sandbox: user namespaces allowed; $folder delegated to $user"
    fi
    ;;
  enter)
    shift
    if [ "$(id -u)" != 0 ] && [ -d $folder/ci ] && [ -O $folder ]; then
      echo $$ | sudo -n tee $folder/ci/cgroup.procs > /dev/null   # this shell, then all it starts
      export DOCEXEC_CGROUP=$folder
    fi
    exec "$@"
    ;;
  *)
    echo "usage: bash tools/ci-sandbox.sh prepare USER | enter COMMAND..." >&2
    exit 2
    ;;
esac
