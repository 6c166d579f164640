#!/usr/bin/env node
/*
 * `npm run check:architecture` (part of `npm run lint`, so of `npm test` and CI): the module boundaries
 * and sizes the README's architecture section promises, checked from the code's imports. Why a script of
 * our own and not a plugin: docs/decisions/038-module-boundaries.md.
 *
 * Rules (runtime imports only; `import type` is erased before anything runs and is not a dependency):
 *  - face:   code outside app/modules/<m>/ imports <m> only through its public face, index.ts (names a
 *            browser may load) or index.server.ts (server code). Tests may reach inside.
 *  - tables: no code reads another module's tables (its schema files) outside the declared places:
 *            other schema files (a foreign key names the table it points at), app/db/ (the schema
 *            aggregate for migrations, the client, the demo seed) and the reporting queries that join
 *            across modules (REPORTING below). A face never re-exports a table.
 *  - cycles: no import cycle between modules.
 *  - size:   no hand-written file over 400 lines and no function over 120 (seed data and generated
 *            tables exempt).
 * scripts/architecture-baseline.json lists the findings accepted while they are being worked off; the
 * check fails on any finding not listed, and on a listed one that no longer occurs (the list only shrinks).
 *
 * Usage: node scripts/check-architecture.mjs [--update-baseline] [--quiet]
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const ts = createRequire(path.join(root, "package.json"))("typescript");
const modulesDir = path.join(root, "app/modules");
const BASELINE = path.join(root, "scripts/architecture-baseline.json");
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 120;
/** Queries that must join across modules (back-office figures and exports) live here, and only here. */
const REPORTING = ["app/modules/reports/"];

const posix = (p) => p.split(path.sep).join("/");
const rel = (p) => posix(path.relative(root, p));

function sourceFiles() {
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (["node_modules", ".react-router", "build"].includes(e.name) || e.name.startsWith(".")) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|mjs)$/.test(e.name) && !/\.d\.ts$/.test(e.name)) out.push(p);
    }
  };
  for (const d of ["app", "server", "scripts", "tests"])
    if (fs.existsSync(path.join(root, d))) walk(path.join(root, d));
  return out;
}

const isTest = (file) => /\.(test|spec)\.tsx?$/.test(file) || rel(file).startsWith("tests/");
const moduleOf = (file) => {
  const r = path.relative(modulesDir, file);
  return r.startsWith("..") ? null : r.split(path.sep)[0];
};
const isSchemaFile = (file) => /(^|\/)[a-z-]*schema(\.server)?\.ts$/.test(posix(file));
const isFaceFile = (inner) => /^index(\.server)?\.ts$/.test(inner);
const isGenerated = (file, text) =>
  /GENERATED|Do not edit by hand/i.test(text.slice(0, 600)) || /\/db\/seed\//.test(posix(file));

function resolveImport(from, spec) {
  let base;
  if (spec.startsWith("~/")) base = path.join(root, "app", spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** Runtime imports and re-exports of a file: [{ spec, line }]. */
function runtimeImports(sf) {
  const found = [];
  const add = (node, spec) => found.push({ spec, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) add(st, st.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && !st.isTypeOnly) {
      const named = st.exportClause;
      const onlyTypes =
        named && ts.isNamedExports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) add(st, st.moduleSpecifier.text);
    }
  }
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) add(node, arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

function longFunctions(sf, file) {
  const out = [];
  const visit = (n) => {
    if (
      ts.isFunctionDeclaration(n) ||
      ts.isArrowFunction(n) ||
      ts.isFunctionExpression(n) ||
      ts.isMethodDeclaration(n)
    ) {
      const start = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(n.getEnd()).line;
      if (end - start + 1 > MAX_FUNCTION_LINES) {
        const p = n.parent;
        const name =
          n.name?.getText(sf) ??
          (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) ? p.name.getText(sf) : "(anonymous)");
        out.push(`size: ${rel(file)}: function ${name} is ${end - start + 1} lines (over ${MAX_FUNCTION_LINES})`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Strongly connected components of the module graph with more than one module (Tarjan). */
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const strong = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) found.push(c.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) strong(v);
  return found;
}

/** Findings, sorted, and for a cycle the imports that make it (printed, not part of the finding). */
export function checkArchitecture() {
  const findings = [];
  const details = new Map();
  const graph = new Map();
  const edges = new Map(); // "a -> b" -> first file that makes it
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(file, "utf8");
    const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
    const test = isTest(file);
    const from = moduleOf(file);
    const r = rel(file);
    if (!test && !isGenerated(file, text)) {
      const lines = text.split("\n").length;
      if (lines > MAX_FILE_LINES) findings.push(`size: ${r} is ${lines} lines (over ${MAX_FILE_LINES})`);
      findings.push(...longFunctions(sf, file));
    }
    if (test) continue;
    const tableReader = isSchemaFile(file) || r.startsWith("app/db/") || REPORTING.some((p) => r.startsWith(p));
    for (const { spec } of runtimeImports(sf)) {
      const target = resolveImport(file, spec);
      if (!target) continue;
      const tr = rel(target);
      if (tr === "app/db/schema.ts" && !tableReader) {
        findings.push(`tables: ${r} imports every module's tables (app/db/schema.ts)`);
        continue;
      }
      const to = moduleOf(target);
      if (!to || to === from) continue;
      const inner = posix(path.relative(path.join(modulesDir, to), target));
      if (isSchemaFile(inner) && !tableReader) findings.push(`tables: ${r} reads ${to}'s tables (${to}/${inner})`);
      else if (!isFaceFile(inner) && !isSchemaFile(inner))
        findings.push(`face: ${r} imports ${to}/${inner}, past ${to}'s face`);
      if (from) {
        if (!graph.has(from)) graph.set(from, new Set());
        graph.get(from).add(to);
        if (!edges.has(`${from} -> ${to}`)) edges.set(`${from} -> ${to}`, r);
      }
    }
    // a face re-exports no table
    if (from && isFaceFile(posix(path.relative(path.join(modulesDir, from), file)))) {
      for (const { spec } of runtimeImports(sf)) {
        const target = resolveImport(file, spec);
        if (target && isSchemaFile(target)) findings.push(`tables: ${r} re-exports tables (${rel(target)})`);
      }
    }
  }
  for (const c of cycles(graph)) {
    const members = new Set(c);
    const inside = [...edges].filter(([e]) => {
      const [a, b] = e.split(" -> ");
      return members.has(a) && members.has(b);
    });
    const key = `cycles: ${c.join(", ")} import each other`;
    findings.push(key);
    details.set(
      key,
      inside.map(([e, file]) => `${e} (${file})`),
    );
  }
  return { findings: [...new Set(findings)].sort(), details };
}

function main() {
  const { findings, details } = checkArchitecture();
  if (process.argv.includes("--update-baseline")) {
    fs.writeFileSync(BASELINE, JSON.stringify({ accepted: findings }, null, 2) + "\n");
    console.log(`architecture: ${findings.length} findings written to ${rel(BASELINE)}`);
    return;
  }
  const accepted = new Set(fs.existsSync(BASELINE) ? JSON.parse(fs.readFileSync(BASELINE, "utf8")).accepted : []);
  const fresh = findings.filter((f) => !accepted.has(f));
  const gone = [...accepted].filter((f) => !findings.includes(f));
  for (const f of fresh) {
    console.error(`✗ ${f}`);
    for (const d of details.get(f) ?? []) console.error(`    ${d}`);
  }
  for (const f of gone) console.error(`✗ fixed, so take it out of ${rel(BASELINE)}: ${f}`);
  const summary = `architecture: ${findings.length} findings (${accepted.size} accepted in the baseline), ${fresh.length} new, ${gone.length} fixed but still listed`;
  if (fresh.length || gone.length) {
    console.error(summary);
    process.exit(1);
  }
  if (!process.argv.includes("--quiet")) console.log(summary);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) main();
