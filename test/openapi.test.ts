// /api/openapi.json: every documented path, the multipart ones included, valid OpenAPI 3.1.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/support/app.ts';
import { TestClient } from '#test/support/client.ts';
import { appRouter, uploadRoutes } from '#server/router.ts';
import { listRestProcedures } from '#server/rest/rest-plugin.ts';

let t: TestApp;
let doc: any;
beforeAll(async () => {
  t = await createTestApp();
  const res = await new TestClient(t.app).get('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(async () => {
  await t?.close();
});

/** docs/rest-contract.md's content and users paths (method and OpenAPI path), as the original client calls them. */
const contractPaths = [
  'GET /api/widgets/{x}',
  'GET /api/widgets',
  'POST /api/widgets',
  'POST /api/widgets/{x}',
  'GET /api/testimonials',
  'GET /api/testimonials/{id}',
  'POST /api/testimonials',
  'POST /api/testimonials/{id}',
  'DELETE /api/testimonials/{id}',
  'GET /api/shop',
  'PUT /api/shop',
  'GET /api/galleries',
  'GET /api/galleries/{id}',
  'POST /api/galleries',
  'POST /api/galleries/{id}',
  'DELETE /api/galleries/{id}',
  'POST /api/galleriesimages',
  'POST /api/galleriesimages/order',
  'POST /api/galleriesimages/{id}',
  'POST /api/galleriesimages/{id}/rotate',
  'DELETE /api/galleriesimages/{id}',
  'GET /api/users',
  'POST /api/users',
  'GET /api/users/{id}',
  'PATCH /api/users/{id}',
  'DELETE /api/users/{id}',
  'GET /api/users/{id}/cv',
  'POST /api/users/invitations',
  'GET /api/users/invitations',
  'DELETE /api/users/invitations/{id}',
];

const operation = (key: string) => {
  const [method, path] = key.split(' ') as [string, string];
  return doc.paths[path]?.[method.toLowerCase()];
};

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every procedure path and every upload path', () => {
    const expectedKeys = [
      ...listRestProcedures(appRouter).map((p) => `${p.meta.openapi!.method} ${p.meta.openapi!.path.replace(/(.)\/$/, '$1')}`),
      ...uploadRoutes.map((r) => `${r.method} ${r.path}`),
    ];
    for (const key of expectedKeys) expect(operation(key), key).toBeDefined();
    for (const key of contractPaths) expect(operation(key), key).toBeDefined();
  });

  it('declares no path twice under different parameter names', () => {
    const shapes = Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
  });

  it('documents the multipart paths with their files', () => {
    const widget = operation('POST /api/widgets/{x}');
    const multipart = widget.requestBody.content['multipart/form-data'].schema;
    expect(multipart.properties.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(multipart.properties)).toEqual(expect.arrayContaining(['name', 'type', 'html', 'alt', 'image']));
    expect(widget.responses['200'].content['application/json'].schema.properties.image_url).toBeDefined();
    const upload = operation('POST /api/galleriesimages');
    expect(upload.requestBody.content['multipart/form-data'].schema.properties).toMatchObject({
      file: { format: 'binary' },
      gallery_id: { type: 'integer' },
    });
    expect(upload.responses['201']).toBeDefined();
    expect(operation('POST /api/galleries/{id}').requestBody.content['multipart/form-data'].schema.properties.image.format).toBe('binary');
  });

  it('uses the real success statuses and the contract error body', () => {
    expect(Object.keys(operation('POST /api/widgets').responses)).toContain('201');
    expect(operation('POST /api/widgets').responses['200']).toBeUndefined();
    expect(operation('POST /api/galleries').responses['201'].content['application/json'].schema.properties.id).toBeDefined();
    expect(operation('POST /api/users').responses['201']).toBeDefined();
    expect(operation('DELETE /api/testimonials/{id}').responses['200'].content['application/json'].schema).toEqual({
      type: 'string',
      const: '',
    });
    const csrf = operation('GET /sanctum/csrf-cookie');
    expect(csrf.responses['204']).toEqual({ description: 'No content' });
    const list = operation('GET /api/users');
    expect(list.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(list.responses['403']).toBeDefined();
    expect(operation('POST /api/testimonials').responses['422']).toBeDefined();
    expect(operation('POST /api/testimonials').responses['419']).toBeDefined();
    expect(doc.components.schemas.Error.properties.errors).toBeDefined();
    // Public paths carry no security requirement; admin paths the session cookie.
    expect(operation('GET /api/widgets/{x}').security).toBeUndefined();
    expect(operation('GET /api/testimonials').security).toBeUndefined();
    expect(operation('GET /api/users').security).toEqual([{ session: [], xsrf: [] }]);
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });

  it('documents query and path parameters', () => {
    const names = (key: string) => operation(key).parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(names('GET /api/galleries')).toEqual(expect.arrayContaining(['query:hidden', 'query:limit', 'query:page']));
    expect(names('GET /api/users')).toEqual(expect.arrayContaining(['query:search', 'query:page']));
    expect(names('GET /api/testimonials')).toEqual(expect.arrayContaining(['query:limit', 'query:page']));
    expect(names('GET /api/widgets/{x}')).toEqual(['path:x']);
    expect(names('PATCH /api/users/{id}')).toEqual(['path:id']);
  });
});
