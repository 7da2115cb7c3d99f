/**
 * code_check's steps and assumptions, made in one place from codes and data (core/wording.ts).
 * The pack's coverage and scope notes are said by the rules engine
 * (engines/geometry/rules/scope.ts) from their own codes; they are carried here with those codes.
 */
import { wording } from "../../core/wording.ts";
import { formatValue } from "../../engines/geometry/rules/mod.ts";

/** A rule named in a sentence: its id and section. */
export interface RuleRef {
  id: string;
  section: string;
}

/** What each sentence needs, by code. */
export interface Messages {
  "step.loading": { pack?: string; given: boolean };
  "step.checking": { rules: number; pack_title: string; scan: string };
  "step.done": { fail: number; warn: number; pass: number; unknown: number };
  "assumption.occupancy_default": { occupancy: string; pack: string };
  "assumption.level_default": { level: string; pack: string };
  /** Whether the pack governs the building; `sentence` is the engine's (scope.ts). */
  "assumption.coverage": { coverage: string; sentence: string } & Record<string, unknown>;
  /** A statement about the scope; `sentence` is the engine's (scope.ts scopeNoteText). */
  "assumption.scope_note": { note: string; sentence: string } & Record<string, unknown>;
  /** How a measure was taken, as the rules engine says it. */
  "assumption.method": { sentence: string };
  "assumption.older_text": { pack_title: string; edition: string; older: string[] };
  "assumption.unverified_failing": { rules: RuleRef[] };
  "assumption.unverified": { rules: RuleRef[] };
  "assumption.not_applicable": { rules: { id: string; reason: string }[] };
  /** Values estimated, not read, judged within their bounds: what, how, and ±error_m. */
  "assumption.estimated": {
    estimates: { what: string; basis: string; error_m: number; names: string[] }[];
  };
}

const refs = (rules: RuleRef[]) => rules.map((r) => `${r.id} (${r.section})`).join(", ");

export const say = wording<Messages>({
  "step.loading": (d) => `Loading rule pack ${d.given ? "(given)" : d.pack}`,
  "step.checking": (d) => `Checking ${d.rules} rules of ${d.pack_title} on scan ${d.scan}`,
  "step.done": (d) =>
    `Done: ${d.fail} fail, ${d.warn} too close to call, ${d.pass} pass, ${d.unknown} unknown`,
  "assumption.occupancy_default": (d) =>
    `Checked as a ${d.occupancy} building: the default of ${d.pack}.`,
  "assumption.level_default": (d) => `Checked at level ${d.level}: the default of ${d.pack}.`,
  "assumption.coverage": (d) => d.sentence,
  "assumption.scope_note": (d) => d.sentence,
  "assumption.method": (d) => d.sentence,
  "assumption.older_text": (d) =>
    `${d.pack_title} ${d.edition}: the values were checked against ${
      d.older.join(", ")
    } text, not the ${d.edition} edition itself.`,
  "assumption.unverified_failing": (d) =>
    `The verdict rests in part on unverified rule(s): ${
      refs(d.rules)
    }; check them against the primary source before relying on their findings.`,
  "assumption.unverified": (d) =>
    `${d.rules.length} rule(s) are unverified (not yet checked against the primary source): ${
      refs(d.rules)
    }.`,
  "assumption.not_applicable": (d) =>
    `${d.rules.length} rule(s) do not apply here: ${
      d.rules.map((n) => `${n.id} (${n.reason})`).join("; ")
    }.`,
  "assumption.estimated": (d) =>
    `Estimated, not read, so judged within their bounds (estimated — measure on site): ${
      d.estimates.map((g) =>
        `${g.what} of ${g.names.join(", ")} (${g.basis.replace(/\.$/, "")}; ±${
          formatValue(g.error_m, "m")
        } on top of the scan's uncertainty)`
      ).join("; ")
    }.`,
});
