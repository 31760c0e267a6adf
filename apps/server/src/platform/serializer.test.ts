// Answers are checked against the contract and written as JSON: parsed where the schema is plain (the same
// value as encoding it, faster), encoded otherwise; an answer that breaks the contract is never written.
import * as contract from '@portal/contract';
import { envelopeSchema, settlement } from '@portal/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isPlain, serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'POST', url: '/x', httpPart: 'body' } as never) as (data: unknown) => string;

const calls = Object.values(contract)
  .flatMap((area) => (typeof area === 'object' && area !== null ? Object.values(area) : []))
  .filter((c): c is contract.CallDef => typeof c === 'object' && c !== null && 'path' in c && 'data' in c);

describe('response serializer', () => {
  it('parses the plain answers of the lists, and knows transforms, codecs, defaults and lazy schemas are not plain', () => {
    for (const call of [settlement.querySamBillQueryList, settlement.getSamCostData, settlement.getChargeList])
      expect(isPlain(envelopeSchema(call.data)), call.path).toBe(true);
    expect(isPlain(z.object({ a: z.string().transform((s) => s.length) }))).toBe(false);
    expect(isPlain(z.object({ a: z.array(z.string().default('x')) }))).toBe(false);
    expect(isPlain(z.object({ a: z.string().catch('x') }))).toBe(false);
    expect(isPlain(z.lazy(() => z.string()))).toBe(false);
    const isoDay = z.codec(z.iso.date(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString().slice(0, 10) });
    expect(isPlain(z.object({ day: isoDay }))).toBe(false);
  });

  it('writes what encoding writes, unknown fields left out, for every call of the contract that is plain', () => {
    const schema = envelopeSchema(
      z.object({
        total: z.number().int(),
        list: z.array(
          z.object({ num: z.string(), amount: z.string().regex(/^-?\d+\.\d{2}$/), tags: z.array(z.enum(['a', 'b'])).optional() }),
        ),
        kind: z.union([z.literal('x'), z.null()]),
        extra: z.record(z.string(), z.number()),
      }),
    );
    const answer = {
      code: '1',
      success: true,
      message: 'success',
      msg: 'success',
      data: {
        total: 2,
        list: [
          { num: 'JS-1', amount: '-1.50', hidden: true },
          { num: 'JS-2', amount: '3.00', tags: ['b'] },
        ],
        kind: null,
        extra: { n: 1 },
      },
      requestTime: 5,
    };
    const written = compile(schema)(answer);
    expect(written).toBe(
      '{"code":"1","success":true,"data":{"total":2,"list":[{"num":"JS-1","amount":"-1.50"},{"num":"JS-2","amount":"3.00","tags":["b"]}],"kind":null,"extra":{"n":1}},"message":"success","msg":"success"}',
    );
    expect(written).toBe(JSON.stringify(z.encode(schema, answer as never)));
    const plain = calls.filter((c) => isPlain(envelopeSchema(c.data)));
    expect(plain.length).toBeGreaterThan(calls.length / 2);
    const sample = { code: '1', success: true, message: 'ok', msg: 'ok', data: null, more: 'x' };
    for (const call of plain) {
      const schema = envelopeSchema(call.data);
      const encoded = z.safeEncode(schema, sample);
      const write = () => compile(schema)(sample);
      if (encoded.success) expect(write(), call.path).toBe(JSON.stringify(encoded.data));
      else expect(write, call.path).toThrow(/doesn't match the schema/);
    }
  });

  it('refuses an answer that breaks the contract, and still encodes a schema with a codec', () => {
    const schema = envelopeSchema(z.object({ amount: z.string().regex(/^\d+\.\d{2}$/) }));
    expect(() => compile(schema)({ code: '1', success: true, message: '', msg: '', data: { amount: 12 } })).toThrow(
      /doesn't match the schema/,
    );
    const isoDay = z.codec(z.iso.date(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString().slice(0, 10) });
    expect(compile(z.object({ day: isoDay }))({ day: new Date('2026-03-15T00:00:00Z') })).toBe('{"day":"2026-03-15"}');
  });
});
