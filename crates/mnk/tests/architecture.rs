//! The library's modules never import each other in a circle: neither its top-level modules
//! (`game` below `search`, below the engine and the solver, below the players, ...) nor the
//! files within each of them. Read from the sources: every `crate::` and `super::` path in the
//! code (comments and test modules left out), re-exports followed to the file that defines
//! the name.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module: its path from the crate root (`engine::search`), and its file's code.
struct Module {
    path: Vec<String>,
    code: String,
    /// Submodules it declares (`mod x;`).
    children: BTreeSet<String>,
    /// Names it re-exports: name -> the path it re-exports (from this module).
    reexports: BTreeMap<String, Vec<String>>,
}

fn modules(root: &Path) -> BTreeMap<Vec<String>, Module> {
    let mut out = BTreeMap::new();
    let mut stack = vec![PathBuf::from(root)];
    while let Some(dir) = stack.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(root).unwrap();
            let mut parts: Vec<String> = relative
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod" || p == "lib") {
                parts.pop();
            }
            let code = code_of(&fs::read_to_string(&path).unwrap());
            let children = code
                .lines()
                .filter_map(|l| {
                    let l = l.trim();
                    let l = l.strip_prefix("pub ").unwrap_or(l);
                    l.strip_prefix("mod ")
                        .and_then(|r| r.strip_suffix(';'))
                        .map(str::to_string)
                })
                .collect();
            let reexports = reexports(&code);
            out.insert(
                parts.clone(),
                Module {
                    path: parts,
                    code,
                    children,
                    reexports,
                },
            );
        }
    }
    out
}

/// The code of a file without comments and without its test-only items (`#[cfg(test)]` on a
/// module, a function or a `use`).
fn code_of(text: &str) -> String {
    let code: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let mut rest = code.as_str();
    while let Some(i) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..i]);
        rest = &rest[i + "#[cfg(test)]".len()..];
        rest = &rest[item_end(rest)..];
    }
    out.push_str(rest);
    out
}

/// Where the item at the start of `code` ends: after its `;`, or after the brace that closes
/// its body (braces in string and character literals skipped).
fn item_end(code: &str) -> usize {
    let bytes = code.as_bytes();
    let mut depth = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'\'' if bytes.get(i + 2) == Some(&b'\'') => i += 2,
            b'\'' if bytes.get(i + 1) == Some(&b'\\') => i += 3,
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            b';' if depth == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// The names a module re-exports (`pub use child::{A, B}`, `pub use crate::x::C`), each with
/// the path it re-exports.
fn reexports(code: &str) -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    for statement in code.split(';') {
        let s = statement.trim();
        let Some(rest) = s.strip_prefix("pub use ") else {
            continue;
        };
        for path in expand(rest) {
            if path.len() >= 2 {
                out.insert(path.last().unwrap().clone(), path);
            }
        }
    }
    out
}

/// Expands a use tree (`a::{b, c::{d, e}}`) into its paths.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree
        .replace(" as ", "@")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    fn walk(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
        if let Some(open) = tree.find('{') {
            let head: Vec<String> = tree[..open]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
            let mut depth = 0;
            let mut start = 0;
            let mut parts = Vec::new();
            for (i, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[start..i]);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[start..]);
            let mut base = prefix.to_vec();
            base.extend(head);
            for part in parts.into_iter().filter(|p| !p.is_empty()) {
                walk(&base, part, out);
            }
        } else {
            let mut path = prefix.to_vec();
            let name = tree.split('@').next().unwrap_or(tree);
            path.extend(name.split("::").map(str::to_string));
            out.push(path);
        }
    }
    let mut out = Vec::new();
    walk(&[], &tree, &mut out);
    out
}

/// Every `crate::...` and `super::...` path in the code, `use` trees expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for statement in code.split(';') {
        let s = statement.trim();
        let s = s.strip_prefix("pub ").unwrap_or(s);
        let s = s.strip_prefix("pub(crate) ").unwrap_or(s);
        if let Some(tree) = s.strip_prefix("use ") {
            out.extend(expand(tree));
        }
    }
    // Paths written in the code itself.
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            if at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_') {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            let path: Vec<String> = code[at..end]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            // `super::{...}` and `crate::{...}` are use trees, read above.
            if path.len() > 1 {
                out.push(path);
            }
        }
    }
    out
}

/// The module a path from `from` refers to, re-exports followed to the defining module.
fn target(
    modules: &BTreeMap<Vec<String>, Module>,
    from: &[String],
    path: &[String],
) -> Option<Vec<String>> {
    let mut module: Vec<String> = Vec::new();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => rest = &rest[1..],
        Some("super") => {
            module = from.to_vec();
            while rest.first().map(String::as_str) == Some("super") {
                module.pop()?;
                rest = &rest[1..];
            }
        }
        // A path relative to the module itself (a re-export of a submodule's name).
        Some(_) => module = from.to_vec(),
        None => return None,
    }
    for name in rest {
        let m = modules.get(&module)?;
        if m.children.contains(name) {
            module.push(name.clone());
        } else if let Some(reexported) = m.reexports.get(name) {
            return target(modules, &module, reexported);
        } else {
            break;
        }
    }
    Some(module)
}

/// A cycle in `graph`, if any.
fn cycle(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Option<Vec<String>> {
    fn visit(
        node: &Vec<String>,
        graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        state: &mut BTreeMap<Vec<String>, u8>,
        path: &mut Vec<Vec<String>>,
    ) -> Option<Vec<String>> {
        match state.get(node) {
            Some(2) => return None,
            Some(1) => {
                let i = path.iter().position(|n| n == node).unwrap();
                let mut names: Vec<String> = path[i..].iter().map(|n| n.join("::")).collect();
                names.push(node.join("::"));
                return Some(names);
            }
            _ => {}
        }
        state.insert(node.clone(), 1);
        path.push(node.clone());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(node.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut state, &mut Vec::new()))
}

fn src() -> BTreeMap<Vec<String>, Module> {
    modules(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The file-level graph of a crate's sources: a module uses the submodules it declares and
/// the modules its paths reach within the same top-level module.
fn file_graph(
    modules: &BTreeMap<Vec<String>, Module>,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for m in modules.values() {
        let node = graph.entry(m.path.clone()).or_default();
        for child in &m.children {
            let mut c = m.path.clone();
            c.push(child.clone());
            node.insert(c);
        }
        for path in paths(&m.code) {
            if let Some(t) = target(modules, &m.path, &path)
                && t != m.path
                // Within one top-level module, and not a module's own submodules.
                && t.first() == m.path.first()
                && !(t.len() > m.path.len() && t.starts_with(&m.path))
            {
                node.insert(t);
            }
        }
    }
    graph
}

/// The graph of a crate's top-level modules.
fn top_graph(
    modules: &BTreeMap<Vec<String>, Module>,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for m in modules.values() {
        let Some(top) = m.path.first() else { continue };
        for path in paths(&m.code) {
            if let Some(t) = target(modules, &m.path, &path)
                && let Some(other) = t.first()
                && other != top
            {
                graph
                    .entry(vec![top.clone()])
                    .or_default()
                    .insert(vec![other.clone()]);
            }
        }
    }
    graph
}

#[test]
fn top_level_modules_form_no_cycle() {
    let graph = top_graph(&src());
    assert!(graph.contains_key(&vec!["engine".to_string()]), "{graph:?}");
    // The vocabulary and the runtime are below everything that searches.
    for m in ["engine", "solve", "explain", "players", "protocol"] {
        let deps = &graph[&vec![m.to_string()]];
        assert!(deps.contains(&vec!["search".to_string()]), "{m}: {deps:?}");
    }
    let search_deps = graph.get(&vec!["search".to_string()]);
    assert!(
        search_deps.is_none_or(|d| d.iter().all(|m| m == &vec!["game".to_string()])),
        "search reaches up: {search_deps:?}"
    );
    assert_eq!(cycle(&graph), None);
}

#[test]
fn records_sit_below_the_arena_the_protocol_and_the_session() {
    // A record is read and written by everything that plays games: what it needs (the
    // opening rule and a finished opening, the ending, Gomocup's rule numbers) lives in
    // `game`, below it.
    let graph = top_graph(&src());
    let deps = graph
        .get(&vec!["record".to_string()])
        .cloned()
        .unwrap_or_default();
    for above in ["arena", "protocol", "session", "players", "engine", "solve"] {
        assert!(
            !deps.contains(&vec![above.to_string()]),
            "record imports {above}: {deps:?}"
        );
    }
    // The session is what the arena plays games with; it is below the arena.
    let arena = &graph[&vec!["arena".to_string()]];
    assert!(arena.contains(&vec!["session".to_string()]), "{arena:?}");
}

#[test]
fn no_file_imports_a_module_that_imports_it_back() {
    assert_eq!(cycle(&file_graph(&src())), None);
}

#[test]
fn nor_in_the_binaries_crates() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for name in ["mnk-cli", "mnk-web", "pbrain-mnk"] {
        let modules = modules(&crates.join(name).join("src"));
        assert!(modules.len() > 2, "{name}");
        assert_eq!(cycle(&top_graph(&modules)), None, "{name}");
        assert_eq!(cycle(&file_graph(&modules)), None, "{name}");
    }
}

#[test]
fn the_reader_finds_paths_and_cycles() {
    let p = expand("super::{Choice, engine::{Engine, Listener}, seat::Seat as S}");
    assert_eq!(p.len(), 4);
    assert_eq!(p[1], ["super", "engine", "Engine"]);
    assert_eq!(p[3], ["super", "seat", "Seat"]);
    let code = code_of(
        "use crate::game::Board; // crate::solve::Outcome\nlet x = super::tt::Bound::Exact;\n\
         #[cfg(test)]\nfn check() { let s = \"}\"; crate::count::x(); }\nuse crate::arena::y;\n\
         #[cfg(test)]\nmod tests { use crate::explain::z; }",
    );
    let found = paths(&code);
    assert!(found.contains(&vec!["crate".into(), "game".into(), "Board".into()]));
    for gone in ["solve", "count", "explain"] {
        assert!(
            !found.iter().any(|p| p.contains(&gone.to_string())),
            "{gone}"
        );
    }
    assert!(found.contains(&vec!["crate".into(), "arena".into(), "y".into()]));
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let (a, b) = (vec!["a".to_string()], vec!["b".to_string()]);
    graph.entry(a.clone()).or_default().insert(b.clone());
    assert_eq!(cycle(&graph), None);
    graph.entry(b).or_default().insert(a);
    assert_eq!(
        cycle(&graph),
        Some(vec!["a".into(), "b".into(), "a".into()])
    );
}
