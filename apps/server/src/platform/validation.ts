// The validator of every call's query and body: the contract's zod schemas, after one check that
// applies to every text whatever its schema says: PostgreSQL refuses NUL characters in text.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from './errors';

/** The path (a.b.0) of the first string or key holding a NUL character, or undefined. */
export function pathOfNul(value: unknown, at: string[] = []): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...at, key];
    const found = pathOfNul(item, [...at, key]);
    if (found) return found;
  }
  return undefined;
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const nul = pathOfNul(data);
    if (nul)
      return {
        error: ApiError.badRequest(
          `${[route.httpPart ?? 'input', ...nul].join('.').replaceAll('\u0000', '\\u0000')}: 不能包含空字符 (\\u0000)`,
        ),
      };
    return validate(data);
  };
};
