import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Writes every answer through its route's zod answer schema, turned once into JSON Schema for
 * fast-json-stringify (Fastify's own serializer). It writes exactly the declared keys, as zod's own
 * serializer would, without checking each value again on every request.
 * `openapi-3.0` makes a nullable field `nullable: true`, which fast-json-stringify writes directly;
 * the JSON Schema default would be an `anyOf` it must test on every value.
 */
export const answerSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  fastJsonStringify(
    z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output', unrepresentable: 'any' }) as Schema,
  );
