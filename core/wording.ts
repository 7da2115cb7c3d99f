/**
 * Codes first, words second (design.md § "A result"; ESLint's `messages` map from a messageId
 * to its template, reported as `messageId` + `data`). A tool's `wording.ts` declares what each
 * of its codes needs (an interface from code to data) and how each is said; the tool reports
 * codes and data, and its sentences are made here, in one place, from them.
 */
import type { Assumption, Check, CodeData, Finding, Said, Verdict } from "./result.ts";

/** How each code of `M` is said: a function of its data. */
export type Sentences<M> = { [K in keyof M]: (data: M[K]) => string };

/** How each finding code of `M` is said: its title and, where there is more to say, its detail. */
export type FindingSentences<M> = {
  [K in keyof M]: (data: M[K]) => { title: string; detail?: string };
};

/**
 * The sentence maker of one tool: `say(code, data)` is the sentence; `say.verdict(status,
 * code, data)` a verdict carrying code, data and the sentence made of them; `say.step(code,
 * data)` a step for `ctx.step` and `say.assumption(code, data, more)` an assumption, each with
 * its code and data beside its sentence.
 */
export function wording<M>(sentences: Sentences<M>) {
  const say = <K extends keyof M & string>(code: K, data: M[K]): string => sentences[code](data);
  const verdict = <K extends keyof M & string>(
    status: Verdict["status"],
    code: K,
    data: M[K],
  ): Verdict => ({ status, code, data: data as CodeData, text: say(code, data) });
  const step = <K extends keyof M & string>(code: K, data: M[K]): Said => ({
    code,
    data: data as CodeData,
    text: say(code, data),
  });
  const assumption = <K extends keyof M & string>(
    code: K,
    data: M[K],
    more: Pick<Assumption, "input" | "from"> = {},
  ): Assumption => ({ text: say(code, data), ...more, code, data: data as CodeData });
  return Object.assign(say, { verdict, step, assumption });
}

/** The code, data, title and detail of a finding, from its code and data. */
export function findingWords<M>(sentences: FindingSentences<M>) {
  return <K extends keyof M & string>(
    code: K,
    data: M[K],
  ): Pick<Finding, "code" | "data" | "title"> & { detail?: string } => {
    const w = sentences[code](data);
    return {
      code,
      data: data as CodeData,
      title: w.title,
      ...(w.detail !== undefined ? { detail: w.detail } : {}),
    };
  };
}

/** The code and data of a check (spread into it). */
export function coded<K extends string>(code: K, data: object): Pick<Check, "code" | "data"> {
  return { code, data: data as CodeData };
}
