/** The outcome of one conformance case; `kind` groups cases for the runner's counts. */
export interface CaseResult {
  id: string
  kind: string
  ok: boolean
  reason?: string
}
