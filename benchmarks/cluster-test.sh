#!/usr/bin/env bash
# benchmarks/cluster-test.sh: benchmarks/run-pack.sh against real cluster engines, on this one
# machine (docs/benchmarks.md, "The cluster test"). It
#   1. writes a small pack (chopsat pack: 12 files, every format) and runs it locally, one job
#      after the other: the reference results;
#   2. starts a single-node Slurm from Debian's slurm-wlm and munge: munged with a fresh key,
#      slurmctld and slurmd on the loopback address (ports chosen free, CommunicationParameters
#      NoCtldInAddrAny,NoInAddrAny so they bind to 127.0.0.1 only), a generated slurm.conf, state,
#      spool and logs in a temporary folder; runs the pack as a Slurm job array (SLURM=1);
#   3. starts a local sshd on a free loopback port with a throwaway host key and client key
#      (only that key is accepted, only on 127.0.0.1); runs the pack with GNU parallel over ssh
#      (SSHLOGINFILE naming that sshd);
#   4. checks that the merged results of 2 and 3 equal 1's (solver, file, expected status,
#      answer, result; times and hosts differ), that every job ran where it should (Slurm's
#      output files, the ssh host), and prints `N passed, N failed`.
# In 2 it also runs four jobs of benchmarks/bmc.sh through benchmarks/slurm.sh (the runner of
# the other suites) and compares their rows with the same jobs run here.
# Every daemon it started is stopped by its pid (TERM, then KILL after 10 s) and every file it
# made is removed, also on failure or interruption. Needs root (slurmd starts jobs as their
# user; sshd) and the packages of BENCH_PKGS (make setup-bench). About a minute.
set -u
cd "$(dirname "$0")/.."
ROOT=$PWD
CHOPSAT=${CHOPSAT:-$ROOT/chopsat}
SOLVERS=(cadical picosat minisat depqbf z3 cvc5 abc)
PASS=0
FAIL=0

for tool in slurmctld slurmd sbatch munged mungekey sshd ssh ssh-keygen parallel python3 gnuplot; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] ||
        { echo "cluster-test: $tool is missing (make setup-bench installs it)" >&2; exit 1; }
done
[ "$(id -u)" = 0 ] || { echo "cluster-test: needs root (slurmd starts jobs as their user, sshd)" >&2; exit 1; }
PATH=$PATH:/usr/sbin

T=$(mktemp -d /tmp/chopsat-cluster.XXXXXX) || exit 1
chmod 755 "$T"
PIDS=()   # the daemons started, in order
MADE_RUN_SSHD=""

# stop PID: TERM, then KILL when it has not ended after 10 s; waits for it.
stop() {
    local pid=$1 i
    kill -TERM "$pid" 2>/dev/null || return 0
    for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}

cleanup() {
    local i
    for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do stop "${PIDS[i]}"; done
    rm -rf "$T"
    [ -n "$MADE_RUN_SSHD" ] && rmdir /run/sshd 2>/dev/null
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

check() { # check NAME WHY: a pass when WHY is empty
    if [ -z "$2" ]; then PASS=$((PASS + 1)); echo "ok   $1"; else FAIL=$((FAIL + 1)); echo "FAIL $1: $2"; fi
}

# free_port: a TCP port of 127.0.0.1 that nothing listens on now
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_for WHAT SECONDS COMMAND...: until COMMAND succeeds; false after SECONDS
wait_for() {
    local what=$1 n=$(($2 * 10))
    shift 2
    while ! "$@" >/dev/null 2>&1; do
        n=$((n - 1))
        [ $n -gt 0 ] || { echo "cluster-test: $what did not come up" >&2; return 1; }
        sleep 0.1
    done
}

# 1. the pack and the local run
start=$(date +%s)
"$CHOPSAT" pack "$T/pack" --presets no-split --fingers 4,5 --questions win1,force1 --bounds min-1,min --quiet ||
    { echo "cluster-test: chopsat pack failed" >&2; exit 1; }
OUT=$T/local LIMIT=30 bash benchmarks/run-pack.sh "$T/pack" "${SOLVERS[@]}" >/dev/null ||
    { echo "cluster-test: the local run failed" >&2; exit 1; }
jobs=$(($(wc -l <"$T/local/results.csv") - 1))
check "local run ($jobs jobs)" "$([ "$jobs" -ge 20 ] || echo "only $jobs jobs")"

# a solver that always says sat: its wrong answers are flagged and never counted as solved
OUT=$T/liar LIMIT=30 bash benchmarks/run-pack.sh "$T/pack" "liar=cnf:sh:-c:echo sat" >"$T/liar.txt" 2>&1
sat=$(grep -c ',cnf,.*,sat,' "$T/pack/meta.csv")
unsat=$(grep -c ',cnf,.*,unsat,' "$T/pack/meta.csv")
check "a lying solver flagged ($unsat wrong, $sat solved)" "$(grep -q "^| liar | cnf | $((sat + unsat)) | $sat | $unsat |" "$T/liar.txt" &&
    grep -q "Wrong answers" "$T/liar.txt" || head -c 300 "$T/liar.txt")"

# 2. munge and Slurm on the loopback address
mkdir -p "$T/munge" "$T/slurm/state" "$T/slurm/spool"
chmod 700 "$T/munge"
mungekey --create --keyfile "$T/munge/munge.key" --force 2>/dev/null ||
    dd if=/dev/urandom of="$T/munge/munge.key" bs=1024 count=1 status=none
chmod 600 "$T/munge/munge.key"
munged --foreground --force --key-file "$T/munge/munge.key" --socket "$T/munge/socket" \
    --pid-file "$T/munge/munged.pid" --log-file "$T/munge/munged.log" --seed-file "$T/munge/seed" \
    >/dev/null 2>&1 &
PIDS+=($!)
wait_for munged 10 test -S "$T/munge/socket" || exit 1

ctld_port=$(free_port)
slurmd_port=$(free_port)
while [ "$slurmd_port" = "$ctld_port" ]; do slurmd_port=$(free_port); done
cat >"$T/slurm/slurm.conf" <<EOF
# generated by benchmarks/cluster-test.sh: one node, everything on 127.0.0.1
ClusterName=chopsattest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$T/munge/socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$T/slurm/state
SlurmdSpoolDir=$T/slurm/spool
SlurmctldPidFile=$T/slurm/slurmctld.pid
SlurmdPidFile=$T/slurm/slurmd.pid
SlurmctldLogFile=$T/slurm/slurmctld.log
SlurmdLogFile=$T/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=60
NodeName=localhost NodeAddr=127.0.0.1 NodeHostname=localhost CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$T/slurm/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$T/slurm/slurmctld.out" 2>&1 &
PIDS+=($!)
wait_for slurmctld 30 scontrol ping || { tail -n 5 "$T/slurm/slurmctld.log" >&2; exit 1; }
slurmd -D -N localhost -f "$SLURM_CONF" >"$T/slurm/slurmd.out" 2>&1 &
PIDS+=($!)
idle() { sinfo -h -o %t -n localhost | grep -q idle; }
wait_for slurmd 30 idle || { tail -n 5 "$T/slurm/slurmd.log" >&2; exit 1; }
bound=$(ss -ltnp 2>/dev/null | grep -E ":($ctld_port|$slurmd_port) " | awk '{print $4}' | sort -u | tr '\n' ' ')
check "slurm listens on loopback only ($bound)" \
    "$(echo "$bound" | tr ' ' '\n' | grep -v '^$' | grep -v '^127\.0\.0\.1:' | head -n 1)"

OUT=$T/slurm-run SLURM=1 LIMIT=30 bash benchmarks/run-pack.sh "$T/pack" "${SOLVERS[@]}" >/dev/null 2>"$T/slurm-run.err"
tasks=$(ls "$T/slurm-run"/slurm-*.out 2>/dev/null | wc -l)
check "slurm array ($tasks tasks)" "$([ "$tasks" = "$jobs" ] || echo "$tasks task outputs for $jobs jobs: $(head -c 300 "$T/slurm-run.err")")"

# benchmarks/slurm.sh, the other suites' Slurm runner, on a real engine too: bmc jobs 1-4
# (fingers 5, K 10), rows into the temporary folder, compared with the same jobs run here
if [ -d benchmarks/rows ]; then had_rows=1; else had_rows=""; fi
sbatch --wait --quiet --array=1-4 --output="$T/suite-%A_%a.out" --export=ALL,BENCH_ROWS="$T/suite-rows" \
    benchmarks/slurm.sh bmc 2>"$T/suite.err"
[ -n "$had_rows" ] || rmdir benchmarks/rows 2>/dev/null # slurm.sh makes it for its default output
why=""
for n in 1 2 3 4; do
    want=$(BENCH_ROWS=$T/here-rows bash benchmarks/bmc.sh --job $n | cut -d, -f1-9)
    got=$(cut -d, -f1-9 "$T/suite-rows/bmc/00000$n.row" 2>/dev/null)
    [ -n "$want" ] && [ "$want" = "$got" ] || why="$why; job $n: Slurm '$got', here '$want'"
done
check "benchmarks/slurm.sh bmc as a Slurm array (4 tasks)" "${why#; }$([ -z "$why" ] || head -c 200 "$T/suite.err")"

# 3. a local sshd with a throwaway key, and GNU parallel over ssh
ssh_port=$(free_port)
mkdir -p "$T/ssh"
ssh-keygen -q -t ed25519 -N "" -f "$T/ssh/host_key"
ssh-keygen -q -t ed25519 -N "" -f "$T/ssh/id"
cp "$T/ssh/id.pub" "$T/ssh/authorized_keys"
echo "[127.0.0.1]:$ssh_port $(cut -d' ' -f1,2 "$T/ssh/host_key.pub")" >"$T/ssh/known_hosts"
cat >"$T/ssh/sshd_config" <<EOF
Port $ssh_port
ListenAddress 127.0.0.1
HostKey $T/ssh/host_key
PidFile $T/ssh/sshd.pid
AuthorizedKeysFile $T/ssh/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
StrictModes no
AllowUsers root
EOF
cat >"$T/ssh/config" <<EOF
Host chopsat-node
  HostName 127.0.0.1
  Port $ssh_port
  User root
  IdentityFile $T/ssh/id
  IdentitiesOnly yes
  UserKnownHostsFile $T/ssh/known_hosts
  StrictHostKeyChecking yes
  BatchMode yes
EOF
if [ ! -d /run/sshd ]; then mkdir -p /run/sshd && chmod 755 /run/sshd && MADE_RUN_SSHD=1; fi
"$(command -v sshd)" -D -e -f "$T/ssh/sshd_config" >"$T/ssh/sshd.log" 2>&1 &
PIDS+=($!)
# the temporary folder's name is mktemp's (letters and digits): safe inside parallel's --ssh words
[[ "$T" =~ ^/tmp/chopsat-cluster\.[A-Za-z0-9]+$ ]] || { echo "cluster-test: unexpected folder $T" >&2; exit 1; }
printf '#!/bin/sh\nexec ssh -F %s/ssh/config "$@"\n' "$T" >"$T/ssh/ssh"
chmod 755 "$T/ssh/ssh"
wait_for sshd 10 "$T/ssh/ssh" chopsat-node true || { tail -n 5 "$T/ssh/sshd.log" >&2; exit 1; }
echo "2/chopsat-node" >"$T/ssh/hosts"
PARALLEL_SSH=$T/ssh/ssh OUT=$T/ssh-run SSHLOGINFILE=$T/ssh/hosts LIMIT=30 \
    bash benchmarks/run-pack.sh "$T/pack" "${SOLVERS[@]}" >/dev/null 2>"$T/ssh-run.err"
logins=$(grep -c "Accepted publickey for root from 127.0.0.1" "$T/ssh/sshd.log")
check "parallel over ssh ($logins logins)" "$([ "$logins" -ge 1 ] || echo "no ssh login: $(head -c 300 "$T/ssh-run.err")")"

# 4. the same results everywhere
for run in slurm-run ssh-run; do
    why=""
    if [ ! -f "$T/$run/results.csv" ]; then why="no merged results: $(head -c 300 "$T/$run.err")"
    elif ! diff <(cut -d, -f1-6 "$T/local/results.csv") <(cut -d, -f1-6 "$T/$run/results.csv") >"$T/$run.diff"; then
        why="differs from the local run: $(head -c 300 "$T/$run.diff")"
    fi
    check "$run results equal the local run's" "$why"
done
solved=$(grep -c ',solved,' "$T/local/results.csv")
check "every answer right ($solved of $jobs solved)" "$(grep -E ',(wrong|error),' "$T/local/results.csv" | head -n 3)"
echo "cluster-test: $jobs jobs, local + Slurm + ssh, $(($(date +%s) - start)) s"
echo "$PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
