//! The documentation stays true: every link of `README.md` and `docs/` to a local file or a
//! heading resolves, every command of the README runs, the README's tour names every
//! subcommand, and no file of the repository names a path that exists on one machine only.

mod common;

use assert_cmd::Command;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Markdown as GitHub reads it (tables included).
fn parse(markdown: &str) -> Parser<'_> {
    Parser::new_ext(markdown, Options::ENABLE_TABLES)
}

/// The Markdown files checked: `README.md` and every `.md` under `docs/`.
fn documents(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "md") {
                found.push(path);
            }
        }
    }
    let mut found = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut found);
    found.sort();
    found
}

/// The anchor GitHub gives a heading whose text is `text`: lower case, letters, digits, `-` and
/// `_` kept, each space a `-`, everything else dropped.
fn anchor(text: &str) -> String {
    text.to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown text's headings; a repeated one gets `-1`, `-2`, ... as on GitHub.
fn anchors(markdown: &str) -> BTreeSet<String> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut found = BTreeSet::new();
    let mut heading: Option<String> = None;
    for event in parse(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = anchor(&heading.take().unwrap());
                let n = seen.entry(base.clone()).or_insert(0);
                found.insert(if *n == 0 { base } else { format!("{base}-{n}") });
                *n += 1;
            }
            _ => {}
        }
    }
    found
}

/// Every link and picture of a Markdown text: Markdown's links and images, and the `src` and
/// `href` of its HTML (code blocks and code spans are not links).
fn links(markdown: &str) -> Vec<String> {
    let mut found = Vec::new();
    for event in parse(markdown) {
        match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                found.push(dest_url.to_string());
            }
            Event::Html(html) | Event::InlineHtml(html) => {
                for attribute in ["src=\"", "href=\""] {
                    for (at, _) in html.match_indices(attribute) {
                        let value = &html[at + attribute.len()..];
                        found.push(value[..value.find('"').unwrap_or(value.len())].to_string());
                    }
                }
            }
            _ => {}
        }
    }
    found
}

/// Why the link `target` in the file `from` does not resolve, if it does not: a local file (or
/// folder) that is missing or outside the repository, or a heading its file lacks.
fn broken(root: &Path, from: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, fragment) = target.split_once('#').unwrap_or((target, ""));
    let file = if path.is_empty() {
        from.to_path_buf()
    } else {
        from.parent().unwrap().join(path)
    };
    let Ok(file) = file.canonicalize() else {
        return Some(format!("{target}: no such file"));
    };
    if !file.starts_with(root) {
        return Some(format!("{target}: outside the repository"));
    }
    if !fragment.is_empty() {
        if file.extension().is_none_or(|e| e != "md") {
            return Some(format!(
                "{target}: a heading of a file that is not Markdown"
            ));
        }
        if !anchors(&read(&file)).contains(fragment) {
            return Some(format!("{target}: no heading with the anchor #{fragment}"));
        }
    }
    None
}

/// Every broken link of the Markdown files `files`, as `file: why`.
fn broken_links(root: &Path, files: &[PathBuf]) -> Vec<String> {
    let mut problems = Vec::new();
    for file in files {
        for target in links(&read(file)) {
            if let Some(why) = broken(root, file, &target) {
                let name = file.strip_prefix(root).unwrap_or(file);
                problems.push(format!("{}: {why}", name.display()));
            }
        }
    }
    problems
}

#[test]
fn every_local_link_of_the_documentation_resolves() {
    let root = root();
    let files = documents(&root);
    assert!(files.len() > 10, "the guides under docs/: {files:?}");
    let problems = broken_links(&root, &files);
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_link_check_finds_a_missing_file_a_missing_heading_and_a_way_out() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("elsewhere.md"), "# Elsewhere\n").unwrap();
    let root = dir.path().join("repository");
    std::fs::create_dir_all(root.join("docs")).unwrap();
    let root = root.canonicalize().unwrap();
    std::fs::write(
        root.join("docs/b.md"),
        "# B\n\n## Game records: `mnk show`\n\n## B\n",
    )
    .unwrap();
    std::fs::write(
        root.join("README.md"),
        "# A\n\n[ok](docs/b.md#game-records-mnk-show) [repeat](docs/b.md#b-1) [self](#a)\n\
         [gone](docs/c.md) [no heading](docs/b.md#nope) ![picture](docs/gone.png)\n\
         <img src=\"docs/missing.png\" alt=\"x\"> [out](../elsewhere.md) [web](https://example.org/x)\n\n\
         ```sh\n[not a link](docs/none.md)\n```\n",
    )
    .unwrap();
    let problems = broken_links(&root, &[root.join("README.md"), root.join("docs/b.md")]);
    assert_eq!(
        problems,
        [
            "README.md: docs/c.md: no such file",
            "README.md: docs/b.md#nope: no heading with the anchor #nope",
            "README.md: docs/gone.png: no such file",
            "README.md: docs/missing.png: no such file",
            "README.md: ../elsewhere.md: outside the repository",
        ]
    );
}

#[test]
fn anchors_are_github_s() {
    assert_eq!(anchor("Game records: `mnk show`"), "game-records-mnk-show");
    assert_eq!(
        anchor("8x8 k=5: the plan, measured"),
        "8x8-k5-the-plan-measured"
    );
    assert_eq!(
        anchor("A proof in jobs: mnk solve --split, --job, --combine"),
        "a-proof-in-jobs-mnk-solve---split---job---combine"
    );
    assert_eq!(
        anchor("Seed 003's programs against their Python"),
        "seed-003s-programs-against-their-python"
    );
    let twice = anchors("# Options\n\n## Options\n\n### Options\n");
    assert_eq!(
        twice,
        ["options", "options-1", "options-2"]
            .map(String::from)
            .into()
    );
}

/// One command of the README, as the test runs it.
#[derive(Debug, PartialEq)]
struct Example {
    /// The line as the README shows it.
    line: String,
    /// The arguments of `mnk` (`pbrain-mnk ARGS` is `mnk pbrain ARGS`, the same brain).
    args: Vec<String>,
    /// What it reads on standard input: `printf 'FORMAT' | mnk ...` gives FORMAT with its `\n`
    /// as line ends; nothing otherwise.
    stdin: String,
}

/// `printf`'s format without `%`: its `\n`, `\t` and `\\` read as what they stand for.
fn printf(format: &str) -> String {
    assert!(
        !format.contains('%'),
        "printf '{format}': no conversions here"
    );
    format
        .replace("\\n", "\n")
        .replace("\\t", "\t")
        .replace("\\\\", "\\")
}

/// The `mnk` and `pbrain-mnk` commands of a Markdown text's shell code blocks, in order (other
/// programs, `cargo` or `bash`, are not examples of mnk).
fn examples(markdown: &str) -> Vec<Example> {
    let mut found = Vec::new();
    let mut block: Option<String> = None;
    for event in parse(markdown) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(lang)))
                if matches!(&*lang, "sh" | "bash" | "shell") =>
            {
                block = Some(String::new());
            }
            Event::Text(text) => {
                if let Some(b) = block.as_mut() {
                    b.push_str(&text);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                for line in block.take().unwrap_or_default().lines() {
                    let words = shlex::split(line)
                        .unwrap_or_else(|| panic!("the README's line `{line}` does not parse"));
                    let (stdin, command) = match words.as_slice() {
                        [p, format, pipe, rest @ ..] if p == "printf" && pipe == "|" => {
                            (printf(format), rest)
                        }
                        rest => (String::new(), rest),
                    };
                    let args = match command {
                        [program, args @ ..] if program == "mnk" => args.to_vec(),
                        [program, args @ ..] if program == "pbrain-mnk" => {
                            [&["pbrain".to_string()], args].concat()
                        }
                        _ => continue,
                    };
                    found.push(Example {
                        line: line.to_string(),
                        args,
                        stdin,
                    });
                }
            }
            _ => {}
        }
    }
    found
}

#[test]
fn the_examples_are_read_as_a_shell_reads_them() {
    let markdown = "```sh\nmnk best --moves \"h8 h9\"   # the engine's move\n\
                    printf 'b2\\nquit\\n' | mnk play\npbrain-mnk --ai engine\n\
                    cargo run --release -p mnk-cli\n```\n\n```text\nmnk not-run\n```\n";
    let example = |line: &str, args: &[&str], stdin: &str| Example {
        line: line.to_string(),
        args: args.iter().map(|a| a.to_string()).collect(),
        stdin: stdin.to_string(),
    };
    assert_eq!(
        examples(markdown),
        [
            example(
                "mnk best --moves \"h8 h9\"   # the engine's move",
                &["best", "--moves", "h8 h9"],
                ""
            ),
            example("printf 'b2\\nquit\\n' | mnk play", &["play"], "b2\nquit\n"),
            example("pbrain-mnk --ai engine", &["pbrain", "--ai", "engine"], ""),
        ]
    );
}

/// `mnk serve`'s arguments with its port 0 (any free one): a fixed port may be taken where the
/// tests run.
fn on_any_port(args: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut port_given = false;
    for arg in args {
        if matches!(out.last().map(String::as_str), Some("--port" | "-p")) {
            out.push("0".to_string());
            port_given = true;
        } else if arg.starts_with("--port=") {
            out.push("--port=0".to_string());
            port_given = true;
        } else {
            out.push(arg.clone());
        }
    }
    if !port_given {
        out.extend(["--port".to_string(), "0".to_string()]);
    }
    out
}

/// Runs one example in `dir`: it must exit 0 having printed something. `mnk serve` is started
/// (on any free port), must answer `GET /api`, and is stopped.
fn run(example: &Example, dir: &Path) {
    if example.args.first().is_some_and(|a| a == "serve") {
        let args = on_any_port(&example.args);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (_server, _, host_port) = common::start_server(&args);
        let api = common::get(&host_port, "/api");
        assert!(
            api.starts_with("HTTP/1.1 200"),
            "the README's `{}`: GET /api answered {api}",
            example.line
        );
        return;
    }
    let output = Command::cargo_bin("mnk")
        .unwrap()
        .args(&example.args)
        .current_dir(dir)
        .write_stdin(example.stdin.as_bytes())
        .output()
        .unwrap();
    assert!(
        output.status.success() && !output.stdout.is_empty(),
        "the README's `{}` ({}): exit {}\nstdout:\n{}\nstderr:\n{}",
        example.line,
        example.args.join(" "),
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The subcommands `mnk --help` lists (`help` aside).
fn subcommands() -> Vec<String> {
    let output = Command::cargo_bin("mnk")
        .unwrap()
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(output.stdout).unwrap();
    help.lines()
        .skip_while(|l| l.trim() != "Commands:")
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(String::from)
        .collect()
}

#[test]
fn every_command_of_the_readme_runs_and_the_tour_names_every_subcommand() {
    let readme = read(&root().join("README.md"));
    let examples = examples(&readme);
    let shown: BTreeSet<&str> = examples
        .iter()
        .filter_map(|e| e.args.first().map(String::as_str))
        .collect();
    let subcommands = subcommands();
    assert!(subcommands.len() >= 10, "mnk --help: {subcommands:?}");
    let missing: Vec<&String> = subcommands
        .iter()
        .filter(|s| !shown.contains(s.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "the README's tour shows no example of: {missing:?}"
    );
    // In order, in one empty folder: an example may read a file an earlier one wrote.
    let dir = tempfile::tempdir().unwrap();
    for example in &examples {
        run(example, dir.path());
    }
}

/// Paths that exist on one machine only: a user's home, a working or temporary folder.
/// (Spelled from their names so that this file does not hold them.)
fn machine_paths() -> Vec<String> {
    ["home", "work", "tmp", "root", "Users"]
        .iter()
        .map(|dir| format!("/{dir}/"))
        .collect()
}

/// The files allowed to hold one of those paths, which one, and why.
const ALLOWED: &[(&str, &str, &str)] = &[(
    "crates/mnk/tests/protocol.rs",
    "tmp",
    "a Gomocup manager's `INFO folder` line, test input the brain must ignore: no file is opened",
)];

/// Where `text` names a path of one machine: `path:line: the path`.
fn machine_paths_in(path: &str, text: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(text);
    let mut found = Vec::new();
    for needle in machine_paths() {
        let allowed = ALLOWED
            .iter()
            .any(|(file, dir, _)| *file == path && needle == format!("/{dir}/"));
        for (at, _) in text.match_indices(&needle) {
            if !allowed {
                let line = text[..at].matches('\n').count() + 1;
                found.push(format!("{path}:{line}: {needle}"));
            }
        }
    }
    found
}

#[test]
fn no_file_of_the_repository_names_a_path_of_one_machine() {
    let root = root();
    let listed = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(&root)
        .output()
        .expect("git lists the repository's files");
    assert!(listed.status.success(), "git ls-files: {listed:?}");
    let files: Vec<String> = String::from_utf8(listed.stdout)
        .unwrap()
        .split('\0')
        .filter(|f| !f.is_empty())
        .map(String::from)
        .collect();
    assert!(files.iter().any(|f| f == "README.md"), "{files:?}");
    let mut found = Vec::new();
    for file in &files {
        // A file deleted in the working tree but not yet from the index has nothing to say.
        if let Ok(bytes) = std::fs::read(root.join(file)) {
            found.extend(machine_paths_in(file, &bytes));
        }
    }
    assert!(
        found.is_empty(),
        "paths of one machine (use a relative path or a variable; see ALLOWED):\n{}",
        found.join("\n")
    );
    // Every exception is still needed.
    for (file, dir, why) in ALLOWED {
        let text = std::fs::read(root.join(file)).unwrap();
        let needle = format!("/{dir}/");
        assert!(
            String::from_utf8_lossy(&text).contains(&needle),
            "{file} no longer holds {needle} ({why}): drop it from ALLOWED"
        );
    }
}

#[test]
fn the_path_check_finds_a_machine_path_and_spares_the_allowed() {
    let home = format!("/{}/", "home");
    let work = format!("/{}/", "work");
    let tmp = format!("/{}/", "tmp");
    let text = format!("ok\nsee {home}someone/x\nrelative/{}\n", "path");
    assert_eq!(
        machine_paths_in("docs/a.md", text.as_bytes()),
        [format!("docs/a.md:2: {home}")]
    );
    let both = format!("{work}x {tmp}y");
    assert_eq!(
        machine_paths_in("crates/mnk/tests/protocol.rs", both.as_bytes()),
        [format!("crates/mnk/tests/protocol.rs:1: {work}")]
    );
}
