// algod always writes the fields its OpenAPI spec marks required, zero or not (go's generated
// models tag only optional fields `omitempty`); algosdk's encoder drops every zero value. Its
// model schemas mark optional fields with OptionalSchema, so the rest are the required ones:
// this puts their zero values back, in the JSON and msgpack of any `modelsv2` reply.
import algosdk from 'algosdk'
import type { Encodable } from 'algosdk'

type Schema = { defaultValue(): unknown; prepareJSON(v: unknown, o: object): unknown; prepareMsgpack(v: unknown): unknown }
interface Entry {
  key: string
  valueSchema: Schema
}

/** Schemas of algod's own response models; transactions and blocks keep go-codec's omitempty. */
const MODEL_SCHEMAS = new Set<unknown>(
  Object.values(algosdk.modelsv2)
    .map((c) => (c as { encodingSchema?: unknown }).encodingSchema)
    .filter((s) => s !== undefined),
)

function entriesOf(schema: unknown): Entry[] | undefined {
  return MODEL_SCHEMAS.has(schema) ? (schema as { entries: Entry[] }).entries : undefined
}

/** algosdk's OptionalSchema (not exported): wraps a `valueSchema` and defaults to undefined. */
function isOptional(schema: Schema): boolean {
  return 'valueSchema' in schema && schema.defaultValue() === undefined
}

/** The schema inside an OptionalSchema or an ArraySchema, if any. */
function inner(schema: Schema): { schema: unknown; array: boolean } {
  let s = schema as Schema & { valueSchema?: Schema; itemSchema?: Schema }
  if (isOptional(s)) s = s.valueSchema as typeof s
  if (s.itemSchema !== undefined) return { schema: s.itemSchema, array: true }
  return { schema: s, array: false }
}

type Get = (obj: unknown, key: string) => unknown
type Set = (obj: unknown, key: string, value: unknown) => void

function fill(value: unknown, schema: unknown, get: Get, set: Set, zero: (s: Schema) => unknown): void {
  const entries = entriesOf(schema)
  if (entries === undefined || value === null || typeof value !== 'object') return
  for (const e of entries) {
    const present = get(value, e.key)
    if (present === undefined && !isOptional(e.valueSchema)) set(value, e.key, zero(e.valueSchema))
    const child = get(value, e.key)
    if (child === undefined) continue
    const sub = inner(e.valueSchema)
    if (!MODEL_SCHEMAS.has(sub.schema)) continue
    if (sub.array && Array.isArray(child)) for (const item of child) fill(item, sub.schema, get, set, zero)
    else fill(child, sub.schema, get, set, zero)
  }
}

function schemaOf(model: Encodable): unknown {
  return model.getEncodingSchema()
}

/** algosdk.encodeJSON with algod's required zero fields. */
export function encodeModelJSON(model: Encodable): string {
  const obj = algosdk.parseJSON(algosdk.encodeJSON(model), { intDecoding: algosdk.IntDecoding.MIXED }) as unknown
  fill(
    obj,
    schemaOf(model),
    (o, k) => (o as Record<string, unknown>)[k],
    (o, k, v) => ((o as Record<string, unknown>)[k] = v),
    (s) => s.prepareJSON(s.defaultValue(), {}),
  )
  return algosdk.stringifyJSON(obj)
}

/** algosdk.encodeMsgpack with algod's required zero fields. */
export function encodeModelMsgpack(model: Encodable): Uint8Array {
  const obj = algosdk.msgpackRawDecodeAsMap(algosdk.encodeMsgpack(model))
  fill(
    obj,
    schemaOf(model),
    (o, k) => (o instanceof Map ? o.get(k) : undefined),
    (o, k, v) => (o as Map<unknown, unknown>).set(k, v),
    (s) => s.prepareMsgpack(s.defaultValue()),
  )
  return algosdk.msgpackRawEncode(obj)
}
