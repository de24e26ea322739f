import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * Every answer is checked against its route's zod schema (unknown keys dropped, a wrong shape a
 * 500), then printed as JSON. The library encodes, which zod interprets step by step; a schema
 * with no transform or pipe reads the same in both directions, and zod compiles parsing into a
 * fast path: a month of archived overviews (93 rows) took 200 µs to encode and 70 µs to parse.
 * So schemas without a transform are parsed; the others are still encoded.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = zodSchemaOf(route.schema);
  if (!schema || changesShape(schema)) return serializerCompiler(route as never);
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (!result.success)
      throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

type ZodLike = { _zod: { def: Record<string, unknown> } };
const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value;

/** The route's response schema, given bare or as `{ properties: schema }` as the library accepts. */
function zodSchemaOf(schema: unknown): ZodType | null {
  if (isZod(schema)) return schema as unknown as ZodType;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return isZod(inner) ? (inner as unknown as ZodType) : null;
}

/** Whether a transform or a pipe (codecs and preprocessing are pipes) appears anywhere in the schema. */
export function changesShape(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!isZod(schema) || seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def;
  if (def.type === 'pipe' || def.type === 'transform') return true;
  if (def.type === 'lazy') return changesShape((def.getter as () => unknown)(), seen);
  for (const value of Object.values(def)) {
    const inner = Array.isArray(value) ? value : isZod(value) ? [value] : Object.values(value ?? {});
    if (inner.some((candidate) => changesShape(candidate, seen))) return true;
  }
  return false;
}
