/**
 * ground/names.ts disambiguate as it was before issue 29 gave groups without qualifiers a path
 * of their own (commit 29af8eb), kept as the reference tests/ground/disambiguate_test.ts
 * compares the names with. Not library code.
 */
/** Gives repeated names a suffix: the qualifier when it tells them apart, else (2), (3), …. */
export function disambiguateReference(
  items: { id: string; base: string; qualifier?: string }[],
): Map<string, string> {
  const out = new Map<string, string>();
  const groups = new Map<string, typeof items>();
  for (const it of items) {
    // Pushed in place: copying the group on every item made 100,000 same-named rooms quadratic.
    const key = it.base.toLowerCase();
    const g = groups.get(key);
    if (g) g.push(it);
    else groups.set(key, [it]);
  }
  const taken = new Set(items.map((i) => i.base.toLowerCase()));
  for (const group of groups.values()) {
    if (group.length === 1) {
      out.set(group[0].id, group[0].base);
      continue;
    }
    const quals = group.map((g) => g.qualifier ?? "");
    const qualUnique = quals.every((q) => q) && new Set(quals).size === quals.length;
    const byQual = new Map<string, typeof group>();
    for (const g of group) {
      const q = g.qualifier ?? "";
      const sub = byQual.get(q);
      if (sub) sub.push(g);
      else byQual.set(q, [g]);
    }
    for (const [q, sub] of byQual) {
      sub.forEach((g, k) => {
        const parts: string[] = [];
        if (q && (qualUnique || byQual.size > 1)) parts.push(q);
        if (sub.length > 1) parts.push(String(k + 1));
        let name = `${g.base} (${parts.join(", ")})`;
        while (taken.has(name.toLowerCase())) name += "′";
        taken.add(name.toLowerCase());
        out.set(g.id, name);
      });
    }
  }
  return out;
}
