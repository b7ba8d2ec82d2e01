// Conformance of the sandbox to the real service's OpenAPI document
// (test/fixtures/service-openapi.json, a copy of ../shared/spec/reference/service-openapi.json;
// OpenAPI 3.0). Every operation of the interface
// document, plus the product retrieve in both its forms, is called through the sandbox's own
// `fetch` with real requests: the success answer and each error answer the document (or the
// interface) declares. Each request is first checked against the document's parameter and
// request-body schemas (so the inputs are what the real service takes, and an input the sandbox
// refuses with 400 is one the document refuses too, unless the refusal is a rule of the
// service's rather than of the schema's); each answer's status must be one the operation
// declares, and its body must pass the document's schema for that status.
//
// The interface document (../shared/spec/service-interface.md) is the contract and wins where
// it differs from the OpenAPI document; api-notes.md settles what the interface leaves open.
// Those differences are the named `exceptions` below, each quoting the line that justifies it,
// each applied as a patch to a copy of the document, and each proved needed by a witness: a
// request to the sandbox or its answer that the document without that patch refuses. Where the
// document leaves a shape open and the interface states it (the embedded discount, a checkout's
// custom_price), the `refinements` add what the interface says, so the check is tighter there.
// Error statuses the document declares without a body are checked against the interface's
// error bodies.
//
// The copy lives in the repository, so a fresh clone runs this test; BILLING_KIT_OPENAPI points
// at another copy (a newer document, say).

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { sandboxClient } from '../../test/support/sandbox-client.js';
import type { PayResult, SandboxOptions } from './index.js';
import { MAX_CLOCK_MS, MIN_CLOCK_MS } from './sandbox.js';

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/** Where the document lives: the repository's copy, or where `BILLING_KIT_OPENAPI` points. */
const documentPath =
  process.env.BILLING_KIT_OPENAPI ??
  fileURLToPath(new URL('../../test/fixtures/service-openapi.json', import.meta.url));

type JsonObject = { [key: string]: unknown };
type Parameter = { name: string; in: string; required?: boolean; schema?: unknown };
type MediaSchema = { content?: { 'application/json'?: { schema?: unknown } } };
type Operation = {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: MediaSchema & { required?: boolean };
  responses: Record<string, MediaSchema & { description?: string }>;
  security?: Record<string, unknown>[];
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObject> };
};

function loadDocument(): OpenApiDocument {
  if (!existsSync(documentPath)) {
    throw new Error(
      `billing-kit: the service's OpenAPI document is not at ${documentPath}: restore test/fixtures/service-openapi.json (a copy of ../shared/spec/reference/service-openapi.json), or point BILLING_KIT_OPENAPI at a copy`,
    );
  }
  return JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;
}

const original = loadDocument();

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The id the document is registered under, so `#/components/schemas/X` resolves in it. */
const DOCUMENT_ID = 'https://service.billing-kit.test/openapi.json';
const schemaRef = (name: string) => ({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` });

/**
 * An OpenAPI 3.0 schema as JSON Schema for Ajv: local `$ref`s made absolute (so a schema
 * compiled on its own resolves into the registered document), and `nullable` kept for Ajv where
 * a `type` sits beside it (Ajv reads it natively; an `enum` gains `null`); where there is no
 * `type` (`{ nullable, allOf: [$ref] }`, `{ nullable, $ref }`, which Ajv refuses), the schema
 * becomes "this or null", which is what the document means by it.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${DOCUMENT_ID}${value}`
        : toJsonSchema(value);
  }
  if (out.nullable === true) {
    if (out.type === undefined) {
      const { nullable: _, ...rest } = out;
      return { anyOf: [rest, { type: 'null' }] };
    }
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/** Every object schema that lists its properties refuses others (for what the test sends). */
function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closeObjects(v)]))
        : closeObjects(value);
  }
  if (isObject(out.properties) && out.additionalProperties === undefined) {
    out.additionalProperties = false;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Error bodies the document leaves without a schema
// ---------------------------------------------------------------------------------------------

/**
 * The document declares 400, 401 and 404 without a body. The interface does declare them: the
 * customer-credits operations answer with the credits error body ("The customer-credits
 * operations show a different shape: an object `error` with …", which is the document's own
 * `CustomerCreditsErrorResponseDto`, declared on the credit operation's 409), every other
 * operation with the general error body below ("General error body": `trace_id` "present in
 * every error response", `status`, `error`, `message` "may be absent", `timestamp`).
 */
const generalErrorBody = {
  type: 'object',
  properties: {
    trace_id: { type: 'string', minLength: 1 },
    status: { type: 'number' },
    error: { type: 'string' },
    message: { type: 'array', items: { type: 'string' } },
    timestamp: { type: 'number' },
  },
  required: ['trace_id', 'status', 'error', 'timestamp'],
};
const isCreditsOperation = (path: string) => path.startsWith('/v1/customer-credits/');

// ---------------------------------------------------------------------------------------------
// A check of requests and answers against one version of the document
// ---------------------------------------------------------------------------------------------

/** An operation as the document names it: method and path template. */
type OperationKey = `${'GET' | 'POST' | 'DELETE'} /v1/${string}`;

/** What the test sent. */
type Sent = {
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body, or undefined when none was sent (or `text` was). */
  body: unknown;
  /** A body sent as it is, not as JSON. */
  text?: string;
  key: string | null;
};

/** One request and its answer. */
type Exchange = {
  operation: OperationKey;
  sent: Sent;
  status: number;
  body: unknown;
  headers: Headers;
};

/** What a failing instance holds, shortened for a message. */
function valueAt(data: unknown, pointer: string): string {
  let value: unknown = data;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    value = isObject(value) || Array.isArray(value) ? (value as JsonObject)[key] : undefined;
  }
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** Ajv's errors as one line each: where, what, the value there and the schema rule. */
function describeErrors(
  errors: ErrorObject[] | null | undefined,
  data: unknown,
  where: string,
): string[] {
  return (errors ?? []).map((e) => {
    const extra =
      e.keyword === 'enum'
        ? ` ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`
        : e.keyword === 'additionalProperties'
          ? ` (${(e.params as { additionalProperty: string }).additionalProperty})`
          : '';
    return `${where}${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}; is ${valueAt(data, e.instancePath)} (${e.schemaPath})`;
  });
}

/** Checks requests and answers against a document (the real one, possibly patched). */
class Conformance {
  readonly #document: OpenApiDocument;
  readonly #answers: Ajv;
  readonly #parameters: Ajv;
  readonly #bodies: Ajv;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.#document = document;
    const registered = { $id: DOCUMENT_ID, components: toJsonSchema(document.components) };
    const make = (options: { coerceTypes?: boolean }, schema: unknown) => {
      const ajv = new Ajv({ strict: false, allErrors: true, ...options });
      formats.default(ajv);
      ajv.addSchema(schema as JsonObject);
      return ajv;
    };
    this.#answers = make({}, registered);
    // Query and path values arrive as strings: the document's `number` is read from them.
    this.#parameters = make({ coerceTypes: true }, registered);
    this.#bodies = make({}, closeObjects(registered));
  }

  operation(key: OperationKey): Operation | undefined {
    const [method, path] = key.split(' ') as [string, string];
    return this.#document.paths[path]?.[method.toLowerCase()];
  }

  #validator(ajv: Ajv, cacheKey: string, schema: unknown): ValidateFunction {
    let validate = this.#compiled.get(cacheKey);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema) as JsonObject);
      this.#compiled.set(cacheKey, validate);
    }
    return validate;
  }

  /** Where the request differs from what the document takes; empty when it takes it. */
  request(key: OperationKey, sent: Sent): string[] {
    const operation = this.operation(key);
    if (!operation) return [`${key} is not an operation of the document`];
    const problems: string[] = [];
    if (operation.security?.some((s) => 'ApiKey' in s) && !sent.key) {
      problems.push('headers: no x-api-key (the document secures the operation with ApiKey)');
    }
    for (const place of ['path', 'query'] as const) {
      const declared = (operation.parameters ?? []).filter((p) => p.in === place);
      const schema = {
        type: 'object',
        properties: Object.fromEntries(declared.map((p) => [p.name, p.schema ?? {}])),
        required: declared.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      };
      const values = { ...(place === 'path' ? sent.params : sent.query) };
      const validate = this.#validator(this.#parameters, `${key} ${place}`, schema);
      if (!validate(values)) problems.push(...describeErrors(validate.errors, values, place));
    }
    const body = operation.requestBody;
    const bodySchema = body?.content?.['application/json']?.schema;
    if (sent.text !== undefined) {
      problems.push('body: not JSON (the document takes application/json)');
    } else if (sent.body === undefined) {
      if (body?.required) problems.push('body: the document requires one');
    } else if (!bodySchema) {
      problems.push('body: the document takes none');
    } else {
      const validate = this.#validator(this.#bodies, `${key} body`, bodySchema);
      if (!validate(sent.body))
        problems.push(...describeErrors(validate.errors, sent.body, 'body'));
    }
    return problems;
  }

  /** Where the answer differs from what the document declares; empty when it conforms. */
  answer(exchange: Pick<Exchange, 'operation' | 'status' | 'body'>): string[] {
    const { operation: key, status, body } = exchange;
    const operation = this.operation(key);
    if (!operation) return [`${key} is not an operation of the document`];
    const declared = operation.responses[String(status)];
    if (!declared) {
      return [
        `status ${status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`,
      ];
    }
    const path = key.split(' ')[1] as string;
    const schema =
      declared.content?.['application/json']?.schema ??
      (status < 400
        ? undefined
        : isCreditsOperation(path)
          ? schemaRef('CustomerCreditsErrorResponseDto')
          : generalErrorBody);
    if (!schema) return body === undefined ? [] : ['body: the document declares none'];
    const validate = this.#validator(this.#answers, `${key} ${status}`, schema);
    const problems = validate(body) ? [] : describeErrors(validate.errors, body, 'body');
    if (schema === generalErrorBody && isObject(body) && body.status !== status) {
      problems.push(`body/status is ${String(body.status)}, the answer's status ${status}`);
    }
    return problems;
  }
}

// ---------------------------------------------------------------------------------------------
// Where the interface differs from the document, on purpose
// ---------------------------------------------------------------------------------------------

/** A deliberate difference of the interface from the document, applied as a patch. */
type Exception = {
  name: string;
  /** The line of service-interface.md (or api-notes.md, where the interface leaves it open). */
  justification: string;
  patch(document: OpenApiDocument): void;
  /** An exchange with the sandbox (request or answer) that only the patched document takes. */
  witness(context: Context): Promise<Exchange>;
};

function enumOf(document: OpenApiDocument, schema: string): unknown[] {
  const values = document.components.schemas[schema]?.enum;
  if (!Array.isArray(values)) throw new Error(`billing-kit: ${schema} has no enum to extend`);
  return values;
}

function propertiesOf(document: OpenApiDocument, schema: string): JsonObject {
  const properties = document.components.schemas[schema]?.properties;
  if (!isObject(properties)) throw new Error(`billing-kit: ${schema} has no properties`);
  return properties;
}

function everyOperation(document: OpenApiDocument): Operation[] {
  return Object.values(document.paths).flatMap((methods) => Object.values(methods));
}

const exceptions: Exception[] = [
  {
    name: 'subscription status past_due',
    justification:
      'service-interface.md, States: "| Subscription | status | `active`, `canceled`, `unpaid`, `paused`, `trialing`, `scheduled_cancel`, `past_due` |"',
    patch: (d) => void enumOf(d, 'SubscriptionStatus').push('past_due'),
    witness: async (c) =>
      c.call('GET /v1/subscriptions', {
        query: { subscription_id: c.subscriptionIn('past_due') },
      }),
  },
  {
    name: 'billing period every-day',
    justification:
      'service-interface.md, Product: "| billing_period | enum `every-month`, `every-three-months`, `every-six-months`, `every-year`, `every-day`, `once` | required |"',
    patch: (d) => void enumOf(d, 'ProductBillingPeriod').push('every-day'),
    witness: async (c) => c.call('GET /v1/products', { query: { product_id: 'prod_day_pass' } }),
  },
  {
    name: 'transaction status canceled',
    justification:
      'service-interface.md, States: "| Transaction | status | value `pending` appears; allowed values: not shown |", settled by api-notes.md: "| Transaction `status` | `pending`, `paid`, `refunded`, `partialRefund`, `chargedBack`, `uncollectible`, `declined`, `canceled`, `void` |"',
    patch: (d) => void enumOf(d, 'TransactionStatus').push('canceled'),
    witness: async (c) => c.call('GET /v1/transactions/search', { query: { page_size: '100' } }),
  },
  {
    name: 'reversal_of is a string',
    justification:
      'service-interface.md, Customer-credits transaction: "`reversal_of` (string, id of the reversed transaction; present only for a reversal)" (the document types it `object`)',
    patch: (d) => {
      propertiesOf(d, 'TransactionResponseDto').reversal_of = { type: 'string' };
    },
    witness: async (c) => {
      const account = c.accountIn('active');
      const credit = await c.call('POST /v1/customer-credits/accounts/{id}/credit', {
        params: { id: account },
        body: { amount: '5', reference: 'witness', idempotency_key: 'witness-reversal' },
      });
      return c.call('POST /v1/customer-credits/accounts/{id}/reverse', {
        params: { id: account },
        body: { transaction_id: (credit.body as { id: string }).id },
      });
    },
  },
  {
    name: 'credits error code and param are strings',
    justification:
      'service-interface.md, Customer-credits error body: "`code` (string; value `unbalanced_transaction` appears …), … `param` (string, the offending field, for example `entries`)"; api-notes.md: "| Credits error `code` | free string or null; …" (the document types both `object`, nullable: null stays allowed)',
    patch: (d) => {
      const detail = propertiesOf(d, 'CustomerCreditsErrorDetailDto');
      detail.code = { type: 'string', nullable: true };
      detail.param = { type: 'string', nullable: true };
    },
    witness: async (c) =>
      c.call('GET /v1/customer-credits/accounts/{id}', { params: { id: 'cca_missing' } }),
  },
  {
    name: 'status 403 for a key of the other environment',
    justification:
      'service-interface.md, Authentication: "4. A missing or invalid key, or one lacking permission for the resource, yields an error (see Errors): 403 in the error guide, 401 in the endpoint 1 response list."; api-notes.md: "A key used against the wrong environment is refused (403)." (the document declares 401 only)',
    patch: (d) => {
      for (const operation of everyOperation(d)) {
        operation.responses['403'] = { description: 'Forbidden - a key of the other environment' };
      }
    },
    witness: async (c) =>
      c.call('GET /v1/customers/list', { key: 'creem_0123456789abcdefghijklmn' }),
  },
  {
    name: 'status 409 when reversing on a frozen or closed account',
    justification:
      'api-notes.md, Customer credits ledger: "A frozen or closed account answers 409." (the interface shows no statuses for endpoint 16; the document declares 409 "Account frozen or closed" on credit, debit, freeze and close, not on reverse)',
    patch: (d) => {
      const reverse = d.paths['/v1/customer-credits/accounts/{id}/reverse']?.post;
      const conflict = d.paths['/v1/customer-credits/accounts/{id}/credit']?.post?.responses['409'];
      if (!reverse || !conflict)
        throw new Error('billing-kit: the document lost reverse or its 409');
      reverse.responses['409'] = conflict;
    },
    witness: async (c) => {
      const frozen = c.accountIn('frozen');
      return c.call('POST /v1/customer-credits/accounts/{id}/reverse', {
        params: { id: frozen },
        body: { transaction_id: c.reversibleOn(frozen) },
      });
    },
  },
  {
    name: 'checkout body custom_price',
    justification:
      'service-interface.md, 6. Create a checkout session, body fields: "| custom_price | number | |" (the document\'s CreateCheckoutRequest lacks it)',
    patch: (d) => {
      propertiesOf(d, 'CreateCheckoutRequest').custom_price = { type: 'number' };
    },
    witness: async (c) =>
      c.call('POST /v1/checkouts', {
        body: { product_id: 'prod_pro_monthly', custom_price: 1500 },
      }),
  },
  {
    name: 'custom field label up to 200 characters in a request',
    justification:
      'service-interface.md, Custom field: "| label | string | shown to the customer; text says up to 50 characters, schema maximum is 200 |", and Limits: "| custom field `label` length | same | at most 200 in the schema (text says 50) |" (the document\'s CustomFieldRequestEntity says 50)',
    patch: (d) => {
      propertiesOf(d, 'CustomFieldRequestEntity').label = { type: 'string', maxLength: 200 };
    },
    witness: async (c) =>
      c.call('POST /v1/checkouts', {
        body: {
          product_id: 'prod_pro_monthly',
          custom_fields: [{ type: 'text', key: 'note', label: 'A'.repeat(200) }],
        },
      }),
  },
  {
    name: 'GET /v1/products/{id}',
    justification:
      'api-notes.md, Products: "The service\'s newer SDK asks for the same product at `GET /v1/products/{id}`: a faithful sandbox answers both forms." (the document has only `GET /v1/products?product_id=`)',
    patch: (d) => {
      const retrieve = d.paths['/v1/products']?.get;
      if (!retrieve) throw new Error('billing-kit: the document lost GET /v1/products');
      d.paths['/v1/products/{id}'] = {
        get: {
          ...retrieve,
          operationId: 'retrieveProductByPath',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        },
      };
    },
    witness: async (c) => c.call('GET /v1/products/{id}', { params: { id: 'prod_pro_monthly' } }),
  },
];

// ---------------------------------------------------------------------------------------------
// Where the document is silent and the interface is not
// ---------------------------------------------------------------------------------------------

/**
 * Shapes the document leaves open (`discount: { type: object }` on a subscription, a checkout's
 * `discount` and `custom_price` not listed) and the interface states: they tighten the check.
 */
type Refinement = {
  name: string;
  /** The line of service-interface.md that states the shape. */
  source: string;
  patch(document: OpenApiDocument): void;
  /** An answer the document as it is takes and the refinement refuses. */
  refuses: Pick<Exchange, 'operation' | 'status' | 'body'>;
};

/** A pending checkout as the document requires it, to build the refinements' samples on. */
const pendingCheckout = {
  id: 'ch_1',
  mode: 'test',
  object: 'checkout',
  status: 'pending',
  product: 'prod_1',
};

/** service-interface.md, Subscription: "Embedded subscription discount fields: …". */
const embeddedDiscount = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    discountCode: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', enum: ['percentage', 'fixed'] },
    amount: { type: 'number' },
    duration: { type: 'string', enum: ['forever', 'once', 'repeating'] },
    durationInMonths: { type: 'number' },
  },
};

const refinements: Refinement[] = [
  {
    name: 'embedded discount of a subscription and a checkout',
    source:
      'service-interface.md, Subscription: "Embedded subscription discount fields: `id` (string), `discountCode` (string), `name` (string), `type` (`percentage` or `fixed`), `amount` (number), `duration` (`forever`, `once` or `repeating`), `durationInMonths` (number)."; Checkout: "| discount | embedded discount object (fields as in Subscription discount) |"',
    patch: (d) => {
      propertiesOf(d, 'SubscriptionEntity').discount = embeddedDiscount;
      propertiesOf(d, 'CheckoutEntity').discount = embeddedDiscount;
    },
    refuses: {
      operation: 'POST /v1/checkouts',
      status: 200,
      body: { ...pendingCheckout, discount: { id: 'dis_1', durationInMonths: null } },
    },
  },
  {
    name: 'checkout custom_price',
    source: 'service-interface.md, Checkout (response): "| custom_price | number |"',
    patch: (d) => {
      propertiesOf(d, 'CheckoutEntity').custom_price = { type: 'number' };
    },
    refuses: {
      operation: 'POST /v1/checkouts',
      status: 200,
      body: { ...pendingCheckout, custom_price: '9.99' },
    },
  },
];

function documentWith(applied: readonly Exception[]): OpenApiDocument {
  const document = structuredClone(original);
  for (const refinement of refinements) refinement.patch(document);
  for (const exception of applied) exception.patch(document);
  return document;
}

/** The document with every exception: what the sandbox must answer by. */
const contract = new Conformance(documentWith(exceptions));
/** The document as it is, for the check that the checker refuses what it should. */
const unpatched = new Conformance(structuredClone(original));

// ---------------------------------------------------------------------------------------------
// Calling the sandbox
// ---------------------------------------------------------------------------------------------

type Request = {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A body to send as it is (malformed JSON), instead of `body`. */
  text?: string;
  /** The x-api-key header: the sandbox's key unless given; null sends none. */
  key?: string | null;
};

type Context = ReturnType<typeof context>;

function context(options: SandboxOptions = {}) {
  const { sandbox } = sandboxClient(options);
  const fixtures = sandbox.fixtures();

  async function call(operation: OperationKey, request: Request = {}): Promise<Exchange> {
    const [method, template] = operation.split(' ') as [string, string];
    const params = request.params ?? {};
    const query = request.query ?? {};
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`billing-kit: ${operation} needs params.${name}`);
      return encodeURIComponent(value);
    });
    const search = new URLSearchParams(query).toString();
    const key = request.key === undefined ? sandbox.apiKey : request.key;
    const headers: Record<string, string> = {};
    if (key !== null) headers['x-api-key'] = key;
    const sentText =
      request.text ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
    if (sentText !== undefined) headers['content-type'] = 'application/json';
    const response = await sandbox.fetch(`${sandbox.baseUrl}${path}${search ? `?${search}` : ''}`, {
      method,
      headers,
      ...(sentText === undefined ? {} : { body: sentText }),
    });
    const text = await response.text();
    return {
      operation,
      sent: {
        params,
        query,
        body: request.body,
        ...(request.text === undefined ? {} : { text: request.text }),
        key,
      },
      status: response.status,
      body: text === '' ? undefined : (JSON.parse(text) as unknown),
      headers: response.headers,
    };
  }

  const subscriptionIn = (status: string) => {
    const found = fixtures.subscriptions.find((s) => s.status === status);
    if (!found) throw new Error(`billing-kit: the seed has no ${status} subscription`);
    return found.id;
  };
  const accountIn = (status: string) => {
    const found = fixtures.credit_accounts.find((a) => a.status === status);
    if (!found) throw new Error(`billing-kit: the seed has no ${status} credit account`);
    return found.id;
  };
  /** A transaction with an entry on the account that is no reversal and was not reversed. */
  const reversibleOn = (accountId: string) => {
    const transactions = sandbox.inspect().credit_transactions;
    const reversed = new Set(transactions.map((t) => t.reversal_of));
    const found = transactions.find(
      (t) =>
        !t.reversal_of && !reversed.has(t.id) && t.entries.some((e) => e.account_id === accountId),
    );
    if (!found) throw new Error(`billing-kit: the seed has nothing to reverse on ${accountId}`);
    return found.id;
  };
  return { sandbox, fixtures, call, subscriptionIn, accountIn, reversibleOn };
}

/**
 * Asserts that the exchange has the status the test expects, that the document takes the
 * request (or refuses it, for a 400 that the document's schemas already forbid: `refused`), and
 * that the answer is one the document (with the interface's exceptions) declares.
 */
function expectConforms(
  exchange: Exchange,
  status: number,
  request: 'taken' | 'refused' = 'taken',
): void {
  const label = `${exchange.operation} ${JSON.stringify({ ...exchange.sent, key: exchange.sent.key ? '…' : null })}`;
  expect(exchange.status, `${label} answered ${JSON.stringify(exchange.body)}`).toBe(status);
  const requestProblems = contract.request(exchange.operation, exchange.sent);
  if (request === 'taken') {
    expect(requestProblems, `${label}: the document does not take this request`).toEqual([]);
  } else {
    expect(
      requestProblems,
      `${label}: the sandbox refused it, yet the document takes this request`,
    ).not.toEqual([]);
  }
  expect(
    contract.answer(exchange),
    `${exchange.operation} → ${exchange.status}: the answer is not what the document declares`,
  ).toEqual([]);
}

/** Walks a cursor list forward with `limit=100`, checking every page. */
async function walk(c: Context, operation: OperationKey, request: Request): Promise<unknown[]> {
  const items: unknown[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await c.call(operation, {
      ...request,
      query: { ...request.query, limit: '100', ...(after ? { starting_after: after } : {}) },
    });
    expectConforms(page, 200);
    const { data, has_more } = page.body as { data: { id: string }[]; has_more: boolean };
    items.push(...data);
    if (!has_more) return items;
    after = data[data.length - 1]?.id;
  }
}

const PRODUCTION_KEY = 'creem_0123456789abcdefghijklmn';

/** The 401 (no key, a wrong test key) and 403 (a production key) answers of an operation. */
async function expectKeyErrors(c: Context, operation: OperationKey, request: Request) {
  expectConforms(await c.call(operation, { ...request, key: null }), 401, 'refused');
  expectConforms(await c.call(operation, { ...request, key: 'creem_test_wrong' }), 401);
  expectConforms(await c.call(operation, { ...request, key: PRODUCTION_KEY }), 403);
}

// ---------------------------------------------------------------------------------------------
// The operations
// ---------------------------------------------------------------------------------------------

describe('customers', () => {
  test('GET /v1/customers/list: 200 (default, paged), 400, 401, 403', async () => {
    const c = context();
    expectConforms(await c.call('GET /v1/customers/list'), 200);
    const middle = await c.call('GET /v1/customers/list', {
      query: { page_number: '2', page_size: '5' },
    });
    expectConforms(middle, 200);
    expect((middle.body as { pagination: unknown }).pagination).toMatchObject({
      next_page: 3,
      prev_page: 1,
    });
    expectConforms(
      await c.call('GET /v1/customers/list', { query: { page_number: 'first' } }),
      400,
      'refused',
    );
    await expectKeyErrors(c, 'GET /v1/customers/list', {});
  });

  test('GET /v1/customers/{id}/subscriptions: 200 for every customer, 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'GET /v1/customers/{id}/subscriptions' as const;
    for (const customer of c.fixtures.customers) {
      expectConforms(
        await c.call(op, { params: { id: customer.id }, query: { page_size: '50' } }),
        200,
      );
    }
    const paged = await c.call(op, {
      params: { id: 'cust_linus' },
      query: { page_number: '2', page_size: '1' },
    });
    expectConforms(paged, 200);
    expect((paged.body as { pagination: unknown }).pagination).toMatchObject({
      next_page: 3,
      prev_page: 1,
    });
    expectConforms(
      await c.call(op, { params: { id: 'cust_linus' }, query: { page_size: 'ten' } }),
      400,
      'refused',
    );
    await expectKeyErrors(c, op, { params: { id: 'cust_linus' } });
    expectConforms(await c.call(op, { params: { id: 'cust_missing' } }), 404);
  });

  test('POST /v1/customers/billing: 200, 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'POST /v1/customers/billing' as const;
    expectConforms(await c.call(op, { body: { customer_id: 'cust_ada' } }), 200);
    expectConforms(await c.call(op, { body: {} }), 400, 'refused');
    expectConforms(await c.call(op, { body: { customer_id: 42 } }), 400, 'refused');
    expectConforms(await c.call(op, { text: '{customer_id: cust_ada}' }), 400, 'refused');
    await expectKeyErrors(c, op, { body: { customer_id: 'cust_ada' } });
    expectConforms(await c.call(op, { body: { customer_id: 'cust_missing' } }), 404);
  });
});

describe('subscriptions', () => {
  test('GET /v1/subscriptions: 200 for every seeded subscription (every status), 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'GET /v1/subscriptions' as const;
    const statuses = new Set<string>();
    for (const subscription of c.fixtures.subscriptions) {
      const answer = await c.call(op, { query: { subscription_id: subscription.id } });
      expectConforms(answer, 200);
      statuses.add((answer.body as { status: string }).status);
    }
    expect([...statuses].sort()).toEqual([
      'active',
      'canceled',
      'past_due',
      'paused',
      'scheduled_cancel',
      'trialing',
      'unpaid',
    ]);
    expectConforms(await c.call(op), 400, 'refused');
    await expectKeyErrors(c, op, { query: { subscription_id: c.subscriptionIn('active') } });
    expectConforms(await c.call(op, { query: { subscription_id: 'sub_missing' } }), 404);
  });

  test('POST /v1/subscriptions/{id}/upgrade: 200 in each update_behavior, 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'POST /v1/subscriptions/{id}/upgrade' as const;
    // Active USD subscriptions on Pro monthly (an upgrade keeps the currency).
    const monthly = c.fixtures.subscriptions
      .filter(
        (s) =>
          s.status === 'active' &&
          typeof s.product === 'object' &&
          s.product.id === 'prod_pro_monthly' &&
          !s.discount,
      )
      .map((s) => s.id);
    expect(monthly.length).toBeGreaterThanOrEqual(1);
    // Ada's Pro carries a discount: its `discount` object shows in the answer.
    const withDiscount = c.fixtures.subscriptions.find((s) => s.discount);
    expect(withDiscount).toBeDefined();
    const targets = [
      ['proration-charge-immediately', 'prod_team_quarterly'],
      ['proration-charge', 'prod_pro_yearly'],
      ['proration-none', 'prod_team_quarterly'],
    ] as const;
    const subscription = monthly[0] ?? '';
    for (const [behavior, target] of targets) {
      const answer = await c.call(op, {
        params: { id: subscription },
        body: { product_id: target, update_behavior: behavior },
      });
      expectConforms(answer, 200);
      // Back to where it was, with the default behavior.
      expectConforms(
        await c.call(op, {
          params: { id: subscription },
          body: { product_id: 'prod_pro_monthly' },
        }),
        200,
      );
    }
    const discounted = withDiscount?.id ?? '';
    expectConforms(
      await c.call(op, { params: { id: discounted }, body: { product_id: 'prod_pro_yearly' } }),
      200,
    );
    expectConforms(
      await c.call(op, {
        params: { id: discounted },
        body: { product_id: 'prod_pro_monthly', update_behavior: 'now' },
      }),
      400,
      'refused',
    );
    expectConforms(await c.call(op, { params: { id: discounted }, body: {} }), 400, 'refused');
    expectConforms(await c.call(op, { params: { id: discounted }, text: '[' }), 400, 'refused');
    // The service's rules, on a request the document takes: the same product, an archived one.
    expectConforms(
      await c.call(op, { params: { id: discounted }, body: { product_id: 'prod_pro_yearly' } }),
      400,
    );
    expectConforms(
      await c.call(op, { params: { id: discounted }, body: { product_id: 'prod_legacy_monthly' } }),
      400,
    );
    await expectKeyErrors(c, op, {
      params: { id: discounted },
      body: { product_id: 'prod_pro_monthly' },
    });
    expectConforms(
      await c.call(op, { params: { id: 'sub_missing' }, body: { product_id: 'prod_pro_monthly' } }),
      404,
    );
    expectConforms(
      await c.call(op, { params: { id: discounted }, body: { product_id: 'prod_missing' } }),
      404,
    );
  });
});

describe('checkouts', () => {
  test('POST /v1/checkouts: 200 (minimal, every field, the deprecated custom_field), 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'POST /v1/checkouts' as const;
    for (const product of c.fixtures.products.filter((p) => p.status === 'active')) {
      expectConforms(await c.call(op, { body: { product_id: product.id } }), 200);
    }
    const full = {
      product_id: 'prod_pro_monthly',
      request_id: 'order-1001',
      units: 2,
      discount_code: 'LAUNCH20',
      customer: { id: 'cust_ada' },
      custom_fields: [
        {
          type: 'text',
          key: 'company',
          label: 'Company',
          optional: true,
          text: { max_length: 120, min_length: 2 },
        },
        {
          type: 'checkbox',
          key: 'terms',
          label: 'Terms',
          optional: false,
          checkbox: { label: 'I accept the [terms](https://example.com/terms)' },
        },
      ],
      success_url: 'https://shop.example.com/thanks',
      metadata: { cart: 'c_17', seats: 2 },
    };
    const answer = await c.call(op, { body: full });
    expectConforms(answer, 200);
    // The same request_id and body: the same checkout again.
    expectConforms(await c.call(op, { body: full }), 200);
    expectConforms(
      await c.call(op, {
        body: {
          product_id: 'prod_lifetime',
          discount_code: 'WELCOME5',
          customer: { email: 'new.buyer@example.com' },
          custom_field: [{ type: 'text', key: 'vat', label: 'VAT id' }],
        },
      }),
      200,
    );
    // Fields the interface has and the document lacks or bounds tighter (see the exceptions).
    expectConforms(
      await c.call(op, {
        body: {
          product_id: 'prod_team_quarterly',
          custom_price: 9900,
          custom_fields: [{ type: 'text', key: 'seats', label: `Seats ${'-'.repeat(60)}` }],
        },
      }),
      200,
    );
    expectConforms(await c.call(op, { text: '{"product_id":' }), 400, 'refused');
    expectConforms(await c.call(op, { body: { units: 1 } }), 400, 'refused');
    expectConforms(
      await c.call(op, { body: { product_id: 'prod_pro_monthly', units: 'two' } }),
      400,
      'refused',
    );
    // The service's rules: an archived product, a code that does not apply, a label too long.
    expectConforms(await c.call(op, { body: { product_id: 'prod_legacy_monthly' } }), 400);
    expectConforms(
      await c.call(op, { body: { product_id: 'prod_ebook', discount_code: 'LAUNCH20' } }),
      400,
    );
    await expectKeyErrors(c, op, { body: { product_id: 'prod_pro_monthly' } });
    expectConforms(await c.call(op, { body: { product_id: 'prod_missing' } }), 404);
    expectConforms(
      await c.call(op, {
        body: { product_id: 'prod_pro_monthly', customer: { id: 'cust_missing' } },
      }),
      404,
    );
  });

  test('what paid checkouts create answers as the document says: every product bought, with discounts, by customers without a name', async () => {
    const c = context();
    const codes: Record<string, string> = {
      prod_pro_monthly: 'LAUNCH20',
      prod_team_quarterly: 'FRIENDS10',
      prod_ebook: 'READER3',
      prod_lifetime: 'WELCOME5',
    };
    const bought: PayResult[] = [];
    for (const product of c.fixtures.products.filter((p) => p.status === 'active')) {
      const code = codes[product.id];
      const created = await c.call('POST /v1/checkouts', {
        body: {
          product_id: product.id,
          units: 2,
          customer: { email: `buyer.${product.id}@example.com` },
          ...(code ? { discount_code: code } : {}),
        },
      });
      expectConforms(created, 200);
      const id = (created.body as { id: string }).id;
      const answers: Record<string, string | boolean> = {};
      for (const field of c.sandbox.checkout(id).fields) {
        answers[field.key] = field.type === 'checkbox' ? true : 'Acme Ltd';
      }
      bought.push(c.sandbox.pay(id, { answers, country: 'DE' }));
    }

    const customers = await c.call('GET /v1/customers/list');
    expectConforms(customers, 200);
    const names = (customers.body as { items: { id: string; name: unknown }[] }).items
      .filter((x) => bought.some((b) => b.customerId === x.id))
      .map((x) => x.name);
    expect(names).toEqual(bought.map(() => null));
    for (const paid of bought) {
      expectConforms(
        await c.call('GET /v1/customers/{id}/subscriptions', { params: { id: paid.customerId } }),
        200,
      );
      if (paid.subscriptionId) {
        expectConforms(
          await c.call('GET /v1/subscriptions', {
            query: { subscription_id: paid.subscriptionId },
          }),
          200,
        );
      }
      expectConforms(
        await c.call('GET /v1/transactions/search', { query: { order_id: paid.orderId } }),
        200,
      );
      for (const accountId of paid.creditAccountIds) {
        expectConforms(
          await c.call('GET /v1/customer-credits/accounts/{id}', { params: { id: accountId } }),
          200,
        );
        await walk(c, 'GET /v1/customer-credits/accounts/{id}/entries', {
          params: { id: accountId },
        });
      }
    }
    expect(bought.filter((b) => b.subscriptionId).length).toBeGreaterThan(0);
    expect(bought.filter((b) => b.creditAccountIds.length > 0).length).toBeGreaterThan(0);
    expectConforms(await c.call('GET /v1/stats/summary', { query: { currency: 'USD' } }), 200);
  });
});

describe('transactions', () => {
  test('GET /v1/transactions/search: 200 over every transaction and with each filter, 400, 401, 403', async () => {
    const c = context();
    const op = 'GET /v1/transactions/search' as const;
    const all = await c.call(op, { query: { page_size: '100' } });
    expectConforms(all, 200);
    const items = (
      all.body as {
        items: {
          status: string;
          refunded_amount: unknown;
          order: unknown;
          subscription: unknown;
        }[];
      }
    ).items;
    // Refunds and both forms of the nullable fields show up.
    expect(items.some((t) => typeof t.refunded_amount === 'number')).toBe(true);
    expect(items.some((t) => t.refunded_amount === null)).toBe(true);
    expect(items.some((t) => t.order === null)).toBe(true);
    expect(items.some((t) => t.subscription === null)).toBe(true);
    expect(new Set(items.map((t) => t.status)).size).toBeGreaterThanOrEqual(8);
    const sample = items.find((t) => t.order !== null) as unknown as {
      customer: string;
      order: string;
    };
    const filters: Record<string, string>[] = [
      {},
      { customer_id: 'cust_linus' },
      { product_id: 'prod_pro_monthly' },
      { order_id: sample.order },
      { customer_id: sample.customer, order_id: sample.order, product_id: 'prod_lifetime' },
      { customer_id: 'cust_ada', page_number: '2', page_size: '3' },
      { customer_id: 'cust_missing' },
    ];
    for (const query of filters) {
      expectConforms(await c.call(op, { query }), 200);
    }
    expectConforms(await c.call(op, { query: { page_number: 'two' } }), 400, 'refused');
    await expectKeyErrors(c, op, {});
  });
});

describe('discounts', () => {
  test('GET /v1/discounts: 200 for every live discount by id and by code (both types, every status), 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'GET /v1/discounts' as const;
    const types = new Set<string>();
    for (const discount of c.fixtures.discounts.filter((d) => d.status !== 'deleted')) {
      const byId = await c.call(op, { query: { discount_id: discount.id } });
      expectConforms(byId, 200);
      expectConforms(await c.call(op, { query: { discount_code: discount.code } }), 200);
      types.add((byId.body as { type: string }).type);
    }
    expect([...types].sort()).toEqual(['fixed', 'percentage']);
    // "provide one of the two": a rule of the service's that the document's schema leaves out.
    expectConforms(await c.call(op), 400);
    expectConforms(
      await c.call(op, { query: { discount_id: 'dis_a', discount_code: 'LAUNCH20' } }),
      400,
    );
    await expectKeyErrors(c, op, { query: { discount_code: 'LAUNCH20' } });
    expectConforms(await c.call(op, { query: { discount_code: 'NOPE' } }), 404);
    const deleted = c.fixtures.discounts.find((d) => d.status === 'deleted');
    expectConforms(await c.call(op, { query: { discount_id: deleted?.id ?? '' } }), 404);
  });

  test('DELETE /v1/discounts/{id}/delete: 200, 401, 403, 404 (unknown, and deleted already)', async () => {
    const c = context();
    const op = 'DELETE /v1/discounts/{id}/delete' as const;
    const live = c.fixtures.discounts.filter((d) => d.status !== 'deleted');
    await expectKeyErrors(c, op, { params: { id: live[0]?.id ?? '' } });
    for (const discount of live) {
      const answer = await c.call(op, { params: { id: discount.id } });
      expectConforms(answer, 200);
      expect((answer.body as { status: string }).status).toBe('deleted');
    }
    expectConforms(await c.call(op, { params: { id: live[0]?.id ?? '' } }), 404);
    expectConforms(await c.call(op, { params: { id: 'dis_missing' } }), 404);
  });
});

describe('licenses', () => {
  test('POST /v1/licenses/validate: 200 for every license and instance (every status, limits and expiry null and set), 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'POST /v1/licenses/validate' as const;
    const seen = new Set<string>();
    for (const license of c.fixtures.licenses) {
      for (const instance of license.instances) {
        const answer = await c.call(op, { body: { key: license.key, instance_id: instance.id } });
        expectConforms(answer, 200);
        const body = answer.body as {
          status: string;
          activation_limit: unknown;
          expires_at: unknown;
          instance: { status: string };
        };
        seen.add(`license ${body.status}`);
        seen.add(`instance ${body.instance.status}`);
        seen.add(`limit ${body.activation_limit === null ? 'null' : 'set'}`);
        seen.add(`expiry ${body.expires_at === null ? 'null' : 'set'}`);
      }
    }
    expect([...seen].sort()).toEqual([
      'expiry null',
      'expiry set',
      'instance active',
      'instance deactivated',
      'license active',
      'license disabled',
      'license expired',
      'license inactive',
      'limit null',
      'limit set',
    ]);
    const license = c.fixtures.licenses[0];
    const valid = { key: license?.key ?? '', instance_id: license?.instances[0]?.id ?? '' };
    expectConforms(await c.call(op, { body: { key: valid.key } }), 400, 'refused');
    expectConforms(await c.call(op, { text: 'key=1' }), 400, 'refused');
    expectConforms(await c.call(op, { body: { ...valid, instance_id: 7 } }), 400, 'refused');
    await expectKeyErrors(c, op, { body: valid });
    expectConforms(await c.call(op, { body: { ...valid, key: 'NOPE-NOPE' } }), 404);
    expectConforms(await c.call(op, { body: { ...valid, instance_id: 'ins_missing' } }), 404);
  });
});

describe('stats', () => {
  test('GET /v1/stats/summary: 200 (totals; periods by day, week and month; both currencies), 400, 401, 403', async () => {
    const c = context();
    const op = 'GET /v1/stats/summary' as const;
    const end = Date.parse('2026-01-15T00:00:00.000Z');
    const start = end - 90 * 86_400_000;
    for (const currency of ['USD', 'EUR']) {
      const totals = await c.call(op, { query: { currency } });
      expectConforms(totals, 200);
      expect(totals.body).not.toHaveProperty('periods');
      expectConforms(
        await c.call(op, { query: { currency, startDate: String(start), endDate: String(end) } }),
        200,
      );
      for (const interval of ['day', 'week', 'month']) {
        const series = await c.call(op, {
          query: { currency, interval, startDate: String(start), endDate: String(end) },
        });
        expectConforms(series, 200);
        expect((series.body as { periods: unknown[] }).periods.length).toBeGreaterThan(0);
      }
    }
    expectConforms(await c.call(op), 400, 'refused');
    expectConforms(await c.call(op, { query: { currency: 'GBP' } }), 400, 'refused');
    expectConforms(
      await c.call(op, {
        query: {
          currency: 'USD',
          interval: 'year',
          startDate: String(start),
          endDate: String(end),
        },
      }),
      400,
      'refused',
    );
    expectConforms(
      await c.call(op, { query: { currency: 'USD', startDate: 'yesterday' } }),
      400,
      'refused',
    );
    // "interval … needs startDate and endDate": the service's rule beyond the schema.
    expectConforms(await c.call(op, { query: { currency: 'USD', interval: 'day' } }), 400);
    await expectKeyErrors(c, op, { query: { currency: 'USD' } });
  });
});

describe('customer credits', () => {
  test('GET /v1/customer-credits/accounts: 200 (all, by customer, both cursors), 400, 401, 403', async () => {
    const c = context();
    const op = 'GET /v1/customer-credits/accounts' as const;
    const all = await walk(c, op, {});
    expect(new Set(all.map((a) => (a as { status: string }).status))).toEqual(
      new Set(['active', 'frozen', 'closed']),
    );
    const first = await c.call(op, { query: { limit: '2' } });
    expectConforms(first, 200);
    const ids = (first.body as { data: { id: string }[] }).data.map((a) => a.id);
    const next = await c.call(op, { query: { limit: '2', starting_after: ids[1] ?? '' } });
    expectConforms(next, 200);
    const nextIds = (next.body as { data: { id: string }[] }).data.map((a) => a.id);
    expectConforms(
      await c.call(op, { query: { limit: '2', ending_before: nextIds[0] ?? '' } }),
      200,
    );
    expectConforms(await c.call(op, { query: { customer_id: 'cust_grace' } }), 200);
    for (const limit of ['0', '101', 'ten']) {
      expectConforms(await c.call(op, { query: { limit } }), 400, 'refused');
    }
    // A cursor that is no item of the list: the service's rule beyond the schema.
    expectConforms(await c.call(op, { query: { starting_after: 'cca_missing' } }), 400);
    await expectKeyErrors(c, op, {});
  });

  test('GET /v1/customer-credits/accounts/{id}: 200 for every account (every status), 401, 403, 404', async () => {
    const c = context();
    const op = 'GET /v1/customer-credits/accounts/{id}' as const;
    for (const account of c.fixtures.credit_accounts) {
      expectConforms(await c.call(op, { params: { id: account.id } }), 200);
    }
    await expectKeyErrors(c, op, { params: { id: c.accountIn('active') } });
    expectConforms(await c.call(op, { params: { id: 'cca_missing' } }), 404);
    // A system account is not reachable from outside.
    const system = c.sandbox.inspect().credit_system_accounts[0];
    expectConforms(await c.call(op, { params: { id: system?.id ?? '' } }), 404);
  });

  test('GET /v1/customer-credits/accounts/{id}/entries: 200 over every entry of every account (credits, debits, reversals), 400, 401, 403, 404', async () => {
    const c = context();
    const op = 'GET /v1/customer-credits/accounts/{id}/entries' as const;
    const sides = new Set<string>();
    for (const account of c.fixtures.credit_accounts) {
      const entries = await walk(c, op, { params: { id: account.id } });
      for (const entry of entries) sides.add((entry as { side: string }).side);
    }
    expect([...sides].sort()).toEqual(['credit', 'debit']);
    const id = c.accountIn('active');
    const first = await c.call(op, { params: { id }, query: { limit: '3' } });
    expectConforms(first, 200);
    const last = (first.body as { data: { id: string }[] }).data[2]?.id ?? '';
    expectConforms(await c.call(op, { params: { id }, query: { ending_before: last } }), 200);
    for (const limit of ['0', '101']) {
      expectConforms(await c.call(op, { params: { id }, query: { limit } }), 400, 'refused');
    }
    expectConforms(
      await c.call(op, { params: { id }, query: { starting_after: 'cce_missing' } }),
      400,
    );
    await expectKeyErrors(c, op, { params: { id } });
    expectConforms(await c.call(op, { params: { id: 'cca_missing' } }), 404);
  });

  test('POST /v1/customer-credits/accounts/{id}/credit: 201 (and its replay), 400, 401, 403, 404, 409 (reused key, frozen, closed)', async () => {
    const c = context();
    const op = 'POST /v1/customer-credits/accounts/{id}/credit' as const;
    const id = c.accountIn('active');
    const body = {
      amount: '123456789012345678901234567890',
      reference: 'order-17',
      idempotency_key: 'k-1',
    };
    const created = await c.call(op, { params: { id }, body });
    expectConforms(created, 201);
    const replay = await c.call(op, { params: { id }, body });
    expectConforms(replay, 201);
    expect(replay.headers.get('x-idempotent-replay')).toBe('true');
    expect(replay.body).toEqual(created.body);
    expectConforms(await c.call(op, { params: { id }, body: { ...body, amount: '1' } }), 409);
    for (const status of ['frozen', 'closed']) {
      expectConforms(
        await c.call(op, {
          params: { id: c.accountIn(status) },
          body: { ...body, idempotency_key: `k-${status}` },
        }),
        409,
      );
    }
    expectConforms(await c.call(op, { params: { id }, text: '{"amount": 5' }), 400, 'refused');
    expectConforms(
      await c.call(op, { params: { id }, body: { amount: '5', reference: 'r' } }),
      400,
      'refused',
    );
    expectConforms(
      await c.call(op, { params: { id }, body: { ...body, idempotency_key: 'k-2', amount: 5 } }),
      400,
      'refused',
    );
    // Amounts are positive decimal strings: the service's rule beyond the schema's `string`.
    for (const amount of ['-5', '0', 'ten']) {
      expectConforms(
        await c.call(op, {
          params: { id },
          body: { ...body, idempotency_key: `k-${amount}`, amount },
        }),
        400,
      );
    }
    await expectKeyErrors(c, op, { params: { id }, body: { ...body, idempotency_key: 'k-3' } });
    expectConforms(
      await c.call(op, {
        params: { id: 'cca_missing' },
        body: { ...body, idempotency_key: 'k-4' },
      }),
      404,
    );
  });

  test('POST /v1/customer-credits/accounts/{id}/reverse: 201, 400 (missing id, twice, a reversal), 401, 403, 404, 409 (frozen, closed)', async () => {
    const c = context();
    const op = 'POST /v1/customer-credits/accounts/{id}/reverse' as const;
    const id = c.accountIn('active');
    const credit = await c.call('POST /v1/customer-credits/accounts/{id}/credit', {
      params: { id },
      body: { amount: '40', reference: 'refund-me', idempotency_key: 'k-reverse' },
    });
    expectConforms(credit, 201);
    const original = (credit.body as { id: string }).id;
    const reversal = await c.call(op, { params: { id }, body: { transaction_id: original } });
    expectConforms(reversal, 201);
    expect((reversal.body as { reversal_of: unknown }).reversal_of).toBe(original);
    // The original's history stays: both transactions' entries are listed.
    await walk(c, 'GET /v1/customer-credits/accounts/{id}/entries', { params: { id } });
    expectConforms(await c.call(op, { params: { id }, body: {} }), 400, 'refused');
    expectConforms(await c.call(op, { params: { id }, text: '{' }), 400, 'refused');
    expectConforms(await c.call(op, { params: { id }, body: { transaction_id: original } }), 400);
    expectConforms(
      await c.call(op, {
        params: { id },
        body: { transaction_id: (reversal.body as { id: string }).id },
      }),
      400,
    );
    await expectKeyErrors(c, op, { params: { id }, body: { transaction_id: original } });
    for (const status of ['frozen', 'closed']) {
      const account = c.accountIn(status);
      expectConforms(
        await c.call(op, {
          params: { id: account },
          body: { transaction_id: c.reversibleOn(account) },
        }),
        409,
      );
    }
    expectConforms(
      await c.call(op, { params: { id }, body: { transaction_id: 'cct_missing' } }),
      404,
    );
    expectConforms(
      await c.call(op, { params: { id: 'cca_missing' }, body: { transaction_id: original } }),
      404,
    );
  });
});

describe('products', () => {
  test('GET /v1/products?product_id= and GET /v1/products/{id}: 200 for every product, 400, 401, 403, 404', async () => {
    const c = context();
    for (const product of c.fixtures.products) {
      expectConforms(await c.call('GET /v1/products', { query: { product_id: product.id } }), 200);
      expectConforms(await c.call('GET /v1/products/{id}', { params: { id: product.id } }), 200);
    }
    expectConforms(await c.call('GET /v1/products'), 400, 'refused');
    await expectKeyErrors(c, 'GET /v1/products', { query: { product_id: 'prod_pro_monthly' } });
    await expectKeyErrors(c, 'GET /v1/products/{id}', { params: { id: 'prod_pro_monthly' } });
    expectConforms(
      await c.call('GET /v1/products', { query: { product_id: 'prod_missing' } }),
      404,
    );
    expectConforms(await c.call('GET /v1/products/{id}', { params: { id: 'prod_missing' } }), 404);
  });
});

describe('the clock', () => {
  // Seeded data reaches about 14 months before the clock, periods and expiries up to a year
  // after it: at either end of the range the sandbox takes, every date must still be an RFC 3339
  // date-time (a four-digit year, never "-000001-…" or "+010000-…").
  test.each([
    ['first', MIN_CLOCK_MS],
    ['last', MAX_CLOCK_MS],
  ])(
    'at the %s instant the sandbox takes, seeded and new dates are RFC 3339 date-times',
    async (_, now) => {
      const c = context({ now });
      expectConforms(await c.call('GET /v1/customers/list', { query: { page_size: '100' } }), 200);
      for (const subscription of c.fixtures.subscriptions) {
        expectConforms(
          await c.call('GET /v1/subscriptions', { query: { subscription_id: subscription.id } }),
          200,
        );
      }
      for (const license of c.fixtures.licenses) {
        const instance_id = license.instances[0]?.id;
        if (!instance_id) continue;
        const body = { key: license.key, instance_id };
        expectConforms(await c.call('POST /v1/licenses/validate', { body }), 200);
      }
      for (const discount of c.fixtures.discounts.filter((d) => d.status !== 'deleted')) {
        const query = { discount_id: discount.id };
        expectConforms(await c.call('GET /v1/discounts', { query }), 200);
      }
      const yearly = c.fixtures.subscriptions.find(
        (s) =>
          s.status === 'active' &&
          typeof s.product === 'object' &&
          s.product.id === 'prod_pro_monthly',
      );
      const upgrade = {
        params: { id: yearly?.id ?? '' },
        body: { product_id: 'prod_pro_yearly', update_behavior: 'proration-charge-immediately' },
      };
      expectConforms(await c.call('POST /v1/subscriptions/{id}/upgrade', upgrade), 200);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The check itself
// ---------------------------------------------------------------------------------------------

describe('the check', () => {
  test.each(exceptions)(
    'exception "$name" is needed: the document without it refuses a request or an answer of the sandbox',
    async (exception) => {
      const c = context();
      const witness = await exception.witness(c);
      expectConforms(witness, witness.status);
      const without = new Conformance(documentWith(exceptions.filter((e) => e !== exception)));
      expect(
        [...without.request(witness.operation, witness.sent), ...without.answer(witness)],
        `without it the document takes the witness: ${exception.justification}`,
      ).not.toEqual([]);
    },
  );

  test.each(refinements)(
    'refinement "$name" tightens the document where it is silent',
    (refinement) => {
      expect(unpatched.answer(refinement.refuses)).toEqual([]);
      expect(contract.answer(refinement.refuses), refinement.source).not.toEqual([]);
    },
  );

  test('refuses an answer the document refuses, naming operation, status and the failing path', () => {
    const c = context();
    const subscription = structuredClone(
      c.fixtures.subscriptions.find((s) => s.status === 'active'),
    );
    const broken = { ...subscription, status: 'lapsed', mode: undefined, canceled_at: 17 };
    const problems = unpatched.answer({
      operation: 'GET /v1/subscriptions',
      status: 200,
      body: JSON.parse(JSON.stringify(broken)),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^body\/ must have required property 'mode'/),
        expect.stringMatching(
          /^body\/status must be equal to one of the allowed values .*"lapsed"/,
        ),
        expect.stringMatching(/^body\/canceled_at must be string; is 17/),
      ]),
    );
    expect(unpatched.answer({ operation: 'GET /v1/subscriptions', status: 418, body: {} })).toEqual(
      ['status 418 is not declared (declared: 200, 400, 401, 404)'],
    );
    expect(
      unpatched.request('GET /v1/customer-credits/accounts', {
        params: {},
        query: { limit: '0', unknown: 'x' },
        body: undefined,
        key: 'k',
      }),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^query\/ must NOT have additional properties \(unknown\)/),
        expect.stringMatching(/^query\/limit must be >= 1/),
      ]),
    );
  });
});
