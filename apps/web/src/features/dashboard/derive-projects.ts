// The projects tab's one message per form: who may register which asset, and the name and link's limits.
import { CONTRACT_ERRORS } from '@grove/sdk/errors'
import type { AssetInfo } from '@/lib/tokens/asset.ts'
import type { GroveSdk } from '@/lib/tx/sdk.ts'

/** The SDK pieces the checks use. */
export type ProjectSdk = Pick<GroveSdk, 'checkProjectFields'>

/** Why `address` cannot register a project for the asset typed, or null (the asset still loading is a problem: "Reading…"). */
export function registerProblem(text: string, asset: AssetInfo | undefined, error: Error | null, address: string, taken: ReadonlySet<number>): string | null {
  const t = text.trim()
  if (t === '') return 'Enter the id of a token you created or manage'
  if (!/^[1-9]\d*$/.test(t)) return 'An asset id is a whole number such as 1234'
  if (error) return error.message
  if (!asset) return 'Reading the asset…'
  if (taken.has(asset.id)) return 'This token already has a project'
  if (asset.creator !== address && asset.manager !== address) return 'Only the token’s creator or manager can register its project, and this account is neither'
  return null
}

/** Why a name and link cannot be saved, or null. */
export function projectFieldsProblem(sdk: ProjectSdk, name: string, url: string): string | null {
  if (name.trim() === '') return 'Enter the project’s name'
  const code = sdk.checkProjectFields(name.trim(), url.trim())
  return code ? (CONTRACT_ERRORS.Registry[code] ?? code) : null
}
