// wirestruct's entry point to the pinned Kaitai Struct compiler (npm kaitai-struct-compiler).
//
// The compiler's JavaScript build has no command line, only a programmatic API, and takes
// about half a second to start; this script compiles every spec it is given in one Node
// process. It reads a JSON request on stdin:
//   {"specs": ["ksy/scrap_mechanic/network_update.ksy", ...], "languages": ["python", "javascript"]}
// and writes a JSON answer on stdout:
//   {"compiler": "0.11.0", "results": {"<path>": {"id": ..., "imports": [...],
//     "outputs": {"python": {"<file>": "<text>"}, "javascript": {...}}, "errors": [...]}}}
//
// YAML is parsed with js-yaml (YAML 1.2 core schema), as the Kaitai Web IDE parses it, so
// enum keys such as `on`, `off` and `yes` stay strings. Imports resolve the way the Web IDE
// resolves dropped files: by bare name, to a sibling .ksy in the importing spec's folder;
// absolute (`/name`) and parent (`../name`) imports are refused.
'use strict';
const fs = require('fs');
const path = require('path');
const yaml = require('js-yaml');
const compiler = require('kaitai-struct-compiler');

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

async function compileOne(file, languages) {
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
      result.outputs[lang] = await compiler.compile(lang, ksy, siblingImporter(path.dirname(file), seen), false);
    } catch (e) {
      result.errors.push(`${lang}: ${describe(e)}`);
    }
  }
  return result;
}

async function main() {
  const request = JSON.parse(fs.readFileSync(0, 'utf8'));
  const languages = request.languages || ['python', 'javascript'];
  const answer = { compiler: compiler.version, results: {} };
  for (const file of request.specs) {
    answer.results[file] = await compileOne(file, languages);
  }
  process.stdout.write(JSON.stringify(answer));
}

main().catch((e) => {
  process.stderr.write(`ksc.js: ${describe(e)}\n`);
  process.exit(2);
});
