/**
 * HTML → PDF through headless Chromium (the same browser the browser tests drive through
 * playwright-core): A4, backgrounds printed, a tagged PDF with an outline from the headings
 * so screen readers and PDF viewers can move by them. `CHROMIUM` names the browser
 * (default /usr/bin/chromium).
 */
import { chromium } from "playwright-core";

/** The Chromium the PDF is printed with. */
export function chromiumPath(): string {
  return Deno.env.get("CHROMIUM") ?? "/usr/bin/chromium";
}

/** Prints one self-contained HTML document as PDF bytes. */
export async function htmlToPdf(html: string): Promise<Uint8Array> {
  const exe = chromiumPath();
  try {
    await Deno.stat(exe);
  } catch {
    throw new Error(
      `no Chromium at ${exe} to print the PDF: install it (apt-get install -y chromium) or set CHROMIUM; the .html report needs no browser`,
    );
  }
  const browser = await chromium.launch({ executablePath: exe, args: ["--no-sandbox"] });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: "load" });
    const pdf = await page.pdf({
      format: "A4",
      printBackground: true,
      margin: { top: "15mm", bottom: "15mm", left: "12mm", right: "12mm" },
      tagged: true,
      outline: true,
    });
    return new Uint8Array(pdf);
  } finally {
    await browser.close();
  }
}
