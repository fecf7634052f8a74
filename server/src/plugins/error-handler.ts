import type { ErrorCode } from '@relate/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a 413 for a body over the route's limit says (default: 'The request body is too large'). */
    bodyTooLarge?: string;
  }
}

interface FieldProblem {
  field: string;
  message: string;
}

function validationProblems(
  error: FastifyError & { validation: unknown[] },
  context?: string,
): FieldProblem[] {
  return error.validation.map((issue) => {
    const { instancePath, message, params } = issue as {
      instancePath?: string;
      message?: string;
      params?: { issue?: { path?: PropertyKey[] } };
    };
    const path =
      params?.issue?.path?.map(String).join('.') || instancePath?.replace(/^\//, '').replaceAll('/', '.');
    return { field: path || context || 'body', message: message ?? 'Invalid value' };
  });
}

/** The body of every error response. */
export const errorBody = (code: ErrorCode, error: string, details?: unknown) => ({ error, code, details });

/** One error model: `{ error, code, details? }`; a 500 never shows a stack trace. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationProblems(error, error.validationContext);
      const summary = details.map((problem) => `${problem.field}: ${problem.message}`).join('; ');
      return reply.code(400).send(errorBody('VALIDATION_ERROR', `Invalid request: ${summary}`, details));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.code(400).send(errorBody('INVALID_JSON', 'The request body is not valid JSON'));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
        return reply
          .code(413)
          .send(
            errorBody(
              'PAYLOAD_TOO_LARGE',
              request.routeOptions.config.bodyTooLarge ?? 'The request body is too large',
            ),
          );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(errorBody('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'));
    }
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.code(400).send(errorBody('INVALID_JSON', 'The request body is not valid JSON'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send(errorBody('RATE_LIMITED', 'Too many requests; slow down'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors keep their FST_… code.
      return reply.code(status).send({ error: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody('INTERNAL', 'Internal server error'));
  });
}
