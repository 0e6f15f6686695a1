import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@/shared/constants';
import { ProductFormSchema } from '@/shared/schemas/product';
import { errorHandler } from '../plugins/errors';
import { makeImage } from '../test/images';
import { multipartBody } from '../test/multipart';
import { parseFormFields, readMultipartForm } from './multipart';

/** A small app with the real error handler and multipart limits, and routes that echo what they read. */
async function echoApp(): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(errorHandler);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 30 } });
  app.post('/echo', async (request) => {
    const form = await readMultipartForm(request, {
      files: { defaultImage: { max: 1 }, subImages: { max: 8 } },
    });
    return {
      fields: form.fields,
      fieldLists: form.fieldLists,
      files: Object.fromEntries(
        Object.entries(form.files).map(([name, list]) => [name, (list as Buffer[]).map((b) => b.length)]),
      ),
      firstBytes: form.files.defaultImage[0]?.subarray(0, 4).toString('hex') ?? null,
    };
  });
  app.post('/product-form', async (request) => {
    const form = await readMultipartForm(request, { files: {} });
    return parseFormFields(ProductFormSchema, form.fields);
  });
  app.post('/strict', async (request) => {
    const form = await readMultipartForm(request, { files: {} });
    return parseFormFields(z.object({ count: z.coerce.number().int('must be whole') }), form.fields);
  });
  await app.ready();
  return app;
}

describe('readMultipartForm', () => {
  let app: FastifyInstance;
  let png: Buffer;
  beforeAll(async () => {
    app = await echoApp();
    png = await makeImage(20, 20);
  });
  afterAll(() => app.close());

  it('reads text fields and declared files; a repeated field keeps its last value', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      ...multipartBody(
        { name: 'Linen dress', price: 450, keep: ['a', 'b'] },
        {
          defaultImage: png,
          subImages: [png, { content: png, filename: 'back.jpg', contentType: 'image/jpeg' }],
        },
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fields: { name: 'Linen dress', price: '450', keep: 'b' },
      fieldLists: { name: ['Linen dress'], price: ['450'], keep: ['a', 'b'] },
      files: { defaultImage: [png.length], subImages: [png.length, png.length] },
      firstBytes: '89504e47',
    });
  });

  it('answers an empty list for a declared file field that was not sent, or sent empty', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      ...multipartBody({ name: 'x' }, { subImages: { content: Buffer.alloc(0), filename: '' } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().files).toEqual({ defaultImage: [], subImages: [] });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      ...multipartBody({}, { defaultImage: Buffer.alloc(MAX_IMAGE_BYTES + 1024 * 1024, 1) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Each image must be 5 MB or smaller' });
  });

  it('refuses a JSON body with 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      success: false,
      message: 'This request must be sent as multipart/form-data',
    });
  });

  it('refuses a body that claims to be multipart but is not, with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'name=x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'The upload could not be read. Please try again.',
    });
  });

  it('refuses an undeclared file field with 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/echo', ...multipartBody({}, { avatar: png }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Unexpected file field "avatar"' });
  });

  it('refuses more files than a field takes with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      ...multipartBody({}, { defaultImage: [png, png] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Too many files in "defaultImage" (at most 1)' });
  });
});

describe('parseFormFields', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await echoApp();
  });
  afterAll(() => app.close());

  it('answers the parsed, coerced fields', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/product-form',
      ...multipartBody({
        name: ' Scarf ',
        price: '120.5',
        avaliableItems: '3',
        category: 'c1',
        discount: '',
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Scarf',
      description: '',
      nameAr: '',
      descriptionAr: '',
      price: 120.5,
      avaliableItems: 3,
      category: 'c1',
    });
  });

  it("answers 400 with the SPEC's message from the shared schema", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/product-form',
      ...multipartBody({ name: 'Scarf', price: '120', avaliableItems: '3', category: 'c1', discount: '150' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Discount must be a number from 0 to 100' });
  });

  it('names the field when the rule does not', async () => {
    const res = await app.inject({ method: 'POST', url: '/strict', ...multipartBody({ count: '1.5' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'count: must be whole' });
  });
});
