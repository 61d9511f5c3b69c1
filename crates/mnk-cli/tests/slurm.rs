//! The job-array scripts of `scripts/slurm/` on a real Slurm: a single-node cluster started on
//! this machine (`scripts/slurm/local-cluster`, from Debian's munge, slurmctld and slurmd), a
//! split proof and a sharded match submitted as job arrays, waited for, and combined to what
//! the one-machine commands say.
//!
//! Skipped (with a note) where Slurm is not installed or its daemons cannot be started (they
//! run as root), unless `MNK_SLURM_TESTS=require` (set by scripts/test, so CI never skips).

mod json;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn mnk_path() -> PathBuf {
    assert_cmd::cargo::cargo_bin("mnk")
}

fn on_path(tool: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| dir.join(tool).is_file())
            || ["/usr/sbin", "/sbin"]
                .iter()
                .any(|d| Path::new(d).join(tool).is_file())
    })
}

/// Why this machine cannot run a Slurm of its own, if it cannot.
fn unable() -> Option<String> {
    let missing: Vec<&str> = ["munged", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo"]
        .into_iter()
        .filter(|t| !on_path(t))
        .collect();
    if !missing.is_empty() {
        return Some(format!(
            "Slurm is not installed (no {}): scripts/install-test-deps installs munge, \
             slurmctld and slurmd",
            missing.join(", ")
        ));
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    let sudo = || {
        Command::new("sudo")
            .args(["-n", "true"])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if !root && !sudo() {
        return Some("the Slurm daemons run as root: run as root, or with sudo".into());
    }
    None
}

/// A cluster started for the test, stopped when it ends (passed or not).
struct Cluster {
    dir: PathBuf,
    conf: String,
}

impl Cluster {
    fn start() -> Cluster {
        // A short path: munge's socket lives in it.
        let dir = std::env::temp_dir().join(format!("mnk-slurm-{}", std::process::id()));
        let out = Command::new(repository().join("scripts/slurm/local-cluster"))
            .arg("start")
            .arg(&dir)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let conf = stdout
            .lines()
            .find_map(|l| l.strip_prefix("export SLURM_CONF="))
            .unwrap_or_else(|| {
                panic!(
                    "the local cluster did not start: {stdout}{}",
                    String::from_utf8_lossy(&out.stderr)
                )
            })
            .to_string();
        Cluster { dir, conf }
    }

    /// A Slurm command for this cluster, run in `cwd`.
    fn command(&self, tool: &str, cwd: &Path) -> Command {
        let mut c = Command::new(tool);
        c.env("SLURM_CONF", &self.conf)
            .env("MNK", mnk_path())
            .current_dir(cwd);
        c
    }

    /// Submits a job array; its id.
    fn submit(&self, cwd: &Path, args: &[&str]) -> String {
        let out = self
            .command("sbatch", cwd)
            .arg("--parsable")
            .arg("--export=ALL")
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "sbatch {args:?}: {}", text(&out));
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .split(';')
            .next()
            .unwrap()
            .to_string()
    }

    /// Waits until the jobs have left the queue.
    fn wait(&self, cwd: &Path, ids: &[&str]) {
        let deadline = Instant::now() + Duration::from_secs(600);
        loop {
            let out = self
                .command("squeue", cwd)
                .args(["-h", "-o", "%i %T", "-j", &ids.join(",")])
                .output()
                .unwrap();
            let queued = String::from_utf8_lossy(&out.stdout);
            if out.status.success() && queued.trim().is_empty() {
                return;
            }
            assert!(Instant::now() < deadline, "jobs still queued: {queued}");
            std::thread::sleep(Duration::from_millis(500));
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(repository().join("scripts/slurm/local-cluster"))
            .arg("stop")
            .arg(&self.dir)
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn text(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn mnk_json(cwd: &Path, args: &[&str]) -> Value {
    let out = Command::new(mnk_path())
        .args(args)
        .arg("--json")
        .current_dir(cwd)
        .output()
        .unwrap();
    json::json_ok(&format!("mnk {args:?}"), &out)
}

/// What the tasks of the arrays printed, for a failure's message.
fn task_outputs(dir: &Path) -> String {
    let mut all = String::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|x| x == "out") {
            all += &format!(
                "--- {}\n{}\n",
                path.display(),
                std::fs::read_to_string(&path).unwrap_or_default()
            );
        }
    }
    all
}

#[test]
fn a_split_proof_and_a_sharded_match_run_as_slurm_job_arrays() {
    if let Some(why) = unable() {
        let required = std::env::var("MNK_SLURM_TESTS").is_ok_and(|v| v == "require");
        assert!(!required, "MNK_SLURM_TESTS=require, but {why}");
        eprintln!("skipped: {why} (MNK_SLURM_TESTS=require makes this a failure)");
        return;
    }
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("slurm-work");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let cluster = Cluster::start();
    let scripts = repository().join("scripts/slurm");
    let solve_script = scripts.join("solve.sh");
    let match_script = scripts.join("match.sh");

    // The proof: 6x5 k=4 split at depth 2, solved by four tasks.
    let game = ["--size", "6x5", "--k", "4"];
    let one = mnk_json(
        &work,
        &[&["solve", "--threads", "1"][..], &game[..]].concat(),
    );
    let split = mnk_json(
        &work,
        &[
            &["solve"][..],
            &game[..],
            &["--split", "2", "--jobs", "jobs"],
        ]
        .concat(),
    );
    let jobs = split["jobs"].as_u64().unwrap();
    assert!(jobs > 100, "{split}");
    let solve_id = cluster.submit(
        &work,
        &[
            "--array=0-3",
            "--output=solve-%a.out",
            solve_script.to_str().unwrap(),
            "jobs",
            "--memory",
            "64",
        ],
    );

    // The match: played whole here, and in three shards there.
    let openings = work.join("openings.txt");
    std::fs::write(&openings, "e5 d4\ne5 f6 d4\ne5 e4\nd5\n").unwrap();
    let players = ["gomoku-pruned:depth=2", "gomoku-alphabeta:depth=1"];
    let options = [
        "--size",
        "9",
        "--k",
        "5",
        "--games",
        "12",
        "--openings",
        openings.to_str().unwrap(),
    ];
    let match_id = cluster.submit(
        &work,
        &[
            &[
                "--array=1-3",
                "--output=match-%a.out",
                match_script.to_str().unwrap(),
                "shards",
            ][..],
            &players[..],
            &options[..],
        ]
        .concat(),
    );
    let whole = mnk_json(
        &work,
        &[
            &["match"][..],
            &players[..],
            &options[..],
            &["--save", "whole.txt"],
        ]
        .concat(),
    );
    cluster.wait(&work, &[&solve_id, &match_id]);

    let proof = work.join("all.proof");
    let out = Command::new(mnk_path())
        .args(["solve", "--combine", "jobs", "--json", "--proof"])
        .arg(&proof)
        .current_dir(&work)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        text(&out),
        task_outputs(&work)
    );
    let combined: Value = serde_json::from_slice(&out.stdout).unwrap();
    for field in ["value", "best_move", "moves_to_end"] {
        assert_eq!(combined[field], one[field], "{field}: {combined}");
    }
    assert_eq!(combined["value"], "win");
    assert_eq!(combined["jobs"]["proved"], jobs);
    let verified = mnk_json(&work, &["verify", proof.to_str().unwrap()]);
    assert_eq!(
        (&verified["valid"], &verified["value"]),
        (&Value::from(true), &one["value"])
    );

    let shards: Vec<String> = (1..=3)
        .map(|i| format!("shards/shard-{i}-of-3.txt"))
        .collect();
    let shard_args: Vec<&str> = shards.iter().map(String::as_str).collect();
    let combined = mnk_json(
        &work,
        &[&["match", "--combine"][..], &shard_args[..]].concat(),
    );
    for field in [
        "games",
        "a_wins",
        "b_wins",
        "draws",
        "score",
        "elo",
        "elo_error",
    ] {
        assert_eq!(
            combined[field],
            whole[field],
            "{field}: {}",
            task_outputs(&work)
        );
    }
    assert_eq!(combined["missing_games"], 0);
}
