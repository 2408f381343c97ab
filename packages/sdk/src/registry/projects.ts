// The registry's projects: box layout and decoding, a builder per method (on the one group builder,
// core/group.ts), listing without an indexer (algod's box listing by the "p" prefix), events, and
// the registry's row of the one error table.
import { encodeAddress, encodeUint64, getApplicationAddress } from 'algosdk'
import type { Address, Algodv2 } from 'algosdk'
import type { TypedCall } from '../core/arc56.ts'
import { decodeEventsWith, eventDecoders, type EventOf } from '../core/events.ts'
import { GroupBuilder } from '../core/group.ts'
import type { ComposedGroup } from '../core/group.ts'
import type { GroveContext } from '../core/context.ts'
import { boxNamesByPrefix } from '../locks/listing.ts'
import { REGISTRY_SPEC as SPEC, registryCall } from './spec.ts'

/** Longest project name, in bytes (UTF-8). */
export const PROJECT_NAME_MAX_BYTES = 32
/** Longest metadata URL, in bytes. */
export const PROJECT_URL_MAX_BYTES = 96
/** µALGO a project's box ties up, which the registrant pays and removal refunds: 2,500 + 400 × (9 + 163). */
export const PROJECT_MIN_BALANCE = 71_300n

/** A registered project. */
export interface Project {
  asset: bigint
  owner: string
  verified: boolean
  name: string
  url: string
}

/** `"p" ‖ uint64(asset)`. */
export const projectBoxName = (asset: bigint): Uint8Array => {
  const name = new Uint8Array(9)
  name[0] = 0x70
  name.set(encodeUint64(asset), 1)
  return name
}

/** Decodes a project box: owner 32 ‖ verified 1 ‖ name length 1 ‖ name 32 ‖ URL length 1 ‖ URL 96. */
export function decodeProject(asset: bigint, value: Uint8Array): Project {
  const text = (at: number) => new TextDecoder().decode(value.subarray(at + 1, at + 1 + value[at]!))
  return { asset, owner: encodeAddress(value.subarray(0, 32)), verified: value[32] === 1, name: text(33), url: text(66) }
}

/** The contract's error code a name and URL would fail with, or undefined. */
export function checkProjectFields(name: string, url: string): string | undefined {
  const bytes = (s: string) => new TextEncoder().encode(s).length
  if (bytes(name) > PROJECT_NAME_MAX_BYTES) return 'ERR:NAME_TOO_LONG'
  if (bytes(url) > PROJECT_URL_MAX_BYTES) return 'ERR:URL_TOO_LONG'
  return undefined
}


/** A built group and the µALGO of fees the sender pays. */

/** One project method call on the one group builder (core/group.ts): the project's box and asset named, exact fees. */
async function group(ctx: GroveContext, asset: bigint, call: (g: GroupBuilder) => TypedCall, inners = 0, accounts: (string | Address)[] = []): Promise<ComposedGroup> {
  const g = await GroupBuilder.create(ctx)
  g.addMethodCall({ appId: ctx.ids.registryAppId, ...call(g), inners, boxes: [projectBoxName(asset)], assets: [asset], accounts })
  const { composer, fee } = await g.build()
  return { composer, fee }
}

/** Registers a project for `asset` (the sender must be its creator or manager), paying the box's minimum balance. */
export function buildRegisterProject(ctx: GroveContext, asset: bigint, name: string, url: string): Promise<ComposedGroup> {
  return group(ctx, asset, (g) => registryCall('registerProject', [g.deposit(getApplicationAddress(ctx.ids.registryAppId), 0n, PROJECT_MIN_BALANCE), asset, name, url]))
}

/** The owner changes the name and URL. */
export const buildEditProject = (ctx: GroveContext, asset: bigint, name: string, url: string): Promise<ComposedGroup> => group(ctx, asset, () => registryCall('editProject', [asset, name, url]))

/** The owner hands the project to `newOwner`. */
export const buildTransferProject = (ctx: GroveContext, asset: bigint, newOwner: string | Address): Promise<ComposedGroup> =>
  group(ctx, asset, () => registryCall('transferProject', [asset, newOwner.toString()]))

/** The admin verifies or unverifies. */
export const buildSetProjectVerified = (ctx: GroveContext, asset: bigint, verified: boolean): Promise<ComposedGroup> => group(ctx, asset, () => registryCall('setProjectVerified', [asset, verified]))

/** The owner or the admin removes it; the minimum balance goes back to the owner (one inner payment). */
export const buildRemoveProject = (ctx: GroveContext, project: Pick<Project, 'asset' | 'owner'>): Promise<ComposedGroup> =>
  group(ctx, project.asset, () => registryCall('removeProject', [project.asset]), 1, [project.owner])

/** The project of `asset`, undefined when none is registered. */
export async function fetchProject(algod: Algodv2, registryAppId: bigint, asset: bigint): Promise<Project | undefined> {
  try {
    return decodeProject(asset, (await algod.getApplicationBoxByName(registryAppId, projectBoxName(asset)).do()).value)
  } catch (e) {
    if ((e as { response?: { status?: number } }).response?.status === 404) return undefined
    throw e
  }
}

/** Every project, verified first, then by asset id. */
export async function listProjects(algod: Algodv2, registryAppId: bigint): Promise<Project[]> {
  const names = await boxNamesByPrefix(algod, registryAppId, new Uint8Array([0x70]))
  const assets = names.filter((n) => n.length === 9).map((n) => new DataView(n.buffer, n.byteOffset + 1, 8).getBigUint64(0))
  const projects = (await Promise.all(assets.map((a) => fetchProject(algod, registryAppId, a)))).filter((p): p is Project => p !== undefined)
  return projects.sort((x, y) => Number(y.verified) - Number(x.verified) || (x.asset < y.asset ? -1 : 1))
}

/** Arguments of each project event. */
export interface ProjectEventArgs {
  ProjectRegistered: { asset: bigint; owner: string; name: string; url: string }
  ProjectEdited: { asset: bigint; name: string; url: string }
  ProjectTransferred: { asset: bigint; previousOwner: string; owner: string }
  ProjectVerified: { asset: bigint; verified: boolean }
  ProjectRemoved: { asset: bigint; owner: string }
}

/** A decoded project event. */
export type ProjectEvent = EventOf<ProjectEventArgs>

const DECODERS = eventDecoders(SPEC)

/** The project events among a transaction's logs (addresses as strings). */
export function decodeProjectEvents(logs: readonly Uint8Array[]): ProjectEvent[] {
  return decodeEventsWith<ProjectEvent>(logs, DECODERS)
}


/** What a token's creator or a project's owner can do with its project (the sender is the context's). */
export type ProjectAction =
  | { kind: 'register'; asset: bigint; name: string; url: string }
  | { kind: 'edit'; asset: bigint; name: string; url: string }
  | { kind: 'transfer'; asset: bigint; newOwner: string }

/** Builds a project action's group, ready to simulate and sign. */
export function prepareProjectAction(ctx: GroveContext, action: ProjectAction): Promise<ComposedGroup> {
  switch (action.kind) {
    case 'register':
      return buildRegisterProject(ctx, action.asset, action.name, action.url)
    case 'edit':
      return buildEditProject(ctx, action.asset, action.name, action.url)
    case 'transfer':
      return buildTransferProject(ctx, action.asset, action.newOwner)
  }
}
