import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** A route's OpenAPI `security` when the token is optional (a guest, or a signed link). */
export const optionalSecurity: { [scheme: string]: string[] }[] = [{}, { bearer: [] }];

/** OpenAPI built from the routes' zod schemas: `/api/docs/json` and a page at `/api/docs/`. */
export const docsPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Багыш санжырасы API',
          description:
            'REST API of the Bagysh tribe genealogy site. Errors: {"detail"} or {"field": [messages]}.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);
