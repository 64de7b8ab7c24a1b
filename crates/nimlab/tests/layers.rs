//! The library's top-level modules import one another downwards only.
//!
//! This test reads the layer table of `docs/architecture.md` and every source file of the
//! library, collects the top-level modules each module names (`crate::games::…`,
//! `use crate::{Error, …}`, `$crate::…` in macros, `super::…` that climbs to the crate
//! root), and fails on a module missing from the table, on an import that goes up a
//! layer, and on any cycle. Items under `#[cfg(test)]` are not part of the library and
//! are left out.

use proc_macro2::{TokenStream, TokenTree};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// The library's source folder.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn parse(path: &Path) -> syn::File {
    syn::parse_file(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Whether an item carries `#[cfg(test)]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .is_ok_and(|m| m.path().is_ident("test"))
    })
}

/// The layers as `docs/architecture.md` gives them: each layer's name and modules.
fn layers() -> Vec<(String, Vec<String>)> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/architecture.md");
    let mut layers = Vec::new();
    for line in read(&doc).lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | 1. ground | `nimber`, `outcome` | what |
        let [_, name, modules, ..] = cells.as_slice() else {
            continue;
        };
        let number = name.split('.').next().unwrap_or_default();
        if number.parse::<u32>().is_err() {
            continue;
        }
        let modules = modules
            .split(',')
            .map(|m| m.trim().trim_matches('`').to_string())
            .collect();
        layers.push((name.to_string(), modules));
    }
    assert!(layers.len() >= 2, "docs/architecture.md has no layer table");
    layers
}

/// The top-level modules declared in `lib.rs`, and the names it re-exports with the
/// module each comes from (`Error` from `error`).
fn top_level() -> (BTreeSet<String>, BTreeMap<String, String>) {
    let lib = parse(&src().join("lib.rs"));
    let mut modules = BTreeSet::new();
    let mut reexports = BTreeMap::new();
    for item in &lib.items {
        match item {
            syn::Item::Mod(m) if !is_test(&m.attrs) => {
                modules.insert(m.ident.to_string());
            }
            syn::Item::Use(u) => {
                let mut names = Vec::new();
                flatten(&u.tree, &mut Vec::new(), &mut names);
                for path in names {
                    if let [module, .., last] = path.as_slice() {
                        reexports.insert(last.clone(), module.clone());
                    }
                }
            }
            _ => {}
        }
    }
    (modules, reexports)
}

/// Every path a `use` tree names, each as its segments (a rename keeps its original name).
fn flatten(tree: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let mut path = prefix.clone();
            path.push(n.ident.to_string());
            out.push(path);
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            path.push(r.ident.to_string());
            out.push(path);
        }
        syn::UseTree::Glob(_) => out.push(prefix.clone()),
        syn::UseTree::Group(g) => g.items.iter().for_each(|t| flatten(t, prefix, out)),
    }
}

/// The modules one file names, with the names through which it does.
struct Imports<'a> {
    /// The file's module path under the crate root (`games`, `sum` for games/sum.rs).
    here: Vec<String>,
    modules: &'a BTreeSet<String>,
    reexports: &'a BTreeMap<String, String>,
    /// Module → the paths that name it.
    found: BTreeMap<String, BTreeSet<String>>,
}

impl Imports<'_> {
    /// Records a path written in the file, as its segments.
    fn path(&mut self, segments: &[String]) {
        let rest: &[String] = match segments.first().map(String::as_str) {
            Some("crate" | "$crate") => &segments[1..],
            Some("super") => {
                let ups = segments.iter().take_while(|s| *s == "super").count();
                if ups < self.here.len() {
                    return;
                }
                &segments[ups..]
            }
            _ => return,
        };
        let Some(first) = rest.first() else {
            return;
        };
        let module = if self.modules.contains(first) {
            first.clone()
        } else if let Some(m) = self.reexports.get(first) {
            m.clone()
        } else {
            return;
        };
        if Some(&module) != self.here.first() {
            self.found
                .entry(module)
                .or_default()
                .insert(segments.join("::"));
        }
    }

    /// Paths inside a macro's tokens: `crate :: a :: b`, `$crate :: a`.
    fn tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Ident(id) if id == "crate" => {
                    let dollar =
                        i > 0 && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '$');
                    let mut segments = vec![if dollar { "$crate" } else { "crate" }.to_string()];
                    let mut j = i + 1;
                    while j + 2 < trees.len() + 1 {
                        let colons = matches!(&trees[j], TokenTree::Punct(p) if p.as_char() == ':')
                            && matches!(trees.get(j + 1), Some(TokenTree::Punct(p)) if p.as_char() == ':');
                        match (colons, trees.get(j + 2)) {
                            (true, Some(TokenTree::Ident(next))) => {
                                segments.push(next.to_string());
                                j += 3;
                            }
                            _ => break,
                        }
                    }
                    self.path(&segments);
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Imports<'_> {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => &[],
        };
        if is_test(attrs) {
            return;
        }
        if let syn::Item::Mod(m) = item {
            if m.content.is_some() {
                self.here.push(m.ident.to_string());
                syn::visit::visit_item(self, item);
                self.here.pop();
                return;
            }
        }
        syn::visit::visit_item(self, item);
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut paths = Vec::new();
        flatten(&u.tree, &mut Vec::new(), &mut paths);
        for p in paths {
            self.path(&p);
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        self.path(&segments);
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }
}

/// The source files of a top-level module, each with its module path, leaving out the
/// files that only tests declare.
fn files_of(module: &str) -> Vec<(PathBuf, Vec<String>)> {
    let mut out = Vec::new();
    let single = src().join(format!("{module}.rs"));
    let folder = src().join(module);
    let mut pending: Vec<(PathBuf, Vec<String>)> = Vec::new();
    if single.exists() {
        pending.push((single, vec![module.to_string()]));
    } else {
        pending.push((folder.join("mod.rs"), vec![module.to_string()]));
    }
    while let Some((file, here)) = pending.pop() {
        let ast = parse(&file);
        // The files this one declares with `mod name;`, found next to it.
        let dir = if file.file_name().is_some_and(|n| n == "mod.rs") {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for item in &ast.items {
            if let syn::Item::Mod(m) = item {
                if m.content.is_none() && !is_test(&m.attrs) {
                    let name = m.ident.to_string();
                    let mut path = here.clone();
                    path.push(name.clone());
                    let flat = dir.join(format!("{name}.rs"));
                    let nested = dir.join(&name).join("mod.rs");
                    let next = if flat.exists() { flat } else { nested };
                    pending.push((next, path));
                }
            }
        }
        out.push((file, here));
    }
    out
}

/// Module → the modules it imports, each with the paths that name it.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn graph() -> (Graph, BTreeSet<String>) {
    let (modules, reexports) = top_level();
    let mut graph = Graph::new();
    for module in &modules {
        let edges = graph.entry(module.clone()).or_default();
        for (file, here) in files_of(module) {
            let ast = parse(&file);
            let mut imports = Imports {
                here,
                modules: &modules,
                reexports: &reexports,
                found: BTreeMap::new(),
            };
            imports.visit_file(&ast);
            let name = file.strip_prefix(src()).unwrap().display().to_string();
            for (to, paths) in imports.found {
                let entry = edges.entry(to).or_default();
                entry.extend(paths.into_iter().map(|p| format!("{name}: {p}")));
            }
        }
    }
    (graph, modules)
}

/// A cycle of the graph, if it has one, as the modules along it.
fn cycle(graph: &Graph) -> Option<Vec<String>> {
    // Depth-first search with colours, iterative.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for start in graph.keys() {
        if state.contains_key(start.as_str()) {
            continue;
        }
        let mut stack: Vec<(&str, Vec<&str>)> = vec![(
            start.as_str(),
            graph[start].keys().map(String::as_str).collect(),
        )];
        state.insert(start, 1);
        while let Some((node, next)) = stack.last_mut() {
            let node = *node;
            match next.pop() {
                Some(to) => match state.get(to) {
                    Some(1) => {
                        let mut path: Vec<String> =
                            stack.iter().map(|(n, _)| n.to_string()).collect();
                        let from = path.iter().position(|n| n == to).unwrap();
                        path.drain(..from);
                        path.push(to.to_string());
                        return Some(path);
                    }
                    Some(_) => {}
                    None => {
                        state.insert(to, 1);
                        let more = graph
                            .get(to)
                            .map(|e| e.keys().map(String::as_str).collect())
                            .unwrap_or_default();
                        stack.push((to, more));
                    }
                },
                None => {
                    state.insert(node, 2);
                    stack.pop();
                }
            }
        }
    }
    None
}

#[test]
fn the_top_level_modules_import_downwards_only() {
    let (graph, modules) = graph();
    let layers = layers();
    let layer_of: BTreeMap<&str, usize> = layers
        .iter()
        .enumerate()
        .flat_map(|(k, (_, ms))| ms.iter().map(move |m| (m.as_str(), k)))
        .collect();
    let mut problems = Vec::new();
    for module in &modules {
        if !layer_of.contains_key(module.as_str()) {
            problems.push(format!("`{module}` is in no layer of docs/architecture.md"));
        }
    }
    for (_, ms) in &layers {
        for m in ms {
            if !modules.contains(m) {
                problems.push(format!(
                    "docs/architecture.md names `{m}`, which lib.rs does not declare"
                ));
            }
        }
    }
    // The modules and their imports, printed for `cargo test -- --nocapture`.
    for (module, edges) in &graph {
        let to: Vec<&str> = edges.keys().map(String::as_str).collect();
        println!("{module} -> {}", to.join(", "));
        for (to, paths) in edges {
            let (Some(&a), Some(&b)) = (layer_of.get(module.as_str()), layer_of.get(to.as_str()))
            else {
                continue;
            };
            if b > a {
                problems.push(format!(
                    "`{module}` ({}) imports `{to}` ({}), a higher layer: {}",
                    layers[a].0,
                    layers[b].0,
                    paths.iter().take(3).cloned().collect::<Vec<_>>().join("; ")
                ));
            }
        }
    }
    if let Some(c) = cycle(&graph) {
        let steps: Vec<String> = c
            .windows(2)
            .map(|w| {
                let first = graph[&w[0]][&w[1]]
                    .iter()
                    .next()
                    .cloned()
                    .unwrap_or_default();
                format!("{} -> {} ({first})", w[0], w[1])
            })
            .collect();
        problems.push(format!("a cycle: {}", steps.join(", ")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checker_sees_a_cycle_and_every_kind_of_path() {
    // A made-up module that names three others in the ways the library does.
    let modules: BTreeSet<String> = ["a", "b", "c", "d", "error"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let reexports: BTreeMap<String, String> = [("Error".to_string(), "error".to_string())]
        .into_iter()
        .collect();
    let code = r#"
        use crate::{b::X, Error};
        fn f() { let _ = crate::c::y(); }
        macro_rules! m { () => { $crate::d::z() }; }
        #[cfg(test)]
        mod tests { use crate::e::Hidden; }
    "#;
    let mut imports = Imports {
        here: vec!["a".to_string()],
        modules: &modules,
        reexports: &reexports,
        found: BTreeMap::new(),
    };
    imports.visit_file(&syn::parse_file(code).unwrap());
    let named: Vec<&str> = imports.found.keys().map(String::as_str).collect();
    assert_eq!(named, ["b", "c", "d", "error"]);

    let edge = |to: &str| {
        let mut e = BTreeMap::new();
        e.insert(to.to_string(), BTreeSet::new());
        e
    };
    let mut g = Graph::new();
    g.insert("a".into(), edge("b"));
    g.insert("b".into(), edge("c"));
    g.insert("c".into(), BTreeMap::new());
    assert_eq!(cycle(&g), None);
    g.insert("c".into(), edge("a"));
    assert_eq!(cycle(&g).unwrap().len(), 4);
}
