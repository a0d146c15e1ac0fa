// wirestruct's entry point to the pinned Kaitai Struct compiler (npm kaitai-struct-compiler).
//
// The compiler's JavaScript build has no command line, only a programmatic API, and takes
// about half a second to start; this script compiles every spec it is given in one Node
// process. It reads a JSON request on stdin:
//   {"specs": ["ksy/scrap_mechanic/network_update.ksy", ...],
//    "languages": ["python", "javascript", "python-rw", "expressions", "lua"],
//    "extra": {"go": ["ksy/mme/mme_types.ksy", ...]}}
// ("extra": languages compiled for some of the specs only: wirestruct regen reads the types
// the compiler gives value instances from its Go output)
// and writes a JSON answer on stdout:
//   {"compiler": "0.11.0", "results": {"<path>": {"id": ..., "imports": [...],
//     "outputs": {"python": {"<file>": "<text>"}, "javascript": {...}, "python-rw": {...},
//                 "expressions": {...}, "lua": {...}},
//     "expressions": {...}, "ksy": {...}, "errors": [...]}}}
//
// "expressions" is the Python of a derived copy of the spec, made for wirestruct.encode.building:
// every expression the encoder evaluates becomes an extra instance of the type it belongs
// to, so that the compiler translates it (see deriveExpressions below; the expression
// translator is the same in both instances of the compiler, so the unmodified one is used).
// The answer then also carries "expressions": the table saying which instance holds which
// expression, and "ksy": the spec as parsed (the compiler's view of it: YAML 1.2).
//
// "python-rw" is Python with read-write classes (`_write()`, `_check()`: the compiler's
// `--read-write` option). The npm build's API builds its RuntimeConfig with readWrite fixed
// to false, so a second instance of the compiler is loaded from the same file with that one
// constructor argument turned on (see readWriteSource below). The request may name another
// compiler file with "compiler": "<path>" (used by the tests of that step).
//
// YAML is parsed with js-yaml (YAML 1.2 core schema), as the Kaitai Web IDE parses it, so
// enum keys such as `on`, `off` and `yes` stay strings. Imports resolve the way the Web IDE
// resolves dropped files: by bare name, to a sibling .ksy in the importing spec's folder;
// absolute (`/name`) and parent (`../name`) imports are refused.
'use strict';
const fs = require('fs');
const path = require('path');
const yaml = require('js-yaml');
const vm = require('vm');

const COMPILER_FILE = require.resolve('kaitai-struct-compiler');

// The one call MainJs.compile makes to build its RuntimeConfig, in kaitai-struct-compiler
// 0.11.0: RuntimeConfig(autoRead, readStoresPos, opaqueTypes, zeroCopySubstream, readWrite,
// ...). Read-write sets what the compiler's command line option `-w`/`--read-write` sets:
// readWrite on and autoRead off (`_read()` is called explicitly, so an object can also be
// built from scratch and written).
const READ_ONLY_CONFIG = 'var config = new $c_Lio_kaitai_struct_RuntimeConfig((!debug), debug, false, true, false, new $c_Lio_kaitai_struct_CppRuntimeConfig(';
const READ_WRITE_CONFIG = 'var config = new $c_Lio_kaitai_struct_RuntimeConfig(false, debug, false, true, true, new $c_Lio_kaitai_struct_CppRuntimeConfig(';

// The compiler's source with readWrite on. Fails unless the expected text occurs exactly
// once, so a different compiler build cannot silently generate something else.
function readWriteSource(source, file) {
  const count = source.split(READ_ONLY_CONFIG).length - 1;
  if (count !== 1) {
    throw new Error(`cannot enable read-write classes: ${file} contains the expected ` +
      `MainJs.compile RuntimeConfig call ${count} times, not exactly once ` +
      `(expected text: ${READ_ONLY_CONFIG})`);
  }
  return source.replace(READ_ONLY_CONFIG, () => READ_WRITE_CONFIG);
}

// Evaluate a UMD compiler build as a CommonJS module and return its export (MainJs).
function loadCompilerSource(source, file) {
  const wrapper = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    { filename: file });
  const mod = { exports: {} };
  wrapper.call(mod.exports, mod.exports, require, mod, file, path.dirname(file));
  if (!mod.exports || typeof mod.exports.compile !== 'function') {
    throw new Error(`${file} did not export a compiler with compile()`);
  }
  return mod.exports;
}

function loadCompilers(file, languages) {
  const compilers = {};
  const source = fs.readFileSync(file, 'utf8');
  if (languages.some((lang) => lang !== 'python-rw')) {
    compilers.readOnly = loadCompilerSource(source, file);
  }
  if (languages.includes('python-rw')) {
    compilers.readWrite = loadCompilerSource(readWriteSource(source, file), file);
  }
  return compilers;
}

function loadKsy(file) {
  return yaml.load(fs.readFileSync(file, 'utf8'), { filename: file });
}

function siblingImporter(folder, seen) {
  return {
    importYaml(name, mode) {
      if (mode !== 'rel' || name.includes('/') || name.includes('\\') || name.includes('..')) {
        return Promise.reject(new Error(
          `import '${name}' (${mode}): only sibling imports by bare name are allowed`));
      }
      const file = path.join(folder, name + '.ksy');
      if (!fs.existsSync(file)) {
        return Promise.reject(new Error(`import '${name}': no sibling file ${file}`));
      }
      seen.add(name);
      try {
        return Promise.resolve(loadKsy(file));
      } catch (e) {
        return Promise.reject(e);
      }
    },
  };
}

function describe(err) {
  if (err && typeof err === 'object' && typeof err.jl_Throwable__f_s === 'string') {
    return err.jl_Throwable__f_s.trim();
  }
  return String(err && err.message ? err.message : err).trim();
}

async function compileOne(file, languages, compilers) {
  const result = { id: null, imports: [], outputs: {}, errors: [] };
  let ksy;
  try {
    ksy = loadKsy(file);
  } catch (e) {
    result.errors.push(`YAML: ${describe(e)}`);
    return result;
  }
  result.id = ksy && ksy.meta ? ksy.meta.id : null;
  const stem = path.basename(file, '.ksy');
  if (result.id !== stem) {
    result.errors.push(`meta.id '${result.id}' must equal the file name '${stem}'`);
  }
  result.imports = (ksy && ksy.meta && ksy.meta.imports) || [];
  for (const lang of languages) {
    const seen = new Set();
    try {
      let input = ksy;
      if (lang === 'expressions') {
        const derived = deriveExpressions(ksy);
        input = derived.ksy;
        result.expressions = derived.table;
        result.ksy = ksy;
      }
      // debugMode false: the same code a user gets from the compiler's defaults.
      const compiler = lang === 'python-rw' ? compilers.readWrite : compilers.readOnly;
      const target = lang === 'python-rw' || lang === 'expressions' ? 'python' : lang;
      result.outputs[lang] = await compiler.compile(target, input, siblingImporter(path.dirname(file), seen), false);
    } catch (e) {
      result.errors.push(`${lang}: ${describe(e)}`);
    }
  }
  return result;
}

// The derived spec of "expressions": a copy of `ksy` whose types get one extra instance per
// expression the encoder evaluates, named `wsx_<n>` (a name no type of the spec uses):
//  - a field's `switch-on` and each case key (not `_`): a value instance of that expression;
//  - a type reference with arguments (`name(args)`, a field's type or a case's): a parse
//    instance of that type at `pos: 0`, so the compiler translates the arguments in place,
//    as it does for the field (the constructor call it writes holds them);
//  - an `if:` that refers to `_io.size` (checked after writing): a value instance;
//  - every seq field's `if:`, `size:` and `repeat-expr:` given as an expression: a value
//    instance each (roles "when", "size", "count": a writer that needs no objects);
//  - `_index` itself, once, in the top-level type: the name the compiler gives it (the
//    repeat loop's variable, used as is in instances too), so that the arguments of
//    repeated fields can be evaluated for a given index.
// Fields are the seq fields and the parse instances that have a type. Returns the derived
// spec and the table: per field {path (type names from the top-level type), field, kind
// ("seq" or "instance"), repeat, switch {on, text, cases [{key (null for `_`), text, ref,
// args}]} or type {ref, args, text}, if {name, text}, when, size, count {name, text}},
// and index: the `_index` instance.
function deriveExpressions(ksy) {
  const spec = JSON.parse(JSON.stringify(ksy));
  const taken = new Set();
  (function collect(type) {
    for (const attr of type.seq || []) if (attr.id) taken.add(attr.id);
    for (const name of Object.keys(type.instances || {})) taken.add(name);
    for (const param of type.params || []) if (param.id) taken.add(param.id);
    for (const sub of Object.values(type.types || {})) collect(sub);
  })(spec);
  let counter = 0;
  function fresh() {
    let name;
    do { name = `wsx_${counter++}`; } while (taken.has(name));
    taken.add(name);
    return name;
  }
  const table = { fields: [], index: null };
  const refName = (ref) => String(ref).split('(')[0].trim();
  const hasArgs = (ref) => String(ref).includes('(');

  function walk(type, typePath) {
    const added = {};
    const value = (expr) => { const name = fresh(); added[name] = { value: String(expr) }; return name; };
    const call = (ref) => { const name = fresh(); added[name] = { pos: 0, type: String(ref) }; return name; };
    const fields = (type.seq || []).map((attr) => [attr.id, attr, 'seq']);
    for (const [name, inst] of Object.entries(type.instances || {})) {
      if (inst.type !== undefined && inst.value === undefined) fields.push([name, inst, 'instance']);
    }
    for (const [id, attr, kind] of fields) {
      if (!id) continue;
      const entry = { path: typePath, field: id, kind, repeat: attr.repeat !== undefined };
      const t = attr.type;
      if (t !== null && typeof t === 'object') {
        const cases = [];
        for (const [key, ref] of Object.entries(t.cases || {})) {
          cases.push({ key: key === '_' ? null : value(key), text: key, ref: refName(ref),
            args: hasArgs(ref) ? call(ref) : null });
        }
        entry.switch = { on: value(t['switch-on']), text: String(t['switch-on']), cases };
      } else if (typeof t === 'string' && hasArgs(t)) {
        entry.type = { ref: refName(t), args: call(t), text: t };
      }
      if (kind === 'seq' && typeof attr.if === 'string' && attr.if.includes('_io.size')) {
        entry.if = { name: value(attr.if), text: attr.if };
      }
      if (kind === 'seq') {
        // what a writer without read-write objects evaluates: the presence, size and
        // count of every field
        if (typeof attr.if === 'string') entry.when = { name: value(attr.if), text: attr.if };
        if (typeof attr.size === 'string') entry.size = { name: value(attr.size), text: attr.size };
        if (typeof attr['repeat-expr'] === 'string') {
          entry.count = { name: value(attr['repeat-expr']), text: attr['repeat-expr'] };
        }
      }
      if (entry.switch || entry.type || entry.if || entry.when || entry.size || entry.count) {
        table.fields.push(entry);
      }
    }
    for (const [name, sub] of Object.entries(type.types || {})) walk(sub, typePath.concat([name]));
    if (typePath.length === 0) table.index = value('_index');
    if (Object.keys(added).length) type.instances = Object.assign(type.instances || {}, added);
  }
  walk(spec, []);
  return { ksy: spec, table };
}

async function main() {
  const request = JSON.parse(fs.readFileSync(0, 'utf8'));
  const languages = request.languages || ['python', 'javascript'];
  const compilers = loadCompilers(request.compiler || COMPILER_FILE, languages);
  const any = compilers.readOnly || compilers.readWrite;
  const answer = { compiler: any.version, results: {} };
  const extra = request.extra || {};
  for (const file of request.specs) {
    const own = Object.keys(extra).filter((lang) => extra[lang].includes(file));
    answer.results[file] = await compileOne(file, languages.concat(own), compilers);
  }
  process.stdout.write(JSON.stringify(answer));
}

main().catch((e) => {
  process.stderr.write(`ksc.js: ${describe(e)}\n`);
  process.exit(2);
});
