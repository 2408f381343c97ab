// Validity checks that routes declare on their params; a failing check is a 404.
import { data } from 'react-router'

/** A check on a route's params: true when the URL names something that can exist. */
export type ParamsCheck = (params: Record<string, string | undefined>) => boolean

/** An Algorand asset id in a URL: a positive integer within uint64, written without sign, zeros or spaces. */
export function isAssetIdParam(value: string | undefined): boolean {
  if (value === undefined || !/^[1-9]\d{0,19}$/.test(value)) return false
  return BigInt(value) < 1n << 64n
}

/** Throws the 404 response the error page renders when `check` refuses the params. */
export function assertValidParams(check: ParamsCheck, params: Record<string, string | undefined>): void {
  if (!check(params)) throw data('Not found', { status: 404, statusText: 'Not Found' })
}
