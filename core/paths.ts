/** Where the project's own folders are (no imports, so anything can use it cheaply). */

/** The project's own `tools/` folder. */
export const TOOLS_DIR: URL = new URL("../tools/", import.meta.url);
