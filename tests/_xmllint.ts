/**
 * Validates XML against the shipped BCF 3.0 schemas with xmllint (Debian libxml2-utils, which
 * the test command installs). A missing xmllint fails the test with the package to install.
 */
import { join } from "node:path";
import { sharedData } from "./_data.ts";

/** The schema each BCF 3.0 part is checked against, by file name. */
export function schemaFor(path: string): string | undefined {
  const name = path.split("/").pop()!.toLowerCase();
  if (name === "bcf.version") return "version.xsd";
  if (name === "extensions.xml") return "extensions.xsd";
  if (name === "project.bcfp") return "project.xsd";
  if (name === "documents.xml") return "documents.xsd";
  if (name.endsWith(".bcf")) return "markup.xsd";
  if (name.endsWith(".bcfv")) return "visinfo.xsd";
  return undefined;
}

/**
 * Runs `xmllint --noout --schema` on every XML part (path → bytes); returns the failures
 * (path and xmllint's message), empty when every part validates.
 */
export async function xmllintParts(parts: Record<string, Uint8Array>): Promise<string[]> {
  const dir = await Deno.makeTempDir({ prefix: "bcf-xmllint-" });
  const schemas = sharedData("bcf/schemas-3.0");
  const bad: string[] = [];
  try {
    for (const [path, bytes] of Object.entries(parts)) {
      const xsd = schemaFor(path);
      if (!xsd) continue;
      const file = join(dir, path.replaceAll("/", "__"));
      await Deno.writeFile(file, bytes);
      let out: Deno.CommandOutput;
      try {
        out = await new Deno.Command("xmllint", {
          args: ["--noout", "--schema", join(schemas, xsd), file],
          stdout: "piped",
          stderr: "piped",
        }).output();
      } catch (e) {
        throw new Error(
          `xmllint could not be run (${(e as Error).message}): apt-get install -y libxml2-utils`,
        );
      }
      if (out.code !== 0) bad.push(`${path}: ${new TextDecoder().decode(out.stderr).trim()}`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  return bad;
}
