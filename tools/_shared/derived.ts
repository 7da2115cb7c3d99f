/**
 * Rooms an importer derived (ground/plan.ts `Room.derived`: an IFC storey with no IfcSpace gets
 * the rectangle inside its walls so its doors have a side) are not rooms of the file: no tool
 * judges one (design.md "Truthful results"), and each tool says which it left out and why.
 * The folder starts with "_" so the registry does not take it for a tool.
 */
import type { Plan, Room } from "../../ground/plan.ts";

/** The plan's rooms split into those a tool may judge and those an importer derived. */
export function splitDerived(plan: Pick<Plan, "rooms">): { rooms: Room[]; derived: Room[] } {
  return {
    rooms: plan.rooms.filter((r) => !r.derived),
    derived: plan.rooms.filter((r) => r.derived),
  };
}

/**
 * One assumption per derived room, coded `assumption.derived_room` with the room's id, name and
 * how the importer derived it: "Not judged: <name> (<how the importer derived it>)."
 */
export function derivedAssumptions(
  derived: Room[],
): { text: string; code: string; data: { room: string; name: string; derived: string } }[] {
  return derived.map((r) => ({
    text: `Not judged: ${r.name ?? r.id} (${r.derived}).`,
    code: "assumption.derived_room",
    data: { room: r.id, name: r.name ?? r.id, derived: r.derived ?? "" },
  }));
}

/** The verdict sentence when a scan has no room left to judge once derived rooms are out. */
export function onlyDerivedText(scan: string, derived: Room[]): string {
  return `Scan ${scan} has no room of its own to judge: ${derived[0].derived}.`;
}

/** The `unknown` verdict when a scan has no room left to judge once derived rooms are out. */
export function onlyDerivedVerdict(scan: string, derived: Room[]) {
  return {
    status: "unknown" as const,
    code: "verdict.only_derived",
    data: { scan, derived: derived.map((r) => r.id), why: derived[0].derived },
    text: onlyDerivedText(scan, derived),
  };
}

/** The sentence when a person names a derived room as the one to judge. */
export function derivedTargetText(room: Room): string {
  return `${
    room.name ?? room.id
  } is not a room of the file (${room.derived}), so it is not judged: name a room the file has.`;
}
