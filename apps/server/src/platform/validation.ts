// The validator of every call's query and body: the contract's zod schemas, after one check that
// applies to every text whatever its schema says: PostgreSQL refuses NUL characters in text.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from './errors';

/**
 * The path (a.b.0) of the first string or key holding a NUL character, or undefined. Walked with a stack of
 * its own, not by recursion: a body nested thousands deep (JSON.parse takes it) must be a 400, not a stack overflow.
 */
export function pathOfNul(value: unknown): string[] | undefined {
  interface Step {
    value: unknown;
    key: string;
    parent: Step | undefined;
  }
  const pathTo = (step: Step | undefined, last?: string) => {
    const path = last === undefined ? [] : [last];
    for (let at = step; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const pending: Step[] = [{ value, key: '', parent: undefined }];
  while (pending.length > 0) {
    const step = pending.pop()!;
    if (typeof step.value === 'string') {
      if (step.value.includes('\u0000')) return pathTo(step);
      continue;
    }
    if (step.value === null || typeof step.value !== 'object') continue;
    const entries = Object.entries(step.value);
    for (const [key] of entries) if (key.includes('\u0000')) return pathTo(step, key);
    // Reversed onto the stack, so that the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: step });
  }
  return undefined;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const nul = pathOfNul(data);
    if (nul)
      return {
        error: ApiError.badRequest({
          'zh-CN': `${[route.httpPart ?? 'input', ...nul].join('.').replaceAll('\u0000', '\\u0000')}: 不能包含空字符 (\\u0000)`,
          en: `${[route.httpPart ?? 'input', ...nul].join('.').replaceAll('\u0000', '\\u0000')}: cannot contain the null character (\\u0000)`,
        }),
      };
    return validate(data);
  };
};
