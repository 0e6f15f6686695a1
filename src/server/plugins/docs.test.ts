import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

// The API describes itself (issue 12): every operation of the OpenAPI document says what its success
// answer holds, and every multipart operation lists its form's fields and files.

interface JsonSchema {
  type?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
}

interface Operation {
  responses: Record<string, { description: string; content?: Record<string, { schema?: JsonSchema }> }>;
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}

type Document = { paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

function operationsOf(doc: Document): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
  );
}

/** What is wrong with an operation's success answers, or nothing. */
function successProblems(operation: Operation): string[] {
  const successes = Object.entries(operation.responses).filter(([status]) => /^2/.test(status));
  if (successes.length === 0) return ['no 2xx answer'];
  return successes.flatMap(([status, answer]) => {
    const problems: string[] = [];
    if (answer.description === 'Default Response') problems.push(`${status} has no description`);
    const bodies = Object.entries(answer.content ?? {});
    if (bodies.length === 0) problems.push(`${status} has no body`);
    for (const [type, body] of bodies) {
      const schema = body.schema;
      const described =
        schema !== undefined &&
        (schema.type === 'object'
          ? Object.keys(schema.properties ?? {}).length > 0
          : schema.type !== undefined);
      if (!described) problems.push(`${status} ${type} has no schema`);
    }
    return problems;
  });
}

/** What is wrong with an operation's multipart form, or nothing; a form without fields is wrong. */
function multipartProblems(operation: Operation): string[] {
  const form = operation.requestBody?.content['multipart/form-data'];
  if (!form) return [];
  const fields = Object.entries(form.schema?.properties ?? {});
  if (fields.length === 0) return ['multipart/form-data without its fields'];
  return fields
    .filter(([, field]) => field.type === undefined && field.items?.type === undefined)
    .map(([name]) => `form field ${name} has no type`);
}

describe('the OpenAPI document (GET /api/docs/json)', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json<Document>();
  });
  afterAll(() => t.close());

  it('documents a body schema for the success answer of every operation', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThanOrEqual(28);
    const problems = operations.flatMap(([name, operation]) =>
      successProblems(operation).map((problem) => `${name}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('documents the failures of every operation with the one error shape', () => {
    const problems = operationsOf(doc).flatMap(([name, operation]) => {
      const failures = Object.entries(operation.responses).filter(([status]) => /^[45]/.test(status));
      if (failures.length === 0) return [`${name}: no error answer`];
      return failures
        .filter(([, answer]) => {
          const schema = answer.content?.['application/json']?.schema;
          return schema?.required?.slice().sort().join(',') !== 'message,success';
        })
        .map(([status]) => `${name}: ${status} is not { success: false, message }`);
    });
    expect(problems).toEqual([]);
  });

  it('lists every field and file of the five multipart forms, files as binary strings', () => {
    const multipart = operationsOf(doc).filter(
      ([, operation]) => operation.requestBody?.content['multipart/form-data'],
    );
    expect(multipart.map(([name]) => name).sort()).toEqual([
      'PATCH /api/category/{id}',
      'PATCH /api/product/{id}',
      'POST /api/category',
      'POST /api/order',
      'POST /api/product',
    ]);
    const problems = multipart.flatMap(([name, operation]) =>
      multipartProblems(operation).map((problem) => `${name}: ${problem}`),
    );
    expect(problems).toEqual([]);

    const fieldsOf = (path: string, method: string) =>
      doc.paths[path]?.[method]?.requestBody?.content['multipart/form-data']?.schema?.properties ?? {};
    const product = fieldsOf('/api/product', 'post');
    expect(Object.keys(product).sort()).toEqual(
      [
        'avaliableItems',
        'category',
        'defaultImage',
        'description',
        'descriptionAr',
        'discount',
        'name',
        'nameAr',
        'options',
        'price',
        'subImages',
        'variants',
      ].sort(),
    );
    // Issue 13: options and variants travel as JSON text.
    expect(product.variants).toMatchObject({ type: 'string' });
    expect(fieldsOf('/api/category/{id}', 'patch').sizeGuide).toMatchObject({ type: 'string' });
    expect(product.defaultImage).toMatchObject({ type: 'string', format: 'binary' });
    expect(product.subImages).toMatchObject({ type: 'array', items: { type: 'string', format: 'binary' } });
    expect(fieldsOf('/api/product/{id}', 'patch').removeSubImages).toMatchObject({ type: 'array' });
    expect(fieldsOf('/api/category', 'post').category).toMatchObject({ type: 'string', format: 'binary' });
    const order = fieldsOf('/api/order', 'post');
    expect(order.paymentImage).toMatchObject({ type: 'string', format: 'binary' });
    for (const field of ['cartId', 'name', 'phone', 'address', 'street', 'building', 'floor', 'apartment']) {
      expect(order[field], field).toMatchObject({ type: 'string' });
    }
    expect(order.city).toMatchObject({ type: 'string', enum: ['Cairo', 'Giza', 'Outside Cairo and Giza'] });
  });

  it('catches an operation without a documented answer or form (the checks can fail)', () => {
    expect(successProblems({ responses: { 200: { description: 'Default Response' } } })).toEqual([
      '200 has no description',
      '200 has no body',
    ]);
    expect(successProblems({ responses: { 400: { description: 'Bad input' } } })).toEqual(['no 2xx answer']);
    expect(
      multipartProblems({
        responses: {},
        requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } },
      }),
    ).toEqual(['multipart/form-data without its fields']);
  });
});
