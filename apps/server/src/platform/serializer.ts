// Answers checked against their contract schema, then written as JSON. Zod's encode (what the type provider
// runs) skips its compiled fast path for objects and took about four times as long as parse on a page of 20
// bills; for a schema of plain types (no transform, codec, default or catch anywhere) both give the same
// value, so those answers are parsed and every other schema is still encoded.
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';
import { type ZodType, z } from 'zod';

/** Types whose parse and encode are one and the same check. */
const plainTypes = new Set([
  'string', 'number', 'int', 'boolean', 'bigint', 'null', 'undefined', 'void', 'any', 'unknown', 'never', 'literal',
  'enum', 'date', 'nan', 'template_literal', 'object', 'array', 'union', 'optional', 'nullable', 'readonly',
  'nonoptional', 'record', 'tuple', 'intersection',
]); // prettier-ignore

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  options?: readonly ZodType[];
  innerType?: ZodType;
  keyType?: ZodType;
  valueType?: ZodType;
  items?: readonly ZodType[];
  rest?: ZodType | null;
  left?: ZodType;
  right?: ZodType;
  catchall?: ZodType;
}

/** Whether parsing this schema gives what encoding it gives (a conservative answer: unknown types say no). */
export function isPlain(schema: ZodType, seen = new Set<ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (!plainTypes.has(def.type)) return false;
  const inner = [
    ...Object.values(def.shape ?? {}),
    ...(def.options ?? []),
    ...(def.items ?? []),
    ...[def.element, def.innerType, def.keyType, def.valueType, def.rest, def.left, def.right, def.catchall].filter(
      (s): s is ZodType => !!s,
    ),
  ];
  return inner.every((s) => isPlain(s, seen));
}

export const serializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema: given, method, url }) => {
  // A response schema is a zod schema, or (as the type provider also takes) one under `properties`.
  const schema = given instanceof z.ZodType ? given : (given as unknown as { properties: ZodType }).properties;
  const check = isPlain(schema) ? z.safeParse : z.safeEncode;
  return (data) => {
    const result = check(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
