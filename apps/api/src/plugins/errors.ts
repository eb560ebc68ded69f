import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorMessages, FieldValidationError, HttpError } from '../lib/http-errors';

const NON_FIELD = 'non_field_errors';

/** `/body/options/1` → `options.1`; the request part (body, querystring…) is dropped. */
function fieldName(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.length === 0 ? NON_FIELD : parts.join('.');
}

function groupByField(items: { field: string; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const { field, message } of items) (fields[field] ??= []).push(message);
  return fields;
}

const statusDetails: Record<number, string> = {
  401: errorMessages.unauthorized,
  403: errorMessages.forbidden,
  404: errorMessages.notFound,
  409: errorMessages.conflict,
  413: errorMessages.payloadTooLarge,
  415: errorMessages.unsupportedMediaType,
  429: errorMessages.tooManyRequests,
};

/**
 * The single place that turns every failure into the API's error shape
 * (docs/genealogy.md, API conventions): field messages for validation, `detail` for the rest, and a
 * 500 that never shows a stack. Unknown /api/ routes answer 404 JSON.
 */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields = groupByField(
          error.validation.map((issue) => ({
            field: fieldName(issue.instancePath),
            message: issue.message ?? errorMessages.badRequest,
          })),
        );
        return reply.code(400).send(fields);
      }
      if (error instanceof FieldValidationError) return reply.code(400).send(error.fields);
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ ...error.extra, detail: error.message });
      }

      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'unhandled error');
        return reply.code(500).send({ detail: errorMessages.internal });
      }
      if (status === 400) {
        // Fastify's body parsers: broken JSON, empty JSON body, bad content length.
        const malformed = error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP');
        return reply
          .code(400)
          .send({ detail: malformed ? errorMessages.malformedJson : errorMessages.badRequest });
      }
      return reply.code(status).send({ detail: statusDetails[status] ?? error.message });
    });
  },
  { name: 'errors' },
);
