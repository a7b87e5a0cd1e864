// @ts-check
// The shape of protocol.js's typedefs as TypeScript's checker reads them, printed as
// JSON for tests/test_browser_protocol.py, which holds them to the server's messages:
//
//     node tests/js/typedefs.js TableInfo SeatInfo …
//
// For each name: {key: {optional, kinds}}, kinds being the sorted kinds of value the
// key may hold ("string", "number", "boolean", "null", "array", "object", or a string
// literal in JSON: "\"lobby\""). A union's keys are those of all its members, optional
// where some member lacks them.

import { fileURLToPath } from "node:url";

import ts from "typescript";

const PROTOCOL = fileURLToPath(new URL("../../src/loveletter/server/static/js/protocol.js", import.meta.url));

/** @typedef {{optional: boolean, kinds: string[]}} Key */

/**
 * The kinds of value a type allows.
 * @param {ts.TypeChecker} checker
 * @param {ts.Type} type
 * @returns {string[]}
 */
function kinds(checker, type) {
  if (type.isUnion()) return [...new Set(type.types.flatMap((member) => kinds(checker, member)))].sort();
  const flags = type.flags;
  if (type.isStringLiteral()) return [JSON.stringify(type.value)];
  if (flags & ts.TypeFlags.StringLike) return ["string"];
  if (flags & ts.TypeFlags.NumberLike) return ["number"];
  if (flags & ts.TypeFlags.BooleanLike) return ["boolean"];
  if (flags & ts.TypeFlags.Null) return ["null"];
  if (flags & ts.TypeFlags.Undefined) return []; // an optional key's: told by `optional`
  if (checker.isArrayType(type)) return ["array"];
  if (flags & ts.TypeFlags.Object) return ["object"];
  return [checker.typeToString(type)];
}

/**
 * @param {string[]} names
 * @returns {Record<string, Record<string, Key>>}
 */
export function typedefs(names) {
  const program = ts.createProgram([PROTOCOL], { allowJs: true, checkJs: true, noEmit: true, strict: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(PROTOCOL);
  const module = source && checker.getSymbolAtLocation(source);
  if (!source || !module) throw new Error(`cannot read ${PROTOCOL}`);
  const exported = new Map(checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]));
  /** @type {Record<string, Record<string, Key>>} */
  const found = {};
  for (const name of names) {
    const symbol = exported.get(name);
    if (!symbol) throw new Error(`protocol.js has no typedef ${name}`);
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    const members = type.isUnion() ? type.types : [type];
    /** @type {Record<string, Key>} */
    const keys = {};
    for (const member of members) {
      for (const property of member.getProperties()) {
        // A key that some members of a union lack is optional in the union.
        const everywhere = members.every((other) => other.getProperty(property.name));
        const optional = !everywhere || (property.flags & ts.SymbolFlags.Optional) !== 0;
        const held = kinds(checker, checker.getTypeOfSymbolAtLocation(property, source));
        const before = keys[property.name];
        keys[property.name] = before
          ? { optional: before.optional || optional, kinds: [...new Set([...before.kinds, ...held])].sort() }
          : { optional, kinds: held };
      }
    }
    found[name] = keys;
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${JSON.stringify(typedefs(process.argv.slice(2)))}\n`);
}
