/**
 * layers/ifc/lines.ts checkIfcLines as it was before issue 29 (commit ccd22ed): the whole file
 * decoded, split into lines and matched by a regular expression. Kept as the reference
 * tests/layers/ifc_lines_test.ts compares the byte scan that replaced it with, with one rule added
 * since (a line `#id = NAME` going on with anything but `(` is refused). Not library code.
 */
import { InputError } from "../../ground/errors.ts";
import { knownEntities, notAnInstanceText } from "../../layers/ifc/lines.ts";

/** Throws an InputError naming `ref` and the line of the first bad instance or byte. */
export function checkIfcLinesReference(bytes: Uint8Array, ref: string): void {
  // A control byte (other than tab, CR, LF): name its line.
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) {
      let line = 1;
      for (let k = 0; k < i; k++) if (bytes[k] === 0x0a) line++;
      throw new InputError(
        ref,
        `line ${line}: a control byte 0x${
          b.toString(16).padStart(2, "0")
        } (STEP files are printable text; ISO 10303-21 § 6.3): the file is damaged`,
      );
    }
  }
  const text = new TextDecoder("latin1").decode(bytes);
  const names = knownEntities();
  const instance = /^\s*#\d+\s*=\s*([A-Za-z0-9_]+)\s*\(/;
  const malformed = /^\s*(#\d+\s*=\s*[A-Za-z0-9_]+(?![A-Za-z0-9_])\s*[^\s(].*)$/;
  let line = 0;
  for (const l of text.split("\n")) {
    line++;
    const m = instance.exec(l);
    if (!m) {
      // `#id = NAME` followed by anything but `(` (December 2026: web-ifc loops on it).
      const w = malformed.exec(l);
      if (w) throw new InputError(ref, notAnInstanceText(line, w[1].slice(0, 40).trimEnd()));
      continue;
    }
    const name = m[1].toUpperCase();
    if (!names.has(name)) {
      throw new InputError(
        ref,
        `line ${line}: unknown IFC entity ${
          JSON.stringify(m[1])
        } (not in IFC2X3 or IFC4 as web-ifc reads them); the file is damaged or misspelt there`,
      );
    }
  }
}
