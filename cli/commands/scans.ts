/**
 * `threshold import <file>`, `scans` (list, rm), `plan <sid>` and `use <sid>`: buildings in
 * and out of the store.
 * @module
 */
import { InputError } from "../../ground/errors.ts";
import type { Plan } from "../../ground/plan.ts";
import { printable, printableLine } from "../../core/printable.ts";
import { err, L, out, type Register, store, storeHome, tableOf } from "../common.ts";
import { termWidth, wrapIndented } from "../layout.ts";

/** `import <file>`: a building into the store. */
export const importScan: Register = (p, { act }) => {
  p.command("import <file> [bcf-file]").description(
    "Import a building (plan JSON and the formats in layers/); import bcf FILE --scan SID: statuses from a BIM tool",
  )
    .option("--id <sid>", "store under this scan id")
    .option("--replace", "replace the building already stored under that id (refused otherwise)")
    .option("--json", "print the import report as JSON")
    .option("--scan <sid>", "import bcf: the scan the topics are about")
    .option("--list", "import bcf: print the file's topics and change nothing")
    .option("--dry-run", "import bcf: say what would change and change nothing")
    .action(act(async (
      file: string,
      bcfFile: string | undefined,
      o: {
        id?: string;
        json?: boolean;
        replace?: boolean;
        scan?: string;
        list?: boolean;
        dryRun?: boolean;
      },
    ) => {
      if (file === "bcf") {
        const { importBcf } = await import("./handoff.ts");
        return await importBcf(bcfFile, o);
      }
      if (bcfFile !== undefined) {
        throw new InputError(
          "file",
          `import takes one file, got ${JSON.stringify(file)} and ${
            JSON.stringify(bcfFile)
          }; for a BCF file: threshold import bcf FILE --scan SID`,
        );
      }
      const { importLimits } = await import("../../layers/mod.ts");
      // In a worker that is ended at the time limit where the parser is wasm (IFC).
      const { importStoppable } = await import("../../layers/stoppable.ts");
      const { storeScanReleasing } = await import("../../layers/store_scan.ts");
      const s = store();
      const { loaded, report } = await importStoppable(file, { id: o.id, ...importLimits(s) });
      // A replaced web tour upload's images go once no stored scan reads them.
      const stored = await storeScanReleasing(s, storeHome(), loaded, report, {
        replace: o.replace,
        input: "--id",
      });
      const p = loaded.plan;
      const count = (k: string) => p.openings.filter((x) => x.kind === k).length;
      if (o.json) return out(JSON.stringify({ scan: p.id, report, stored }, null, 2));
      // The name is data too: a crafted file name cannot recolour or retitle the terminal.
      const width = termWidth();
      // What changes every answer about the building comes first (layers/headlines.ts).
      for (const h of report.headlines ?? []) {
        out(wrapIndented(`Warning: ${printableLine(h.text)}`, width, "", "  "));
      }
      out(
        wrapIndented(
          `Imported ${printableLine(file)} as scan ${p.id} (${report.format})`,
          width,
          "",
          "  ",
        ),
      );
      if (stored.replaced) {
        const f = stored.findings!;
        out(wrapIndented(
          `It replaced "${stored.replaced.name}" (${stored.replaced.rooms} rooms, imported ${
            stored.replaced.imported_at.slice(0, 10)
          }): ${f.kept} open finding(s) kept, ${f.matched} matched to the same element under its new id, ${f.gone} closed as gone (their subject is not in this building).`,
          width,
          "",
          "  ",
        ));
      }
      out(
        tableOf([
          "Floors",
          "Rooms",
          "Doors",
          "Windows",
          "Openings",
          "Verticals",
          "Objects",
          "Sweeps",
          "Warnings",
        ], [[
          p.floors.length,
          p.rooms.length,
          count("door"),
          count("window"),
          count("opening"),
          p.verticals.length,
          p.objects.length,
          p.sweeps.length,
          report.warnings.length,
        ]]),
      );
      for (
        const [title, list] of [["Mapped", report.mapped], ["Source lacked", report.lacking], [
          "Assumptions",
          report.assumptions,
        ], ["Warnings", report.warnings]] as const
      ) {
        if (!list.length) continue;
        out(
          `${title}:\n${
            list.map((x) => wrapIndented(printableLine(x), width, "  - ", "    ")).join("\n")
          }`,
        );
      }
    }));
};

/** `scans` (list, rm): the stored scans and the built-in demo. */
export const scans: Register = (p, { act }) => {
  const scans = p.command("scans").description(
    "List scans (stored, and the built-in demo); scans rm <sid> deletes one",
  );
  scans.command("rm <sid>").description("Delete a scan with its runs and findings")
    .action(act(async (sid: string) => {
      if (sid in L.BUILTIN_SCANS) {
        throw new InputError("sid", `${sid} is the built-in demo building; it cannot be deleted`);
      }
      const s = store();
      const { releaseUploadFolders, uploadFolders } = await import("../../layers/store_scan.ts");
      const home = storeHome();
      const was = home ? uploadFolders(home, s.getScan(sid)?.plan) : [];
      if (!s.deleteScan(sid)) {
        throw new InputError(
          "sid",
          `no stored scan ${JSON.stringify(sid)}; stored scans: ${
            s.listScans().map((x) => x.id).join(", ") || "none"
          }`,
        );
      }
      const images = home ? (await releaseUploadFolders(s, home, was)).length : 0;
      out(
        `Deleted scan ${sid} with its runs and findings${
          images ? ", and the uploaded images only it used" : ""
        }`,
      );
    }));
  scans.command("list", { isDefault: true }).description("List scans").option("--json")
    .action(act((o: { json?: boolean }) => {
      const all = L.listScanEntries({ store: store(), builtins: L.BUILTIN_SCANS });
      const sel = all.find((r) => r.selected)?.id;
      if (o.json) return out(JSON.stringify({ selected: sel ?? null, scans: all }, null, 2));
      out(
        tableOf(
          ["", "Scan", "Name", "Format", "Floors", "Rooms", "Imported"],
          all.map((r) => [
            r.selected ? "*" : "",
            r.id,
            r.name,
            r.builtin ? "built-in" : r.format,
            r.floors,
            r.rooms,
            r.imported_at ?? "",
          ]),
        ),
      );
    }));
};

/** `plan <sid>`: a scan's plan, by names. */
export const plan: Register = (p, { act }) => {
  p.command("plan <sid>").description("Show a scan's plan").option("--json", "the plan JSON")
    .option("--ids", "add each element's id (names only by default)")
    .action(act(async (sid: string, o: { json?: boolean; ids?: boolean }) => {
      const loaded = L.requirePlan({ store: store(), builtins: L.BUILTIN_SCANS }, sid);
      const pl: Plan = loaded.plan;
      if (o.json) return out(JSON.stringify(pl, null, 2));
      const { planNames } = await import("../../ground/names.ts");
      const names = planNames(pl);
      const id = (x: string) => (o.ids ? [x] : []);
      out(printableLine(
        `${pl.name || pl.id} (${pl.source.format}${pl.source.ref ? `: ${pl.source.ref}` : ""})`,
      ));
      if (pl.site) {
        out(printableLine(
          `Site: ${pl.site.lat}, ${pl.site.lon}${pl.site.address ? ` — ${pl.site.address}` : ""}`,
        ));
      }
      // People read names: floors, rooms and openings by name; ids with --ids.
      out(
        tableOf(
          ["Floor", "Room", "Label", ...(o.ids ? ["Id"] : []), "Height (m)"],
          pl.rooms.map((r) => [
            names.floor.get(r.floor) ?? r.floor,
            names.room.get(r.id) ?? r.id,
            r.label,
            ...id(r.id),
            r.height_m ?? "—",
          ]),
        ),
      );
      out(
        tableOf(
          ["Opening", "Floor", ...(o.ids ? ["Id"] : []), "Width (m)", "Threshold (m)"],
          pl.openings.map((x) => [
            names.opening.get(x.id) ?? x.id,
            names.floor.get(x.floor) ?? x.floor,
            ...id(x.id),
            x.width_m,
            x.threshold_m ?? "—",
          ]),
        ),
      );
      for (const w of loaded.warnings) err(`warning: ${printable(w)}`);
    }));
};

/** `use <sid>`: select a scan for later runs. */
export const use: Register = (p, { act }) => {
  p.command("use <sid>").description("Select a scan; later runs are filled from it")
    .action(act((sid: string) => {
      L.selectScan({ store: store(), builtins: L.BUILTIN_SCANS }, sid);
      out(`Selected scan ${sid}`);
    }));
};
