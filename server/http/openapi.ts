import { z } from 'zod';
import { CODE_INFO, Codes, type CodeName } from '../../shared/codes.js';
import { endpointAccess as accessOf, hasBody, pathParams, type Endpoint } from '../../shared/api/endpoint.js';
import { GAMES } from '../../shared/games.js';
import { describeAccess } from '../../shared/roles.js';
import { callerAuthOf } from './authenticate.js';
import type { RegisteredRoute } from './endpoints.js';

/**
 * The OpenAPI 3.1 document, generated from the same endpoint table the routes come from, so it
 * cannot drift. Each operation notes who may call it (x-access), how the caller proves who it is
 * (x-auth), its audit action (x-audit) and whether only the desktop app's embedded backend has it
 * (x-embedded-only).
 */

type JsonSchema = Record<string, unknown>;

function schemaOf(type: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const s = z.toJSONSchema(type, { io, unrepresentable: 'any' }) as JsonSchema;
  delete s['$schema'];
  return s;
}

function envelopeOf(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['Status', 'Data'],
    properties: {
      Status: {
        type: 'object',
        required: ['Code'],
        properties: {
          Code: { type: 'integer', description: '1 = success; see the error codes' },
          Message: { type: 'string' },
        },
      },
      Data: data,
    },
  };
}

const errorCodesText = (Object.keys(Codes) as CodeName[])
  .filter((n) => CODE_INFO[n].http > 0)
  .map((n) => `- ${Codes[n]} ${n} (HTTP ${CODE_INFO[n].http}): ${CODE_INFO[n].text.en}`)
  .join('\n');

const EMBEDDED_ONLY =
  'Embedded backend only: answers only on the desktop app’s embedded backend during its first ' +
  'run, where main sends its launch key with every request. Any other server (`npm run server`, ' +
  'PostgreSQL) refuses it with 40300 FORBIDDEN.';

/**
 * The bearer an operation wants. A game server's call is signed in its body (x-auth gameServer),
 * which OpenAPI's schemes cannot say: it lists none.
 */
function securityOf(ep: Endpoint): Record<string, never[]>[] {
  const auth = callerAuthOf(ep);
  if (auth === 'operator') return [{ bearer: [] }];
  if (auth === 'payServer') return [{ payServer: [] }];
  return [];
}

export function buildOpenApi(routes: readonly RegisteredRoute[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const ep = r.endpoint;
    const access = accessOf(ep, r.game);
    const inputSchema = schemaOf(ep.input, 'input');
    const props = (inputSchema['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((inputSchema['required'] as string[] | undefined) ?? []);
    const inPath = new Set(pathParams(ep.path));
    if (r.game) inPath.add('game');

    const parameters: unknown[] = [];
    for (const p of inPath) {
      if (p === 'game') continue;
      parameters.push({ name: p, in: 'path', required: true, schema: props[p] ?? { type: 'string' } });
    }
    const rest: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(props)) if (!inPath.has(name)) rest[name] = schema;
    const restRequired = [...required].filter((n) => !inPath.has(n));

    const op: Record<string, unknown> = {
      operationId: r.game ? `${r.id}@${r.game}` : r.id,
      summary: ep.summary,
      description: [
        r.game ? `Game: ${GAMES[r.game].names.en} (${r.game}).` : '',
        ep.embeddedOnly ? EMBEDDED_ONLY : '',
        `Access: ${describeAccess(access)}${ep.embeddedOnly ? ', on the embedded backend' : ''}.`,
        ep.audit ? `Audited as \`${r.id}\` (operator, target, reason, outcome, before and after).` : '',
      ]
        .filter(Boolean)
        .join(' '),
      tags: [r.id.split('.')[0] ?? 'other'],
      'x-endpoint': r.id,
      'x-access': access,
      ...(ep.audit ? { 'x-audit': r.id } : {}),
      ...(ep.embeddedOnly ? { 'x-embedded-only': true } : {}),
      ...(callerAuthOf(ep) ? { 'x-auth': callerAuthOf(ep) } : {}),
      security: securityOf(ep),
      responses: {
        '200': {
          description: 'Success (Status.Code 1)',
          content: { 'application/json': { schema: envelopeOf(schemaOf(ep.output, 'output')) } },
        },
        default: {
          description: 'Failure: Status.Code says why, Status.Message says what to do',
          content: { 'application/json': { schema: envelopeOf({ type: 'null' }) } },
        },
      },
    };
    if (hasBody(ep.method)) {
      op['requestBody'] = {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: rest,
              ...(restRequired.length ? { required: restRequired } : {}),
              additionalProperties: false,
            },
          },
        },
      };
    } else {
      for (const [name, schema] of Object.entries(rest)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    if (parameters.length) op['parameters'] = parameters;

    const path = r.url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    paths[path] ??= {};
    paths[path][ep.method.toLowerCase()] = op;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'GameOps reference backend',
      version,
      description:
        'Every response is an envelope { Status: { Code, Message? }, Data }. Code 1 is success and ' +
        '20000 means the access token expired (refresh it and retry). Operations marked ' +
        '`x-embedded-only` exist only on the desktop app’s embedded backend; other servers refuse ' +
        'them with 40300. Other codes:\n' +
        errorCodesText,
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The authToken from sign-in' },
        payServer: {
          type: 'http',
          scheme: 'bearer',
          description: 'A pay-server token (payServer.signIn): the payment service accepts nothing else',
        },
      },
    },
    paths,
  };
}
