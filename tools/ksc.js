// wirestruct's entry point to the pinned Kaitai Struct compiler (npm kaitai-struct-compiler).
//
// The compiler's JavaScript build has no command line, only a programmatic API, and takes
// about half a second to start; this script compiles every spec it is given in one Node
// process. It reads a JSON request on stdin:
//   {"specs": ["ksy/scrap_mechanic/network_update.ksy", ...],
//    "languages": ["python", "javascript", "python-rw", "lua"]}
// and writes a JSON answer on stdout:
//   {"compiler": "0.11.0", "results": {"<path>": {"id": ..., "imports": [...],
//     "outputs": {"python": {"<file>": "<text>"}, "javascript": {...}, "python-rw": {...},
//                 "lua": {...}},
//     "errors": [...]}}}
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
      // debugMode false: the same code a user gets from the compiler's defaults.
      const compiler = lang === 'python-rw' ? compilers.readWrite : compilers.readOnly;
      const target = lang === 'python-rw' ? 'python' : lang;
      result.outputs[lang] = await compiler.compile(target, ksy, siblingImporter(path.dirname(file), seen), false);
    } catch (e) {
      result.errors.push(`${lang}: ${describe(e)}`);
    }
  }
  return result;
}

async function main() {
  const request = JSON.parse(fs.readFileSync(0, 'utf8'));
  const languages = request.languages || ['python', 'javascript'];
  const compilers = loadCompilers(request.compiler || COMPILER_FILE, languages);
  const any = compilers.readOnly || compilers.readWrite;
  const answer = { compiler: any.version, results: {} };
  for (const file of request.specs) {
    answer.results[file] = await compileOne(file, languages, compilers);
  }
  process.stdout.write(JSON.stringify(answer));
}

main().catch((e) => {
  process.stderr.write(`ksc.js: ${describe(e)}\n`);
  process.exit(2);
});
