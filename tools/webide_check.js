// Opens a wirestruct Web IDE export the way the Kaitai Web IDE would: the .ksy files of
// DIR/ksy are compiled with the JavaScript build of the pinned compiler (flat folder,
// sibling imports), the compiled parsers run on the npm `kaitai-struct` runtime, and
// every file listed in DIR/index.json (plus capture.wscap) is parsed with its spec.
// Prints {"<file>": <parsed object as plain JSON> | {"__error__": "..."}} on stdout.
//
// Integers are written exactly: as the decimal digits of the value JavaScript holds (a
// Number, or a BigInt), never through a double-to-text round trip, so that the Python
// side reads them as exact integers and a value JavaScript rounded shows up as a
// difference. A computed instance (a getter) whose integer value is beyond 2^53 is
// written as {"__rounded__": <digits>}: the Web IDE shows such values rounded, and their
// parts (sequence fields) are what is exact.
//
// Usage: node tools/webide_check.js DIR
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const Module = require('module');
const yaml = require('js-yaml');
const compiler = require('kaitai-struct-compiler');
const KaitaiStream = require('kaitai-struct/KaitaiStream');

// A marker for an integer written as raw JSON digits.
class ExactInt {
  constructor(digits) { this.digits = digits; }
}

function plainNumber(value, computed) {
  if (typeof value === 'bigint') return new ExactInt(value.toString());
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : (value > 0 ? 'Infinity' : '-Infinity');
  if (!Number.isInteger(value)) return value;
  const exact = new ExactInt(BigInt(value).toString());
  return computed && !Number.isSafeInteger(value) ? { __rounded__: exact } : exact;
}

function toPlain(value, computed = false) {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (Array.isArray(value)) return value.map((v) => toPlain(v, computed));
  if (typeof value === 'number' || typeof value === 'bigint') return plainNumber(value, computed);
  if (value && typeof value === 'object' && '_io' in value) {
    const out = {};
    for (const key of Object.keys(value)) {
      if (!key.startsWith('_')) out[key] = toPlain(value[key]);
    }
    const proto = Object.getPrototypeOf(value);
    for (const key of Object.getOwnPropertyNames(proto)) {
      const desc = Object.getOwnPropertyDescriptor(proto, key);
      if (!desc || !desc.get || key.startsWith('_') || key in out) continue;
      try {
        out[key] = toPlain(value[key], true);
      } catch (e) {
        // an instance that cannot be computed is left out, as the Python dumper does
      }
    }
    return out;
  }
  return value === undefined ? null : value;
}

// JSON text with every ExactInt as its digits (JSON.stringify would go through a double).
function toJson(value) {
  if (value instanceof ExactInt) return value.digits;
  if (Array.isArray(value)) return '[' + value.map(toJson).join(',') + ']';
  if (value && typeof value === 'object') {
    return '{' + Object.entries(value).map(([k, v]) => JSON.stringify(k) + ':' + toJson(v)).join(',') + '}';
  }
  return JSON.stringify(value === undefined ? null : value);
}

async function main() {
  const dir = process.argv[2];
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
  const ksyDir = path.join(dir, 'ksy');
  const importer = {
    importYaml(name, mode) {
      if (mode !== 'rel' || name.includes('/')) {
        return Promise.reject(new Error(`import ${name}: not a sibling import`));
      }
      return Promise.resolve(yaml.load(fs.readFileSync(path.join(ksyDir, name + '.ksy'), 'utf8')));
    },
  };
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'wirestruct-webide-'));
  const classes = {};
  const wanted = new Set([index.container_spec, ...index.files.map((f) => f.spec)]);
  for (const specFile of wanted) {
    const ksy = yaml.load(fs.readFileSync(path.join(ksyDir, specFile), 'utf8'));
    const files = await compiler.compile('javascript', ksy, importer, false);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(out, name), text);
    const main = Object.keys(files).find((n) => {
      const id = ksy.meta.id.split('_').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
      return n === id + '.js';
    });
    classes[specFile] = { file: path.join(out, main), name: main.replace(/\.js$/, '') };
  }
  // The compiled parsers live in a temporary folder: resolve their
  // `kaitai-struct/KaitaiStream` from NODE_PATH as given (wirestruct passes the user's
  // folders, then those it found), then a checkout's pinned node_modules.
  const given = (process.env.NODE_PATH || '').split(path.delimiter).filter((p) => p);
  process.env.NODE_PATH = [...given, path.join(__dirname, '..', 'node_modules')].join(path.delimiter);
  Module._initPaths();
  const results = {};
  const targets = [{ file: index.container, spec: index.container_spec }, ...index.files];
  for (const target of targets) {
    const cls = classes[target.spec];
    try {
      const mod = require(cls.file);
      const Parser = mod[cls.name];
      const bytes = fs.readFileSync(path.join(dir, target.file));
      const parsed = new Parser(new KaitaiStream(new Uint8Array(bytes).buffer));
      results[target.file] = toPlain(parsed);
    } catch (e) {
      results[target.file] = { __error__: String(e && e.message ? e.message : e) };
    }
  }
  fs.rmSync(out, { recursive: true, force: true });
  process.stdout.write(toJson(results));
}

main().catch((e) => {
  process.stderr.write(`webide_check.js: ${e && e.jl_Throwable__f_s ? e.jl_Throwable__f_s : e}\n`);
  process.exit(2);
});
