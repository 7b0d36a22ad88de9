import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, mapDbError, ValidationError } from '../errors.js';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Please sign in',
  403: 'Forbidden',
  404: 'Page not found',
  405: 'Method not allowed',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported media type',
  419: 'Page expired',
  422: 'Invalid data',
  423: 'Password confirmation required',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Service unavailable',
};

/** The X-Inertia-Error-Bag the request named (a plain name; anything else is ignored). */
export function errorBagOf(request: FastifyRequest): string | undefined {
  const bag = request.headers['x-inertia-error-bag'];
  return typeof bag === 'string' && /^[A-Za-z][A-Za-z0-9_.-]{0,99}$/.test(bag) ? bag : undefined;
}

function wantsJson(request: FastifyRequest) {
  if (
    request.url.startsWith('/api/') ||
    request.url.startsWith('/apps/') ||
    request.url.startsWith('/broadcasting/')
  )
    return true;
  if (request.isInertia) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** Turn any thrown error into a proper answer: JSON problem for APIs, an error page or a redirect back for pages. */
function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const fe = err as FastifyError;
  const mapped = mapDbError(err);
  if (mapped) return mapped;
  if (fe?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Unsupported content type.');
  if (fe?.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new AppError('BODY_TOO_LARGE', 413, 'The request body is too large.');
  if (fe?.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return new AppError('BAD_JSON', 400, 'The JSON body is empty.');
  if (fe?.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH')
    return new AppError('BAD_REQUEST', 400, 'Invalid content length.');
  if (fe instanceof SyntaxError || fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return new AppError('BAD_JSON', 400, 'The body is not valid JSON.');
  if (fe?.statusCode === 429)
    return new AppError(
      'TOO_MANY_REQUESTS',
      429,
      'Too many requests. Please wait a moment and try again.',
    );
  if (fe?.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
    return new AppError('BAD_REQUEST', fe.statusCode, fe.message);
  return new AppError(
    'SERVER_ERROR',
    500,
    'Something went wrong on our side. It has been logged.',
    false,
  );
}

async function renderError(request: FastifyRequest, reply: FastifyReply, e: AppError) {
  if (e instanceof ValidationError && !wantsJson(request)) {
    // back to the form with the errors, under the request's error bag: the page after the
    // redirect shows them bagged whether or not its own request repeats the header
    const bag = errorBagOf(request);
    const fields = e.fields ?? {};
    reply.flash({ errors: bag && Object.keys(fields).length ? { [bag]: fields } : fields });
    return reply.back();
  }
  if (wantsJson(request)) {
    return reply
      .code(e.status)
      .type('application/problem+json')
      .send({
        type: 'about:blank',
        title: TITLES[e.status] ?? 'Error',
        status: e.status,
        code: e.code,
        detail: e.message,
        ...(e.fields ? { errors: e.fields } : {}),
        requestId: request.id,
      });
  }
  return reply.inertia(
    'errors/show',
    {
      status: e.status,
      title: TITLES[e.status] ?? 'Error',
      message: e.message,
      requestId: e.status >= 500 ? request.id : null,
    },
    { status: e.status },
  );
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(async (err, request, reply) => {
    const e = toAppError(err);
    if (e.status >= 500) request.log.error({ err, reqId: request.id }, 'unhandled error');
    else request.log.debug({ code: e.code }, e.message);
    try {
      return await renderError(request, reply, e);
    } catch (inner) {
      request.log.error({ err: inner }, 'error page failed');
      return reply.code(e.status).type('text/plain').send(e.message);
    }
  });
  app.setNotFoundHandler(async (request, reply) => {
    return renderError(
      request,
      reply,
      new AppError('NOT_FOUND', 404, 'We could not find that page.'),
    );
  });
}
